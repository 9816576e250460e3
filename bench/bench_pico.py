"""The device on the emulated RP2040 (MicroPython v1.28.0 RPI_PICO on rp2040js): `make bench-pico`.

    .venv/bin/python bench/bench_pico.py [--only NAME[,NAME]] [--runs N]

Prints one line per figure, ``pico NAME VALUE``, in emulated time (the chip's 125 MHz clock;
tests/pico/rig.js). Figures and goals (issue 14):

  odds_30v30_ms          P(conquest) for 30 against 30, T.E.G., as the Dice screen computes
                         it (comando.odds_fixed, median of 3)                             <= 30
  odds_200v200_ms        the same, 200 against 200                                      <= 1000
  loop_stall_max_ms      longest gap between two button samples (SIO GPIO_IN reads)
                         over the scripted T.E.G. session (dice screens with odds)      <= 50
  press_to_glass_p95_ms  button edge to the last I2C byte of the picture it brought,
                         95th percentile over the same session's taps                   <= 50
                         (its holds apart: from the hold's recognition, 700 ms after the
                         edge, to the last byte of the picture after it; their max)
  new_game_ms            the same for the ROLL that starts a 4-player T.E.G. game        <= 300
  boot_to_screen_ms      power-on to the last I2C byte of the first screen (stock
                         main.py, a fresh flash with the `make firmware` bundle)         <= 600
  heap_free_min_pct      lowest gc.mem_free() after the display task's collection over
                         a 6-player La Revancha game, % of the free heap at boot        >= 60
  i2c_bytes_median       median I2C bytes per frame (address byte included) over the
                         T.E.G. session                                                  <= 260
  map_teg_heap_free_min_kb, map_revancha_heap_free_min_kb
                         lowest gc.mem_free() (KiB, and % of the free heap at boot) over
                         a map-mode game's start on the New game screen's Map field: the
                         engine, the whole board, the deal, every setup placement and the
                         first attacks (bench/bench_map_presses.py's script; issue 12)  > 0
  map_revancha_turns_heap_free_min_kb
                         the same La Revancha start, then whole turns: each player in turn
                         attacks (a new attack, two repeats, the move-in) and ends the turn
                         (its card drawn); the second round's first placements and attacks;
                         then the device restarted (its journal folded) and two more turns > 0
  map_revancha_5p_heap_free_min_kb
                         the same over the heap guard's game (b) (tests/heap_games.py): a
                         5-player La Revancha map game, three whole rounds by the bot's
                         intents, the device restarted at the third round (issue 22)   >= 40
  resume_to_screen_ms    power-on to the last I2C byte of the first screen of a device whose
                         flash holds a map game (La Revancha, then T.E.G.: the map start's
                         script played, the table quiet for 1.5 s, the device powered off and
                         on), as boot_to_screen_ms measures a fresh one; beside it, when the
                         buttons answer (the input loop's first sample, after the journal's
                         fold) (issue 22)                                              <= 1000

Every rig runs in lockstep (tests/pico/rig.js --lockstep: emulated time runs only while an op
waits), so a figure in emulated time does not move with the laptop's load. ``--runs N`` runs
every figure N times and prints, after each run's lines, one line per figure: its median and its
spread over the N runs.

``--only`` runs the named figures (the session figures share one run). The MicroPython image is
the user's: ``--firmware PATH`` or COMANDO_PICO_FIRMWARE, the official RPI_PICO v1.28 release (.uf2
or .bin from micropython.org/download/RPI_PICO; the project holds none). Without one it says so in
one line and exits 2.
"""

import argparse
import hashlib
import os
import shutil
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "tests"), os.path.join(ROOT, "tests", "pico"), os.path.join(ROOT, "firmware", "lib"),
          HERE):
    sys.path.insert(0, p)

from picorig import PicoRig, RigError, missing, no_image  # noqa: E402
from comando_host.pico import picoimage  # noqa: E402

SESSION = os.path.join(ROOT, "tests", "device_scripts", "teg_session.txt")
FIGURES = ("odds_30v30_ms", "odds_200v200_ms", "loop_stall_max_ms", "press_to_glass_p95_ms",
           "new_game_ms", "boot_to_screen_ms", "heap_free_min_pct", "i2c_bytes_median",
           "map_teg_heap_free_min_kb", "map_revancha_heap_free_min_kb",
           "map_revancha_turns_heap_free_min_kb", "map_revancha_5p_heap_free_min_kb",
           "resume_to_screen_ms")

