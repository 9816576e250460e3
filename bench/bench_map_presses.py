"""Map mode's presses on the device (issue 12): whole 4-player T.E.G. games played on the real
device app (device/app.py, device/screens/map.py, in-process on a HAL with no hardware) by
button presses (tests/mapdriver.py), the engine bot's actions as the players' intent.

A new attack names both countries: the cursor to the attacking country on the list of those that
can attack (usual choice first, comando.engine.picks), OK, the cursor to the target on its enemy
neighbours, OK (rolls). A repeat attack is one ROLL. Goals: a new attack <= 6 presses on average;
a repeat 1. A hold counts as one press.

Then the heap: the smallest ``-X heapsize`` in which the firmware bundle (mpy-cross, as `make
firmware` ships it) starts a map game under the simulator (the engine, the whole board with its
objectives, the deal), places every setup army and attacks twice, with the journal exactly as at
1 MiB (64-bit unix port: a Pico needs roughly half to two thirds of it).

    .venv/bin/python bench/bench_map_presses.py [--games 10] [--players 4] [--no-heap]
"""

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for extra in (os.path.join(ROOT, "tests"), os.path.join(ROOT, "tests", "core"),
              os.path.join(ROOT, "firmware", "lib")):
    sys.path.insert(0, extra)

import mapdriver  # noqa: E402


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--no-heap", action="store_true", help="skip the simulator heap search")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    new, rep, events, presses, won, toasts = [], [], 0, 0, 0, 0
    for seed in range(args.games):
        d = mapdriver.play(seed=seed, players=args.players)
        try:
            new += d.new
            rep += d.repeats
            events += d.app.state.seq
            presses += d.presses
            won += d.app.state.phase == "over"
            toasts += len(d.toasts)
        finally:
            d.close()
    avg = sum(new) / len(new)
    dist = {}
    for x in new:
        dist[x] = dist.get(x, 0) + 1
    print("map mode on the device app, %d whole %d-player T.E.G. games by button presses (%d to "
          "a victory; %d events, %d presses in all, %d messages): %d new attacks at %.2f presses "
          "on average (goal <= 6), median %d, max %d; %d repeats at %.2f (goal 1)"
          % (args.games, args.players, won, events, presses, toasts, len(new), avg,
             sorted(new)[len(new) // 2], max(new), len(rep), sum(rep) / max(1, len(rep))))
    print("  new attack presses: %s (%.1f s)" % (", ".join("%d: %d" % (k, dist[k])
                                                          for k in sorted(dist)),
                                                time.perf_counter() - t0))
    ok = avg <= 6 and set(rep) == {1} and won == args.games
    if not args.no_heap:
        ok &= heap()
    return 0 if ok else 1


SCRIPT = (["ok", "wait 50"] * 7 + ["up", "wait 50", "roll", "wait 1500"]
          + ["long ok", "wait 300"] * 8
          + ["ok", "wait 200", "ok", "wait 300", "roll", "wait 300", "roll", "wait 300", "quit"])


def heap():
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    from bench_device import runs, smallest_heap
    from comando_host import firmware
    out = os.path.join(ROOT, "build", "bench-firmware")
    firmware.build(out, include_sim=True, quiet=True)
    lib = os.path.join(out, "lib")
    sim = runs(SCRIPT, "1m", lib)
    if sim is None:
        print("map mode does not run in 1 MiB under the simulator")
        return False
    evs = sim.events()
    small = smallest_heap(SCRIPT, evs, lib, lo=64, hi=1024, step=8)
    print("smallest heap for a map game's start (new, deal, %d placements, attacks; mpy bundle, "
          "64-bit unix port): %sk; live peak at 1 MiB %dk (the table session's whole La Revancha "
          "game: bench_device.py)" % (sum(1 for e in evs if e["t"] == "place"), small,
                                      sim.stats()["mem_max"] // 1024))
    return small is not None


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
