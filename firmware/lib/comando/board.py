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

API of a Board ``b`` (countries are ints 0..n-1, continents ints 0..k-1):
- `b.id`, `b.name`, `b.rulesets`, `b.n`, `b.continents`, `b.complete`, `b.options`,
  `b.edition_options`: board facts (`b.name` is a str that is also callable: `b.name(i)`)
- `b.cid(i)`, `b.index(id)`, `b.name(i)`, `b.short(i)`, `b.aliases(i)`, `b.find(text)`: country
  ids/names; `find` takes id, name, short name or alias, ignoring case, accents and punctuation;
  `BoardError` names the text
- `b.continent_of(i)`, `b.continent_id/name/short/bonus(c)`, `b.members(c)`,
  `b.continent_index(id)`, `b.find_continent(text)`: continents
- `b.neighbours(i)`, `b.is_border(a, b)`, `b.borders()`: the graph (bridges are borders)
- `b.distance(a, b, limit=3)` → int or None, `b.within(a, limit=3)` → ((country, distance), ...):
  La Revancha missiles (3/2/1 armies at 1/2/3 borders)
- `b.is_internal(a, b)`, `b.is_external(a, b)`, `b.internal_borders(c)`, `b.external_borders(c)`:
  closed / open borders situation cards
- `b.owns_continent(owner_of, p, c)`, `b.continents_owned(owner_of, p)`: `owner_of` is any sequence
  indexed by country
- `b.chain(owner_of, p, i)`, `b.chains(owner_of, p)`, `b.connected(owner_of, p, a, b)`: connected
  own territory (Risk regroup)
- `b.symbol(i)` → tuple of symbol ids, `b.island(i)`, `b.islands()`: cards, islands
- `b.objectives`, `b.common_objective`, `b.tables`, `b.occupation_met(obj, owner_of, p,
  armies=None)`: objectives as data; occupy clauses are met by different countries
  (boards/README.md)
"""

import sys

from comando import board_graph
from comando.errors import BoardError  # noqa: F401  (re-exported: comando.board.BoardError)
# the file format's names and the shipped boards' places, re-exported: comando.board is the API
from comando.board_files import (SCHEMA, SHORT_MAX, FONT_PX, MPY, search_key,  # noqa: F401
                                 short_ok, set_boards_dir, boards_dir, list_boards,  # noqa: F401
                                 default_board_id, board_path)


# --------------------------------------------------------------------------------------------
# Loading (the validator lives in comando.board_load)

def _run(src, options, label):
    """(errors, parts) from comando.board_load. On MicroPython a compiled loader module is
    dropped again afterwards: a game loads its board once, and the validator's bytecode is most
    of the heap the board code costs."""
    from comando import board_load
    # Dropping pays when the module came compiled (.mpy, as on the Pico): reloading it is cheap.
    # From source, each reload would compile it again, which costs more heap than it frees.
    drop = MPY and not str(getattr(board_load, "__file__", ".mpy")).endswith(".py")
    try:
        return board_load.run(src, options, label)
    finally:
        board_load = None
        if drop:
            sys.modules.pop("comando.board_load", None)
            try:
                import comando
                del comando.board_load  # pyright: ignore[reportAttributeAccessIssue]
            except Exception:  # MicroPython raises KeyError for a missing module attribute
                pass


def check_board(src, options=(), label=None):
    """Every problem of a board file/dict, as a list of "FILE: ENTRY: PROBLEM" lines ([] = valid)."""
    try:
        errors, _ = _run(src, options, label)
    except BoardError as exc:
        return [str(exc)]
    return errors


def load_board(src, options=(), label=None):
    """Load and validate a board: ``src`` is a path to a JSON file, a shipped board id
    (``"teg"``, found in boards_dir()) or an already parsed dict. ``options`` are edition option
    ids the file declares (e.g. ``("uruguay_nigeria",)``). Raises BoardError naming the file, the
    entry and the problem; ``err.errors`` lists every problem found."""
    errors, parts = _run(src, options, label)
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

    _names: list  # declared for the type checker

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
            from comando.texts import refused   # (the words: read when a lookup fails)
            raise refused(BoardError, 250, self.id, cid)

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
            from comando.texts import refused   # (the words: read when a lookup fails)
            raise refused(BoardError, 251, self.id, text, self.n - 1)
        k = search_key(text)
        if k:
            for i in range(self.n):
                if (search_key(self._ids[i]) == k or search_key(self._names[i]) == k
                        or search_key(self._shorts[i]) == k):
                    return i
            for i in range(self.n):
                for a in self._alias[i]:
                    if search_key(a) == k:
                        return i
        from comando.texts import refused   # (the words: read when a lookup fails)
        raise refused(BoardError, 252, self.id, text)

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
            from comando.texts import refused   # (the words: read when a lookup fails)
            raise refused(BoardError, 253, self.id, cid)

    def find_continent(self, text):
        k = search_key(text)
        for c in range(self.continents):
            if k and (search_key(self._cids[c]) == k or search_key(self._cnames[c]) == k
                      or search_key(self._cshorts[c]) == k):
                return c
            for a in self._calias[c]:
                if k and search_key(a) == k:
                    return c
        from comando.texts import refused   # (the words: read when a lookup fails)
        raise refused(BoardError, 254, self.id, text)

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

    # the shared graph walks (comando.board_graph: the map game's lean board has them too)
    distance = board_graph.distance
    within = board_graph.within

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

    chain = board_graph.chain
    chains = board_graph.chains
    connected = board_graph.connected

    # --- objectives
    occupation_met = board_graph.occupation_met
