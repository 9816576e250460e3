"""`comando odds --chain` and `comando odds --need` (issue 26): a chain of attacks along a path of
countries, and the fewest armies for a chance. The odds are the shared core's
(comando.odds_chain); this module reads the arguments, checks a named path against a board, and
prints. The semantics: docs/decisions/odds-chain-and-need.md.
"""

from __future__ import annotations

import json

from comando import combat, odds_chain
from comando.errors import RulesError
from comando_host.cli import UsageError
from comando_host.commands._battle_args import MAX_ARMIES, armies, mods, pct, situation_text
from comando_host.text.lang import _, _n, decimal

MAX_CHAIN = 100  # countries in one chain (no board has a longer path worth asking about)


def run(args) -> int:
    rs = args.rules
    combat.rules(rs)  # an unknown ruleset first: RulesError naming the known ones
    if args.stop is not None:
        raise UsageError(_("--stop is for one attack: --chain and --need attack until the "
                           "occupation army is left (drop --stop)"))
    need = None if args.need is None else chance(args.need)
    if args.chain is None:
        if need is None:
            raise UsageError(_("--board names the countries of a chain: give --chain "
                               "COUNTRY=ARMIES COUNTRY=ARMIES ..."))
        if args.board is not None:
            raise UsageError(_("with --board, name the path: --need P --chain COUNTRY "
                               "COUNTRY=ARMIES ..."))
        if args.att is None:
            raise UsageError(_("--need P needs the defending armies: `--need 0.8 5`, or "
                               "`--need 0.8 --chain 4 3 2`"))
        if args.dfn is not None:
            raise UsageError(_("--need P takes the defending armies only (`--need 0.8 5`): the "
                               "attacking armies are what it finds"))
        defs = [army_count(args.att, _("DEF (armies on the defending country)"))]
        att, names = None, None
    else:
        if args.att is not None:
            raise UsageError(_("--chain takes every army count itself: drop the ATT/DEF given "
                               "beside it"))
        att, defs, names = parse_chain(args.chain, rs, args.board, need is not None)
    odds_chain.check_chain(rs, defs, mods(args))
    if need is not None:
        return show_need(args, rs, need, defs, names)
    combat.check_battle(rs, att, defs[0], mods(args))
    res = odds_chain.chain(rs, att, defs, mods(args))
    if args.json:
        out = dict(res)
        out["rules_name"] = combat.RULES[rs]["name"]
        if names:
            out["countries"] = names
        print(json.dumps(out))
        return 0
    print(render_chain(rs, att, defs, names, mods(args), res))
    return 0


def chance(text: str) -> float:
    """--need's P: 0.8 or 80%, above 0 and at most 1."""
    t = text.strip()
    scale = 100.0 if t.endswith("%") else 1.0
    try:
        p = float(t[:-1] if scale != 1.0 else t) / scale
    except ValueError:
        raise UsageError(_("--need must be a chance such as 0.8 or 80%, not {text}").format(
            text=repr(text))) from None
    try:
        odds_chain.check_chance(p)
    except RulesError as exc:
        raise UsageError(f"--need {text}: {exc}") from None   # (the core's words: the option and its value)
    return p


def army_count(text: str, what: str) -> int:
    n = armies(text, what)
    if n > MAX_ARMIES:
        raise UsageError(_("up to {most} armies a country ({what} is {n})").format(most=MAX_ARMIES, what=what, n=n))
    return n


def parse_chain(items, rs, board_name, for_need):
    """(attacker's armies or None, defenders' armies, country names or None) from --chain."""
    if len(items) > MAX_CHAIN + 1:
        raise UsageError(_("--chain: up to {most} countries to attack, not {n}").format(
            most=MAX_CHAIN, n=len(items) - 1))
    if board_name is None:
        for it in items:
            if not it.strip().lstrip("+-").isdigit():
                raise UsageError(_("--chain: {item} is not a number of armies (country names "
                                   "need --board)").format(item=repr(it)))
        nums = [army_count(it, "--chain") for it in items]
        if for_need:
            return None, nums, None
        if len(nums) < 2:
            raise UsageError(_("--chain needs the attacker's armies and at least one defender's: "
                               "`--chain 15 4 3 2`"))
        return nums[0], nums[1:], None
    board = load_board(board_name, rs)
    places, counts = [], []
    for k, it in enumerate(items):
        name, sep, num = it.partition("=")
        if for_need and k == 0:
            if sep:
                raise UsageError(_("--chain: with --need the first country's armies are what is "
                                   "asked: give {name} without ={num}").format(name=repr(name), num=num))
        elif not sep:
            raise UsageError(_("--chain: give each country as COUNTRY=ARMIES ({item} has no "
                               "armies)").format(item=repr(it)))
        places.append(board.find(name.strip()))   # BoardError names an unknown country
        counts.append(army_count(num, f"--chain {name.strip()}") if sep else None)
    if len(places) < 2:
        raise UsageError(_("--chain needs the attacking country and at least one to attack"))
    names = [board.name(i) for i in places]
    seen = set()
    for i in places:
        if i in seen:
            raise UsageError(_("--chain: {country} comes twice: a chain attacks each "
                               "country once, from the one before it").format(country=board.name(i)))
        seen.add(i)
    for a, b in zip(places, places[1:]):
        if not board.is_border(a, b):
            raise UsageError(_("--chain: {a} and {b} do not border on {board}: an attack goes "
                               "only to a neighbouring country").format(
                a=board.name(a), b=board.name(b), board=board.name))
    return counts[0], counts[1:], names


