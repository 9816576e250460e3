"""comando show GAME: a stored game's headers, players and its events (the public view)."""

from comando_host.commands._common import add_db, open_store


def register(sub):
    p = sub.add_parser("show", help="show a stored game (id or unique prefix)")
    p.add_argument("game")
    p.add_argument("--tail", type=int, default=0, help="only the last N events")
    p.add_argument("--replay", action="store_true", help="also replay the events through the "
                   "rules (the table session reducer): every event checked, then applied")
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
    if args.replay:
        print(replay(records))
    print()
    shown = records[-args.tail:] if args.tail else records
    for r in shown:
        print(describe(r[1]) if r[0] == "event" else "#%d (snapshot of the device's state)" % r[1])
    return 0


def replay(records):
    """Fold the stored events with the device's reducer (comando.session): check, then apply."""
    from comando import session as reducer
    events = [r[1] for r in records if r[0] == "event"]
    if any(r[0] == "snapshot" for r in records):
        return "replay: the log starts from a snapshot of the device; not replayed from the start"
    if not events or events[0].get("t") != "new":
        return "replay: the log does not start with a new game"
    state = reducer.fold(events)      # IllegalMove names the first event that does not follow
    return "replay: %d events follow the rules; the state is at #%d (%s)" % (
        len(events), state.seq, getattr(reducer, "_waiting", lambda s: s.stage)(state))
