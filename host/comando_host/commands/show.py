"""comando show GAME: a stored game's headers, players and its events (the public view)."""

from comando_host.commands._common import add_db, open_store


def register(sub):
    p = sub.add_parser("show", help="show a stored game (id or unique prefix)")
    p.add_argument("game")
    p.add_argument("--tail", type=int, default=0, help="only the last N events")
    add_db(p)
    p.set_defaults(func=run)


def run(args):
    from comando_host.view import GameView, describe
    store = open_store(args)
    gid = store.find_game(args.game)
    g = store.game(gid)
    view = GameView()
    view.hello({"game": gid, "board": g["board"], "fw": g["fw"]}, 0)
    records = store.records(gid)
    for r in records:
        if r[0] == "event":
            view.event(r[1])
        else:
            view.snapshot(r[1], r[2])
    for line in view.summary():
        print(line)
    print()
    shown = records[-args.tail:] if args.tail else records
    for r in shown:
        print(describe(r[1]) if r[0] == "event" else "#%d (snapshot of the device's state)" % r[1])
    return 0
