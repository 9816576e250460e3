"""`comando run` (`make run`): the device on the table.

- With a terminal: a Pico on USB (VID 0x2E8A) is used if one is attached (say so, show what it
  sends); otherwise the simulated device runs in this terminal: keys drive the five buttons.
- Without a terminal (CI, a pipe): a short scripted demo on the simulator; the frames are saved
  as PNGs under out/demo/ (their paths printed) and the command exits 0.

The link engineer extends this to start the laptop mirror alongside (``DEVICE_HOOKS``).
"""

from __future__ import annotations

import os
import sys
import time
from comando_host.text.lang import _, _n

PICO_VID = 0x2E8A

DEMO = """\
# New game: T.E.G., 4 players, default colours -> start
png 01-new-game
roll
png 02-who-starts
ok
png 03-placing
ok x4
ok x4
png 04-round
ok
png 05-turn
roll
png 06-dice
roll
png 07-rolled
roll
png 08-again
long roll
png 09-until-conquest
back
ok
png 10-next-turn
"""

# Called with (port, simulator-or-None) once the device is up; the link issue adds the mirror.
DEVICE_HOOKS = []

try:  # issue 6: the laptop mirror alongside the device
    from comando_host.terminal.mirror_hook import mirror_hook
    DEVICE_HOOKS.append(mirror_hook)
except ImportError:  # pragma: no cover
    pass


def _write_view(path, fit):
    with open(path + ".tmp", "w") as f:
        f.write("%s\n%s\n" % (fit.view, fit.hint))
    os.replace(path + ".tmp", path)


def find_pico():
    """The serial port of an attached Raspberry Pi Pico (USB VID 0x2E8A), or None."""
    try:
        from serial.tools import list_ports
    except ImportError:
        return None
    for p in list_ports.comports():
        if getattr(p, "vid", None) == PICO_VID:
            return p.device
    return None


def register(subparsers):
    p = subparsers.add_parser("run", help=_("the device: a Pico if attached, else the simulator"))
    p.add_argument("--sim", action="store_true", help=_("use the simulator even if a Pico is attached"))
    p.add_argument("--demo", action="store_true", help=_("run the scripted demo (as with no terminal)"))
    p.add_argument("--out", default=None, help=_("where the demo saves its frames (default out/demo)"))
    p.add_argument("--dir", default=None, help=_("the simulated device's storage directory"))
    p.add_argument("--view", choices=("half", "braille"), default=None,
                   help=_("terminal picture: half blocks (130 columns) or braille (66 columns); "
                        "default: what fits this terminal with the mirror beside or below"))
    p.set_defaults(func=run)


def run(args) -> int:
    from comando_host.pico.exitsignals import exit_on_signals
    with exit_on_signals():   # SIGTERM, SIGHUP: the device is stopped too, on every path
        return _run(args)


def _run(args) -> int:
    from comando_host import resources
    from comando_host.store.db import Store
    Store().close()  # the game database must be usable before the device starts (else one line)
    interactive = sys.stdin.isatty() and sys.stdout.isatty() and not args.demo
    if not interactive:
        return demo(args.out or resources.work_dir("demo", checkout="out"), args.dir)
    port = None if args.sim else find_pico()
    if port:
        return use_pico(port)
    return interactive_sim(args)


def demo(out: str, root: str | None = None) -> int:
    from comando_host import resources
    from comando_host.pico.simulator import run_script
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(out):
        if name.endswith(".png"):
            os.remove(os.path.join(out, name))
    root = root or resources.work_dir("demo-device")
    sim = run_script(DEMO.splitlines(), root=root, fresh=True, png_dir=out, seed=2026)
    frames = sim.frames()
    stats = sim.stats()
    sent = [b for b in stats["frames"] if b]
    events = sim.events()
    game = events[0].get("game", "") if events else ""
    print(_("comando run: no terminal, so a scripted demo ran on the simulated device"))
    presses = stats.get("presses", 0)
    print(_("  %s played on its buttons; the device journaled %s%s in %s/journal.log")
          % (_n("{n} press", "{n} presses", presses).format(n=presses),
             _n("{n} event", "{n} events", len(events)).format(n=len(events)),
             _(" of game %s") % game if game else "", os.path.relpath(root, os.getcwd())))
    if sent:
        print(_("  its screen was redrawn %s (%s sent to the display over I2C)")
              % (_n("{n} time", "{n} times", len(sent)).format(n=len(sent)),
                 _n("{n} byte", "{n} bytes", sum(sent)).format(n=sum(sent))))
    print(_("  %s of the screen saved as PNG:") % _n("{n} picture", "{n} pictures", len(frames)).format(
        n=len(frames)))
    for f in frames:
        print("   ", os.path.relpath(f, os.getcwd()))
    for hook in DEVICE_HOOKS:
        rc = hook(None, sim)
        if rc:   # (the linked demo's check failed: said on stderr; make run fails too)
            return rc
    return 0


