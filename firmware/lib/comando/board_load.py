"""Reading and validating board files: the part of comando.board that is only needed while a
board loads (on MicroPython, comando.board drops this module again after a load to free its heap).

Two ways in, one validator: ``_validate(dict)`` for an already parsed board, and
``_load_stream(file)`` which validates a file while reading it one top-level key and one array
entry at a time, so the parsed JSON of a whole board never sits in the heap at once.
"""

import json

import gc

from comando.board_files import (SCHEMA, SHORT_MAX, OBJECTIVE_TYPES, OCCUPY_KEYS, DESTROY_TARGETS,
                                 CONTINENT_KEYS, COUNTRY_KEYS, TIDY, MPY, free_key, search_key, short_ok,
                                 board_path)
from comando.errors import BoardError

# --- validation

class _Errors:
    def __init__(self, label):
        self.label = label
        self.items = []

    # One problem: ``problem`` (English, %-fields filled from ``args``) at ``entry``. The laptop
    # says it in its language (``BoardError.laptop_say``, which the host sets: its catalogues'
    # msgids are these texts, marked by ``flaw``); the device has none and says the English.
    def flaw(self, entry, problem, args=None):
        say = getattr(BoardError, "laptop_say", None)
        if say is not None:
            problem = say(problem)
        if args is not None:
            problem = problem % args
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
        err.flaw(entry, "a border is a list of two country ids, got %s", json.dumps(pair))
        return None
    out = []
    for cid in pair:
        if not isinstance(cid, str):
            err.flaw(entry, "a border names countries by id (a string), got %s", json.dumps(cid))
            return None
        i = index.get(cid)
        if i is None:
            err.flaw(entry, "unknown country '%s'", cid)
            return None
        out.append(i)
    if out[0] == out[1]:
        err.flaw(entry, "self border: '%s' borders itself", pair[0])
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
        err.flaw(entry, "the map is not connected: %s cannot be reached from '%s'",
                (shown, ids[0]))


def _check_objective(err, entry, obj, cindex, index, colours, csize):
    if not isinstance(obj, dict):
        err.flaw(entry, "an objective is an object")
        return
    kind = obj.get("type")
    if kind not in OBJECTIVE_TYPES:
        err.flaw(entry, "unknown objective type %s (known: %s)",
                (json.dumps(kind), ", ".join(OBJECTIVE_TYPES)))
        return
    if "text" in obj and not isinstance(obj["text"], str):
        err.flaw(entry, "'text' must be a string")
    if kind == "destroy":
        _check_destroy(err, entry, obj, cindex, index, colours, csize)
    else:
        _check_occupy(err, entry, obj, cindex, index, csize)


def _check_destroy(err, entry, obj, cindex, index, colours, csize):
    """A destroy objective: a colour or a seat, and its fallback (a seat or an occupy)."""
    colour = obj.get("colour")
    target = obj.get("target")
    if (colour is None) == (target is None):
        err.flaw(entry, "a destroy objective names either a 'colour' or a 'target'")
    if colour is not None and colour not in colours:
        err.flaw(entry, "unknown colour '%s' (the board's colours: %s)",
                (colour, ", ".join(colours) or "none declared in tables.colours"))
    if target is not None and target not in DESTROY_TARGETS:
        err.flaw(entry, "unknown target %s (known: left, right)", json.dumps(target))
    fb = obj.get("fallback")
    if fb is None or fb in DESTROY_TARGETS:
        return
    if not isinstance(fb, dict):
        err.flaw(entry, "fallback must be 'left', 'right' or an occupy objective")
    elif fb.get("type") != "occupy":
        err.flaw(entry + ".fallback", "a fallback objective must be of type occupy")
    else:
        _check_objective(err, entry + ".fallback", fb, cindex, index, colours, csize)


def _check_occupy(err, entry, obj, cindex, index, csize):
    """An occupy objective: known keys, continents and countries the board has, counts it can
    meet, and something asked for."""
    for key in obj:
        if key in ("type", "id", "fallback") or free_key(key):
            continue
        if key not in OCCUPY_KEYS:
            err.flaw(entry, "unknown key '%s' in an occupy objective", key)
    useful = False
    if _occupy_places(err, entry, obj, cindex, index, csize):
        useful = True
    if _occupy_counts(err, entry, obj):
        useful = True
    if "total" in obj and _is_int(obj["total"]) and obj["total"] > len(index):
        err.flaw(entry, "asks for %d countries; the board has %d", (obj["total"], len(index)))
    if not useful:
        err.flaw(entry, "an occupy objective asks for nothing")


