"""Boards as data: load, validate and query a game board (boards/*.json).

Runs unchanged on the Pico (MicroPython) and on the laptop (CPython).

    from comando.board import load_board
    board = load_board("boards/teg.json")          # or a dict, or a shipped id: load_board("teg")
    board.neighbours(board.find("Francia"))       # -> tuple of country indices

Countries are small ints 0..n-1 in file order; continents are small ints 0..k-1 in file order.
Validation collects every problem it finds (``check_board``); ``load_board`` raises ``BoardError``
with the first one, formatted "FILE: ENTRY: PROBLEM", e.g.
``boards/x.json: borders[12]: unknown country 'chiel'``. The whole list is in ``err.errors``.

Memory: the parsed JSON is dropped after loading. The Board keeps tuples of strings (ids, names,
short names, aliases), one ``bytes`` of continent indices, one ``bytes`` of island flags, a tuple of
neighbour tuples, and the objectives/tables as the plain dicts/lists the file gives.

The file format is documented in boards/README.md (schema "comando-board/1").
"""

import json

try:
    import os
except ImportError:  # pragma: no cover - every port we run on has os
    os = None

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

from comando.errors import BoardError

SCHEMA = "comando-board/1"
# The OLED shows 21 columns of a 6 px font (128 px / 6 px): two short names and an arrow fit on
# one line ("Terranova>Groenlandi" is 10 + 1 + 10). Short names are plain printable ASCII (the
# built-in framebuf font has no accents) and at most SHORT_MAX characters.
SHORT_MAX = const(10)
FONT_PX = const(6)

OBJECTIVE_TYPES = ("occupy", "destroy")
OCCUPY_KEYS = ("continents", "countries_in", "countries", "any_continents", "total",
               "min_armies", "bordering", "islands", "islands_continents")
DESTROY_TARGETS = ("left", "right")
TOP_KEYS = ("schema", "id", "name", "rulesets", "complete", "counts", "sources", "notes",
            "card_symbols", "continents", "countries", "borders", "options", "objectives",
            "common_objective", "tables", "incomplete")
CONTINENT_KEYS = ("id", "name", "short", "bonus", "countries", "aliases", "note")
COUNTRY_KEYS = ("id", "name", "short", "continent", "island", "symbols", "aliases",
                "neighbours", "note")


def _free_key(key):
    """Keys any entry may carry for people (not read by the rules): text*, note*, $comment."""
    return key.startswith("text") or key.startswith("note") or key.startswith("$")

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


def fold(text):
    """Case- and accent-insensitive key: 'Gran Bretaña' -> 'granbretana' (letters/digits only)."""
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
        # firmware/lib/comando/board.py -> the repository root's boards/
        parts = here.replace("\\", "/").split("/")
        if len(parts) > 4:
            yield "/".join(parts[:-4]) + "/boards"
        elif len(parts) == 4 and not parts[0]:
            yield "/boards"
    yield "/boards"  # the Pico bundle: boards copied to the device's /boards/
    yield "boards"   # relative to the current directory


def boards_dir():
    """The directory of shipped boards: set_boards_dir(), else $COMANDO_BOARDS, else the repo's
    boards/ next to firmware/, else /boards on the device, else ./boards. Raises BoardError if
    none exists."""
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
    for name in os.listdir(d):
        if name.endswith(".json") and not name.startswith("."):
            out.append(name[:-5])
    out.sort()
    return out


def board_path(board_id, directory=None):
    """The file of a shipped board, ``DIR/ID.json``; BoardError when there is none."""
    d = directory or boards_dir()
    path = d.rstrip("/") + "/" + board_id + ".json"
    try:
        os.stat(path)
    except OSError:
        raise BoardError("unknown board '%s' (no %s; known: %s)"
                         % (board_id, path, ", ".join(list_boards(d)) or "none"))
    return path


# --------------------------------------------------------------------------------------------
# Validation

class _Errors:
    def __init__(self, label):
        self.label = label
        self.items = []

    def add(self, entry, problem):
        if entry:
            self.items.append("%s: %s: %s" % (self.label, entry, problem))
        else:
            self.items.append("%s: %s" % (self.label, problem))


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _str_list(v):
    if not isinstance(v, list):
        return False
    for x in v:
        if not isinstance(x, str):
            return False
    return True


def _components(n, nb, start=0):
    """Indices reachable from start (bytearray of 0/1)."""
    seen = bytearray(n)
    if not n:
        return seen
    seen[start] = 1
    stack = [start]
    while stack:
        x = stack.pop()
        for y in nb[x]:
            if not seen[y]:
                seen[y] = 1
                stack.append(y)
    return seen


