"""A press's event on the device (App.act while the display task runs, docs/device.md "The
loop's timing", docs/decisions/event-on-flash-before-picture.md): written to the journal before it
is applied and shown, its undo snapshot and its publication after the picture (App.flush). The
history, an undo and the journal must end exactly as when every event is applied and written at
once."""

MPY_HEAP = "512k"

import devicekit as K

from comando import journal as codec
from comando import session as S
from device.app import App


def _app(root):
    app = App(K.TestHal(root))
    app.boot()
    for ev in K.teg_events()[:11]:   # the opening, the placements, the round: a turn is on
        app.submit(ev)
    app.deferring = True   # as display_task sets it: presses are published after their picture
    return app


def _wholes(state):
    return [(h[0], tuple(S._full(state.hist, j))) for j, h in enumerate(state.hist)]


def _journal_lines(app):
    with app.journal.open_read() as f:
        return f.read().splitlines(True)


def test_deferred_presses_keep_the_same_undo_history_and_journal():
    root = K.tempdir("press")
    try:
        app = _app(root)
        p = app.state.cur
        made = []
        for a, b in ((6, 3), (5, 2), (4, 1)):
            made.append(app.act({"t": "roll", "p": p, "d": (p + 1) % 4, "a": a, "b": b}))
            # on flash when act returns (before any picture); published, remembered later
            assert _journal_lines(app)[-1] == codec.encode(made[-1])
            assert app.unpublished[-1] is made[-1] and app.unremembered
        app.flush()
        assert not app.unpublished and not app.unremembered
        ref = S.Session()
        for ev in K.teg_events()[:11] + made:
            S.apply(ref, ev)
        assert _wholes(app.state) == _wholes(ref)
        assert _journal_lines(app)[-3:] == [codec.encode(e) for e in made]
    finally:
        K.rmtree(root)


def test_an_undo_right_after_a_deferred_press_restores_the_turn():
    """teg-classic.txt has no undo: the device's "Undo last" (docs/device.md) goes back to
    the event before; the press before it must have its snapshot even if its picture's flush has
    not run yet."""
    root = K.tempdir("press")
    try:
        app = _app(root)
        before = S._snapshot(app.state)
        seq = app.state.seq
        p = app.state.cur
        app.act({"t": "roll", "p": p, "d": (p + 1) % 4, "a": 6, "b": 3})
        assert app.unremembered
        app.act({"t": "undo", "to": seq})   # submit() flushes the roll first
        app.flush()
        # every field as before the roll, but seq (the undo is an event of its own)
        assert S._snapshot(app.state)[1:] == before[1:]
        assert app.state.at == seq and app.state.seq == seq + 2
    finally:
        K.rmtree(root)


def test_an_undo_by_a_press_keeps_the_reducers_history():
    """An undo adds no snapshot of its own (comando.session.apply): a press's undo must not get
    one after its picture either, or the device's history and the laptop's fold part ways (a
    later undo the device offers would be refused on replay; found by mashing on the Pico)."""
    root = K.tempdir("press")
    try:
        app = _app(root)
        p = app.state.cur
        made = [app.act({"t": "roll", "p": p, "d": (p + 1) % 4, "a": 6, "b": 3})]
        made.append(app.act({"t": "undo", "to": app.state.seq - 1}))
        for a, b in ((5, 2), (4, 1), (6, 2)):
            made.append(app.act({"t": "roll", "p": p, "d": (p + 1) % 4, "a": a, "b": b}))
        app.flush()
        ref = S.Session()
        for ev in K.teg_events()[:11] + made:
            S.apply(ref, ev)
        assert [h[0] for h in app.state.hist] == [h[0] for h in ref.hist]
        assert _wholes(app.state) == _wholes(ref)
    finally:
        K.rmtree(root)
