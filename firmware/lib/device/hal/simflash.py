"""A NOR flash over a file, for the simulator and the tests (device/journal_flash.py's pool):
erase sets a 4 KiB sector to 0xFF, a program can only clear bits (1 -> 0), as on the Pico's
W25Q16. Nothing is held in RAM but one sector's page, so the simulator's heap figures stay
those of the app."""

SEG = 4096
MAGIC = b"CJS1"


class NorFile:
    def __init__(self, path, count=32):
        self.path = path
        self.count = count
        try:
            f = open(path, "r+b")
        except OSError:
            f = open(path, "w+b")
        f.seek(0, 2)
        size = f.tell()
        if size < count * SEG:   # a new (or shorter) image: the rest is erased flash
            blank = b"\xff" * SEG
            while size < count * SEG:
                f.write(blank[:SEG - size % SEG])
                size += SEG - size % SEG
            f.flush()
        self.f = f
        self.erases = self.programs = 0

    def readblocks(self, b, buf, off=0):
        self.f.seek(b * SEG + off)
        self.f.readinto(buf)

    def writeblocks(self, b, buf, off=None):
        if off is None:
            self.ioctl(6, b)
            off = 0
        at = b * SEG + off
        self.f.seek(at)
        old = self.f.read(len(buf))
        new = bytearray(len(buf))
        for i in range(len(buf)):
            new[i] = old[i] & buf[i]   # NOR: 1 -> 0 only
        self.f.seek(at)
        self.f.write(new)
        self.f.flush()
        self.programs += 1

    def ioctl(self, op, arg=0):
        if op == 4:
            return self.count
        if op == 5:
            return SEG
        if op == 6:
            self.f.seek(arg * SEG)
            self.f.write(b"\xff" * SEG)
            self.f.flush()
            self.erases += 1
            return 0
        return None

    def close(self):
        self.f.close()


class SimPool:
    """Every sector of the image is the journal's: the ones with a header are in the pool,
    grow() takes the next blank one."""

    def __init__(self, dev):
        self.dev = dev

    def _magic(self, b):
        hdr = bytearray(4)
        self.dev.readblocks(b, hdr, 0)
        return hdr == MAGIC

    def blocks(self):
        return [b for b in range(self.dev.count) if self._magic(b)]

    def nonce(self, b):
        return bytes((b & 255, b >> 8, 0x5A, 0x5A, 0x5A, 0x5A, 0x5A, 0x5A))

    def can_grow(self):
        for b in range(self.dev.count):
            if not self._magic(b):
                return True
        return False

    def grow(self):
        for b in range(self.dev.count):
            if not self._magic(b):
                self.dev.ioctl(6, b)
                self.dev.writeblocks(b, MAGIC + self.nonce(b) + b"\xff" * 244, 0)
                return b
        return None