def _read_pair(err, entry, pair, index):
    """A border entry [a, b] -> (ia, ib) or None (error recorded)."""
    if not isinstance(pair, list) or len(pair) != 2:
        err.add(entry, "a border is a list of two country ids, got %s" % json.dumps(pair))
        return None
    out = []
    for cid in pair:
        if not isinstance(cid, str):
            err.add(entry, "a border names countries by id (a string), got %s" % json.dumps(cid))
            return None
        i = index.get(cid)
        if i is None:
            err.add(entry, "unknown country '%s'" % cid)
            return None
        out.append(i)
    if out[0] == out[1]:
        err.add(entry, "self border: '%s' borders itself" % pair[0])
        return None
    return out[0], out[1]


def _check_connected(err, entry, ids, nb):
    n = len(ids)
    if not n:
        return
    seen = _components(n, nb)
    lost = [ids[i] for i in range(n) if not seen[i]]
    if lost:
        shown = ", ".join("'%s'" % x for x in lost[:8])
        if len(lost) > 8:
            shown += " and %d more" % (len(lost) - 8)
        err.add(entry, "the map is not connected: %s cannot be reached from '%s'"
                % (shown, ids[0]))


def _check_objective(err, entry, obj, cindex, index, colours, csize):
    if not isinstance(obj, dict):
        err.add(entry, "an objective is an object")
        return
    kind = obj.get("type")
    if kind not in OBJECTIVE_TYPES:
        err.add(entry, "unknown objective type %s (known: %s)"
                % (json.dumps(kind), ", ".join(OBJECTIVE_TYPES)))
        return
    if "text" in obj and not isinstance(obj["text"], str):
        err.add(entry, "'text' must be a string")
    if kind == "destroy":
        colour = obj.get("colour")
        target = obj.get("target")
        if (colour is None) == (target is None):
            err.add(entry, "a destroy objective names either a 'colour' or a 'target'")
        if colour is not None and colour not in colours:
            err.add(entry, "unknown colour '%s' (the board's colours: %s)"
                    % (colour, ", ".join(colours) or "none declared in tables.colours"))
        if target is not None and target not in DESTROY_TARGETS:
            err.add(entry, "unknown target %s (known: left, right)" % json.dumps(target))
        fb = obj.get("fallback")
        if fb is not None:
            if fb in DESTROY_TARGETS:
                pass
            elif isinstance(fb, dict):
                if fb.get("type") != "occupy":
                    err.add(entry + ".fallback", "a fallback objective must be of type occupy")
                else:
                    _check_objective(err, entry + ".fallback", fb, cindex, index, colours, csize)
            else:
                err.add(entry, "fallback must be 'left', 'right' or an occupy objective")
        return
    # occupy
    useful = False
    for key in obj:
        if key in ("type", "id", "fallback") or _free_key(key):
            continue
        if key not in OCCUPY_KEYS:
            err.add(entry, "unknown key '%s' in an occupy objective" % key)
    for cid in obj.get("continents", ()):
        useful = True
        if cid not in cindex:
            err.add(entry, "unknown continent '%s'" % cid)
    if "continents" in obj and not _str_list(obj["continents"]):
        err.add(entry, "'continents' must be a list of continent ids")
    counts = obj.get("countries_in", {})
    if not isinstance(counts, dict):
        err.add(entry, "'countries_in' must map continent ids to counts")
        counts = {}
    for cid in counts:
        useful = True
        k = counts[cid]
        if cid not in cindex:
            err.add(entry, "unknown continent '%s'" % cid)
        elif not _is_int(k) or k < 1:
            err.add(entry, "countries_in['%s'] must be a positive count" % cid)
        elif k > csize[cindex[cid]]:
            err.add(entry, "asks for %d countries of '%s', which has only %d"
                    % (k, cid, csize[cindex[cid]]))
    for cid in obj.get("countries", ()):
        useful = True
        if cid not in index:
            err.add(entry, "unknown country '%s'" % cid)
    for key in ("any_continents", "total", "min_armies", "bordering", "islands",
                "islands_continents"):
        if key in obj:
            v = obj[key]
            if not _is_int(v) or v < 1:
                err.add(entry, "'%s' must be a positive integer" % key)
            elif key != "min_armies":
                useful = True
    if "total" in obj and _is_int(obj["total"]) and obj["total"] > len(index):
        err.add(entry, "asks for %d countries; the board has %d" % (obj["total"], len(index)))
    if not useful:
        err.add(entry, "an occupy objective asks for nothing")


def _apply_option(nb_sets, opt, index):
    for pair in opt.get("remove", ()):
        a, b = index[pair[0]], index[pair[1]]
        nb_sets[a].discard(b)
        nb_sets[b].discard(a)
    for pair in opt.get("add", ()):
        a, b = index[pair[0]], index[pair[1]]
        nb_sets[a].add(b)
        nb_sets[b].add(a)


