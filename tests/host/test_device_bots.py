"""Bots in seats on the device (issue 26), by presses in the simulator (the real firmware under
MicroPython): tests/device_scripts/teg_bots.txt (written by tests/bot_script.py) plays a 4-player
T.E.G. map game of two humans and two bots to a victory. On a bot's turn the screen says its next
move in words the table carries out (T.E.G.'s home language, Spanish, as a fresh device speaks)
and OK applies it; a long BACK shows a human the bot's hint
with its odds. Golden frames of each new screen: tests/golden/bots-*.png (look at them).

Rule sources: teg-classic.txt "DEVELOPMENT OF AN ATTACK" (the dice of each attack the bot makes:
the device's, as every map-mode attack's), "OBJECTIVES" (the bots' secret objectives, sealed in
the deal like the humans')."""

import os

from comando import engine
from comando.board import load_board, board_path
from comando.engine import botsay
from comando.texts import set_lang
from comando_host.pico.simulator import ROOT, run_script

from test_device_golden import frames_unlike_golden

SCRIPT = os.path.join(ROOT, "tests", "device_scripts", "teg_bots.txt")
ACTION_KEYS = ("t", "p", "c", "n", "f", "to", "cards")


def _run(tmp_path, script, lang=None):
    root = str(tmp_path / "dev")
    os.makedirs(root)
    if lang:
        with open(os.path.join(root, "settings.json"), "w") as f:
            f.write('{"lang": "%s"}' % lang)
    return run_script(script, root=root, png_dir=str(tmp_path / "png"), seed=11)


def test_two_humans_and_two_bots_to_a_victory(tmp_path):
    sim = _run(tmp_path, SCRIPT)
    events, _, problem = sim.journal()
    assert problem is None
    new = events[0]
    assert new["t"] == "new" and [pl.get("bot", 0) for pl in new["players"]] == [0, 0, 1, 1]
    deal = events[1]
    assert deal["t"] == "deal" and "obj" not in deal and len(deal["oh"]) == 4   # sealed
    # every bot event is the bot's own suggestion on the state before it (what its screen said)
    set_lang("en")
    board = load_board(board_path("teg"))
    f = engine.Folder(board)
    bot_events = 0
    for ev in events:
        st = f.state
        if st is not None and st.phase != "over" and botsay.is_bot(st, st.cur) and \
                ev.get("p") == st.cur:
            a = botsay.suggest(st)
            assert {k: a[k] for k in ACTION_KEYS if k in a} == \
                {k: ev[k] for k in ACTION_KEYS if k in a}, (ev, a)
            bot_events += 1
        f.feed(ev)
    st = f.state
    assert st.phase == "over" and st.winner >= 0
    assert "rv" in events[-1]   # the end reveals the sealed objectives (bots' too)
    kinds = set(e["t"] for e in events if e.get("p") in (2, 3))
    assert {"place", "attack", "move", "end"} <= kinds, kinds
    assert bot_events > 50
    # the page's log (the table record): the bots' moves as any other events, the seats marked
    from comando_host.text.record import Record
    rec = Record()
    lines = [rec.feed(e).text for e in events]
    assert lines[0].startswith("new game: T.E.G. with blue (blue), red (red), "
                               "black (black) - bot, yellow (yellow) - bot"), lines[0]
    bot_attacks = [lines[i] for i, e in enumerate(events) if e["t"] == "attack" and e["p"] in (2, 3)]
    assert bot_attacks and all(" attacks " in ln for ln in bot_attacks), bot_attacks[:3]
    assert any(ln.startswith("black (black) places ") for ln in lines)
    names = sorted(os.path.basename(p)[:-4] for p in sim.frames())
    assert names == ["bots-attack", "bots-end", "bots-hint-attack", "bots-hint-place",
                     "bots-move-in", "bots-new-game", "bots-place", "bots-regroup",
                     "bots-rolled", "bots-victory"], names
    bad = frames_unlike_golden(sim.frames())
    assert not bad, "frames differ from tests/golden (see build/golden-actual/): %s" % bad


def test_a_table_session_asking_for_a_bot_is_refused(tmp_path):
    """A seat held as the bot's with Map off: one line naming the rule, no game started."""
    sim = _run(tmp_path, ["ok x5", "long back", "roll", "png bots-refused", "quit"], lang="en")
    events, _, problem = sim.journal()
    assert problem is None and events == []
    log = sim.log()
    assert log.count("a bot needs the map: set Map on (New game), or seat no bot") == 1, log
    assert "Traceback" not in log
    bad = frames_unlike_golden(sim.frames())
    assert not bad, bad


def test_the_bots_attacks_follow_the_tables_dice():
    """The game's dice option holds for a bot's seat too (issue 26: "its dice follow the game's
    dice option"): a T.E.G. map game of the table's own dice (the Map field's map+dice), two
    humans and two bots, to a victory on the real app (tests/mapdriver.py): each bot attack
    opens the table_roll screen and carries the table's told result ("tb"), as the humans' do;
    the laptop's fold of the journal is the device's game."""
    import mapdriver
    from comando import journal_read
    from device.buttons import LONG, PRESS
    from device.hal import BACK, OK, ROLL, UP

    class Table(mapdriver.Driver):
        def start(self, players):
            for _ in range(5):            # Game, Players, Board, seat 1, seat 2: OK to seat 3
                self.press(OK)
            for _ in range(2):            # seats 3 and 4: the bot's (a long BACK each)
                self.app.press(BACK, PRESS)
                self.app.run_after_press()
                self.app.press(BACK, LONG)
                self.app.run_after_press()
                self.press(OK)
            ng = self.app.top()
            while ng.field != ng.MAP:
                self.press(OK)
            for _ in range(self.deck):    # map, deck, ..., map+dice
                self.press(UP)
            self.press(ROLL)
            assert self.app.map and self.app.state.bots == [0, 0, 1, 1], self.toasts[-1:]

    d = Table(seed=7, players=4, deck=5)
    try:
        bot_rolls = 0
        for _ in range(20000):
            st = d.app.state
            if st.phase == "over":
                break
            scr = d.app.top()
            scr.sync()
            if botsay.is_bot(st, st.cur):
                if scr.shown is not None:
                    d.press(OK)           # the card the device dealt the bot: put away
                    continue
                a = botsay.suggest(st)
                seq = st.seq
                d.press(OK)
                if a["t"] == "attack":
                    assert type(d.app.top()).__name__ == "TableRoll", a
                    d.tell()
                    bot_rolls += 1
                assert d.app.state.seq > seq, (a, d.toasts[-1:])
            else:
                d.do(mapdriver._intent(st.rules.make_bot(mapdriver.SeededDice(st.seq + 1)), st))
        st = d.app.state
        assert st.phase == "over" and st.winner >= 0
        with open(d.app.journal.path, "rb") as f:
            evs = [journal_read.decode(line) for line in f]
        assert evs[0]["opt"] == {"dice": "table"}
        attacks = [e for e in evs if e["t"] == "attack"]
        by_bots = [e for e in attacks if e["p"] in (2, 3)]
        assert bot_rolls == len(by_bots) > 0
        assert attacks and all(e["tb"] == 1 and "al" in e for e in attacks)
        assert engine.fold(evs).to_dict() == st.to_dict()
    finally:
        d.close()
