"""The rulebooks' numeric tables, written once, and the readers that prefer a board's ``tables``.

A board file's ``tables`` (boards/README.md) is the rule as data: a house board with other trade-in
values or starting reserves changes the game. The rulesets (``comando.rulesets.teg.engine``/``war``/``risk``)
and the table session (``comando.session`` via ``comando.turns``) read these tables through the
functions here; when a board has no such table (a test board, the board-less device session) the
rulebook's values below apply. Nothing else in the core writes these numbers.
"""

# The armies placed at setup and at the start of a turn (with the board-table readers they share)
# are comando.rulebook_armies's, named here too: the table session on the device reads only them.
from comando.rulebook_armies import (TEG_PLACEMENT, TEG_PLACEMENT_SMALL, REVANCHA_PLACEMENT,  # noqa: F401
                                     REVANCHA_PLACEMENT_SMALL, PLACEMENT, REINFORCE, board_tables,
                                     is_count, board_reserves, placement)

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

# risk-online-12-maps.txt: "a reserve of armies ... 40 for two, 35 for three, 30 for four, 25 for
# five and 20 for six on the world board, and the proportional equivalent on the smaller maps".
RISK_WORLD_RESERVE = (40, 35, 30, 25, 20)   # 2..6 players
RISK_WORLD_TERRITORIES = 42
# ... "With deployment by hand, players place three at a time in rotation until nobody has any left."
RISK_DEPLOY_STEP = 3


def trade_in(tables, ruleset) -> tuple:
    """(values, step) for ``ruleset``'s trade-ins: the board's ``tables.trade_in`` ({"values":
    [...], "then_add": k}) when it has one, else the rulebook's."""
    t = board_tables(tables).get("trade_in")
    if isinstance(t, dict):
        vals = t.get("values")
        if isinstance(vals, list) and vals and all(is_count(v) for v in vals):
            step = t.get("then_add")
            return tuple(vals), (step if is_count(step) else TRADE_IN[ruleset][1])
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
    t = board_tables(tables).get("fixed_trade_in")
    if isinstance(t, dict):
        out = tuple(t.get(k) for k in FIXED_KEYS)
        if all(is_count(v) for v in out):
            return out
    return RISK_FIXED


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
    t = board_tables(tables).get("placement")
    if isinstance(t, dict) and is_count(t.get("per_turn")) and t["per_turn"] > 0:
        return t["per_turn"]
    return RISK_DEPLOY_STEP
