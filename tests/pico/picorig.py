"""Drives the emulated Pico (tests/pico/rig.js: rp2040js running MicroPython v1.28.0 RPI_PICO).

    with PicoRig(seed=7) as pico:           # boots the `make firmware` bundle from a fresh flash
        pico.boot()                          # until the first screen is on the glass
        pico.script(["ok", "roll x2", "long ok"])
        pico.png("out.png"); pico.frames     # what the SSD1306 got
    pico.files()["/data/journal.log"]        # the littlefs after the power-off

Times are emulated milliseconds (the chip's clock). Button presses follow the simulator's script
language (``ok``, ``roll x3``, ``long ok``, ``hold up 900``, ``hold back+ok 600``, ``wait 500``,
``later SECONDS``: the clock jumps, ``png NAME``); each press holds the pins low for 60 ms (and
until the input loop has seen it), releases, and waits until the device is idle (the display
quiet for ``settle`` ms, the input loop polling, the core asleep after its last frame): presses
never queue up faster than the app takes them, whatever the emulator's speed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
import tty

from comando_host.pico import picoimage

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RIG = os.path.join(HERE, "rig.js")
# one bundle directory per pytest-xdist worker (PYTEST_XDIST_WORKER: gw0, gw1, ...): two workers
# never build into the same one at once
BUNDLE = os.path.join(ROOT, "build", "pico", "bundle" + (
    "-" + os.environ["PYTEST_XDIST_WORKER"] if os.environ.get("PYTEST_XDIST_WORKER") else ""))
NODE_MODULES = os.path.join(ROOT, "node_modules", "rp2040js")


def _pins():
    ns: dict = {}
    with open(os.path.join(ROOT, "firmware", "lib", "device", "pins.py")) as f:
        exec(compile(f.read(), "pins.py", "exec"), ns)  # the one pin map (no pin number here)
    return dict(ns["BUTTONS"])


PINS = _pins()


# A whole 128x64 picture on the bus: 8 pages of 128 bytes, each with its addressing (oled.py).
WHOLE_SCREEN = 8 * (128 + 7)
LONG_MS = 700  # a hold is a LONG once held this long (device/buttons.py, Buttons' long_ms)


class RigError(Exception):
    pass


def missing() -> str | None:
    """Why the rig cannot run here (None when it can) for want of what CI installs: node, the npm
    package, the boot ROM beside the clone. The MicroPython image is another matter (``no_image``)."""
    if not shutil.which("node"):
        return "node is not installed (apt-get install nodejs npm)"
    if not os.path.isdir(NODE_MODULES):
        return "rp2040js is not installed (make node_modules)"
    if not os.path.exists(picoimage.BOOTROM):
        return "%s is missing (../shared/pico beside the clone)" % picoimage.BOOTROM
    import hashlib
    with open(picoimage.BOOTROM, "rb") as f:
        if hashlib.sha256(f.read()).hexdigest() != picoimage.BOOTROM_SHA256:
            return "%s is not the RP2040 B1 boot ROM (SHA256 differs)" % picoimage.BOOTROM
    return None


def no_image() -> str | None:
    """Why there is no MicroPython image to boot (None when COMANDO_PICO_FIRMWARE names a good
    one): the project holds none, its user gives it."""
    if not picoimage.firmware_path():
        return picoimage.NO_IMAGE
    try:
        picoimage.chosen_firmware()
    except picoimage.ImageError as exc:
        return str(exc)
    return None


_built: dict = {}


def ensure_bundle(out: str = BUNDLE) -> str:
    """The `make firmware` bundle of the firmware/ as it is now, built once per process (so a
    test or a bench never runs a stale build/firmware)."""
    if out not in _built:
        from comando_host.pico import firmware
        firmware.build(out, quiet=True)
        _built[out] = True
    return out


def rig_main(seed: int | None = None, heap_report: bool = False) -> bytes:
    """A main.py for tests: the stock one, plus the simulator's seeded dice (COMANDO_SIM_SEED) and,
    for the bench, a line ``~HEAP free boot`` on the USB serial at each new low of the free heap
    after the display task's collection."""
    lines = ["import gc, sys", "gc.collect()", "_BOOT = gc.mem_free()"]
    if seed is not None:
        # MicroPython's os has no getenv: app.main() asks os.getenv for the seed; answer it
        lines += [
            "import os as _os",
            "class _Env:",
            "    def getenv(self, k, d=None):",
            "        return %r if k == 'COMANDO_SIM_SEED' else d" % str(seed),
            "    def __getattr__(self, n):",
            "        return getattr(_os, n)",
            "sys.modules['os'] = _Env()",
        ]
    lines.append("import device.app")
    if heap_report:
        lines += [
            "from device.hal import pico as _pico",
            "_hal = _pico.make()",
            "_low = [_BOOT]",
            "_fd = _hal.frame_done",
            "def _frame_done():",
            "    f = gc.mem_free()",
            "    if f < _low[0]:",
            "        _low[0] = f",
            "        sys.stdout.write('\\n~HEAP %d %d\\n' % (f, _BOOT))",
            "    _fd()",
            "_hal.frame_done = _frame_done",
            "device.app.main(hal=_hal)",
        ]
    else:
        lines.append("device.app.main()")
    return ("\n".join(lines) + "\n").encode()


