"""The long texts a player reads (an action refused, a rule broken), kept in comando/texts.txt and
read when one is needed: ``say(key, *args)``.

Why a file: on a Pico a module's bytecode loads into the heap, and every string constant longer
than a few characters is a heap object for as long as the module stays loaded. The rules modules'
refusals are read only when a player makes a mistake, so they wait on flash (the file, one line
each: ``KEY TEXT``, %-format fields filled from ``args``). CPython reads the whole file once.
"""

_PATH = __file__.replace("\\", "/").rpartition("/")[0] + "/texts.txt"

_ALL = []   # CPython: {key: text} once read (a laptop has the memory); MicroPython reads a line


def _open(path=_PATH, root="/lib/"):
    """The file beside this module. A module frozen into the firmware image has a relative
    __file__ ("comando/texts.py"): its data file stays where the bundle puts it, under /lib."""
    try:
        return open(path)
    except OSError:
        if path[:1] == "/":
            raise
        return open(root + path)


def text(key):
    """The text of ``key``, or the key itself when the file cannot be read (a bad install)."""
    if _ALL:
        return _ALL[0].get(key, key)
    import sys
    if sys.implementation.name != "micropython":
        found = {}
        try:
            with open(_PATH, encoding="utf-8") as f:
                for line in f:
                    k, _, t = line.rstrip("\n").partition(" ")
                    found[k] = t
        except OSError:
            return key
        _ALL.append(found)
        return found.get(key, key)
    try:
        # the whole file (7 KB, garbage right after) and one search in C: a few ms on a Pico,
        # where a line at a time took up to 70 ms
        with _open() as f:
            data = f.read()
        at = data.find("\n" + key + " ")
        if at < 0:
            return key
        at += len(key) + 2
        end = data.find("\n", at)
        return data[at:] if end < 0 else data[at:end]
    except MemoryError:   # no 7 KB block free: a line at a time
        with _open() as f:
            for line in f:
                k, _, t = line.rstrip("\n").partition(" ")
                if k == key:
                    return t
    except OSError:
        pass
    return key


def say(key, *args):
    """The text of ``key`` with ``args`` filled in (``text(key) % args``); without its line, the
    key and the args as they are."""
    t = text(key)
    if not args:
        return t
    if t == key:
        return "%s %r" % (key, args)
    return t % args
