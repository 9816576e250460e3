"""comando games: the games stored on this laptop."""

import time

from comando_host.commands._common import add_db, open_store


def register(sub):
    p = sub.add_parser("games", help="list the stored games")
    add_db(p)
    p.set_defaults(func=run)


def run(args):
    store = open_store(args)
    rows = store.games()
    if not rows:
        print("no games stored yet (%s)" % store.path)
        return 0
    print("%-14s %-14s %-9s %7s  %s" % ("game", "board", "ruleset", "events", "last update"))
    for gid, board, ruleset, fw, origin, created, updated, n, last in rows:
        print("%-14s %-14s %-9s %7d  %s" % (gid, board or "-", ruleset or "-", n,
                                           time.strftime("%Y-%m-%d %H:%M", time.localtime(updated))))
    return 0
