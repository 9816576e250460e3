"""The journal on raw flash sectors (issue 14): an append costs one page program (~0.4 ms on a
W25Q16), never an erase, so it stays on the press path and an event is durable before it shows.

The sectors come from a pool (``pool.dev``: readblocks/writeblocks with an offset, ioctl 6 =
erase; ``pool.blocks()``: the sectors it owns; ``pool.nonce(b)``; ``pool.grow()``: one more
sector or None). On the Pico each sector is the one block of a littlefs file
(device/hal/picoflash.py), so the user's filesystem is never touched; in the simulator and the
tests it is a file or a bytearray with NOR semantics (device/hal/simflash.py).

A sector (4096 bytes):

    0..3   b"CJS1"        programmed right after every erase, with the pool's nonce: whose it is
    4..11  nonce
    12..15 game           u32 little-endian: which game (a new game takes the highest + 1)
    16..17 index          u16: the sector's place in the game's chain (0, 1, 2 ...)
    18..19 0x00 0xA5
    20..23 CRC-32 of bytes 0..19 (a torn header fails it: the sector is only erased again)
    24..   journal lines  (comando.journal's codec: CRC + JSON + newline), then 0xFF to the end

Bytes 12..23 are programmed with the sector's first line, in the same page program. A line never
spans two sectors (the rest of a sector stays 0xFF). The game's journal is its sectors' lines in
index order, read as one stream (device/journal_flash_read.py: code that is in the heap only
while something reads), so the codec's scan, the repair and the link read it exactly like the old
file. A torn write leaves a line without its newline or with a bad CRC at the end: boot keeps the
valid prefix and rewrites it as a new game (``journal_flash_read.rewrite``); the torn game stays
as the previous one (the backup), games older than that are erased again when a sector is needed.

Erasing happens in ``idle()`` (one sector per call; the app calls it when nothing else runs), so
``READY`` blank sectors wait ahead of the writer; only when none is left does an append erase.
"""

from binascii import crc32

SEG = 4096
PAGE = 256
HDR = 24
MAGIC = b"CJS1"
READY = 2          # blank sectors kept ahead of the writer
READY_AHEAD = 5    # ... when the table is quiet (idle(ahead=True)): a new sector's littlefs file
# write (~51 ms: an erase inside littlefs) is then rarely needed while buttons are pressed
_BLANK = b"\xff" * PAGE
_TAIL = b"\x00\xa5"


def _u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24


def _p32(v):
    return bytes((v & 255, (v >> 8) & 255, (v >> 16) & 255, (v >> 24) & 255))


class FlashFull(Exception):
    pass


