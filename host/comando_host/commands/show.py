"""comando show GAME: a stored game's headers, players and its table record (the public view)."""

from comando_host.commands._common import add_db, open_store
from comando_host.text.lang import _, _n


def register(sub):
    p = sub.add_parser("show", help=_("show a stored game (id or unique prefix)"))
    p.add_argument("game")
    p.add_argument("--tail", type=tail_count, default=0, metavar="N",
                   help=_("only the last N events"))
    p.add_argument("--raw", action="store_true", help=_("the events' fields as stored, not the "
                   "table record's words (objectives and secrets are left out either way)"))
    p.add_argument("--replay", action="store_true", help=_("also replay the events through the "
                   "rules (the map engine or the table session, as the game was played): every "
                   "event checked, then applied"))
    add_db(p)
    p.set_defaults(func=run)


def tail_count(text: str) -> int:
    """--tail N: a count of events, 1 or more."""
    import argparse
    try:
        n = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(_("not a whole number: {text}").format(text=repr(text))) from None
    if n < 1:
        raise argparse.ArgumentTypeError(_("a count of events, 1 or more, not {n}").format(n=n))
    return n


def run(args):
    from comando_host.commands.games import when
    from comando_host.text.record import Record
    from comando_host.text.view import GameView, describe
    store = open_store(args)
    gid = store.find_game(args.game)
    g = store.game(gid)
    view, records = GameView.from_store(store, gid)
    from comando_host.text import lang
    lang.use_table(g.get("ruleset"))   # the table's language (its ruleset's own unless chosen)
    for line in view.summary():
        print(line)
    print(_("started {created}   last update {updated}   from {origin}").format(
        created=when(g["created"]), updated=when(g["updated"]), origin=g.get("origin") or "-"))
    print(_("result: {result}").format(result=view.result()))
    if args.replay:
        print(replay(records))
    print()
    rec = Record()
    lines = []
    for r in records:
        if r[0] == "event":
            lines.append(describe(r[1]) if args.raw else "#%s %s" % (r[1].get("seq", "?"),
                                                                    rec.feed(r[1]).text))
        else:
            rec.snapshot(r[2])
            lines.append("#%d " % r[1] + _("(the device's state at this point: the events before "
                                           "it are on the device only)"))
    for line in lines[-args.tail:] if args.tail else lines:
        print(line)
    return 0


def replay(records):
    """Fold the stored events with the rules they were played under, check then apply: the map
    engine (comando.engine) when the game's `new` names a board, else the device's table session
    (comando.session)."""
    events = [r[1] for r in records if r[0] == "event"]
    if any(r[0] == "snapshot" for r in records):
        return _("replay: the log starts from a snapshot of the device; not replayed from the start")
    if not events or events[0].get("t") != "new":
        return _("replay: the log does not start with a new game")
    if "board" in events[0]:  # a game of `comando play` (the engine tracks the map)
        from comando import engine
        state = engine.fold(events)   # IllegalMove names the first event that does not follow
        from comando_host.text.outcome import engine_winners, result_said
        from comando_host.text.engine_text import phase_word, who
        return _("replay: {follow} the rules of {rules}; the state is at #{seq} ({where})").format(
            follow=_follow(len(events)), rules=state.rules.name, seq=state.seq,
            where=result_said(engine_winners(state, lambda p: who(state, p))) if state.phase == "over" else phase_word(state.phase))
    from comando.session.replay import fold
    from comando_host.commands.replay import session_outcome
    state = fold(events)             # IllegalMove names the first event that does not follow
    return _("replay: {follow} the rules; the state is at #{seq} ({where})").format(
        follow=_follow(len(events)), seq=state.seq, where=session_outcome(events, state))


def _follow(n) -> str:
    """ "1 event follows", "2 events follow": the verb agrees too."""
    return _n("{n} event follows", "{n} events follow", n).format(n=n)