def _occupy_places(err, entry, obj, cindex, index, csize):
    """The continents, counts per continent and countries an occupy objective names; True when
    it names any."""
    useful = False
    for cid in obj.get("continents", ()):
        useful = True
        if cid not in cindex:
            err.flaw(entry, "unknown continent '%s'", cid)
    if "continents" in obj and not _str_list(obj["continents"]):
        err.flaw(entry, "'continents' must be a list of continent ids")
    counts = obj.get("countries_in", {})
    if not isinstance(counts, dict):
        err.flaw(entry, "'countries_in' must map continent ids to counts")
        counts = {}
    for cid in counts:
        useful = True
        k = counts[cid]
        if cid not in cindex:
            err.flaw(entry, "unknown continent '%s'", cid)
        elif not _is_int(k) or k < 1:
            err.flaw(entry, "countries_in['%s'] must be a positive count", cid)
        elif k > csize[cindex[cid]]:
            err.flaw(entry, "asks for %d countries of '%s', which has only %d",
                    (k, cid, csize[cindex[cid]]))
    for cid in obj.get("countries", ()):
        useful = True
        if cid not in index:
            err.flaw(entry, "unknown country '%s'", cid)
    return useful


def _occupy_counts(err, entry, obj):
    """The positive counts of an occupy objective; True when one asks for something (a
    minimum of armies alone does not)."""
    useful = False
    for key in ("any_continents", "total", "min_armies", "bordering", "islands",
                "islands_continents"):
        if key in obj:
            v = obj[key]
            if not _is_int(v) or v < 1:
                err.flaw(entry, "'%s' must be a positive integer", key)
            elif key != "min_armies":
                useful = True
    return useful


class _Patched:
    """The neighbour tuples with edition options' borders removed/added, without copying the
    graph (indexable like the tuple of tuples, for _components)."""

    def __init__(self, nb, index, opts):
        self.nb = nb
        self.rm = {}
        self.add = {}
        for opt in opts:
            for pair in opt.get("remove", ()):
                a, b = index[pair[0]], index[pair[1]]
                key = (min(a, b), max(a, b))
                self.rm[key] = 1
                self.add.pop(key, None)
            for pair in opt.get("add", ()):
                a, b = index[pair[0]], index[pair[1]]
                key = (min(a, b), max(a, b))
                self.add[key] = 1
                self.rm.pop(key, None)

    def __getitem__(self, x):
        out = []
        for y in self.nb[x]:
            if (min(x, y), max(x, y)) not in self.rm:
                out.append(y)
        for (a, b) in self.add:
            if a == x:
                out.append(b)
            elif b == x:
                out.append(a)
        return out


# Sections of a board file in the order the streaming loader wants them (later sections use
# earlier ones). A file in this order is validated while it is read, one entry at a time, so
# the whole parsed JSON never sits in the heap; any other order is parsed whole, then validated.
# A continent's bonus armies: the rulebooks give at most 7 (Asia); a bound keeps a typo (or 10**9)
# from reaching the reinforcement counts, the device's screens and its heap.
MAX_BONUS = 99

ORDER = ("schema", "id", "name", "rulesets", "complete", "counts", "card_symbols",
         "continents", "countries", "borders", "options", "tables", "objectives",
         "common_objective")
_ARRAYS = ("continents", "countries", "borders", "options", "objectives")


