"""`comando odds`: exact odds of attacking a country until it falls (or the attacker stops)."""

from __future__ import annotations

from comando import combat, odds
from comando_host.commands._battle_args import (add_battle_args, armies, mods, parse_battle,
                                                pct, situation_text)
from comando_host.cli import UsageError
from comando_host.text.wording import count

# rows below this probability are folded into one line so 200v200 stays readable
SHOW_MIN = 0.0005


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "odds", help="exact odds of an attack until conquest, a chain of attacks, armies needed",
        description="Exact odds of attacking until the country falls or the attacker is down to "
                    "its last army (or --stop N armies). ATT counts every army on the attacking "
                    "country, the occupation army included. --chain ATT D1 D2 ...: attack along "
                    "a path of countries, moving in the most the rules allow after each "
                    "conquest; --need P DEF (or --need P --chain D1 D2 ...): the fewest armies "
                    "giving a chance of at least P.",
        epilog="examples: comando odds 10 4;  comando odds --chain 15 4 3 2;  "
               "comando odds --need 0.8 5;  comando odds --need 80% --chain 4 3 2;  "
               "comando odds --board teg --chain argentina=15 chile=4 peru=3")
    add_battle_args(p, optional=True)
    p.add_argument("--stop", default=None, metavar="N",
                   help="stop attacking once the attacker is down to N armies (default 1)")
    p.add_argument("--chain", nargs="+", metavar="ARMIES",
                   help="a chain of attacks: the attacker's armies, then each defender's in path "
                        "order (with --need: the defenders only); with --board, COUNTRY=ARMIES")
    p.add_argument("--need", metavar="P",
                   help="the fewest attacking armies for a chance of at least P (0.8 or 80%%)")
    p.add_argument("--board", metavar="BOARD",
                   help="a board id or file: --chain names countries, checked to border in turn")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.chain is not None or args.need is not None or args.board is not None:
        from comando_host.commands import _odds_chain
        return _odds_chain.run(args)
    if args.att is None or args.dfn is None:
        raise UsageError("give ATT and DEF, the armies on each country (or --chain / --need; "
                         "see `comando odds --help`)")
    rs, att, dfn = parse_battle(args)
    stop = armies(args.stop if args.stop is not None else "1", "--stop")
    m = mods(args)
    res = odds.conquest(rs, att, dfn, m, stop)
    first = odds.roll_table(rs, att, dfn, m)
    ad, dd = combat.max_dice(rs, att, dfn, m)
    if args.json:
        import json   # (only when asked: a start without it, issue 28)
        out = dict(res)
        out["rules_name"] = combat.RULES[rs]["name"]
        out["first_roll"] = {"att_dice": ad, "def_dice": dd,
                             "outcomes": [{"att_loss": al, "def_loss": dl, "p": p}
                                          for al, dl, p in first]}
        print(json.dumps(out))
        return 0
    print(render(rs, att, dfn, stop, m, res, first, ad, dd))
    return 0


def render(rs, att, dfn, stop, dmods, res, first, ad, dd) -> str:
    name = combat.RULES[rs]["name"]
    lines = [f"{name}{situation_text(dmods)}: {count(att, 'army')} attack {dfn}, "
             f"until conquest or down to {count(stop, 'army')}",
             "",
             f"  P(conquest)      {pct(res['p_conquer']):>8}",
             f"  expected losses  attacker {res['exp_att_loss']:.2f}, "
             f"defender {res['exp_def_loss']:.2f}",
             "",
             f"First roll: {ad} {'die' if ad == 1 else 'dice'} against {dd}"]
    for al, dl, p in first:
        lines.append(f"  attacker loses {al}, defender loses {dl}  {pct(p):>8}")

    lines += ["", "Attacker armies at the end (before moving in)",
              f"  {'armies':>6}  {'conquered':>10}  {'stopped':>10}  {'total':>10}"]
    hidden = 0.0
    hidden_rows = 0
    for a in range(att, 0, -1):
        c, f = res["conquer_att"][a], res["fail_att"][a]
        t = c + f
        if t == 0:
            continue
        if t < SHOW_MIN:
            hidden += t
            hidden_rows += 1
            continue
        lines.append(f"  {a:>6}  {pct(c) if c else '-':>10}  {pct(f) if f else '-':>10}"
                     f"  {pct(t):>10}")
    if hidden_rows:
        lines.append(f"  ({hidden_rows} more rows under {pct(SHOW_MIN)}, {pct(hidden)} together)")

    lines += ["", "Defender armies at the end",
              f"  {'armies':<14}  {'total':>10}  {'at most':>8}"]
    cum = 0.0
    hidden = 0.0
    hidden_rows = 0
    for d in range(0, dfn + 1):
        p = res["def_left"][d]
        cum += p
        if d == dfn or cum > 1:  # the whole distribution: 100%, not the float sum's 99.99999
            cum = 1.0
        if p == 0:
            continue
        if p < SHOW_MIN:
            hidden += p
            hidden_rows += 1
            continue
        label = "0 (conquered)" if d == 0 else str(d)
        lines.append(f"  {label:<14}  {pct(p):>10}  {pct(cum):>8}")
    if hidden_rows:
        lines.append(f"  ({hidden_rows} more rows under {pct(SHOW_MIN)}, {pct(hidden)} together)")
    return "\n".join(lines)
