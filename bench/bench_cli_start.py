"""A one-shot command's cost as a whole process: `comando odds`, `roll`, `battle` and `games`
against a bare Python start of the same interpreter (issue 28: at most 1.5 times the bare start).

    .venv/bin/python bench/bench_cli_start.py [--runs N] [--imports]

Runs each command interleaved with a bare start N times (the machine's load hits both alike) and
prints the median wall time of each, in milliseconds, their ratio, and `start NAME VALUE` lines.
`games` lists an empty store of its own (the listing's own cost is bench_games' figure).
In a checkout installed editable, every start also pays pip's editable finder (imported by site:
pathlib, urllib.parse); an installed wheel does not. ``--imports`` also lists the slowest
imports of the command (python -X importtime). Exit 1 when the ratio is over the goal.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

GOAL_RATIO = 1.5
HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.path.dirname(sys.executable)
COMANDO = os.path.join(BIN, "comando")
COMMANDS = [["odds", "--rules", "teg", "10", "4"], ["roll", "--seed", "1", "3", "2"],
            ["battle", "--att", "3/0/5", "--def", "1/2/2"], ["games"]]
COMMAND = COMMANDS[0]


# As an installed comando runs: its modules byte-compiled once, then loaded from the cache (the
# cache kept in a directory of its own, so the checkout stays clean).
ENV = dict(os.environ)
ENV.pop("PYTHONDONTWRITEBYTECODE", None)
ENV["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), "comando-bench-pycache")
ENV["COMANDO_DB"] = os.path.join(tempfile.mkdtemp(prefix="comando-bench-start-"), "games.db")


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
    bare = []
    runs = {tuple(c): [] for c in COMMANDS}
    for _ in range(2):   # warm the file and bytecode caches for all
        wall([sys.executable, "-c", "pass"])
        for c in COMMANDS:
            wall(cmd + c)
    for _ in range(args.runs):
        for c in COMMANDS:
            bare.append(wall([sys.executable, "-c", "pass"]))
            runs[tuple(c)].append(wall(cmd + c))
    b = statistics.median(bare)
    print("bare python start          median %6.1f ms (min %.1f, max %.1f)" % (b, min(bare), max(bare)))
    print("start bare_ms %.1f" % b)
    worst = 0.0
    for c in COMMANDS:
        ts = runs[tuple(c)]
        o = statistics.median(ts)
        ratio = o / b
        worst = max(worst, ratio)
        print("comando %-24s median %6.1f ms (min %.1f, max %.1f) ratio %.2f"
              % (" ".join(c), o, min(ts), max(ts), ratio))
        print("start %s_ms %.1f" % (c[0], o))
        print("start %s_ratio %.2f" % (c[0], ratio))
    print("worst ratio %.2f (goal: at most %.1f) over %d interleaved runs: %s"
          % (worst, GOAL_RATIO, args.runs, "ok" if worst <= GOAL_RATIO else "OVER"))
    if args.imports:
        print("slowest imports of the command (cumulative us):")
        for us, name in slowest_imports():
            print("  %8d  %s" % (us, name))
    return 0 if worst <= GOAL_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
