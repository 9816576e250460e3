"""Engine benchmark: fold a 100,000-event T.E.G. classic log (goal: under 1 s on CPython) and
report events/s on CPython and on the MicroPython unix port (the same core code).

The log is one seeded game played by the random bot (bot.RandomBot) (3 players, the 2-3 player variant: the
whole map is needed to win, so the game is long), written as JSONL, then folded:
  - CPython: parse every line + check + apply (what `comando replay` does);
             check + apply of events already in memory; apply only (verify=False)
  - MicroPython: parse every line + check + apply, streaming the file (heap capped)
"""

import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))

N_EVENTS = 100_000
SEED = 0
HEAP = "2m"

MPY_SCRIPT = r"""
import sys, json, time, gc
from comando import engine
f = engine.Folder(None, True, False)
n = 0
gc.collect()
t0 = time.ticks_ms()
with open(sys.argv[1]) as fh:
    for line in fh:
        f.feed(json.loads(line))
        n += 1
dt = time.ticks_diff(time.ticks_ms(), t0) / 1000
print("RESULT", n, dt, f.state.seq)
"""


def mpy_replay(path, name):
    """Fold the log at ``path`` under the MicroPython unix port, streamed line by line:
    (events, seconds), or a one-line reason it could not run; RuntimeError if it failed."""
    try:
        from micropython_tools import run_micropython
    except ImportError:
        return "tests/micropython_tools.py not found"
    script = os.path.join(tempfile.gettempdir(), "comando_bench_%s_mpy.py" % name)
    with open(script, "w") as fh:
        fh.write(MPY_SCRIPT)
    try:
        proc = run_micropython([script, path], heap=HEAP, timeout=900)
    except (RuntimeError, OSError) as exc:
        return "not available (%s)" % exc
    out = proc.stdout + proc.stderr
    line = [x for x in out.splitlines() if x.startswith("RESULT")]
    if proc.returncode != 0 or not line:
        raise RuntimeError("failed:\n" + out[-2000:])
    _, k, dt, _seq = line[0].split()
    return int(k), float(dt)


def make_log(path):
    from comando import engine
    from comando.board import board_path, load_board
    from comando.dice import SeededDice
    from comando.engine import log as elog
    from comando.engine.bot import RandomBot, play

    board = load_board(board_path("teg"))
    g = engine.new_game(board, "teg", [("A", "blue"), ("B", "red"), ("C", "black")],
                        rng=SeededDice(SEED))
    play(g, RandomBot(SeededDice(SEED + 1000), chunk=3), limit=N_EVENTS - len(g.log))
    elog.write_log(path, g.log)
    return g


def main():
    from comando import engine
    from comando.engine import log as elog

    path = os.path.join(tempfile.gettempdir(), "comando-bench-engine-%d.jsonl" % N_EVENTS)
    t = time.perf_counter()
    g = make_log(path)
    print("log: %d events (%s; game %s), made in %.1f s"
          % (len(g.log), path, "over" if g.state.phase == "over" else "still going", time.perf_counter() - t))
    final = g.state.to_dict()

    t = time.perf_counter()
    f = engine.Folder(None, True, False)
    with open(path) as fh:
        for line in fh:
            f.feed(elog.loads(line))
    dt = time.perf_counter() - t
    assert f.state.to_dict() == final
    n = len(g.log)
    print("CPython %s: parse + check + apply: %.3f s, %.0f events/s  (goal < 1 s: %s)"
          % (sys.version.split()[0], dt, n / dt, "met" if dt < 1 else "NOT met"))

    events = g.log
    t = time.perf_counter()
    s = engine.fold(events, g.board)
    dt = time.perf_counter() - t
    assert s.to_dict() == final
    print("CPython: fold (check + apply) of events in memory: %.3f s, %.0f events/s" % (dt, n / dt))
    t = time.perf_counter()
    s = engine.fold(events, g.board, verify=False)
    dt = time.perf_counter() - t
    print("CPython: fold (apply only): %.3f s, %.0f events/s" % (dt, n / dt))

    try:
        r = mpy_replay(path, "engine")
    except RuntimeError as exc:
        print("MicroPython: %s" % exc)
        return 1
    if isinstance(r, str):
        print("MicroPython: " + r)
        return 0
    k, dt = r
    print("MicroPython unix port (heap %s): parse + check + apply, streamed: %.2f s, %.0f events/s"
          % (HEAP, dt, k / dt))
    return 0


if __name__ == "__main__":
    sys.exit(main())
