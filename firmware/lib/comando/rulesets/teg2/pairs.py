"""T.E.G. II with 8, 10 or 12 players on one device tracking both boards (rules/teg-ii.txt,
"Game with 8 People", "Game with 10 and 12 People"): imported only by such a game, so the 2-6
player sessions do not carry its code.

Seats 0..k-1 play board 1 (the Americas) and k..2k-1 board 2 (the Old World), each the same k
powers in the book's order; board 2's seats are named by the power and "2" (``usa2``) because a
session's seats are distinct. Each seat keeps its own pieces, SUs, rocket and tokens; the war
potential is shared per power ("at every moment the potential levels must be equal on both
boards"). A round plays board 1 (additions, then turns), then board 2, each seat adding by its
power's level at the moment it adds (the engine's order; docs/architecture.md).
"""

from comando.errors import IllegalMove

SIZES = (8, 10, 12)
RULE = ("rules/teg-ii.txt, Game with 8 People: \"On each board one representative of each power "
        "plays\"")


def seats(powers, n):
    """The seats of an ``n``-player game: the first n/2 powers on board 1, then again on board 2."""
    k = n // 2
    return list(powers[:k]) + [p + "2" for p in powers[:k]]


def check_players(cols, powers, people):
    if people not in SIZES:
        raise IllegalMove("T.E.G. II seats 2 to 6 players on one board, or 8, 10 or 12 in pairs on "
                          "both boards, not %d (rules/teg-ii.txt, Variants)" % people)
    if cols != seats(powers, people):
        raise IllegalMove("%d players form %d pairs: %s on board 1, the same powers on board 2 "
                          "(%s)" % (people, people // 2, ", ".join(powers[:people // 2]), RULE))


def half(state):
    """Seats at one board (k), with both boards in play."""
    return state.n // 2


def board_order(state, start, board):
    """Board ``board``'s seats (0 or 1), rotated so that its ``start``-th power opens."""
    k = half(state)
    return [board * k + (start + i) % k for i in range(k)]


def check_declare(state, p, d):
    k = half(state)
    if p // k != d // k:
        raise IllegalMove("%s plays on the other board (%s)" % (state.colours[d], RULE))


def share(state, seats_moved):
    """Copy each moved seat's war potential to its partner on the other board ("if a power raises
    or lowers its war potential level on one board ... it is also raised or lowered on the other
    board")."""
    k = half(state)
    wp = state.track["wp"]
    for s in seats_moved:
        wp[(s + k) % (2 * k)] = wp[s]


def add_board(state, order):
    """Open the additions of the board whose seats are ``order``: each adds by its level now
    ("each player adds the number of armies indicated by their war potential level at the moment
    they have to add")."""
    from comando.rulesets.teg2 import track as teg2_track
    grants = list(state.grants) if state.grants else [0] * state.n
    state.track = teg2_track.copied(state.track)
    for s, g in zip(order, teg2_track.round_start(state.track, order)):
        grants[s] = g["units"]
    state.grants = grants
    state.order = order
    state.ti = 0
