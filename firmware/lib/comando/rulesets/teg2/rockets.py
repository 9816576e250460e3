"""T.E.G. II nuclear rockets on a map (rules/teg-ii.txt, "Nuclear Rocket").

- Added at the start of a round at level 10 or 4 (optional; once per player ever), placed where the
  power has at least one army of its own.
- Launched in the round it was added, in the owner's attack turn, at any region: every piece there
  is lost and the atomic mushroom blocks the region for the rest of the game (it scores for
  nobody). Launching moves nobody's war potential.
- Counter-launch: a power holding a rocket may launch it at once, off turn, against a launch: both
  explode in the air, nothing else happens.
- Capture: eliminating all the owner's armies in the rocket's region takes the rocket; it must be
  launched this same round.

The rockets on the board are a list of [holder, region] (a seat may hold its own and a captured
one); ``hr[seat]`` is 1 once the seat had a rocket. Table rules where the book is silent (docs/architecture.md): a rocket held when its
holder's attack turn ends is not allowed (the end is refused); a captured rocket whose taker
already played its attack turn this round is launched at once; a retreat carries the rocket
along; both sides wiped out leaves the rocket to nobody (it is lost).
"""

from comando.errors import IllegalMove

RULE_LAUNCH = ("rules/teg-ii.txt, Nuclear Rocket: \"It must be launched in the same round in which "
               "it was added, when it is their attack turn.\"")
RULE_PLACE = ("rules/teg-ii.txt, Nuclear Rocket: \"The rocket is placed in any region where the "
              "player has at least one army of their own.\"")
RULE_ONE = ("rules/teg-ii.txt, Nuclear Rocket: \"Once a player has had a rocket, they can no longer "
            "have another ... There is only one rocket per player.\"")
RULE_OFFER = ("rules/teg-ii.txt, War Potential Level: \"If a player is at level 10 or at level 4, "
              "they add one nuclear rocket\"")
RULE_MUSHROOM = ("rules/teg-ii.txt, Nuclear Rocket: \"That region can no longer be occupied by any "
                 "army until the end of the game.\"")


def check_take(offered, had, own_units_there, region_name, mushroom):
    if had:
        raise IllegalMove("no second rocket: %s" % RULE_ONE)
    if not offered:
        raise IllegalMove("no rocket offered this round: %s" % RULE_OFFER)
    if mushroom:
        raise IllegalMove("%s has the atomic mushroom: %s" % (region_name, RULE_MUSHROOM))
    if own_units_there < 1:
        raise IllegalMove("no rocket in %s: you have no army there: %s" % (region_name, RULE_PLACE))


def check_launch(holding, had, my_turn, region_name, mushroom):
    if not holding:
        if had:
            raise IllegalMove("your rocket is gone (launched, lost or captured): %s" % RULE_LAUNCH)
        raise IllegalMove("you hold no rocket (one is added at level 10 or 4): %s" % RULE_OFFER)
    if not my_turn:
        raise IllegalMove("launch in your attack turn: %s" % RULE_LAUNCH)
    if mushroom:
        raise IllegalMove("%s already has the atomic mushroom: nothing is left there" % region_name)


def explode(region, np_, units, air, su, rockets, mushroom):
    """All the pieces in ``region`` are lost (rockets placed there too); the mushroom goes on it.
    Lists are flat region*np+seat (units, air, su), per region (mushroom); ``rockets`` is the list
    of [holder, region] on the board (changed in place)."""
    base = region * np_
    for p in range(np_):
        units[base + p] = 0
        air[base + p] = 0
        su[base + p] = 0
    k = 0
    while k < len(rockets):
        if rockets[k][1] == region:
            rockets.pop(k)
        else:
            k += 1
    mushroom[region] = 1


def after_combat(region, a, b, np_, units, su, rockets):
    """Rockets in ``region`` after a combat between seats ``a`` and ``b``: one whose holder has
    no army left there goes to the other seat if it still has forces (it captured it), else it is
    lost. Returns the seats that captured one (changes ``rockets`` in place)."""
    base = region * np_
    took = []
    k = 0
    while k < len(rockets):
        holder, where = rockets[k]
        if where == region and (holder == a or holder == b) \
                and units[base + holder] + su[base + holder] == 0:
            other = b if holder == a else a
            if units[base + other] + su[base + other] > 0:
                rockets[k] = [other, region]
                took.append(other)
            else:
                rockets.pop(k)
                continue
        k += 1
    return took