class _Loader:
    """Validates a board section by section (fed from a dict or a stream) and builds the parts
    of the compact Board."""

    def __init__(self, label, options):
        self.err = _Errors(label)
        self.chosen_ids = options or ()
        self.stage = 0
        self.fed = {}
        self.meta = {"schema": SCHEMA, "rulesets": (), "complete": True}
        self.counts = {}
        self.symbols = {}
        self.cindex = {}
        self.cids, self.cnames, self.cshorts, self.cbonus = [], [], [], []
        self.cdeclared, self.caliases = [], []
        self.index = {}
        self.ids, self.names, self.shorts, self.cont_of = [], [], [], []
        self.isl, self.syms, self.aliases, self.nb_lists = [], [], [], []
        self.bad_cont = False
        self.nb_sets = []
        self.nb = ()
        self.nedges = 0
        self.bad_border = False
        self.has_border_key = False
        self.csize = []
        self.opt_by_id = {}
        self.opt_order = []
        self.colours = []
        self.tables = {}
        self.objectives = []
        self.common = None

    # --- driving
    def feed(self, key, value):
        """One top-level key and its value (an iterator of entries for the array sections)."""
        if key not in ORDER:
            if not free_key(key):
                self.err.flaw("", "unknown top-level key '%s'", key)
            return
        k = ORDER.index(key)
        self.fed[key] = 1
        self._reach(k)
        if key in _ARRAYS:
            if isinstance(value, (dict, str, int, float, bool)) or value is None:
                self.err.flaw(key, "must be a list")
                value = ()
            getattr(self, "_s_" + key)(value)
        elif key in ("counts", "card_symbols", "tables", "common_objective"):
            getattr(self, "_s_" + key)(value)
        else:
            self._s_meta(key, value)

    def _reach(self, k):
        """Finish every section before ORDER[k] (the hooks that need a whole section)."""
        while self.stage < k:
            done = ORDER[self.stage]
            self.stage += 1
            if done == "countries":
                self._after_countries()
            elif done == "borders":
                self._after_borders()
            elif done == "options":
                self._after_options()

    def finish(self):
        for key in ("continents", "countries"):
            if key not in self.fed:
                self.err.flaw(key, "missing or empty")
        self._reach(len(ORDER))
        for key in ("id", "name"):
            if not isinstance(self.meta.get(key), str) or not self.meta.get(key):
                self.err.flaw(key, "missing or not a string")
        if self.err.items:
            return self.err.items, None
        members = [[] for _ in self.cids]
        for i in range(len(self.ids)):
            members[self.cont_of[i]].append(i)
        opts = self.opt_by_id
        parts = {
            "id": self.meta["id"], "name": self.meta["name"],
            "rulesets": tuple(self.meta["rulesets"]),
            "complete": self.meta["complete"] is not False,
            "ids": tuple(self.ids), "names": tuple(self.names), "shorts": tuple(self.shorts),
            "cont_of": bytes(self.cont_of), "isl": bytes(self.isl), "syms": tuple(self.syms),
            "aliases": tuple(self.aliases), "nb": self.nb,
            "cids": tuple(self.cids), "cnames": tuple(self.cnames),
            "cshorts": tuple(self.cshorts), "cbonus": tuple(self.cbonus),
            "caliases": tuple(self.caliases), "members": tuple(tuple(m) for m in members),
            "objectives": self.objectives, "common": self.common, "tables": self.tables,
            "card_symbols": self.symbols, "options": tuple(self.chosen),
            "edition_options": tuple((o, opts[o].get("text", "")) for o in self.opt_order),
        }
        return self.err.items, parts

    # --- small sections
    def _s_meta(self, key, value):
        err = self.err
        if key == "schema":
            if value != SCHEMA:
                err.flaw("schema", "unknown schema %s (this loader reads %s)",
                        (json.dumps(value), SCHEMA))
        elif key == "rulesets":
            if not _str_list(value):
                err.flaw("rulesets", "must be a list of ruleset ids")
                value = []
        elif key == "complete":
            if not isinstance(value, bool):
                err.flaw("complete", "must be true or false")
                value = True
        self.meta[key] = value

    def _s_counts(self, value):
        if not isinstance(value, dict):
            self.err.flaw("counts", "must be an object")
            value = {}
        self.counts = value

    def _s_card_symbols(self, value):
        if not isinstance(value, dict):
            self.err.flaw("card_symbols", "must map symbol ids to descriptions")
            value = {}
        self.symbols = value

    # --- continents
    def _s_continents(self, entries):
        err = self.err
        cindex = self.cindex
        for ci, cont in enumerate(entries):
            entry = "continents[%d]" % ci
            if not isinstance(cont, dict):
                err.flaw(entry, "a continent is an object")
                continue
            cid = cont.get("id")
            if not isinstance(cid, str) or not cid:
                err.flaw(entry, "missing id")
                continue
            entry = "continents[%d] '%s'" % (ci, cid)
            for key in cont:
                if key not in CONTINENT_KEYS and not free_key(key):
                    err.flaw(entry, "unknown key '%s'", key)
            cal = cont.get("aliases", [])
            if not _str_list(cal):
                err.flaw(entry, "aliases must be a list of strings")
                cal = []
            if cid in cindex:
                err.flaw(entry, "duplicate continent id '%s' (also continents[%d])",
                        (cid, cindex[cid]))
                continue
            name = cont.get("name")
            if not isinstance(name, str) or not name:
                err.flaw(entry, "missing name")
                name = cid
            short = cont.get("short", name if short_ok(name) else None)
            if not short_ok(short):
                err.flaw(entry, "short name %s must be 1-%d printable ASCII characters",
                        (json.dumps(short), SHORT_MAX))
                short = "?"
            bonus = cont.get("bonus", 0)
            if not _is_int(bonus) or bonus < 0:
                err.flaw(entry, "bonus must be a non-negative integer, got %s", json.dumps(bonus))
                bonus = 0
            elif bonus > MAX_BONUS:
                err.flaw(entry, "bonus must be at most %d, got %d", (MAX_BONUS, bonus))
                bonus = 0
            declared = cont.get("countries")
            if declared is not None and (not _is_int(declared) or declared < 0):
                err.flaw(entry, "'countries' (the declared count) must be a non-negative integer")
                declared = None
            cindex[cid] = len(self.cids)
            self.cids.append(cid)
            self.cnames.append(name)
            self.cshorts.append(short)
            self.cbonus.append(bonus)
            self.cdeclared.append(declared)
            self.caliases.append(tuple(cal) if cal else ())
        if not self.cids:
            err.flaw("continents", "missing or empty (a board has at least one continent/region)")

    # --- countries
    def _s_countries(self, entries):
        err = self.err
        index, symbols = self.index, self.symbols
        ids = self.ids
        keys = {}  # hash of a folded id/name/short/alias -> country index (or a list of them)
        shorts_seen = {}
        sym_cache = {}
        for i, c in enumerate(entries):
            entry = "countries[%d]" % i
            if not isinstance(c, dict):
                err.flaw(entry, "a country is an object")
                continue
            cid = c.get("id")
            if not isinstance(cid, str) or not cid:
                err.flaw(entry, "missing id")
                continue
            entry = "countries[%d] '%s'" % (i, cid)
            for key in c:
                if key not in COUNTRY_KEYS and not free_key(key):
                    err.flaw(entry, "unknown key '%s'", key)
            if cid in index:
                err.flaw(entry, "duplicate country id '%s' (also countries[%d])",
                        (cid, index[cid]))
                continue
            name = c.get("name")
            if not isinstance(name, str) or not name:
                err.flaw(entry, "missing name")
                name = cid
            short = c.get("short")
            if short == name:
                short = name  # one string object for both
            if not short_ok(short):
                err.flaw(entry, "short name %s must be 1-%d printable ASCII characters "
                        "(the OLED line)", (json.dumps(short), SHORT_MAX))
                short = "?"
            elif short in shorts_seen:
                err.flaw(entry, "short name '%s' is also used by '%s'",
                        (short, shorts_seen[short]))
            else:
                shorts_seen[short] = cid
            ci = self._continent_of(entry, c.get("continent"))
            island = c.get("island", False)
            if not isinstance(island, bool):
                err.flaw(entry, "island must be true or false")
                island = False
            sym = c.get("symbols", [])
            if not _str_list(sym):
                err.flaw(entry, "symbols must be a list of card symbol ids")
                sym = []
            for s in sym:
                if s not in symbols:
                    err.flaw(entry, "unknown card symbol '%s' (card_symbols: %s)",
                            (s, ", ".join(sorted(symbols)) or "none"))
            skey = ",".join(sym)
            if skey not in sym_cache:
                sym_cache[skey] = tuple(sym)
            al = c.get("aliases", [])
            if not _str_list(al):
                err.flaw(entry, "aliases must be a list of strings")
                al = []
            nbl = c.get("neighbours")
            if nbl is not None and not _str_list(nbl):
                err.flaw(entry, "neighbours must be a list of country ids")
                nbl = []
            self.nb_lists.append(nbl)
            idx = len(ids)
            index[cid] = idx
            self._index_names(entry, idx, [cid, name, short] + al, keys)
            ids.append(cid)
            self.names.append(name)
            self.shorts.append(short)
            self.cont_of.append(ci)
            self.isl.append(1 if island else 0)
            self.syms.append(sym_cache[skey])
            self.aliases.append(tuple(al) if al else ())
        if not ids:
            err.flaw("countries", "missing or empty")

    def _continent_of(self, entry, cont):
        """The index of a country's continent (0 when it has none or an unknown one: the file
        is refused then, and the continents' counts are not checked)."""
        if cont is None or cont == "":
            self.err.flaw(entry, "no continent")
        elif cont not in self.cindex:
            self.err.flaw(entry, "unknown continent '%s'", cont)
        else:
            return self.cindex[cont]
        self.bad_cont = True
        return 0

    def _index_names(self, entry, idx, texts, keys):
        """Country ``idx``'s id, name, short name and aliases into ``keys`` (hash of the folded
        text -> country index, or a list of them). find() must not be ambiguous: no folded
        id/name/short/alias may match two countries. Only the hashes are kept (small ints, no
        strings); a hash hit is confirmed by folding the other country's names again."""
        err = self.err
        for text in texts:
            k = search_key(text)
            if not k:
                err.flaw(entry, "name or alias %s has no letters", json.dumps(text))
                continue
            h = hash(k)
            others = keys.get(h)
            if others is None:
                keys[h] = idx
                continue
            if not isinstance(others, list):
                others = [others]
            clash = None
            for o in others:
                if o != idx and k in self._folded(o):
                    clash = o
            if clash is not None:
                err.flaw(entry, "name or alias '%s' also matches '%s'", (text, self.ids[clash]))
            elif idx not in others:
                others.append(idx)
                keys[h] = others

    def _folded(self, i):
        out = [search_key(self.ids[i]), search_key(self.names[i]), search_key(self.shorts[i])]
        for a in self.aliases[i]:
            out.append(search_key(a))
        return out

    def _after_countries(self):
        n = len(self.ids)
        self.nb_sets = [set() for _ in range(n)]
        csize = [0] * len(self.cids)
        for ci in self.cont_of:
            if ci < len(csize):
                csize[ci] += 1
        self.csize = csize
        if self.bad_cont:
            return
        for ci in range(len(self.cids)):
            entry = "continents[%d] '%s'" % (ci, self.cids[ci])
            if csize[ci] == 0:
                self.err.flaw(entry, "has no countries")
            if self.cdeclared[ci] is not None and self.cdeclared[ci] != csize[ci]:
                self.err.flaw(entry, "declares %d countries but the file has %d",
                             (self.cdeclared[ci], csize[ci]))

    # --- borders
    def _s_borders(self, entries):
        err, index, ids, nb_sets = self.err, self.index, self.ids, self.nb_sets
        self.has_border_key = True
        for x in self.nb_lists:
            if x is not None:
                err.flaw("borders", "give borders either as the top-level 'borders' list or as "
                        "each country's 'neighbours', not both")
                for _ in entries:
                    pass
                return
        for bi, pair in enumerate(entries):
            entry = "borders[%d]" % bi
            ab = _read_pair(err, entry, pair, index)
            if ab is None:
                self.bad_border = True
                continue
            a, b = ab
            if b in nb_sets[a]:
                err.flaw(entry, "duplicate border %s-%s", (ids[a], ids[b]))
                continue
            nb_sets[a].add(b)
            nb_sets[b].add(a)
            self.nedges += 1

    def _neighbour_lists(self):
        err, index, ids, nb_sets = self.err, self.index, self.ids, self.nb_sets
        listed = {}
        for i in range(len(ids)):
            entry = "countries[%d] '%s'.neighbours" % (i, ids[i])
            for cid in self.nb_lists[i] or ():
                j = index.get(cid)
                if j is None:
                    err.flaw(entry, "unknown country '%s'", cid)
                    self.bad_border = True
                elif j == i:
                    err.flaw(entry, "self border: '%s' borders itself", cid)
                    self.bad_border = True
                elif j in nb_sets[i]:
                    err.flaw(entry, "'%s' is listed twice", cid)
                else:
                    nb_sets[i].add(j)
                    listed[(i, j)] = 1
        for (i, j) in listed:
            if (j, i) not in listed:
                self.bad_border = True
                err.flaw("countries[%d] '%s'.neighbours" % (i, ids[i]),
                        "asymmetric border: '%s' lists '%s' but '%s' does not list '%s'",
                        (ids[i], ids[j], ids[j], ids[i]))
        for i in range(len(ids)):
            for j in list(nb_sets[i]):
                nb_sets[j].add(i)
        self.nedges = sum(len(s) for s in nb_sets) // 2

    def _after_borders(self):
        err, ids, nb_sets = self.err, self.ids, self.nb_sets
        n = len(ids)
        uses_lists = False
        for x in self.nb_lists:
            if x is not None:
                uses_lists = True
        complete = self.meta["complete"] is not False
        if uses_lists and not self.has_border_key:
            self._neighbour_lists()
        del self.nb_lists  # free it; a list while it lives
        if uses_lists:
            pass
        elif not self.has_border_key and n > 1 and complete:
            err.flaw("borders", "missing or empty")
        for i in range(n):
            if n > 1 and not nb_sets[i] and complete:
                err.flaw("countries[%d] '%s'" % (i, ids[i]), "has no borders")
        actual = {"countries": n, "continents": len(self.cids), "borders": self.nedges,
                  "islands": sum(self.isl)}
        counts = self.counts
        for key in counts:
            if key not in actual:
                err.flaw("counts", "unknown count '%s' (known: %s)",
                        (key, ", ".join(sorted(actual))))
            elif key == "borders" and self.bad_border:
                pass  # the broken border entries are reported already
            elif key == "continents" and self.bad_cont:
                pass
            elif counts[key] != actual[key]:
                err.flaw("counts.%s" % key, "declares %s but the file has %d",
                        (json.dumps(counts[key]), actual[key]))
        self.nb = tuple(tuple(sorted(s)) for s in nb_sets)
        self.nb_sets = []
        if n and not err.items and complete:
            _check_connected(err, "borders", ids, self.nb)

    # --- edition options
    def _s_options(self, entries):
        err, index, ids, nb = self.err, self.index, self.ids, self.nb
        for oi, opt in enumerate(entries):
            entry = "options[%d]" % oi
            if not isinstance(opt, dict) or not isinstance(opt.get("id"), str):
                err.flaw(entry, "an option is an object with an id")
                continue
            oid = opt["id"]
            entry = "options[%d] '%s'" % (oi, oid)
            if oid in self.opt_by_id:
                err.flaw(entry, "duplicate option id")
                continue
            if not isinstance(opt.get("text", ""), str):
                err.flaw(entry, "'text' must be a string")
            ok = True
            for key in opt:
                if key not in ("id", "name", "add", "remove") and not free_key(key):
                    err.flaw(entry, "unknown key '%s'", key)
            for what in ("remove", "add"):
                lst = opt.get(what, [])
                if not isinstance(lst, list):
                    err.flaw(entry, "'%s' must be a list of borders", what)
                    ok = False
                    continue
                for pi, pair in enumerate(lst):
                    sub = "%s.%s[%d]" % (entry, what, pi)
                    ab = _read_pair(err, sub, pair, index)
                    if ab is None:
                        ok = False
                        continue
                    a, b = ab
                    present = b in nb[a]
                    if what == "remove" and not present:
                        err.flaw(sub, "%s-%s is not a border of the board", (ids[a], ids[b]))
                        ok = False
                    if what == "add" and present:
                        err.flaw(sub, "%s-%s is already a border", (ids[a], ids[b]))
                        ok = False
            self.opt_by_id[oid] = {"text": opt.get("text", ""), "add": opt.get("add", []),
                                   "remove": opt.get("remove", [])}
            self.opt_order.append(oid)
            if ok and not err.items and self.meta["complete"] is not False:
                _check_connected(err, entry, ids, _Patched(nb, index, [opt]))

    def _after_options(self):
        err = self.err
        chosen = []
        for oid in self.chosen_ids:
            if oid not in self.opt_by_id:
                err.flaw("options", "unknown edition option '%s' (this board has: %s)",
                        (oid, ", ".join(self.opt_order) or "none"))
            elif oid not in chosen:
                chosen.append(oid)
        self.chosen = chosen
        if chosen and not err.items:
            patched = _Patched(self.nb, self.index, [self.opt_by_id[o] for o in chosen])
            self.nb = tuple(tuple(sorted(patched[x])) for x in range(len(self.ids)))
            patched = None
            if self.meta["complete"] is not False:
                _check_connected(err, "options", self.ids, self.nb)

    # --- tables
    def _s_tables(self, tables):
        err = self.err
        if not isinstance(tables, dict):
            err.flaw("tables", "must be an object")
            return
        self.tables = tables
        colours = tables.get("colours", [])
        if not _str_list(colours):
            err.flaw("tables.colours", "must be a list of colour ids")
            colours = []
        self.colours = colours
        lo, hi = self._t_seats(tables.get("seats"), colours)
        trade = tables.get("trade_in")
        if trade is not None:
            self._t_trade_in(trade)
        res = tables.get("starting_reserves")
        if res is not None:
            self._t_reserves(res, lo, hi)
        small = tables.get("small_table")
        if isinstance(small, dict) and "objective" in small:
            if (not isinstance(small["objective"], dict)
                    or small["objective"].get("type") != "occupy"):
                err.flaw("tables.small_table.objective", "must be an occupy objective")
            else:
                self._objective("tables.small_table.objective", small["objective"])
        regions = tables.get("objective_regions")
        if regions is not None:
            if not isinstance(regions, list):
                err.flaw("tables.objective_regions", "must be a list of country ids (null where "
                        "unknown)")
            else:
                for ri, r in enumerate(regions):
                    if r is not None and r not in self.index:
                        err.flaw("tables.objective_regions[%d]" % ri, "unknown country '%s'", r)
        cc = tables.get("continent_cards")
        if cc is not None:
            if not isinstance(cc, dict):
                err.flaw("tables.continent_cards", "must map continent ids to card values")
            else:
                for k in cc:
                    if k not in self.cindex:
                        err.flaw("tables.continent_cards", "unknown continent '%s'", k)
                    for s in cc[k] if isinstance(cc[k], list) else ():
                        if s not in self.symbols:
                            err.flaw("tables.continent_cards.%s" % k,
                                    "unknown card symbol '%s'", s)

    def _t_seats(self, seats, colours):
        """(min, max) players of tables.seats (1, 99 when it is not given or wrong)."""
        if seats is None:
            return 1, 99
        if (not isinstance(seats, dict) or not _is_int(seats.get("min"))
                or not _is_int(seats.get("max")) or not 1 <= seats["min"] <= seats["max"]):
            self.err.flaw("tables.seats", "must be {\"min\": N, \"max\": M} with 1 <= N <= M")
            return 1, 99
        lo, hi = seats["min"], seats["max"]
        if colours and hi > len(colours):
            self.err.flaw("tables.seats", "seats %d players but there are %d colours",
                         (hi, len(colours)))
        return lo, hi

    def _t_trade_in(self, trade):
        err = self.err
        vals = trade.get("values") if isinstance(trade, dict) else None
        if not isinstance(vals, list) or not vals or [v for v in vals
                                                      if not _is_int(v) or v < 0]:
            err.flaw("tables.trade_in", "values must be a non-empty list of army counts")
        step = trade.get("then_add", 0) if isinstance(trade, dict) else 0
        if not _is_int(step) or step < 0:
            err.flaw("tables.trade_in", "then_add must be a non-negative integer")

    def _t_reserves(self, res, lo, hi):
        err = self.err
        if not isinstance(res, dict):
            err.flaw("tables.starting_reserves", "must map player counts to army lists")
            return
        for k in res:
            v = res[k]
            if not k.isdigit() or not lo <= int(k) <= hi:
                err.flaw("tables.starting_reserves",
                        "'%s' is not a player count the board seats (%d-%d)",
                        (k, lo, hi))
            if not isinstance(v, list) or [x for x in v if not _is_int(x) or x < 0]:
                err.flaw("tables.starting_reserves.%s" % k,
                        "must be a list of army counts (one per placement round)")

    # --- objectives
    def _objective(self, entry, obj):
        _check_objective(self.err, entry, obj, self.cindex, self.index, self.colours, self.csize)

    def _s_objectives(self, entries):
        seen = {}
        for oi, obj in enumerate(entries):
            entry = "objectives[%d]" % oi
            if isinstance(obj, dict) and "id" in obj:
                oid = obj["id"]
                if oid in seen:
                    self.err.flaw(entry, "duplicate objective id %s", json.dumps(oid))
                seen[oid] = 1
            self._objective(entry, obj)
            self.objectives.append(obj)

    def _s_common_objective(self, common):
        if common is None:
            return
        if not isinstance(common, dict) or common.get("type") != "occupy":
            self.err.flaw("common_objective", "the common objective must be an occupy objective")
        else:
            self._objective("common_objective", common)
        self.common = common