class _ImageDev:
    """The littlefs region of a saved flash, read as the journal's block device."""

    def __init__(self, region):
        self.region = region
        self.count = len(region) // picoimage.BLOCK_SIZE

    def readblocks(self, b, buf, off=0):
        at = b * picoimage.BLOCK_SIZE + off
        buf[:] = self.region[at:at + len(buf)]


class _ImagePool:
    """device/hal/picoflash.PicoPool's view of a saved flash: the sectors of /data/jseg's files."""

    def __init__(self, region, nonces):
        self.dev = _ImageDev(region)
        self.found = {}
        for b in range(self.dev.count):
            head = region[b * picoimage.BLOCK_SIZE:b * picoimage.BLOCK_SIZE + 12]
            if head[:4] == b"CJS1" and head[4:] in nonces:
                self.found.setdefault(head[4:], []).append(b)

    def blocks(self):
        return [bs[0] for bs in self.found.values() if len(bs) == 1]

    def nonce(self, b):
        return next(n for n, bs in self.found.items() if bs == [b])

    def can_grow(self):
        return False


def flash_journal(region: bytes, files: dict) -> bytes | None:
    """The current game's lines on the journal's raw flash sectors, or None when there are none."""
    from device.journal_flash import FlashStore
    from device.journal_flash_read import reader
    nonces = {bytes.fromhex(name.rsplit("/", 1)[1]) for name in files if name.startswith("/data/jseg/")}
    if not nonces:
        return None
    store = FlashStore(_ImagePool(region, nonces))
    if not store.games:
        return None
    with reader(store) as f:
        return f.read()


def script_steps(lines):
    """The steps of simulator script lines: (words, the raw line) each; "NAME xN" is N steps."""
    for raw in lines:
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        n = 1
        if len(words) == 2 and words[1].startswith("x") and words[1][1:].isdigit():
            n = int(words[1][1:])
            words = words[:1]
        for _ in range(n):
            yield words, raw


