"""The rulebooks' numeric tables, written once, and the readers that prefer a board's ``tables``.

A board file's ``tables`` (boards/README.md) is the rule as data: a house board with other trade-in
values or starting reserves changes the game. The rulesets (``comando.rulesets.teg.engine``/``war``/``risk``)
and the table session (``comando.session`` via ``comando.turns``) read these tables through the
functions here; when a board has no such table (a test board, the board-less device session) the
rulebook's values below apply. Nothing else in the core writes these numbers.
"""

# --- trade-ins: (values of the first trades, armies added for each trade after them) ----------

# teg-classic.txt "6. Continuation of the Game", "C. By trade-in": 1st 4, 2nd 7, 3rd 10, "From here
# on, 5 more armies are added each time" (15, 20, ...); counted per player.
TEG_TRADE_IN = ((4, 7, 10), 5)
# war.txt "Card Trading": "according to TABLE II printed on the board ... the first ... 4 armies;
# the second ... 6; the third 8, and so on", counted over the whole game. The printed TABLE II
# (shared/boards-reference/REPORT.md, WAR "trade values"): 4, 6, 8, 10, 12, 15, 20, 25, ... i.e.
# 4..15 then +5.
WAR_TRADE_IN = ((4, 6, 8, 10, 12, 15), 5)
# risk-online-12-maps.txt (cards): "With escalating values, every set handed in at the table is worth
# more than the last: 4, 6, 8, 10, 12, 15, and five more each time after that."
RISK_TRADE_IN = ((4, 6, 8, 10, 12, 15), 5)
# ... "With fixed values, each kind of set always pays the same: 4 for infantry, 6 for cavalry, 8
# for artillery and 10 for a mixed set."  (infantry, cavalry, artillery, mixed)
RISK_FIXED = (4, 6, 8, 10)
FIXED_KEYS = ("infantry", "cavalry", "artillery", "mixed")

TRADE_IN = {"teg": TEG_TRADE_IN, "war": WAR_TRADE_IN, "risk": RISK_TRADE_IN}

# --- starting armies -----------------------------------------------------------------------------

# teg-classic.txt "4. Two Rounds to Add 8 Armies": 5, then 3; "8. Games of 2 or 3 Players": "50% of
# the countries occupied initially (12 armies if two people play; 8 armies if three play)".
TEG_PLACEMENT = (5, 3)
TEG_PLACEMENT_SMALL = {2: (12,), 3: (8,)}
# teg-la-revancha.txt: 8 then 4 ("The first player places 8 armies ... another 4 armies");
# "5. Playing with 2 or 3 People": "If two people play, each places 18 armies in the initial round".
REVANCHA_PLACEMENT = (8, 4)
REVANCHA_PLACEMENT_SMALL = {2: (18,)}
# risk-online-12-maps.txt: "a reserve of armies ... 40 for two, 35 for three, 30 for four, 25 for
# five and 20 for six on the world board, and the proportional equivalent on the smaller maps".
RISK_WORLD_RESERVE = (40, 35, 30, 25, 20)   # 2..6 players
RISK_WORLD_TERRITORIES = 42
# ... "With deployment by hand, players place three at a time in rotation until nobody has any left."
RISK_DEPLOY_STEP = 3

# --- armies at the start of a turn (comando.turns.reinforcements) ---------------------------------

# Armies for the countries held at the start of a turn: (divisor, minimum), the whole part only.
# teg-classic.txt "Adding Armies" A (50%, at least 3); teg-la-revancha.txt "B) Placing Armies on
# the Map" 1 (50%, at least 4); war.txt "1) Territories Possessed" (divide by 2; "Obs.": at least
# 3); risk-online-12-maps.txt (one for every three territories, at least 3). T.E.G. II adds by war
# potential instead (comando.rulesets.teg2.table.adds).
REINFORCE = {"teg": (2, 3), "revancha": (2, 4), "war": (2, 3), "risk": (3, 3)}

def _tables(tables):
    return tables if isinstance(tables, dict) else {}


def _posint(v):
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def trade_in(tables, ruleset) -> tuple:
    """(values, step) for ``ruleset``'s trade-ins: the board's ``tables.trade_in`` ({"values":
    [...], "then_add": k}) when it has one, else the rulebook's."""
    t = _tables(tables).get("trade_in")
    if isinstance(t, dict):
        vals = t.get("values")
        if isinstance(vals, list) and vals and all(_posint(v) for v in vals):
            step = t.get("then_add")
            return tuple(vals), (step if _posint(step) else TRADE_IN[ruleset][1])
    return TRADE_IN[ruleset]


def nth_trade(table, k) -> int:
    """Armies for trade number ``k`` (0-based) of the (values, step) ``table``."""
    vals, step = table
    if k < len(vals):
        return vals[k]
    return vals[-1] + step * (k - len(vals) + 1)


def fixed_sets(tables) -> tuple:
    """(infantry, cavalry, artillery, mixed) armies of Risk's fixed sets: the board's
    ``tables.fixed_trade_in`` when complete, else the rulebook's."""
    t = _tables(tables).get("fixed_trade_in")
    if isinstance(t, dict):
        out = tuple(t.get(k) for k in FIXED_KEYS)
        if all(_posint(v) for v in out):
            return out
    return RISK_FIXED


def board_reserves(tables, n) -> "tuple | None":
    """The board's ``tables.starting_reserves`` for ``n`` players as a tuple (armies per placement
    round), or None when the board has none."""
    sr = _tables(tables).get("starting_reserves")
    if isinstance(sr, dict):
        v = sr.get(str(n))
        if isinstance(v, int):
            v = [v]
        if isinstance(v, list) and v and all(_posint(x) for x in v):
            return tuple(v)
    return None


# Rulesets with fixed placement rounds: (rounds, rounds with fewer players).
PLACEMENT = {"teg": (TEG_PLACEMENT, TEG_PLACEMENT_SMALL),
             "revancha": (REVANCHA_PLACEMENT, REVANCHA_PLACEMENT_SMALL)}


def placement(ruleset, n, tables=None) -> tuple:
    """Armies per setup placement round (teg, revancha); () for the rulesets without fixed rounds."""
    rule = PLACEMENT.get(ruleset)
    if rule is None:
        return ()
    v = board_reserves(tables, n)
    if v is not None:
        return v
    return rule[1].get(n, rule[0])


def risk_reserve(n, territories=RISK_WORLD_TERRITORIES, tables=None) -> int:
    """Starting reserve per Risk player: the board's ``starting_reserves`` (first entry), else the
    rulebook's World value, proportional on smaller maps (rounded down, at least 1)."""
    v = board_reserves(tables, n)
    if v is not None:
        return v[0]
    base = RISK_WORLD_RESERVE[n - 2]
    if territories == RISK_WORLD_TERRITORIES:
        return base
    return max(1, base * territories // RISK_WORLD_TERRITORIES)


def deploy_step(tables) -> int:
    """Armies a Risk player places per turn of deployment by hand (``tables.placement.per_turn``)."""
    t = _tables(tables).get("placement")
    if isinstance(t, dict) and _posint(t.get("per_turn")) and t["per_turn"] > 0:
        return t["per_turn"]
    return RISK_DEPLOY_STEP
