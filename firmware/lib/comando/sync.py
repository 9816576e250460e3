"""Sync state machines for both ends of the link: pure logic, no I/O, no clock of their own.

Feed received bytes and the time in (``feed(data, now)``, ``tick(now)``), take the bytes to write
out (``take()``). The same code runs on the Pico (``DeviceSync``, driven by device/link.py) and on
the laptop (``HostSync``, driven by comando_host.link.host), and in the chaos harness with a fake
clock.

The protocol (docs/architecture.md "Link, host store and mirror"):

- The device is the one writer of sequence numbers. Its journal is the truth; ``source`` gives
  the sync access to it: ``last()``, ``first()`` (oldest seq still held), ``get(seq)`` (event
  dict or None) and ``snapshot()`` -> (seq, state dict); optionally ``get_raw(seq)`` -> the
  event's JSON bytes as journaled, sent without decoding it (secret-bearing events excepted).
- Hello: each side says what it holds (``H`` with the last seq). The device streams from the
  host's last + 1, or a snapshot first when that is older than the journal's first event.
- Events flow with go-back-N: at most ``window`` unacknowledged; the host acks cumulatively
  (``A n``) only after the events up to n are durable; no ack progress for ``rto`` seconds or a
  resend request (``R n``) and the device sends again from there. The host buffers out-of-order
  events and drops duplicates, so any mix of loss, duplication and reordering converges.
- Commands: the host numbers them (``C cid {"a": action, "after": n}``, with "cid" also inside
  the action, n the last event the host had when it made the command), resends until the device
  answers ``A cid {"seq": n}`` / ``X cid {"m": ...}`` or an event carrying that cid arrives. The
  device answers a repeated cid from memory, or after a reset from its journal (searched back to
  event n), and never applies it twice.
- Stop for the REPL: a hello carrying ``{"stop": "repl"}`` (any game, any state) sets
  ``stop_requested``; the device's app then closes the journal and returns to the REPL.
- Heartbeats (``B last``) every ``beat`` seconds when idle; a side that has heard nothing good for
  ``timeout`` seconds marks the link down (within 3 s). The device keeps journaling alone while
  the link is down and goes back to sending hellos.
- The timeout follows the other side's own pace (issue 22): a peer that beats less often than
  every ``beat`` by this side's clock (a device running below real time, as the emulated chip,
  or a slow real link) is still alive while it keeps answering. Its slowest gap between good
  frames over the last ``PACE_WINDOW`` seconds, beyond 1.5 beats, scales the timeout (``TIMEOUT``
  beats of that gap), never past ``PACE_MAX``; a silence longer than that is not learnt.
"""

from comando import link as L

PROTOCOL = L.PROTOCOL

BEAT = 1.0        # heartbeat period (s)
TIMEOUT = 2.5     # no good frame for this long: link down (the issue asks for < 3 s)
RTO = 0.4         # no ack progress for this long: go back and resend
HELLO_EVERY = 1.0
PACE_WINDOW = 60.0  # the peer's pace: its slowest gap between good frames over this long (s)
PACE_MAX = 30.0     # the longest timeout a slow peer gets; a longer silence is never learnt
PACE_KEEP = 8       # gaps kept (only those beyond 1.5 beats: a normal peer keeps none)
WINDOW = 256      # unacknowledged events in flight
STOP_FOR_REPL = "repl"  # a hello with {"stop": "repl"}: the app stops and gives the REPL back


