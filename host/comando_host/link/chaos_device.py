"""Chaos with the real device end: the fault proxy between the firmware's link endpoint running
under the MicroPython unix port on a pseudo-terminal and the real host session.

``comando_host.link.chaos`` drives ``comando.sync.DeviceSync`` on an in-memory journal in the same
process, on a virtual clock. Here the device end is the firmware itself (``device/link.py`` with
its stdio serial and a file journal, under ``micropython``), so its buffering, journal reads,
timers and restarts are the real ones; the wall clock drives everything. Per seed: a fault mix
for each direction (``chaos.random_faults``: drops, corruption, control bytes, duplication,
delays/reordering, byte splits, noise lines) and incidents (link cuts up to 3 s, device resets
= the MicroPython process killed and started again on its journal, host crashes = the
HostLink abandoned and a new one opened on the same database) while the device plays and
the host sends commands; then a clean link until the store equals the device journal.

The seed fixes the fault schedule; the interleaving depends on the machine's timing, so a run
is not replayed byte for byte (the in-process harness is the one that replays exactly).

``device`` is anything like ``tests/linkdev.py``'s ``PtyDevice``: ``port``, ``start(*args)``
(the device plays ``--play N --every MS``), ``kill()``, ``journal()`` (events from its file
journal), ``acked()``, ``game()``.

    .venv/bin/python bench/bench_link.py --only-device-chaos --device-chaos 200
"""

from __future__ import annotations

import errno
import os
import random
import time

from comando import link as L

from comando_host.link.chaos import Proxy, incident_schedule, random_faults
from comando_host.link.host import HostLink
from comando_host.store.db import Store


class _Wire:
    """The host session's transport: reads from the device-to-host proxy, writes to the other."""

    def __init__(self, world):
        self.w = world

    def read(self, n=65536):
        return self.w.d2h.recv(self.w.clock())

    def write(self, data):
        if not self.w.host_dead:
            self.w.h2d.send(data, self.w.clock())

    def wait(self, timeout):
        pass


