"""Table-session benchmark: how fast the device's default reducer (comando.session) folds a
journal, on CPython and on the MicroPython unix port (what the device does at boot).

The log is a seeded La Revancha session (4 players): every round turns a situation card (crisis
rolls, extra reinforcements), each turn rolls three attacks and draws a card; N_EVENTS events in
all. Folding = parse each JSON line + check + apply (the device's boot path).
"""

import os
import sys
import tempfile
import time
import json

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))

N_EVENTS = 20_000
HEAP = "256k"

MPY_SCRIPT = r"""
import sys, json, time, gc
from comando import session
from comando.session import replay
s = session.Session()
n = 0
gc.collect()
t0 = time.ticks_ms()
with open(sys.argv[1]) as fh:
    for line in fh:
        e = json.loads(line)
        session.check(s, e)
        session.apply(s, e)
        n += 1
dt = time.ticks_diff(time.ticks_ms(), t0) / 1000
gc.collect()
print("RESULT", n, dt, s.seq, gc.mem_free())
"""


def make_log(path):
    from comando import session as Z
    from comando.session import replay
    from comando.dice import SeededDice

    t = replay.Table("revancha", ["white", "black", "red", "blue"], None, SeededDice(1))
    t.act({"t": "first"})
    while t.state.stage == Z.PLACE:
        t.act({"t": "place", "p": t.state.cur})
    while len(t.events) < N_EVENTS:
        st = t.state.stage
        if st == Z.ROUND:
            t.act({"t": "round"})
        elif st == Z.CRISIS:
            t.act({"t": "crisis"})
        elif st == Z.EXTRA:
            t.act({"t": "extra", "p": t.state.cur, "c": 18})
        else:
            p = t.state.cur
            d = (p + 1) % 4
            for a in (6, 4, 3):
                try:
                    t.act({"t": "roll", "p": p, "d": d, "a": a, "b": 2, "in": a % 2})
                except Exception:
                    pass
            if p not in t.state.barred:
                t.act({"t": "card", "p": p})
            t.act({"t": "end", "p": p})
    with open(path, "w") as f:
        for e in t.events:
            f.write(json.dumps(e, separators=(",", ":")) + "\n")
    return t


def main():
    from comando import session as Z
    from micropython_tools import run_micropython

    path = os.path.join(tempfile.gettempdir(), "comando-bench-session-%d.jsonl" % N_EVENTS)
    t0 = time.perf_counter()
    t = make_log(path)
    n = len(t.events)
    print("log: %d events, %d rounds (%s), made in %.1f s"
          % (n, t.state.rnd, path, time.perf_counter() - t0))
    final = t.state.to_dict()

    t0 = time.perf_counter()
    s = Z.Session()
    with open(path) as fh:
        for line in fh:
            e = json.loads(line)
            Z.check(s, e)
            Z.apply(s, e)
    dt = time.perf_counter() - t0
    assert s.to_dict() == final
    print("CPython %s: parse + check + apply: %.3f s, %.0f events/s"
          % (sys.version.split()[0], dt, n / dt))

    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(MPY_SCRIPT)
        script = f.name
    proc = run_micropython([script, path], heap=HEAP, timeout=900)
    os.unlink(script)
    line = [x for x in proc.stdout.splitlines() if x.startswith("RESULT")]
    if proc.returncode or not line:
        print("MicroPython: failed\n" + proc.stdout + proc.stderr)
        return 1
    _, k, mdt, seq, free = line[0].split()
    print("MicroPython (heap %s): parse + check + apply: %.3f s, %.0f events/s, %s bytes free after"
          % (HEAP, float(mdt), int(k) / float(mdt), free))
    return 0


if __name__ == "__main__":
    sys.exit(main())
