"""Link figures (issue 6): chaos over 1,000 seeded fault schedules; device-to-host latency over a
pseudo-terminal (goal p99 < 20 ms); durable SQLite ingest rate (goal >= 5,000 events/s); time
to resync a 10,000-event backlog (goal < 2 s).

    .venv/bin/python bench/bench_link.py [--runs 1000] [--skip-chaos] [--device-chaos 100]
    .venv/bin/python bench/bench_link.py --only-device-chaos --device-chaos 200

The device end runs under the MicroPython unix port (tests/link_device.py: the real
device/link.py endpoint on a file journal) with a pseudo-terminal as its USB serial; the host end
is the real HostLink (pyserial, SQLite WAL, synchronous=FULL, durable before ack).
"""

import argparse
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for extra in (os.path.join(ROOT, "tests"), os.path.join(ROOT, "tests", "core")):
    sys.path.insert(0, extra)

from linkdev import PtyDevice  # noqa: E402

from comando_host.link import chaos  # noqa: E402
from comando_host.link.host import HostLink  # noqa: E402
from comando_host.store.db import Store  # noqa: E402
from comando_host.link.transport import open_transport  # noqa: E402


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def bench_chaos(runs, writer=False):
    t0 = time.perf_counter()
    s = chaos.summarize(chaos.run_many(range(runs), writer=writer))
    dt = time.perf_counter() - t0
    print("chaos%s: %d seeded schedules, %d events: lost %d, duplicated %d, divergent %d, secrets "
          "leaked %d, failed schedules %d (%.1f s)" % (" (host writer thread)" if writer else "",
                                                        s["schedules"], s["events"], s["lost"],
                                                        s["duplicated"], s["divergent"], s["leaked"],
                                                        len(s["failed"]), dt))
    f = s["faults"]
    print("  faults injected: %d frames dropped, %d corrupted, %d duplicated, %d delayed/reordered, "
          "%d split, %d lost in %d link cuts; %d device resets, %d host crashes, %d snapshots; "
          "worst time to converge after the last fault %.2f s"
          % (f["dropped"], f["corrupted"], f["duplicated"], f["delayed"], f["split"], f["cut"],
             s["cuts"], s["resets"], s["crashes"], s["snapshots"], s["max_settle_s"]))
    return not s["failed"]


def bench_device_chaos(runs, parallel=4):
    """The fault proxy between the real device end (device/link.py under MicroPython on a pty)
    and the host: comando_host.link.chaos_device, ``runs`` seeds, ``parallel`` at a time."""
    from comando_host.link import chaos_device
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as d:
        s = chaos_device.summarize(chaos_device.run_many(range(runs), PtyDevice, d,
                                                         parallel=parallel))
    dt = time.perf_counter() - t0
    f = s["faults"]
    print("chaos against the real device end (MicroPython on a pty): %d seeded schedules, %d "
          "events (%d locks with a secret part, %d host commands): lost %d, duplicated %d, "
          "divergent %d, secrets leaked %d, failed schedules %s (%.1f s)"
          % (s["schedules"], s["events"], s["locks"], s["commands"], s["lost"], s["duplicated"],
             s["divergent"], s["leaked"], s["failed"] or 0, dt))
    print("  faults injected: %d frames dropped, %d corrupted, %d duplicated, %d delayed/reordered, "
          "%d split, %d noise lines, %d lost in %d link cuts; %d device resets (process killed), "
          "%d host crashes; worst time to converge on a clean link %.2f s"
          % (f["dropped"], f["corrupted"], f["duplicated"], f["delayed"], f["split"], f["noise"],
             f["cut"], s["cuts"], s["resets"], s["crashes"], s["max_settle_s"]))
    return not s["failed"]


