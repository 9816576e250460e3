"""T.E.G. II objectives and the final count in the table session (the device does not track the
map): the tokens as placed on the OBJECTIVES TABLE, by row, and the count asked token by token
(rules/teg-ii.txt, "Choosing Objectives", "End of the Game", "Playing with Secret Objectives",
"For 2 Players").

Plain data in ``Session.tally``, flat lists indexed seat*5 + i (the seat's i-th token placed),
so that the undo snapshots the device keeps stay small (the session replaces the dict on every
change instead of copying it into each snapshot)::

    {"rows": 6,            # rows of the table in play (9 or 10, cut by the players)
     "row": [...],         # the token's row (1..rows; 0 when the log did not say; -1 unplaced)
     "k": [...],           # the token (0-4; -1 while secret or unplaced)
     "h": [...] or None,   # secret tokens: the commitments
     "ans": [...],         # achieved 1 / 0, -1 not asked yet
     "boom": [row, ...],   # rows where a rocket left the atomic mushroom (board 2's: 100 + row)
     "rows2": 7, "b2": 4,  # 8-12 players only: board 2's rows, its first seat
     "pts": [...], "tot": [...], "win": [...]}   # after the count (per seat, per side)

A secret token (option ``secret``) is placed with ``h = commit(k, row, nonce)`` and revealed at the
count with its ``k`` and nonce: one that does not match its commitment is refused and reported as
tampering, as battle commands are.
"""

import binascii
import hashlib

from comando.errors import IllegalMove

# The five tokens (comando.rulesets.teg2.objectives uses these too): kind, points.
NTOKENS = 5
TOKENS = (("intervention", 1), ("intervention", 3), ("intervention", 4), ("non_intervention", 2),
          ("control", 5))
_NAMES = ("INTERVENTION 1", "INTERVENTION 3", "INTERVENTION 4", "NON-INTERVENTION 2", "CONTROL 5")

PREFIX = "teg2-objective/1:"
RULE_ONE = ("rules/teg-ii.txt, Choosing Objectives: \"The same player may not have more than one "
            "objective per region.\"")


def token_name(k):
    return _NAMES[k]


def dropped(players):
    """Entries cut from the end of one Objectives Table ("Choosing Objectives"): 6 players -> 0,
    5 -> the last 2 (CARIBBEAN and PACIFIC; INDOCHINA and PACIFIC), 3 or 4 -> the last 3."""
    if players >= 6:
        return 0
    if players == 5:
        return 2
    return 3


def rows_in_play(table_rows, powers):
    """Rows of a table of ``table_rows`` (9 the Americas, 10 the Old World) for ``powers``."""
    return table_rows - dropped(powers)


def new(seats, rows, secret=0, rows2=0, b2=0):
    m = seats * NTOKENS
    t = {"rows": rows, "row": [-1] * m, "k": [-1] * m, "h": [""] * m if secret else None,
         "ans": [-1] * m, "boom": [], "pts": [], "tot": [], "win": []}
    if b2:  # two boards (8-12 players): seats from b2 on place on the Old World's table
        t["rows2"] = rows2
        t["b2"] = b2
    return t


def rows_of(t, seat):
    """Rows of the Objectives Table ``seat`` places on."""
    return t["rows2"] if seat >= t.get("b2", 99) else t["rows"]


def boom_key(t, seat, row):
    """How ``boom`` names a mushroom row of ``seat``'s board."""
    return row + 100 if seat >= t.get("b2", 99) else row


def copy(t, keys=None):
    """A copy to change (the old dict stays in the undo snapshots); ``keys``: only those lists
    are copied, the others stay shared with the snapshots (they are replaced, never changed)."""
    out = {}
    for key in t:
        v = t[key]
        out[key] = list(v) if isinstance(v, list) and (keys is None or key in keys) else v
    return out


def placed(t, seat):
    """How many tokens ``seat`` has placed."""
    n = 0
    base = seat * NTOKENS
    for i in range(NTOKENS):
        if t["row"][base + i] >= 0:
            n += 1
    return n


