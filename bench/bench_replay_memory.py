"""Peak memory and wall time of `comando replay` and `comando import` on a 100,000-event log, each
as a whole process (issue 28: a 100,000-event replay under 40 MiB peak, time not worse).

    .venv/bin/python bench/bench_replay_memory.py [--events N] [--tree DIR] [--runs N]

The log is one seeded T.E.G. game played by the random bot (comando.engine.bot, as in
bench_engine: three players, the whole map to win, so the game is long), cut at N events and
written as JSONL. Then `comando replay LOG`, `comando replay LOG --json`, `comando import LOG`
(into a new store) and `comando replay ID --db` (the stored game) each run as a child; their
peak resident set (the child's ru_maxrss from os.wait4), wall time and CPU time (user + system,
steadier on a loaded machine; medians of --runs) are
printed as `replay NAME VALUE` lines (the log is made in a child of its own: a child's
ru_maxrss counts the memory it was forked with). ``--tree DIR`` runs the commands from another checkout
(its host/ and firmware/lib/), e.g. the tree before a change, on the same log.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))


def make_log(path, n_events, seed=0):
    """A legal log of ``n_events`` events played by the random bot; its final state's dict."""
    from comando import engine
    from comando.board import board_path, load_board
    from comando.dice import SeededDice
    from comando.engine import log as elog
    from comando.engine.bot import RandomBot, play

    board = load_board(board_path("teg"))
    g = engine.new_game(board, "teg", [("A", "blue"), ("B", "red"), ("C", "black")],
                        rng=SeededDice(seed))
    play(g, RandomBot(SeededDice(seed + 1000), chunk=3), limit=n_events - len(g.log))
    elog.write_log(path, g.log)
    return len(g.log)


def run_child(cmd, env):
    """(wall seconds, CPU seconds, peak RSS MiB, stdout): the child waited for with os.wait4, whose rusage is
    the child's own (RUSAGE_CHILDREN would be the largest of every child so far)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if proc.returncode != 0:
            sys.exit("bench_replay_memory: %s failed (%d): %s"
                     % (" ".join(cmd[3:5]), proc.returncode, err.read().decode()[-300:]))
        # ru_maxrss is in KiB on Linux
        return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, out.read().decode()


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--tree", metavar="DIR", default=ROOT,
                    help="the checkout whose comando runs (default: this one)")
    ap.add_argument("--runs", type=int, default=3, help="runs per command (medians)")
    ap.add_argument("--make-log", metavar="PATH", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.make_log:
        make_log(args.make_log, args.events)
        return 0
    tree = os.path.abspath(args.tree)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(tree, "host"),
                                                       os.path.join(tree, "firmware", "lib")]))
    comando = [sys.executable, "-m", "comando_host"]
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "bot.jsonl")
        # made in a child: a child's ru_maxrss counts the RSS it was forked with, so this
        # process stays small (the game played in it would count in every figure)
        subprocess.run([sys.executable, os.path.abspath(__file__), "--make-log", log,
                        "--events", str(args.events)], check=True)
        with open(log, "rb") as f:
            n = sum(1 for _ in f)
        print("replay events %d" % n)
        print("replay log_mib %.1f" % (os.path.getsize(log) / 1048576.0))
        print("replay tree %s" % tree)
        cases = [("replay", lambda i: comando + ["replay", log]),
                 ("replay_json", lambda i: comando + ["replay", log, "--json"]),
                 ("import", lambda i: comando + ["import", log, "--as", "bot",
                                                 "--db", os.path.join(tmp, "s%d.db" % i)]),
                 ("replay_stored", lambda i: comando + ["replay", "bot",
                                                        "--db", os.path.join(tmp, "s%d.db" % i)])]
        for name, make in cases:
            walls, cpus, peaks = [], [], []
            for i in range(args.runs):
                wall, cpu, peak, out = run_child(make(i), env)
                walls.append(wall)
                cpus.append(cpu)
                peaks.append(peak)
            print("replay %s_peak_mib %.1f" % (name, max(peaks)))
            print("replay %s_wall_s %.3f" % (name, statistics.median(walls)))
            print("replay %s_cpu_s %.3f" % (name, statistics.median(cpus)))
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
