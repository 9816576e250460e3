"""Packed boards: a validated board as one small binary file, for the device.

    from comando.board_pack import load_packed
    board = load_packed("revancha")              # on the device: None when there is no ID.pkb

The writer is comando.board_packer (``pack(board)``: `make firmware` writes ID.pkb on the host),
a module of its own so that the device, which only reads, never loads it.

``comando.board`` parses and validates the JSON file (its loader module alone is ~29 KB of heap
while it runs, and a Board keeps every name as its own str: ~47 KB for La Revancha's 72 countries
on the 64-bit unix port). The device only needs the graph, the continents and the names, and the
file was already validated when the bundle was built, so ``make firmware`` also writes
``boards/ID.pkb`` and the device reads that: one ``bytes`` object holds everything, and names are
decoded when asked for. A board without a .pkb (one copied by hand) still loads from its JSON.

A PackedBoard answers the device's part of the Board API (docs/architecture.md "Boards") with the
same results: ``id``, ``name`` (a str, also callable: ``name(i)``), ``rulesets``, ``n``,
``continents``, ``cid``, ``index``, ``short``, ``island``, ``islands``,
``continent_of/id/name/short/bonus``, ``continent_index``, ``members``, ``owns_continent``,
``neighbours``, ``is_border``, ``borders``, ``is_internal``, ``is_external``; ``objectives`` is
empty and ``tables`` is {} (the host engine's business). ``find``, aliases, card symbols and
objectives need ``comando.board``.

File: a JSON header line (MAGIC, then {"id", "name", "rulesets", "n", "k", "bonus"}), then the
body: continent of each country (n bytes), island flags (n bytes), neighbour offsets (n + 1
little-endian uint16), neighbours (bytes), string offsets (3n + 3k + 1 uint16) and the UTF-8
strings: country ids, names, short names, then continent ids, names, short names.
"""

import json

# the file's header line and where the files are: comando.board_head (the device reads a header
# without this module's code)
from comando.board_head import EXT, MAGIC, _candidates, find, header, read_head  # noqa: F401


def load_packed(board_id, directory=None):
    """The PackedBoard of ``DIR/ID.pkb`` (DIR: ``directory``, else $COMANDO_BOARDS, /boards,
    ./boards), or None when there is no such file; ValueError when it is not a packed board.
    Only its header is read now: the body (the graph, the names) when a method first needs it,
    and the countries' ids and names stay in the file, read when one is asked for (a table game
    that never names a country holds its board's header only, not La Revancha's ~3 KB)."""
    found = find(board_id, directory)
    return None if found is None else PackedBoard(found[0], None, found[1])


def unpack(data):
    """A PackedBoard from .pkb bytes; ValueError when they are not one."""
    end = data.find(b"\n")
    line = bytes(data[:end]).decode() if end > 0 else ""
    if not line.startswith(MAGIC + " "):
        raise ValueError("not a packed board")
    return PackedBoard(json.loads(line[len(MAGIC) + 1:]), data[end + 1:])


class _Name(str):
    """The board's name (a str), also callable for a country's display name (``name(i)``)."""

    _b: "PackedBoard"  # set right after construction

    def __call__(self, i):
        return self._b._country_name(i)