def _validate(data, label, options):
    """Validate an already parsed board (a dict). Returns (errors, parts)."""
    loader = _Loader(label, options)
    if not isinstance(data, dict):
        loader.err.flaw("", "a board file is a JSON object")
        return loader.err.items, None
    for key in data:
        if key not in ORDER:
            loader.feed(key, data[key])
    for key in ORDER:
        if key in data:
            loader.feed(key, data[key])
    return loader.finish()


class _Stream:
    """Reads a JSON object from a text file one top-level key, and one array entry, at a time.

    Entries written one per line (the shipped layout) are parsed with one json.loads each;
    anything else is scanned character by character. Raises ValueError on bad JSON."""

    def __init__(self, f):
        self.f = f
        self.buf = ""
        self.pos = 0
        self.line = 0
        self.count = 0
        # MicroPython only: collect every few entries so freed entries are reused before the
        # kept strings scatter across the heap (CPython needs none of this).
        self.tidy = TIDY if (gc is not None and MPY) else 0

    def _peek(self):
        while True:
            buf, p = self.buf, self.pos
            n = len(buf)
            while p < n and buf[p] in " \t\r\n\ufeff":  # a BOM some editors write
                p += 1
            self.pos = p
            if p < n:
                return buf[p]
            self.buf = self.f.readline()
            self.pos = 0
            self.line += 1
            if not self.buf:
                return ""

    def fail(self, what):
        raise ValueError("line %d: %s" % (self.line, what))

    def value(self):
        c = self._peek()
        if not c:
            self.fail("unexpected end of file")
        buf, p = self.buf, self.pos
        if c == "[" or c == "{":
            rest = buf[p:].rstrip()
            if rest.endswith(","):
                rest = rest[:-1]
            try:
                v = json.loads(rest)
            except ValueError:
                pass
            else:
                self.pos = p + len(rest)
                return v
        elif c == '"':
            q = buf.find('"', p + 1)
            if q > 0 and "\\" not in buf[p:q]:
                self.pos = q + 1
                return json.loads(buf[p:q + 1])
        return json.loads(self._scan())

    def _scan(self):
        parts = []
        buf, p = self.buf, self.pos
        start = p
        depth = 0
        in_str = False
        esc = False
        scalar = buf[p] not in "[{\""
        if buf[p] == '"':
            in_str = True
            p += 1
        while True:
            n = len(buf)
            while p < n:
                ch = buf[p]
                if in_str:
                    if esc:
                        esc = False
                    elif ch == "\\":
                        esc = True
                    elif ch == '"':
                        in_str = False
                        if depth == 0:
                            p += 1
                            break
                elif scalar:
                    if ch in ",]} \t\r\n":
                        break
                elif ch == '"':
                    in_str = True
                elif ch == "[" or ch == "{":
                    depth += 1
                elif ch == "]" or ch == "}":
                    depth -= 1
                    if depth == 0:
                        p += 1
                        break
                p += 1
            else:
                parts.append(buf[start:])
                buf = self.f.readline()
                self.line += 1
                self.buf = buf
                p = start = 0
                if not buf:
                    if scalar:
                        self.pos = 0
                        return "".join(parts)
                    self.fail("unexpected end of file")
                continue
            parts.append(buf[start:p])
            self.buf = buf
            self.pos = p
            return "".join(parts)

    def section(self, key):
        """The value after a key: parsed whole, or an entry generator for an array section."""
        if key in _ARRAYS and self._peek() == "[":
            self.pos += 1
            return self._entries()
        return self.value()

    def _entries(self):
        first = True
        while True:
            c = self._peek()
            if c == "]":
                self.pos += 1
                return
            if not first:
                if c != ",":
                    self.fail("expected ',' or ']' between entries")
                self.pos += 1
            first = False
            self.count += 1
            if self.tidy and not self.count % self.tidy:
                gc.collect()  # keep the heap packed: the Pico's heap does not compact
            yield self.value()

    def keys(self):
        if self._peek() != "{":
            self.fail("a board file is a JSON object")
        self.pos += 1
        first = True
        while True:
            c = self._peek()
            if c == "}":
                self.pos += 1
                break
            if not first:
                if c != ",":
                    self.fail("expected ',' or '}' after a value")
                self.pos += 1
            first = False
            if self._peek() != '"':
                self.fail("expected a key")
            key = self.value()
            if self._peek() != ":":
                self.fail("expected ':' after key %s" % json.dumps(key))
            self.pos += 1
            yield key
        if self._peek():
            self.fail("text after the end of the board object")