class _Peer:
    def __init__(self, now, max_len):
        self.decoder = L.Decoder(max_len)
        self.out = []
        self.now = now
        self.last_rx = None
        self.gaps = []   # [(when, gap)]: the peer's slow gaps between good frames (_heard)
        self.last_tx = -1e9
        self.up = False
        self.sent_frames = 0
        self.downs = 0

    def _frame(self, ftype, seq, p):
        pass  # DeviceSync / HostSync

    def _tick(self):
        pass  # DeviceSync / HostSync

    def _send(self, ftype, seq, payload=None):
        self.out.append(L.encode(ftype, seq, payload))
        self.last_tx = self.now
        self.sent_frames += 1

    def take(self):
        """The bytes to write now (b"" when nothing)."""
        if not self.out:
            return b""
        data = b"".join(self.out)
        self.out = []
        return data

    def feed(self, data, now):
        self.now = now
        for ftype, seq, payload in self.decoder.feed(data):
            self._heard(now)
            self._frame(ftype, seq, payload)
        self._tick()

    def tick(self, now):
        self.now = now
        self._tick()

    def _heard(self, now):
        last = self.last_rx
        if last is not None and 1.5 * BEAT < now - last <= PACE_MAX:
            g = self.gaps
            g.append((now, now - last))
            if len(g) > PACE_KEEP:
                g.pop(0)
        self.last_rx = now

    def timeout(self):
        """No good frame for this long (s): the link is down. TIMEOUT for a peer that beats on
        time; for a slower one, TIMEOUT beats of its slowest recent gap, at most PACE_MAX."""
        g = self.gaps
        while g and self.now - g[0][0] > PACE_WINDOW:
            g.pop(0)
        slow = BEAT
        for _, gap in g:
            if gap > slow:
                slow = gap
        return min(PACE_MAX, TIMEOUT * slow / BEAT)

    def _link_alive(self):
        return self.last_rx is not None and self.now - self.last_rx < self.timeout()

    @property
    def bad_frames(self):
        return self.decoder.bad