class PackedBoard:
    objectives = ()
    common_objective = None

    def __init__(self, head, body, path=None):
        n = self.n = head["n"]
        self.continents = head["k"]
        self.id = head["id"]
        self.rulesets = tuple(head["rulesets"])
        self._bonus = tuple(head["bonus"])
        self.tables = {}
        self.name = _Name(head["name"])
        self.name._b = self
        self._nbo = 2 * n                      # neighbour offsets
        self._nb = self._nbo + 2 * (n + 1)     # neighbours
        self._path = path
        if body is not None:
            self._take(body)

    def _take(self, body):
        n = self.n
        self._d = body
        self._so = self._nb + self._u16(self._nbo + 2 * n)  # string offsets
        self._s = self._so + 2 * (3 * n + 3 * self.continents + 1)  # strings

    def __getattr__(self, name):
        # (only for attributes not set) a board from load_packed reads its body the first time
        # a method needs it
        if name in ("_d", "_so", "_s") and self._path:
            self._load(self._path)
            return getattr(self, name)
        raise AttributeError(name)

    def _load(self, path):
        """The body from the file at ``path``, without the countries' ids and names (the first 2n
        strings): those are read from the file when asked for."""
        with open(path, "rb") as f:
            at = len(f.readline())
            body = f.read()
        self._take(body)
        cut = self._u16(self._so + 4 * self.n)   # where the short names start
        self._file = (path, at + self._s)
        self._cut = cut
        self._d = body[:self._s] + body[self._s + cut:]

    def __repr__(self):
        return "<Board %s: %d countries, %d continents>" % (self.id, self.n, self.continents)

    def _u16(self, at):
        d = self._d
        return d[at] | (d[at + 1] << 8)

    _file = None   # (path, where its strings start): the ids and names read from the file
    _cut = 0       # the bytes of strings left out of the body

    def _str(self, j):
        at = self._so + 2 * j
        a, b = self._u16(at), self._u16(at + 2)
        if self._file is not None:
            if j < 2 * self.n:
                path, s = self._file
                with open(path, "rb") as f:
                    f.seek(s + a)
                    return f.read(b - a).decode()
            a -= self._cut
            b -= self._cut
        return bytes(self._d[self._s + a:self._s + b]).decode()

    def _check(self, i, count):
        # indexing as the Board's tuples do (negative counts from the end)
        if i < 0:
            i += count
        if not 0 <= i < count:
            raise IndexError("index out of range")
        return i

    # --- countries
    def cid(self, i):
        return self._str(self._check(i, self.n))

    def index(self, cid):
        for i in range(self.n):
            if self._str(i) == cid:
                return i
        from comando.errors import BoardError
        raise BoardError("%s: unknown country id '%s'" % (self.id, cid))

    def _country_name(self, i):
        return self._str(self.n + self._check(i, self.n))

    def short(self, i):
        return self._str(2 * self.n + self._check(i, self.n))

    def island(self, i):
        return self._d[self.n + self._check(i, self.n)] == 1

    def islands(self):
        return tuple(i for i in range(self.n) if self._d[self.n + i])

    # --- continents
    def continent_of(self, i):
        return self._d[self._check(i, self.n)]

    def continent_id(self, c):
        return self._str(3 * self.n + self._check(c, self.continents))

    def continent_name(self, c):
        return self._str(3 * self.n + self.continents + self._check(c, self.continents))

    def continent_short(self, c):
        return self._str(3 * self.n + 2 * self.continents + self._check(c, self.continents))

    def continent_bonus(self, c):
        return self._bonus[c]

    def continent_index(self, cid):
        for c in range(self.continents):
            if self.continent_id(c) == cid:
                return c
        from comando.errors import BoardError
        raise BoardError("%s: unknown continent id '%s'" % (self.id, cid))

    def members(self, c):
        self._check(c, self.continents)
        return tuple(i for i in range(self.n) if self._d[i] == c)

    def owns_continent(self, owner_of, player, c):
        for i in self.members(c):
            if owner_of[i] != player:
                return False
        return True

    def continents_owned(self, owner_of, player):
        return tuple(c for c in range(self.continents)
                     if self.owns_continent(owner_of, player, c))

    # --- graph
    def neighbours(self, i):
        at = self._nbo + 2 * self._check(i, self.n)
        return tuple(self._d[self._nb + self._u16(at):self._nb + self._u16(at + 2)])

    def is_border(self, a, b):
        at = self._nbo + 2 * self._check(a, self.n)
        d = self._d
        for j in range(self._nb + self._u16(at), self._nb + self._u16(at + 2)):
            if d[j] == b:
                return True
        return False

    def borders(self):
        return tuple((a, b) for a in range(self.n) for b in self.neighbours(a) if a < b)

    def is_internal(self, a, b):
        return self.is_border(a, b) and self.continent_of(a) == self.continent_of(b)

    def is_external(self, a, b):
        return self.is_border(a, b) and self.continent_of(a) != self.continent_of(b)
