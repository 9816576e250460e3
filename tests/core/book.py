"""The rulebooks' card armies, written here for the tests from the rulebooks themselves, NOT from
the engine (``comando.rulebook`` / the rulesets' ``trade_value``), so that a wrong value in the
engine fails the invariant checks (tests/core/gamecheck.py, tests/host/test_engine_invariants.py)
and test_rulebook_tables.py.

- rules/teg-classic.txt "6. Continuation of the Game", "C. By trade-in": 1st 4, 2nd 7, 3rd 10,
  "From here on, 5 more armies are added each time" (4th 15, 5th 20 ...), per player.
  "What the card is for" (5. Beginning of Hostilities): +2 armies, once, on the country of a held
  card the player occupies.
- rules/war.txt "Card Trading": the 1st trade of the game 4, the 2nd 6, the 3rd 8, "and so on"
  (TABLE II printed on the board: 10, 12, 15, 20, 25, ...), counted over all the game's trades;
  "2 extra armies for each traded card that represents a territory they own".
- rules/risk-online-12-maps.txt (cards): escalating "4, 6, 8, 10, 12, 15, and five more each time
  after that"; fixed "4 for infantry, 6 for cavalry, 8 for artillery and 10 for a mixed set"; wild
  cards "count as any symbol"; "two of those armies are placed directly on" a held territory.
"""

TEG_TRADES = (4, 7, 10, 15, 20)
WAR_TRADES = (4, 6, 8, 10, 12, 15, 20, 25)
RISK_ESCALATING = (4, 6, 8, 10, 12, 15, 20, 25)
RISK_FIXED = {"infantry": 4, "cavalry": 6, "artillery": 8}
RISK_MIXED = 10
CARD_COUNTRY_BONUS = 2


def _nth(listed, k):
    """The k-th (0-based) value of a table whose listed values go on by +5 each time."""
    if k < len(listed):
        return listed[k]
    return listed[-1] + 5 * (k - len(listed) + 1)


def teg_trade(k):
    """Armies for a T.E.G. player's trade when they already made ``k``."""
    return _nth(TEG_TRADES, k)


def war_trade(k):
    """Armies for a WAR trade when the table already made ``k``."""
    return _nth(WAR_TRADES, k)


def risk_escalating(k):
    """Armies for an escalating Risk set when the table already handed in ``k``."""
    return _nth(RISK_ESCALATING, k)


def risk_fixed(kinds):
    """Armies of a fixed-value Risk set; ``kinds`` are the cards' symbol names, None for a wild
    (a wild counts as whichever symbol pays most)."""
    names = ("infantry", "cavalry", "artillery")
    best = 0
    for a in names:
        for b in names:
            for c in names:
                got = [k if k is not None else w for k, w in zip(kinds, (a, b, c))]
                if got[0] == got[1] == got[2]:
                    best = max(best, RISK_FIXED[got[0]])
                elif got[0] != got[1] and got[1] != got[2] and got[0] != got[2]:
                    best = max(best, RISK_MIXED)
    return best


def trade_armies(state, p, cards):
    """All the armies trade ``cards`` gives ``p`` in ``state`` (before the trade), by the book."""
    rid = state.rules.id
    if rid == "teg":
        return teg_trade(state.trades[p])
    if rid == "war":
        return war_trade(state.ttrades)
    if state.options.get("sets", "escalating") == "fixed":
        kinds = []
        for c in cards:
            if c >= state.n:
                kinds.append(None)
            else:
                s = state.board.symbol(c)
                kinds.append(None if len(s) != 1 else s[0])
        return risk_fixed(kinds)
    return risk_escalating(state.ttrades)


def unclaimed_card_bonus(state, p):
    """The +2 armies ``p`` still has the right to: held cards whose country ``p`` occupies and
    whose bonus was not taken yet (T.E.G. "What the card is for": "once only")."""
    n = 0
    for c in state.hands[p]:
        if c < state.n and state.owner[c] == p and not state.bonused[c]:
            n += CARD_COUNTRY_BONUS
    return n