class FlashStore:
    def __init__(self, pool):
        self.pool = pool
        self.dev = pool.dev
        self.ready = []    # blank sectors (magic + nonce only)
        self.dirty = []    # to erase before use
        self.growing = None   # the pool's grow_steps() under way (idle)
        self.games = {}    # game -> {index: block}
        self.game = 0      # the game being written (0: none yet)
        self.chain = []    # its sectors, in index order
        self.pos = SEG     # where the next line goes in chain[-1]
        self.prev = 0      # the game before (kept: the archive / the damaged copy)
        self.load()

    # -- the sectors at boot -------------------------------------------------------------------
    def load(self):
        hdr = bytearray(HDR)
        page = bytearray(PAGE)
        games = {}
        for b in self.pool.blocks():
            self.dev.readblocks(b, hdr, 0)
            tail = hdr[12:]
            if tail == _BLANK[:12]:
                if self._blank(b, page):
                    self.ready.append(b)
                else:
                    self.dirty.append(b)
                continue
            if hdr[18:20] != _TAIL or _u32(hdr, 20) != crc32(hdr[:20]) & 0xFFFFFFFF:
                self.dirty.append(b)
                continue
            g = _u32(hdr, 12)
            i = hdr[16] | hdr[17] << 8
            chain = games.setdefault(g, {})
            if i in chain:   # two sectors claim one place (this code never writes that): the first stays
                self.dirty.append(b)
            else:
                chain[i] = b
        order = sorted(games)
        for g in order[:-2]:   # older than the previous game: reclaimable
            self.dirty.extend(games.pop(g).values())
        self.games = games
        self.game = 1
        if order:
            self.game = order[-1]
            self.prev = order[-2] if len(order) > 1 else 0
            self.chain = self._chain(self.game)
            self.pos = self._end(self.chain[-1]) if self.chain else SEG

    def _blank(self, b, page):
        dev = self.dev
        dev.readblocks(b, page, 0)
        if page[12:] != _BLANK[12:]:
            return False
        for off in range(PAGE, SEG, PAGE):
            dev.readblocks(b, page, off)
            if page != _BLANK:
                return False
        return True

    def _chain(self, game):
        """The game's sectors in index order, up to the first missing index."""
        m = self.games.get(game, {})
        out = []
        while len(out) in m:
            out.append(m[len(out)])
        for i, b in m.items():
            if i >= len(out):   # after a gap: never part of the journal
                self.dirty.append(b)
        return out

    def _end(self, b):
        """Where the data of sector ``b`` ends (the first 0xFF byte after the header)."""
        page = bytearray(PAGE)
        off = 0
        while off < SEG:
            self.dev.readblocks(b, page, off)
            at = page.find(b"\xff", HDR if off == 0 else 0)
            if at >= 0:
                return off + at
            off += PAGE
        return SEG

    # -- writing -------------------------------------------------------------------------------
    def new_game(self):
        """The next append starts a new game; the current one becomes the previous (kept)."""
        top = max(self.games) if self.games else 0
        if self.prev and self.prev in self.games:
            self.dirty.extend(self.games.pop(self.prev).values())
        self.prev = self.game if self.game in self.games else 0
        self.game = top + 1
        self.chain = []
        self.pos = SEG

    def room(self, n):
        """True when a line of n bytes can be written now."""
        if n > SEG - HDR:
            return False
        return self.pos + n <= SEG or bool(self.ready or self.dirty) or self.pool.can_grow()

    def append(self, line):
        n = len(line)
        if not self.chain or self.pos + n > SEG:
            if n > SEG - HDR:
                raise FlashFull("event too large (%d bytes)" % n)
            b = self._take()
            self.games.setdefault(self.game, {})[len(self.chain)] = b
            self.chain.append(b)
            self.pos = HDR
            start = 12
        else:
            b = self.chain[-1]
            start = self.pos
        p0 = start & ~(PAGE - 1)
        p1 = (self.pos + n + PAGE - 1) & ~(PAGE - 1)
        buf = bytearray(_BLANK * ((p1 - p0) // PAGE))
        if start == 12:
            i = len(self.chain) - 1
            hdr = MAGIC + self.pool.nonce(b) + _p32(self.game) + bytes((i & 255, i >> 8)) + _TAIL
            buf[12:20] = hdr[12:20]
            buf[20:24] = _p32(crc32(hdr) & 0xFFFFFFFF)
        buf[self.pos - p0:self.pos - p0 + n] = line
        self.dev.writeblocks(b, buf, p0)
        self.pos += n

    def _take(self):
        if not self.ready and (self.dirty or self.growing is not None or self.pool.can_grow()):
            # on the press path only when the idle time could not keep up: every step at once
            while not self.ready and self.idle():
                pass
        if self.ready:
            return self.ready.pop(0)
        raise FlashFull("no free flash sector")

    def idle(self, ahead=False):
        """One step of background work (at most one erase, or one step of making a new sector:
        the pool's grow_steps() when it has them); True if it did something. ``ahead``: the
        table is quiet, keep READY_AHEAD sectors ready (else READY)."""
        if len(self.ready) >= (READY_AHEAD if ahead else READY):
            return False
        if self.dirty:
            b = self.dirty.pop()
            self.dev.ioctl(6, b)
            self.dev.writeblocks(b, bytearray(MAGIC + self.pool.nonce(b) + _BLANK[:PAGE - 12]), 0)
            self.ready.append(b)
            return True
        g = self.growing
        if g is None:
            steps = getattr(self.pool, "grow_steps", None)
            if steps is None:
                b = self.pool.grow()
                if b is None:
                    return False
                self.ready.append(b)
                return True
            g = self.growing = steps()
        try:
            next(g)
            return True
        except StopIteration as done:
            self.growing = None
            b = done.value
            if b is None:
                return False
            self.ready.append(b)
            return True

    def kill(self, game):
        """Forget a game's sectors (their CRC zeroed: erased again later)."""
        buf = bytearray(_BLANK)
        buf[20:24] = b"\x00\x00\x00\x00"
        for b in self.games.pop(game, {}).values():
            self.dev.writeblocks(b, buf, 0)
            self.dirty.append(b)
