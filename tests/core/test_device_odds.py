"""The Dice screen's odds (device/screens/dice.py, Dice) on both runtimes: computed by the fixed-point
DP in slices, so a big attack never holds the input loop for the whole computation; the percent
shown is the float odds' rounded percent."""

MPY_HEAP = "512k"

import devicekit as K

from comando import odds
from comando import session as S
from device.screens import dice as screens
from device.app import App


def dice_screen():
    root = K.tempdir("odds")
    app = App(K.TestHal(root))
    app.boot()
    for ev in K.teg_events():
        S.apply(app.state, ev)
    scr = screens.Dice(app)
    app.push(scr)
    return root, app, scr


def test_small_attack_shows_its_percent_in_the_first_frame():
    root, app, scr = dice_screen()
    try:
        for a, d in ((4, 2), (12, 9), (40, 40)):
            scr.att, scr.dfn = a, d
            ref = odds.p_conquer("teg", a, d, stop=scr.stop)
            assert scr.odds() == int(ref * 100 + 0.5), (a, d)
            assert not scr.work()  # nothing left for the display task
    finally:
        K.rmtree(root)


def test_big_attack_runs_in_slices_between_polls():
    """200 against 200: about 40,000 states, in slices of ODDS_SLICE; the frame drawn first has no
    percent, and the one drawn after the last slice has it."""
    root, app, scr = dice_screen()
    try:
        scr.att, scr.dfn = 200, 120
        app.dirty = False
        app.draw()
        assert scr.odds() is None
        assert not app.dirty
        slices = 0
        while scr.work():
            slices += 1
            assert slices < 1000
        assert slices >= 200 * 121 // screens.ODDS_SLICE - 1
        assert app.dirty  # the percent is ready: the display task redraws
        ref = odds.p_conquer("teg", 200, 120, stop=scr.stop)
        assert scr.odds() == int(ref * 100 + 0.5)
        # another attack starts its own computation; the old one is dropped
        scr.att, scr.dfn = 40, 50  # (2,000 states: one slice)
        assert scr.odds() == int(odds.p_conquer("teg", 40, 50, stop=scr.stop) * 100 + 0.5)
    finally:
        K.rmtree(root)
