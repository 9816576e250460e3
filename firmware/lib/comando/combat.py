"""Dice combat for T.E.G. classic, T.E.G. La Revancha, WAR and Risk: rules as data, one roll.

A roll is a plain dict (ints, strings, lists of ints) that an event can carry and a replay can check:

    {"rs": "teg", "a": 5, "d": 3, "ad": [6, 4, 2], "dd": [5, 5, 1], "al": 1, "dl": 2}

``a``/``d``: armies in the attacking and the defending country before the roll; ``ad``/``dd``: the
dice of each side, highest first; ``al``/``dl``: armies each side loses. ``"snow": 1`` or ``"tw": 1``
mark a La Revancha situation card in effect: the dice modifiers, which every function here takes as
one argument ``mods`` (comando.dice_mods: an int of bits, 0 for none). ``a``, ``d`` after the roll:
``after(record)``.

Everything a ruleset varies is in ``RULES`` (see each entry's rulebook section). Where a rulebook is
silent, the choice made here is written next to the code and in docs/architecture.md.
"""

from comando import dice_mods
from comando.errors import RulesError
from comando.texts import say, text
from comando.registry import TITLES

# Move-in limits after a conquest, as data: minimum is 1 or the number of dice just rolled
# ("dice"); maximum is a number, the dice just rolled ("dice"), or every army but one ("all").
# Either is always capped by the armies left in the attacking country minus its occupation army.
RULES = {
    # teg-classic.txt, "Attacking Foreign Countries" / "DEVELOPMENT OF AN ATTACK": attack dice =
    # attacking armies (armies - 1) up to 3; defence = all armies up to 3; ties to the defender;
    # after a conquest move 1, and "one or two more armies ... at most" (maximum 3).
    "teg": {"att_max": 3, "def_max": 3, "four": 0, "situations": 0,
            "att_choice": 0, "def_choice": 0, "move_min": 1, "move_max": 3},
    # teg-la-revancha.txt, "Attack Conditions" / "Development of the Attack": as classic, plus the
    # 4-dice exception (defender >= 3 armies, attacker at least double; missiles never count);
    # Tailwind +1 attack die, Snow +1 defence die, never more than 4 ("Situation cards").
    "revancha": {"att_max": 3, "def_max": 3, "four": 1,
                 "situations": 1, "att_choice": 0, "def_choice": 0, "move_min": 1, "move_max": 3},
    # war.txt, "How to Attack" / "Battle" / "Territory Conquest": the attacker announces 1-3
    # armies (never its occupation army), the defender rolls all its armies up to 3 (its occupation
    # army defends too); after a conquest it moves at most the armies of the last attack.
    "war": {"att_max": 3, "def_max": 3, "four": 0, "situations": 0,
            "att_choice": 1, "def_choice": 0, "move_min": 1, "move_max": "dice"},
    # risk-online-12-maps.txt: attack one die per army beyond the garrison up to 3, defence up to
    # 2 (the defender may be asked and roll fewer); move in at least the dice just rolled, at most
    # everything bar one.
    "risk": {"att_max": 3, "def_max": 2, "four": 0, "situations": 0,
             "att_choice": 0, "def_choice": 1, "move_min": "dice", "move_max": "all"},
}

for _id in RULES:  # each entry's "name": the registry's full name (comando.registry.TITLES)
    RULES[_id]["name"] = TITLES[_id]

# Rules as data: COUNTS[a - 1][d - 1][j] = how many of the 6 ** (a + d) equally likely throws of
# a attack dice against d defence dice make the defender lose j of the min(a, d) compared pairs
# (the attacker loses the others; ties to the defender). tests/core/test_odds.py recomputes every
# entry by enumerating the throws.
COUNTS = (
    ((21, 15), (161, 55), (1071, 225), (6797, 979)),
    ((91, 125), (581, 420, 295), (4816, 1981, 979), (33719, 9394, 3543)),
    ((441, 855), (2275, 2611, 2890), (17871, 12348, 10017, 6420),
     (152355, 65535, 41531, 20515)),
    ((2275, 5501), (9765, 15470, 21421), (67171, 68873, 73599, 70293),
     (579733, 381672, 317436, 254040, 146735)),
)

RULESETS = ("teg", "revancha", "war", "risk")  # the rulesets of the registry with dice combat
MIN_ATTACK = 2  # every ruleset: a country with one army cannot attack (its occupation army)


