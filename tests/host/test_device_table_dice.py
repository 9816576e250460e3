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
from device.buttons import LONG, PRESS
from device.hal import OK

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


MAP_SCRIPT = os.path.join(ROOT, "tests", "device_scripts", "teg_map_table_dice.txt")


def test_a_map_game_with_the_tables_dice_by_presses(tmp_path):
    """Map mode (the Map field's "map+dice"): an attack opens the table's result, the likeliest
    preselected, and the attack event carries the losses told (``tb``, faces of 0); the engine's
    fold of the journal is the device's game. Rule source: teg-classic.txt "DEVELOPMENT OF AN
    ATTACK" (3 dice against 1: the pair compared costs one side one army)."""
    from comando import engine
    sim = run_script(MAP_SCRIPT, root=str(tmp_path / "dev"), png_dir=str(tmp_path / "png"),
                     seed=11)
    events, good, problem = sim.journal()
    assert problem is None
    assert events[0]["t"] == "new" and events[0]["board"] == "teg"
    assert events[0]["opt"] == {"dice": "table"}
    attacks = [e for e in events if e["t"] == "attack"]
    assert len(attacks) == 2
    # 3 dice against 1 (of 9 armies against 1): DOWN from the likeliest (the defender's last
    # army, 855 of 1296 throws) to the other (the attacker loses one), then the likeliest again
    assert TD.results(9, 1, 3, 1)[0][:2] == (0, 1)
    assert [(e["al"], e["dl"]) for e in attacks] == [(1, 0), (0, 1)]
    assert all(e["tb"] == 1 and e["ad"] == [0, 0, 0] and e["dd"] == [0] for e in attacks)
    state = engine.fold(events)
    assert state.pending is not None   # the conquest: the move-in is asked (tdice-map-again)
    names = sorted(os.path.basename(f)[:-4] for f in sim.frames())
    assert names == ["tdice-map-again", "tdice-map-new-game", "tdice-map-pick",
                     "tdice-map-pick-down", "tdice-map-rolled"]
    _same_as_golden(sim)


def test_whole_map_games_with_the_tables_dice_to_a_victory():
    """Whole 4-player map games by presses on the real app (tests/mapdriver.py): T.E.G., La
    Revancha (its 4 dice, Snow and Tailwind), WAR and Risk, the table's throws (seeded dice)
    told as losses (the Map field's map+dice) or as faces (map+face); every attack is the
    table's, and the laptop's fold of the journal is the device's game."""
    import mapdriver
    from comando import engine, journal_read
    for rs, steps, mode in (("teg", 5, "table"), ("teg", 6, "table-faces"),
                            ("revancha", 5, "table"), ("war", 5, "table"),
                            ("risk", 6, "table-faces")):
        d = mapdriver.play(seed=5, players=4, ruleset=rs, deck=steps)
        try:
            st = d.app.state
            assert st.phase == "over" and st.winner >= 0, (rs, mode)
            with open(d.app.journal.path, "rb") as f:
                evs = [journal_read.decode(line) for line in f]
            assert evs[0]["opt"] == {"dice": mode}
            attacks = [e for e in evs if e["t"] == "attack"]
            assert attacks and all(e["tb"] == 1 for e in attacks)
            if mode == "table":
                assert all("al" in e and 0 in e["ad"] for e in attacks)
                # the likeliest preselected: at most 2 presses off, OK included 1 to 3
                assert set(d.told) <= {1, 2, 3} and len(d.told) == len(attacks)
            else:
                assert all("al" not in e and 0 not in e["ad"] + e["dd"] for e in attacks)
            assert engine.fold(evs).to_dict() == st.to_dict()
            assert not d.toasts, d.toasts[:3]
        finally:
            d.close()


def test_a_map_attack_the_rules_refuse_is_said_before_the_table_rolls():
    """ROLL repeats the last attack; from a country down to its occupation army the rules refuse
    it (teg-classic.txt "ATTACKING": at least 2 armies): one message, no picker, nothing
    journaled."""
    import mapdriver
    from device.hal import ROLL
    d = mapdriver.Driver(seed=9, players=4, deck=5)
    try:
        app = d.app
        while app.state.phase == "place" or app.state.to_place():
            d.press(OK, LONG)
        d.press(OK)
        d.press(OK)                 # the first source, its first target: the table's result
        assert type(app.top()).__name__ == "TableRoll"
        d.press(OK)                 # the likeliest
        scr = app.top()
        st = app.state
        assert scr.mode() == "result"   # (seed 9: no conquest at the first roll)
        f = scr.last["f"]
        st.armies[f] = 1
        seq = st.seq
        app.press(ROLL, PRESS)
        app.run_after_press()
        assert type(app.top()).__name__ == "MapTurn"
        assert app.toast is not None and "2" in app.toast[0]
        assert app.state.seq == seq
    finally:
        d.close()


