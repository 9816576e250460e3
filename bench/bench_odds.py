"""Exact conquest odds: how long the DP takes, on CPython and on the MicroPython unix port.

    .venv/bin/python bench/bench_odds.py [--runs N]

Also the device's fixed-point DP (comando.odds_fixed: Q29 integers, viper kernel), which the Dice
screen runs, on the unix port (issue 14: on the Pico, 30v30 within 30 ms and 200v200 within
1000 ms; `make bench-pico` measures those on the emulated RP2040).

Issue 2's goal: A = D = 200 under 25 ms on CPython and under 70 ms on MicroPython (same core code,
comando/odds.py, run with `micropython -X heapsize=192k`, about the Pico's free heap). Prints the
median (and min/max) of N runs per case, in milliseconds.
"""

import argparse
import os
import resource
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))

from micropython_tools import run_micropython  # noqa: E402

from comando import dice_mods, odds  # noqa: E402

GOAL_CPY_MS = 25.0
GOAL_MPY_MS = 70.0
MPY_HEAP = "192k"
CASES = [("teg", 200, 200, ""), ("revancha", 200, 200, ""), ("revancha", 200, 200, "snow"),
         ("revancha", 200, 200, "tailwind"), ("war", 200, 200, ""), ("risk", 200, 200, "")]
MPY_CASES = [("teg", 30, 30, "")] + CASES

MPY_FIXED_SCRIPT = """
import gc, time
from comando import dice_mods, odds_fixed
runs = %d
for rs, a, d, sit in %r:
    ts = []
    for i in range(runs):
        gc.collect()
        t0 = time.ticks_us()
        c = odds_fixed.Conquest(rs, a, d, dice_mods.of_words([sit]))
        while not c.step(1 << 20):
            pass
        ts.append(time.ticks_diff(time.ticks_us(), t0) / 1000)
    ts.sort()
    print("R", rs, a, d, sit or "-", ts[len(ts) // 2], ts[0], ts[-1], c.p())
"""

MPY_SCRIPT = """
import gc, sys, time
from comando import dice_mods, odds
runs = %d
for rs, a, d, sit in %r:
    ts = []
    for i in range(runs):
        gc.collect()
        t0 = time.ticks_us()
        res = odds.conquest(rs, a, d, dice_mods.of_words([sit]))
        ts.append(time.ticks_diff(time.ticks_us(), t0) / 1000)
    if not ts:
        continue
    ts.sort()
    print("R", rs, a, d, sit or "-", ts[len(ts) // 2], ts[0], ts[-1], res["p_conquer"])
"""


def label(rs, a, d, sit):
    return f"{rs}{'+' + sit if sit else ''} {a}v{d}"


def bench_cpython(runs):
    rows = []
    for rs, a, d, sit in CASES:
        ts, cpu = [], []
        for _ in range(runs):
            t0 = time.perf_counter()
            c0 = time.process_time()
            res = odds.conquest(rs, a, d, dice_mods.of_words([sit]))
            cpu.append((time.process_time() - c0) * 1000)
            ts.append((time.perf_counter() - t0) * 1000)
        rows.append((label(rs, a, d, sit), statistics.median(ts), min(ts), max(ts),
                     res["p_conquer"], statistics.median(cpu)))
    return rows


def _children_cpu():
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _mpy(runs, cases):
    c0 = _children_cpu()
    proc = run_micropython(["-c", MPY_SCRIPT % (runs, cases)], heap=MPY_HEAP, timeout=600)
    cpu = (_children_cpu() - c0) * 1000
    if proc.returncode != 0:
        raise SystemExit("MicroPython run failed:\n" + proc.stdout + proc.stderr)
    return proc.stdout, cpu


def bench_fixed(runs):
    """The device's fixed-point odds on the unix port (wall clock of the DP itself)."""
    proc = run_micropython(["-c", MPY_FIXED_SCRIPT % (runs, MPY_CASES)], heap=MPY_HEAP,
                           timeout=600)
    if proc.returncode != 0:
        raise SystemExit("MicroPython run failed:\n" + proc.stdout + proc.stderr)
    rows = []
    for line in proc.stdout.splitlines():
        if line.startswith("R "):
            _, rs, a, d, sit, med, lo, hi, p = line.split()
            rows.append((label(rs, int(a), int(d), "" if sit == "-" else sit), float(med),
                         float(lo), float(hi), float(p), None))
    return rows


