"""The table's own dice on the device (issue 26), by presses in the simulator (the real firmware
under MicroPython): tests/device_scripts/teg_table_dice.txt plays a 2-player T.E.G. table session
whose dice are the table's to a victory. New game's Map field "own dice" sets the ``dice`` option;
at each roll the dice screen asks the table's result, the likeliest preselected (OK takes it),
DOWN the next likeliest; the journal records each roll as the table's (``tb``), with no faces.
Golden frames of each new screen (tests/golden/tdice-*.png: look at them), La Revancha's Snow
(4 defence dice) and the faces dialled for the luck chart (``dice`` table-faces).

Rule sources: teg-classic.txt "DEVELOPMENT OF AN ATTACK" (the pairs and the losses);
teg-la-revancha.txt "Situation cards" (SNOW: the defender rolls one die more).
"""

import os

from comando import session as S
from comando import dice_mods, table_dice as TD
from comando.session import replay
from comando_host.commands.replay import dice_line
from comando_host.pico.simulator import ROOT, run_script
from comando_host.text.record import Record

from test_device_golden import Journal, frames_unlike_golden

SCRIPT = os.path.join(ROOT, "tests", "device_scripts", "teg_table_dice.txt")


def _same_as_golden(sim):
    bad = frames_unlike_golden(sim.frames())
    assert not bad, "frames differ from tests/golden (see build/golden-actual/): %s" % bad


def test_a_teg_game_with_the_tables_dice_to_a_victory(tmp_path):
    sim = run_script(SCRIPT, root=str(tmp_path / "dev"), png_dir=str(tmp_path / "png"), seed=11)
    events, good, problem = sim.journal()
    assert problem is None
    assert events[0]["o"]["dice"] == "table"
    rolls = [e for e in events if e["t"] == "roll"]
    assert len(rolls) == 2
    # the first: 3 dice against 2, DOWN from the likeliest (the defender loses 2) to the next
    # (one each); the second: 2 dice against 1, the likeliest taken at once (the defender's last)
    assert [(e["r"]["al"], e["r"]["dl"]) for e in rolls] == [(1, 1), (0, 1)]
    assert all(TD.told(e["r"]) and not TD.has_faces(e["r"]) for e in rolls)
    assert rolls[0]["r"]["ad"] == [0, 0, 0] and rolls[0]["r"]["dd"] == [0, 0]
    assert TD.outcomes("teg", 4, 2)[2][1][:2] == (1, 1)
    assert TD.outcomes("teg", 3, 1)[2][0][:2] == (0, 1)
    state = replay.fold(events)
    assert state.stage == S.OVER and state.winner == 0
    assert events[-1]["t"] == "out" and events[-1]["p"] == 1
    # the record and `comando replay` tell the table's rolls from the device's
    rec = Record()
    lines = [rec.feed(e).text for e in events]
    told = [ln for ln in lines if "the table's dice: losses told" in ln]
    assert len(told) == 2 and "3 dice vs 2 dice" in told[0], told
    assert dice_line(events) == ("rolls: 0 by the device's dice, 2 by the table's dice "
                                 "(0 with their faces, 2 its losses only)")
    names = sorted(os.path.basename(f)[:-4] for f in sim.frames())
    assert names == ["tdice-new-game", "tdice-pick", "tdice-pick-down", "tdice-rolled",
                     "tdice-victory", "tdice-won-country"]
    _same_as_golden(sim)


def _in_play(rs, colours, opts, deck=None):
    j = Journal(rs, colours, opts, deck=deck, seed=5)
    j.act({"t": "first", "r": [[6] + [1] * (len(colours) - 1)]})
    while j.state.stage == S.PLACE:
        j.act({"t": "place", "p": j.state.cur})
    j.act({"t": "round"})
    return j


def _run(tmp_path, journal, lines, lang="en"):
    root = str(tmp_path / "dev")
    journal.write(root)
    with open(os.path.join(root, "settings.json"), "w") as f:
        f.write('{"lang": "%s"}' % lang)
    return run_script(lines, root=root, png_dir=str(tmp_path / "png"), seed=11)


def test_revancha_snow_asks_four_defence_dice(tmp_path):
    """SNOW: 3 attack dice against 4; the table's result: the likeliest preselected, UP the third
    likeliest (the list wraps)."""
    snow = 20
    deck = [snow] + [c for c in range(50) if c != snow]
    j = _in_play("revancha", ["white", "black", "red", "blue"], {"dice": "table"}, deck)
    assert j.state.sit == snow
    sim = _run(tmp_path, j, ["roll", "up", "ok", "up", "roll", "png tdice-snow-pick",
                             "up", "png tdice-snow-pick-up", "ok", "png tdice-snow-rolled"])
    events, _, problem = sim.journal()
    assert problem is None
    rec = events[-1]["r"]
    assert len(rec["ad"]) == 3 and len(rec["dd"]) == 4 and rec["snow"] == 1 and rec["tb"] == 1
    outs = TD.outcomes("revancha", 5, 3, dice_mods.SNOW)[2]
    assert (rec["al"], rec["dl"]) == outs[2][:2]   # UP once: the third likeliest
    _same_as_golden(sim)


def test_the_faces_for_the_luck_chart(tmp_path):
    """``dice`` table-faces: each die dialled (UP: one higher), OK to the next, ROLL when told;
    the record holds the faces, highest first, and the losses they give."""
    j = _in_play("teg", ["blue", "red", "black", "yellow"], {"dice": "table-faces"})
    sim = _run(tmp_path, j, ["roll", "roll", "png tdice-faces",
                             "up x5", "ok", "up x2", "ok", "ok", "down", "ok",
                             "png tdice-faces-dialled", "roll", "png tdice-faces-rolled"])
    events, _, problem = sim.journal()
    assert problem is None
    rec = events[-1]["r"]
    assert rec["ad"] == [6, 3, 1] and rec["dd"] == [6, 1] and rec["tb"] == 1
    assert (rec["al"], rec["dl"]) == (1, 1)   # 6 against 6 to the defender, 3 beats 1
    assert TD.has_faces(rec)
    _same_as_golden(sim)
