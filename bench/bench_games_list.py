"""`comando games` over a store of many games (issue 28: 1,000 games listed in at most 0.5 s).

    .venv/bin/python bench/bench_games_list.py [--games N] [--runs R] [--keep DIR]

Plays a few seeded bot games through `comando play` (one per ruleset), files N games in a new
store from their events through Store.add_events in batches of 512 (as every writer does: each
game's summary row written with its events), then times the whole `comando games` process into
a pipe, R runs. Prints `games_list NAME VALUE` lines: the median wall time of the listing with
the summary rows (seconds), the same listing with the rows dropped before each run (it folds
every game, as before issue 28), the write cost per event with the summary, and the listing's
line count. Exits 1 when the listing takes over 0.5 s.
"""

import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))
sys.path.insert(0, os.path.join(ROOT, "host"))

from comando_host.store.db import Store  # noqa: E402

SEEDS = [("teg", 1), ("revancha", 2), ("war", 3), ("risk", 4), ("teg2", 5)]


def comando(args, env, stdin=""):
    return subprocess.run([sys.executable, "-m", "comando_host"] + args, input=stdin, env=env,
                          capture_output=True, text=True, cwd=ROOT)


def played(tmp, env):
    """The events of one bot game per ruleset, each played to its end (or 4,000 steps)."""
    src = os.path.join(tmp, "played.db")
    for rs, seed in SEEDS:
        proc = comando(["play", "--ruleset", rs, "--seed", str(seed), "--players",
                        "Ana,Beto,Caro", "--db", src], env, "bot 4000\nend\n")
        if proc.returncode != 0:
            sys.exit("bench_games_list: %s bot game failed: %s" % (rs, proc.stderr.strip()[-300:]))
    store = Store(src)
    games = [store.events(g[0]) for g in store.games()]
    store.close()
    return games


def drop_summaries(db):
    con = sqlite3.connect(db)
    con.execute("DELETE FROM summaries")
    con.commit()
    con.close()


def timed(argv, env, runs, before=None):
    ts, out = [], ""
    for _ in range(runs):
        if before is not None:
            before()
        t0 = time.perf_counter()
        proc = comando(argv, env)
        ts.append(time.perf_counter() - t0)
        if proc.returncode != 0:
            sys.exit("bench_games_list: games failed: %s" % proc.stderr.strip())
        out = proc.stdout
    return statistics.median(ts), out


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--keep", help="leave the store in this folder")
    args = ap.parse_args(argv)
    tmp = args.keep or tempfile.mkdtemp(prefix="bench-games-")
    os.makedirs(tmp, exist_ok=True)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "host"),
                                                       os.path.join(ROOT, "firmware", "lib")]))
    env.pop("COLUMNS", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # (timed with the modules' bytecode cached, as installed)
    try:
        sources = played(tmp, env)
        db = os.path.join(tmp, "many.db")
        store = Store(db)
        t0, n_events = time.perf_counter(), 0
        for i in range(args.games):
            events = sources[i % len(sources)]
            gid = "bench-%04d" % i
            store.ensure_game(gid, origin="engine")
            for k in range(0, len(events), 512):     # batches, as play and the link write them
                store.add_events(gid, events[k:k + 512])
            n_events += len(events)
        write_us = (time.perf_counter() - t0) / n_events * 1e6
        store.close()
        timed(["games", "--db", db], env, 1)     # (a first run writes the bytecode caches)
        listed, out = timed(["games", "--db", db], env, args.runs)
        lines = len(out.splitlines())
        # the listing as before issue 28: every game folded (the rows dropped before each run)
        folded, _ = timed(["games", "--db", db], env, min(args.runs, 2),
                          before=lambda: drop_summaries(db))
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    print("games_list games %d" % args.games)
    print("games_list events_per_game_mean %.0f" % (n_events / args.games))
    print("games_list listing_s %.3f" % listed)
    print("games_list listing_folding_every_game_s %.3f" % folded)
    print("games_list write_us_per_event %.1f" % write_us)
    print("games_list lines %d" % lines)
    return 0 if listed <= 0.5 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
