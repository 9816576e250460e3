"""The host end of the link: a HostSync driven by a transport and a store.

``HostLink.poll()`` reads what arrived, feeds it to the sync and hands every event it delivers
to the store; a batch is committed in ONE transaction (durable: synchronous=FULL) and only when
that commit has returned does the sync acknowledge it. Then it writes what the sync has to say.
The mirror reads ``view`` (a summary kept up to date here from the stored events).

With ``writer=True`` (the default) the commits run on a writer thread: the link keeps being read
and decoded while the disk syncs (a slow fsync on a busy laptop no longer holds up the link), and
what arrives meanwhile goes into the next commit (group commit). Acks still follow the commits,
in order. ``writer=False`` commits inline (deterministic: the chaos harness, unit tests).
"""

from __future__ import annotations

import collections
import threading
import time

from comando import sync

from comando_host.web.pagecommands import LinkSide
from comando_host.link.secrets import SecretBook
from comando_host.text.view import GameView


class _Writer(threading.Thread):
    """Runs the store's writes in order on its own thread; reports each commit in ``done``."""

    def __init__(self, store):
        threading.Thread.__init__(self, name="store-writer", daemon=True)
        self.store = store
        self.ops = collections.deque()
        self.done = collections.deque()
        self.cv = threading.Condition()
        self.stopping = False
        self.failed = None
        self.busy = False

    def put(self, op):
        with self.cv:
            self.ops.append(op)
            self.cv.notify()

    def idle(self):
        with self.cv:
            return not self.ops and not self.busy

    def stop(self, timeout=5.0):
        with self.cv:
            self.stopping = True
            self.cv.notify()
        self.join(timeout)

    def run(self):
        while True:
            with self.cv:
                while not self.ops and not self.stopping:
                    self.cv.wait()
                if not self.ops:
                    return
                ops = list(self.ops)
                self.ops.clear()
                self.busy = True
            try:
                self._apply(ops)
            except Exception as exc:  # a divergence, a full disk: the session reports it
                self.failed = exc
            finally:
                with self.cv:
                    self.busy = False

    def _apply(self, ops):
        i = 0
        while i < len(ops):
            op = ops[i]
            if op[0] == "hello":
                self.store.ensure_game(*op[1:])
                i += 1
                continue
            _, game, events, snapshot = op
            events = list(events)
            i += 1
            # group commit: the batches that queued up behind a slow fsync go in one transaction
            while i < len(ops) and ops[i][0] == "batch" and ops[i][1] == game and ops[i][3] is None:
                events.extend(ops[i][2])
                i += 1
            top = self.store.add_events(game, events, snapshot)
            self.done.append((game, top, events, snapshot))


