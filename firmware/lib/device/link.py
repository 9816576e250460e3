"""The device end of the USB serial link: an asyncio task around comando.sync.DeviceSync.

    link = LinkEndpoint(hal.serial, app.journal, app)
    asyncio.create_task(link.run())

- ``serial``: ``read(n)`` -> bytes (never blocks, b"" when nothing) and ``write(data)`` -> bytes
  accepted (never blocks). USB CDC drops output while no host has the port open; whatever is
  not accepted waits in a small buffer, and past that it is dropped: the protocol resends.
- ``journal``: the device journal (device/journal.py): ``path``, ``size``, ``last_seq``, ``hal``
  (``hal.open``, ``hal.root``). Events are read back from flash by seq, sequentially, with an
  offset every 32 events remembered so a catch-up never rescans the file from the top.
- ``app``: ``app.submit(action)`` checks, journals and returns the numbered event (or raises
  IllegalMove/StorageFull: the host gets an error frame); the app calls ``link.publish(event)``
  after journaling each event; ``app.state.to_dict()`` is the snapshot.

The game id: a random id made when a game's first event is published, kept in ``game.id`` next
to the journal with the CRC of the journal's first line; a journal found without a matching one
(none, or made for another game) gets an id derived from its first line.
"""

try:
    import asyncio
except ImportError:  # pragma: no cover
    import uasyncio as asyncio

import time

from comando import journal as codec
from comando import link as codec_link
from comando import journal_read
from comando import sync
from device import gameid

try:
    _ticks_ms = time.ticks_ms
    _ticks_diff = time.ticks_diff
except AttributeError:  # CPython (tests, blinka)
    _ticks_ms = lambda: int(time.monotonic() * 1000)  # pyright: ignore[reportAttributeAccessIssue]
    _ticks_diff = lambda a, b: a - b

FW_VERSION = "0.1.0"
OUT_MAX = 4096
EVERY = 32


class JournalSource:
    """The sync's view of the journal: last(), first(), get(seq), snapshot()."""

    def __init__(self, journal, app=None):
        self.j = journal
        self.app = app
        self.recent = []
        self.reset()

    def reset(self):
        self.index = {1: 0}   # seq -> byte offset of its line
        self.f = None
        self.next_seq = None  # the seq of the line at the file position
        self.pos = 0
        self.rbuf = b""
        self.rpos = 0

    def last(self):
        return self.j.last_seq

    def first(self):
        return getattr(self.j, "first_seq", 1)

    def remember(self, ev):
        self.recent.append(ev)
        if len(self.recent) > 8:
            self.recent.pop(0)

    def _readline(self):
        """The next journal line (bytes, newline included) or b"": read in 2 KB chunks (the
        unix port's readline goes byte by byte)."""
        while True:
            nl = self.rbuf.find(b"\n", self.rpos)
            if nl >= 0:
                line = self.rbuf[self.rpos:nl + 1]
                self.rpos = nl + 1
                return line
            f = self.f
            if f is None:
                return b""
            chunk = f.read(2048)
            if not chunk:
                return b""
            self.rbuf = self.rbuf[self.rpos:] + chunk
            self.rpos = 0

    def _line(self, seq):
        """The journal line of event ``seq`` (lines hold consecutive seqs from 1; the journal's
        restore guarantees it), or None."""
        if seq < 1 or seq > self.j.last_seq:
            return None
        if self.f is None or self.next_seq is None or seq < self.next_seq:
            base = seq - (seq - 1) % EVERY
            while base not in self.index:
                base -= EVERY
            self._open().seek(self.index[base])
            self.rbuf = b""
            self.rpos = 0
            self.pos = self.index[base]
            self.next_seq = base
        while self.pos < self.j.size:
            line = self._readline()
            if not line or line[-1] != 10:
                break
            at = self.pos
            s = self.next_seq
            self.pos += len(line)
            self.next_seq = s + 1
            if (s - 1) % EVERY == 0:
                self.index[s] = at
            if s == seq:
                return line
        self.next_seq = None
        return None

    def get(self, seq):
        for ev in self.recent:
            if ev.get("seq") == seq:
                return ev
        line = self._line(seq)
        if line is None:
            return None
        ev = journal_read.decode(line)
        if ev.get("seq") != seq:
            self.next_seq = None
            return None
        return ev

    def get_raw(self, seq):
        """The event's canonical JSON as journaled (bytes), CRC checked, without parsing it:
        the link sends it as it is (much faster than decoding and encoding again)."""
        line = self._line(seq)
        if line is None or len(line) < 11:
            return None
        body = line[9:-1]
        if codec.crc_hex(body).encode() != line[:8]:
            return None
        tag = b'"seq":%d' % seq
        at = body.find(tag)
        if at < 0 or body[at + len(tag)] not in (44, 125):  # followed by ',' or '}'
            return None
        return body

    def _open(self):
        f = self.f
        if f is None:
            f = self.f = self.j.open_read()
        return f

    def release(self):
        """Close the read handle (the app appends through its own)."""
        if self.f is not None:
            try:
                self.f.close()
            except OSError:
                pass
            self.f = None
            self.next_seq = None

    def snapshot(self):
        state = {}
        if self.app is not None and getattr(self.app, "state", None) is not None:
            state = self.app.state.to_dict()
            if getattr(self.app, "map", False):
                from device import mapmode
                state = mapmode.public(state, getattr(self.app.state, "sealed", None))
        return self.j.last_seq, state


def refusal(action, exc):
    """The one line a refused host command gets: the rules' (or the journal's) own words, else
    what was malformed in it (a field of the wrong kind the rules did not name)."""
    if isinstance(exc, (ValueError, OSError)):   # ComandoError (IllegalMove...), StorageFull
        return str(exc)
    return "malformed %s command (%s: %s)" % (action.get("t"), type(exc).__name__, exc)


