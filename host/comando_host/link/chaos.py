"""Chaos harness: a lossy, noisy, reordering proxy between the device and host ends of the link.

Everything is driven by one seed and a virtual clock, so a failing schedule replays exactly:

    python -m comando_host.link.chaos --seed 17 -v      # one schedule, with its fault log
    python -m comando_host.link.chaos --runs 1000       # the benchmark-sized run

``Proxy`` is the faulty wire (one per direction): per frame it drops, corrupts (bit flips, control
bytes, truncation), duplicates, delays (which reorders) and splits bytes into random chunks
(sometimes delivering the chunks out of order), and injects noise lines; ``cut`` loses everything
for a while. ``Schedule`` adds the incidents: link cuts, device resets (the device restarts from
its journal, its RAM state gone), host crashes (the host process dies, possibly with events
received but not yet committed) while the device keeps playing and the host keeps sending
commands. At the end the link is left clean for a while and the host store must equal the device
journal event for event: nothing lost, nothing duplicated, nothing divergent, every command
applied at most once.

The device end is ``comando.sync.DeviceSync`` on a journal in memory; the host end is the real
``HostLink`` with the real ``Store`` (SQLite, in memory here unless a path is given).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from comando import link as L
from comando import sync

from comando_host.link.host import HostLink
from comando_host.store.db import Store


class Proxy:
    """One direction of the wire. ``send(data, now)``; ``recv(now)`` -> bytes due by now."""

    def __init__(self, rng, faults, latency=0.002):
        self.rng = rng
        self.f = faults
        self.latency = latency
        self.queue = []       # (due, order, bytes)
        self.order = 0
        self.partial = b""
        self.cut = False
        self.stats = {"frames": 0, "dropped": 0, "corrupted": 0, "duplicated": 0,
                      "delayed": 0, "split": 0, "noise": 0, "cut": 0}

    def _put(self, due, data):
        self.order += 1
        self.queue.append((due, self.order, data))

    def send(self, data, now):
        data = self.partial + data
        lines = data.split(b"\n")
        self.partial = lines.pop()
        r = self.rng
        f = self.f
        for line in lines:
            frame = line + b"\n"
            self.stats["frames"] += 1
            if self.cut:
                self.stats["cut"] += 1
                continue
            if r.random() < f["drop"]:
                self.stats["dropped"] += 1
                continue
            if r.random() < f["corrupt"]:
                frame = self._corrupt(frame)
                self.stats["corrupted"] += 1
            copies = 2 if r.random() < f["dup"] else 1
            if copies == 2:
                self.stats["duplicated"] += 1
            for _ in range(copies):
                due = now + self.latency
                if r.random() < f["delay"]:
                    due += r.random() * f["max_delay"]
                    self.stats["delayed"] += 1
                if r.random() < f["split"] and len(frame) > 2:
                    self.stats["split"] += 1
                    cut = r.randrange(1, len(frame))
                    jitter = f["max_delay"] * r.random() if r.random() < f["byte_reorder"] else 0
                    self._put(due + jitter, frame[:cut])
                    self._put(due, frame[cut:])
                else:
                    self._put(due, frame)
            if r.random() < f["noise"]:
                self.stats["noise"] += 1
                self._put(now + self.latency, self._noise())

    def _corrupt(self, frame):
        r = self.rng
        b = bytearray(frame)
        kind = r.randrange(4)
        if kind == 0:  # a bit flip somewhere before the newline
            i = r.randrange(len(b) - 1) if len(b) > 1 else 0
            b[i] ^= 1 << r.randrange(8)
        elif kind == 1:  # a control byte (Ctrl-C, Ctrl-D, CR) dropped in
            b.insert(r.randrange(len(b)), r.choice((3, 4, 13, 0, 0x7E)))
        elif kind == 2:  # truncated (the newline survives: the rest of the line is lost)
            b = b[: r.randrange(len(b))] + b"\n"
        else:  # a byte lost in the middle
            if len(b) > 2:
                del b[r.randrange(len(b) - 1)]
        return bytes(b)

    def _noise(self):
        r = self.rng
        return r.choice((b"MicroPython v1.28.0 on rp2\r\n", b">>> \r\n", b"~\n", b"\x03\x03\n",
                         bytes(r.randrange(256) for _ in range(r.randrange(1, 40))) + b"\n"))

    def recv(self, now):
        if not self.queue:
            return b""
        due = [q for q in self.queue if q[0] <= now]
        if not due:
            return b""
        self.queue = [q for q in self.queue if q[0] > now]
        due.sort()
        return b"".join(q[2] for q in due)

    def clear(self):
        self.queue = []
        self.partial = b""


class _Wire:
    """The host session's transport: reads from one proxy, writes to the other."""

    def __init__(self, world):
        self.w = world

    def read(self, n=65536):
        return self.w.d2h.recv(self.w.now)

    def write(self, data):
        if not self.w.host_dead:
            self.w.h2d.send(data, self.w.now)

    def wait(self, timeout):
        pass