def test_wars_announced_armies_on_the_dice_screen(tmp_path):
    """WAR: "the attacker must announce ... how many armies will be used to attack" (war.txt,
    "How to Attack", step 3). The dice screen's field after the stop: UP/DOWN announce 1 to 3
    (the most the armies allow preselected); the table's results offered are those of the
    announced dice, and its record keeps them (the move-in after a conquest reads them)."""
    j = _in_play("war", ["blue", "red", "black", "yellow"], {"dice": "table"})
    # the dice (4 vs 2), OK x4 to the announcement, DOWN: 2 armies attack; ROLL asks the table
    sim = _run(tmp_path, j, ["roll", "ok x4", "down", "png tdice-war-announce", "roll",
                             "png tdice-war-pick", "ok"])
    events, _, problem = sim.journal()
    assert problem is None
    ev = events[-1]
    assert ev["t"] == "roll" and ev["na"] == 2
    rec = ev["r"]
    assert len(rec["ad"]) == 2 and len(rec["dd"]) == 2 and rec["tb"] == 1
    outs = TD.outcomes("war", 4, 2, att_dice=2)[2]
    # 2 dice against 2: the attacker loses both in 581 of 1296 throws, one each 420, the
    # defender both 295
    assert outs == [(2, 0, 581), (1, 1, 420), (0, 2, 295)]
    assert (rec["al"], rec["dl"]) == outs[0][:2]
    _same_as_golden(sim)


def test_wars_announced_armies_on_the_devices_own_dice_too(tmp_path):
    j = _in_play("war", ["blue", "red", "black", "yellow"], {})
    sim = _run(tmp_path, j, ["roll", "ok x4", "down", "down", "roll"])
    events, _, problem = sim.journal()
    assert problem is None
    ev = events[-1]
    assert ev["t"] == "roll" and ev["na"] == 1 and len(ev["r"]["ad"]) == 1
    assert not TD.told(ev["r"])


def test_risks_defender_chooses_its_dice_on_the_dice_screen(tmp_path):
    """Risk with the defender's choice (the option defdice=choose; risk-online-12-maps.txt: the
    defender rolls 1 or 2 dice): the dice screen's field after the stop sets the defender's
    dice; the table's results are those of 3 dice against the 1 chosen."""
    j = _in_play("risk", ["red", "blue", "green", "yellow"],
                 {"dice": "table", "defdice": "choose"})
    sim = _run(tmp_path, j, ["roll", "ok x4", "down", "png tdice-risk-defend", "roll",
                             "png tdice-risk-pick", "down", "ok"])
    events, _, problem = sim.journal()
    assert problem is None
    ev = events[-1]
    assert ev["t"] == "roll" and ev["nd"] == 1 and "na" not in ev
    rec = ev["r"]
    assert len(rec["ad"]) == 3 and len(rec["dd"]) == 1 and rec["tb"] == 1
    outs = TD.outcomes("risk", 4, 2, def_dice=1)[2]
    assert [o[:2] for o in outs] == [(0, 1), (1, 0)]
    assert (rec["al"], rec["dl"]) == (1, 0)   # DOWN: the second likeliest
    _same_as_golden(sim)


def test_without_the_choice_the_dice_screen_asks_no_count(tmp_path):
    """Risk's defender rolls every die the garrison allows unless the table chose defdice=choose:
    the dice screen's fields are the usual four (OK x4 goes round them)."""
    j = _in_play("risk", ["red", "blue", "green", "yellow"], {"dice": "table"})
    sim = _run(tmp_path, j, ["roll", "ok x4", "down", "roll", "ok"])
    events, _, problem = sim.journal()
    assert problem is None
    ev = events[-1]
    # OK x4 went round the four fields back to the attacker's count: DOWN made it 3 (3 vs 2)
    assert ev["t"] == "roll" and "nd" not in ev and "na" not in ev
    assert ev["r"]["a"] == 3 and len(ev["r"]["ad"]) == 2 and len(ev["r"]["dd"]) == 2
