"""T.E.G. II forces on the map: which units go where, reinforcements and retreats on a board
(rules/teg-ii.txt, "Adding Armies", "Movements and Combats", "A Special Case: Retreat",
"Ships", "Attrition Rule", "How Aircraft Fight").

A power's forces in a region are three counts: units (armies; at the medium and advanced levels
armies on land and ships at sea, never mixed), aircraft (advanced level) and SUs. A move is
``[region, units, aircraft, su]``. Reinforcements come from neighbouring regions: at the basic
level at most 2 units (an SU counts as one: it moves "exactly like an army") from each; at the
medium level any number, of which half plus one arrive; aircraft cross freely. A retreat takes
everything out, at most 2 to each neighbouring region where the power already has units.
"""

from comando.errors import IllegalMove
from comando.rulesets.teg2.moves import attrition, RETREAT_CAP, BASIC_CAP

BASIC = "basic"
ADVANCED = "advanced"

RULE_BASIC_CAP = ("rules/teg-ii.txt, Movements and Combats: \"From each neighbouring region the "
                  "player may bring up to 2 armies.\"")
RULE_AIR_CAP = ("rules/teg-ii.txt, Advanced Level Rules: \"There may never be more aircraft than "
                "the player's own armies in a land region. Nor more aircraft than the player's own "
                "ships in a sea region.\"")
RULE_RETREAT = ("rules/teg-ii.txt, A Special Case: Retreat: \"They may move up to a maximum of 2 "
                "armies to each neighbouring region, and only where they already have at least "
                "one army of their own. If they cannot get all their armies out, the retreat does "
                "not take place\"")
RULE_MIXED = ("rules/teg-ii.txt, Ships: \"At no time are armies and ships 'mixed'. That is, on land "
              "armies move and fight, while at sea ships move and fight.\"")
RULE_OWN = ("rules/teg-ii.txt, Movements and Combats: \"the opponents may, if they wish, bring "
            "their own armies as reinforcements from neighbouring regions\"")
RULE_ATTRITION = ("rules/teg-ii.txt, Attrition Rule: \"Of all the units that are going to cross the "
                  "border, only half plus one passes.\"")
RULE_AIR_LEVEL = "rules/teg-ii.txt, Game Levels: aircraft are used only at the ADVANCED LEVEL"


def unit_word(is_sea, level):
    if level != BASIC and is_sea:
        return "ships"
    return "armies"


def _move(m, what):
    if not isinstance(m, list) or len(m) != 4:
        raise IllegalMove("%s: each move is [region, units, aircraft, su]" % what)
    for v in m:
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise IllegalMove("%s: %r is not a whole number, 0 or more" % (what, v))
    if m[3] > 1:
        raise IllegalMove("%s: at most one SU moves from a region" % what)
    if m[1] + m[2] + m[3] == 0:
        raise IllegalMove("%s: a move of nothing" % what)
    return m


def arrivals(m, level):
    """(units arriving, units lost) of one reinforcement move ``[from, n, air, su]``: the SU
    always arrives; at the medium level the attrition is taken from the units."""
    crossing = m[1] + m[3]
    if level == BASIC:
        return m[1], 0
    arrive, lost = attrition(crossing)
    return arrive - m[3], lost


