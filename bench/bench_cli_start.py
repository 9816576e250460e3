"""A one-shot command's cost as a whole process: `comando odds --rules teg 10 4` against a bare
Python start of the same interpreter (issue 13: at most twice the bare start).

    .venv/bin/python bench/bench_cli_start.py [--runs N] [--imports]

Runs the two interleaved N times (the machine's load hits both alike) and prints the median
wall time of each, in milliseconds, and their ratio. ``--imports`` also lists the slowest
imports of the command (python -X importtime). Exit 1 when the ratio is over the goal.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

GOAL_RATIO = 2.0
HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.path.dirname(sys.executable)
COMANDO = os.path.join(BIN, "comando")
COMMAND = ["odds", "--rules", "teg", "10", "4"]


# As an installed comando runs: its modules byte-compiled once, then loaded from the cache (the
# cache kept in a directory of its own, so the checkout stays clean).
ENV = dict(os.environ)
ENV.pop("PYTHONDONTWRITEBYTECODE", None)
ENV["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), "comando-bench-pycache")


def wall(argv) -> float:
    t = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=ENV)
    return (time.perf_counter() - t) * 1000


def slowest_imports(n=12):
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "comando_host.cli"] + COMMAND,
                          capture_output=True, text=True, env=ENV)
    rows = []
    for line in proc.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2].rstrip()))
    return sorted(rows, reverse=True)[:n]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--imports", action="store_true")
    args = ap.parse_args(argv)
    cmd = [COMANDO] if os.path.exists(COMANDO) else [sys.executable, "-m", "comando_host.cli"]
    bare, odds = [], []
    for _ in range(2):   # warm the file and bytecode caches for both
        wall([sys.executable, "-c", "pass"])
        wall(cmd + COMMAND)
    for _ in range(args.runs):
        bare.append(wall([sys.executable, "-c", "pass"]))
        odds.append(wall(cmd + COMMAND))
    b, o = statistics.median(bare), statistics.median(odds)
    ratio = o / b
    print("bare python start          median %6.1f ms (min %.1f, max %.1f)" % (b, min(bare), max(bare)))
    print("comando %-18s median %6.1f ms (min %.1f, max %.1f)" % (" ".join(COMMAND), o, min(odds),
                                                                 max(odds)))
    print("ratio %.2f (goal: at most %.1f) over %d interleaved runs: %s"
          % (ratio, GOAL_RATIO, args.runs, "ok" if ratio <= GOAL_RATIO else "OVER"))
    if args.imports:
        print("slowest imports of the command (cumulative us):")
        for us, name in slowest_imports():
            print("  %8d  %s" % (us, name))
    return 0 if ratio <= GOAL_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
