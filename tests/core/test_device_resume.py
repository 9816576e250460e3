"""The picture a map game's device shows at power-on while it folds its journal (device.resume,
issue 22): saved while the table is quiet, shown at the next boot only when the journal is still
exactly the one it was saved for; a stale, torn or foreign picture is never shown, and the one
shown is the picture the fold then draws (the OLED sends nothing more)."""

MPY_HEAP = "2m"

import os

import devicekit as K

from device import mapmode, resume
from device.app import App

COLOURS = ["blue", "red", "black", "yellow"]


def _map_app(root, rs="teg"):
    app = App(K.TestHal(root))
    app.boot()
    app.new_game(mapmode.new_action(rs, rs, COLOURS))
    assert app.map and len(app.stack) == 1
    app.draw()
    app.oled.show()   # the home screen on the glass, as the display task leaves it
    return app


def _place(app):
    st = app.state
    p = st.cur
    c = [i for i in range(st.n) if st.owner[i] == p][0]
    return app.submit({"t": "place", "p": p, "c": c, "n": 1})


def _boot(root):
    """A power-on from the same flash: (the app, the frames sent before the fold's first
    picture, the bytes that picture cost)."""
    app = App(K.TestHal(root))
    app.boot()
    early = app.oled.frames
    app.draw()
    return app, early, app.oled.show()


def _pic(root):
    return K.read(root + resume.NAME)


def test_a_saved_picture_is_shown_at_boot_and_is_the_screen_the_fold_draws():
    root = K.tempdir("resume")
    try:
        app = _map_app(root)
        _place(app)
        glass = bytes(app.oled.shadow)
        assert app.resume_due()
        assert resume.save(app)
        # the frame buffer is the glass's again, and nothing is due until the journal moves on
        assert bytes(app.oled.buf) == glass and not app.resume_due()
        assert resume.TEMP[1:] not in os.listdir(root)
        saved = _pic(root)[resume.HEAD:]
        app2, early, then = _boot(root)
        assert app2.resumed and early > 0
        assert bytes(app2.oled.shadow) == saved   # on the glass before the fold's first picture
        assert then == 0   # the fold's first picture is the same: not a byte more on the bus
        assert app2.map and app2.state.seq == app.state.seq
    finally:
        K.rmtree(root)


def test_the_journal_keeps_its_key_as_lines_are_appended():
    root = K.tempdir("resume")
    try:
        app = _map_app(root)
        for _ in range(3):
            _place(app)
            if app.journal.crc is not None:
                assert (app.journal.size, app.journal.crc) == resume.journal_key(app.journal)
        resume.save(app)
        assert (app.journal.size, app.journal.crc) == resume.journal_key(app.journal)
        _place(app)
        assert (app.journal.size, app.journal.crc) == resume.journal_key(app.journal)
        assert app.resume_due()   # the journal moved on: a new picture is due
    finally:
        K.rmtree(root)


def test_a_stale_picture_is_not_shown():
    root = K.tempdir("resume")
    try:
        app = _map_app(root)
        resume.save(app)
        _place(app)   # an event after the picture (a power cut before the next save)
        app2, early, then = _boot(root)
        assert not app2.resumed and early == 0 and then > 0
        assert app2.state.seq == app.state.seq
    finally:
        K.rmtree(root)


def test_a_torn_picture_is_not_shown():
    root = K.tempdir("resume")
    try:
        app = _map_app(root)
        resume.save(app)
        whole = _pic(root)
        flipped = bytearray(whole)
        flipped[resume.HEAD + 300] ^= 0x10
        for bad in (whole[:resume.HEAD + 512], whole[:10], b"", bytes(flipped), whole + b"\x00"):
            K.write(root + resume.NAME, bad)
            app2, early, _ = _boot(root)
            assert not app2.resumed and early == 0, len(bad)
    finally:
        K.rmtree(root)


def test_a_foreign_picture_is_not_shown():
    root = K.tempdir("resume")
    other = K.tempdir("resume")
    try:
        app = _map_app(root)
        resume.save(app)
        mine = _pic(root)
        # another game's picture (another deal: another journal)
        o = _map_app(other, "war")
        resume.save(o)
        K.write(root + resume.NAME, _pic(other))
        app2, early, _ = _boot(root)
        assert not app2.resumed and early == 0
        # not ours: another magic
        K.write(root + resume.NAME, b"XXXX" + mine[4:])
        app2, early, _ = _boot(root)
        assert not app2.resumed and early == 0
        # the language changed in Settings since: the picture speaks the old one
        K.write(root + resume.NAME, mine)
        K.write(root + "/settings.json", b'{"lang": "es"}')
        app2, early, _ = _boot(root)
        assert not app2.resumed and early == 0
    finally:
        K.rmtree(root)
        K.rmtree(other)


def test_a_cut_while_saving_leaves_the_old_picture_or_none():
    root = K.tempdir("resume")
    try:
        app = _map_app(root)
        resume.save(app)
        good = _pic(root)
        # the power went off in the temp file's write: the picture in place is the one shown
        K.write(root + resume.TEMP, good[:100])
        app2, early, then = _boot(root)
        assert app2.resumed and early > 0 and then == 0
    finally:
        K.rmtree(root)


def test_no_picture_for_a_table_session_or_a_new_game_screen():
    root = K.tempdir("resume")
    try:
        app = App(K.TestHal(root))
        app.boot()
        assert not app.resume_due()   # the New game screen: a fresh boot is quick already
        for ev in K.teg_events()[:4]:
            app.submit(ev)
        assert not app.resume_due()   # a table session folds in a few ms
    finally:
        K.rmtree(root)
