"""A one-shot command's cost as a whole process: `comando odds`, `roll`, `battle` and `games`
against a bare Python start of the same interpreter (issue 28: at most 1.5 times the bare start).

    .venv/bin/python bench/bench_cli_start.py [--runs N] [--imports] [--installed]

Runs each command interleaved with a bare start N times (the machine's load hits both alike) and
prints the median wall time of each, in milliseconds, their ratio, and `start NAME VALUE` lines;
also the ratio of their median CPU times (user + system, from the children's rusage: steadier
than wall time on a busy machine; the goal is the wall ratio).
`games` lists an empty store of its own (the listing's own cost is bench_games' figure).
In a checkout installed editable, every start also pays pip's editable finder (imported by site:
pathlib, urllib.parse); an installed wheel does not. ``--imports`` also lists the slowest
imports of the command (python -X importtime). ``--installed`` measures as well what a user who
installs the package gets: a wheel built from this checkout, installed (without its
dependencies, which these commands do not import) into a temporary venv, its `comando` against
that venv's `python -c pass` (`start installed_NAME VALUE` lines). Exit 1 when a ratio is over
the goal.
"""

import argparse
import os
import resource
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


CPU = {}   # tuple(argv) -> the child's CPU times (user + system, ms): steadier under load


def wall(argv) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=ENV)
    took = (time.perf_counter() - t) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.setdefault(tuple(argv), []).append(
        (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000)
    return took


def slowest_imports(n=12):
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "comando_host.cli"] + COMMAND,
                          capture_output=True, text=True, env=ENV)
    rows = []
    for line in proc.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2].rstrip()))
    return sorted(rows, reverse=True)[:n]


def installed_venv(tmp: str) -> str:
    """A temporary venv holding a wheel of this checkout (a regular install: no editable finder
    at start); its bin folder."""
    root = os.path.dirname(HERE)
    wheels = os.path.join(tmp, "wheels")
    quiet = dict(stdout=subprocess.DEVNULL, check=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    "--no-build-isolation", "-w", wheels, root], **quiet)
    venv = os.path.join(tmp, "venv")
    subprocess.run([sys.executable, "-m", "venv", venv], **quiet)
    wheel = [os.path.join(wheels, n) for n in os.listdir(wheels) if n.startswith("comando-")]
    subprocess.run([os.path.join(venv, "bin", "python"), "-m", "pip", "install", "-q",
                    "--no-deps", "--no-index"] + wheel, **quiet)
    return os.path.join(venv, "bin")


def measure(python: str, cmd: list, runs: int, prefix: str = "") -> float:
    """Each command interleaved with a bare start of ``python``: prints the medians and ratios,
    returns the worst ratio."""
    bare = []
    runs_of = {tuple(c): [] for c in COMMANDS}
    for _ in range(2):   # warm the file and bytecode caches for all
        wall([python, "-c", "pass"])
        for c in COMMANDS:
            wall(cmd + c)
    for _ in range(runs):
        for c in COMMANDS:
            bare.append(wall([python, "-c", "pass"]))
            runs_of[tuple(c)].append(wall(cmd + c))
    b = statistics.median(bare)
    bare_cpu = statistics.median(CPU[(python, "-c", "pass")])
    print("%sbare python start          median %6.1f ms (min %.1f, max %.1f), CPU %.1f ms"
          % (prefix.replace("_", " "), b, min(bare), max(bare), bare_cpu))
    print("start %sbare_ms %.1f" % (prefix, b))
    worst = 0.0
    for c in COMMANDS:
        ts = runs_of[tuple(c)]
        o = statistics.median(ts)
        ratio = o / b
        worst = max(worst, ratio)
        cpu = statistics.median(CPU[tuple(cmd + c)]) / bare_cpu
        print("%scomando %-24s median %6.1f ms (min %.1f, max %.1f) ratio %.2f, CPU ratio %.2f"
              % (prefix.replace("_", " "), " ".join(c), o, min(ts), max(ts), ratio, cpu))
        print("start %s%s_ms %.1f" % (prefix, c[0], o))
        print("start %s%s_ratio %.2f" % (prefix, c[0], ratio))
        print("start %s%s_cpu_ratio %.2f" % (prefix, c[0], cpu))
    print("%sworst ratio %.2f (goal: at most %.1f) over %d interleaved runs: %s"
          % (prefix.replace("_", " "), worst, GOAL_RATIO, runs,
             "ok" if worst <= GOAL_RATIO else "OVER"))
    print("start %sworst_ratio %.2f" % (prefix, worst))
    return worst


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--imports", action="store_true")
    ap.add_argument("--installed", action="store_true",
                    help="also measure a regular install of a wheel in a temporary venv")
    args = ap.parse_args(argv)
    cmd = [COMANDO] if os.path.exists(COMANDO) else [sys.executable, "-m", "comando_host.cli"]
    worst = measure(sys.executable, cmd, args.runs)
    if args.installed:
        with tempfile.TemporaryDirectory(prefix="comando-bench-wheel-") as tmp:
            bin_ = installed_venv(tmp)
            worst = max(worst, measure(os.path.join(bin_, "python"),
                                       [os.path.join(bin_, "comando")], args.runs, "installed_"))
    if args.imports:
        print("slowest imports of the command (cumulative us):")
        for us, name in slowest_imports():
            print("  %8d  %s" % (us, name))
    return 0 if worst <= GOAL_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
