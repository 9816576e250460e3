"""Reading the raw-flash journal (device/journal_flash.py): a game's lines as one stream
(``reader``, ``Reader``) and a game's valid prefix copied into a new game (``rewrite``). A module of
its own, so that its code is in the heap only while something reads: the journal's restore at
boot (device.app drops it once the game is restored), a repair, the link's resends. Appending
never reads.
"""

from device.journal_flash import HDR, PAGE


def reader(store, game=None):
    """The lines of ``game`` (default: the one being written) as a Reader."""
    g = store.game if game is None else game
    if g == store.game:
        return Reader(store, store.chain)
    m = store.games.get(g, {})
    chain = []
    while len(chain) in m:
        chain.append(m[len(chain)])
    return Reader(store, chain)


def rewrite(store, size):
    """Copy the first ``size`` bytes of the game's lines into a new game (boot, after a torn
    or bad line); the old game stays as the previous one. Returns the old game's number."""
    old = store.game
    src = reader(store)
    store.new_game()
    left = size
    while left > 0:
        line = src.readline()
        if not line:
            break
        store.append(line)
        left -= len(line)
    src.close()
    if size == 0 and old:
        store.kill(old)
    return old


class Reader:
    """The game's lines as one read-only binary stream: read(n), readline(), seek(), close().
    It holds one page of a sector at a time (the link keeps a reader open all game long)."""

    def __init__(self, store, chain):
        self.store = store
        self.chain = chain   # the live chain for the game being written: appends show up
        self.k = -1          # the sector being read
        self.final = -1      # the sector whose ``end`` is final (not live)
        self.end = 0         # where its lines end
        self.off = 0         # sector offset of data[0]
        self.data = b""
        self.base = 0        # stream offset of data[0]
        self.at = 0          # offset in data

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self.chain = []
        self.data = b""

    def _live(self):
        st = self.store
        return self.chain is st.chain and self.k == len(self.chain) - 1

    def _next(self):
        """Load the next page of lines, or what was appended since to the live sector; False at
        the end of the journal."""
        st = self.store
        if self.k >= 0:
            if self._live():
                self.end = st.pos
            elif self.final != self.k:   # it was live when entered: its lines ended since
                self.end = st._end(self.chain[self.k])
                self.final = self.k
        stop = self.off + len(self.data)
        if self.k >= 0 and stop < self.end and len(self.data) < PAGE - (self.off & (PAGE - 1)):
            keep = len(self.data)          # the same page grew (the live sector)
        elif self.k >= 0 and stop < self.end:
            self.base += len(self.data)    # the next page of this sector
            self.off = stop
            keep = 0
        elif self.k + 1 < len(self.chain):
            self.base += len(self.data)    # the next sector
            self.k += 1
            self.off = HDR
            if self._live():
                self.end = st.pos
            else:
                self.end = st._end(self.chain[self.k])
                self.final = self.k
            keep = 0
        else:
            return False
        n = min(PAGE - (self.off & (PAGE - 1)), self.end - self.off)
        buf = bytearray(n)
        st.dev.readblocks(self.chain[self.k], buf, self.off)
        self.data = bytes(buf)
        self.at = keep
        return n > keep

    def readline(self):
        out = b""
        while True:
            if self.at >= len(self.data) and not self._next():
                return out
            nl = self.data.find(b"\n", self.at)
            if nl >= 0:
                out += self.data[self.at:nl + 1]
                self.at = nl + 1
                return out
            out += self.data[self.at:]
            self.at = len(self.data)

    def read(self, n=-1):
        out = b""
        while n < 0 or len(out) < n:
            if self.at >= len(self.data) and not self._next():
                break
            take = len(self.data) - self.at if n < 0 else min(n - len(out), len(self.data) - self.at)
            out += self.data[self.at:self.at + take]
            self.at += take
        return out

    def seek(self, pos):
        self.k = self.final = -1
        self.data = b""
        self.base = self.at = self.off = self.end = 0
        while pos >= self.base + len(self.data):
            if not self._next():
                self.at = len(self.data)
                return self.base + self.at
        self.at = pos - self.base
        return pos