# A La Revancha map game over turns (map_revancha_turns_heap_free_min_kb): after the start's
# script, four whole turns (the first round), the second round's placements and a turn
# (tests/heap_games.py, where the chip's heap guard plays the same game)
from heap_games import ROUND2, TURN  # noqa: E402

# What the Dice screen runs (device/screens/dice.py): comando.odds_fixed, Q29 fixed point with the
# viper kernel (comando.odds_kernel, armv6m machine code in the bundle). The first call under a
# ruleset also builds its row programs (kept for the next attacks): reported apart, on stderr.
ODDS_MAIN = """
import gc, time
from comando import odds_fixed
for a, d in %r:
    ts = []
    for i in range(%d):
        gc.collect()
        t = time.ticks_us()
        p = odds_fixed.p_conquer_fixed("teg", a, d)
        ts.append(time.ticks_diff(time.ticks_us(), t))
    first = ts[0]
    ts.sort()
    print("~ODDS", a, d, ts[len(ts) // 2], p, first)
print("~END")
"""


RESULTS: dict = {}   # figure -> its values, one per run (--runs)


def out(name, value):
    text = ("%.1f" % value) if isinstance(value, float) else str(value)
    RESULTS.setdefault(name, []).append(float(text.split()[0]))
    print("pico %s %s" % (name, text), flush=True)


def spread_lines(runs):
    """One line per figure over ``runs`` runs: the median, then min-max and every run's value."""
    for name, vals in RESULTS.items():
        vals_s = sorted(vals)
        yield "pico %s %s (median of %d runs; spread %s: %s)" % (
            name, "%g" % statistics.median(vals), len(vals), "%g" % (vals_s[-1] - vals_s[0]),
            ", ".join("%g" % v for v in vals))


def until_serial(rig, marker, step_ms=500, limit_ms=120000):
    waited = 0
    while marker not in rig.serial_output():
        if waited >= limit_ms:
            raise RigError("no %r on the serial line after %d ms:\n%s" % (marker, limit_ms, rig.log()))
        rig.wait(step_ms)
        waited += step_ms
    return rig.serial_output().decode("utf-8", "replace")


def bench_odds(names, runs=3):
    cases = []
    if "odds_30v30_ms" in names:
        cases.append((30, 30))
    if "odds_200v200_ms" in names:
        cases.append((200, 200))
    rig = PicoRig(main=(ODDS_MAIN % (cases, runs)).encode()).start()
    try:
        text = until_serial(rig, b"~END", limit_ms=300000)
    finally:
        rig.stop()
        rig.cleanup()
    for line in text.splitlines():
        if line.startswith("~ODDS"):
            _, a, d, us, _p, first = line.split()
            out("odds_%sv%s_ms" % (a, d), int(us) / 1000)
            print("# odds %sv%s: first call %.1f ms (the first under a ruleset builds its programs)"
                  % (a, d, int(first) / 1000), file=sys.stderr)


def bench_boot():
    rig = PicoRig().start()
    try:
        out("boot_to_screen_ms", rig.boot(settle=1000))
    finally:
        rig.stop()
        rig.cleanup()


def bench_session(names):
    """The scripted 4-player T.E.G. session (tests/device_scripts/teg_session.txt, seed 7)."""
    rig = PicoRig(seed=7).start()
    try:
        rig.boot()
        # the New game screen is the first: ROLL starts T.E.G. with 4 players (the script's first line)
        with open(SESSION) as f:
            lines = f.read().splitlines()
        first = next(i for i, ln in enumerate(lines) if ln.split("#", 1)[0].strip())
        rig.call("poll_window")
        n0 = len(rig.taps)
        # the new game's steps run >100 ms without a frame on this image: the press waits for
        # 500 ms of quiet, so its picture is the one it brought (not the next press's)
        rig.settle, settle = 500, rig.settle
        rig.script(lines[:first + 1])
        rig.settle = settle
        new_game = rig.press_latencies(n0)[0]
        f0 = len(rig.frames)
        rig.script(lines[first + 1:])
        stall = rig.call("poll_gap")["max_ms"]
        lat = rig.press_latencies(n0 + 1)
        held = rig.press_latencies(n0 + 1, holds=True)
        sizes = [f["bytes"] for f in rig.frames[f0:]]
    finally:
        rig.stop()
        rig.cleanup()
    if "new_game_ms" in names:
        out("new_game_ms", new_game)
    if "loop_stall_max_ms" in names:
        out("loop_stall_max_ms", stall)
    if "press_to_glass_p95_ms" in names:
        lat.sort()
        out("press_to_glass_p95_ms", "%.1f (%d taps; holds, from the hold's recognition: max %s of %d)"
            % (lat[min(len(lat) - 1, int(round(0.95 * (len(lat) - 1))))], len(lat),
               ("%.1f" % max(held)) if held else "-", len(held)))
    if "i2c_bytes_median" in names:
        out("i2c_bytes_median", statistics.median(sizes))


