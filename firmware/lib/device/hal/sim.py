"""The simulator HAL: the firmware on the MicroPython unix port, no hardware.

- display: the real OLED driver talking to a recording panel (device.hal.panel) whose RAM is what
  the glass would show; drawn in the terminal with half-block (or braille) characters after every
  frame, saved as PNG on request (key p, script line ``png NAME``, or every frame);
- buttons: keys from the terminal (raw mode) or a FIFO, or a script file (see device.simkeys);
- storage: a directory (optionally with a byte quota, to test a full filesystem);
- serial: stdio (the host's Simulator makes it a pseudo-terminal), a path, or none;
- clock: real time, or virtual time in "fast" script mode (5 ms per input poll, no sleeping), so a
  long scripted session runs in seconds but debounce and long presses behave as on the device;
  the script line ``later SECONDS`` jumps the virtual clock (a game clock's minutes at once).

Options come from ``make(**kw)`` or environment variables ``COMANDO_SIM_<NAME>``:
dir, serial (stdio|PATH|none), term (stdio|PATH|none), keys (FIFO path), script, png_dir,
png_every (1), png_scale, view (half|braille), fast (1), fs_limit (bytes), oled (ssd1306|sh1106),
addr (0x3C|0x3D), stats (path of a JSON file written at exit), flash (N raw flash sectors for the
journal), cut (power:TEXT | fail:TEXT: the first journal write containing TEXT is torn by a power
cut or fails: device.hal.simcut).
"""

import os
import sys
import time

from device.hal import Hal, BUTTONS
from device.hal.panel import RecordingPanel
from device.oled import OLED, SH1106

KEYMAP = {
    "w": 0, "k": 0, "s": 1, "j": 1, "\r": 2, "\n": 2, " ": 2, "b": 3, "\x7f": 3, "\x08": 3,
    "r": 4, "+": 4,
}
# Shift for a long press.
LONGMAP = {"O": 2, "B": 3, "R": 4, "W": 0, "S": 1}


def _opt(kw, name, default=None):
    if name in kw and kw[name] is not None:
        return kw[name]
    v = os.getenv("COMANDO_SIM_" + name.upper())
    return default if v is None or v == "" else v


def _isdir(path):
    try:
        return os.stat(path)[0] & 0x4000 != 0
    except OSError:
        return False


def makedirs(path):
    cur = ""
    for part in path.split("/"):
        cur = cur + "/" + part if cur or path.startswith("/") else part
        if cur and not _isdir(cur):
            try:
                os.mkdir(cur)
            except OSError:
                pass


class QuotaFile:
    """A file whose writes count against the sim's byte quota (OSError 28, ENOSPC, when full).
    Like a real filesystem, a write that does not fit writes the part that does, then fails."""

    def __init__(self, hal, f):
        self.hal = hal
        self.f = f

    def write(self, data):
        free = self.hal.fs_free()
        if len(data) > free:
            if free > 0:
                self.f.write(data[:free])
                self.f.flush()
            raise OSError(28)
        return self.f.write(data)

    def __getattr__(self, name):
        return getattr(self.f, name)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.f.close()


class SimButtons:
    """Presses queued as (mask, ms) steps, fed from keys and the script; ``read()`` samples the
    mask at the current (real or virtual) time."""

    def __init__(self, hal):
        self.hal = hal
        self.steps = []  # [(mask, duration_ms)]
        self.until = None
        self.mask = 0
        self.last = 0  # the mask of the last press (the stats tag each frame with it)
        self.presses = 0
        self.due_at = None
        self.due_done = False

    def press(self, button, hold=50, gap=50):
        self.steps.append((1 << button, hold))
        self.steps.append((0, gap))
        self.presses += 1

    def wait(self, ms):
        self.steps.append((0, ms))

    def idle(self):
        return not self.steps and self.until is None

    def read(self):
        hal = self.hal
        hal.tick()
        now = hal.ticks_ms()
        if self.until is not None and time.ticks_diff(now, self.until) >= 0:
            if not hal.fast:
                # real time: a stalled loop (a loaded machine) may not have sampled this step
                # since it began (or boot_mode's look at the buttons took its first sample):
                # keep it until a sample 25 ms or more after the first sample at or after its
                # end has returned it, so the app's debouncer (20 ms) sees it held: a press is
                # never lost to a slow host
                if self.due_at is None:
                    self.due_at = now
                    return self.mask
                if not self.due_done:
                    self.due_done = time.ticks_diff(now, self.due_at) >= 25
                    return self.mask
            self.until = None
            self.mask = 0
        if self.until is None:
            hal.feed_input()
            if self.steps:
                self.mask, ms = self.steps.pop(0)
                self.until = time.ticks_add(now, ms)
                self.due_at = None
                self.due_done = False
                if self.mask:
                    self.last = self.mask
        return self.mask


