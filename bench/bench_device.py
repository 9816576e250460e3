"""Device figures, measured on the simulator (the real firmware under the MicroPython unix port).

    .venv/bin/python bench/bench_device.py            (also run by `make bench`)

1. The smallest ``-X heapsize`` in which the firmware, compiled by mpy-cross as `make firmware`
   ships it, runs a full 6-player La Revancha game on its 72-country board to the end with the
   journal exactly as planned (tests/device_driver.py: the session reducer's own events). The
   64-bit unix port needs more heap than the 32-bit RP2040 for the same objects.
2. I2C bytes per screen update over that scripted session (address + control + payload bytes of
   every show() that sent something): median and worst.
3. Button presses for a repeat attack, and for one player's T.E.G. II battle command.
"""

import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))

from comando_host.pico import firmware  # noqa: E402
from comando_host.pico.simulator import run_script  # noqa: E402
from device_driver import revancha_game  # noqa: E402

SEED = 5


def runs(lines, heap, lib, events=None):
    root = tempfile.mkdtemp(prefix="bench-device-")
    try:
        sim = run_script(lines, root=root, seed=SEED, heap=heap, lib=lib, timeout=300)
    except RuntimeError:
        return None
    if events is not None and sim.events() != events:
        return None
    return sim


def code_bytes(modules, lib):
    """Heap the modules' bytecode takes once imported (a fresh process imports exactly the
    modules the game ended with): what freezing them into the firmware would take off the heap."""
    from comando_host.pico.simulator import micropython_argv
    import subprocess
    script = ("import gc\ngc.collect()\nb = gc.mem_alloc()\n"
              "for m in %r:\n    __import__(m)\ngc.collect()\nprint(gc.mem_alloc() - b)\n" % (modules,))
    env = dict(os.environ, MICROPYPATH=".frozen:" + lib)
    out = subprocess.run(micropython_argv("2m") + ["-c", script], capture_output=True, text=True,
                         env=env, cwd=ROOT, timeout=60)
    return int(out.stdout.strip().splitlines()[-1])


def smallest_heap(lines, events, lib, lo=32, hi=1024, step=4):
    """Binary search in KiB (``step`` granularity) for the smallest heap that runs the game."""
    if runs(lines, "%dk" % hi, lib, events) is None:
        return None
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if runs(lines, "%dk" % mid, lib, events) is not None:
            hi = mid
        else:
            lo = mid
    return hi


def presses_for(prefix, extra, lib, want_type):
    """Presses the ``extra`` lines take and the events they make, after ``prefix``."""
    a = runs(prefix, "1m", lib)
    b = runs(prefix + extra, "1m", lib)
    ev_a, ev_b = a.events(), b.events()
    new = [e["t"] for e in ev_b[len(ev_a):]]
    assert new and new[-1] == want_type, new
    return b.stats()["presses"] - a.stats()["presses"], new


def main():
    out = os.path.join(ROOT, "build", "bench-firmware")
    firmware.build(out, include_sim=True, quiet=True)
    lib = os.path.join(out, "lib")
    plan = revancha_game(seed=SEED, players=6, rounds=6)
    kinds = {}
    for e in plan.events:
        kinds[e["t"]] = kinds.get(e["t"], 0) + 1
    print("scripted La Revancha game: 6 players, revancha board (72 countries), %d events (%s)"
          % (len(plan.events), ", ".join("%s %d" % kv for kv in sorted(kinds.items()))))

    t0 = time.time()
    sim = runs(plan.lines, "1m", lib, plan.events)
    assert sim is not None, "the game does not run in 1 MiB"
    st = sim.stats()
    frames = [b for b in st["frames"] if b]
    rolls = [b for b, m in zip(st["frames"], st["frame_press"]) if b and m == 1 << 4]
    print("  %d button presses; one run (1 MiB heap): %.1f s wall; live heap peak %dk"
          % (st["presses"], time.time() - t0, st["mem_max"] // 1024))
    heap = smallest_heap(plan.lines, plan.events, lib)
    print("smallest heap for the full game (mpy bundle, 64-bit unix port): %sk  (goal <= 96k)" % heap)
    mods = [m for m in st["modules"] if m.split(".")[0] in ("comando", "device", "asyncio")]
    code = code_bytes(mods, lib)
    print("  of the live peak, the imported modules' bytecode is %dk (%d modules, the sim HAL's "
          "included); the data peak is about %dk: the heap a firmware with these modules frozen "
          "(in flash) would need" % (code // 1024, len(mods), (st["mem_max"] - code) // 1024))

    print("I2C bytes per screen update over the game: median %d, worst %d, %d updates "
          "(goal: median <= 260)" % (statistics.median(frames), max(frames), len(frames)))
    q = sorted(frames)
    print("  quartiles %d / %d / %d, mean %.0f; a full frame is %d bytes" % (
        q[len(q) // 4], statistics.median(q), q[3 * len(q) // 4], statistics.mean(q), 8 * (5 + 130)))
    print("  updates after a ROLL press (rolls, and opening the dice): median %d, worst %d, %d updates"
          % (statistics.median(rolls), max(rolls), len(rolls)))

    # presses for a repeat attack: the dice screen after one roll, then ROLL again
    setup = ["roll", "ok"] + ["ok"] * 8 + ["ok", "roll", "up x6", "ok", "up x8", "roll"]
    n, new = presses_for(setup, ["roll"], lib, "roll")
    print("presses for a repeat attack: %d  (goal 1)" % n)
    n_all, new_all = presses_for(setup, ["long roll"], lib, "roll")
    print("presses for 'attack until conquest or 1 left': %d (%d rolls)" % (n_all, len(new_all)))

    # presses for one player's T.E.G. II command: from the clocks screen to the lock event
    with open(os.path.join(ROOT, "tests", "device_scripts", "teg2_round.txt")) as f:
        lines = [ln.strip() for ln in f]
    i = lines.index("# USA dials 3 / 0 / 5 and locks (11 presses)")
    prefix = lines[:i]
    dial = ["up x3", "ok", "ok", "up x5", "ok"]
    n, new = presses_for(prefix, dial, lib, "lock")
    print("presses for one player's T.E.G. II command 3/0/5 (8 armies): %d  (goal <= 12)" % n)
    n2, _ = presses_for(prefix, ["up x3", "ok", "ok", "down", "ok"], lib, "lock")
    print("  with '+' on the last clock (3/0/+): %d" % n2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
