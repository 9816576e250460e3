"""T.E.G. II movements around a combat: reinforcements (with the medium level's attrition) and the
defender's retreat (rules/teg-ii.txt, "Movements and Combats", "Attrition Rule",
"A Special Case: Retreat", "How Aircraft Fight").

- Basic level: up to 2 armies may come from each neighbouring region, with no loss.
- Medium and advanced levels: any number may cross a border, but only half plus one arrive
  (``attrition``: 1->1, 2->2, 3->2, 4->3, ..., 9->5). Aircraft cross without limit or attrition.
- Retreat: the defender moves ALL its armies (an SU moves like an army) to neighbouring regions
  where it already has at least one army, at most 2 to each; if they cannot all get out, there is
  no retreat. Aircraft go along without limit, but no region may end with more aircraft than the
  power's armies there. The rulebook gives the 2-per-region cap for retreats and attrition only for
  reinforcements, so retreats keep the cap at every level.

API: `attrition(n) -> (arrive, lost)`, `reinforce(n, game_level, aircraft=False)`,
`retreat_problem`/`can_retreat`/`check_retreat`, `retreat_capacity`
"""

from comando.errors import IllegalMove, RulesError
from comando.rulesets.teg2.track import BASIC, check_game_level

BASIC_CAP = 2
RETREAT_CAP = 2


def attrition(n):
    """Units crossing one border at the medium level -> (arrive, lost): half (rounded down) plus
    one arrive ("Attrition Rule")."""
    if not isinstance(n, int) or n < 0:
        raise RulesError("units crossing a border must be 0 or more, got %r" % (n,))
    if n == 0:
        return 0, 0
    arrive = n // 2 + 1
    return arrive, n - arrive


def reinforce(n, game_level=BASIC, aircraft=False):
    """Units sent across one border as reinforcements -> (arrive, lost).

    At the basic level more than 2 from one region is illegal; at the medium and advanced levels
    the attrition table applies; aircraft (``aircraft=True``) never suffer attrition.
    """
    check_game_level(game_level)
    if not isinstance(n, int) or n < 0:
        raise RulesError("units crossing a border must be 0 or more, got %r" % (n,))
    if aircraft:
        if game_level != "advanced":
            raise IllegalMove("aircraft are used only at the advanced level")
        return n, 0
    if game_level == BASIC:
        if n > BASIC_CAP:
            raise IllegalMove("at the basic level at most 2 armies come from each neighbouring "
                              "region (%d asked); the attrition rule is the medium level's" % n)
        return n, 0
    return attrition(n)


def _check_counts(values, what):
    for v in values:
        if not isinstance(v, int) or v < 0:
            raise RulesError("%s must be whole numbers, 0 or more: got %r" % (what, v))


def retreat_capacity(own_in_neighbours):
    """Armies a retreat can take out: 2 per neighbouring region holding at least one own army."""
    _check_counts(own_in_neighbours, "armies in the neighbouring regions")
    return RETREAT_CAP * sum(1 for n in own_in_neighbours if n > 0)


def retreat_problem(armies, own_in_neighbours, aircraft=0, aircraft_in_neighbours=None):
    """Why the defender cannot retreat, or None when it can.

    ``armies``: the defender's armies (and SU) in the region, all of which must leave;
    ``own_in_neighbours``: its armies in each neighbouring region (the same kind: land for armies,
    sea for ships); ``aircraft``: its aircraft in the region and ``aircraft_in_neighbours`` its
    aircraft already in each neighbouring region (default none).
    """
    _check_counts([armies, aircraft], "forces in the region")
    cap = retreat_capacity(own_in_neighbours)
    if aircraft_in_neighbours is None:
        aircraft_in_neighbours = [0] * len(own_in_neighbours)
    if len(aircraft_in_neighbours) != len(own_in_neighbours):
        raise RulesError("aircraft_in_neighbours and own_in_neighbours differ in length")
    _check_counts(aircraft_in_neighbours, "aircraft in the neighbouring regions")
    if armies > cap:
        places = sum(1 for n in own_in_neighbours if n > 0)
        return ("%d armies cannot all get out: %d neighbouring region%s with your armies take at "
                "most %d (2 each), so there is no retreat and you must fight"
                % (armies, places, "" if places == 1 else "s", cap))
    # Aircraft may go anywhere among those regions, up to the armies that will be there.
    room = armies
    for i in range(len(own_in_neighbours)):
        if own_in_neighbours[i] > 0:
            free = own_in_neighbours[i] - aircraft_in_neighbours[i]
            if free > 0:
                room += free
    if aircraft > room:
        return ("%d aircraft cannot all get out: the neighbouring regions hold room for %d (never "
                "more aircraft than armies in a region), so there is no retreat" % (aircraft, room))
    return None


def can_retreat(armies, own_in_neighbours, aircraft=0, aircraft_in_neighbours=None):
    return retreat_problem(armies, own_in_neighbours, aircraft, aircraft_in_neighbours) is None


def check_retreat(armies, moves, own_in_neighbours, aircraft=0, air_moves=None,
                  aircraft_in_neighbours=None):
    """Check a concrete retreat plan; raises IllegalMove saying what is wrong.

    ``moves[i]`` armies go to neighbouring region i (``own_in_neighbours[i]`` own armies there),
    ``air_moves[i]`` of the ``aircraft`` in the region likewise (all of them must leave too).
    """
    n = len(own_in_neighbours)
    if len(moves) != n or (air_moves is not None and len(air_moves) != n):
        raise RulesError("a retreat plan needs one entry per neighbouring region (%d)" % n)
    _check_counts(moves, "armies moved")
    _check_counts(own_in_neighbours, "armies in the neighbouring regions")
    air_moves = air_moves if air_moves is not None else [0] * n
    _check_counts(air_moves, "aircraft moved")
    if aircraft_in_neighbours is None:
        aircraft_in_neighbours = [0] * n
    total = sum(moves)
    if total != armies:
        raise IllegalMove("a retreat moves ALL the armies out: %d of %d moved" % (total, armies))
    if sum(air_moves) != aircraft:
        raise IllegalMove("a retreat moves ALL the aircraft out too: %d of %d moved"
                          % (sum(air_moves), aircraft))
    for i in range(n):
        if moves[i] > RETREAT_CAP:
            raise IllegalMove("at most 2 armies retreat to each region: %d to region %d"
                              % (moves[i], i + 1))
        if (moves[i] or air_moves[i]) and own_in_neighbours[i] == 0:
            raise IllegalMove("a retreat goes only where you already have at least one army: "
                              "region %d has none" % (i + 1))
        if aircraft_in_neighbours[i] + air_moves[i] > own_in_neighbours[i] + moves[i]:
            raise IllegalMove("region %d would hold more aircraft (%d) than armies (%d)"
                              % (i + 1, aircraft_in_neighbours[i] + air_moves[i],
                                 own_in_neighbours[i] + moves[i]))