class DeviceWorld:
    def __init__(self, seed, device, db, chaos_time=1.5, settle=15.0, verbose=False,
                 writer=True):
        self.seed = seed
        self.rng = r = random.Random(seed)
        self.device = device
        self.db = db
        self.chaos_time = chaos_time
        self.settle = settle
        self.verbose = verbose
        self.writer = writer
        self.log = []
        self.t0 = time.monotonic()
        self.d2h = Proxy(random.Random(r.random()), random_faults(r))
        self.h2d = Proxy(random.Random(r.random()), random_faults(r))
        self.every = r.choice((2, 3, 5, 8))
        self.plays = []            # events each device run was asked to play
        self.incidents = self._incidents()
        self.fd = os.open(device.port, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        self.out = b""             # host-to-device bytes the pty did not take yet
        self.store = Store(db)
        self.host_dead = False
        self.host = self._host()
        self.commands = []
        self.resets = self.crashes = self.cuts = 0
        self._start_device()

    def clock(self):
        return time.monotonic() - self.t0

    def note(self, msg):
        if self.verbose:
            self.log.append("%7.3f %s" % (self.clock(), msg))

    def _host(self):
        return HostLink(_Wire(self), self.store, clock=self.clock, writer=self.writer,
                           cid_base=self.rng.getrandbits(24) << 4)

    def _incidents(self):
        return incident_schedule(self.rng, 0.1, self.chaos_time, 3.0, lambda r: 0)

    def _start_device(self):
        left = max(0.0, self.chaos_time - self.clock())
        n = int(left * 1000 / self.every) if left > 0 else 0
        self.plays.append(n)
        self.base = len(self.device.journal())   # the journal this run starts from
        self.device.start("--play", n, "--every", self.every, "--seconds", 120, "--locks", 7)

    def _incident(self, kind, arg):
        if kind == "cut":
            self.cuts += 1
            self.note("link cut for %.2fs" % arg)
            self.d2h.cut = self.h2d.cut = True
            self.incidents.append((self.clock() + arg, "uncut", 0))
            self.incidents.sort()
        elif kind == "uncut":
            self.note("link back")
            self.d2h.cut = self.h2d.cut = False
        elif kind == "reset":
            self.resets += 1
            self.device.kill()
            self.note("device reset at journal %d" % len(self.device.journal()))
            self.h2d.clear()
            self.out = b""
            self._start_device()
        elif kind == "crash":
            self.crashes += 1
            self.note("host crash")
            self.host_dead = True
            if self.host.writer is not None:   # what it had handed over still lands on disk
                self.host.writer.stop()
            self.d2h.clear()
            self.incidents.append((self.clock() + self.rng.uniform(0.05, 1.0), "restart", 0))
            self.incidents.sort()
        elif kind == "restart":
            self.note("host restarts (store holds %d)" % self._stored())
            self.host_dead = False
            self.host = self._host()

    def _stored(self):
        g = self.device.game()
        return self.store.last_seq(g) if g else 0

    def _pump_device(self, now):
        """Bytes between the pty and the proxies (both ways, never blocking)."""
        busy = False
        while True:
            try:
                data = os.read(self.fd, 65536)
            except OSError as e:
                if e.errno in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EIO):
                    break
                raise
            if not data:
                break
            busy = True
            self.d2h.send(data, now)
        self.out += self.h2d.recv(now)
        if self.out:
            try:
                n = os.write(self.fd, self.out[:4096])
                self.out = self.out[n:]
                busy = True
            except OSError as e:
                if e.errno not in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EIO):
                    raise
        return busy

    def step(self):
        now = self.clock()
        while self.incidents and self.incidents[0][0] <= now:
            _, kind, arg = self.incidents.pop(0)
            self._incident(kind, arg)
        if now < self.chaos_time and not self.host_dead and self.rng.random() < 0.02:
            self.commands.append(self.host.submit({"t": "conquer",
                                                   "c": self.rng.randrange(50)}))
        busy = self._pump_device(now)
        if not self.host_dead:
            busy = bool(self.host.poll()) or busy
        else:
            self.d2h.recv(now)
        if not busy:
            time.sleep(0.001)

    def synced(self):
        if self.host_dead or self.clock() < self.chaos_time:
            return False
        self.host.settle()
        game = self.device.game()
        journal = self.device.journal()
        played = sum(1 for ev in journal[self.base:] if "cid" not in ev)
        return (bool(game) and played >= self.plays[-1]   # the last run has played everything
                and self.store.last_seq(game) == len(journal)
                and self.device.acked() == len(journal) and not self.host.sync.commands)

    def run(self):
        try:
            while self.clock() < self.chaos_time or self.incidents:
                self.step()
            self.d2h.f = dict(self.d2h.f, drop=0, corrupt=0, dup=0, noise=0, byte_reorder=0)
            self.h2d.f = dict(self.h2d.f, drop=0, corrupt=0, dup=0, noise=0, byte_reorder=0)
            self.d2h.cut = self.h2d.cut = False
            clean_at = self.clock()
            checked = 0.0
            ok = False
            while self.clock() < clean_at + self.settle:
                self.step()
                if self.clock() - checked > 0.05:
                    checked = self.clock()
                    if self.synced():
                        ok = True
                        break
            settle = self.clock() - clean_at
            if not self.host_dead:
                self.host.close()
            return self.verdict(settle, ok)
        finally:
            self.device.kill()
            os.close(self.fd)
            self.store.close()

    def verdict(self, settle_time, synced):
        game = self.device.game()
        journal = self.device.journal()
        store = Store(self.db)
        try:
            stored = {}
            seen = 0
            for r in store.records(game or ""):
                if r[0] == "event":
                    stored[r[1]["seq"]] = r[1]
                    seen += 1
        finally:
            store.close()
        lost = divergent = leaked = 0
        for ev in journal:
            got = stored.get(ev["seq"])
            if got is None:
                lost += 1
            elif got != L.redact(ev):
                divergent += 1
            if got is not None and "sec" in got:
                leaked += 1
        extra = sum(1 for s in stored if s > len(journal))
        cids = {}
        for ev in journal:
            if "cid" in ev:
                cids[ev["cid"]] = cids.get(ev["cid"], 0) + 1
        twice = sum(1 for c in cids.values() if c > 1)
        locks = sum(1 for ev in journal if ev.get("t") == "lock")
        ok = synced and not (lost or divergent or extra or twice or leaked)
        return {"seed": self.seed, "ok": ok, "events": len(journal), "lost": lost,
                "divergent": divergent, "duplicated": extra + twice, "leaked": leaked,
                "locks": locks, "commands": len(cids), "settle_s": round(settle_time, 3),
                "resets": self.resets, "crashes": self.crashes, "cuts": self.cuts,
                "bad_frames": self.host.sync.bad_frames, "d2h": self.d2h.stats,
                "h2d": self.h2d.stats}


def run_one(seed, make_device, tmpdir, **kw):
    d = os.path.join(tmpdir, "seed%d" % seed)
    os.makedirs(d, exist_ok=True)
    dev = make_device(d)
    try:
        return DeviceWorld(seed, dev, os.path.join(d, "host.db"), **kw).run()
    finally:
        dev.close()


def run_many(seeds, make_device, tmpdir, parallel=1, **kw):
    """One DeviceWorld per seed, each with a fresh device (``make_device(dir)``) and database;
    ``parallel`` worlds at a time (on threads: they mostly wait on the wall clock)."""
    if parallel <= 1:
        return [run_one(seed, make_device, tmpdir, **kw) for seed in seeds]
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(parallel) as pool:
        return list(pool.map(lambda seed: run_one(seed, make_device, tmpdir, **kw), seeds))


def summarize(results):
    keys = ("events", "lost", "divergent", "duplicated", "leaked", "locks", "commands", "resets",
            "crashes", "cuts", "bad_frames")
    tot = {k: sum(r[k] for r in results) for k in keys}
    frames = {}
    for r in results:
        for side in ("d2h", "h2d"):
            for k, v in r[side].items():
                frames[k] = frames.get(k, 0) + v
    tot["failed"] = [r["seed"] for r in results if not r["ok"]]
    tot["schedules"] = len(results)
    tot["max_settle_s"] = max(r["settle_s"] for r in results) if results else 0
    tot["faults"] = frames
    return tot
