"""`comando play --club URL --token T`: the game of this table's tournament round, as the club
drew it (docs/decisions/club-round-at-the-table.md): its ruleset, its players in seat order and
the round's clock, which the organiser set. The table's token says which table this is; the game
is the table's own as ever (its store, then `comando club join` pushes it).
"""

from __future__ import annotations

from comando_host.cli import UsageError
from comando_host.text.lang import _


def club_round(url: str, token: str) -> dict:
    """The open round this table plays (GET /api/table), or UsageError in one line."""
    from comando_host.club.join import Unreachable, request
    if not token:
        raise UsageError(_("--club: give this table's token (--token T or $COMANDO_CLUB_TOKEN)"))
    try:
        status, answer = request(url.rstrip("/") + "/api/table", token)
    except Unreachable as exc:
        raise UsageError(_("--club: the club at {url} is unreachable ({why}): start the game without "
                           "--club, or once it answers").format(url=url, why=exc)) from None
    if status == 401:
        raise UsageError(_("--club: the club refused this table's token: {why}").format(
            why=answer.get("error", "HTTP 401")))
    if status != 200 or not isinstance(answer, dict):
        raise UsageError(_("--club: HTTP {status} from {url}/api/table: is it a comando club?").format(
            status=status, url=url))
    rnd = answer.get("round")
    if not isinstance(rnd, dict):
        raise UsageError(_("--club: this table plays no open round at the club (the organiser "
                           "draws it: comando club tournament draw)"))
    return rnd


def apply(args, rnd: dict, explicit_options: dict):
    """(ruleset id, players [(name, colour)], options) of the round's game; refuses what the
    command line says against it (another ruleset, other players, a clock of its own)."""
    from comando import engine
    from comando_host.commands.play.gamesetup import palette
    if args.ruleset and args.ruleset.lower() != rnd["ruleset"]:
        raise UsageError(_("--club: the round is played with {rs}, not {asked} (leave out --ruleset)").format(
            rs=rnd["ruleset"], asked=args.ruleset))
    if args.players:
        raise UsageError(_("--club: the round seats {players} (leave out --players)").format(
            players=", ".join(rnd["players"])))
    if any(o.split("=", 1)[0] == "clock" for o in args.option):
        raise UsageError(_("--club: the round's clock is the organiser's (leave out --option clock)"))
    rules = engine.get_rules(rnd["ruleset"])
    cols = palette(rules)
    players = [(n, cols[i % len(cols)]) for i, n in enumerate(rnd["players"])]
    options = dict(explicit_options)
    options.update(rnd.get("clock") or {})
    return rules.id, players, options
