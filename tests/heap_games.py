"""The games that set the device's heap low (issue 22), as button scripts, for both places they
are played: the emulated RP2040 with the official image (bench/bench_heap_calibration.py, which
measures the chip's lowest free heap) and the simulator on the MicroPython unix port
(tests/host/test_chip_heap_guard.py, which measures the live peak and predicts the chip's low
from it). docs/decisions/chip-heap-calibration.md has the figures.

Each game is a list of legs: button scripts played one after another on the same device (the same
journal); a second leg starts the device again, so its game is folded from the journal at boot.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.join(HERE, "device_scripts")

# Map mode's New game (bench_map_presses.py, issue 12): (UP to the ruleset), OK through Players,
# Board and the four seats to Map, UP: on, ROLL; then every setup placement by a hold (T.E.G.: 5
# then 3 for each of 4 players; La Revancha: 8 then 4), and the first turn's attacks: OK (the first
# country that can attack), OK (its weakest enemy neighbour), ROLL (the repeat)
NEW_MAP = ["ok", "wait 50"] * 7 + ["up", "wait 50", "roll", "wait 1500"]
ATTACKS = ["ok", "wait 200", "ok", "wait 300", "roll", "wait 300", "roll", "wait 300"]
MAP_STARTS = {
    "teg": NEW_MAP + ["long ok", "wait 300"] * 8 + ATTACKS,
    "revancha": ["up", "wait 50"] + NEW_MAP + ["long ok", "wait 400"] * 8 + ATTACKS,
}

# A map game over turns: after the start (its first attack and two repeats), each turn: OK (the
# first country that can attack), OK (its weakest neighbour: rolls), ROLL twice (repeats), OK (the
# move-in after a conquest, else back to the lists), a hold of OK (the turn ends; the card it
# earned is shown until the next press). Four turns make the first round; the second begins with
# reinforcements: holds on the placement list, then attacks.
TURN = ["ok", "wait 200", "ok", "wait 300", "roll", "wait 300", "roll", "wait 300", "ok",
        "wait 300", "long ok", "wait 600"]
ROUND2 = ["ok", "wait 200"] + ["long ok", "wait 400"] * 4


def _script(name):
    with open(os.path.join(SCRIPTS, name)) as f:
        # PNG requests are the golden harness's, not the game's
        return [ln.strip() for ln in f if not ln.startswith("png")]


def revancha_table():
    """(a) A whole 6-player La Revancha game on its 72-country board, the device as the table's
    companion (no map): tests/device_driver.revancha_game, seed 5."""
    from device_driver import revancha_game
    return [revancha_game(seed=5, players=6, rounds=6).lines]


def revancha_map_5p():
    """(b) La Revancha in map mode, 5 players, over three whole rounds of hostilities after the
    setup (issue 22: "several whole rounds of a 5-player game"): the presses a person makes for
    the engine bot's intents (tests/mapdriver.py ``scripted``, no pacts: the table's), about 180
    events (attacks, move-ins, regroups, cards drawn, reinforcements); the device restarted at
    the third round's first press (its game folded from the journal), the rest played on it."""
    core = os.path.join(HERE, "core")   # mapdriver's devicekit (the App in-process)
    if core not in sys.path:
        sys.path.insert(0, core)
    import mapdriver
    legs, _ = mapdriver.scripted(seed=5, players=5, rounds=3, ruleset="revancha", restart_at=3)
    return legs


def teg2_eight():
    """(c) T.E.G. II with 8 players on both boards, to its final count
    (tests/device_scripts/teg2_game8.txt)."""
    return [_script("teg2_game8.txt")]


def teg_bots():
    """(d) T.E.G. in map mode, two humans and two bots (the engine's, issue 26), to a victory
    (tests/device_scripts/teg_bots.txt: the bots' code loaded on their turns and for two hints)."""
    return [_script("teg_bots.txt")]


def teg_humans():
    """(e) The same T.E.G. map game with every seat human, no hint (teg_humans.txt): the
    baseline (d) is measured against."""
    return [_script("teg_humans.txt")]


# name -> (the legs, the simulated dice's seed)
GAMES = {
    "revancha_table_6p": (revancha_table, 5),
    "revancha_map_5p": (revancha_map_5p, 5),
    "teg2_8p": (teg2_eight, 7),
    "teg_bots_4p": (teg_bots, 11),
    "teg_humans_4p": (teg_humans, 11),
}


def unix_peak(name, lib, root, heap="1m"):
    """Play game ``name`` on the simulator (the MicroPython unix port, the firmware bundle in
    ``lib``, the journal in ``root``): (the live heap peak in bytes: the most gc.mem_alloc() after
    the display task's collection, over every leg; the journaled events)."""
    from comando_host.pico.simulator import run_script
    make, seed = GAMES[name]
    peak = 0
    sim = None
    for lines in make():
        sim = run_script(lines, root=root, seed=seed, heap=heap, lib=lib, timeout=600)
        peak = max(peak, sim.stats()["mem_max"])
    return peak, sim.events()
