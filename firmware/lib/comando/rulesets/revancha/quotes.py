"""La Revancha's rulebook words that refusals quote, and the numbers the plug-in layers share
(a leaf: engine.py and its layers import it, it imports nothing of theirs).

The words wait on flash in quotes.txt beside this module (one a line, tab-separated: ``q KEY
SECTION TEXT`` a quote, ``s NAME CITATION`` a section the base rules cite by its name) and are
read when a refusal needs one: as string constants they were ~6 KB of a map game's heap on the
Pico for the whole game (issue 22), and a refusal is rare. The last few read are kept: the map
screen probes moves (engine.check) and a probe's refusal asks the same quote again and again.
"""

from comando.texts import open_data

BOOK = "teg-la-revancha.txt"
CARD_BONUS = 3

_PATH = __file__.replace("\\", "/").rpartition("/")[0] + "/quotes.txt"
_CACHE = {}   # (kind, key) -> its fields, the last few asked
_CACHED = 6


def _rows():
    with open_data(_PATH) as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) >= 3:
                yield parts


def _find(kind, key):
    hit = _CACHE.get((kind, key))
    if hit is None:
        for parts in _rows():
            if parts[0] == kind and parts[1] == key:
                hit = tuple(parts[2:])
                break
        if hit is None:
            return None
        if len(_CACHE) >= _CACHED:
            _CACHE.clear()
        _CACHE[(kind, key)] = hit
    return hit


def quote(key):
    """(section, the rulebook's words) of quote ``key`` (KeyError: no such quote)."""
    hit = _find("q", key)
    if hit is None:
        raise KeyError(key)
    return hit


def section(name):
    """The rulebook section (and its words) the base rules' section ``name`` is here, or
    ``name`` itself."""
    hit = _find("s", name)
    return hit[0] if hit is not None else name


def quotes():
    """{key: (section, words)}: every quote (the tests check each is the rulebook's)."""
    return {p[1]: (p[2], p[3]) for p in _rows() if p[0] == "q"}


def sections():
    """{name: citation}: every section the base rules' names map to."""
    return {p[1]: p[2] for p in _rows() if p[0] == "s"}