class DeviceSync(_Peer):
    """The device end. ``game``/``board``/``fw`` go in the hello."""

    def __init__(self, source, game, board="", fw="", now=0.0, window=WINDOW, max_len=2048):
        _Peer.__init__(self, now, max_len)
        self.source = source
        self.game = game
        self.board = board
        self.fw = fw
        self.window = window
        self.attached = False
        self.acked = 0          # the host holds every event up to here (durably)
        self.sent = 0           # sent up to here since the last go-back
        self.progress_at = now  # last time acked moved (or a go-back started)
        self.hello_at = -1e9
        self.commands = []      # (cid, action) for the app to submit
        self.results = []       # recent (cid, ftype, seq, payload) answers, newest last
        self.pending_cids = []
        self.snapshots_sent = 0
        self.damage = None      # the journal's repair report (device.journal), told in hellos
        self.restores = []      # events the laptop sent back after a damage, for the app
        self.host_held = 0      # what the laptop said it holds in its last hello
        self.stop_requested = False  # the laptop asked the app to stop for the REPL

    # -- the app side ----------------------------------------------------------------------

    def new_game(self, game, board=""):
        """The device started another game: say hello again so the host files it apart."""
        self.game = game
        self.board = board
        self.attached = False
        self.acked = self.sent = 0
        self.hello_at = -1e9
        self._tick()

    def publish(self, now=None):
        """A new event is in the journal: send it if the window allows."""
        if now is not None:
            self.now = now
        self._pump()

    def take_commands(self):
        cmds = self.commands
        self.commands = []
        return cmds

    def command_done(self, cid, seq):
        self._result(cid, L.ACK, cid, {"seq": seq})

    def command_failed(self, cid, message):
        self._result(cid, L.ERROR, cid, {"c": cid, "m": str(message)})

    def _result(self, cid, ftype, seq, payload):
        if cid in self.pending_cids:
            self.pending_cids.remove(cid)
        self.results.append((cid, ftype, seq, payload))
        if len(self.results) > 16:
            self.results.pop(0)
        self._pump()  # the event goes first, then the answer
        self._send(ftype, seq, payload)

    def _in_journal(self, cid, after):
        """A command is made into an event only after the host saw event ``after``: look for
        its cid in the journal from there on (after a reset the answers in RAM are gone).
        Forward, so a journal on flash is read sequentially."""
        if not isinstance(after, int):
            return None
        get_raw = getattr(self.source, "get_raw", None)
        tag = ('"cid":%d' % cid).encode()
        seq = max(after + 1, self.source.first())
        last = self.source.last()
        while seq <= last:
            if get_raw is not None:
                body = get_raw(seq)
                if body is not None:
                    at = body.find(tag)
                    if at >= 0 and body[at + len(tag)] in (44, 125):  # then ',' or '}'
                        return seq
                    seq += 1
                    continue
            ev = self.source.get(seq)
            if ev is not None and ev.get("cid") == cid:
                return seq
            seq += 1
        return None

    # -- protocol ----------------------------------------------------------------------------

    def _hello(self):
        self.hello_at = self.now
        p = {"v": PROTOCOL, "game": self.game, "board": self.board, "fw": self.fw,
             "first": self.source.first()}
        if self.damage:
            p["damaged"] = self.damage
        self._send(L.HELLO, self.source.last(), p)

    def _frame(self, ftype, seq, p):
        if ftype == L.HELLO and p.get("stop") == STOP_FOR_REPL:
            # `make deploy` / `comando doctor` ask for the REPL: only a whole, CRC-checked frame
            # does it (a raw Ctrl-C is line noise while the app runs: it holds Ctrl-C off)
            self.stop_requested = True
            return
        if ftype == L.HELLO and p.get("doctor"):
            # `comando doctor` asks who is there: always answered, never attached (a second
            # doctor within a second must get its answer too, or it would probe the REPL)
            self._hello()
            return
        if ftype == L.HELLO:
            if p.get("game") == self.game and p.get("v") == PROTOCOL:
                if not self.game and not self.attached:
                    self._hello()  # no game yet: let the host know who is there
                self.attached = True
                self.up = True
                last = self.source.last()
                self.acked = seq if seq <= last else last
                self.sent = self.acked
                self.progress_at = self.now
                self.host_held = seq
                if seq > last and not self.damage:
                    self._send(L.ERROR, 0, {"m": "host holds %d events, device only %d"
                                            % (seq, last), "diverged": True})
            else:
                self.attached = False
                if p.get("v") != PROTOCOL and p.get("v") is not None:
                    self._send(L.ERROR, 0, {"m": "protocol %r not supported" % (p.get("v"),)})
                self._hello()
        elif not self.attached:
            if ftype == L.COMMAND or ftype == L.BEAT or ftype == L.ACK:
                if self.now - self.hello_at > RTO:
                    self._hello()
        elif ftype == L.ACK or ftype == L.BEAT:
            self._acked(seq)
        elif ftype == L.RESEND:
            self._acked(seq - 1)
            if self.sent >= seq:
                self.sent = seq - 1 if seq > 0 else 0
                if self.sent < self.acked:
                    self.sent = self.acked
                self.progress_at = self.now
        if ftype == L.COMMAND and self.attached:
            self._command(seq, p)
        elif ftype == L.RESTORE and self.damage and seq > self.source.last():
            self.restores.append(p)

    def take_restores(self):
        """The events the laptop sent back (after a damaged journal), for the app to check,
        journal and apply in order."""
        out = self.restores
        self.restores = []
        return out

    def _acked(self, seq):
        last = self.source.last()
        if seq > last:
            seq = last
        if seq > self.acked:
            self.acked = seq
            self.progress_at = self.now
        if self.sent < self.acked:
            self.sent = self.acked

    def _command(self, cid, p):
        for rcid, ftype, seq, payload in self.results:
            if rcid == cid:
                self._send(ftype, seq, payload)
                return
        if cid in self.pending_cids:
            return
        seq = self._in_journal(cid, p.get("after"))
        if seq is not None:
            self._result(cid, L.ACK, cid, {"seq": seq})
            return
        action = p.get("a")
        if not isinstance(action, dict) or not isinstance(action.get("t"), str):
            self.command_failed(cid, "command without an action")
            return
        action = dict(action)
        action["cid"] = cid
        self.pending_cids.append(cid)
        self.commands.append((cid, action))

    def _tick(self):
        if self.attached and not self._link_alive():
            self.attached = False
            self.up = False
            self.downs += 1
        if not self.attached:
            if self.now - self.hello_at >= HELLO_EVERY:
                self._hello()
            return
        # go back when the acks stopped moving
        if self.sent > self.acked and self.now - self.progress_at >= RTO:
            self.sent = self.acked
            self.progress_at = self.now
        self._pump()
        if self.now - self.last_tx >= BEAT:
            self._send(L.BEAT, self.source.last())

    def _pump(self):
        if not self.attached:
            return
        last = self.source.last()
        if self.sent == self.acked and self.sent < last:
            self.progress_at = self.now
        if self.acked + 1 < self.source.first() and self.sent < self.source.first():
            seq, state = self.source.snapshot()
            self._send(L.SNAPSHOT, seq, {"game": self.game, "state": state,
                                         "first": self.source.first()})
            self.snapshots_sent += 1
            self.sent = seq
        get_raw = getattr(self.source, "get_raw", None)
        while self.sent < last and self.sent - self.acked < self.window:
            self.sent += 1
            if get_raw is not None:
                body = get_raw(self.sent)
                if body is not None and body.find(b'"sec"') < 0 and body.find(b'"t":"lock"') < 0:
                    self.out.append(L.encode_raw(L.EVENT, self.sent, body, True))
                    self.last_tx = self.now
                    self.sent_frames += 1
                    continue
            ev = self.source.get(self.sent)
            if ev is None:  # not held any more: a snapshot covers it
                self.sent = self.acked
                break
            self._send(L.EVENT, self.sent, L.redact(ev))