def _session(port, db):
    """A host session recording, per event, the latency when the host had decoded it in order
    (``on_receive``) and when it was durable (the commit returned, on the writer thread)."""
    store = Store(db)
    lat = {"received": [], "durable": []}
    real = store.add_events

    def timed(game, events, snapshot=None):
        top = real(game, events, snapshot)
        now = time.time_ns() // 1000
        for ev in events:
            if "us" in ev:
                lat["durable"].append((now - ev["us"]) / 1000.0)
        return top

    def received(ev):
        if "us" in ev:
            lat["received"].append((time.time_ns() // 1000 - ev["us"]) / 1000.0)

    store.add_events = timed
    session = HostLink(open_transport(port), store)
    session.on_receive = received
    return session, store, lat


def _wait(s, cond, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if not s.poll():
            s.transport.wait(0.001)
        if cond():
            return True
    return False


def bench_latency(n=1000, every=5):
    with tempfile.TemporaryDirectory() as d:
        dev = PtyDevice(d)
        try:
            s, store, lat = _session(dev.port, os.path.join(d, "host.db"))
            dev.start("--play", n, "--every", every, "--seconds", 60)
            ok = _wait(s, lambda: s.sync.game and store.last_seq(s.sync.game) == n, 60)
            s.close()
            s.transport.close()
        finally:
            dev.close()
    rec, dur = lat["received"], lat["durable"]
    print("latency device -> host over a pty (%d events, one every %d ms; from app.submit on the "
          "device under MicroPython):" % (n, every))
    print("  received and decoded by the host: p50 %.2f ms, p99 %.2f ms, max %.2f ms%s"
          % (pct(rec, 50), pct(rec, 99), max(rec), "" if ok else " (INCOMPLETE)"))
    print("  durably committed (fsync) on the host: p50 %.2f ms, p99 %.2f ms, max %.2f ms"
          % (pct(dur, 50), pct(dur, 99), max(dur)))
    return ok and pct(rec, 99) < 20


def bench_ingest(n=20000, batch=128):
    with tempfile.TemporaryDirectory() as d:
        store = Store(os.path.join(d, "ingest.db"))
        store.ensure_game("g")
        evs = [{"seq": i + 1, "t": "roll", "p": i % 4, "d": [1 + i % 6, 2]} for i in range(n)]
        t0 = time.perf_counter()
        for i in range(0, n, batch):
            store.add_events("g", evs[i:i + batch])   # one durable commit per batch
        dt = time.perf_counter() - t0
        commits = store.commits
        store.close()
    rate = n / dt
    print("durable ingest into SQLite (WAL, synchronous=FULL, one commit per %d-event batch as the "
          "link window delivers them): %.0f events/s (%d commits in %.2f s)" % (batch, rate, commits - 1, dt))
    return rate >= 5000


def bench_resync(n=10000):
    with tempfile.TemporaryDirectory() as d:
        dev = PtyDevice(d)
        try:
            dev.start("--backlog", n, "--seconds", 60)
            # wait for the device to have written its backlog (it says hello once it runs)
            jpath = os.path.join(d, "journal.log")
            end = time.monotonic() + 60
            while time.monotonic() < end and not os.path.exists(os.path.join(d, "device.err")):
                time.sleep(0.05)
            while time.monotonic() < end:
                with open(os.path.join(d, "device.err")) as f:
                    if "acked" in f.read():
                        break
                time.sleep(0.05)
            s, store, _ = _session(dev.port, os.path.join(d, "host.db"))
            t0 = time.perf_counter()
            ok = _wait(s, lambda: s.sync.game and store.last_seq(s.sync.game) == n, 60)
            dt = time.perf_counter() - t0
            commits = store.commits
            s.close()
            s.transport.close()
            assert os.path.getsize(jpath) > 0
        finally:
            dev.close()
    print("resync of a %d-event backlog (device under MicroPython, pty, from the host's hello to "
          "all durably stored): %.2f s (%.0f events/s, %d commits)%s"
          % (n, dt, n / dt, commits, "" if ok else " (INCOMPLETE)"))
    return ok and dt < 2


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=1000)
    ap.add_argument("--skip-chaos", action="store_true")
    ap.add_argument("--device-chaos", type=int, default=100, metavar="N",
                    help="seeded schedules against the real device end (0: skip)")
    ap.add_argument("--only-device-chaos", action="store_true")
    args = ap.parse_args(argv)
    goals = {}
    if args.only_device_chaos:
        ok = bench_device_chaos(args.device_chaos)
        print("  goal %-40s %s" % ("device chaos: zero lost/dup/divergent", "met" if ok else "NOT MET"))
        return 0 if ok else 1
    goals["latency p99 < 20 ms"] = bench_latency()
    goals["ingest >= 5000 events/s"] = bench_ingest()
    bench_ingest(n=2000, batch=1)  # for comparison: a commit per event
    goals["resync 10k < 2 s"] = bench_resync()
    if not args.skip_chaos:
        goals["chaos: zero lost/duplicated/divergent"] = bench_chaos(args.runs)
        goals["chaos with the writer thread"] = bench_chaos(args.runs // 5, writer=True)
        if args.device_chaos:
            goals["chaos against the real device"] = bench_device_chaos(args.device_chaos)
    for k, v in goals.items():
        print("  goal %-40s %s" % (k, "met" if v else "NOT MET"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