def check_reinforcements(view, seat, region, moves, level, what="reinforcement"):
    """IllegalMove unless ``moves`` are legal reinforcements of ``seat`` into ``region``.

    ``view`` answers: neighbours(r), name(r), is_sea(r), units(r, s), air(r, s), su(r, s).
    Returns the units/aircraft/su arriving (after attrition)."""
    seen = []
    in_u = view.units(region, seat)
    in_a = view.air(region, seat)
    in_s = view.su(region, seat)
    for m in moves:
        _move(m, what)
        f = m[0]
        if f == region or f not in view.neighbours(region):
            raise IllegalMove("%s: %s does not border %s: reinforcements come from neighbouring "
                              "regions (rules/teg-ii.txt, Movements and Combats)"
                              % (what, view.name(f), view.name(region)))
        if f in seen:
            raise IllegalMove("%s: %s listed twice: one move from each neighbouring region"
                              % (what, view.name(f)))
        seen.append(f)
        if m[2] and level != ADVANCED:
            raise IllegalMove("%s: no aircraft: %s" % (what, RULE_AIR_LEVEL))
        if level != BASIC and (m[1] or m[3]) and view.is_sea(f) != view.is_sea(region):
            raise IllegalMove("%s: %s from %s cannot go to %s: %s"
                              % (what, unit_word(view.is_sea(f), level), view.name(f),
                                 view.name(region), RULE_MIXED))
        have_u, have_a, have_s = view.units(f, seat), view.air(f, seat), view.su(f, seat)
        if m[1] > have_u or m[2] > have_a or m[3] > have_s:
            raise IllegalMove("%s: %s holds %d units, %d aircraft and %d SU of yours, not %d/%d/%d: "
                              "%s%s" % (what, view.name(f), have_u, have_a, have_s, m[1], m[2], m[3],
                                        RULE_OWN, "; " + RULE_ATTRITION if level != BASIC else ""))
        if level == BASIC and m[1] + m[3] > BASIC_CAP:
            raise IllegalMove("%s: %d from %s refused at the basic level (the attrition rule is "
                              "the medium level's): %s" % (what, m[1] + m[3], view.name(f),
                                                          RULE_BASIC_CAP))
        if have_a - m[2] > have_u - m[1]:
            raise IllegalMove("%s: %s would keep %d aircraft over %d units: %s"
                              % (what, view.name(f), have_a - m[2], have_u - m[1], RULE_AIR_CAP))
        arrive, _ = arrivals(m, level)
        in_u += arrive
        in_a += m[2]
        in_s += m[3]
    if in_a > in_u:
        raise IllegalMove("%s: %d aircraft over %d units in %s: %s"
                          % (what, in_a, in_u, view.name(region), RULE_AIR_CAP))
    return in_u, in_a, in_s


def check_retreat(view, seat, region, moves, level):
    """IllegalMove (the rule quoted) unless ``moves`` take ALL of ``seat``'s forces out of
    ``region`` as a retreat allows."""
    u, a, s = view.units(region, seat), view.air(region, seat), view.su(region, seat)
    room = 0
    for r in view.neighbours(region):
        if view.units(r, seat) > 0 and (level == BASIC or view.is_sea(r) == view.is_sea(region)):
            room += RETREAT_CAP
    if u + s > room:
        raise IllegalMove("retreat refused: %d of yours in %s but room for %d in the neighbouring "
                          "regions where you have units: %s" % (u + s, view.name(region), room,
                                                               RULE_RETREAT))
    seen = []
    tu = ta = ts = 0
    for m in moves:
        _move(m, "retreat")
        t = m[0]
        if t == region or t not in view.neighbours(region):
            raise IllegalMove("retreat: %s does not border %s" % (view.name(t), view.name(region)))
        if t in seen:
            raise IllegalMove("retreat: %s listed twice" % view.name(t))
        seen.append(t)
        if view.units(t, seat) == 0:
            raise IllegalMove("retreat to %s refused: you have no units there: %s"
                              % (view.name(t), RULE_RETREAT))
        if level != BASIC and view.is_sea(t) != view.is_sea(region):
            raise IllegalMove("retreat to %s refused: %s" % (view.name(t), RULE_MIXED))
        if m[1] + m[3] > RETREAT_CAP:
            raise IllegalMove("retreat: %d to %s refused: %s" % (m[1] + m[3], view.name(t),
                                                                 RULE_RETREAT))
        if view.air(t, seat) + m[2] > view.units(t, seat) + m[1]:
            raise IllegalMove("retreat: %s would hold more aircraft than units: %s"
                              % (view.name(t), RULE_AIR_CAP))
        tu += m[1]
        ta += m[2]
        ts += m[3]
    if tu != u or ta != a or ts != s:
        raise IllegalMove("retreat refused: ALL your forces in %s must leave (%d units, %d aircraft, "
                          "%d SU; the moves take %d/%d/%d): %s"
                          % (view.name(region), u, a, s, tu, ta, ts, RULE_RETREAT))