def _load_stream(f, label, options):
    """Validate a board file while reading it. None when its keys are not in ORDER (the caller
    then parses it whole)."""
    loader = _Loader(label, options)
    stream = _Stream(f)
    last = -1
    for key in stream.keys():
        value = stream.section(key)
        if key in ORDER:
            k = ORDER.index(key)
            if k <= last:
                return None
            last = k
        loader.feed(key, value)
        if not isinstance(value, (dict, list, str, int, float, bool)) and value is not None:
            for _ in value:  # drain what a section did not read (free keys, errors)
                pass
        value = None
    return loader.finish()


def _open(src, label):
    if not isinstance(src, str):
        raise BoardError("load_board takes a path, a board id or a dict, got %s"
                         % type(src).__name__)
    path = src
    if "/" not in src and "\\" not in src and not src.endswith(".json"):
        path = board_path(src)
    label = label or path
    try:
        f = open(path, encoding="utf-8")
    except OSError:
        raise BoardError("%s: cannot open the board file" % label)
    return f, label


def run(src, options, label):
    """(errors, parts) for a path, id or dict; BoardError for unreadable files."""
    if isinstance(src, dict):
        return _validate(src, label or "<board %s>" % src.get("id", "?"), options)
    f, label = _open(src, label)
    try:
        try:
            result = _load_stream(f, label, options)
            if result is None:
                f.seek(0)
                text = f.read()
                if text.startswith("\ufeff"):
                    text = text[1:]
                data = json.loads(text)
                text = None
                result = _validate(data, label, options)
                data = None
        except UnicodeError:
            raise BoardError("%s: not UTF-8 text (save the file as UTF-8)" % label)
        except ValueError as exc:
            raise BoardError("%s: not valid JSON (%s)" % (label, exc))
    finally:
        f.close()
    return result