def rules(ruleset):
    """The RULES entry of a ruleset id, or RulesError naming the known ones."""
    r = RULES.get(ruleset) if isinstance(ruleset, str) else None
    if r is None:
        if ruleset in TITLES:
            raise RulesError(say("no_dice", TITLES[ruleset]))
        raise RulesError(say("combat_rs", ruleset, ", ".join(RULESETS)))
    return r


def _check_int(value, what):
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(say("whole_int", text(what), value))


def check_stop(att, stop):
    """Raise RulesError unless an attack from ``att`` armies may stop at ``stop`` armies left (one
    rule for `attack` here and for the odds)."""
    if isinstance(stop, bool) or not isinstance(stop, int):
        raise RulesError(say("stop_int", stop))
    if stop < 1:
        raise RulesError(say("stop_low", _stops(att), stop))
    if stop >= att:
        from comando.wording import count
        raise RulesError(say("stop_high", count(stop, "army"), att, _stops(att)))


def _stops(att):
    """The stops an attack from ``att`` armies may take, in words."""
    if att <= 2:  # 2 armies: one attacks, one stays; the attack can only stop at 1
        return "with %d armies the only stop is 1 army" % att
    return "the stop is between 1 and %d armies" % (att - 1)


def check_battle(ruleset, att, dfn, mods=0):
    """Raise RulesError unless ``att`` armies may attack ``dfn`` under ``ruleset`` with the dice
    modifiers ``mods`` (comando.dice_mods)."""
    r = rules(ruleset)
    _check_int(att, "att_armies")
    _check_int(dfn, "def_armies")
    if att < 0 or dfn < 0:
        raise RulesError(say("armies_neg", att, dfn))
    if att < MIN_ATTACK:
        raise RulesError(say("att_few", MIN_ATTACK, att))
    if dfn < 1:
        raise RulesError(say("def_empty"))
    if mods and not r["situations"]:
        raise RulesError(say("snow_rs", r["name"]))
    if dice_mods.several(mods):
        raise RulesError(say("snow_tw"))
    return r


def max_dice(ruleset, att, dfn, mods=0):
    """(attack dice, defence dice) the rules allow for ``att`` vs ``dfn`` armies (no validation).

    La Revancha: the 4-dice exception counts every army in the attacking country against the
    defender's ("White at least doubles it in armies"), missiles excluded (they are not armies here).
    """
    r = RULES[ruleset]
    a = att - 1
    top = r["att_max"]
    if r["four"] and dfn >= 3 and att >= 2 * dfn:
        top = 4
    if a > top:
        a = top
    d = dfn if dfn < r["def_max"] else r["def_max"]
    if mods:
        return dice_mods.dice(mods, a, d)
    return a, d


def dice_counts(ruleset, att, dfn, mods=0, att_dice=None, def_dice=None):
    """Validated (attack dice, defence dice), honouring the choices a ruleset allows.

    ``att_dice``: WAR lets the attacker announce 1-3 armies (1..max). ``def_dice``: Risk lets the
    defender roll fewer dice (1..max). Other rulesets accept only the number the rules give.
    """
    r = check_battle(ruleset, att, dfn, mods)
    a, d = max_dice(ruleset, att, dfn, mods)
    return (_chosen(r, "att_choice", att_dice, a, att, "attacker", "commit", "armies"),
            _chosen(r, "def_choice", def_dice, d, dfn, "defender", "roll", "dice"))


def _chosen(r, choice, given, most, armies, side, verb, unit):
    """The dice one side rolls: ``most`` unless it chose ``given`` where the rules let it."""
    if given is None:
        return most
    _check_int(given, "the %s's dice" % side)
    if given != most:
        if not r[choice]:
            from comando.wording import count
            raise RulesError(say("dice_fixed", r["name"], side, count(most, "die", "dice"),
                                 count(armies, "army"), given))
        if not 1 <= given <= most:
            from comando.wording import count
            if most == 1:   # "1 to 1 die"
                unit = "die" if unit == "dice" else "army"
            raise RulesError(say("dice_range", count(armies, "army"), side, verb, most, unit, given))
    return given


def _sorted_desc(dice):
    out = list(dice)
    out.sort(reverse=True)
    return out


def compare(att_dice, def_dice):
    """(attacker losses, defender losses): highest against highest, and so on; the side with more
    dice drops its lowest; a tie goes to the defender (every ruleset here)."""
    a = _sorted_desc(att_dice)
    d = _sorted_desc(def_dice)
    k = len(a) if len(a) < len(d) else len(d)
    al = 0
    for i in range(k):
        if a[i] <= d[i]:
            al += 1
    return al, k - al