class SimHal(Hal):
    def journal_pool(self):
        if not self.flash_sectors:
            return None
        from device.hal.simflash import NorFile, SimPool
        dev = NorFile(self.root + "/flash.img", self.flash_sectors)
        if self.cut is not None:
            from device.hal.simcut import CutNor
            dev = CutNor(dev, self.cut)
        return SimPool(dev)

    def __init__(self, **kw):
        self.root = _opt(kw, "dir", "build/sim")
        makedirs(self.root)
        self.fs_limit = int(_opt(kw, "fs_limit", 0))
        # COMANDO_SIM_FLASH=N: the journal on N raw flash sectors in <dir>/flash.img (the Pico's
        # store, device/journal_flash.py); unset: journal.log, which the host tools read
        self.flash_sectors = int(_opt(kw, "flash", 0))
        self.cut = None
        cut = _opt(kw, "cut")
        if cut:
            from device.hal.simcut import Cut
            self.cut = Cut(self, cut)
        self.fast = str(_opt(kw, "fast", "0")) == "1"
        self.vclock = 0
        self.poll_ms = 0 if self.fast else 5
        self.script = None
        self.script_done = True
        path = _opt(kw, "script")
        if path:
            # read a line at a time as the presses are needed (a whole game's script held as a
            # list of lines would count against the heap the bench measures)
            self.script = open(path)
            self.script_done = False
        self.png_dir = _opt(kw, "png_dir", self.root)
        self.png_every = str(_opt(kw, "png_every", "0")) == "1"
        self.png_scale = int(_opt(kw, "png_scale", 3))
        self.png_saved = []
        self.pending_png = []
        self.stats_path = _opt(kw, "stats")
        # per-frame stats as 2-byte / 1-byte items: the run's own heap figure should not pay
        # 8 bytes a frame (and a list's regrowth) for its bookkeeping
        from array import array
        self.frame_bytes = array("H")
        self.frame_press = bytearray()
        self.mem_max = 0
        kind = _opt(kw, "oled", "ssd1306")
        addr = _opt(kw, "addr", 0x3C)
        if isinstance(addr, str):
            addr = int(addr, 16) if addr.startswith("0x") else int(addr)
        self.panel = RecordingPanel(addr=addr)
        if kind == SH1106:
            self.panel.col_offset = 2
        self.oled = OLED(self.panel, addr=addr, kind=kind)
        self.buttons = SimButtons(self)
        term = _opt(kw, "term", "none" if self.script else "stdio")
        if term == "none":
            self.term = None
        else:
            from device.hal.simterm import Term
            self.term = Term(term, _opt(kw, "view", "half"), _opt(kw, "hint", ""),
                             _opt(kw, "viewfile"))
        keys = _opt(kw, "keys")
        self.keys = open(keys, "rb") if keys else None
        if self.keys:
            import select
            self.kpoll = select.poll()
            self.kpoll.register(self.keys, select.POLLIN)
        serial = _opt(kw, "serial", "none")
        self.serial = None
        if serial == "stdio":
            from device.stdio_serial import StdioSerial
            self.serial = StdioSerial(sys.stdin.buffer, sys.stdout.buffer)
        elif serial != "none":
            from device.stdio_serial import StdioSerial
            f = open(serial, "r+b")
            self.serial = StdioSerial(f, f)
        self.quit = False
        self.status = ""

    # clock ---------------------------------------------------------------------------------------
    def ticks_ms(self):
        return self.vclock if self.fast else time.ticks_ms()

    def tick(self):
        if self.fast:
            self.vclock += 5

    # storage -------------------------------------------------------------------------------------
    def used(self):
        total = 0
        for name in os.listdir(self.root):
            try:
                total += os.stat(self.root + "/" + name)[6]
            except OSError:
                pass
        return total

    def fs_free(self):
        if self.fs_limit:
            return max(0, self.fs_limit - self.used())
        return Hal.fs_free(self)

    def open(self, path, mode="rb"):
        f = open(path, mode)
        if self.fs_limit and ("a" in mode or "w" in mode):
            f = QuotaFile(self, f)
        if self.cut is not None and "a" in mode and path.endswith("/journal.log"):
            from device.hal.simcut import CutFile
            f = CutFile(f, self.cut)
        return f

    def set_i2c_freq(self, hz):
        self.panel.freq = hz
        return True

    # input ---------------------------------------------------------------------------------------
    def feed_input(self):
        """Called when no press is in progress: take the next key or script line."""
        data = b""
        if self.term:
            self.term.follow()
            data += self.term.read()
        if self.keys:
            while self.kpoll.poll(0):
                b = self.keys.read(1)
                if not b:
                    break
                data += b
        if data:
            self.keys_in(data)
        if not self.buttons.steps and self.script is not None and not self.script_done:
            while not self.script_done and not self.buttons.steps and not self.pending_png:
                raw = self.script.readline()
                if raw:
                    self.script_line(raw.strip())
                if not raw.endswith("\n"):  # the end of the file (as split("\n") would see it)
                    self.end_script()

    def keys_in(self, data):
        s = data.decode() if isinstance(data, bytes) else data
        i = 0
        while i < len(s):
            c = s[i]
            i += 1
            if c == "\x1b" and s[i:i + 2] in ("[A", "[B", "[C", "[D", "OA", "OB"):
                code = s[i + 1]
                i += 2
                self.buttons.press({"A": 0, "B": 1, "C": 2, "D": 3}[code])
            elif c == "\x1b":
                self.buttons.press(3)
            elif c in ("q", "Q", "\x03", "\x04"):
                self.quit = True
            elif c == "p":
                self.pending_png.append(None)
            elif c in LONGMAP:
                self.buttons.press(LONGMAP[c], hold=1000)
            elif c in KEYMAP:
                self.buttons.press(KEYMAP[c])

    def script_line(self, line):
        if not line or line.startswith("#"):
            return
        words = line.split()
        cmd = words[0]
        if cmd in BUTTONS:
            n = 1
            if len(words) > 1 and words[1].startswith("x"):
                n = int(words[1][1:])
            for _ in range(n):
                self.buttons.press(BUTTONS.index(cmd))
        elif cmd == "long":
            self.buttons.press(BUTTONS.index(words[1]), hold=1000)
        elif cmd == "hold":  # hold up 900; hold back+ok 600 (several at once)
            mask = 0
            for name in words[1].split("+"):
                mask |= 1 << BUTTONS.index(name)
            self.buttons.steps.append((mask, int(words[2])))
            self.buttons.steps.append((0, 50))
            self.buttons.presses += 1
        elif cmd == "wait":
            self.buttons.wait(int(words[1]))
        elif cmd == "later":  # later 600: the virtual clock jumps 600 s (a game clock's minutes
            # without polling through them; script mode only)
            if not self.fast:
                raise ValueError("sim script: 'later' needs the virtual clock (fast mode)")
            self.buttons.steps.append((0, 50))
            self.vclock += int(words[1]) * 1000
        elif cmd == "png":
            self.pending_png.append(words[1])
        elif cmd == "quit":
            self.end_script()
            self.quit = True
        else:
            raise ValueError("sim script: unknown line %r" % line)

    def end_script(self):
        if not self.script_done:
            self.script_done = True
            self.script.close()

    def log(self, text):
        sys.stderr.write("sim: %s\n" % text)

    def alive(self):
        """False once the user quit or the script has run out (and the screen settled)."""
        if self.quit:
            return False
        if self.script is not None and self.script_done and self.buttons.idle() and not self.term \
                and not self.keys and not self.serial:
            return False
        return True

    # display -------------------------------------------------------------------------------------
    def frame_done(self):
        self.frame_bytes.append(self.oled.last_bytes)
        self.frame_press.append(self.buttons.last)
        import gc
        used = gc.mem_alloc()  # live heap after the display task's collect
        if used > self.mem_max:
            self.mem_max = used
        if self.png_every:
            self.save_png("frame-%04d" % len(self.frame_bytes))
        if self.term:
            self.term.draw(self.panel, self.oled.last_bytes, self.status)

    def settled(self):
        """After the app drew everything pending: honour PNG requests."""
        while self.pending_png:
            name = self.pending_png.pop(0)
            self.save_png(name or "shot-%04d" % len(self.png_saved))

    def save_png(self, name):
        from device.png import write_png
        makedirs(self.png_dir)
        path = self.png_dir + "/" + name + ".png"
        write_png(path, self.panel.pixel, self.panel.width, self.panel.height, self.png_scale)
        self.png_saved.append(path)
        return path

    def close(self):
        if self.term:
            self.term.close()
        if self.stats_path:
            # written piece by piece: the run's own heap figure must not pay for one big string
            from comando.journal import dumps
            with open(self.stats_path, "w") as f:
                f.write('{"frames": [')
                _write_ints(f, self.frame_bytes)
                f.write('], "frame_press": [')
                _write_ints(f, self.frame_press)
                f.write(']')
                f.write(', "presses": %d, "mem_max": %d, "i2c": %d' % (
                    self.buttons.presses, self.mem_max, self.panel.bytes))
                f.write(', "pngs": %s, "modules": %s}' % (dumps(self.png_saved),
                                                          dumps(sorted(sys.modules))))


def _write_ints(f, items):
    for i in range(0, len(items), 64):
        if i:
            f.write(",")
        f.write(",".join(str(b) for b in items[i:i + 64]))


def make(**kw):
    return SimHal(**kw)
