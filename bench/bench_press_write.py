"""A roll's press on the MicroPython unix port: from the press to its picture sent, with the
journal on raw flash sectors (a NOR in RAM, device/journal_flash.py's store).

    .venv/bin/python bench/bench_press_write.py [--lib DIR] [--presses N]

What it times, in µs of the unix port on this machine (time.ticks_us), for N ROLL presses on the
Dice screen of a 4-player T.E.G. game (6 against 3 each time):

  press_to_sent  App.press(ROLL) (the screen's handler: the roll made, and since issue 23 its
                 line written to flash) + App.draw() + OLED.show() to the recording panel
  append         the journal's append alone (Journal.append: the line encoded, the page
                 programmed), measured apart on the same events

The unix port is not the chip: these figures are for comparing two versions of firmware/lib on
one machine (``--lib``: another checkout's firmware/lib), not for the p95 <= 50 ms goal, which is
bench/bench_pico.py's (the emulated RP2040). The idle work (sector erases) and the publication run
between presses, outside the timing, as the display task runs them.
"""

import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))

DEVICE = r"""
import gc, time
from comando.dice import SeededDice
from comando.session import replay
from device.app import App
from device.hal import Hal, ROLL
from device.hal.panel import RecordingPanel
from device.hal.simflash import SimPool
from device.buttons import PRESS
from device.oled import OLED

N = %(presses)d


class Nor:   # the W25Q16 as NOR in RAM (erase = 0xFF, a program clears bits)
    def __init__(self, count):
        self.count = count
        self.data = bytearray(b"\xff" * (count * 4096))

    def readblocks(self, b, buf, off=0):
        at = b * 4096 + off
        buf[:] = self.data[at:at + len(buf)]

    def writeblocks(self, b, buf, off=0):
        # (one AND of big integers: the chip programs in C, a byte loop would be most of the
        # append here)
        at = b * 4096 + off
        n = len(buf)
        old = int.from_bytes(self.data[at:at + n], "little")
        self.data[at:at + n] = (old & int.from_bytes(buf, "little")).to_bytes(n, "little")

    def ioctl(self, op, arg=0):
        if op == 4:
            return self.count
        if op == 6:
            self.data[arg * 4096:(arg + 1) * 4096] = b"\xff" * 4096
            return 0


class NoButtons:
    def read(self):
        return 0


class BenchHal(Hal):
    def __init__(self, root, nor):
        Hal.__init__(self, NoButtons(), OLED(RecordingPanel()), root)
        self.nor = nor

    def journal_pool(self):
        return SimPool(self.nor)

    def fs_free(self):
        return 1 << 30

    def log(self, text):
        pass


def opening():
    t = replay.Table("teg", ["blue", "red", "black", "yellow"], rng=SeededDice(3))
    t.act({"t": "first"})
    for _ in range(8):
        t.act({"t": "place", "p": t.state.cur})
    t.act({"t": "round"})
    return t.events


root = "%(root)s"
app = App(BenchHal(root, Nor(64)), dice=SeededDice(5))
app.boot()
for ev in opening():
    app.submit(ev)
app.home()
from device.screens.dice import Dice
app.deferring = True   # as the display task sets it
made = []
sent = []
for i in range(N):
    scr = Dice(app)
    scr.att, scr.dfn = 6, 3
    app.stack = app.stack[:1] + [scr]
    app.draw()
    app.oled.show()
    while app.journal.idle():   # the erase ahead, at idle
        pass
    gc.collect()
    t0 = time.ticks_us()
    app.press(ROLL, PRESS)
    app.draw()
    app.oled.show()
    sent.append(time.ticks_diff(time.ticks_us(), t0))
    made.append(scr.last is not None)
    app.flush()   # after the picture: the publication (none here), the undo snapshot
evs = []
with app.journal.open_read() as f:
    from comando.journal_read import scan_stream
    scan_stream(f, evs.append)
rolls = [e for e in evs if e["t"] == "roll"]
app.journal.archive()
app.deferring = False
took = []
for ev in rolls:
    while app.journal.idle():
        pass
    gc.collect()
    t0 = time.ticks_us()
    app.journal.append(ev)
    took.append(time.ticks_diff(time.ticks_us(), t0))
print("made", sum(made), "journaled", len(rolls))
print("sent", " ".join(str(x) for x in sent))
print("append", " ".join(str(x) for x in took))
"""


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lib", default=os.path.join(ROOT, "firmware", "lib"),
                    help="the firmware/lib to run (default: this checkout's)")
    ap.add_argument("--presses", type=int, default=200)
    args = ap.parse_args()
    if not os.path.isfile(os.path.join(args.lib, "device", "app.py")):
        sys.exit("bench_press_write: %s is not a firmware/lib (no device/app.py)" % args.lib)
    import tempfile
    from comando_host.pico.simulator import micropython_argv
    root = tempfile.mkdtemp(prefix="bench-press-")
    code = DEVICE % {"presses": args.presses, "root": root}
    env = dict(os.environ, MICROPYPATH=".frozen:" + os.path.abspath(args.lib))
    proc = subprocess.run(micropython_argv("1m") + ["-c", code], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=600)
    if proc.returncode != 0:
        sys.exit("bench_press_write: the unix port failed:\n" + proc.stdout + proc.stderr)
    lines = dict(ln.split(" ", 1) for ln in proc.stdout.splitlines() if " " in ln)
    made = lines["made"].split()
    if int(made[0]) != args.presses or int(made[2]) != args.presses:
        sys.exit("bench_press_write: %s of %d presses rolled, %s journaled" % (made[0], args.presses,
                                                                             made[2]))
    for name in ("sent", "append"):
        xs = [int(x) for x in lines[name].split()]
        print("unix-port %-14s median %6d us  p95 %6d us  (%d)" % (
            "press_to_sent" if name == "sent" else name, pct(xs, 0.5), pct(xs, 0.95), len(xs)))


if __name__ == "__main__":
    main()
