"""The chip's heap against the unix port's (issue 22): the calibration behind the heap guard
(tests/host/test_chip_heap_guard.py, docs/decisions/chip-heap-calibration.md).

    .venv/bin/python bench/bench_heap_calibration.py [--only GAME[,GAME]] [--unix-only]

For each game of tests/heap_games.py, played by its button presses:

- on the emulated RP2040 (the official MicroPython RPI_PICO v1.28 image, COMANDO_PICO_FIRMWARE;
  tests/pico/rig.js): the free heap at boot (main.py, after a collection, before the app) and its
  lowest gc.mem_free() after the display task's collection;
- on the simulator (the MicroPython unix port, the firmware bundle compiled by mpy-cross with the
  sim HAL, 1 MiB heap): the live peak, the most gc.mem_alloc() at that same point;

and prints one line per game

    heap GAME chip_boot_free B chip_free_min L chip_used_peak B-L unix_peak U ratio (B-L)/U

then the largest ratio. The same games must journal the same events in both places (else the
figures are two different games' and it stops). Without an image (or with --unix-only) it prints
the unix port's figures and the guard's prediction alone.
"""

import argparse
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "tests"), os.path.join(ROOT, "tests", "pico"),
          os.path.join(ROOT, "firmware", "lib")):
    sys.path.insert(0, p)

import heap_games  # noqa: E402
from picorig import PicoRig, RigError, missing, no_image  # noqa: E402


def chip_low(name):
    """(free heap at boot, its lowest after a collection, the events) on the emulated Pico."""
    make, seed = heap_games.GAMES[name]
    d = tempfile.mkdtemp(prefix="bench-heap-cal-")
    flash = os.path.join(d, "flash.bin")
    lows = []
    try:
        for i, lines in enumerate(make()):
            rig = PicoRig(seed=seed, heap_report=True, flash=flash if i else None).start()
            try:
                rig.boot()   # the New game screen, or the journal's game after a restart
                rig.script(lines)
                text = rig.serial_output().decode("utf-8", "replace")
            finally:
                rig.stop()
            try:
                events, _, problem = rig.journal()
                shutil.copyfile(rig.flash_path, flash)
            finally:
                rig.cleanup()
            if problem is not None:
                raise RigError("%s: the chip's journal is damaged: %s" % (name, problem))
            lows += [(int(a), int(b)) for a, b in
                     (ln.split()[1:3] for ln in text.splitlines() if ln.startswith("~HEAP"))]
    finally:
        shutil.rmtree(d, ignore_errors=True)
    if not lows:
        raise RigError("%s: the device reported no heap figure" % name)
    low, boot = min(lows)
    return boot, low, events


def unsealed(evs):
    """The events without the nonces and commitments (os.urandom: new in every run): the deal's,
    and T.E.G. II's sealed battle commands (the lock's hash, the reveal's nonce)."""
    out = []
    for e in evs:
        e = dict(e)
        for k in ("oh", "rv") + (("h",) if e.get("t") == "lock" else ()) + \
                (("n",) if e.get("t") == "reveal" else ()):
            e.pop(k, None)
        if "sec" in e:
            e["sec"] = {"obj": e["sec"]["obj"]}
        out.append(e)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default="", help="comma-separated game names (tests/heap_games.py)")
    ap.add_argument("--unix-only", action="store_true", help="the unix port's figures only")
    a = ap.parse_args(argv)
    names = [n for n in a.only.split(",") if n] or list(heap_games.GAMES)
    bad = [n for n in names if n not in heap_games.GAMES]
    if bad:
        print("bench_heap_calibration: unknown game %s (one of: %s)"
              % (", ".join(bad), ", ".join(heap_games.GAMES)))
        return 2
    chip = not a.unix_only
    if chip:
        why = missing() or no_image()
        if why:
            print("# the emulated Pico cannot run (%s): the unix port's figures only" % why)
            chip = False
    from comando_host.pico import firmware
    import chip_heap
    out = tempfile.mkdtemp(prefix="bench-heap-cal-fw-")
    ratios = []
    t = time.time()
    try:
        firmware.build(out, include_sim=True, quiet=True)
        for name in names:
            root = tempfile.mkdtemp(prefix="bench-heap-cal-dev-")
            try:
                peak, unix_events = heap_games.unix_peak(name, os.path.join(out, "lib"), root)
            finally:
                shutil.rmtree(root, ignore_errors=True)
            line = "heap %s unix_peak %d (%d events)" % (name, peak, len(unix_events))
            line += " predicted_chip_free_min %d" % chip_heap.predicted_free(name, peak)
            if chip:
                try:
                    boot, low, events = chip_low(name)
                except RigError as exc:
                    print("bench_heap_calibration: %s" % str(exc).splitlines()[0])
                    return 1
                if unsealed(events) != unsealed(unix_events):
                    at = next((i for i, (x, y) in enumerate(zip(unsealed(events), unsealed(unix_events)))
                               if x != y), min(len(events), len(unix_events)))
                    print("bench_heap_calibration: %s: the chip journaled %d events, the unix port %d,"
                          " apart from event %d: not the same game" % (name, len(events), len(unix_events), at + 1))
                    return 1
                ratio = (boot - low) / peak
                ratios.append(ratio)
                line += (" chip_boot_free %d chip_free_min %d chip_used_peak %d ratio %.4f"
                         % (boot, low, boot - low, ratio))
            print(line, flush=True)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    if ratios:
        print("heap ratio_max %.4f" % max(ratios))
    print("# bench_heap_calibration: %.0f s wall" % (time.time() - t), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
