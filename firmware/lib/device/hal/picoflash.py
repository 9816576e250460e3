"""The journal's flash sectors on a Pico (device/journal_flash.py's pool), inside the littlefs
that the stock _boot.py mounts over the whole flash partition (rp2.Flash()).

Each sector is the single block of a file ``/data/jseg/<nonce>`` (768 bytes written through
littlefs: b"CJS1" + the 8-byte nonce + 0xFF), so littlefs counts the block as used and never
hands it to another file, and it never reads or rewrites it (a one-block file has no CTZ pointers;
littlefs keeps no checksum of file data). The block is found by scanning the partition's sector
heads for the magic and the nonce; the journal then erases and programs it raw. Only a block
whose nonce names an existing file, found exactly once, is ever touched; the filesystem itself is
never reformatted, resized or written outside these files.
"""

import os
from binascii import hexlify, unhexlify

MAGIC = b"CJS1"
KEEP_FREE = 24   # littlefs blocks left to the user's files and the app's small files
SCAN_SLICE = 24   # sector heads read per step of grow_steps() (~4.5 ms on a Pico: a press that
# comes during a step waits for it)


class PicoPool:
    def __init__(self, root):
        import rp2
        self.dev = rp2.Flash()
        self.count = int(self.dev.ioctl(4, 0) or 0)
        self.dir = root + "/jseg"
        self.nonces = {}  # block -> nonce

    def _scan(self, want):
        hdr = bytearray(12)
        found = {}
        for b in range(self.count):
            self.dev.readblocks(b, hdr, 0)
            if hdr[:4] == MAGIC:
                n = bytes(hdr[4:])
                if n in want:
                    found.setdefault(n, []).append(b)
        return found

    def blocks(self):
        names = {}
        try:
            listed = os.listdir(self.dir)
        except OSError:   # none yet (made by the first grow(), at idle: a directory costs erases)
            listed = ()
        for name in listed:
            try:
                names[unhexlify(name)] = name
            except ValueError:
                pass
        if not names:   # a fresh device: no scan on the way to the first screen
            return []
        found = self._scan(names)
        out = []
        for n, name in names.items():
            bs = found.get(n, ())
            if len(bs) == 1:
                out.append(bs[0])
                self.nonces[bs[0]] = n
            elif not bs:
                # a power cut between the raw erase and the header: the block is blank and
                # still the file's; removing the file gives it back to littlefs
                try:
                    os.remove(self.dir + "/" + name)
                except OSError:
                    pass
        return out

    def nonce(self, b):
        return self.nonces[b]

    def can_grow(self):
        try:
            st = os.statvfs(self.dir)
            return st[3] > KEEP_FREE
        except OSError:
            return False

    def grow(self):
        """A new sector (its block number), or None when littlefs has too few blocks left."""
        g = self.grow_steps()
        try:
            while True:
                next(g)
        except StopIteration as done:
            return done.value

    def grow_steps(self):
        """grow() in steps (a generator; its return value is the block), each well under 50 ms
        on a Pico, for the journal's idle work: the free-space check (a littlefs traversal),
        the file's write (an erase and programs), then the scan for its block in slices."""
        if not self.can_grow():
            return None
        yield
        try:
            os.mkdir(self.dir)
            yield   # (a new directory is two erased blocks: ~90 ms, a step of its own)
        except OSError:
            pass
        n = os.urandom(8)
        path = self.dir + "/" + hexlify(n).decode()
        try:
            with open(path, "wb") as f:
                f.write(MAGIC + n + b"\xff" * 756)
        except OSError:
            return None
        yield
        hdr = bytearray(12)
        found = []
        for lo in range(0, self.count, SCAN_SLICE):
            for b in range(lo, min(lo + SCAN_SLICE, self.count)):
                self.dev.readblocks(b, hdr, 0)
                if hdr[:4] == MAGIC and hdr[4:] == n:
                    found.append(b)
            yield
        if len(found) != 1:
            os.remove(path)
            return None
        self.nonces[found[0]] = n
        return found[0]
