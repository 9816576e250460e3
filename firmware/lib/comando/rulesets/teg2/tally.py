"""T.E.G. II objectives and the final count in the table session (the device does not track the
map): the tokens as placed on the OBJECTIVES TABLE, by row, and the count asked token by token
(rules/teg-ii.txt, "Choosing Objectives", "End of the Game", "Playing with Secret Objectives",
"For 2 Players").

Plain data in ``Session.tally``::

    {"rows": 6,                       # rows of the table in play (9 or 10, cut by the players)
     "tok": [[[row, k, h], ...], ...],  # per seat, in placement order: row 1.., token k (0-4, or
                                      # -1 while secret), commitment h ("" when open)
     "boom": [row, ...],              # rows where a rocket left the atomic mushroom
     "ans": [[0/1, ...], ...],        # per seat, per token: achieved (-1 not asked yet)
     "pts": [...], "tot": [...], "win": [...]}   # after the count (per seat, per side)

A secret token (option ``secret``) is placed with ``h = commit(k, row, nonce)`` and revealed at the
count with its ``k`` and nonce: one that does not match its commitment is refused and reported as
tampering, as battle commands are.
"""

import binascii
import hashlib

from comando.errors import IllegalMove
from comando.rulesets.teg2.objectives import NTOKENS, TOKENS, dropped, token_name

PREFIX = "teg2-objective/1:"
RULE_ONE = ("rules/teg-ii.txt, Choosing Objectives: \"The same player may not have more than one "
            "objective per region.\"")


def rows_in_play(table_rows, powers):
    """Rows of a table of ``table_rows`` (9 the Americas, 10 the Old World) for ``powers``."""
    return table_rows - dropped(powers)


def new(seats, rows):
    return {"rows": rows, "tok": [[] for _ in range(seats)], "boom": [],
            "ans": [[-1] * NTOKENS for _ in range(seats)], "pts": [], "tot": [], "win": []}


def commit(k, row, nonce):
    """The commitment to a secret token: sha256("teg2-objective/1:" + k + ":" + row + ":" + nonce)
    as 64 lowercase hex digits."""
    msg = "%s%d:%d:%s" % (PREFIX, k, row, nonce)
    return binascii.hexlify(hashlib.sha256(msg.encode()).digest()).decode()


def _k(v):
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < NTOKENS


def check_token(t, seat, a, secret):
    """IllegalMove unless the placement ``a`` (fields row, k or h) is legal for ``seat``."""
    mine = t["tok"][seat]
    if len(mine) >= NTOKENS:
        raise IllegalMove("all five objective tokens are on the table")
    row = a.get("row")
    if not isinstance(row, int) or isinstance(row, bool) or not 1 <= row <= t["rows"]:
        raise IllegalMove("a token goes on a row of the Objectives Table in play: 1 to %d"
                          % t["rows"])
    for e in mine:
        if e[0] == row:
            raise IllegalMove("a second objective in row %d refused: %s" % (row, RULE_ONE))
    if secret:
        h = a.get("h")
        if not isinstance(h, str) or len(h) != 64 or [c for c in h if c not in "0123456789abcdef"]:
            raise IllegalMove("a secret token is placed face down: its commitment h (64 hex digits)")
        if "k" in a:
            raise IllegalMove("a secret token does not show its kind until the count")
        return
    k = a.get("k")
    if not _k(k):
        raise IllegalMove("which token: 0-4 (INTERVENTION 1, 3, 4, NON-INTERVENTION 2, CONTROL 5)")
    for e in mine:
        if e[1] == k:
            raise IllegalMove("the %s token is already on the table" % token_name(k))


def add_token(t, seat, e):
    t["tok"][seat].append([e["row"], e.get("k", -1), e.get("h", "")])


def free_token(t, seat):
    """The first token kind ``seat`` has not placed (open tokens), else 0."""
    used = [e[1] for e in t["tok"][seat]]
    for k in range(NTOKENS):
        if k not in used:
            return k
    return 0


def free_row(t, seat, start=1):
    """The first row from ``start`` where ``seat`` has no token (wrapping), else 1."""
    used = [e[0] for e in t["tok"][seat]]
    for i in range(t["rows"]):
        row = (start - 1 + i) % t["rows"] + 1
        if row not in used:
            return row
    return 1


def question(t):
    """(seat, token index) the count asks next, or None when every token is answered. Tokens in
    a mushroom row are not asked: they score nothing."""
    for p in range(len(t["tok"])):
        for i in range(len(t["tok"][p])):
            if t["ans"][p][i] < 0 and t["tok"][p][i][0] not in t["boom"]:
                return p, i
    return None


def check_score(t, a, seat):
    q = question(t)
    if q is None:
        raise IllegalMove("every objective is counted")
    if seat != q[0] or a.get("i") != q[1]:
        raise IllegalMove("the count asks %s token %d now" % ("seat %d" % q[0], q[1] + 1))
    ok = a.get("ok")
    if ok not in (0, 1) or isinstance(ok, bool):
        raise IllegalMove("achieved: ok 1, or not: ok 0")
    e = t["tok"][seat][q[1]]
    if e[2]:
        k, n = a.get("k"), a.get("n")
        if not _k(k) or not isinstance(n, str) or not n:
            raise IllegalMove("a secret token is revealed at the count: its kind k and nonce n")
        if commit(k, e[0], n) != e[2]:
            raise IllegalMove("tampering: the token revealed in row %d (%s) does not match what "
                              "was placed face down (the commitment fails)" % (e[0], token_name(k)))
        for j in range(len(t["tok"][seat])):
            if j != q[1] and t["tok"][seat][j][1] == k:
                raise IllegalMove("tampering: two %s tokens revealed" % token_name(k))


def apply_score(t, e, seat):
    i = e["i"]
    if t["tok"][seat][i][2]:
        t["tok"][seat][i][1] = e["k"]
    t["ans"][seat][i] = e["ok"]


def finish(t, sides, nsides, wps=None):
    """Points per seat, totals per side (``sides[seat]``), winners (ties shared; ``wps`` per side
    breaks them when given). Returns the winning sides."""
    pts = []
    for p in range(len(t["tok"])):
        s = 0
        for i in range(len(t["tok"][p])):
            k = t["tok"][p][i][1]
            if t["ans"][p][i] == 1 and k >= 0:
                s += TOKENS[k][1]
        pts.append(s)
    tot = [0] * nsides
    for p in range(len(pts)):
        tot[sides[p]] += pts[p]
    best = max(tot)
    win = [s for s in range(nsides) if tot[s] == best]
    if wps is not None and len(win) > 1:
        b = max(wps[s] for s in win)
        win = [s for s in win if wps[s] == b]
    t["pts"] = pts
    t["tot"] = tot
    t["win"] = win
    return win