class HostLink:
    def __init__(self, transport, store, clock=time.monotonic, log=None, cid_base=None,
                 writer=True):
        self.transport = transport
        self.store = store
        self.clock = clock
        self.sync = sync.HostSync(store.committed_last_seq, now=clock(), cid_base=cid_base,
                                  events_for=lambda game, after: [
                                      e for e in store.events(game) if e.get("seq", 0) > after])
        self.view = GameView()
        self.secrets = SecretBook()
        self.view_seq = 0           # the highest seq the view and the secret book have seen
        self.rebuilt = None         # the game they were rebuilt for from the store
        self.replayed = 0           # records replayed from the store then
        self.log = log or (lambda line: None)
        self.on_receive = None      # optional callback(event) when an event is decoded in order
        self.stored_events = 0
        self.results = {}
        self.commands = {}
        self.answers = {}           # cid -> words(seq, why): the one line its answer is told in
        self.errors = []
        self.writer = None
        self.echo_warned = False
        self.page = LinkSide(store)   # the live page's commands for the linked game
        if writer:
            self.writer = _Writer(store)
            self.writer.start()
        self.sync.hello()
        self.flush()

    # -- driving -----------------------------------------------------------------------------

    def poll(self, max_read=65536) -> int:
        """One round: read, ingest, store (or hand to the writer), ack what is durable, write.
        Returns the number of events that became durable in this round."""
        data = self.transport.read(max_read)
        now = self.clock()
        if data:
            self.sync.feed(data, now)
        else:
            self.sync.tick(now)
        n = self.ingest()
        n += self.collect()
        self.page.pump(self, now)
        self.flush()
        if self.sync.echoes and self.sync.device is None and not self.echo_warned:
            self.echo_warned = True
            msg = ("no device answered: the hello that came back is the laptop's own (a loopback "
                   "such as loop://), not a device")
            self.view.error(msg)
            self.log(msg)
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

    def settle(self, timeout=5.0):
        """Wait for the writer to commit everything queued (and ack it)."""
        end = time.monotonic() + timeout
        while self.writer is not None and time.monotonic() < end:
            self.collect()
            if self.writer.idle() and not self.writer.done:
                break
            time.sleep(0.001)
        self.collect()
        self.flush()

    def close(self):
        if self.writer is not None:
            self.settle()
            self.writer.stop()
            self.writer = None
        self.page.close()

    # -- ingest ------------------------------------------------------------------------------

    def ingest(self) -> int:
        """Take the sync's deliveries: events go to the store in batches; the rest updates the
        view. Returns the events made durable here (inline mode)."""
        deliveries = self.sync.take_deliveries()
        if not deliveries:
            return 0
        batch, snapshot, stored = [], None, 0
        # each event is filed under the game of the frame that carried it: one read may hold
        # the last events of one game and the hello of the next (the sync's game is the new one)
        game = None
        for d in deliveries:
            kind = d[0]
            if kind == "event":
                if d[2] != game:
                    if batch or snapshot:
                        stored += self._store(game, batch, snapshot)
                        batch, snapshot = [], None
                    game = d[2]
                batch.append(d[1])
                if self.on_receive is not None:
                    self.on_receive(d[1])
            elif kind == "snapshot":
                if batch or snapshot:
                    stored += self._store(game, batch, snapshot)
                    batch = []
                game = d[2].get("game")
                snapshot = (d[1], d[2].get("state"))
            elif kind == "hello":
                if batch or snapshot:   # the previous game's ingest ends here, stored
                    stored += self._store(game, batch, snapshot)
                    batch, snapshot = [], None
                p = d[1]
                game = p["game"]
                hello = ("hello", game, str(p.get("board", "")), "", str(p.get("fw", "")))
                if self.writer is not None:
                    self.writer.put(hello)
                else:
                    self.store.ensure_game(*hello[1:])
                self.view.hello(p, d[2], history=self.store.records)
                self.log("hello from %s game %s (holds %d)" % (p.get("fw", "?"), game, d[2]))
                if game != self.rebuilt:       # a game new to this session: what the store has
                    self._rebuild(game)
            elif kind == "result":
                self.results[d[1]] = (d[2], d[3])
                self.page.result(d[1], d[2], d[3])
                words = self.answers.pop(d[1], None)
                if words is not None:   # a command with words of its own (the club's round)
                    line = words(d[2], d[3])
                    self.view.note(line)
                    self.log(line)
                elif d[3]:
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
            stored += self._store(game, batch, snapshot)
        return stored

    def _store(self, game, batch, snapshot):
        if self.writer is not None:
            self.writer.put(("batch", game, batch, snapshot))
            return 0
        top = self.store.add_events(game, batch, snapshot)   # durable when this returns
        if game == self.sync.game:   # (another game's last events: its device moved on)
            self._durable(top, batch, snapshot)
        else:
            self.stored_events += len(batch)
        return len(batch)

    def collect(self) -> int:
        """The writer's finished commits: acknowledge them, in order."""
        w = self.writer
        if w is None:
            return 0
        if w.failed is not None:
            exc, w.failed = w.failed, None
            raise exc
        n = 0
        while w.done:
            game, top, batch, snapshot = w.done.popleft()
            if game == self.sync.game:
                self._durable(top, batch, snapshot)
            else:
                self.stored_events += len(batch)
            n += len(batch)
        return n

    def _rebuild(self, game):
        """The laptop (re)connected to a game it may already hold: replay what the store has
        (committed rows: events and snapshots) into a fresh secret book, so a reveal is checked
        against locks that arrived before this session, and into the view unless it read the
        store itself (``view.hello(..., history=)``), without counting warnings. What the writer
        still has queued for this game arrives later through ``_durable`` (events past
        ``view_seq``)."""
        self.rebuilt = game
        self.secrets = SecretBook()
        self.view_seq = 0
        self.replayed = 0
        records = self.store.records(game) if game else []
        if not records:
            return
        v = self.view
        into_view = v.count == 0 and v.game == game   # (unless the view read them itself)
        logged, errors = v.logged, v.error_count
        for r in records:
            if r[0] == "snapshot":
                if into_view:
                    v.snapshot(r[1], r[2])
                self.secrets.snapshot(r[2])
                self.view_seq = max(self.view_seq, r[1])
            else:
                ev = r[1]
                if into_view:
                    v.event(ev)
                self.secrets.event(ev)   # past tampering stays in secrets.tampering
                self.view_seq = max(self.view_seq, ev.get("seq", 0))
        v.logged, v.error_count = logged, errors
        self.replayed = len(records)

    def _durable(self, top, batch, snapshot):
        self.sync.stored(top)                                # acknowledged only now
        self.stored_events += len(batch)
        if snapshot is not None and snapshot[0] > self.view_seq:
            self.view.snapshot(snapshot[0], snapshot[1])
            self.secrets.snapshot(snapshot[1])
            self.view_seq = snapshot[0]
        for ev in batch:
            seq = ev.get("seq", 0)
            if seq <= self.view_seq:
                continue                 # already in the view (replayed from the store)
            self.view_seq = seq
            self.view.event(ev)
            problem = self.secrets.event(ev)
            if problem:
                self.view.error(problem)
                self.log(problem)

    @property
    def device_answered(self) -> bool:
        """A device said hello in this session (a hello echoed back from the host is not one)."""
        return self.sync.device is not None

    def status(self) -> dict:
        s = self.sync
        return {"up": s.up, "device": s.device is not None, "echoes": s.echoes, "game": s.game, "held": s.held, "device_last": s.device_last,
                "bad_frames": s.bad_frames, "duplicates": s.duplicates, "downs": s.downs,
                "stored": self.stored_events, "noise": s.decoder.noise}
