"""`comando odds`: exact odds of attacking a country until it falls (or the attacker stops)."""

from comando import combat, odds
from comando_host.commands._battle_args import (add_battle_args, armies, armies_text, mods,
                                                parse_battle, pct, plain_battle_args,
                                                situation_text)
from comando_host.cli import UsageError
from comando_host.text.lang import _, _n, decimal

# rows below this probability are folded into one line so 200v200 stays readable
SHOW_MIN = 0.0005


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "odds", help=_("exact odds of an attack until conquest, a chain of attacks, armies needed"),
        description=_("Exact odds of attacking until the country falls or the attacker is down to "
                      "its last army (or --stop N armies). ATT counts every army on the attacking "
                      "country, the occupation army included. --chain ATT D1 D2 ...: attack along "
                      "a path of countries, moving in the most the rules allow after each "
                      "conquest; --need P DEF (or --need P --chain D1 D2 ...): the fewest armies "
                      "giving a chance of at least P."),
        epilog=_("examples: {examples}").format(
            examples="comando odds 10 4;  comando odds --chain 15 4 3 2;  "  # english: command lines
                     "comando odds --need 0.8 5;  comando odds --need 80% --chain 4 3 2;  "
                     "comando odds --board teg --chain argentina=15 chile=4 peru=3"))
    add_battle_args(p, optional=True)
    p.add_argument("--stop", default=None, metavar="N",
                   help=_("stop attacking once the attacker is down to N armies (default 1)"))
    p.add_argument("--chain", nargs="+", metavar="ARMIES",
                   help=_("a chain of attacks: the attacker's armies, then each defender's in path "
                          "order (with --need: the defenders only); with --board, COUNTRY=ARMIES"))
    p.add_argument("--need", metavar="P",
                   help=_("the fewest attacking armies for a chance of at least P (0.8 or 80%%)"))
    p.add_argument("--board", metavar="BOARD",
                   help=_("a board id or file: --chain names countries, checked to border in turn"))
    p.set_defaults(func=run)


def plain():
    """The plain form (comando_host.commands._plain): ``register``'s arguments but the chain and the
    armies needed (argparse reads those)."""
    from comando_host.commands._plain import Spec
    spec = Spec(run)
    plain_battle_args(spec)
    spec.value("--stop", "stop")
    for option in ("--chain", "--need", "--board"):
        spec.argparse_only(option, option[2:])
    return spec


def run(args) -> int:
    if args.chain is not None or args.need is not None or args.board is not None:
        from comando_host.commands import _odds_chain
        return _odds_chain.run(args)
    if args.att is None or args.dfn is None:
        raise UsageError(_("give ATT and DEF, the armies on each country (or --chain / --need; "
                           "see `comando odds --help`)"))
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
    # the headings are padded to their own widths: a translation may be longer than English
    head = max(15, len(_("P(conquest)")), len(_("expected losses")))
    lines = [_("{rules}{situation}: {armies} attack {defenders}, until conquest or down to "
               "{stop}").format(rules=name, situation=situation_text(dmods),
                                armies=armies_text(att), defenders=dfn, stop=armies_text(stop)),
             "",
             "  %s  %8s" % (_("P(conquest)").ljust(head), pct(res['p_conquer'])),
             "  %s  %s" % (_("expected losses").ljust(head),
                           _("attacker {att}, defender {dfn}").format(
                               att=decimal(res['exp_att_loss']), dfn=decimal(res['exp_def_loss']))),
             "",
             _n("First roll: {n} die against {d}", "First roll: {n} dice against {d}", ad).format(
                 n=ad, d=dd)]
    for al, dl, p in first:
        lines.append("  %s  %8s" % (_("attacker loses {al}, defender loses {dl}").format(al=al, dl=dl),
                                    pct(p)))

    c_armies, c_conq, c_stop, c_total = _("armies"), _("conquered"), _("stopped"), _("total")
    wa = max(6, len(c_armies))
    wc = max(10, len(c_conq), len(c_stop), len(c_total))
    lines += ["", _("Attacker armies at the end (before moving in)"),
              f"  {c_armies:>{wa}}  {c_conq:>{wc}}  {c_stop:>{wc}}  {c_total:>{wc}}"]
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
        lines.append(f"  {a:>{wa}}  {pct(c) if c else '-':>{wc}}  {pct(f) if f else '-':>{wc}}"
                     f"  {pct(t):>{wc}}")
    if hidden_rows:
        lines.append("  " + _hidden(hidden_rows, hidden))

    c_most = _("at most")
    wl = max(14, len(c_armies), len(_("0 (conquered)")))
    wm = max(8, len(c_most))
    lines += ["", _("Defender armies at the end"),
              f"  {c_armies:<{wl}}  {c_total:>10}  {c_most:>{wm}}"]
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
        label = _("0 (conquered)") if d == 0 else str(d)
        lines.append(f"  {label:<{wl}}  {pct(p):>10}  {pct(cum):>{wm}}")
    if hidden_rows:
        lines.append("  " + _hidden(hidden_rows, hidden))
    return "\n".join(lines)


def _hidden(rows: int, together: float) -> str:
    return _n("({n} more row under {min}, {p} together)", "({n} more rows under {min}, {p} together)",
              rows).format(n=rows, min=pct(SHOW_MIN), p=pct(together))