def bench_micropython(runs):
    """One MicroPython process per case; its CPU time (rusage of the child) minus that of a
    process that only imports and runs nothing, divided by the runs, is the cpu ms column: it
    holds still when other work shares the machine, unlike the wall clock."""
    rows = []
    for case in MPY_CASES:
        _, base = _mpy(0, [case])
        out, cpu = _mpy(runs, [case])
        for line in out.splitlines():
            if line.startswith("R "):
                _, rs, a, d, sit, med, lo, hi, p = line.split()
                rows.append((label(rs, int(a), int(d), "" if sit == "-" else sit), float(med),
                             float(lo), float(hi), float(p), max(0.0, cpu - base) / runs))
    return rows


def show(title, rows, goal):
    print(title)
    print(f"  {'case':<24} {'median ms':>10} {'min':>8} {'max':>8} {'cpu ms':>8}   P(conquest)")
    for name, med, lo, hi, p, cpu in rows:
        flag = ""
        if name.endswith("200v200") and goal:
            flag = "  ok" if med < goal else f"  over the {goal:.0f} ms goal (wall)"
        cpu_s = f"{cpu:8.2f}" if cpu is not None else f"{'-':>8}"
        print(f"  {name:<24} {med:>10.2f} {lo:>8.2f} {hi:>8.2f} {cpu_s}   {p:.6g}{flag}")


def load_note():
    try:
        with open("/proc/loadavg") as f:
            return "load average " + " ".join(f.read().split()[:3])
    except OSError:
        return ""


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=9, help="runs per case (median reported)")
    args = ap.parse_args(argv)
    print("wall-clock ms (median, min, max of the runs); cpu ms: CPU time per run (CPython: median")
    print(f"of process_time; MicroPython: child rusage minus an empty run, mean). {load_note()}")
    cpy = bench_cpython(args.runs)
    show(f"CPython {sys.version.split()[0]} (goal 200v200 < {GOAL_CPY_MS:.0f} ms), "
         f"{args.runs} runs", cpy, GOAL_CPY_MS)
    mpy = bench_micropython(args.runs)
    show(f"MicroPython unix port, heap {MPY_HEAP} (goal 200v200 < {GOAL_MPY_MS:.0f} ms), "
         f"{args.runs} runs", mpy, GOAL_MPY_MS)
    fixed = bench_fixed(args.runs)
    show(f"MicroPython unix port, device odds (comando.odds_fixed, Q29 + viper), {args.runs} runs",
         fixed, 0)
    # the two runtimes must agree (both use doubles on the unix port)
    ref = {row[0]: row[4] for row in cpy}
    for name, _, _, _, p, _ in mpy:
        if name in ref and abs(ref[name] - p) > 1e-9 * max(1.0, ref[name]):
            raise SystemExit(f"{name}: CPython {ref[name]} and MicroPython {p} disagree")
    ref = {row[0]: row[4] for row in mpy}
    for name, _, _, _, p, _ in fixed:
        if abs(ref[name] - p) > 1e-6:
            raise SystemExit(f"{name}: fixed point {p} is not within 1e-6 of the float {ref[name]}")
    teg_c = [r for r in cpy if r[0] == "teg 200v200"][0]
    teg_m = [r for r in mpy if r[0] == "teg 200v200"][0]
    teg_m30 = [r for r in mpy if r[0] == "teg 30v30"][0]
    print(f"summary: teg 200v200 exact conquest odds: CPython {teg_c[1]:.1f} ms wall median "
          f"({teg_c[5]:.1f} ms cpu); MicroPython {teg_m[1]:.1f} ms wall median "
          f"({teg_m[5]:.1f} ms cpu); MicroPython 30v30 {teg_m30[1]:.2f} ms")
    fx = {r[0]: r[1] for r in fixed}
    print(f"summary: device odds (fixed point) on MicroPython: 30v30 {fx['teg 30v30']:.2f} ms, "
          f"teg 200v200 {fx['teg 200v200']:.2f} ms wall median")
    return 0


if __name__ == "__main__":
    sys.exit(main())
