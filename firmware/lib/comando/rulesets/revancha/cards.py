"""La Revancha's exchanges (teg-la-revancha.txt, "3) By exchange", "Equivalence of COUNTRY and
CONTINENT CARDS", "D) Requesting a CONTINENT CARD").

An exchange is three symbols, all equal or all different: soldiers are wildcards; a country card
with three symbols (airplane, ship and tank: a super card) is an exchange by itself; a continent
card counts as the symbols the board's ``tables.continent_cards`` gives it: North America, Europe
and Asia are an exchange by themselves, South America = airplane + tank, Africa = airplane +
ship, Central America = tank, Oceania = ship. Values 6, 10, then 5 more each time (15, 20 ...).

Decisions (docs/architecture.md): a card that is an exchange by itself is traded alone (the book
says "by themselves they are equivalent to one exchange"; combining it would waste it); cards
combine only when their symbols add up to exactly three.
"""

WILD = ("soldiers",)
FULL = 3


def _tables(board):
    return board.tables if isinstance(board.tables, dict) else {}


def wild_symbols(board):
    return tuple(_tables(board).get("wildcard_symbols") or WILD)


def country_slots(board, card):
    """The symbols a country card counts as: one symbol, None for a wildcard, or three symbols
    (a super card)."""
    s = board.symbol(card)
    if isinstance(s, str):
        s = (s,)
    s = tuple(s)
    if len(s) == 1 and s[0] in wild_symbols(board):
        return (None,)
    return s


def continent_slots(board, k):
    t = _tables(board).get("continent_cards") or {}
    return tuple(t.get(board.continent_id(k)) or ())


def slots(board, cards, conts):
    out = []
    for c in cards:
        out.append(country_slots(board, c))
    for k in conts:
        out.append(continent_slots(board, k))
    return out


def is_exchange(board, cards, conts):
    """True when the country ``cards`` and continent cards ``conts`` make exactly one exchange."""
    items = slots(board, cards, conts)
    if not items:
        return False
    if len(items) == 1:
        return len(items[0]) == FULL
    flat = []
    for it in items:
        if len(it) >= FULL:
            return False  # a whole exchange by itself is traded alone
        flat.extend(it)
    if len(flat) != FULL:
        return False
    named = [s for s in flat if s is not None]
    if not named:
        return True
    same = True
    for s in named:
        if s != named[0]:
            same = False
    if same:
        return True
    for i in range(len(named)):
        for j in range(i + 1, len(named)):
            if named[i] == named[j]:
                return False
    return True


def options(board, hand, conts):
    """Every exchange (cards, continent cards) ``hand`` and the held continent cards allow,
    fewest cards first: singles, then pairs, then triples."""
    out = []
    items = [(0, c) for c in hand] + [(1, k) for k in conts]
    k = len(items)

    def split(sel):
        cs = [x[1] for x in sel if x[0] == 0]
        ks = [x[1] for x in sel if x[0] == 1]
        return cs, ks

    for i in range(k):
        cs, ks = split([items[i]])
        if is_exchange(board, cs, ks):
            out.append((cs, ks))
    for i in range(k):
        for j in range(i + 1, k):
            cs, ks = split([items[i], items[j]])
            if is_exchange(board, cs, ks):
                out.append((cs, ks))
    for i in range(k):
        for j in range(i + 1, k):
            for m in range(j + 1, k):
                cs, ks = split([items[i], items[j], items[m]])
                if is_exchange(board, cs, ks):
                    out.append((cs, ks))
    return out


def value(board, nth):
    """Armies for the player's exchange number ``nth`` (0-based): 6, 10, then +5."""
    t = _tables(board).get("trade_in")
    vals, step = (6, 10), 5
    if isinstance(t, dict) and isinstance(t.get("values"), list) and t["values"]:
        vals = tuple(t["values"])
        step = t.get("then_add", 5)
    if nth < len(vals):
        return vals[nth]
    return vals[-1] + step * (nth - len(vals) + 1)
