"""The table's own dice (the ``dice`` option): the table rolls real dice and tells the result.

``dice``: ``device`` (the default, and what a log without the option means: the device rolls),
``table`` (the table tells each side's losses) or ``table-faces`` (it tells the faces, so its
luck can be charted). A roll the table told is a comando.combat record with ``"tb": 1``; a record
without ``tb`` (every older log) is the device's. Losses told without faces keep the number of
dice each side rolled as faces of 0 (``"ad": [0, 0, 0]``): the move-in after a conquest and the
screens read how many dice were rolled, and a 0 is no face, so no luck is charted from it.

``outcomes`` lists the results a battle's dice can give, the likeliest first, with how many of
the 6 ** dice equally likely throws give each: the device preselects the first, and its UP/DOWN
step through ``ring`` order (docs/decisions/table-dice.md). Imported only by a game whose dice
are the table's, or to check a roll the table told; the device's own rolls never load it.
"""

from comando import combat, dice_mods
from comando.errors import RulesError
from comando.texts import say

MODES = ("device", "table", "table-faces")


def mode(opts):
    """The dice option of a game's options (``device`` when it has none)."""
    return opts.get("dice", "device")


def check_option(opts):
    """RulesError unless the ``dice`` option in ``opts`` is one of MODES."""
    m = mode(opts)
    if m not in MODES:
        raise RulesError(say("tb_opt", ", ".join(MODES), m))
    return m


def outcomes(ruleset, att, dfn, mods=0, att_dice=None, def_dice=None):
    """(attack dice, defence dice, [(attacker losses, defender losses, ways), ...]): every result
    the dice of ``att`` armies against ``dfn`` can give, the likeliest first (a tie: the one with
    more defender losses first); ``ways`` of the 6 ** (dice) throws give it. The counts are
    comando.combat's (its checks and ``COUNTS``), the losses capped as ``combat.losses`` caps them
    (the extra die of the modifiers ``mods``, comando.dice_mods)."""
    a, d = combat.dice_counts(ruleset, att, dfn, mods, att_dice, def_dice)
    return a, d, results(att, dfn, a, d)


def results(att, dfn, a, d):
    """The results of ``a`` attack dice against ``d`` (counts already checked) from ``att``
    armies against ``dfn``: outcomes' list."""
    k = a if a < d else d
    ways = combat.COUNTS[a - 1][d - 1]
    found = {}
    for j in range(k + 1):
        al = k - j
        if al > att - 1:
            al = att - 1
        dl = j if j < dfn else dfn
        found[(al, dl)] = found.get((al, dl), 0) + ways[j]
    out = [(al, dl, w) for (al, dl), w in found.items()]
    out.sort(key=lambda o: (-o[2], -o[1]))
    return out


def ring(n):
    """The order UP/DOWN meet ``n`` outcomes listed likeliest first, starting on the first: the
    second is one DOWN, the third one UP (the list wraps), the fourth two DOWN... so the k-th
    likeliest is (k + 1) // 2 presses away. Returns the outcome indexes in DOWN order."""
    back = list(range(2, n, 2))
    back.reverse()
    return [0] + list(range(1, n, 2)) + back


def presses(k):
    """UP/DOWN presses from the preselected outcome to the k-th likeliest (0-based), in ring
    order."""
    return (k + 1) // 2


def _pairs(outs):
    return ", ".join("%d-%d" % (o[0], o[1]) for o in outs)


def record(ruleset, att, dfn, al, dl, mods=0, att_dice=None, def_dice=None):
    """The record of a roll whose losses the table told: RulesError naming the rule when these
    dice cannot give them (every other result they can give is listed)."""
    for v in (al, dl):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise RulesError(say("tb_whole", v))
    a, d, outs = outcomes(ruleset, att, dfn, mods, att_dice, def_dice)
    for o in outs:
        if o[0] == al and o[1] == dl:
            break
    else:
        raise RulesError(say("tb_loss", a, d, a if a < d else d, _pairs(outs), al, dl))
    rec = {"rs": ruleset, "a": att, "d": dfn, "ad": [0] * a, "dd": [0] * d, "al": al, "dl": dl,
           "tb": 1}
    return dice_mods.mark(rec, mods) if mods else rec


def faces_record(ruleset, att, dfn, att_faces, def_faces, mods=0):
    """The record of a roll whose faces the table told (comando.combat.record, which refuses a
    face or a number of dice the rules do not allow, naming the rule), marked as the table's."""
    rec = combat.record(ruleset, att, dfn, att_faces, def_faces, mods)
    rec["tb"] = 1
    return rec


def told(rec):
    """True when the roll record is the table's (``tb``); False for the device's (old logs)."""
    return isinstance(rec, dict) and bool(rec.get("tb"))


def has_faces(rec):
    """True when the record holds faces (the device's, or the table's faces): what a luck chart
    may count."""
    return 0 not in rec.get("ad", ()) and 0 not in rec.get("dd", ())


def check_record(rec, game_mode):
    """A stored roll against the game's dice option ``game_mode``: RulesError naming the rule
    unless the table's roll is one its dice can give, faces where the game charts them, and no
    device roll in a game of the table's dice (or the other way round)."""
    if told(rec) != (game_mode != "device"):
        raise RulesError(say("tb_dev") if game_mode == "device" else say("tb_need"))
    if not told(rec) or has_faces(rec):
        return combat.check_record(rec)
    if game_mode == "table-faces":
        raise RulesError(say("tb_faces"))
    try:
        ad = rec["ad"]
        dd = rec["dd"]
        again = record(rec["rs"], rec["a"], rec["d"], rec["al"], rec["dl"],
                       dice_mods.of_record(rec), len(ad), len(dd))
    except (KeyError, TypeError):
        raise RulesError(say("rec_not", rec))
    if ad != again["ad"] or dd != again["dd"]:   # faces of 0 and 1..6 mixed
        raise RulesError(say("tb_mixed"))
    return rec


def check_losses(att, dfn, a, d, al, dl):
    """RulesError naming the rule unless ``a`` dice against ``d`` can cost ``al`` and ``dl``."""
    for v in (al, dl):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise RulesError(say("tb_whole", v))
    outs = results(att, dfn, a, d)
    for o in outs:
        if o[0] == al and o[1] == dl:
            return
    raise RulesError(say("tb_loss", a, d, a if a < d else d, _pairs(outs), al, dl))


def check_attack(game_mode, att, dfn, a, d, action):
    """The table's part of a map engine's attack (``action``: ``al``/``dl`` the losses told, or
    ``ad``/``dd`` the faces; ``tb`` marks it the table's) rolled with ``a`` against ``d`` dice:
    RulesError naming the rule. True when the action tells losses only (no faces to check)."""
    if bool(action.get("tb")) != (game_mode != "device"):
        raise RulesError(say("tb_dev") if game_mode == "device" else say("tb_need"))
    if "al" not in action:
        if "ad" not in action or "dd" not in action:
            raise RulesError(say("tb_need"))
        return False
    if game_mode == "table-faces":
        raise RulesError(say("tb_faces"))
    for k, n in (("ad", a), ("dd", d)):
        if k in action and action[k] != [0] * n:
            raise RulesError(say("tb_mixed"))
    check_losses(att, dfn, a, d, action["al"], action.get("dl"))
    return True
