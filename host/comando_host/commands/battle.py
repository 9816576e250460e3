"""`comando battle`: resolve a T.E.G. II combat from the two battle commands.

    comando battle --att 3/0/5 --def 1/2/2
    comando battle --att 2/+/1 --att-armies 16 --def 5/5/0 --att-wp 7 --def-wp 7
    comando battle --att 1/SU/5 --att-su --def 4/3/3
    comando battle --att 3/A2/5 --def 8/4/A --def-aircraft 4 --json

A clock is 0-11, '+' (all the armies not on the other two clocks), 'SU' or 'A2' (2 aircraft; a
bare 'A' is all the side's aircraft). The forces in the region default to what the clocks show:
give --att-armies/--def-armies when '+' is used (or to check that all armies are committed),
--att-aircraft/--def-aircraft for a bare 'A' (or to check that all aircraft are committed),
--att-su/--def-su to say the side has its SU in the region (then it must be played), and
--att-wp/--def-wp for the war-potential levels to show them before and after.
"""

from comando.rulesets.teg2.battle import combat
from comando.rulesets.teg2.command import K_AIR, K_SU, clock_kind
from comando_host.text.lang import N_, _, _n


# No region holds more (the odds and roll commands use the same bound, _battle_args.MAX_ARMIES).
MAX_FORCES = 1000


def forces(text: str) -> int:
    """A count of armies or aircraft: a whole number, at most MAX_FORCES (negatives are left to
    the core, which names the side)."""
    from argparse import ArgumentTypeError   # (argparse words it: only a refused value needs it)
    try:
        value = int(text, 10)
    except ValueError:
        raise ArgumentTypeError(_("not a whole number: {text}").format(text=repr(text))) from None
    if value > MAX_FORCES:
        raise ArgumentTypeError(_("{n} is more than a region can hold (at most {most})").format(
            n=value, most=MAX_FORCES))
    return value


# `comando battle --help`'s description (the module's docstring's): the examples, then the text
# in the table's language (kept as written: RawDescriptionHelpFormatter)
EXAMPLES = "\n    ".join((  # english: command lines
    "comando battle --att 3/0/5 --def 1/2/2",
    "comando battle --att 2/+/1 --att-armies 16 --def 5/5/0 --att-wp 7 --def-wp 7",
    "comando battle --att 1/SU/5 --att-su --def 4/3/3",
    "comando battle --att 3/A2/5 --def 8/4/A --def-aircraft 4 --json"))
DESCRIPTION = N_(
    "A clock is 0-11, '+' (all the armies not on the other two clocks), 'SU' or 'A2' (2 aircraft; a\n"
    "bare 'A' is all the side's aircraft). The forces in the region default to what the clocks show:\n"
    "give --att-armies/--def-armies when '+' is used (or to check that all armies are committed),\n"
    "--att-aircraft/--def-aircraft for a bare 'A' (or to check that all aircraft are committed),\n"
    "--att-su/--def-su to say the side has its SU in the region (then it must be played), and\n"
    "--att-wp/--def-wp for the war-potential levels to show them before and after.")

# each side's options' help (--att-armies ... --att-name; the same for --def-), whole sentences
SIDE_HELP = (
    (N_("armies (or ships) of the attacker in the region (needed with '+')"),
     N_("aircraft of the attacker in the region (needed with a bare 'A')"),
     N_("the attacker has its Special Unit in the region (it must be played)"),
     N_("the attacker's war-potential level (3-11) before the combat"),
     N_("a name for the attacker in the output (default: attacker)")),
    (N_("armies (or ships) of the defender in the region (needed with '+')"),
     N_("aircraft of the defender in the region (needed with a bare 'A')"),
     N_("the defender has its Special Unit in the region (it must be played)"),
     N_("the defender's war-potential level (3-11) before the combat"),
     N_("a name for the defender in the output (default: defender)")))


def register(subparsers) -> None:
    import re

    from comando_host.commands._parser import RawDescriptionHelpFormatter
    p = subparsers.add_parser(
        "battle",
        help=_("resolve a T.E.G. II combat from two battle commands (3/0/5 v 1/2/2)"),
        description="    " + EXAMPLES + "\n\n" + _(DESCRIPTION),
        formatter_class=RawDescriptionHelpFormatter,
    )
    # Clocks like "-1/2/3" must reach our own validation, not look like an option to argparse.
    p._negative_number_matcher = re.compile(r"^-\d")
    p._has_negative_number_optionals = []
    p.add_argument("--att", required=True, metavar="CMD", help=_("the attacker's command, e.g. 3/0/5"))
    p.add_argument("--def", dest="dfn", required=True, metavar="CMD",
                   help=_("the defender's command, e.g. 1/2/2"))
    for side, helps in (("att", SIDE_HELP[0]), ("def", SIDE_HELP[1])):
        armies_help, aircraft_help, su_help, wp_help, name_help = (_(h) for h in helps)
        p.add_argument(f"--{side}-armies", type=forces, metavar="N", help=armies_help)
        p.add_argument(f"--{side}-aircraft", type=forces, metavar="N", help=aircraft_help)
        p.add_argument(f"--{side}-su", action="store_true", help=su_help)
        p.add_argument(f"--{side}-wp", type=int, metavar="L", help=wp_help)
        p.add_argument(f"--{side}-name", default=None, metavar="NAME", help=name_help)
    p.add_argument("--json", action="store_true", help=_("print the combat record as JSON"))
    p.set_defaults(func=run)


