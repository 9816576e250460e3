"""Turn order for every ruleset: who opens, who plays next, how a round's order rotates.

Seats are small ints 0..n-1 in the order the players sit around the table, clockwise; play passes
clockwise (seat + 1). A sequence ``alive`` (truthy per seat) says who is still in the game;
eliminated seats are skipped everywhere.

What the rulebooks say (rules/*.txt):

- T.E.G. classic (teg-classic.txt, "4. Two Rounds to Add 8 Armies", "5. Beginning of
  Hostilities"): each player rolls a die, the highest opens and play goes clockwise; two placement
  rounds (5, then 3) and every round after them starts with that same first player.
- La Revancha (teg-la-revancha.txt, "First Round", "Second Round and Following"): highest die
  opens the placement rounds (8, then 4; 18 in one round with two players); the first round of
  hostilities starts with the same player; after each round of hostilities "the player who started
  ... will now be the last to play, and the one who was second ... will now be the first".
- WAR (war.txt, "Distribution of Armies and Territories", "The Game"): the highest die is the
  distributor, who deals one card at a time clockwise starting with the player on their left; the
  game begins with the player following the one who received the last territory card; the order
  never changes. The first round only places armies.
- Risk online (risk-online-12-maps.txt): territories dealt one at a time, deployment by hand three
  armies at a time in rotation; the order of seats is the table's order (the rules name no
  opening roll: a session may still decide the opener by a die, as at any table).
- T.E.G. II (teg-ii.txt, "Choosing Objectives", "Course of Play", "How the Game Continues"): fixed
  order of powers (USA, USSR, China, ...); the first round is started by the USA, the second by the
  USSR, "the last in this round will be the American player": the opener rotates every round, and
  the objective-placing rounds rotate the same way. The game lasts a fixed number of rounds.

Ties on an opening roll are rolled again by the tied players only (the rulebooks name the highest
die and say nothing of ties; re-rolling the tie is the table's universal custom).
"""

from comando.errors import RulesError
from comando.texts import say
from comando import rulebook_armies  # (not comando.rulebook: the trade-ins are the engine's)
# the registry's: the ids, the players each seats (teg2: 2 players play 4 powers, see
# teg2_powers()), the rulesets whose round opener moves one seat on after every round of play
from comando.registry import IDS as RULESETS, POWERS, POWER_NAMES, SEATS, ROTATING

# T.E.G. II powers in the rulebook's playing order (the registry's).
TEG2_POWERS = POWERS["teg2"]
TEG2_POWER_NAMES = POWER_NAMES["teg2"]


def check_ruleset(ruleset):
    if ruleset not in RULESETS:
        raise RulesError(say("rs_unknown", ruleset, ", ".join(RULESETS)))


def check_players(ruleset, n):
    check_ruleset(ruleset)
    lo, hi = SEATS[ruleset]
    if n < lo or n > hi:
        raise RulesError(say("seats", ruleset, lo, hi, n))


def rotates(ruleset):
    """True when the round's first player becomes the last in the next round."""
    return ruleset in ROTATING


def next_alive(seat, alive):
    """The first live seat clockwise after ``seat`` (``seat`` itself if it is the only one)."""
    n = len(alive)
    for k in range(1, n + 1):
        s = (seat + k) % n
        if alive[s]:
            return s
    raise RulesError(say("none_left"))


def first_alive_from(seat, alive):
    """``seat`` if it is still in the game, else the next live seat clockwise."""
    if alive[seat]:
        return seat
    return next_alive(seat, alive)


def order_from(first, alive):
    """The live seats in play order starting at ``first`` (or the next live seat after it)."""
    start = first_alive_from(first, alive)
    n = len(alive)
    return tuple((start + k) % n for k in range(n) if alive[(start + k) % n])


def next_round_first(ruleset, prev_first, alive):
    """Who opens the next round of play, given who opened the last one.

    Rotating rulesets: the player after the last opener (the last opener plays last). Fixed ones:
    the same opener, or the next live seat when that player is out.
    """
    if rotates(ruleset):
        return next_alive(prev_first, alive)
    return first_alive_from(prev_first, alive)


