"""The texts a player reads (an action refused, a rule broken, a screen's words), kept in files
beside this module and read when one is needed: ``say(key, *args)``, in the table's language.

Why a file: on a Pico a module's bytecode loads into the heap, and every string constant longer
than a few characters is a heap object for as long as the module stays loaded. The texts wait on
flash (one line each: ``KEY TEXT``, %-format fields filled from ``args``): texts.txt is English,
texts_<code>.txt each other language. One language is read at a time, so the heap does not grow
with the number of languages. A key missing from a language's file falls back to English for that
line only (tests/host/test_texts_langs.py fails the build on a missing key or a wrong field).
CPython reads a whole file once; MicroPython keeps the last few lines it read (a screen's words
are asked at every frame).

The map engine's refusals are in refusals.txt, English only, looked up by number: the engine
raises ``refused(cls, n, *args)``, the error ``cls`` with line ``n``'s text. A number in bytecode
is no heap object, where a key would be one string more
(docs/decisions/engine-refusals-on-flash.md). The error carries its number and its fields
(``.number``, ``.args_``): the laptop says it again in the table's language by that number
(comando_host.text.refusals).
"""

_DIR = __file__.replace("\\", "/").rpartition("/")[0]
_PATH = _DIR + "/texts.txt"
_REFUSALS = _DIR + "/refusals.txt"

LANGS = ("en", "es", "pt_BR")   # the languages there are; en is texts.txt
NAMES = ("English", "Espa\u00f1ol", "Portugu\u00eas")   # each in its own words (the Language field)

_LANG = ["en"]
_ALL = []     # CPython: {path: {key: text}} once read (a laptop has the memory)
_CACHE = {}   # MicroPython: the last lines read, {key: text} of the current language
_CACHED = 24  # lines kept: a screen's words and its footer, a little more than one screen asks


def lang():
    return _LANG[0]


def check_lang(code):
    """``code`` if it is a language there is; otherwise ValueError, one line naming the ones
    there are."""
    if code not in LANGS:
        raise ValueError("unknown language %r: one of %s" % (code, ", ".join(LANGS)))
    return code


def set_lang(code):
    """Say everything in ``code`` from now on (ValueError: not a language there is)."""
    if check_lang(code) != _LANG[0]:
        _LANG[0] = code
        _CACHE.clear()


def path(code):
    return _PATH if code == "en" else _DIR + "/texts_" + code + ".txt"


def open_data(p, root="/lib/"):
    """A data file beside a module of the core, by the path its __file__ gives. A module frozen
    into the firmware image has a relative __file__ ("comando/texts.py"): its data file stays
    where the bundle puts it, under /lib."""
    try:
        return open(p)
    except OSError:
        if p[:1] == "/":
            raise
        return open(root + p)


def _read_all(p):
    """CPython: the whole file as {key: text} (None: no such file)."""
    if not _ALL:
        _ALL.append({})
    if p not in _ALL[0]:
        found = {}
        try:
            with open(p, encoding="utf-8") as f:
                for line in f:
                    k, _, t = line.rstrip("\n").partition(" ")
                    if k and k[0] != "#":
                        found[k] = t
        except OSError:
            found = None
        _ALL[0][p] = found
    return _ALL[0][p]


def _find(p, key):
    """MicroPython: the text of ``key`` in file ``p``, or None."""
    try:
        # the whole file (~10 KB, garbage right after) and one search in C: a few ms on a Pico,
        # where a line at a time took up to 70 ms
        with open_data(p) as f:
            data = f.read()
        at = data.find("\n" + key + " ")
        if at < 0:
            return None
        at += len(key) + 2
        end = data.find("\n", at)
        return data[at:] if end < 0 else data[at:end]
    except MemoryError:   # no 10 KB block free: a line at a time
        with open_data(p) as f:
            for line in f:
                k, _, t = line.rstrip("\n").partition(" ")
                if k == key:
                    return t
    except OSError:
        pass
    return None


def text(key):
    """The text of ``key`` in the table's language; English when that language's file lacks
    the line; the key itself when no file has it (a bad install loses wording, never a game)."""
    code = _LANG[0]
    import sys
    if sys.implementation.name != "micropython":
        for p in (path(code), _PATH) if code != "en" else (_PATH,):
            found = _read_all(p)
            if found and key in found:
                return found[key]
        return key
    t = _CACHE.get(key)
    if t is not None:
        return t
    t = _find(path(code), key)
    if t is None and code != "en":
        t = _find(_PATH, key)
    if t is None:
        return key
    if len(_CACHE) >= _CACHED:
        _CACHE.popitem()
    _CACHE[key] = t
    return t


def refused(cls, n, *args):
    """The error ``cls`` (a ComandoError) of the engine's refusal number ``n`` (refusals.txt), its
    English with ``args`` filled in, carrying the number and the values as they were
    (``.number``, ``.args_``) for a reader that says it in another language. Without its line, the
    number and the args as they are (a bad install loses wording, never a game). The last few
    lines read are kept as the texts are: a screen that lists the legal moves makes the same
    refusal for every move it leaves out. (One function, not a refusal() beside it: every game's
    heap holds this module.)"""
    import sys
    if sys.implementation.name != "micropython":
        t = (_read_all(_REFUSALS) or {}).get(str(n))
    else:
        t = _CACHE.get(n)
        if t is None:
            t = _find(_REFUSALS, str(n))
            if t is not None:
                if len(_CACHE) >= _CACHED:
                    _CACHE.popitem()
                _CACHE[n] = t
    e = cls("refusal %d %r" % (n, args) if t is None else t % args if args else t)
    e.number = n
    e.args_ = args
    return e


def say(key, *args):
    """The text of ``key`` with ``args`` filled in (``text(key) % args``); without its line, the
    key and the args as they are."""
    t = text(key)
    if not args:
        return t
    if t == key:
        return "%s %r" % (key, args)
    return t % args
