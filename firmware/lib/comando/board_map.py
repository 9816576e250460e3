"""The board of a map game on the device: the packed board (``comando.board_pack``, written by
`make firmware` from the validated file) plus the parts the engine reads that it does not pack:
each country's card symbols, the objectives, the common objective, the rulesets' tables and the
card symbol names, taken from the board's JSON file as they stand (the file was validated when the
bundle was built, and its .pkb made from it).

    from comando.board_map import load_map_board
    board = load_map_board("revancha")   # None when there is no ID.pkb: use comando.board

``comando.board.Board`` keeps every name, id, alias and neighbour list as its own object and needs
its loader module while it loads: La Revancha's board and code took ~60 KB of heap on the 64-bit
unix port. The engine's calls answer the same (``tests/core/test_board_map.py`` compares every
one with ``Board``'s on every shipped board). Names are decoded when asked for (the packed form).
"""

import json

from comando import board_graph
from comando.board_pack import EXT, MAGIC, PackedBoard, _candidates


class MapBoard(PackedBoard):
    options = ()

    distance = board_graph.distance
    within = board_graph.within
    occupation_met = board_graph.occupation_met
    chain = board_graph.chain
    chains = board_graph.chains
    connected = board_graph.connected

    def symbol(self, i):
        """The card symbol(s) on country i's card, a tuple (as ``Board.symbol``)."""
        return self._sym[self._check(i, self.n)]

    def take(self, data):
        """Take the unpacked parts from the board file's parsed JSON ``data``."""
        cache = {}
        sym = []
        for c in data.get("countries") or ():
            s = tuple(c.get("symbols") or ())
            sym.append(cache.setdefault(s, s))   # one tuple per distinct set, as Board's
        if len(sym) != self.n:
            raise ValueError("%s: the board file and its packed form differ" % self.id)
        self._sym = tuple(sym)
        self.objectives = data.get("objectives") or []
        self.common_objective = data.get("common_objective")
        self.tables = data.get("tables") or {}
        self.card_symbols = data.get("card_symbols") or {}
        self.complete = data.get("complete") is not False
        return self


def from_files(pkb, text):
    """A MapBoard from the .pkb bytes and the board file's JSON text; ValueError when they are
    not a packed board and its file."""
    end = pkb.find(b"\n")
    line = bytes(pkb[:end]).decode() if end > 0 else ""
    if not line.startswith(MAGIC + " "):
        raise ValueError("not a packed board")
    b = MapBoard(json.loads(line[len(MAGIC) + 1:]), pkb[end + 1:])
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("id") != b.id:
        raise ValueError("%s: the board file and its packed form differ" % b.id)
    return b.take(data)


def load_map_board(board_id, directory=None):
    """The MapBoard of ``DIR/ID.pkb`` and ``DIR/ID.json`` (DIR as ``comando.board_pack``), or
    None when there is no packed board."""
    for d in ((directory,) if directory else _candidates()):
        base = d.rstrip("/") + "/" + board_id
        try:
            f = open(base + EXT, "rb")
        except OSError:
            continue
        with f:
            pkb = f.read()
        with open(base + ".json") as f:
            return from_files(pkb, f.read())
    return None
