"""A bot game to its end through `comando play` with its store, as a whole process (issue 28: at
most 2x a peer's CLI on the same machine).

    .venv/bin/python bench/bench_play_bot.py [--seeds N] [--peer-pyrisk DIR]

Plays Risk with three bot seats (`bot 4000` until a winner) for seeds 1..N, each into a new
store, and prints `play_bot NAME VALUE` lines: the median wall time and CPU time (the child's
user + system) per game and the median events per game.
``--peer-pyrisk DIR`` also runs a checkout of the public pyrisk project
(github.com/chronitis/pyrisk, outside this project) on the same seeds, three AIs
(StupidAI BetterAI BetterAI, no curses, no delay), and prints its figures and the ratios.
"""

import argparse
import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


TIMEOUT = 120   # a game that has not ended by then never will (pyrisk's AIs can loop forever)


def run(cmd, stdin="", cwd=None, env=None):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    try:
        proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True, cwd=cwd, env=env,
                              timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        sys.exit("bench_play_bot: %s did not end in %d s (stopped): run the bench again"
                 % (" ".join(cmd[1:3]), TIMEOUT))
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode != 0:
        sys.exit("bench_play_bot: %s failed: %s" % (cmd[:3], proc.stderr.strip()[-300:]))
    return wall, cpu, proc.stdout


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--peer-pyrisk", metavar="DIR")
    args = ap.parse_args(argv)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "host"),
                                                       os.path.join(ROOT, "firmware", "lib")]))
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # (timed with the modules' bytecode cached, as installed)
    walls, cpus, events = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        run([sys.executable, "-m", "comando_host", "play", "--ruleset", "risk", "--seed", "1",
             "--players", "Ana,Beto,Caro", "--db", os.path.join(tmp, "warm.db")], "bot 1\n",
            env=env)                  # (a first run writes the bytecode caches)
        for seed in range(1, args.seeds + 1):
            db = os.path.join(tmp, "g%d.db" % seed)
            wall, cpu, _ = run([sys.executable, "-m", "comando_host", "play", "--ruleset", "risk",
                                "--seed", str(seed), "--players", "Ana,Beto,Caro", "--db", db],
                               "bot 4000\n", env=env)
            con = sqlite3.connect(db)
            n = con.execute("SELECT COUNT(*) FROM events").fetchone()[0]
            won = con.execute("SELECT result FROM summaries").fetchone()[0]
            con.close()
            if not won.endswith(" won"):
                sys.exit("bench_play_bot: seed %d did not end: %s" % (seed, won))
            walls.append(wall)
            cpus.append(cpu)
            events.append(n)
    print("play_bot games %d" % args.seeds)
    print("play_bot events_median %d" % statistics.median(events))
    print("play_bot wall_s %.3f" % statistics.median(walls))
    print("play_bot cpu_s %.3f" % statistics.median(cpus))
    if args.peer_pyrisk:
        pw, pc = [], []
        penv = dict(os.environ)
        penv.pop("PYTHONDONTWRITEBYTECODE", None)
        run([sys.executable, "pyrisk.py", "--nocurses", "-d", "0", "-s", "1", "StupidAI",
             "BetterAI", "BetterAI"], cwd=args.peer_pyrisk, env=penv)      # (its caches too)
        for seed in range(1, args.seeds + 1):
            wall, cpu, _ = run([sys.executable, "pyrisk.py", "--nocurses", "-d", "0", "-s",
                                str(seed), "StupidAI", "BetterAI", "BetterAI"],
                               cwd=args.peer_pyrisk, env=penv)
            pw.append(wall)
            pc.append(cpu)
        print("play_bot pyrisk_wall_s %.3f" % statistics.median(pw))
        print("play_bot pyrisk_cpu_s %.3f" % statistics.median(pc))
        print("play_bot ratio_wall %.2f" % (statistics.median(walls) / statistics.median(pw)))
        print("play_bot ratio_cpu %.2f" % (statistics.median(cpus) / statistics.median(pc)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
