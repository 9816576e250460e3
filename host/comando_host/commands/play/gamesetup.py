"""A new game of `comando play`: the players and their colours, the ruleset's options, the
board it opens on (a ruleset's own maps by their short id; Risk's table on a map that seats it)
and the id it is stored under."""

from __future__ import annotations

from comando import clock
from comando.board import BoardError, load_board
from comando.errors import ComandoError
from comando_host.cli import UsageError
from comando_host.text.lang import _
from comando_host.text.textsafe import printable


def palette(rules, board=None):
    """The colours to hand out when --players names none: the ruleset's, else the board's."""
    cols = tuple(rules.colours)
    if not cols and board is not None and isinstance(board.tables, dict):
        cols = tuple(board.tables.get("colours") or ())
    return cols or ("red", "blue", "green", "yellow", "black", "grey")


def parse_players(text, rules, board=None):
    cols = palette(rules, board)
    if not text:
        return [(f"Player{i + 1}", cols[i]) for i in range(min(4, rules.max_players))]
    out = []
    for i, item in enumerate(text.split(",")):
        item = item.strip()
        if not item:
            continue
        if ":" in item:
            name, colour = item.split(":", 1)
        else:
            name, colour = item, cols[i % len(cols)]
        if not name.strip():
            raise UsageError(_("--players: a player without a name in {text!r} (NAME:COLOUR,...)").format(text=text))
        from comando_host.text.textsafe import has_controls
        if has_controls(item):
            raise UsageError(_("--players: {item!r} holds control characters (a name is plain "
                               "text)").format(item=printable(item.strip())))
        if any(n.lower() == name.strip().lower() for n, _ in out):
            raise UsageError(_("--players: two players called {name!r} (the REPL names players by "
                               "name)").format(name=name.strip()))
        out.append((name.strip(), colour.strip().lower()))
    return out


def parse_options(items):
    opts = {}
    for item in items:
        if "=" not in item:
            raise UsageError(_("--option {item!r}: expected KEY=VALUE").format(item=item))
        k, v = item.split("=", 1)
        if k == "clock":   # the game clock: clock=limit:30m,end:roll,turn:2m (comando.clock)
            from comando import clock_options
            try:
                opts.update(clock_options.parse(v))
            except clock.ClockError as exc:
                raise UsageError(f"--option clock: {exc}") from None  # english: the option as typed, then the clock's words
            continue
        try:
            opts[k] = int(v)
        except ValueError:
            opts[k] = v
    return opts


def find_board(name, rules_id):
    """A board by id or file; for a ruleset's own maps the id without its prefix works too
    (``--ruleset risk --board spain`` is ``risk_spain``)."""
    try:
        return load_board(name)
    except BoardError:
        if "/" in name or name.endswith(".json") or name.startswith(rules_id + "_"):
            raise
        try:
            return load_board(f"{rules_id}_{name}")
        except BoardError:
            pass
        raise


def risk_table_board(board, players):
    """"If the room fills past that cap, the game opens on the smallest map the whole table fits
    on" (risk-online-12-maps.txt): the board asked for, else that map, said in one line."""
    from comando.rulesets.risk import engine as risk
    if risk.RULES.seat_cap(board) >= players:
        return board
    try:
        other = risk.table_board(players, board.id)
    except ComandoError as exc:  # no map seats the table: the usage error names the count
        raise UsageError(f"--players: {exc}")
    print(_("{board} seats at most {n} players: the game opens on {other} ({id}), the smallest map "
            "that seats {players}.").format(board=board.name, n=risk.RULES.seat_cap(board),
                                            other=other.name, id=other.id, players=players))
    return other


def new_game_id():
    import os
    import time
    return "play-%s-%s" % (time.strftime("%Y%m%d-%H%M%S"), os.urandom(2).hex())  # english: an id's time format