def random_faults(rng, level=1.0):
    return {
        "drop": rng.uniform(0, 0.15) * level,
        "corrupt": rng.uniform(0, 0.1) * level,
        "dup": rng.uniform(0, 0.1) * level,
        "delay": rng.uniform(0, 0.2) * level,
        "max_delay": rng.uniform(0.01, 0.3),
        "split": rng.uniform(0, 0.3),
        "byte_reorder": rng.uniform(0, 0.2) * level,
        "noise": rng.uniform(0, 0.03) * level,
    }


def incident_schedule(rng, start, end, max_cut, crash_arg):
    """The link cuts (0-2, each 0.1..max_cut s), device resets (0-1) and host crashes (0-1) of one
    schedule, at times in [start, end), sorted. ``crash_arg(rng)`` gives each crash's argument.
    Both harnesses draw their incidents here, so a seed means the same kind of schedule."""
    inc = []
    for _ in range(rng.randrange(0, 3)):
        inc.append((rng.uniform(start, end), "cut", rng.uniform(0.1, max_cut)))
    for _ in range(rng.randrange(0, 2)):
        inc.append((rng.uniform(start, end), "reset", 0))
    for _ in range(rng.randrange(0, 2)):
        inc.append((rng.uniform(start, end), "crash", crash_arg(rng)))
    inc.sort()
    return inc