def _validate(data, label, options):
    """Validate a parsed board. Returns (errors, parts) where parts is a dict of the compact
    pieces when there are no errors."""
    err = _Errors(label)
    if not isinstance(data, dict):
        err.add("", "a board file is a JSON object")
        return err.items, None
    for key in data:
        if key not in TOP_KEYS and not _free_key(key):
            err.add("", "unknown top-level key '%s'" % key)
    schema = data.get("schema", SCHEMA)
    if schema != SCHEMA:
        err.add("schema", "unknown schema %s (this loader reads %s)" % (json.dumps(schema), SCHEMA))
    for key in ("id", "name"):
        if not isinstance(data.get(key), str) or not data.get(key):
            err.add(key, "missing or not a string")
    rulesets = data.get("rulesets", [])
    if not _str_list(rulesets):
        err.add("rulesets", "must be a list of ruleset ids")
        rulesets = []
    symbols = data.get("card_symbols", {})
    if not isinstance(symbols, dict):
        err.add("card_symbols", "must map symbol ids to descriptions")
        symbols = {}

    # continents
    conts = data.get("continents")
    cindex = {}
    cids, cnames, cshorts, cbonus, cdeclared, caliases = [], [], [], [], [], []
    if not isinstance(conts, list) or not conts:
        err.add("continents", "missing or empty (a board has at least one continent/region)")
        conts = []
    for ci, cont in enumerate(conts):
        entry = "continents[%d]" % ci
        if not isinstance(cont, dict):
            err.add(entry, "a continent is an object")
            continue
        cid = cont.get("id")
        if not isinstance(cid, str) or not cid:
            err.add(entry, "missing id")
            continue
        entry = "continents[%d] '%s'" % (ci, cid)
        for key in cont:
            if key not in CONTINENT_KEYS and not _free_key(key):
                err.add(entry, "unknown key '%s'" % key)
        cal = cont.get("aliases", [])
        if not _str_list(cal):
            err.add(entry, "aliases must be a list of strings")
            cal = []
        if cid in cindex:
            err.add(entry, "duplicate continent id '%s' (also continents[%d])" % (cid, cindex[cid]))
            continue
        name = cont.get("name")
        if not isinstance(name, str) or not name:
            err.add(entry, "missing name")
            name = cid
        short = cont.get("short", name if short_ok(name) else None)
        if not short_ok(short):
            err.add(entry, "short name %s must be 1-%d printable ASCII characters"
                    % (json.dumps(short), SHORT_MAX))
            short = "?"
        bonus = cont.get("bonus", 0)
        if not _is_int(bonus) or bonus < 0:
            err.add(entry, "bonus must be a non-negative integer, got %s" % json.dumps(bonus))
            bonus = 0
        declared = cont.get("countries")
        if declared is not None and (not _is_int(declared) or declared < 0):
            err.add(entry, "'countries' (the declared count) must be a non-negative integer")
            declared = None
        cindex[cid] = len(cids)
        cids.append(cid)
        cnames.append(name)
        cshorts.append(short)
        cbonus.append(bonus)
        cdeclared.append(declared)
        caliases.append(tuple(cal))

    # countries
    countries = data.get("countries")
    if not isinstance(countries, list) or not countries:
        err.add("countries", "missing or empty")
        countries = []
    index = {}
    ids, names, shorts, cont_of, isl, syms, aliases = [], [], [], [], [], [], []
    keys = {}  # folded name/alias -> country index, for find() ambiguity
    shorts_seen = {}
    nb_lists = []
    sym_cache = {}
    bad_cont = False
    for i, c in enumerate(countries):
        entry = "countries[%d]" % i
        if not isinstance(c, dict):
            err.add(entry, "a country is an object")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            err.add(entry, "missing id")
            continue
        entry = "countries[%d] '%s'" % (i, cid)
        for key in c:
            if key not in COUNTRY_KEYS and not _free_key(key):
                err.add(entry, "unknown key '%s'" % key)
        if cid in index:
            err.add(entry, "duplicate country id '%s' (also countries[%d])" % (cid, index[cid]))
            continue
        name = c.get("name")
        if not isinstance(name, str) or not name:
            err.add(entry, "missing name")
            name = cid
        short = c.get("short")
        if not short_ok(short):
            err.add(entry, "short name %s must be 1-%d printable ASCII characters (the OLED line)"
                    % (json.dumps(short), SHORT_MAX))
            short = "?"
        elif short in shorts_seen:
            err.add(entry, "short name '%s' is also used by '%s'" % (short, shorts_seen[short]))
        else:
            shorts_seen[short] = cid
        cont = c.get("continent")
        if cont is None or cont == "":
            err.add(entry, "no continent")
            ci = 0
            bad_cont = True
        elif cont not in cindex:
            err.add(entry, "unknown continent '%s'" % cont)
            ci = 0
            bad_cont = True
        else:
            ci = cindex[cont]
        island = c.get("island", False)
        if not isinstance(island, bool):
            err.add(entry, "island must be true or false")
            island = False
        sym = c.get("symbols", [])
        if not _str_list(sym):
            err.add(entry, "symbols must be a list of card symbol ids")
            sym = []
        for s in sym:
            if s not in symbols:
                err.add(entry, "unknown card symbol '%s' (card_symbols: %s)"
                        % (s, ", ".join(sorted(symbols)) or "none"))
        key = ",".join(sym)
        if key not in sym_cache:
            sym_cache[key] = tuple(sym)
        al = c.get("aliases", [])
        if not _str_list(al):
            err.add(entry, "aliases must be a list of strings")
            al = []
        nbl = c.get("neighbours")
        if nbl is not None and not _str_list(nbl):
            err.add(entry, "neighbours must be a list of country ids")
            nbl = None
        nb_lists.append(nbl)
        idx = len(ids)
        index[cid] = idx
        for text in [cid, name, short] + al:
            k = fold(text)
            if not k:
                err.add(entry, "name or alias %s has no letters" % json.dumps(text))
                continue
            other = keys.get(k)
            if other is not None and other != idx:
                err.add(entry, "name or alias '%s' also matches '%s'" % (text, ids[other]))
            else:
                keys[k] = idx
        ids.append(cid)
        names.append(name)
        shorts.append(short)
        cont_of.append(ci)
        isl.append(1 if island else 0)
        syms.append(sym_cache[key])
        aliases.append(tuple(al) if al else ())
    keys = None
    n = len(ids)

    # borders: either top-level pairs or per-country neighbour lists
    nb_sets = [set() for _ in range(n)]
    nedges = 0
    uses_lists = False
    bad_border = False
    for x in nb_lists:
        if x is not None:
            uses_lists = True
    borders = data.get("borders")
    if uses_lists and borders:
        err.add("borders", "give borders either as the top-level 'borders' list or as each "
                "country's 'neighbours', not both")
    elif uses_lists:
        listed = {}
        for i in range(n):
            entry = "countries[%d] '%s'.neighbours" % (i, ids[i])
            for cid in nb_lists[i] or ():
                j = index.get(cid)
                if j is None:
                    err.add(entry, "unknown country '%s'" % cid)
                elif j == i:
                    err.add(entry, "self border: '%s' borders itself" % cid)
                elif j in nb_sets[i]:
                    err.add(entry, "'%s' is listed twice" % cid)
                else:
                    nb_sets[i].add(j)
                    listed[(i, j)] = 1
        for (i, j) in listed:
            if (j, i) not in listed:
                err.add("countries[%d] '%s'.neighbours" % (i, ids[i]),
                        "asymmetric border: '%s' lists '%s' but '%s' does not list '%s'"
                        % (ids[i], ids[j], ids[j], ids[i]))
        for i in range(n):  # make symmetric so later checks see one graph
            for j in nb_sets[i]:
                nb_sets[j].add(i)
        nedges = sum(len(s) for s in nb_sets) // 2
    else:
        if not isinstance(borders, list) or not borders:
            if n > 1:
                err.add("borders", "missing or empty")
            borders = []
        for bi, pair in enumerate(borders):
            entry = "borders[%d]" % bi
            ab = _read_pair(err, entry, pair, index)
            if ab is None:
                bad_border = True
                continue
            a, b = ab
            if b in nb_sets[a]:
                err.add(entry, "duplicate border %s-%s" % (ids[a], ids[b]))
                continue
            nb_sets[a].add(b)
            nb_sets[b].add(a)
            nedges += 1
    for i in range(n):
        if n > 1 and not nb_sets[i]:
            err.add("countries[%d] '%s'" % (i, ids[i]), "has no borders")

    # declared counts
    counts = data.get("counts", {})
    if not isinstance(counts, dict):
        err.add("counts", "must be an object")
        counts = {}
    actual = {"countries": n, "continents": len(cids), "borders": nedges, "islands": sum(isl)}
    for key in counts:
        if key not in actual:
            err.add("counts", "unknown count '%s' (known: %s)"
                    % (key, ", ".join(sorted(actual))))
        elif key == "borders" and bad_border:
            pass  # the broken border entries are reported already
        elif counts[key] != actual[key]:
            err.add("counts.%s" % key, "declares %s but the file has %d"
                    % (json.dumps(counts[key]), actual[key]))
    csize = [0] * len(cids)
    for ci in cont_of:
        if ci < len(csize):
            csize[ci] += 1
    for ci in range(len(cids) if not bad_cont else 0):
        entry = "continents[%d] '%s'" % (ci, cids[ci])
        if csize[ci] == 0:
            err.add(entry, "has no countries")
        if cdeclared[ci] is not None and cdeclared[ci] != csize[ci]:
            err.add(entry, "declares %d countries but the file has %d"
                    % (cdeclared[ci], csize[ci]))

    nb_base = [tuple(sorted(s)) for s in nb_sets]
    if n and not err.items:
        _check_connected(err, "borders", ids, nb_base)

    # edition options
    opts = data.get("options", [])
    opt_by_id = {}
    if not isinstance(opts, list):
        err.add("options", "must be a list")
        opts = []
    for oi, opt in enumerate(opts):
        entry = "options[%d]" % oi
        if not isinstance(opt, dict) or not isinstance(opt.get("id"), str):
            err.add(entry, "an option is an object with an id")
            continue
        oid = opt["id"]
        entry = "options[%d] '%s'" % (oi, oid)
        if oid in opt_by_id:
            err.add(entry, "duplicate option id")
            continue
        if not isinstance(opt.get("text", ""), str):
            err.add(entry, "'text' must be a string")
        ok = True
        for what in ("remove", "add"):
            lst = opt.get(what, [])
            if not isinstance(lst, list):
                err.add(entry, "'%s' must be a list of borders" % what)
                ok = False
                continue
            for pi, pair in enumerate(lst):
                ab = _read_pair(err, "%s.%s[%d]" % (entry, what, pi), pair, index)
                if ab is None:
                    ok = False
                    continue
                a, b = ab
                present = b in nb_sets[a]
                if what == "remove" and not present:
                    err.add("%s.%s[%d]" % (entry, what, pi),
                            "%s-%s is not a border of the board" % (ids[a], ids[b]))
                    ok = False
                if what == "add" and present:
                    err.add("%s.%s[%d]" % (entry, what, pi),
                            "%s-%s is already a border" % (ids[a], ids[b]))
                    ok = False
        for key in opt:
            if key not in ("id", "name", "text", "add", "remove"):
                err.add(entry, "unknown key '%s'" % key)
        opt_by_id[oid] = opt
        if ok and not err.items:
            trial = [set(s) for s in nb_sets]
            _apply_option(trial, opt, index)
            _check_connected(err, entry, ids, [tuple(s) for s in trial])

    chosen = []
    for oid in options or ():
        if oid not in opt_by_id:
            err.add("options", "unknown edition option '%s' (this board has: %s)"
                    % (oid, ", ".join(opt_by_id) or "none"))
        elif oid not in chosen:
            chosen.append(oid)
    if chosen and not err.items:
        for oid in chosen:
            _apply_option(nb_sets, opt_by_id[oid], index)
        nb_base = [tuple(sorted(s)) for s in nb_sets]
        _check_connected(err, "options", ids, nb_base)

    # tables
    tables = data.get("tables", {})
    colours = []
    if not isinstance(tables, dict):
        err.add("tables", "must be an object")
        tables = {}
    else:
        colours = tables.get("colours", [])
        if not _str_list(colours):
            err.add("tables.colours", "must be a list of colour ids")
            colours = []
        seats = tables.get("seats")
        lo, hi = 1, 99
        if seats is not None:
            if (not isinstance(seats, dict) or not _is_int(seats.get("min"))
                    or not _is_int(seats.get("max")) or not 1 <= seats["min"] <= seats["max"]):
                err.add("tables.seats", "must be {\"min\": N, \"max\": M} with 1 <= N <= M")
            else:
                lo, hi = seats["min"], seats["max"]
                if colours and hi > len(colours):
                    err.add("tables.seats", "seats %d players but there are %d colours"
                            % (hi, len(colours)))
        trade = tables.get("trade_in")
        if trade is not None:
            vals = trade.get("values") if isinstance(trade, dict) else None
            if not isinstance(vals, list) or not vals or [v for v in vals
                                                          if not _is_int(v) or v < 0]:
                err.add("tables.trade_in", "values must be a non-empty list of army counts")
            step = trade.get("then_add", 0) if isinstance(trade, dict) else 0
            if not _is_int(step) or step < 0:
                err.add("tables.trade_in", "then_add must be a non-negative integer")
        res = tables.get("starting_reserves")
        if res is not None:
            if not isinstance(res, dict):
                err.add("tables.starting_reserves", "must map player counts to army lists")
            else:
                for k in res:
                    v = res[k]
                    if not k.isdigit() or not lo <= int(k) <= hi:
                        err.add("tables.starting_reserves",
                                "'%s' is not a player count the board seats (%d-%d)"
                                % (k, lo, hi))
                    if not isinstance(v, list) or [x for x in v if not _is_int(x) or x < 0]:
                        err.add("tables.starting_reserves.%s" % k,
                                "must be a list of army counts (one per placement round)")
        small = tables.get("small_table")
        if isinstance(small, dict) and "objective" in small:
            if not isinstance(small["objective"], dict) or small["objective"].get("type") != "occupy":
                err.add("tables.small_table.objective", "must be an occupy objective")
            else:
                _check_objective(err, "tables.small_table.objective", small["objective"],
                                 cindex, index, colours, csize)
        cc = tables.get("continent_cards")
        if cc is not None:
            if not isinstance(cc, dict):
                err.add("tables.continent_cards", "must map continent ids to card values")
            else:
                for k in cc:
                    if k not in cindex:
                        err.add("tables.continent_cards", "unknown continent '%s'" % k)
                    for s in cc[k] if isinstance(cc[k], list) else ():
                        if s not in symbols:
                            err.add("tables.continent_cards.%s" % k,
                                    "unknown card symbol '%s'" % s)

    # objectives
    objectives = data.get("objectives", [])
    if not isinstance(objectives, list):
        err.add("objectives", "must be a list")
        objectives = []
    seen_obj = {}
    for oi, obj in enumerate(objectives):
        entry = "objectives[%d]" % oi
        if isinstance(obj, dict) and "id" in obj:
            oid = obj["id"]
            if oid in seen_obj:
                err.add(entry, "duplicate objective id %s" % json.dumps(oid))
            seen_obj[oid] = 1
        _check_objective(err, entry, obj, cindex, index, colours, csize)
    common = data.get("common_objective")
    if common is not None:
        if isinstance(common, dict) and common.get("type") != "occupy":
            err.add("common_objective", "the common objective must be of type occupy")
        else:
            _check_objective(err, "common_objective", common, cindex, index, colours, csize)
    declared = counts.get("objectives")
    if declared is not None and declared != len(objectives):
        pass  # reported above as an unknown count key

    if err.items:
        return err.items, None
    members = [[] for _ in cids]
    for i in range(n):
        members[cont_of[i]].append(i)
    parts = {
        "id": data["id"], "name": data["name"], "rulesets": tuple(rulesets),
        "complete": data.get("complete", True) is not False,
        "ids": tuple(ids), "names": tuple(names), "shorts": tuple(shorts),
        "cont_of": bytes(cont_of), "isl": bytes(isl), "syms": tuple(syms),
        "aliases": tuple(aliases), "nb": tuple(nb_base),
        "cids": tuple(cids), "cnames": tuple(cnames), "cshorts": tuple(cshorts),
        "cbonus": tuple(cbonus), "caliases": tuple(caliases), "members": tuple(tuple(m) for m in members),
        "objectives": objectives, "common": common, "tables": tables,
        "card_symbols": symbols, "options": tuple(chosen),
        "edition_options": tuple((o, opt_by_id[o].get("text", "")) for o in opt_by_id),
    }
    return err.items, parts