def bench_heap():
    """A 6-player La Revancha game planned by tests/device_driver.revancha_game (seed 5)."""
    from device_driver import revancha_game
    plan = revancha_game(seed=5, players=6, rounds=6)
    rig = PicoRig(seed=5, heap_report=True).start()
    try:
        rig.boot()
        # the plan's presses start on the New game screen (the first screen), as the simulator's
        rig.script(plan.lines)
        text = rig.serial_output().decode("utf-8", "replace")
        rig.stop()
        events, _, problem = rig.journal()
    finally:
        rig.stop()
        rig.cleanup()
    if problem is not None or events != plan.events:
        # (the presses went astray: the figure would be some other game's)
        raise RigError("the device did not play the planned game: %d events journaled, %d planned%s"
                       % (len(events), len(plan.events), ", " + problem if problem else ""))
    lows = [(int(a), int(b)) for a, b in
            (ln.split()[1:3] for ln in text.splitlines() if ln.startswith("~HEAP"))]
    if not lows:
        raise RigError("the device reported no heap figure")
    low, boot = min(lows)
    out("heap_free_min_pct", 100.0 * low / boot)


def _map_run(script, flash_in=None, flash_out=None):
    """(serial text, the journaled events' types) of a script on the emulated Pico, seed 5;
    ``flash_in``: boot from that flash image (the journal's game folded at boot); ``flash_out``:
    keep a copy of the flash at the end."""
    rig = PicoRig(seed=5, heap_report=True, flash=flash_in).start()
    try:
        rig.boot()   # on the New game screen (or the journal's game), as the scripts start
        rig.script(script)
        text = rig.serial_output().decode("utf-8", "replace")
    finally:
        rig.stop()
    try:
        evs = rig.journal()[0]   # read from the saved flash
        if flash_out is not None:
            shutil.copyfile(rig.flash_path, flash_out)
    finally:
        rig.cleanup()
    return text, [e.get("t") for e in evs or []]


def bench_resume():
    """Boot into a saved map game: the map start's script (bench_map_presses.SCRIPTS) played on a
    fresh flash, then the device powered on again from that flash."""
    import bench_map_presses
    import tempfile
    parts = []
    d = tempfile.mkdtemp(prefix="bench-pico-resume-")
    try:
        for rs in ("revancha", "teg"):
            flash = os.path.join(d, rs + ".bin")
            # (the table quiet for 1.5 s before the power goes: the device saves its picture)
            _, types = _map_run([ln for ln in bench_map_presses.SCRIPTS[rs] if ln != "quit"] +
                                ["wait 1500"], flash_out=flash)
            rig = PicoRig(seed=5, flash=flash).start()
            try:
                rig.call("poll_log", on=True)   # the button samples from power-on
                shown = rig.boot(settle=1000)
                rig.wait(6000)
                polls = rig.call("poll_log", on=False)["times"]
                # (the HAL reads the pins once as it starts; the next read is after the fold)
                after = [t for t in polls if t > shown]
                parts.append((rs, shown, after[0] if after else float("nan"), len(types)))
            finally:
                rig.stop()
                rig.cleanup()
    finally:
        shutil.rmtree(d, ignore_errors=True)
    worst = max(p[1] for p in parts)
    out("resume_to_screen_ms", "%.0f (the slower; %s)" % (worst, "; ".join(
        "%s %.0f ms, buttons from %.0f ms, %d events folded" % p for p in parts)))


