"""`comando roll`: roll one attack by the rules and show the dice, the pairs and the losses."""

from __future__ import annotations

from comando import combat, dice_mods
from comando.dice import SeededDice, system_dice
from comando_host.cli import UsageError
from comando_host.commands._battle_args import (add_battle_args, armies, mods, parse_battle,
                                                situation_text)
from comando_host.text.wording import count


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "roll", help="roll one attack",
        description="Roll one attack: the dice of each side, highest first, and the armies each "
                    "side loses. ATT counts every army on the attacking country.")
    add_battle_args(p)
    p.add_argument("--seed", metavar="N",
                   help="a seed for reproducible dice (same dice on the device); default: the "
                        "system's random source")
    p.add_argument("--att-dice", metavar="N",
                   help="WAR: armies the attacker commits (1-3, default as many as it may)")
    p.add_argument("--def-dice", metavar="N",
                   help="Risk: dice the defender chooses to roll (default as many as it may)")
    p.add_argument("--all", action="store_true",
                   help="keep rolling until the country falls or the attacker is down to "
                        "--stop armies")
    p.add_argument("--stop", default="1", metavar="N",
                   help="with --all: stop once the attacker is down to N armies (default 1)")
    p.set_defaults(func=run)


def _opt_int(text, what):
    if text is None:
        return None
    try:
        return int(text, 10)
    except ValueError:
        raise UsageError(f"{what} must be a whole number, not {text!r}") from None


def run(args) -> int:
    rs, att, dfn = parse_battle(args)
    seed = _opt_int(args.seed, "--seed")
    att_dice = _opt_int(args.att_dice, "--att-dice")
    def_dice = _opt_int(args.def_dice, "--def-dice")
    dice = SeededDice(seed) if seed is not None else system_dice()
    if args.all:
        if att_dice is not None or def_dice is not None:
            raise UsageError("--all rolls every die allowed: drop --att-dice/--def-dice")
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
    lines = [f"{name}{sit}: {count(first['a'], 'army')} attack {first['d']}, until conquest or "
             f"down to {count(stop, 'army')}", "",
             f"  {'roll':>4}  {'attacker':<8}    {'defender':<8}  {'losses':<7}  armies left"]
    for i, rec in enumerate(recs, 1):
        ra, rd = combat.after(rec)
        lines.append(f"  {i:>4}  {' '.join(map(str, rec['ad'])):<8} vs "
                     f"{' '.join(map(str, rec['dd'])):<8}  {rec['al']} / {rec['dl']:<3}  "
                     f"{ra} v {rd}")
    lines.append("")
    if move:
        lo, hi = move
        span = str(lo) if lo == hi else f"{lo} to {hi}"
        lines.append(f"  Conquered after {count(len(recs), 'roll')} with {count(a, 'army')} left. "
                     f"Move in {span} {'army' if hi == 1 else 'armies'}.")
    else:
        lines.append(f"  The attack stops after {count(len(recs), 'roll')}: attacker {a} left, "
                     f"defender {d} left.")
    print("\n".join(lines))
    return 0


def render(rec, a, d, move) -> str:
    name = combat.RULES[rec["rs"]]["name"]
    sit = situation_text(dice_mods.of_record(rec))
    ad, dd = rec["ad"], rec["dd"]
    lines = [f"{name}{sit}: {count(rec['a'], 'army')} attack {rec['d']}",
             "",
             "  attacker  " + "  ".join(str(v) for v in ad),
             "  defender  " + "  ".join(str(v) for v in dd),
             ""]
    for i in range(min(len(ad), len(dd))):
        if ad[i] > dd[i]:
            who = "attacker wins"
        elif ad[i] == dd[i]:
            who = "defender wins (tie)"
        else:
            who = "defender wins"
        lines.append(f"  {ad[i]} vs {dd[i]}  {who}")
    extra = len(ad) - len(dd)
    if extra:
        side = "attacker's" if extra > 0 else "defender's"
        n = abs(extra)
        lines.append(f"  (the {side} lowest die is not compared)" if n == 1 else
                     f"  (the {side} {n} lowest dice are not compared)")
    lines += ["",
              f"  attacker loses {rec['al']}, defender loses {rec['dl']}: "
              f"attacker {a} left, defender {d} left"]
    if move:
        lo, hi = move
        span = str(lo) if lo == hi else f"{lo} to {hi}"
        lines.append(f"  Conquered! Move in {span} {'army' if hi == 1 else 'armies'}.")
    return "\n".join(lines)