def _read(src, label):
    """(data, label) from a path, a shipped board id, or a dict."""
    if isinstance(src, dict):
        return src, label or "<board %s>" % src.get("id", "?")
    if not isinstance(src, str):
        raise BoardError("load_board takes a path, a board id or a dict, got %s"
                         % type(src).__name__)
    path = src
    if "/" not in src and "\\" not in src and not src.endswith(".json"):
        path = board_path(src)
    label = label or path
    try:
        f = open(path)
    except OSError:
        raise BoardError("%s: cannot open the board file" % label)
    try:
        try:
            data = json.load(f)
        except ValueError as exc:
            raise BoardError("%s: not valid JSON (%s)" % (label, exc))
    finally:
        f.close()
    return data, label


def check_board(src, options=(), label=None):
    """Every problem of a board file/dict, as a list of "FILE: ENTRY: PROBLEM" lines ([] = valid)."""
    try:
        data, label = _read(src, label)
    except BoardError as exc:
        return [str(exc)]
    errors, _ = _validate(data, label, options)
    return errors


def load_board(src, options=(), label=None):
    """Load and validate a board: ``src`` is a path to a JSON file, a shipped board id
    (``"teg"``, found in boards_dir()) or an already parsed dict. ``options`` are edition option
    ids the file declares (e.g. ``("uruguay_nigeria",)``). Raises BoardError naming the file, the
    entry and the problem; ``err.errors`` lists every problem found."""
    data, label = _read(src, label)
    errors, parts = _validate(data, label, options)
    data = None
    if errors:
        exc = BoardError(errors[0] if len(errors) == 1 else
                         "%s (and %d more problems)" % (errors[0], len(errors) - 1))
        try:
            exc.errors = errors
        except AttributeError:
            pass
        raise exc
    return Board(parts)