def round_first(ruleset, first, rnd, alive=None, n=None):
    """Opener of round ``rnd`` (1-based) of play when nobody has been eliminated since the start
    (or with the given ``alive`` applied at every round: a convenience for tables and tests)."""
    if alive is None:
        if n is None:
            raise RulesError(say("alive_or_n"))
        alive = (True,) * n
    s = first_alive_from(first, alive)
    for _ in range(rnd - 1):
        s = next_round_first(ruleset, s, alive)
    return s


def round_order(ruleset, first, rnd, alive=None, n=None):
    """Play order of round ``rnd`` (1-based) of play: see round_first()."""
    if alive is None:
        if n is None:
            raise RulesError(say("alive_or_n"))
        alive = (True,) * n
    return order_from(round_first(ruleset, first, rnd, alive), alive)


# --- who opens ---------------------------------------------------------------------------------

def opening_winner(rolls):
    """Resolve an opening roll: ``rolls`` is a list of rounds, each a list with one die per seat
    (0 for a seat that does not roll in that round). The highest die wins; the tied players roll
    again in the next round. Returns the winning seat; raises RulesError when the rolls are not a
    complete, well-formed resolution (so a stored roll is validated when replayed)."""
    if not rolls:
        raise RulesError(say("open_none"))
    rolling = None
    for i, rnd in enumerate(rolls):
        if rolling is None:
            rolling = [True] * len(rnd)
        if len(rnd) != len(rolling):
            raise RulesError(say("open_count", i + 1, len(rnd), len(rolling)))
        best = 0
        for s, d in enumerate(rnd):
            if rolling[s]:
                if not 1 <= d <= 6:
                    raise RulesError(say("open_die", i + 1, s, d))
                if d > best:
                    best = d
            elif d != 0:
                raise RulesError(say("open_notie", i + 1, s))
        top = [s for s in range(len(rnd)) if rolling[s] and rnd[s] == best]
        if len(top) == 1:
            if i != len(rolls) - 1:
                raise RulesError(say("open_extra", i + 1))
            return top[0]
        rolling = [s in top for s in range(len(rnd))]
    raise RulesError(say("open_tie"))


def roll_opening(dice, n, alive=None):
    """Roll for the opener with a dice source (``.d6()``): returns the list of rounds for
    opening_winner(). Only live seats roll."""
    if alive is None:
        if n is None:
            raise RulesError(say("alive_or_n"))
        alive = (True,) * n
    rolling = [bool(a) for a in alive]
    rounds = []
    while True:
        rnd = [dice.d6() if rolling[s] else 0 for s in range(n)]
        rounds.append(rnd)
        best = max(rnd)
        top = [s for s in range(n) if rolling[s] and rnd[s] == best]
        if len(top) == 1:
            return rounds
        rolling = [s in top for s in range(n)]


# --- WAR: the distributor's deal -------------------------------------------------------------------


# --- setup rounds -------------------------------------------------------------------------------

def placement_rounds(ruleset, n, tables=None):
    """Armies each player places in each placement round before play (fixed-count rulesets).

    teg: (5, 3); with 2 or 3 players the variant places half the countries first held in one round
    (12 with two, 8 with three: teg-classic.txt "Games of 2 or 3 Players").
    revancha: (8, 4); 18 in one round with two players ("5. Playing with 2 or 3 People").
    war, risk, teg2: () (WAR's first round places the normal reinforcements; Risk deploys a reserve,
    see comando.rulebook.risk_reserve(); T.E.G. II adds its war potential every round).
    The values are comando.rulebook's (a board's ``tables.starting_reserves`` when given).
    """
    check_players(ruleset, n)
    return rulebook_armies.placement(ruleset, n, tables)


# Armies at the start of a turn: comando.rulebook_armies's (the map engine reads them there too,
# without this module: issue 22); the table session calls it by this name.
reinforcements = rulebook_armies.reinforcements


def teg2_powers(n):
    """Powers in play, in playing order: the first n powers (2 players hold USA+China and
    USSR+Japan, i.e. four powers; seats then map power -> player: comando.rulesets.teg2.table.player_of())."""
    check_players("teg2", n)
    return TEG2_POWERS[:4] if n == 2 else TEG2_POWERS[:n]

