"""Board files: the format's fixed names (schema, keys, the short-name rule, the accent folding
of find) and where the shipped boards are. A leaf of comando.board (which re-exports these names)
and comando.board_load (the validator), so neither imports the other.
"""

import sys

import os

if sys.implementation.name == "micropython":
    from micropython import const
else:  # CPython (a package named micropython, the unix port's, may be installed: importing it
    # loads the whole port, ~2 ms a command; issue 28)
    const = lambda x: x  # noqa: E731

from comando.errors import BoardError

SCHEMA = "comando-board/1"
MPY = sys.implementation.name == "micropython"
TIDY = 4  # entries between gc.collect() calls while streaming a board on MicroPython
# The OLED shows 21 columns of a 6 px wide font (128 px // 6 px): two short names and an arrow
# fit on one line ("Bielorrus.>G.Bretana" is 10 + 1 + 10 = 21). Short names are plain printable
# ASCII (the framebuf fonts have no accents) and at most SHORT_MAX characters; the validator
# enforces both, and that no two countries of a board share a short name.
SHORT_MAX = const(10)
FONT_PX = const(6)

OBJECTIVE_TYPES = ("occupy", "destroy")
OCCUPY_KEYS = ("continents", "countries_in", "countries", "any_continents", "total",
               "min_armies", "bordering", "islands", "islands_continents")
DESTROY_TARGETS = ("left", "right")
CONTINENT_KEYS = ("id", "name", "short", "bonus", "countries", "aliases", "note")
COUNTRY_KEYS = ("id", "name", "short", "continent", "island", "symbols", "aliases",
                "neighbours", "note")


def free_key(key):
    """Keys any entry may carry for people (not read by the rules): text*, note*, source*,
    $comment."""
    return (key.startswith("text") or key.startswith("note") or key.startswith("source")
            or key.startswith("$"))


# Lower-case accent folding for find(): upper-case accented letters are listed too because
# MicroPython's str.lower() only lowers ASCII.
_FOLD = {
    "á": "a", "à": "a", "â": "a", "ã": "a", "ä": "a", "Á": "a", "À": "a", "Â": "a", "Ã": "a",
    "Ä": "a", "é": "e", "è": "e", "ê": "e", "ë": "e", "É": "e", "È": "e", "Ê": "e", "Ë": "e",
    "í": "i", "ì": "i", "î": "i", "ï": "i", "Í": "i", "Ì": "i", "Î": "i", "Ï": "i",
    "ó": "o", "ò": "o", "ô": "o", "õ": "o", "ö": "o", "Ó": "o", "Ò": "o", "Ô": "o", "Õ": "o",
    "Ö": "o", "ú": "u", "ù": "u", "û": "u", "ü": "u", "Ú": "u", "Ù": "u", "Û": "u", "Ü": "u",
    "ñ": "n", "Ñ": "n", "ç": "c", "Ç": "c",
}


def search_key(text):
    """Case- and accent-insensitive key (what find() compares): 'Gran Bretaña' -> 'granbretana' (letters/digits only)."""
    out = []
    for ch in str(text).lower():
        ch = _FOLD.get(ch, ch)
        if ("a" <= ch <= "z") or ("0" <= ch <= "9"):
            out.append(ch)
    return "".join(out)


def short_ok(text):
    """A short name the OLED can show: 1..SHORT_MAX printable ASCII characters."""
    if not isinstance(text, str) or not 0 < len(text) <= SHORT_MAX:
        return False
    for ch in text:
        if not " " <= ch <= "~":
            return False
    return True


# --------------------------------------------------------------------------------------------
# Where the shipped boards are

_boards_dir = None


def set_boards_dir(path):
    """Make ``boards_dir()`` return ``path`` (None restores the search)."""
    global _boards_dir
    _boards_dir = path


def _isdir(path):
    try:
        return (os.stat(path)[0] & 0x4000) != 0
    except (OSError, AttributeError, TypeError):
        return False


def _candidates():
    env = None
    try:
        env = os.getenv("COMANDO_BOARDS")
    except AttributeError:  # the rp2 port's os has no getenv
        env = None
    if env:
        yield env
    here = globals().get("__file__")
    if here:
        # firmware/lib/comando/board_files.py -> the repository root's boards/
        parts = here.replace("\\", "/").split("/")
        if len(parts) > 4:
            yield "/".join(parts[:-4]) + "/boards"
            # an installed package: site-packages/comando/ beside comando_host/share/boards
            # (comando_host.resources; the host's importlib.resources lookup, as a path here)
            yield "/".join(parts[:-2]) + "/comando_host/share/boards"
        elif len(parts) == 4 and not parts[0]:
            yield "/boards"
    yield "/boards"  # the Pico bundle: boards copied to the device's /boards/
    yield "boards"   # relative to the current directory


def boards_dir():
    """The directory of shipped boards: set_boards_dir(), else $COMANDO_BOARDS, else the repo's
    boards/ next to firmware/, else an installed package's, else /boards on the device, else
    ./boards. Raises BoardError if none exists."""
    if _boards_dir is not None:
        return _boards_dir
    for cand in _candidates():
        if _isdir(cand):
            return cand
    raise BoardError("no boards directory found (set COMANDO_BOARDS or call set_boards_dir)")


def list_boards(directory=None):
    """Sorted ids of the boards in the directory: every ``ID.json`` file (the id is the file
    name; shipped boards are tested to agree)."""
    d = directory or boards_dir()
    out = []
    try:
        names = os.listdir(d)
    except OSError:
        raise BoardError("no boards directory '%s'" % d)
    for name in names:
        if name.endswith(".json") and not name.startswith("."):
            out.append(name[:-5])
    out.sort()
    return out


def default_board_id(ruleset):
    """The shipped board a ruleset uses by default (the registry's comando.registry.BOARDS);
    BoardError for an unknown ruleset."""
    from comando.registry import BOARDS
    try:
        return BOARDS[ruleset]
    except KeyError:
        from comando.texts import refused   # (the words: read when a lookup fails)
        raise refused(BoardError, 255, ruleset, ", ".join(sorted(BOARDS)))


def board_path(board_id, directory=None):
    """The file of a shipped board, ``DIR/ID.json``; BoardError when there is none."""
    d = directory or boards_dir()
    path = d.rstrip("/") + "/" + board_id + ".json"
    try:
        os.stat(path)
    except OSError:
        try:
            known = ", ".join(list_boards(d)) or "none"
        except BoardError:
            known = "none: no such directory"
        from comando.texts import refused   # (the words: read when a lookup fails)
        raise refused(BoardError, 256, board_id, path, known)
    return path