def plain():
    """The plain form (comando_host.commands._plain): ``register``'s arguments (a line with a clock
    such as -1/2/3 goes to argparse, whose matcher ``register`` sets for it)."""
    from comando_host.commands._plain import Spec
    spec = Spec(run)
    spec.value("--att", "att", required=True)
    spec.value("--def", "dfn", required=True)
    for side in ("att", "def"):
        spec.value(f"--{side}-armies", f"{side}_armies", convert=forces)
        spec.value(f"--{side}-aircraft", f"{side}_aircraft", convert=forces)
        spec.flag(f"--{side}-su", f"{side}_su")
        spec.value(f"--{side}-wp", f"{side}_wp", convert=int)
        spec.value(f"--{side}-name", f"{side}_name")
    spec.flag("--json", "json")
    return spec


def run(args) -> int:
    # the record (and --json) keeps the English names; the table printed says them in its language
    att_name, def_name = args.att_name or "attacker", args.def_name or "defender"
    rec = combat(
        args.att, args.dfn,
        att_armies=args.att_armies, def_armies=args.def_armies,
        att_aircraft=args.att_aircraft, def_aircraft=args.def_aircraft,
        att_su=True if args.att_su else None, def_su=True if args.def_su else None,
        att_wp=args.att_wp, def_wp=args.def_wp,
        att_name=att_name, def_name=def_name,
    )
    if args.json:
        import json   # (only when asked: a start without it, issue 28)
        print(json.dumps(rec, sort_keys=True))
    else:
        print(render(rec, args.att_name or _("attacker"), args.def_name or _("defender")))
    return 0


def _units(n: int, kind: int) -> str:
    if n == 0:
        return "-"
    if kind == K_SU:
        return _("the SU")
    if kind == K_AIR:
        return _n("{n} aircraft", "{n} aircraft", n).format(n=n)
    return _n("{n} army", "{n} armies", n).format(n=n)


def _clock(token: str, entered: str) -> str:
    kind, n = clock_kind(token)
    if kind == K_SU:
        return _("SU")
    if kind == K_AIR:
        return _n("{n} aircraft", "{n} aircraft", n).format(n=n)
    return f"{n} (+)" if entered == "+" else str(n)


def _forces(d: dict) -> str:
    parts = [_units(d["armies"], 0) if d["armies"] else _n("{n} army", "{n} armies", 0).format(n=0)]
    if d.get("aircraft"):
        parts.append(_units(d["aircraft"], K_AIR))
    return ", ".join(parts)


def _losses(d: dict) -> str:
    parts = []
    if d["armies"]:
        parts.append(_units(d["armies"], 0))
    if d["aircraft"]:
        parts.append(_units(d["aircraft"], K_AIR))
    if d["su"]:
        parts.append(_("the SU"))
    if d["excess"]:
        parts.append(_("{n} aircraft in excess of the armies left").format(n=d["excess"]))
    return ", ".join(parts) if parts else _("nothing")


def render(rec: dict, att: str = "attacker", dfn: str = "defender") -> str:
    """The combat record as an aligned table and a few lines of summary."""
    names = {"att": att, "def": dfn, "": _("nobody (tie)")}
    a_entered = rec["att"].split("/")
    d_entered = rec["def"].split("/")
    rows = [(_("battle"), att, dfn, _("winner"), _("{name} loses").format(name=att),
             _("{name} loses").format(name=dfn))]
    for i, b in enumerate(rec["battles"]):
        rows.append((
            str(i + 1),
            _clock(b["att"], a_entered[i]),
            _clock(b["def"], d_entered[i]),
            names[b["win"]],
            _units(b["att_lost"], clock_kind(b["att"])[0]),
            _units(b["def_lost"], clock_kind(b["def"])[0]),
        ))
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    lines = [f"{att} {rec['att']}  v  {dfn} {rec['def']}", ""]
    for r in rows:
        lines.append("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
    lines.append("")
    heads = [_("combat:"), _("war potential:"), _("losses:"), _("left:")]
    pad = max(14, max(len(h) for h in heads) + 1)
    combat_h, wp_h, losses_h, left_h = (h.ljust(pad) for h in heads)
    if rec["winner"]:
        won = rec["att_won"] if rec["winner"] == "att" else rec["def_won"]
        lost = rec["def_won"] if rec["winner"] == "att" else rec["att_won"]
        lines.append(combat_h + _n("{name} wins, {won} battle to {lost}",
                                   "{name} wins, {won} battles to {lost}", won).format(
            name=names[rec['winner']], won=won, lost=lost))
    else:
        n = rec['att_won']
        lines.append(combat_h + _n("nobody wins ({n} battle each)", "nobody wins ({n} battles each)",
                                   n).format(n=n))
    lines.append(wp_h + "; ".join(
        _wp(names[s], rec[s + "_move"], rec.get(s + "_wp")) for s in ("att", "def")))
    lines.append(losses_h + "; ".join(
        f"{names[s]} {_losses(rec[s + '_lost'])}" for s in ("att", "def")))
    lines.append(left_h + "; ".join(
        f"{names[s]} {_forces(rec[s + '_left'])}" for s in ("att", "def")))
    return "\n".join(lines)


def _wp(name: str, move: int, levels) -> str:
    if move == 0:
        return _("{name} no change").format(name=name) + (f" ({levels[0]})" if levels else "")
    text = f"{name} {move:+d}"
    if levels:
        before, after = levels
        if after == before:
            text += " " + _("(stays at {level}, the end of the track)").format(level=before)
        else:
            text += f" ({before} -> {after})"
    return text