def use_pico(port: str) -> int:
    import serial
    print(_("comando run: a Pico is attached on {port}: using it (Ctrl-C to stop)").format(port=port))
    for hook in DEVICE_HOOKS:
        hook(port, None)
    if DEVICE_HOOKS:
        return 0
    with serial.Serial(port, 115200, timeout=0.2) as s:
        try:
            while True:
                data = s.read(256)
                if data:
                    sys.stdout.write(data.decode("utf-8", "replace"))
                    sys.stdout.flush()
        except KeyboardInterrupt:
            return 0


class _QuietStderr:
    """fd 2 (and sys.stderr) sent to a file, and back: a file-descriptor level redirection, so
    C code and threads writing to stderr are caught too."""

    def __init__(self, path):
        self.path = path
        self.saved = None

    def on(self):
        sys.stderr.flush()
        self.saved = os.dup(2)
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(fd, 2)
        os.close(fd)

    def off(self):
        if self.saved is None:
            return
        try:
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        os.dup2(self.saved, 2)
        os.close(self.saved)
        self.saved = None


def interactive_sim(args) -> int:
    import signal
    from comando_host import resources
    from comando_host.pico.simulator import Simulator
    from comando_host.terminal.termfit import layout, terminal_size
    root = args.dir or resources.work_dir("sim-device")
    from comando_host.terminal.mirror_hook import live_page
    from comando_host.store.db import default_path
    srv = live_page(default_path())
    page = srv.url if srv is not None else None
    print(_("comando run: no Pico attached: the simulated device runs here "
          "(w/s up/down, enter ok, b back, r roll, capitals for a long press, p png, q quit)"))
    time.sleep(0.8)
    fit = layout(*terminal_size(), want=args.view, page=page)
    viewfile = os.path.join(os.path.abspath(root), "term.view")
    sim = Simulator(root=root, term="/dev/tty", serial=True,
                    extra_env={"COMANDO_SIM_VIEW": fit.view, "COMANDO_SIM_HINT": fit.hint,
                               "COMANDO_SIM_VIEWFILE": viewfile})
    sim.layout = fit
    _write_view(viewfile, fit)

    def resized(signum, frame):
        # follow the terminal: a new view for the device (it redraws), a new mirror region
        sim.layout = layout(*terminal_size(), want=args.view, page=page)
        _write_view(viewfile, sim.layout)
        relayout = getattr(sim, "relayout", None)
        if relayout is not None:
            relayout(sim.layout)

    old = signal.signal(signal.SIGWINCH, resized)
    # While the device owns the terminal nothing else may reach it but the picture and the
    # mirror: this process's stderr (warnings, the web server's log, a thread's traceback) goes
    # to host.log beside the device's sim.log until the device stops.
    quiet = _QuietStderr(os.path.join(os.path.abspath(root), "host.log"))
    sim.start()
    try:
        quiet.on()
        for hook in DEVICE_HOOKS:   # (inside the try: a hook that fails stops the device too)
            hook(sim.port, sim)
        rc = sim.wait()
    except KeyboardInterrupt:
        rc = 0
    finally:
        signal.signal(signal.SIGWINCH, old)
        sim.stop()
        quiet.off()
    if rc:
        print(sim.log(), file=sys.stderr)
    if os.path.exists(quiet.path) and os.path.getsize(quiet.path):
        print(_("comando run: the host's messages while the device ran are in {file}").format(file=quiet.path))
    print(_("comando run: the simulated device stopped; its journal is {dir}/journal.log").format(dir=root))
    return 0 if rc in (0, None) else 1