class World:
    def __init__(self, seed, store=None, keep=None, chaos_time=4.0, settle=12.0, dt=0.01,
                 verbose=False, writer=False):
        self.seed = seed
        self.rng = random.Random(seed)
        r = self.rng
        self.now = 0.0
        self.dt = dt
        self.chaos_time = chaos_time
        self.settle = settle
        self.verbose = verbose
        self.writer = writer   # the host commits on its writer thread (waited for each step)
        self.log = []
        self.game = "chaos-%d" % seed
        # some schedules keep only 40 events in the journal: a host far behind gets a snapshot
        self.src = sync.MemorySource(r.choice((0, 0, 0, 40)) if keep is None else keep)
        self.store = store or Store(":memory:")
        self.d2h = Proxy(random.Random(r.random()), random_faults(r))
        self.h2d = Proxy(random.Random(r.random()), random_faults(r))
        self.device = sync.DeviceSync(self.src, self.game, "teg-classic", "chaos", now=0.0)
        self.host_dead = False
        self.host = HostLink(_Wire(self), self.store, clock=lambda: self.now, writer=self.writer,
                                cid_base=self.rng.getrandbits(24) << 4)
        self.incidents = self._incidents()
        self.commands = []       # cids the host submitted, by session
        self.made = 0
        self.resets = self.crashes = self.cuts = 0

    def _incidents(self):
        # a crash either loses the host's uncommitted state or not, drawn per crash
        return incident_schedule(self.rng, 0.2, self.chaos_time, 3.5, lambda r: r.random() < 0.5)

    def note(self, msg):
        if self.verbose:
            self.log.append("%7.3f %s" % (self.now, msg))

    def _play(self):
        r = self.rng
        if r.random() < 0.08:
            for _ in range(r.choice((1, 1, 2, 5, 30))):
                if r.random() < 0.05:
                    self.src.append({"t": "lock", "p": r.randrange(2), "h": "%064x" % r.getrandbits(256),
                                     "sec": {"cmd": "3/0/5", "n": "%032x" % r.getrandbits(128)}})
                else:
                    self.src.append({"t": "roll", "p": r.randrange(6),
                                     "d": [r.randrange(1, 7) for _ in range(r.randrange(1, 4))],
                                     "s": r.choice(("plain", "ñandú ~%\x03"))})
                self.made += 1
            self.device.publish(self.now)
        if r.random() < 0.01 and not self.host_dead:
            cid = self.host.submit({"t": "conquer", "c": r.randrange(50)})
            self.commands.append(cid)

    def _incident(self, kind, arg):
        if kind == "cut":
            self.cuts += 1
            self.note("link cut for %.2fs" % arg)
            self.d2h.cut = self.h2d.cut = True
            self.incidents.append((self.now + arg, "uncut", 0))
            self.incidents.sort()
        elif kind == "uncut":
            self.note("link back")
            self.d2h.cut = self.h2d.cut = False
        elif kind == "reset":
            self.resets += 1
            self.note("device reset at journal %d" % self.src.last())
            self.device = sync.DeviceSync(self.src, self.game, "teg-classic", "chaos", now=self.now)
            self.h2d.clear()
        elif kind == "crash":
            self.crashes += 1
            self.note("host crash%s" % (" with frames not yet committed" if arg else ""))
            if arg:  # the bytes were read and decoded, then the process died before storing
                data = self.d2h.recv(self.now)
                if data:
                    self.host.sync.feed(data, self.now)
                    self.host.sync.take_deliveries()
            self.host_dead = True
            if self.host.writer is not None:  # what it had handed over still lands on disk
                self.host.writer.stop()
            self.d2h.clear()
            self.incidents.append((self.now + self.rng.uniform(0.05, 1.0), "restart", 0))
            self.incidents.sort()
        elif kind == "restart":
            self.note("host restarts (store holds %d)" % self.store.last_seq(self.game))
            self.host_dead = False
            self.host = HostLink(_Wire(self), self.store, clock=lambda: self.now, writer=self.writer,
                                cid_base=self.rng.getrandbits(24) << 4)

    def step(self):
        self.now += self.dt
        while self.incidents and self.incidents[0][0] <= self.now:
            _, kind, arg = self.incidents.pop(0)
            self._incident(kind, arg)
        if self.now < self.chaos_time:
            self._play()
        # device end
        data = self.h2d.recv(self.now)
        if data:
            self.device.feed(data, self.now)
        else:
            self.device.tick(self.now)
        for cid, action in self.device.take_commands():
            ev = self.src.append(action)
            self.device.command_done(cid, ev["seq"])
        out = self.device.take()
        if out:
            self.d2h.send(out, self.now)
        # host end
        if not self.host_dead:
            self.host.poll()
            if self.writer:
                self.host.settle()
        else:
            self.d2h.recv(self.now)

    def synced(self):
        return (not self.host_dead and self.store.last_seq(self.game) == self.src.last()
                and self.device.acked == self.src.last() and not self.host.sync.commands)

    def run(self):
        end = self.chaos_time + self.settle
        while self.now < self.chaos_time or self.incidents:
            self.step()
        # a clean link from here on
        self.d2h.f = dict(self.d2h.f, drop=0, corrupt=0, dup=0, noise=0, byte_reorder=0)
        self.h2d.f = dict(self.h2d.f, drop=0, corrupt=0, dup=0, noise=0, byte_reorder=0)
        self.d2h.cut = self.h2d.cut = False
        clean_at = self.now
        while self.now < end + (clean_at - self.chaos_time) and not self.synced():
            self.step()
        if not self.host_dead:
            self.host.close()   # stops the writer thread, if any (everything was settled)
        return self.verdict(self.now - clean_at)

    def verdict(self, settle_time):
        stored = {}
        snaps = []
        for r in self.store.records(self.game):
            if r[0] == "event":
                stored[r[1]["seq"]] = r[1]
            else:
                snaps.append(r[1])
        start = max([self.src.first()] + [s + 1 for s in snaps])
        lost = divergent = leaked = 0
        for seq in range(start, self.src.last() + 1):
            ev = self.src.get(seq)
            got = stored.get(seq)
            if got is None:
                lost += 1
            elif got != L.redact(ev):
                divergent += 1
            if got is not None and "sec" in got:
                leaked += 1
        extra = sum(1 for s in stored if s > self.src.last())
        cids = {}
        for seq in range(self.src.first(), self.src.last() + 1):
            ev = self.src.get(seq)
            if "cid" in ev:
                cids[ev["cid"]] = cids.get(ev["cid"], 0) + 1
        twice = sum(1 for c in cids.values() if c > 1)
        unresolved = len(self.host.sync.commands)
        ok = not (lost or divergent or extra or twice or leaked or unresolved) and self.synced()
        return {"seed": self.seed, "ok": ok, "events": self.src.last(), "lost": lost,
                "divergent": divergent, "duplicated": extra + twice, "leaked": leaked,
                "unresolved_commands": unresolved, "settle_s": round(settle_time, 3),
                "resets": self.resets, "crashes": self.crashes, "cuts": self.cuts,
                "snapshots": len(snaps), "bad_frames": self.host.sync.bad_frames,
                "d2h": self.d2h.stats, "h2d": self.h2d.stats}