# --------------------------------------------------------------------------------------------
# The board

class BoardName(str):
    """The board's name (a str: ``board.name``), also callable for a country's display name
    (``board.name(i)``), as the cross-area contract asks for both."""

    def __call__(self, i):
        return self._names[i]


def _board_name(text, names):
    bn = BoardName(text)
    bn._names = names
    return bn


class Board:
    """A validated board in compact form. Countries and continents are small ints."""

    def __init__(self, parts):
        self.id = parts["id"]
        self.name = _board_name(parts["name"], parts["names"])
        self.rulesets = parts["rulesets"]
        self.complete = parts["complete"]
        self._ids = parts["ids"]
        self._names = parts["names"]
        self._shorts = parts["shorts"]
        self._cont = parts["cont_of"]
        self._isl = parts["isl"]
        self._sym = parts["syms"]
        self._alias = parts["aliases"]
        self._nb = parts["nb"]
        self._cids = parts["cids"]
        self._cnames = parts["cnames"]
        self._cshorts = parts["cshorts"]
        self._cbonus = parts["cbonus"]
        self._calias = parts["caliases"]
        self._members = parts["members"]
        self.objectives = parts["objectives"]
        self.common_objective = parts["common"]
        self.tables = parts["tables"]
        self.card_symbols = parts["card_symbols"]
        self.options = parts["options"]
        self.edition_options = parts["edition_options"]
        self.n = len(self._ids)
        self.continents = len(self._cids)

    def __repr__(self):
        return "<Board %s: %d countries, %d continents>" % (self.id, self.n, self.continents)

    # --- countries
    def cid(self, i):
        return self._ids[i]

    def index(self, cid):
        """Country index of an exact id; BoardError if unknown."""
        try:
            return self._ids.index(cid)
        except ValueError:
            raise BoardError("%s: unknown country id '%s'" % (self.id, cid))

    def name_of(self, i):
        """Country i's display name (the same as ``board.name(i)``)."""
        return self._names[i]

    def short(self, i):
        return self._shorts[i]

    def aliases(self, i):
        return self._alias[i]

    def find(self, text):
        """Country index from an id, display name, short name or alias, ignoring case, accents,
        spaces and punctuation ("gran bretaña", "Gran_Bretana"). BoardError names the text."""
        if isinstance(text, int) and not isinstance(text, bool):
            if 0 <= text < self.n:
                return text
            raise BoardError("%s: no country number %d (0-%d)" % (self.id, text, self.n - 1))
        k = fold(text)
        if k:
            for i in range(self.n):
                if (fold(self._ids[i]) == k or fold(self._names[i]) == k
                        or fold(self._shorts[i]) == k):
                    return i
            for i in range(self.n):
                for a in self._alias[i]:
                    if fold(a) == k:
                        return i
        raise BoardError("%s: no country called '%s'" % (self.id, text))

    def symbol(self, i):
        """The card symbol(s) printed on country i's card: a tuple of symbol ids (empty if the
        edition prints none)."""
        return self._sym[i]

    def island(self, i):
        return self._isl[i] == 1

    def islands(self):
        return tuple(i for i in range(self.n) if self._isl[i])

    # --- continents
    def continent_of(self, i):
        return self._cont[i]

    def continent_id(self, c):
        return self._cids[c]

    def continent_name(self, c):
        return self._cnames[c]

    def continent_short(self, c):
        return self._cshorts[c]

    def continent_bonus(self, c):
        return self._cbonus[c]

    def continent_index(self, cid):
        try:
            return self._cids.index(cid)
        except ValueError:
            raise BoardError("%s: unknown continent id '%s'" % (self.id, cid))

    def find_continent(self, text):
        k = fold(text)
        for c in range(self.continents):
            if k and (fold(self._cids[c]) == k or fold(self._cnames[c]) == k
                      or fold(self._cshorts[c]) == k):
                return c
            for a in self._calias[c]:
                if k and fold(a) == k:
                    return c
        raise BoardError("%s: no continent called '%s'" % (self.id, text))

    def members(self, c):
        return self._members[c]

    def owns_continent(self, owner_of, player, c):
        for i in self._members[c]:
            if owner_of[i] != player:
                return False
        return True

    def continents_owned(self, owner_of, player):
        return tuple(c for c in range(self.continents)
                     if self.owns_continent(owner_of, player, c))

    # --- graph
    def neighbours(self, i):
        return self._nb[i]

    def is_border(self, a, b):
        return b in self._nb[a]

    def borders(self):
        """Every border once, as (a, b) with a < b."""
        return tuple((a, b) for a in range(self.n) for b in self._nb[a] if a < b)

    def distance(self, a, b, limit=3):
        """Borders crossed from a to b (0 for a itself), or None when more than ``limit``
        (La Revancha missiles reach 3 borders away)."""
        if a == b:
            return 0
        seen = bytearray(self.n)
        seen[a] = 1
        frontier = [a]
        d = 0
        while frontier and d < limit:
            d += 1
            nxt = []
            for x in frontier:
                for y in self._nb[x]:
                    if not seen[y]:
                        if y == b:
                            return d
                        seen[y] = 1
                        nxt.append(y)
            frontier = nxt
        return None

    def within(self, a, limit=3):
        """Countries 1..limit borders away from a: tuple of (country, distance), nearest first."""
        seen = bytearray(self.n)
        seen[a] = 1
        frontier = [a]
        out = []
        d = 0
        while frontier and d < limit:
            d += 1
            nxt = []
            for x in frontier:
                for y in self._nb[x]:
                    if not seen[y]:
                        seen[y] = 1
                        nxt.append(y)
                        out.append((y, d))
            frontier = nxt
        return tuple(out)

    def is_internal(self, a, b):
        """A border inside one continent (closed-borders card: only these may be attacked)."""
        return b in self._nb[a] and self._cont[a] == self._cont[b]

    def is_external(self, a, b):
        """A border between two continents (open-borders card: only these may be attacked)."""
        return b in self._nb[a] and self._cont[a] != self._cont[b]

    def internal_borders(self, c):
        """Borders with both ends in continent c, as (a, b) with a < b."""
        out = []
        for a in self._members[c]:
            for b in self._nb[a]:
                if a < b and self._cont[b] == c:
                    out.append((a, b))
        return tuple(out)

    def external_borders(self, c):
        """Borders leaving continent c, as (inside, outside)."""
        out = []
        for a in self._members[c]:
            for b in self._nb[a]:
                if self._cont[b] != c:
                    out.append((a, b))
        return tuple(out)

    def chain(self, owner_of, player, start):
        """The connected own-territory chain holding ``start`` (Risk's regroup: armies move along
        a chain of your own ground). Empty tuple if ``start`` is not the player's."""
        if owner_of[start] != player:
            return ()
        seen = bytearray(self.n)
        seen[start] = 1
        stack = [start]
        out = [start]
        while stack:
            x = stack.pop()
            for y in self._nb[x]:
                if not seen[y] and owner_of[y] == player:
                    seen[y] = 1
                    stack.append(y)
                    out.append(y)
        out.sort()
        return tuple(out)

    def chains(self, owner_of, player):
        """All of a player's connected chains, each a sorted tuple, ordered by first country."""
        seen = bytearray(self.n)
        out = []
        for i in range(self.n):
            if owner_of[i] == player and not seen[i]:
                ch = self.chain(owner_of, player, i)
                for x in ch:
                    seen[x] = 1
                out.append(ch)
        return out

    def connected(self, owner_of, player, a, b):
        """True when a and b are joined by a chain of the player's own countries."""
        return b in self.chain(owner_of, player, a)

    # --- objectives
    def occupation_met(self, obj, owner_of, player, armies=None):
        """Whether the player meets an occupy objective (a dict from ``objectives`` or
        ``common_objective``). The clauses are met by disjoint countries: whole continents
        first; "countries_in" counts use the player's other countries of that continent;
        "islands"/"bordering" need countries not already used above (non-islands are used for
        the counts first). "min_armies" (Risk/WAR "18 territories with 2 armies") needs
        ``armies``, a sequence of army counts. Destroy objectives are the engine's (they need the
        players and colours): this returns False for them."""
        if obj.get("type") != "occupy":
            return False
        n = self.n
        mine = bytearray(n)
        floor = obj.get("min_armies", 1)
        for i in range(n):
            if owner_of[i] == player and (armies is None or floor <= 1 or armies[i] >= floor):
                mine[i] = 1
        if "total" in obj and sum(mine) < obj["total"]:
            return False
        for cid in obj.get("countries", ()):
            if not mine[self._ids.index(cid)]:
                return False
        used = bytearray(n)
        whole = []
        for cid in obj.get("continents", ()):
            c = self._cids.index(cid)
            whole.append(c)
            for i in self._members[c]:
                if not mine[i]:
                    return False
                used[i] = 1
        extra = obj.get("any_continents", 0)
        if extra:
            got = 0
            for c in range(self.continents):
                if c not in whole and self.owns_continent(mine, 1, c):
                    got += 1
            if got < extra:
                return False
        need = {}
        for cid in obj.get("countries_in", {}):
            need[self._cids.index(cid)] = obj["countries_in"][cid]
        # free[i]: own countries not taken by whole continents or specific countries
        for cid in obj.get("countries", ()):
            used[self._ids.index(cid)] = 1
        isl_n = obj.get("islands", 0)
        tri = obj.get("bordering", 0)
        if not isl_n and not tri:
            for c in need:
                have = 0
                for i in self._members[c]:
                    if mine[i] and not used[i]:
                        have += 1
                if have < need[c]:
                    return False
            return True
        if tri:
            return self._bordering_ok(mine, used, need, tri, isl_n,
                                      obj.get("islands_continents", 1))
        return self._islands_ok(mine, used, need, isl_n, obj.get("islands_continents", 1))

    def _islands_ok(self, mine, used, need, isl_n, spread):
        spare_total = 0
        spare_conts = 0
        for c in range(self.continents):
            land = isl = 0
            for i in self._members[c]:
                if mine[i] and not used[i]:
                    if self._isl[i]:
                        isl += 1
                    else:
                        land += 1
            k = need.get(c, 0)
            if land + isl < k:
                return False
            spare = isl if land >= k else isl - (k - land)
            if spare > 0:
                spare_total += spare
                spare_conts += 1
        return spare_total >= isl_n and spare_conts >= min(spread, isl_n)

    def _bordering_ok(self, mine, used, need, size, isl_n, spread):
        # every clique of `size` own, unused countries; try each against the counts
        cand = [i for i in range(self.n) if mine[i] and not used[i]]
        cset = bytearray(self.n)
        for i in cand:
            cset[i] = 1

        def grow(clique, start):
            if len(clique) == size:
                for i in clique:
                    used[i] = 1
                if isl_n:
                    ok = self._islands_ok(mine, used, need, isl_n, spread)
                else:
                    ok = True
                    for c in need:
                        have = 0
                        for i in self._members[c]:
                            if mine[i] and not used[i]:
                                have += 1
                        if have < need[c]:
                            ok = False
                for i in clique:
                    used[i] = 0
                return ok
            for j in self._nb[clique[-1]] if clique else cand:
                if j < start or not cset[j]:
                    continue
                good = True
                for k in clique:
                    if j not in self._nb[k]:
                        good = False
                if good and grow(clique + [j], j + 1):
                    return True
            return False

        return grow([], 0)
