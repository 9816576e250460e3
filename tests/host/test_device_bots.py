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