def token(t, seat, i):
    """(row, k, commitment) of ``seat``'s i-th token."""
    j = seat * NTOKENS + i
    return t["row"][j], t["k"][j], (t["h"][j] if t["h"] else "")


def commit(k, row, nonce):
    """The commitment to a secret token: sha256("teg2-objective/1:" + k + ":" + row + ":" + nonce)
    as 64 lowercase hex digits."""
    msg = "%s%d:%d:%s" % (PREFIX, k, row, nonce)
    return binascii.hexlify(hashlib.sha256(msg.encode()).digest()).decode()


def _k(v):
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < NTOKENS


def check_token(t, seat, a, secret):
    """IllegalMove unless the placement ``a`` (fields row, k or h) is legal for ``seat``."""
    n = placed(t, seat)
    base = seat * NTOKENS
    if n >= NTOKENS:
        raise IllegalMove("all five objective tokens are on the table")
    row = a.get("row")
    rows = rows_of(t, seat)
    if not isinstance(row, int) or isinstance(row, bool) or not 1 <= row <= rows:
        raise IllegalMove("a token goes on a row of the Objectives Table in play: 1 to %d" % rows)
    if row in t["row"][base:base + n]:
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
    if k in t["k"][base:base + n]:
        raise IllegalMove("the %s token is already on the table" % token_name(k))


def add_token(t, seat, e):
    j = seat * NTOKENS + placed(t, seat)
    t["row"][j] = e["row"]
    t["k"][j] = e.get("k", -1)
    if t["h"] is not None:
        t["h"][j] = e.get("h", "")


def free_token(t, seat):
    """The first token kind ``seat`` has not placed (open tokens), else 0."""
    base = seat * NTOKENS
    used = t["k"][base:base + NTOKENS]
    for k in range(NTOKENS):
        if k not in used:
            return k
    return 0


def free_row(t, seat, start=1):
    """The first row from ``start`` where ``seat`` has no token (wrapping), else 1."""
    base = seat * NTOKENS
    used = t["row"][base:base + NTOKENS]
    rows = rows_of(t, seat)
    for i in range(rows):
        row = (start - 1 + i) % rows + 1
        if row not in used:
            return row
    return 1


def question(t):
    """(seat, token index) the count asks next, or None when every token is answered. Tokens in
    a mushroom row are not asked: they score nothing."""
    for j in range(len(t["row"])):
        if t["row"][j] >= 0 and t["ans"][j] < 0 and \
                boom_key(t, j // NTOKENS, t["row"][j]) not in t["boom"]:
            return j // NTOKENS, j % NTOKENS
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
    row, _, h = token(t, seat, q[1])
    if h:
        k, n = a.get("k"), a.get("n")
        if not _k(k) or not isinstance(n, str) or not n:
            raise IllegalMove("a secret token is revealed at the count: its kind k and nonce n")
        if commit(k, row, n) != h:
            raise IllegalMove("tampering: the token revealed in row %d (%s) does not match what "
                              "was placed face down (the commitment fails)" % (row, token_name(k)))
        base = seat * NTOKENS
        if k in t["k"][base:base + NTOKENS]:
            raise IllegalMove("tampering: two %s tokens revealed" % token_name(k))


def apply_score(t, e, seat):
    j = seat * NTOKENS + e["i"]
    if t["h"] and t["h"][j]:
        t["k"][j] = e["k"]
    t["ans"][j] = e["ok"]


def finish(t, sides, nsides, wps=None):
    """Points per seat, totals per side (``sides[seat]``), winners (ties shared; ``wps`` per side
    breaks them when given). Returns the winning sides."""
    pts = [0] * (len(t["row"]) // NTOKENS)
    for j in range(len(t["row"])):
        k = t["k"][j]
        if t["ans"][j] == 1 and k >= 0:
            pts[j // NTOKENS] += TOKENS[k][1]
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
