"""A power cut, or a failing write, at one journal write: the simulator's ``cut`` option
(``COMANDO_SIM_CUT=power:TEXT`` or ``fail:TEXT``), for tests of what the table saw against what
the journal kept (docs/decisions/event-on-flash-before-picture.md).

The first write to the journal's store whose bytes contain TEXT is cut (a raw-flash page program,
device/hal/simflash.py, or an append to journal.log):

- ``power``: the bytes up to the middle of TEXT reach the store (a torn line, as a cut during the
  program leaves it), the glass as it is at that instant is saved as ``cut.png`` in the PNG
  directory (the picture the players saw last), and the process is killed with SIGKILL: nothing of
  the app runs after the cut, as with the cable pulled;
- ``fail``: nothing is written and the write raises OSError(5) (EIO), as a failing flash would.

Loaded only when the option is set (the simulator's heap figures stay the app's).
"""

import os


def parse(spec):
    """("power" | "fail", TEXT as bytes) from the option's value; ValueError names what is wrong."""
    mode, sep, text = spec.partition(":")
    if mode not in ("power", "fail") or not sep or not text:
        raise ValueError("sim cut: %r is not power:TEXT or fail:TEXT" % spec)
    return mode, text.encode()


class Cut:
    def __init__(self, hal, spec):
        self.hal = hal
        self.mode, self.text = parse(spec)
        self.done = False

    def keep(self, data):
        """None when this write goes through; else how many of its leading bytes reach the store
        before the cut (0 for a failing write)."""
        if self.done:
            return None
        at = bytes(data).find(self.text)
        if at < 0:
            return None
        self.done = True
        return 0 if self.mode == "fail" else at + len(self.text) // 2

    def after(self):
        """Once the kept bytes are on the store: the failure, or the power cut."""
        if self.mode == "fail":
            raise OSError(5)
        self.hal.log("power cut during a journal write")
        self.hal.save_png("cut")
        # $PPID of the shell os.system starts is this process (the unix port has no os.kill)
        os.system("kill -9 $PPID")
        raise SystemExit(137)   # (not reached: SIGKILL cannot be caught)


class CutNor:
    """A NOR device (simflash.NorFile) whose program matching the cut is torn or fails."""

    def __init__(self, dev, cut):
        self.dev = dev
        self.cut = cut
        self.count = dev.count

    def writeblocks(self, b, buf, off=None):
        keep = self.cut.keep(buf) if off is not None else None
        if keep is None:
            return self.dev.writeblocks(b, buf, off)
        if keep:
            torn = bytearray(buf)
            for i in range(keep, len(torn)):
                torn[i] = 0xFF   # (NOR: 0xFF programs nothing)
            self.dev.writeblocks(b, torn, off)
        self.cut.after()

    def readblocks(self, b, buf, off=0):
        return self.dev.readblocks(b, buf, off)

    def ioctl(self, op, arg=0):
        return self.dev.ioctl(op, arg)

    def close(self):
        self.dev.close()


class CutFile:
    """journal.log opened for appending, its write matching the cut torn or failing."""

    def __init__(self, f, cut):
        self.f = f
        self.cut = cut

    def write(self, data):
        keep = self.cut.keep(data)
        if keep is None:
            return self.f.write(data)
        if keep:
            self.f.write(data[:keep])
            self.f.flush()
        self.cut.after()

    def __getattr__(self, name):
        return getattr(self.f, name)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.f.close()
