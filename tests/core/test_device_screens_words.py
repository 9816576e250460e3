"""Issue 13: the device says what it does in words. A long ROLL ("attack until conquest") that
stops short of a conquest says where it stopped (1 army against 1 cannot go on); a roll refused
for want of armies says why and how to go on. Runs on CPython and MicroPython."""

MPY_HEAP = "2m"

from device.app import App
from device.buttons import LONG, PRESS
from device.hal import ROLL
from device.screens import screen
import devicekit as K


def _dice(root):
    from comando import session as S
    from comando.session import replay
    from comando.dice import SeededDice
    t = replay.Table("teg", ["blue", "red", "black", "yellow"], rng=SeededDice(3))
    t.act({"t": "first"})
    while t.state.stage == S.PLACE:
        t.act({"t": "place", "p": t.state.cur})
    t.act({"t": "round"})              # a turn under way: the dice may roll
    K.write(root + "/journal.log", K.journal_bytes(t.events))
    app = App(K.TestHal(root))
    app.boot()
    d = screen(app, "Dice")
    app.push(d)
    return app, d


def test_attack_until_conquest_says_where_it_stopped():
    root = K.tempdir("halt")
    try:
        app, d = _dice(root)
        stopped = 0
        for _ in range(12):          # 2 against 9: the attack runs out before the conquest
            d.att, d.dfn, d.stop, d.limits = 2, 9, 1, None
            d.button(ROLL, PRESS)
            d.att, d.dfn = 2, 9
            d.button(ROLL, LONG)
            app.run_after_press()    # (the rolls after the first: one a turn of the input loop)
            if d.limits is None:
                assert d.att == 1 and d.dfn > 0
                # (a T.E.G. table speaks the game's home language, Spanish: issue 24)
                assert d.halted == "parado: 1 vs %d" % d.dfn
                stopped += 1
        assert stopped
        d.button(ROLL, PRESS)        # the next press clears it
        assert d.halted is None
    finally:
        K.rmtree(root)


def test_a_roll_with_one_army_says_why_and_what_to_press():
    root = K.tempdir("one")
    try:
        app, d = _dice(root)
        d.att, d.dfn = 1, 3
        d.button(ROLL, PRESS)
        assert d.msg == "Un ataque necesita 2 ejércitos o más: uno queda en casa."
        app.settings.lang = "en"     # Settings > Language: English
        app.speak()
        d.button(ROLL, PRESS)
        assert d.msg == "An attack needs 2 armies or more: one stays home."
    finally:
        K.rmtree(root)