class HostSync(_Peer):
    """The host end. ``held_for(game)`` -> last seq the store holds for a game (0 if none).

    Deliveries for the caller, in order, from ``take_deliveries()``:
      ("hello", payload, last)   a device said hello (file the game before storing its events)
      ("event", event, game)     the next event in order, store it under ``game`` (the game of
                                 the hello before the frame that carried it, not the sync's
                                 game by the time the caller reads the deliveries)
      ("snapshot", seq, payload) the device's state at seq (its journal no longer has the gap)
      ("result", cid, seq, msg)  a command became event seq (msg None) or was refused (seq None)
      ("error", payload)         the device reported an error
      ("link", up)               the link came up / went down
    After storing, call ``stored(seq)``: only then is the device told (acked).
    """

    def __init__(self, held_for, now=0.0, max_len=1 << 20, host="comando-host", cid_base=None,
                 events_for=None):
        _Peer.__init__(self, now, max_len)
        self.held_for = held_for
        self.host = host
        self.game = None
        self.device = None       # the device's last hello payload
        self.device_last = 0
        self.held = 0            # durable in the store
        self.queued = 0          # delivered for storage (>= held)
        self.pending = {}        # out-of-order events waiting for the gap
        self.deliveries = []
        self.resend_at = -1e9
        self.resend_from = 0
        self.hello_at = -1e9
        self.commands = {}       # cid -> [action, last sent]
        if cid_base is None:  # random, so a restarted host never reuses a live command id
            import os
            cid_base = int.from_bytes(os.urandom(3), "big") << 4
        self._next_cid = cid_base + 1
        self.duplicates = 0
        self.diverged = 0
        self.acks_sent = 0
        self.echoes = 0          # hellos from a host (our own, on a loopback): not a device
        # events_for(game, after) -> the stored events after seq ``after``: sent back to a
        # device whose journal was damaged (its hello says "damaged")
        self.events_for = events_for
        self.restoring = 0       # sending events back up to here: the device's lag is expected
        self.device_first = 1    # the oldest event the device's journal holds (its hello)
        self.refused_at = -1e9   # a snapshot was last refused then

    def hello(self):
        """Say hello (on opening the port): the device answers with its own."""
        self.hello_at = self.now
        self._send(L.HELLO, self.held if self.game else 0,
                   {"v": PROTOCOL, "game": self.game or "", "host": self.host})

    @property
    def has_game(self):
        return bool(self.game)

    def take_deliveries(self):
        d = self.deliveries
        self.deliveries = []
        return d

    def stored(self, seq):
        """Everything up to seq is durable: acknowledge it."""
        if seq > self.held:
            self.held = seq
        self.acks_sent += 1
        self._send(L.ACK, self.held)

    def submit(self, action):
        """Send an action to the device as a command; returns its cid."""
        cid = self._next_cid
        self._next_cid += 1
        action = dict(action)
        action["cid"] = cid
        self.commands[cid] = [{"a": action, "after": self.queued}, self.now]
        if self.up:
            self._send(L.COMMAND, cid, self.commands[cid][0])
        return cid

    def _frame(self, ftype, seq, p):
        if not self.up and ftype != L.HELLO and self.game is not None:
            # heard again after a silence: resume
            self._set_up(True)
        if ftype == L.HELLO:
            self._device_hello(seq, p)
            return
        if self.game is None:
            if self.now - self.hello_at > RTO:
                self.hello()
            return
        if ftype == L.EVENT:
            self._event(seq, p)
        elif ftype == L.SNAPSHOT:
            if p.get("game") == self.game and seq > self.queued:
                why = self._snapshot_refused(seq, p)
                if why:
                    if self.now - self.refused_at >= RTO:   # (one line per burst of them)
                        self.refused_at = self.now
                        self.deliveries.append(("error", {"m": "refused a snapshot at #%d: %s"
                                                          % (seq, why)}))
                    self._need_resend()
                    return
                self.queued = seq
                for s in list(self.pending):
                    if s <= seq:
                        del self.pending[s]
                self.deliveries.append(("snapshot", seq, p))
                self._drain()
        elif ftype == L.BEAT:
            self.device_last = seq
            if seq < self.held and seq < self.restoring:
                pass  # the device is taking back what it lost
            elif seq < self.held:
                self._diverge("device holds %d events, host %d" % (seq, self.held))
            self._need_resend()
        elif ftype == L.ACK:
            if seq in self.commands:
                del self.commands[seq]
                self.deliveries.append(("result", seq, p.get("seq"), None))
        elif ftype == L.ERROR:
            cid = p.get("c")
            if type(cid) is int and cid in self.commands:  # a garbled cid is just not ours
                del self.commands[cid]
                self.deliveries.append(("result", cid, None, p.get("m", "refused")))
            else:
                self.deliveries.append(("error", p))

    def _snapshot_refused(self, seq, p):
        """Why a snapshot does not continue the events here (None: it does). It may only stand
        for events the device no longer holds (its journal starts after the next one the host
        needs: the hello's "first", or the snapshot's own, never going back), up to where its
        journal starts, and its state must be the state at its seq; anything else would skip
        events the device still has and store a state no event led to."""
        first = p.get("first")
        if type(first) is not int or first < self.device_first:
            first = self.device_first
        state = p.get("state")
        if first <= self.queued + 1:
            return "the device still holds event %d (its journal starts at %d)" % (
                self.queued + 1, first)
        if seq + 1 < first:
            return "it stops before the device's journal starts (%d)" % first
        if not isinstance(state, dict) or state.get("seq") != seq:
            return "its state is not the state at #%d" % seq
        return None

    def _set_up(self, up):
        if up != self.up:
            self.up = up
            if not up:
                self.downs += 1
            self.deliveries.append(("link", up))

    def _diverge(self, msg):
        self.diverged += 1
        self.deliveries.append(("error", {"m": msg, "diverged": True}))

    def _device_hello(self, seq, p):
        if "host" in p:  # a host's hello (ours echoed by loop://, or another laptop's): no device
            self.echoes += 1
            return
        if p.get("v") != PROTOCOL:
            self._send(L.ERROR, 0, {"m": "protocol %r not supported" % (p.get("v"),)})
            return
        game = p.get("game")
        if not isinstance(game, str):
            return
        if not game:  # a device with no game yet: linked, nothing to store
            self.game = ""
            self.held = self.queued = self.device_last = 0
            self.pending = {}
            self.device = p
            self._set_up(True)
            self.hello_at = self.now
            self._send(L.HELLO, 0, {"v": PROTOCOL, "game": "", "host": self.host})
            return
        if game != self.game:
            self.game = game
            self.held = self.held_for(game)
            self.queued = self.held
            self.pending = {}
        else:
            # the device may have been reset: forget what was in flight, keep what is durable
            self.pending = {}
            if self.queued < self.held:
                self.queued = self.held
        self.device = p
        self.device_last = seq
        first = p.get("first")
        self.device_first = first if type(first) is int else 1
        self.deliveries.append(("hello", p, seq))
        damaged = p.get("damaged")
        if isinstance(damaged, dict):
            # its journal was cut back to a valid prefix: what it kept, where the rest is
            after = damaged.get("after") or [0, 0]
            self.deliveries.append(("error", {"m": (
                "the device's journal was damaged after event %s: it kept events 1-%s and set "
                "the damaged file aside as %s (%s intact lines after the break); this laptop "
                "holds events 1-%d of %s" % (damaged.get("kept"), damaged.get("kept"),
                                             damaged.get("backup"), after[0], self.held,
                                             game))}))
        if seq < self.held and isinstance(damaged, dict) and self.events_for is not None:
            self.restoring = self.held
        elif seq < self.held:
            self._diverge("device holds %d events of %s, host %d" % (seq, game, self.held))
        self._set_up(True)
        self.hello_at = self.now
        # the device streams from what is durable here; events queued but not yet stored will
        # come again and be dropped as duplicates
        self._send(L.HELLO, self.held, {"v": PROTOCOL, "game": game, "host": self.host})
        events_for = self.events_for
        if self.restoring > seq and events_for is not None:
            # the device lost events the laptop holds: send them back, in order
            for ev in events_for(game, seq):
                if ev.get("seq", 0) <= self.restoring:
                    self._send(L.RESTORE, ev["seq"], ev)
        for cid in self.commands:
            self.commands[cid][1] = self.now
            self._send(L.COMMAND, cid, self.commands[cid][0])

    def _event(self, seq, ev):
        if seq > self.device_last:
            self.device_last = seq
        cid = ev.get("cid")
        if type(cid) is int and cid in self.commands:
            del self.commands[cid]
            self.deliveries.append(("result", cid, seq, None))
        if seq <= self.queued:
            self.duplicates += 1
            if seq <= self.held and self.now - self.resend_at > RTO:
                self.resend_at = self.now  # re-ack, rate limited: the device went back
                self._send(L.ACK, self.held)
            return
        if seq == self.queued + 1:
            self.queued = seq
            self.deliveries.append(("event", ev, self.game))
            self._drain()
        else:
            old = self.pending.get(seq)
            if old is not None:
                self.duplicates += 1
                if old != ev:
                    self._diverge("event %d arrived twice, different" % seq)
            elif len(self.pending) < 1024:
                self.pending[seq] = ev
            self._need_resend()

    def _drain(self):
        while self.queued + 1 in self.pending:
            self.queued += 1
            self.deliveries.append(("event", self.pending.pop(self.queued), self.game))

    def _need_resend(self):
        """Ask for the gap, at most once per RTO for the same place."""
        if self.device_last > self.queued or self.pending:
            want = self.queued + 1
            if want != self.resend_from or self.now - self.resend_at >= RTO:
                if self.queued > self.held:
                    return  # still storing: the ack will move the device on
                self.resend_from = want
                self.resend_at = self.now
                self._send(L.RESEND, want)

    def _tick(self):
        if self.up and not self._link_alive():
            self._set_up(False)
        if self.game is None or not self.up:
            if self.now - self.hello_at >= HELLO_EVERY:
                self.hello()
            return
        for cid in self.commands:
            c = self.commands[cid]
            if self.now - c[1] >= RTO:
                c[1] = self.now
                self._send(L.COMMAND, cid, c[0])
        if self.pending or self.device_last > self.queued:
            if self.now - self.resend_at >= RTO:
                self._need_resend()
        if self.now - self.last_tx >= BEAT:
            self._send(L.BEAT, self.held)


class MemorySource:
    """A journal kept in a list: the ``source`` of tests, the chaos harness and the bench.

    ``keep`` bounds how many events stay held (older ones are dropped, as a device journal that
    rotated would): a host further behind than that gets a snapshot. ``fold(state, event)`` makes
    the snapshot state (default: its seq and the last event type; a snapshot's state names its
    seq, as a session's does).
    """

    def __init__(self, keep=0, fold=None):
        self.events = []
        self.base = 1      # seq of events[0]
        self.keep = keep
        self.fold = fold
        self.state = {"n": 0}

    def append(self, event):
        event = dict(event)
        event["seq"] = self.last() + 1
        self.events.append(event)
        if self.fold is not None:
            self.state = self.fold(self.state, event)
        else:
            self.state = {"seq": event["seq"], "t": event["t"]}
        if self.keep and len(self.events) > self.keep:
            drop = len(self.events) - self.keep
            del self.events[:drop]
            self.base += drop
        return event

    def last(self):
        return self.base + len(self.events) - 1

    def first(self):
        return self.base

    def get(self, seq):
        i = seq - self.base
        if 0 <= i < len(self.events):
            return self.events[i]
        return None

    def snapshot(self):
        return self.last(), self.state
