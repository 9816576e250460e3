"""Risk's twelve maps as the table sees them: size and seat cap, and "the smallest map the whole
table fits on" (risk-online-12-maps.txt). Light on purpose: the device's new-game screen reads
only the packed boards' header lines (``comando.board_head.header``), never a whole board; the
engine's ``choose_board`` applies the same rule to loaded boards."""

from comando.errors import RulesError

WORLD = "risk"
DEFAULT_CAP = 6  # the rulebook gives reserves up to six players


def smallest_fit(players, boards, cap):
    """The first of ``boards`` (objects with ``n``) if ``cap(board)`` seats ``players``, else the
    one with the fewest territories that does (a tie goes to the earlier); RulesError if none."""
    first = boards[0]
    if cap(first) >= players:
        return first
    best = None
    for b in boards:
        if cap(b) >= players and (best is None or b.n < best.n):
            best = b
    if best is None:
        raise RulesError("no map seats %d players (the largest Risk tables seat %d)"
                         % (players, max(cap(b) for b in boards)))
    return best


class Head:
    """A map's id, size, seat cap and (World) the twelve maps' ids, from its header."""

    def __init__(self, bid, n, seats, maps=None):
        self.id = bid
        self.n = n
        self.seats = seats if isinstance(seats, int) else DEFAULT_CAP
        self.maps = maps


def head(board_id):
    """The Head of a shipped map: the packed board's header line, else its JSON file loaded."""
    from comando import board_head
    h = board_head.header(board_id)
    if h is not None:
        return Head(h["id"], h["n"], h.get("seats"), h.get("maps"))
    from comando.board import load_board
    b = load_board(board_id)
    t = b.tables if isinstance(b.tables, dict) else {}
    seats = t.get("seats")
    return Head(b.id, b.n, seats.get("max") if isinstance(seats, dict) else None, t.get("maps"))


def ids():
    """The twelve maps' ids in the rulebook's order (World's ``tables.maps``), else World alone."""
    m = head(WORLD).maps
    return list(m) if isinstance(m, list) and m else [WORLD]


def table_map(players, asked):
    """The Head of the map a table of ``players`` that asked for ``asked`` opens on."""
    heads = [head(asked)] + [head(b) for b in ids() if b != asked]
    return smallest_fit(players, heads, lambda h: h.seats)
