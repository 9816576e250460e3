"""`comando roll`: roll one attack by the rules and show the dice, the pairs and the losses."""

from comando import combat, dice_mods
from comando.dice import SeededDice, system_dice
from comando_host.cli import UsageError
from comando_host.commands._battle_args import (add_battle_args, armies, armies_text, mods,
                                                parse_battle, plain_battle_args, situation_text)
from comando_host.text.lang import _, _n


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "roll", help=_("roll one attack"),
        description=_("Roll one attack: the dice of each side, highest first, and the armies each "
                      "side loses. ATT counts every army on the attacking country."))
    add_battle_args(p)
    p.add_argument("--seed", metavar="N",
                   help=_("a seed for reproducible dice (same dice on the device); default: the "
                          "system's random source"))
    p.add_argument("--att-dice", metavar="N",
                   help=_("WAR: armies the attacker commits (1-3, default as many as it may)"))
    p.add_argument("--def-dice", metavar="N",
                   help=_("Risk: dice the defender chooses to roll (default as many as it may)"))
    p.add_argument("--all", action="store_true",
                   help=_("keep rolling until the country falls or the attacker is down to "
                          "--stop armies"))
    p.add_argument("--stop", default="1", metavar="N",
                   help=_("with --all: stop once the attacker is down to N armies (default 1)"))
    p.set_defaults(func=run)


def plain():
    """The plain form (comando_host.commands._plain): ``register``'s arguments."""
    from comando_host.commands._plain import Spec
    spec = Spec(run)
    plain_battle_args(spec)
    for option in ("--seed", "--att-dice", "--def-dice"):
        spec.value(option, option[2:].replace("-", "_"))
    spec.flag("--all", "all")
    spec.value("--stop", "stop", default="1")
    return spec


def _opt_int(text, what):
    if text is None:
        return None
    try:
        return int(text, 10)
    except ValueError:
        raise UsageError(_("{what} must be a whole number, not {text!r}").format(what=what, text=text)) from None


def run(args) -> int:
    rs, att, dfn = parse_battle(args)
    seed = _opt_int(args.seed, "--seed")
    att_dice = _opt_int(args.att_dice, "--att-dice")
    def_dice = _opt_int(args.def_dice, "--def-dice")
    dice = SeededDice(seed) if seed is not None else system_dice()
    if args.all:
        if att_dice is not None or def_dice is not None:
            raise UsageError(_("--all rolls every die allowed: drop --att-dice/--def-dice"))
        stop = armies(args.stop, "--stop")
        return run_all(args, rs, combat.attack(rs, att, dfn, dice, mods(args),
                                               stop), seed)
    rec = combat.roll(rs, att, dfn, dice, mods(args), att_dice, def_dice)
    a, d, move = outcome(rec)
    if args.json:
        print(as_json("roll", rec, rec, seed))
        return 0
    print(render(rec, a, d, move))
    return 0


def outcome(last):
    """(attacker armies left, defender armies left, move-in limits or None) after a roll."""
    a, d = combat.after(last)
    return a, d, combat.record_move_limits(last) if combat.conquered(last) else None


def as_json(key, value, last, seed) -> str:
    import json   # (only when asked: a start without it, issue 28)
    a, d, move = outcome(last)
    out = {key: value, "att_after": a, "def_after": d, "conquered": move is not None}
    if move:
        out["move_in"] = list(move)
    if seed is not None:
        out["seed"] = seed
    return json.dumps(out)


def run_all(args, rs, recs, seed) -> int:
    a, d, move = outcome(recs[-1])
    if args.json:
        print(as_json("rolls", recs, recs[-1], seed))
        return 0
    first = recs[0]
    name = combat.RULES[rs]["name"]
    sit = situation_text(dice_mods.of_record(first))
    stop = armies(args.stop, "--stop")
    c_roll, c_att, c_def, c_loss = _("roll"), _("attacker"), _("defender"), _("losses")
    # each column as wide as its heading in this language (English: 4, 8 and 7)
    wr, wd, wl = max(4, len(c_roll)), max(8, len(c_att), len(c_def)), max(7, len(c_loss))
    lines = [_("{rules}{situation}: {armies} attack {defenders}, until conquest or down to "
               "{stop}").format(rules=name, situation=sit, armies=armies_text(first['a']),
                                defenders=first['d'], stop=armies_text(stop)), "",
             f"  {c_roll:>{wr}}  {c_att:<{wd}}    {c_def:<{wd}}  {c_loss:<{wl}}  " + _("armies left")]
    for i, rec in enumerate(recs, 1):
        ra, rd = combat.after(rec)
        losses = f"{rec['al']} / {rec['dl']}"
        lines.append(f"  {i:>{wr}}  {' '.join(map(str, rec['ad'])):<{wd}} vs "
                     f"{' '.join(map(str, rec['dd'])):<{wd}}  {losses:<{wl}}  "
                     f"{ra} v {rd}")
    lines.append("")
    rolls = _n("{n} roll", "{n} rolls", len(recs)).format(n=len(recs))
    if move:
        lines.append("  " + _("Conquered after {rolls} with {armies} left.").format(
            rolls=rolls, armies=armies_text(a)) + " " + _move_in(move))
    else:
        lines.append("  " + _("The attack stops after {rolls}: attacker {a} left, defender {d} "
                              "left.").format(rolls=rolls, a=a, d=d))
    print("\n".join(lines))
    return 0


def _move_in(move) -> str:
    lo, hi = move
    if lo == hi:
        return _n("Move in {n} army.", "Move in {n} armies.", hi).format(n=hi)
    return _n("Move in {lo} to {hi} army.", "Move in {lo} to {hi} armies.", hi).format(lo=lo, hi=hi)


def render(rec, a, d, move) -> str:
    name = combat.RULES[rec["rs"]]["name"]
    sit = situation_text(dice_mods.of_record(rec))
    ad, dd = rec["ad"], rec["dd"]
    width = max(len(_("attacker")), len(_("defender")), 8)
    lines = [_("{rules}{situation}: {armies} attack {defenders}").format(
                 rules=name, situation=sit, armies=armies_text(rec['a']), defenders=rec['d']),
             "",
             "  " + _("attacker").ljust(width) + "  " + "  ".join(str(v) for v in ad),
             "  " + _("defender").ljust(width) + "  " + "  ".join(str(v) for v in dd),
             ""]
    for i in range(min(len(ad), len(dd))):
        if ad[i] > dd[i]:
            who = _("attacker wins")
        elif ad[i] == dd[i]:
            who = _("defender wins (tie)")
        else:
            who = _("defender wins")
        lines.append(f"  {ad[i]} vs {dd[i]}  {who}")
    extra = len(ad) - len(dd)
    if extra:
        n = abs(extra)
        if extra > 0:
            lines.append("  " + _n("(the attacker's lowest die is not compared)",
                                   "(the attacker's {n} lowest dice are not compared)", n).format(n=n))
        else:
            lines.append("  " + _n("(the defender's lowest die is not compared)",
                                   "(the defender's {n} lowest dice are not compared)", n).format(n=n))
    lines += ["",
              "  " + _("attacker loses {al}, defender loses {dl}: attacker {a} left, defender {d} "
                       "left").format(al=rec['al'], dl=rec['dl'], a=a, d=d)]
    if move:
        lines.append("  " + _("Conquered!") + " " + _move_in(move))
    return "\n".join(lines)