def run_many(seeds, **kw):
    """Run World(seed, **kw) for each seed; the verdicts."""
    results = []
    for seed in seeds:
        results.append(World(seed, **kw).run())
    return results


def summarize(results):
    tot = {k: sum(r[k] for r in results) for k in ("events", "lost", "divergent", "duplicated",
                                                   "leaked", "unresolved_commands", "resets",
                                                   "crashes", "cuts", "snapshots", "bad_frames")}
    frames = {}
    for r in results:
        for k, v in r["d2h"].items():
            frames[k] = frames.get(k, 0) + v
        for k, v in r["h2d"].items():
            frames[k] = frames.get(k, 0) + v
    tot["failed"] = [r["seed"] for r in results if not r["ok"]]
    tot["schedules"] = len(results)
    tot["max_settle_s"] = max(r["settle_s"] for r in results) if results else 0
    tot["faults"] = frames
    return tot


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m comando_host.link.chaos", description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--seed", type=int, default=None, help="run this one schedule")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--writer", action="store_true", help="the host commits on its writer thread")
    args = ap.parse_args(argv)
    seeds = [args.seed] if args.seed is not None else range(args.first, args.first + args.runs)
    t0 = time.perf_counter()
    results = []
    for seed in seeds:
        w = World(seed, verbose=args.verbose, writer=args.writer)
        r = w.run()
        results.append(r)
        if args.verbose:
            print("\n".join(w.log))
            print(r)
    s = summarize(results)
    print("chaos: %d schedules, %d events, lost %d, duplicated %d, divergent %d, leaked %d, "
          "unresolved commands %d, failed seeds %s (%.1fs)"
          % (s["schedules"], s["events"], s["lost"], s["duplicated"], s["divergent"], s["leaked"],
             s["unresolved_commands"], s["failed"] or "none", time.perf_counter() - t0))
    print("incidents: %d link cuts, %d device resets, %d host crashes, %d snapshots; worst settle "
          "%.2fs; frame faults %s" % (s["cuts"], s["resets"], s["crashes"], s["snapshots"],
                                       s["max_settle_s"], s["faults"]))
    return 1 if s["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
