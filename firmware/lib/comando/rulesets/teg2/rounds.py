"""T.E.G. II rounds: how many, who starts each, and what each power adds (rules/teg-ii.txt,
"Length of a Game", "Adding Armies", "How the Game Continues", "War Potential Level",
"Special Unit", "Nuclear Rocket", "For 2 Players", "For More Than 6 Players", advanced
"Additions").

Seats of one board play in the rulebook's power order (USA, USSR, China, Japan, Western Europe,
Eastern Europe); round r is started by the (r-1)-th of them, so the starter rotates and the one
who started the last round adds last in the next ("The last in this round will be the American
player"). The same rotation places the objective tokens, one per placement round.
"""

from comando.errors import RulesError
from comando.rulesets.teg2.track import POWERS, grants as track_grants

ROUND_RULE = ("rules/teg-ii.txt, Length of a Game: \"If 6 play, there are 6 rounds. If 5 play, "
              "there are 5 rounds. If 4 play, there are 4 or 8 rounds (the participants decide this "
              "before starting). If 3 play, there are 6 rounds.\"")


def powers_per_board(seats):
    """Powers at one board: 2 players play as 4 ("For 2 Players": 4 seats); 8/10/12 seats are
    two boards of 4/5/6 ("For More Than 6 Players")."""
    if seats >= 8:
        return seats // 2
    return seats


def rounds_for(powers, choice=0):
    """Rounds of a game with ``powers`` at each board; ``choice`` 4 or 8 when 4 play (0: 4)."""
    if powers == 6:
        n = 6
    elif powers == 5:
        n = 5
    elif powers == 4:
        n = 4
        if choice:
            if choice not in (4, 8):
                raise RulesError("%d rounds refused: %s" % (choice, ROUND_RULE))
            n = choice
    elif powers == 3:
        n = 6
    else:
        raise RulesError("T.E.G. II is played by 3 to 6 powers at a board, not %d" % powers)
    if choice and choice != n:
        raise RulesError("%d rounds refused for %d powers: %s" % (choice, powers, ROUND_RULE))
    return n


def order(seats, r):
    """The seats of one board in play order for round (or placement round) ``r`` (0-based):
    rotated so that the r-th seat starts."""
    k = len(seats)
    s = r % k
    return list(seats[s:]) + list(seats[:s])


def power_index(colour):
    for i in range(len(POWERS)):
        if POWERS[i] == colour:
            return i
    return -1


def grants(level, game_level, had_rocket, su_on_board, su_tokens=3):
    """What a power adds when its turn to add comes (the level at that moment: "each player adds
    the number indicated by their war potential level at the moment they have to add"):
    {"units", "su", "rocket"}; no SU when its 3 SU tokens are all on the board."""
    g = track_grants(level, game_level, had_rocket)
    if g["su"] and su_on_board >= su_tokens:
        g["su"] = 0
    return g
