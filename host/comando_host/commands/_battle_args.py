"""Arguments shared by `comando odds` and `comando roll` (a leading underscore: not a command)."""

from comando import combat, dice_mods
from comando_host.cli import UsageError
from comando_host.text.lang import N_, _, _n, decimal

# No table has more on one country; the odds DP is O(ATT * DEF) (1000 v 1000 takes about 0.2 s)
# and `roll --all` rolls once per army lost.
MAX_ARMIES = 1000

# The help of each dice modifier's flag, by its word (comando.dice_mods.MODS); every row there
# gets its flag, a new one with the plain help below until it says more here.
MOD_HELP = {"snow": N_("La Revancha's Snow situation card: +1 defence die, up to 4"),
            "tailwind": N_("La Revancha's Tailwind situation card: +1 attack die, up to 4")}


def add_battle_args(parser, optional: bool = False) -> None:
    """``optional``: ATT and DEF may be left out (`comando odds --chain/--need` checks them)."""
    nargs = "?" if optional else None
    parser.add_argument("--rules", default="teg", metavar="RULES", type=str.lower,
                        help=_("ruleset: {rulesets} (default teg)").format(rulesets=", ".join(combat.RULESETS)))
    parser.add_argument("att", metavar="ATT", nargs=nargs,
                        help=_("armies on the attacking country (its occupation army included)"))
    parser.add_argument("dfn", metavar="DEF", nargs=nargs, help=_("armies on the defending country"))
    for row in dice_mods.MODS:
        word = row[1]
        parser.add_argument("--" + word, action="store_true", dest=word,
                            help=_(MOD_HELP[word]) if word in MOD_HELP else
                            _("La Revancha's {card} situation card").format(card=word.capitalize()))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))


def plain_battle_args(spec) -> None:
    """The same arguments in a command's plain form (comando_host.commands._plain): ATT and DEF both
    given (a line with one of them only goes to argparse)."""
    spec.value("--rules", "rules", default="teg", convert=str.lower)
    spec.positional("att")
    spec.positional("dfn")
    for row in dice_mods.MODS:
        spec.flag("--" + row[1], row[1])
    spec.flag("--json", "json")


def armies(text: str, what: str) -> int:
    try:
        value = int(text, 10)
    except (TypeError, ValueError):
        raise UsageError(_("{what} must be a whole number of armies, not {text}").format(
            what=what, text=repr(text))) from None
    if value < 0:
        raise UsageError(_("{what} cannot be negative ({value})").format(what=what, value=value))
    return value


def parse_battle(args) -> tuple[str, int, int]:
    """(ruleset, att, def) validated; rule errors come from the core as RulesError."""
    att = armies(args.att, _("ATT (armies on the attacking country)"))
    dfn = armies(args.dfn, _("DEF (armies on the defending country)"))
    if att > MAX_ARMIES or dfn > MAX_ARMIES:
        raise UsageError(_("up to {most} armies a side (asked {att} against {dfn})").format(
            most=MAX_ARMIES, att=att, dfn=dfn))
    combat.check_battle(args.rules, att, dfn, mods(args))
    return args.rules, att, dfn


def mods(args) -> int:
    """The dice modifiers (comando.dice_mods) the flags ask for: --snow, --tailwind (a flag
    per modifier)."""
    return dice_mods.of_words(vars(args))


def _mod_name(word: str) -> str:
    """A modifier's name as on La Revancha's situation card (Nieve, Viento a favor), translated."""
    # literal msgids for the catalogue extractor; a new modifier falls back to its word
    names = {"snow": _("Snow"), "tailwind": _("Tailwind")}
    return names.get(word, word.capitalize())


def situation_text(mods: int) -> str:
    """", Snow" after the ruleset's name for the modifiers in effect; "" for none."""
    return "".join(", " + _mod_name(w) for w in dice_mods.words(mods))


def armies_text(n: int) -> str:
    """A count of armies in the current language ("1 army", "3 ejércitos")."""
    return _n("{n} army", "{n} armies", n).format(n=n)


def pct(p: float) -> str:
    """A probability as a percentage a person reads at a glance."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < 0.0001:
        return "<" + decimal(0.01) + "%"
    if p > 0.9999:
        return ">" + decimal(99.99) + "%"
    return decimal(100 * p) + "%"
