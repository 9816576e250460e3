"""T.E.G. II's whole game on the emulated Pico (MicroPython v1.28.0 RPI_PICO on rp2040js,
tests/pico/rig.js): the free heap's low point, through the final count.

    .venv/bin/python bench/bench_teg2_pico.py [--only teg2_game4.txt[,teg2_game8.txt,...]]

Needs `make node_modules` and the official RPI_PICO MicroPython image in COMANDO_PICO_FIRMWARE. Slow (minutes per game): run one script at a time. For each script of
tests/device_scripts played by its button presses from a fresh flash, prints

    pico teg2 SCRIPT heap_free_min_k LOW boot_free_k BOOT used_peak_k PEAK events N stage STAGE

where LOW is the lowest gc.mem_free() after the display task's collection, BOOT the free heap at
boot (before the app), PEAK = BOOT - LOW, and STAGE the session's stage at the end ("over": the
final count was made and a winner named).
"""

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "tests"), os.path.join(ROOT, "tests", "pico"),
          os.path.join(ROOT, "firmware", "lib")):
    sys.path.insert(0, p)

from picorig import PicoRig, RigError, missing, no_image  # noqa: E402

SCRIPTS = os.path.join(ROOT, "tests", "device_scripts")


def play(name):
    from comando.session import replay
    rig = PicoRig(seed=7, heap_report=True).start()
    try:
        rig.boot()
        with open(os.path.join(SCRIPTS, name)) as f:
            rig.script([ln for ln in f.read().splitlines() if not ln.startswith("png")])
        text = rig.serial_output().decode("utf-8", "replace")
        rig.stop()
        events, _, problem = rig.journal()
    finally:
        rig.cleanup()
    lows = [(int(a), int(b)) for a, b in
            (ln.split()[1:3] for ln in text.splitlines() if ln.startswith("~HEAP"))]
    if not lows:
        raise RigError("the device reported no heap figure")
    low, boot = min(lows)
    stage = replay.fold(events).stage if problem is None else "journal: %s" % problem
    print("pico teg2 %s heap_free_min_k %d boot_free_k %d used_peak_k %d events %d stage %s"
          % (name, low // 1024, boot // 1024, (boot - low) // 1024, len(events), stage))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default="teg2_game4.txt", help="comma-separated script names")
    a = ap.parse_args(argv)
    why = missing() or no_image()
    if why:
        print("bench_teg2_pico: the emulated Pico cannot run: " + why, file=sys.stderr)
        return 2
    t = time.time()
    for name in [n for n in a.only.split(",") if n]:
        if not os.path.exists(os.path.join(SCRIPTS, name)):
            print("bench_teg2_pico: no script %s in tests/device_scripts" % name)
            return 2
        try:
            play(name)
        except RigError as exc:
            print("bench_teg2_pico: %s" % str(exc).splitlines()[0])
            return 1
    print("# bench_teg2_pico: %.0f s wall" % (time.time() - t), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
