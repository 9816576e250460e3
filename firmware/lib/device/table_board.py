"""A table game's board on the device (device.app.load_board): the packed board's header (its id,
size, continents and their bonuses: what the turn screen's armies line reads) until something
asks for more, then the whole packed board (comando.board_pack, loaded then: the first country
named on the Dice screen, a roll naming its countries, the Armies screen). A table that plays by
army counts alone never holds the board's body nor comando.board_pack's code (~5 KB of a Pico's
heap for La Revancha's board). Every answer is the packed board's (tests/core/test_board_pack.py).
"""

from comando.board_head import find


class TableBoard:
    def __init__(self, head, path):
        self.id = head["id"]
        self.n = head["n"]
        self.continents = head["k"]
        self._bonus = tuple(head["bonus"])
        self._head = head
        self._path = path
        self._full = None   # the PackedBoard, once something asked for more than the header

    def continent_bonus(self, c):
        return self._bonus[c]

    def __getattr__(self, name):
        # (only for what is not above) the whole packed board, loaded the first time
        full = self._full
        if full is None:
            from comando.board_pack import PackedBoard
            full = self._full = PackedBoard(self._head, None, self._path)
        return getattr(full, name)


def load(board_id, directory=None):
    """The TableBoard of ``DIR/ID.pkb`` (DIR as comando.board_pack's), or None when there is no
    such file; ValueError when it is not a packed board."""
    found = find(board_id, directory)
    return None if found is None else TableBoard(found[0], found[1])