def losses(att, dfn, att_dice, def_dice):
    """Losses of one roll, capped so armies never go negative.

    Only a situation card can give a side more dice than it has armies to lose: with Snow a
    1-army country rolls 2 dice (it cannot lose 2 armies; it loses its last and is conquered), with
    Tailwind a 2-army country rolls 2 dice (the attack never takes its occupation army: it loses at
    most ``att - 1``). The rulebook is silent on both; this is the reading used everywhere here.
    """
    al, dl = compare(att_dice, def_dice)
    if al > att - 1:
        al = att - 1
    if dl > dfn:
        dl = dfn
    return al, dl


def roll(ruleset, att, dfn, dice, mods=0, att_dice=None, def_dice=None):
    """Roll one attack with the dice source ``dice`` (see comando.dice) and return its record."""
    a, d = dice_counts(ruleset, att, dfn, mods, att_dice, def_dice)
    ad = _sorted_desc(dice.roll(a))
    dd = _sorted_desc(dice.roll(d))
    al, dl = losses(att, dfn, ad, dd)
    rec = {"rs": ruleset, "a": att, "d": dfn, "ad": ad, "dd": dd, "al": al, "dl": dl}
    return dice_mods.mark(rec, mods) if mods else rec


def attack(ruleset, att, dfn, dice, mods=0, stop=1, max_rolls=None):
    """Roll again and again (every die allowed) until the defender falls or the attacker is down
    to ``stop`` armies or fewer, or ``max_rolls`` rolls were made. Returns the list of records,
    each one a valid roll from the armies the previous one left."""
    check_battle(ruleset, att, dfn, mods)
    check_stop(att, stop)
    out = []
    while dfn > 0 and att > stop and (max_rolls is None or len(out) < max_rolls):
        rec = roll(ruleset, att, dfn, dice, mods)
        out.append(rec)
        att, dfn = after(rec)
    return out


def record(ruleset, att, dfn, att_dice, def_dice, mods=0):
    """The record of a roll whose dice are already known (a worked example, dice rolled by hand).

    The numbers of dice must be ones the rules allow for these armies."""
    for v in list(att_dice) + list(def_dice):
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
            raise RulesError(say("die_face", v))
    dice_counts(ruleset, att, dfn, mods, len(att_dice), len(def_dice))
    ad = _sorted_desc(att_dice)
    dd = _sorted_desc(def_dice)
    al, dl = losses(att, dfn, ad, dd)
    rec = {"rs": ruleset, "a": att, "d": dfn, "ad": ad, "dd": dd, "al": al, "dl": dl}
    return dice_mods.mark(rec, mods) if mods else rec


def check_record(rec):
    """Replay a stored roll: raise RulesError unless its dice and losses follow the rules."""
    try:
        rs = rec["rs"]
        att = rec["a"]
        dfn = rec["d"]
        ad = rec["ad"]
        dd = rec["dd"]
        al = rec["al"]
        dl = rec["dl"]
    except (KeyError, TypeError):
        raise RulesError(say("rec_not", rec))
    again = record(rs, att, dfn, list(ad), list(dd), dice_mods.of_record(rec))
    if again["al"] != al or again["dl"] != dl:
        raise RulesError(say("rec_loss", al, dl, again["al"], again["dl"]))
    return rec


def after(rec):
    """(attacker armies, defender armies) after the roll; the defender at 0 means conquered."""
    return rec["a"] - rec["al"], rec["d"] - rec["dl"]


def conquered(rec):
    """True when the roll took the defender's last army."""
    return rec["d"] - rec["dl"] == 0


def move_limits(ruleset, att_left, dice_rolled):
    """(min, max) armies to move into a conquered country.

    ``att_left``: armies in the attacking country after the winning roll; ``dice_rolled``: the
    attacker's dice in that roll. One army always stays behind."""
    r = rules(ruleset)
    room = att_left - 1
    if room < 1:
        from comando.wording import count
        raise RulesError(say("move_none", count(att_left, "army")))
    lo = dice_rolled if r["move_min"] == "dice" else r["move_min"]
    mx = r["move_max"]
    hi = room if mx == "all" else (dice_rolled if mx == "dice" else mx)
    if hi > room:
        hi = room
    if lo > hi:
        lo = hi
    if lo < 1:
        lo = 1
    return lo, hi


def record_move_limits(rec):
    """Move-in limits after a roll record that conquered (RulesError if it did not)."""
    if not conquered(rec):
        from comando.wording import count
        raise RulesError(say("not_taken", count(rec["d"] - rec["dl"], "army")))
    return move_limits(rec["rs"], rec["a"] - rec["al"], len(rec["ad"]))