class PicoRig:
    def __init__(self, root: str | None = None, seed: int | None = None, flash: bytes | str | None = None,
                 files: dict | None = None, main: bytes | None = None, pty: bool = False,
                 realtime: bool = False, settle: int = 100, heap_report: bool = False,
                 lockstep: bool | None = None):
        self._tmp = None
        if root is None:
            self._tmp = tempfile.mkdtemp(prefix="comando-pico-")
            root = self._tmp
        self.root = root
        os.makedirs(root, exist_ok=True)
        self.flash_path = os.path.join(root, "flash.bin")
        self.serial_log = os.path.join(root, "serial.log")
        self.err_log = os.path.join(root, "rig.err")
        if isinstance(flash, str):
            if os.path.abspath(flash) != self.flash_path:
                shutil.copyfile(flash, self.flash_path)
        elif flash is not None:
            with open(self.flash_path, "wb") as f:
                f.write(flash)
        else:
            if files is None:
                files = picoimage.bundle_files(ensure_bundle())
            files = dict(files)
            if main is not None or seed is not None or heap_report:
                files["/main.py"] = main if main is not None else rig_main(seed, heap_report)
            with open(self.flash_path, "wb") as f:
                f.write(picoimage.flash(files))
        self.pty = pty
        self.realtime = realtime
        # emulated time runs only while an op waits (rig.js --lockstep): the same script gives the
        # same emulated times whatever the laptop's load; a rig with a pty runs free (the
        # laptop's bytes come at wall-clock moments and the device must run to answer them)
        self.lockstep = (not pty and not realtime) if lockstep is None else lockstep
        self.settle = settle
        self.proc = None
        self.port = None
        self._master = self._slave = None
        self.frames: list = []  # {"n", "t0", "t1", "bytes"} per frame, emulated ms
        self.taps: list = []  # (edge_ms, done_ms, frames_before, hold_ms)
        self.usb_at = None
        self.cut = None
        self._done: dict = {}
        self._cv = threading.Condition()
        self._next = 0
        self._errors: list = []
        self.exited = False

    # -- lifecycle -------------------------------------------------------------------------------
    def start(self) -> "PicoRig":
        why = missing() or no_image()
        if why:
            raise RigError("the emulated Pico cannot run: " + why)
        argv = ["node", RIG, "--flash", self.flash_path, "--save", self.flash_path,
                "--bootrom", picoimage.BOOTROM, "--serial-log", self.serial_log]
        if self.realtime:
            argv.append("--realtime")
        elif self.lockstep:
            argv.append("--lockstep")
        pass_fds = ()
        if self.pty:
            self._master, self._slave = os.openpty()
            tty.setraw(self._master)
            tty.setraw(self._slave)
            self.port = os.ttyname(self._slave)
            argv += ["--serial-fd", str(self._master)]  # the same number in the child
            pass_fds = (self._master,)
        open(self.serial_log, "wb").close()
        err = open(self.err_log, "wb")
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                                     pass_fds=pass_fds, cwd=ROOT)
        err.close()
        threading.Thread(target=self._reader, daemon=True).start()
        return self

    def _reader(self):
        assert self.proc is not None and self.proc.stdout is not None
        for raw in self.proc.stdout:
            try:
                ev = json.loads(raw)
            except ValueError:
                continue
            kind = ev.get("ev")
            with self._cv:
                if kind == "frame":
                    self.frames.append(ev)
                elif kind == "done":
                    self._done[ev["id"]] = ev
                elif kind == "usb":
                    self.usb_at = ev["t"]
                elif kind == "cut":
                    self.cut = ev
                elif kind == "error":
                    self._errors.append(ev)
                self._cv.notify_all()
        with self._cv:
            self.exited = True
            self._cv.notify_all()

    def call(self, op: str, wall: float = 600, **kw) -> dict:
        """Send one op and wait (up to ``wall`` seconds of real time) for its answer."""
        if self.proc is None or self.proc.stdin is None:
            raise RigError("the rig is not running")
        with self._cv:
            self._next += 1
            i = self._next
        msg = dict(kw, op=op, id=i)
        try:
            self.proc.stdin.write((json.dumps(msg) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise RigError("the rig has exited:\n" + self.log())
        with self._cv:
            ok = self._cv.wait_for(lambda: i in self._done or self.exited, timeout=wall)
            if i in self._done:
                return self._done.pop(i)
            if self.exited and self.cut is not None:
                return {"ev": "cut", "cut": self.cut}  # the power went off as armed
        raise RigError("rig op %s %s: %s\n%s" % (op, kw, "exited" if ok else "timed out", self.log()))

    def stop(self) -> None:
        """Power off cleanly: the flash (with what the device wrote) is saved in flash.bin."""
        if self.proc is not None and self.proc.poll() is None:
            try:
                self.call("quit", wall=30)
            except RigError:
                pass
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for fd in (self._master, self._slave):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._master = self._slave = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def cleanup(self):
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)

    # -- the device ------------------------------------------------------------------------------
    def boot(self, settle: int = 600, timeout_ms: int = 20000) -> float:
        """Wait for the first screen (frames, then ``settle`` ms of quiet); the end of its last frame,
        in ms from power-on. The first screen is a whole one (every page, ``WHOLE_SCREEN`` bytes
        on the bus): the controller's setup alone is not it, whatever quiet follows (a long
        journal to fold at boot: a T.E.G. II table's ~1 s)."""
        count = 1
        while True:
            r = self.call("frames", count=count, settle=settle, timeout=timeout_ms, idle=True)
            if not r.get("ok"):
                raise RigError("no frame within %d ms of power-on:\n%s" % (timeout_ms, self.log()))
            if sum(f["bytes"] for f in self.frames) >= WHOLE_SCREEN or self.frames[-1]["t1"] > timeout_ms:
                return self.frames[-1]["t1"]
            count = r["frames"] + 1

    def now(self) -> float:
        return self.call("stats")["t"]

    def tap(self, *buttons: str, hold: int = 60, settle: int | None = None, timeout: int = 60000) -> dict:
        pins = [PINS[b] for b in buttons]
        before = len(self.frames)
        # a hold (a LONG) stays down until the app has seen it down that long; a tap is let go at
        # its time once the app has seen it (the pin interrupt keeps its edges)
        r = self.call("tap", pins=pins, hold=hold, settle=self.settle if settle is None else settle,
                      timeout=timeout, held=hold if hold >= LONG_MS else 0)
        self.taps.append((r["edge"], r["t"], before, hold))
        return r

    def wait(self, ms: int) -> None:
        self.call("wait", ms=ms)

    def later(self, seconds: float) -> None:
        """The clock jumps ``seconds`` ahead at once (the simulator's ``later``: a game clock's
        minutes without running them), then runs until the device has drawn what the jump
        changed and gone idle (as after a tap: ``settle`` ms of quiet glass, the core asleep)."""
        self.call("later", ms=seconds * 1000, settle=self.settle)

    def script(self, lines, png_dir: str | None = None) -> None:
        """Run simulator script lines (a list, or a file path)."""
        if isinstance(lines, str):
            with open(lines) as f:
                lines = f.read().splitlines()
        for words, raw in script_steps(lines):
            cmd = words[0]
            if cmd in PINS:
                self.tap(cmd)
            elif cmd == "long":
                self.tap(words[1], hold=1000)
            elif cmd == "hold":
                self.tap(*words[1].split("+"), hold=int(words[2]))
            elif cmd == "wait":
                self.wait(int(words[1]))
            elif cmd == "later":
                self.later(float(words[1]))
            elif cmd == "png":
                if png_dir:
                    self.png(os.path.join(png_dir, words[1] + ".png"))
            elif cmd == "quit":
                return
            else:
                raise RigError("pico script: unknown line %r" % raw)

    def screen(self) -> bytes:
        """The SSD1306's display RAM (8 pages x 128 columns, MONO_VLSB like the app's buffer)."""
        return bytes.fromhex(self.call("screen")["ram"])

    def pixels(self) -> list:
        ram = self.screen()
        return [[(ram[(y >> 3) * 128 + x] >> (y & 7)) & 1 for x in range(128)] for y in range(64)]

    def png(self, path: str, scale: int = 3) -> str:
        from PIL import Image
        img = Image.new("1", (128, 64))
        for y, row in enumerate(self.pixels()):
            for x, v in enumerate(row):
                img.putpixel((x, y), v)
        if scale != 1:
            img = img.resize((128 * scale, 64 * scale), Image.NEAREST)
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        img.save(path)
        return path

    def text(self) -> str:
        """The glass as 64 lines of '#'/'.' (for failure messages)."""
        return "\n".join("".join("#" if v else "." for v in row) for row in self.pixels())

    # -- results ---------------------------------------------------------------------------------
    def serial_output(self) -> bytes:
        with open(self.serial_log, "rb") as f:
            return f.read()

    def log(self) -> str:
        out = ""
        for p in (self.err_log,):
            try:
                with open(p, encoding="utf-8", errors="replace") as f:
                    out += f.read()[-3000:]
            except OSError:
                pass
        try:
            out += "\n--- serial ---\n" + self.serial_output()[-2000:].decode("utf-8", "replace")
        except OSError:
            pass
        return out

    def files(self) -> dict:
        """Every file on the device's littlefs (read from the saved flash after ``stop()``)."""
        with open(self.flash_path, "rb") as f:
            img = f.read()
        region = img[picoimage.FS_OFFSET:picoimage.FS_OFFSET + picoimage.BLOCK_SIZE * picoimage.BLOCK_COUNT]
        return picoimage.read_littlefs(region)

    def journal(self):
        """(events, good_len, problem) of the device's journal, as comando.journal_read reads it: the
        game on the raw flash sectors (device/journal_flash.py, read by that same module) or, for
        a game an older firmware started, /data/journal.log."""
        from comando import journal_read
        files = self.files()
        with open(self.flash_path, "rb") as f:
            img = f.read()
        region = img[picoimage.FS_OFFSET:picoimage.FS_OFFSET + picoimage.BLOCK_SIZE * picoimage.BLOCK_COUNT]
        data = flash_journal(region, files)
        if data is None:
            data = files.get("/data/journal.log", b"")
        path = os.path.join(self.root, "journal.log")
        with open(path, "wb") as f:
            f.write(data)
        return journal_read.read_file(path)

    def press_latencies(self, start: int = 0, holds: bool = False) -> list:
        """For every tap from ``start`` on that changed the glass: ms from the button edge to the
        last I2C byte of the picture it brought (the last frame before the display went quiet).
        With ``holds``, the holds instead (held LONG_MS or more: ``long ok``), from the moment
        the device recognises the hold (the edge + LONG_MS) to the last frame after it."""
        out = []
        for edge, done, before, hold in self.taps[start:]:
            if (hold >= LONG_MS) != holds:
                continue
            seen = edge + LONG_MS if holds else edge
            after = [f for f in self.frames[before:] if f["t0"] >= seen and f["t1"] <= done]
            if after:
                out.append(after[-1]["t1"] - seen)
        return out
