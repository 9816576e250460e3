"""Map mode's presses on the device (issue 12): whole games played on the real device app
(device/app.py, device/screens/map.py, in-process on a HAL with no hardware) by button presses
(tests/mapdriver.py), the engine bot's actions as the players' intent: 4-player T.E.G. (the
issue's figure), Risk on two of its maps (Europe with the device as the card deck, Asia with the
table's own deck: each card drawn is dialled) and La Revancha (missiles, exchanges, situation
cards; the device's deck and the table's).

A new attack names both countries: the cursor to the attacking country on the list of those that
can attack (usual choice first, comando.engine.picks), OK, the cursor to the target on its enemy
neighbours, OK (rolls). A repeat attack is one ROLL. Goals: a new attack <= 6 presses on average;
a repeat 1. A hold counts as one press.

Then the heap: the smallest ``-X heapsize`` in which the firmware bundle (mpy-cross, as `make
firmware` ships it) starts a map game under the simulator (the engine, the whole board with its
objectives, the deal), places every setup army and attacks, with the journal exactly as at 1 MiB
(64-bit unix port: a Pico needs roughly half to two thirds of it): T.E.G. and La Revancha.

    .venv/bin/python bench/bench_map_presses.py [--games 10] [--only teg,risk,revancha] [--no-heap]
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

# (label, ruleset, players, Risk's map, Map field: 1 the device's deck, 2 the table's own deck)
TABLES = (
    ("T.E.G. 4 players", "teg", 4, None, 1),
    ("Risk Europe 4 players, device deck", "risk", 4, "risk_europe", 1),
    ("Risk Asia 3 players, own deck", "risk", 3, "risk_asia", 2),
    ("La Revancha 4 players, device deck", "revancha", 4, None, 1),
    ("La Revancha 4 players, own deck", "revancha", 4, None, 2),
)


def bench_table(label, rs, players, board, deck, games):
    t0 = time.perf_counter()
    new, rep, events, presses, won, toasts, cards = [], [], 0, 0, 0, 0, 0
    for seed in range(games):
        d = mapdriver.play(seed=seed, players=players, ruleset=rs, board=board, deck=deck)
        try:
            new += d.new
            rep += d.repeats
            events += d.app.state.seq
            presses += d.presses
            won += d.app.state.phase == "over"
            toasts += len(d.toasts)
            cards += len(d.shown) + len(d.dialled)
        finally:
            d.close()
    avg = sum(new) / len(new)
    dist = {}
    for x in new:
        dist[x] = dist.get(x, 0) + 1
    print("%s: %d whole games by button presses (%d to a victory; %d events, %d presses in all, "
          "%d cards %s, %d messages): %d new attacks at %.2f presses on average (goal <= 6), "
          "median %d, max %d; %d repeats at %.2f (goal 1)"
          % (label, games, won, events, presses, cards, "shown" if deck == 1 else "dialled",
             toasts, len(new), avg, sorted(new)[len(new) // 2], max(new), len(rep),
             sum(rep) / max(1, len(rep))))
    print("  new attack presses: %s (%.1f s)" % (", ".join("%d: %d" % (k, dist[k])
                                                          for k in sorted(dist)),
                                                time.perf_counter() - t0))
    return avg <= 6 and set(rep) == {1} and won == games


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--only", default="", help="rulesets to run, comma-separated (teg,risk,revancha)")
    ap.add_argument("--no-heap", action="store_true", help="skip the simulator heap search")
    args = ap.parse_args(argv)
    only = [x for x in args.only.split(",") if x]
    ok = True
    for label, rs, players, board, deck in TABLES:
        if only and rs not in only:
            continue
        ok &= bench_table(label, rs, players, board, deck, args.games)
    if not args.no_heap:
        for rs in ("teg", "revancha"):
            if not only or rs in only:
                ok &= heap(rs)
    return 0 if ok else 1


# The map game's start (tests/heap_games.py: the New game screen's Map field, every setup
# placement, the first turn's attacks), then quit
from heap_games import MAP_STARTS  # noqa: E402

SCRIPTS = {rs: lines + ["quit"] for rs, lines in MAP_STARTS.items()}
SCRIPT = SCRIPTS["teg"]


def unsealed(evs):
    """The events without the deal's nonces and commitments (os.urandom: new in every run)."""
    out = []
    for e in evs:
        e = dict(e)
        e.pop("oh", None)
        e.pop("rv", None)
        if "sec" in e:
            e["sec"] = {"obj": e["sec"]["obj"]}
        out.append(e)
    return out


def smallest(lines, events, lib, runs, lo=64, hi=1024, step=8):
    """Binary search in KiB for the smallest heap that plays the same game as at 1 MiB."""
    want = unsealed(events)

    def same(k):
        sim = runs(lines, "%dk" % k, lib)
        return sim is not None and unsealed(sim.events()) == want
    if not same(hi):
        return None
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if same(mid):
            hi = mid
        else:
            lo = mid
    return hi


def heap(rs="teg"):
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    from bench_device import runs
    from comando_host.pico import firmware
    out = os.path.join(ROOT, "build", "bench-firmware")
    firmware.build(out, include_sim=True, quiet=True)
    lib = os.path.join(out, "lib")
    script = SCRIPTS[rs]
    sim = runs(script, "1m", lib)
    if sim is None:
        print("%s map mode does not run in 1 MiB under the simulator" % rs)
        return False
    evs = sim.events()
    if not evs or evs[0].get("rs") != rs or evs[-1]["t"] != "attack":
        print("%s: the heap script did not reach an attack: %s" % (rs, [e["t"] for e in evs][-5:]))
        return False
    small = smallest(script, evs, lib, runs)
    print("%s: smallest heap for a map game's start (new, deal, %d placements, %d attacks; mpy "
          "bundle, 64-bit unix port): %sk; live peak at 1 MiB %dk"
          % (rs, sum(1 for e in evs if e["t"] == "place"),
             sum(1 for e in evs if e["t"] == "attack"), small, sim.stats()["mem_max"] // 1024))
    return small is not None


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