class StopForRepl(KeyboardInterrupt):
    """The laptop sent the stop-for-REPL hello (comando.sync): raised out of the link task
    between two rounds (never inside a journal write), caught by device.app.main."""


class LinkEndpoint:
    def __init__(self, serial, journal, app, board="", fw=FW_VERSION):
        self.serial = serial
        self.journal = journal
        self.app = app
        self.source = JournalSource(journal, app)
        self.t0 = _ticks_ms()
        self.out = b""
        self.pending = b""  # bytes read before the link loaded (device.link_wait)
        self.dropped = 0
        self._was_up = False
        self.offered = None   # the cid of a club round its players accepted (its first event answers)
        self.game = self._load_game_id()
        if not board and app is not None:
            board = getattr(getattr(app, "board", None), "id", "") or ""
        self.sync = sync.DeviceSync(self.source, self.game, board, fw, now=self.now())
        self.sync.damage = getattr(journal, "damage", None)

    # -- the game id (device.gameid) ---------------------------------------------------------

    def _load_game_id(self):
        return gameid.load(self.journal)

    def _new_game_id(self):
        return gameid.new(self.journal)

    # -- called by the app -----------------------------------------------------------------

    def publish(self, event):
        """The app journaled ``event``: send it when the link allows."""
        seq = event.get("seq", 0)
        if seq == 1 or not self.game:
            self.source.reset()
            self.source.recent = []
            self.game = self._new_game_id()
            self.sync.new_game(self.game, self.sync.board)
            if self.offered is not None:   # the club's round, accepted on OK, has begun
                self.sync.command_done(self.offered, seq)
                self.offered = None
        self.source.remember(event)
        self.sync.publish(self.now())
        self._flush()

    @property
    def up(self):
        return self.sync.attached

    @property
    def acked(self):
        """The last event the laptop has stored (for the Sync screen)."""
        return self.sync.acked

    def status(self):
        """One short line for the Sync screen."""
        if self.sync.attached:
            behind = self.journal.last_seq - self.sync.acked
            return "laptop linked" + (", %d to send" % behind if behind > 0 else ", in sync")
        if self.sync.downs:
            return "laptop lost: playing on alone"
        return "no laptop yet"

    def now(self):
        return _ticks_diff(_ticks_ms(), self.t0) / 1000

    # -- the task --------------------------------------------------------------------------

    def step(self):
        """One round: read, feed, run host commands, write. True when there was traffic."""
        data = self.serial.read(512)
        if self.pending:
            data = self.pending + data
            self.pending = b""
        now = self.now()
        if data:
            self.sync.feed(data, now)
        else:
            self.sync.tick(now)
        for cid, action in self.sync.take_commands():
            # a secret is entered on the buttons only (comando.link.button_only): refused, nothing
            # journaled, the laptop told why in one line
            why = codec_link.button_only(getattr(self.app, "state", None), action)
            if why is not None:
                self.sync.command_failed(cid, why)
                continue
            if action.get("t") == "new" and "club" in action:
                # the club's round: its players accept it on the buttons (the answer comes then)
                from device.screens import cluboffer
                why = cluboffer.offer(self.app, cid, action)
                if why is not None:
                    self.sync.command_failed(cid, why)
                continue
            try:
                if action.get("t") == "new" and "board" in action:
                    ev = self._new_map_game(action)   # the page's New game, on this device
                else:
                    ev = self.app.submit(action)
            except Exception as exc:  # IllegalMove, StorageFull...: the host is told, we go on
                self.sync.command_failed(cid, refusal(action, exc))
            else:
                self.sync.command_done(cid, ev["seq"])
        restores = self.sync.take_restores()
        if restores:  # the laptop gives back what a damaged journal lost
            from device import journal_repair
            journal_repair.restore(self, restores)
        self.source.release()
        if self.sync.attached != self._was_up:  # the Sync screen shows it
            self._was_up = self.sync.attached
            if self.app is not None and hasattr(self.app, "dirty"):
                self.app.dirty = True
        busy = self._flush() or bool(data)
        if self.sync.stop_requested:  # after the round: commands already read are answered
            raise StopForRepl
        return busy

    def _new_map_game(self, action):
        """A map game started by the laptop (its page): as the New game screen starts one."""
        app = self.app
        app.toast = None
        ev = app.new_game(action)
        if ev is None:   # the app said why on its screen
            from comando.errors import IllegalMove
            raise IllegalMove(app.toast[0] if app.toast else "the device did not start the game")
        return ev

    def _flush(self):
        out = self.sync.take()
        if out:
            self.out = self.out + out if self.out else out
        if not self.out:
            return False
        n = self.serial.write(self.out)
        if n is None:
            n = len(self.out)
        self.out = self.out[n:]
        if len(self.out) > OUT_MAX:  # nobody is reading: drop, the protocol resends
            self.dropped += len(self.out)
            self.out = b""
        return n > 0

    async def run(self):
        sleep_ms = getattr(asyncio, "sleep_ms", None)
        app = self.app
        while True:
            if sleep_ms is not None and (getattr(app, "dirty", False) or getattr(app, "unpublished", None)
                                         or getattr(app, "after_press", None) is not None):
                # a new picture is due (or its event's publication, or a press's next step): the
                # glass first, the link after
                await sleep_ms(1)
                continue
            busy = self.step()
            ms = 1 if busy else 10
            if sleep_ms is not None:
                await sleep_ms(ms)
            else:
                await asyncio.sleep(ms / 1000)