def bench_map_heap(rs, turns=False):
    """A map-mode game's start on the emulated Pico (bench_map_presses.SCRIPTS[rs], seed 5; with
    ``turns``, whole turns after it: TURN, ROUND2, then the device restarted from its flash, the
    game folded from the journal, and two more turns): the lowest free heap, and the events the
    device journaled (the game must reach an attack)."""
    import bench_map_presses
    script = [ln for ln in bench_map_presses.SCRIPTS[rs] if ln != "quit"]
    if not turns:
        text, types = _map_run(script)
    else:
        import tempfile
        d = tempfile.mkdtemp(prefix="bench-pico-map-")
        flash = os.path.join(d, "flash.bin")
        try:
            text, before = _map_run(script + TURN * 4 + ROUND2 + TURN, flash_out=flash)
            again, types = _map_run(TURN * 2, flash_in=flash)
            text += again
        finally:
            shutil.rmtree(d, ignore_errors=True)
        if len(types) <= len(before) or types[:len(before)] != before:
            raise RigError("the restarted device did not go on with its map game (%d events "
                           "before, %d after)" % (len(before), len(types)))
    lows = [(int(a), int(b)) for a, b in
            (ln.split()[1:3] for ln in text.splitlines() if ln.startswith("~HEAP"))]
    if not lows or not types or types[0] != "new" or "attack" not in types:
        raise RigError("%s map game did not reach an attack on the Pico (events %s; %s)"
                       % (rs, types[-5:], text.strip().splitlines()[-1:]))
    low, boot = min(lows)
    out("map_%s%s_heap_free_min_kb" % (rs, "_turns" if turns else ""),
        "%.1f (%.0f%% of %.1f at boot; %d events: %s)"
        % (low / 1024, 100.0 * low / boot, boot / 1024, len(types),
           ", ".join("%d %s" % (types.count(t), t) for t in sorted(set(types)))))


def bench_map_5p():
    """The heap guard's game (b) on the chip (bench_heap_calibration.chip_low: its legs, the
    flash kept across the restart): the lowest free heap; the game must reach its 15 turn ends."""
    from bench_heap_calibration import chip_low
    boot, low, events = chip_low("revancha_map_5p")
    types = [e.get("t") for e in events]
    if types.count("end") != 15:
        raise RigError("the 5-player map game did not play its three rounds on the Pico (%d turn "
                       "ends, last events %s)" % (types.count("end"), types[-5:]))
    out("map_revancha_5p_heap_free_min_kb", "%.1f (%.0f%% of %.1f at boot; %d events: %s)"
        % (low / 1024, 100.0 * low / boot, boot / 1024, len(types),
           ", ".join("%d %s" % (types.count(t), t) for t in sorted(set(types)))))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default="", help="comma-separated figure names")
    ap.add_argument("--firmware", help="the RPI_PICO MicroPython image, .uf2 or .bin (default: $COMANDO_PICO_FIRMWARE)")
    ap.add_argument("--runs", type=int, default=1, help="run every figure N times: each one's spread")
    a = ap.parse_args(argv)
    if a.runs < 1:
        print("bench_pico: --runs must be 1 or more, not %d" % a.runs)
        return 2
    if a.firmware:
        os.environ[picoimage.ENV_FIRMWARE] = os.path.abspath(a.firmware)
    names = [n for n in a.only.split(",") if n] or list(FIGURES)
    bad = [n for n in names if n not in FIGURES]
    if bad:
        print("bench_pico: unknown figure %s (one of: %s)" % (", ".join(bad), ", ".join(FIGURES)))
        return 2
    why = missing() or no_image()
    if why:
        print("bench_pico: the emulated Pico cannot run: " + why, file=sys.stderr)
        return 2
    try:
        fw = picoimage.chosen_firmware()
    except picoimage.ImageError as exc:
        print("bench_pico: %s" % exc)
        return 1
    print("# firmware: %s (%d bytes, sha256 %s)" % (picoimage.firmware_path(), len(fw), hashlib.sha256(fw).hexdigest()[:16]))
    t = time.time()
    for run in range(a.runs):
        if a.runs > 1:
            print("# run %d of %d" % (run + 1, a.runs), flush=True)
        rc = run_once(names)
        if rc:
            return rc
    if a.runs > 1:
        print("# every figure over %d runs" % a.runs)
        for line in spread_lines(a.runs):
            print(line)
    print("# bench_pico: %.0f s wall" % (time.time() - t), file=sys.stderr)
    return 0


def run_once(names):
    try:
        if "boot_to_screen_ms" in names:
            bench_boot()
        if {"odds_30v30_ms", "odds_200v200_ms"} & set(names):
            bench_odds(names)
        if {"loop_stall_max_ms", "press_to_glass_p95_ms", "new_game_ms", "i2c_bytes_median"} & set(names):
            bench_session(names)
        if "heap_free_min_pct" in names:
            bench_heap()
        for rs in ("teg", "revancha"):
            if "map_%s_heap_free_min_kb" % rs in names:
                bench_map_heap(rs)
        if "map_revancha_turns_heap_free_min_kb" in names:
            bench_map_heap("revancha", turns=True)
        if "map_revancha_5p_heap_free_min_kb" in names:
            bench_map_5p()
        if "resume_to_screen_ms" in names:
            bench_resume()
    except RigError as exc:
        print("bench_pico: %s" % str(exc).splitlines()[0])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
