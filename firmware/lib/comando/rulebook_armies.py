"""The rulebooks' armies at setup and at the start of a turn: the part of comando.rulebook that
the table session reads while a game is played (comando.turns), in a leaf of its own so that the
device does not hold the trade-in and Risk reserve tables of the map engine (comando.rulebook, which
names all of these too, as the one place of the rulebooks' numbers). The map engine reads its
reinforcements here too, so a map game does not hold comando.turns (issue 22).
"""

from comando.errors import RulesError
from comando.texts import say

# --- starting armies -----------------------------------------------------------------------------

# teg-classic.txt "4. Two Rounds to Add 8 Armies": 5, then 3; "8. Games of 2 or 3 Players": "50% of
# the countries occupied initially (12 armies if two people play; 8 armies if three play)".
TEG_PLACEMENT = (5, 3)
TEG_PLACEMENT_SMALL = {2: (12,), 3: (8,)}
# teg-la-revancha.txt: 8 then 4 ("The first player places 8 armies ... another 4 armies");
# "5. Playing with 2 or 3 People": "If two people play, each places 18 armies in the initial round".
REVANCHA_PLACEMENT = (8, 4)
REVANCHA_PLACEMENT_SMALL = {2: (18,)}

# --- armies at the start of a turn (comando.turns.reinforcements) ---------------------------------

# Armies for the countries held at the start of a turn: (divisor, minimum), the whole part only.
# teg-classic.txt "Adding Armies" A (50%, at least 3); teg-la-revancha.txt "B) Placing Armies on
# the Map" 1 (50%, at least 4); war.txt "1) Territories Possessed" (divide by 2; "Obs.": at least
# 3); risk-online-12-maps.txt (one for every three territories, at least 3). T.E.G. II adds by war
# potential instead (comando.rulesets.teg2.table.adds).
REINFORCE = {"teg": (2, 3), "revancha": (2, 4), "war": (2, 3), "risk": (3, 3)}


def reinforcements(ruleset, countries, bonus=0):
    """Armies a player adds at the start of a turn: ``countries`` held divided by the ruleset's
    divisor (rounded down, at least its minimum) plus ``bonus`` (the whole continents' bonuses,
    from the board: ``board.continent_bonus(c)``)."""
    rule = REINFORCE.get(ruleset)
    if rule is None:
        from comando.registry import IDS
        raise RulesError("%s adds armies by war potential, not by countries held" % ruleset
                         if ruleset in IDS else "unknown ruleset %r" % (ruleset,))
    if countries < 0 or bonus < 0:
        raise RulesError(say("held_neg"))
    n = countries // rule[0]
    return (n if n > rule[1] else rule[1]) + bonus


def board_tables(tables):
    """A board's ``tables`` (a dict), or {} when it has none."""
    return tables if isinstance(tables, dict) else {}


def is_count(v):
    """A whole number of armies (an int, not a bool, not negative)."""
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def board_reserves(tables, n) -> "tuple | None":
    """The board's ``tables.starting_reserves`` for ``n`` players as a tuple (armies per placement
    round), or None when the board has none."""
    sr = board_tables(tables).get("starting_reserves")
    if isinstance(sr, dict):
        v = sr.get(str(n))
        if isinstance(v, int):
            v = [v]
        if isinstance(v, list) and v and all(is_count(x) for x in v):
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
