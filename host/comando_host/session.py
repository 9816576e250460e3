"""The host end of the link: a HostSync driven by a transport and a store.

``HostSession.poll()`` reads what arrived, feeds it to the sync, stores every event it delivers in
ONE transaction (durable: synchronous=FULL), and only then lets the sync acknowledge them. Then it
writes what the sync has to say. The mirror reads ``view`` (a summary kept up to date here).
"""

from __future__ import annotations

import time

from comando import sync as S

from comando_host.secrets import SecretBook
from comando_host.view import GameView


class HostSession:
    def __init__(self, transport, store, clock=time.monotonic, log=None, cid_base=None):
        self.transport = transport
        self.store = store
        self.clock = clock
        self.sync = S.HostSync(store.last_seq, now=clock(), cid_base=cid_base)
        self.view = GameView()
        self.secrets = SecretBook()
        self.log = log or (lambda line: None)
        self.stored_events = 0
        self.results = {}
        self.commands = {}
        self.errors = []
        self.sync.hello()
        self.flush()

    # -- driving -----------------------------------------------------------------------------

    def poll(self, max_read=65536) -> int:
        """One round: read, ingest, store, ack, write. Returns the number of events stored."""
        data = self.transport.read(max_read)
        now = self.clock()
        if data:
            self.sync.feed(data, now)
        else:
            self.sync.tick(now)
        n = self.ingest()
        self.flush()
        return n

    def run_for(self, seconds, idle=0.002):
        end = self.clock() + seconds
        while self.clock() < end:
            if not self.poll():
                self.transport.wait(idle)

    def flush(self):
        out = self.sync.take()
        if out:
            self.transport.write(out)

    def submit(self, action) -> int:
        """Send an action to the device as a command (it checks it, numbers it, journals it and
        sends it back as an event); the answer lands in ``results[cid]``."""
        cid = self.sync.submit(action)
        self.commands[cid] = action.get("t", "?")
        self.flush()
        return cid

    # -- ingest ------------------------------------------------------------------------------

    def ingest(self) -> int:
        deliveries = self.sync.take_deliveries()
        if not deliveries:
            return 0
        batch, snapshot, stored = [], None, 0
        game = self.sync.game
        for d in deliveries:
            kind = d[0]
            if kind == "event":
                batch.append(d[1])
            elif kind == "snapshot":
                if batch:
                    stored += self._commit(game, batch, snapshot)
                    batch = []
                snapshot = (d[1], d[2].get("state"))
            elif kind == "hello":
                if batch or snapshot:
                    stored += self._commit(game, batch, snapshot)
                    batch, snapshot = [], None
                p = d[1]
                game = p["game"]
                self.store.ensure_game(game, board=str(p.get("board", "")), fw=str(p.get("fw", "")))
                self.view.hello(p, d[2])
                self.log("hello from %s game %s (holds %d)" % (p.get("fw", "?"), game, d[2]))
            elif kind == "result":
                self.results[d[1]] = (d[2], d[3])
                if d[3]:
                    self.log("command %d refused: %s" % (d[1], d[3]))
                    self.view.error("the device refused %s: %s"
                                    % (self.commands.get(d[1], "a command"), d[3]))
                else:
                    self.view.note("%s became #%s" % (self.commands.get(d[1], "a command"), d[2]))
            elif kind == "error":
                self.errors.append(d[1])
                self.view.error(d[1].get("m", "?"))
                self.log("device error: %s" % d[1].get("m"))
            elif kind == "link":
                self.view.link(d[1])
                self.log("link %s" % ("up" if d[1] else "down"))
        if batch or snapshot:
            stored += self._commit(game, batch, snapshot)
        return stored

    def _commit(self, game, batch, snapshot):
        top = self.store.add_events(game, batch, snapshot)   # durable when this returns
        self.sync.stored(top)                                # ... and only now acknowledged
        self.stored_events += len(batch)
        if snapshot is not None:
            self.view.snapshot(snapshot[0], snapshot[1])
        for ev in batch:
            self.view.event(ev)
            problem = self.secrets.event(ev)
            if problem:
                self.view.error(problem)
                self.log(problem)
        return len(batch)

    def status(self) -> dict:
        s = self.sync
        return {"up": s.up, "game": s.game, "held": s.held, "device_last": s.device_last,
                "bad_frames": s.bad_frames, "duplicates": s.duplicates, "downs": s.downs,
                "stored": self.stored_events, "noise": s.decoder.noise}
