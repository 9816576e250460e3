"""The chip's heap guard (issue 22): the games that set the device's heap low, played on the
simulator (the MicroPython unix port, the firmware bundle compiled by mpy-cross as `make firmware`
ships it), must leave at least 16 KB free on the RP2040 by the calibration of tests/chip_heap.py
(measured on the emulated chip with the official image: docs/decisions/chip-heap-calibration.md).
A change that makes any of them take more heap than that fails here, in `make test`, without
the chip or its image."""

import os
import shutil

import pytest

import chip_heap
import heap_games
from comando_host.pico import firmware

KB = 1024


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("heapfw") / "fw")
    firmware.build(out, include_sim=True, quiet=True)
    return out


def played(name, bundle, dev):
    """(the unix port's live peak, the journaled events' types) of game ``name``."""
    peak, events = heap_games.unix_peak(name, os.path.join(bundle, "lib"), str(dev))
    return peak, [e["t"] for e in events]


def check_played(name, types):
    """The scripts must still play the games they are meant to (a script that went astray would
    measure some shorter game)."""
    if name == "revancha_table_6p":
        # tests/device_driver.revancha_game: six rounds and a victory claimed
        assert types[0] == "new" and types[-1] == "win" and types.count("end") >= 30, types[-5:]
    elif name == "revancha_map_5p":
        # the deal, the setup's placements, three whole rounds of five turns (15 turn ends), the
        # third after the restart: attacks, move-ins, cards drawn (tests/mapdriver.py scripted)
        assert types[:2] == ["new", "deal"] and types.count("end") == 15, types
        assert types.count("attack") >= 30 and types.count("move") >= 10, types
        assert types.count("draw") >= 5 and types.count("place") >= 30, types
    elif name in ("teg_bots_4p", "teg_humans_4p"):
        # tests/device_scripts/teg_bots.txt / teg_humans.txt: a whole game to a victory (the
        # winning attack reveals the sealed objectives: rv)
        assert types[:2] == ["new", "deal"] and types.count("end") >= 20, types[-5:]
        assert types[-1] == "attack", types[-5:]
    else:
        # rules/teg-ii.txt, "End of the Game": the final count, token by token
        assert types[0] == "new" and types[-1] == "score" and types.count("score") == 40, types[-5:]


@pytest.mark.parametrize("name", list(heap_games.GAMES))
def test_the_game_leaves_16_kb_free_on_the_chip(name, bundle, tmp_path):
    peak, types = played(name, bundle, tmp_path / "dev")
    check_played(name, types)
    free = chip_heap.predicted_free(name, peak)
    assert free >= chip_heap.FLOOR, (
        "%s: unix-port live peak %d bytes -> %d bytes free on the chip at its lowest by the "
        "calibration (%d free at boot - %.4f x peak - %d margin): under the %d floor"
        % (name, peak, free, chip_heap.CHIP_BOOT_FREE, chip_heap.ratio(name), chip_heap.MARGIN,
           chip_heap.FLOOR))


def test_the_guard_fails_a_change_that_holds_more_heap(bundle, tmp_path):
    # the same bundle whose main.py keeps a bytearray alive for the whole game, sized to take the
    # map game's predicted low 4 KB under the floor: the guard must see it
    name = "revancha_map_5p"
    peak, _ = played(name, bundle, tmp_path / "dev")
    extra = int((chip_heap.predicted_free(name, peak) - chip_heap.FLOOR) / chip_heap.ratio(name)) + 4 * KB
    heavy = str(tmp_path / "heavy")
    shutil.copytree(bundle, heavy)
    main = os.path.join(heavy, "main.py")
    with open(main) as f:
        text = f.read()
    with open(main, "w") as f:
        f.write("_BALLAST = bytearray(%d)\n" % extra + text)
    more, types = played(name, heavy, tmp_path / "dev2")
    check_played(name, types)
    assert more >= peak + extra
    assert chip_heap.predicted_free(name, more) < chip_heap.FLOOR


def test_the_calibration_is_the_documented_one():
    # the figures the guard uses are the ones docs/decisions/chip-heap-calibration.md gives
    doc = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "decisions",
                       "chip-heap-calibration.md")
    with open(doc) as f:
        text = f.read()
    figures = ["margin %d bytes" % chip_heap.MARGIN, "%d bytes free at boot" % chip_heap.CHIP_BOOT_FREE]
    for name, (used, peak) in chip_heap.CALIBRATION.items():
        figures.append("| %s | %d | %d | %d | %.4f |" % (name, chip_heap.CHIP_BOOT_FREE - used, used, peak,
                                                         chip_heap.ratio(name)))
    for figure in figures:
        assert figure in text, figure


# La Revancha's moves only a pact or a condominium makes (the device's map mode offers none: the
# table's, docs/device.md): loaded at the first such move, never by a map game (issue 22)
PACT_MOVES = ("comando.rulesets.revancha.aggression_moves", "comando.rulesets.revancha.pact_moves")


def test_a_map_game_leaves_the_table_sessions_code_out_of_the_heap(bundle, tmp_path):
    # a map game plays the engine: the table session's reducer and table rules are dropped when
    # it starts and not loaded when it is restored from the journal (device.app_start,
    # TABLE_SESSION; issue 22: ~9 KB of the chip's heap), nor the pacts' moves; both legs started
    # the same game
    from comando_host.pico.simulator import run_script
    from device.app_start import TABLE_SESSION
    make, seed = heap_games.GAMES["revancha_map_5p"]
    for lines in make():
        sim = run_script(lines, root=str(tmp_path / "dev"), seed=seed, lib=os.path.join(bundle, "lib"))
        modules = sim.stats()["modules"]
        held = [m for m in modules if m in TABLE_SESSION or m in PACT_MOVES]
        assert held == [], held
        assert "comando.rulesets.revancha.aggression" in modules   # the same engine, its stubs
    assert [e["t"] for e in sim.events()].count("end") == 15


def test_the_map_game_by_buttons_is_the_drivers_game(bundle, tmp_path):
    # game (b)'s presses were found by playing the App in-process (tests/mapdriver.py scripted):
    # played by buttons on the simulator, restarted where the driver restarted, they journal the
    # very events the driver's game made (the deal's nonces aside: os.urandom), so the heap
    # measured is that game's: three whole rounds of five players
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))
    from bench_heap_calibration import unsealed
    import mapdriver
    legs, final = mapdriver.scripted(seed=5, players=5, rounds=3, ruleset="revancha", restart_at=3)
    assert len(legs) == 2 and final["round"] == 4
    assert heap_games.GAMES["revancha_map_5p"][1] == 5   # the seed the driver played
    peak, events = heap_games.unix_peak("revancha_map_5p", os.path.join(bundle, "lib"), str(tmp_path / "dev"))
    assert unsealed(events) == unsealed(final["events"])
    assert events[-1]["t"] == "end" and [e["t"] for e in events].count("end") == 15
