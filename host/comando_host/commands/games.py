"""comando games: the games stored on this laptop (newest first), one aligned line each."""

import os
import time

from comando_host.commands._common import add_db, open_store


def register(sub):
    p = sub.add_parser("games", help="list the stored games")
    add_db(p)
    p.set_defaults(func=run)


def when(t) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t)) if t else "-"


def rows(store):
    """Per stored game: (id, started, ruleset name, board, players, events, result)."""
    from comando_host.record import ruleset_name
    from comando_host.view import GameView
    out = []
    for gid, board, ruleset, fw, origin, created, updated, n, last in store.games():
        try:
            view, _ = GameView.from_store(store, gid)
            players = ", ".join(view.players) or "-"
            result = view.result()
            board = view.board or board
            ruleset = view.ruleset or ruleset
        except Exception:  # a log this laptop cannot read: list it anyway
            players, result = "-", "-"
        out.append((gid, when(created), ruleset_name(ruleset) if ruleset else "-", board or "-",
                    players, "%d" % n, result or "-", when(updated)))
    return out


def table(head, body):
    """Left-aligned columns (the events column right-aligned), two spaces apart."""
    widths = [max(len(str(r[i])) for r in [head] + body) for i in range(len(head))]
    lines = []
    for r in [head] + body:
        cells = []
        for i, v in enumerate(r):
            v = str(v)
            cells.append(v.rjust(widths[i]) if head[i] == "events" else v.ljust(widths[i]))
        lines.append("  ".join(cells).rstrip())
    return lines


def run(args):
    from comando_host.store import default_path
    if not args.db and not os.path.exists(default_path()):
        print("no games stored yet (%s)" % default_path())
        return 0
    store = open_store(args)
    body = rows(store)
    if not body:
        print("no games stored yet (%s)" % store.path)
        return 0
    head = ("game", "started", "ruleset", "board", "players", "events", "result", "last update")
    for line in table(head, body):
        print(line)
    return 0
