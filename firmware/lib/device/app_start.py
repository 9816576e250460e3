"""What runs once: restoring the game from the journal at power-on, and starting a new game (a
table game's, a map game's).

Functions of the app (device.app.App's boot() and new_game() call them), in a module of their own
so that their code is not in the heap during play: main() drops it once the game is restored, and
restart() once a new game has started (device.app.forget)."""

import gc
import json

from comando import session as S
from comando.errors import ComandoError, IllegalMove
from device.journal import StorageFull


# The table session's reducer, its turn order and the rulesets' table rules: a map game plays the
# engine instead (its reinforcements are comando.rulebook_armies's), so they leave its heap
# (issue 22: ~9 KB on a Pico; a New game screen imports them again)
TABLE_SESSION = ("comando.session", "comando.session.rules", "comando.session.replay", "comando.turns",
                 "comando.rulesets.teg.table", "comando.rulesets.revancha.table",
                 "comando.rulesets.war.table", "comando.rulesets.risk.table",
                 "comando.rulesets.teg2.table")


def drop_table_session(app):
    """A map game is on: the table session's code leaves the heap (this module's own reference
    goes with it: device.app drops this module once the game is restored or started). Through
    the app (``App.forget``): this module imports nothing of device.app, which imports it."""
    app.forget(*TABLE_SESSION, collect=False)


def boot(app):
    """Restore the game from the journal (a torn tail is dropped and reported)."""
    st = [S.Session(), 0, 0]
    fold = []   # a map game's engine fold (device.mapmode), when the journal starts one
    bad = []

    def each(ev):
        if bad:
            return
        try:
            if st[1] == 0 and ev.get("t") == "new" and "board" in ev:
                from device import mapmode
                fold.append(mapmode.folder())
            if fold:
                fold[0].feed(ev)
            else:
                S.check(st[0], ev, app.board)
                S.apply(st[0], ev)
            st[1] += 1
            st[2] = ev["seq"]
        except (ComandoError, KeyError, TypeError) as exc:
            bad.append("journal: event %s does not follow the rules (%s)" % (ev.get("seq"), exc))

    app.journal.restore(each)
    if bad:
        # Keep the consistent prefix: re-read to find its byte length.
        _truncate_to(app, st[1], bad[0])
    app.map = bool(fold) and fold[0].state is not None
    app.state = fold[0].state if app.map else st[0]
    if app.map:
        drop_table_session(app)
    app.load_board()
    _load_secret(app)
    if not app.resumed:   # (device.resume applied them before its picture)
        app.settings.apply(app.oled)
    if app.journal.problem:
        app.show_toast(app.journal.problem, 4000)
    app.home()
    app.preload_dice()


def _truncate_to(app, count, why):
    from comando import journal_read as codec
    size = 0
    seq = 0
    with app.journal.open_read() as f:
        for _ in range(count):
            line = f.readline()
            size += len(line)
            seq = codec.decode(line).get("seq", seq)
    app.journal.stop_at(count, size, seq, why)


def _load_secret(app):
    try:
        with app.hal.open(app.hal.root + "/secret.json", "rb") as f:
            d = json.loads(f.read())
        app.secret = {int(k): tuple(v) for k, v in d.items()}
    except (OSError, ValueError):
        app.secret = {}


def new_game(app, action):
    """Start a new session (the old journal is kept aside as journal.log.old); a map game (the
    action names a board) is App.new_map_game's."""
    if action.get("board"):
        return app.new_map_game(action)
    if not check(app, action):
        return None
    ev = begin(app, action)
    if ev is not None:
        if app.in_press:
            # called from a screen's button handler: its code is still running, so the board
            # is loaded once the press has been handled (the input task calls restart())
            app.after_press = app.restart
        else:
            app.restart()
    return ev


def map_game(app, action):
    """App.start_map_game's rest (the screens already gone): the engine's new event and its
    deal, each journaled and published like any event; the last one, or None (the game and the
    screens come back, a message says why)."""
    from device import mapmode
    gc.collect()
    events = state = None
    msg = ""
    try:
        events, state = mapmode.new_game(action, app.dice)
    except MemoryError:
        msg = "not enough memory for a map game on %s" % action.get("board")
    except (ComandoError, OSError) as exc:
        msg = str(exc)
    if events is None or state is None:   # nothing journaled
        return _map_game_failed(app, msg)
    app.journal.archive()
    app.secret = {}
    app.save_secret()
    gc.collect()   # the deal's line needs a whole block: the loads left the heap in pieces
    try:
        for ev in events:
            app.journal.append(ev)
    except (StorageFull, MemoryError) as exc:
        # the new game's journal goes, the previous one comes back: nothing was published
        events = state = None
        gc.collect()
        app.journal.unarchive()
        app.journal.restore(lambda ev: None)
        return _map_game_failed(app, str(exc) if isinstance(exc, StorageFull) else
                                "not enough memory for a map game on %s" % action.get("board"))
    if app.link is not None:
        for ev in events:
            app.link.publish(ev)
    app.state = state
    app.map = True
    drop_table_session(app)
    app.board = getattr(state, "board")
    app.events_made += len(events)
    app.dirty = True
    app.restart()
    return events[-1]


def _map_game_failed(app, msg):
    gc.collect()
    app.restart()
    if type(app.top()).__name__ != "NewGame":
        from device.screens import screen
        app.push(screen(app, "NewGame"))
    from device.ui import wrap
    if len(wrap(msg, 15)) > 6:   # more than the message box shows: the gist, the whole in the log
        from comando.texts import say
        app.hal.log(msg)
        msg = say("mp_fail")
    app.show_toast(msg, 4000)
    return None


def check(app, action):
    """Whether the new game's action is legal (a message on screen if not)."""
    try:
        S.check(S.Session(), action)
    except IllegalMove as exc:
        app.show_toast(str(exc), 3500)
        return False
    return True


def begin(app, action):
    """The previous game kept aside, the new session's first event made and journaled."""
    clear(app)
    return app.act(action)


def clear(app):
    """The previous game kept aside (the journal's archive) and the session emptied."""
    app.journal.archive()
    app.state = S.Session()
    app.map = False
    if app.secret:   # (an empty secret.json stays as it is: a file write is ~10 ms)
        app.secret = {}
        app.save_secret()
    app.board = None


def steps(app, action):
    """A press's new table game in steps, one per turn of the input loop (App.run_after_press),
    each well under 50 ms on a Pico: the check (it imports the ruleset's tables), the journal's
    archive, the first event (made and written to flash), the old screens dropped and collected,
    the home screen's module, then the home screen (the picture)."""
    if not check(app, action):
        return
    yield
    clear(app)
    yield   # (the first event's write, a sector's header with it, in a step of its own)
    if app.act(action) is None:
        return
    yield
    app.stack = []
    app.drop_screens()   # (and collects: ~20 ms, a step of its own before the imports)
    yield
    from device.screens import TURN, module
    __import__(module(TURN.get(app.state.rs, "turn")))
    yield
    app.rehome()