def load_board(name: str, rs: str):
    """A board by id or file, a ruleset's own map by its short id too (``risk`` + ``spain``);
    it must be made for the ruleset the odds use."""
    from comando.board import BoardError, load_board as load
    try:
        board = load(name)
    except BoardError:
        if "/" in name or name.endswith(".json"):
            raise
        try:
            board = load(f"{rs}_{name}")
        except BoardError:
            raise UsageError(_("--board: no board called {name} (see `comando boards "
                               "list`)").format(name=repr(name))) from None
    if rs not in board.rulesets:
        made = ", ".join(combat.RULES[r]["name"] if r in combat.RULES else r
                         for r in board.rulesets)
        raise UsageError(_("--board {board} is made for {made}, not {rules} (choose its ruleset "
                           "with --rules)").format(board=board.id, made=made, rules=combat.RULES[rs]["name"]))
    return board


def moving_text(rs: str) -> str:
    mx = combat.RULES[rs]["move_max"]
    if mx == "all":
        return _("all but one")
    if mx == "dice":
        return _("the armies of the last attack (3 at most)")
    return _("at most {n}").format(n=mx)


def _label(k: int, names) -> str:
    return names[k + 1] if names else str(k + 1)


def _armies(n: int) -> str:
    return _n("{n} army", "{n} armies", n).format(n=n)


def render_chain(rs, att, defs, names, dmods, res) -> str:
    """The chain's table in the laptop's language (its numbers with its decimal mark)."""
    name = combat.RULES[rs]["name"]
    where = " " + _("from {country}").format(country=names[0]) if names else ""
    through = _n("{n} country", "{n} countries", len(defs)).format(n=len(defs))
    lines = [_("{game}{situation}: a chain of attacks{where} with {armies} through {countries}, "
               "moving in {moving} after each conquest").format(
                   game=name, situation=situation_text(dmods), where=where, armies=_armies(att),
                   countries=through, moving=moving_text(rs)),
             ""]
    heads = (_("P(take all)"), _("expected armies"))
    w = max(16, max(len(h) for h in heads) + 1)   # (the labels' column, as wide as the language's)
    lines += ["  %-*s %s" % (w, heads[0], pct(res['p_all'])),
              "  %-*s %s" % (w, heads[1], _("{n} left on the path").format(n=decimal(res['exp_left'])))]
    if res["p_all"]:
        lines[-1] += "; " + _("{n} on the last country when all are taken").format(n=decimal(res['exp_front']))
    country, armies_h, taken = _("country"), _("armies"), _("P(taken)")
    width = max([len(country)] + [len(_label(k, names)) for k in range(len(defs))])
    aw, tw = max(6, len(armies_h)), max(8, len(taken))
    lines += ["", f"  {country:<{width}}  {armies_h:>{aw}}  {taken:>{tw}}"]
    for k, d in enumerate(defs):
        lines.append(f"  {_label(k, names):<{width}}  {d:>{aw}}  {pct(res['p_reach'][k]):>{tw}}")
    return "\n".join(lines)


def show_need(args, rs, p, defs, names) -> int:
    m = odds_chain.need(rs, p, defs, mods(args))
    top = odds_chain.ceiling(rs, defs, mods(args))
    at = below = None
    if m is not None:
        vals = odds_chain.chain_values(rs, defs, m, mods(args))
        at, below = vals[m], vals[m - 1]
    if args.json:
        out = {"rules": rs, "rules_name": combat.RULES[rs]["name"], "p": p, "defenders": defs,
               "need": m, "p_at_need": at, "p_one_fewer": below, "ceiling": top}
        if names:
            out["countries"] = names
        print(json.dumps(out))
        return 0
    name = combat.RULES[rs]["name"]
    sit = situation_text(mods(args))
    if len(defs) == 1 and not names:
        what = _("to conquer a country of {armies}").format(armies=_armies(defs[0]))
    elif names:
        what = _("from {country} to take {path} in turn").format(
            country=names[0], path=", ".join(f"{n} ({d})" for n, d in zip(names[1:], defs)))
    else:
        what = _("to take {path} in turn").format(path=", ".join(str(d) for d in defs))
    lines = [_("{game}{situation}: the fewest armies for a chance of at least {p} {what}").format(
        game=name, situation=sit, p=pct(p), what=what)]
    if m is not None:
        fewer = (_("{armies} give {p}").format(armies=_armies(m - 1), p=pct(below)) if m > 2
                 else _("fewer cannot attack"))
        lines.append("  %s (P = %s; %s)" % (_armies(m), pct(at), fewer))
    elif p >= 1:
        lines.append("  " + _("none: no number of armies makes it certain (every roll can go to the "
                              "defender)"))
    elif top < p:
        lines.append("  " + _("none: moving in {moving} after each conquest, the chance stays under "
                              "{p} however many armies attack").format(moving=moving_text(rs), p=pct(top)))
    else:
        lines.append("  " + _("more than {n} armies").format(n=odds_chain.NEED_LIMIT))
    print("\n".join(lines))
    return 0
