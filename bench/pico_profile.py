"""Where the time goes on the emulated RP2040: the scripted T.E.G. session (as bench_pico's
session figures), one line per press: the script line, press-to-glass ms, the longest input-loop
gap during it, and the flash erases/programs it caused.

    .venv/bin/python bench/pico_profile.py [--lines N]
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "tests"), os.path.join(ROOT, "tests", "pico"), os.path.join(ROOT, "firmware", "lib")):
    sys.path.insert(0, p)

from picorig import PicoRig, PINS, rig_main, script_steps  # noqa: E402

# --trace: the app's phases timed on the device, one "~T name us" line each on the USB serial
TRACE = """
import time as _time
from comando import session as _S
from device import journal as _J, oled as _O
_us = _time.ticks_us
_L = []
def _wrap(obj, name, label):
    f = getattr(obj, name)
    def w(*a, **k):
        t = _us()
        r = f(*a, **k)
        _L.append((label, _time.ticks_diff(_us(), t), t))
        return r
    setattr(obj, name, w)
class _GC:
    def collect(self):
        t = _us()
        gc.collect()
        _L.append(('gc', _time.ticks_diff(_us(), t), t))
    def __getattr__(self, n):
        return getattr(gc, n)
_idle = _J.Journal.idle
def _out(self):
    # the timings go out on the serial line at idle, off the press's path
    t0 = None
    for lb, dt, t in _L:
        if lb == 'press' and t0 is None:
            t0 = t
    if t0 is None and _L:
        t0 = _L[0][2]
    while _L:
        lb, dt, t = _L.pop(0)
        sys.stdout.write('~T %s %d %d\\n' % (lb, dt, _time.ticks_diff(t, t0)))
    t = _us()
    r = _idle(self)
    t = _time.ticks_diff(_us(), t)
    if t > 1000:
        _L.append(('journal_idle', t, _us()))
    return r
device.app.gc = _GC()
_wrap(device.app.App, 'press', 'press')
_wrap(device.app.App, 'submit', 'submit')
_wrap(device.app.App, 'draw', 'draw')
_wrap(_J.Journal, 'prepare', 'prepare')
_wrap(_J.Journal, 'write', 'write')
_wrap(device.app.App, 'home', 'home')
_wrap(device.app.App, 'load_board', 'load_board')
_wrap(device.app.App, 'preload_step', 'preload')
_wrap(device.app.App, 'preload_board', 'preload_board')
_wrap(device.app.App, 'after_step', 'step')
_wrap(device.app.App, 'flush', 'flush')
_J.Journal.idle = _out
from comando.session import rules as _R
from comando import combat as _C
from device import ui as _U
from comando import odds_fixed as _OF
_wrap(_O.OLED, '_send', 'send')
_wrap(_S, 'make', 'make')
_wrap(_S, 'apply', 'apply')
"""

SESSION = os.path.join(ROOT, "tests", "device_scripts", "teg_session.txt")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lines", type=int, default=0, help="stop after this many presses")
    ap.add_argument("--trace", action="store_true", help="time the app's phases on the device")
    a = ap.parse_args(argv)
    main_py = None
    if a.trace:
        main_py = rig_main(seed=7).replace(b"device.app.main()", TRACE.encode() + b"device.app.main()")
    rig = PicoRig(seed=7, main=main_py).start()
    seen = [0]

    def traced():
        out = rig.serial_output()
        new, seen[0] = out[seen[0]:], len(out)
        parts = {}
        for ln in new.decode("utf-8", "replace").splitlines():
            if ln.startswith("~T "):
                _, name, us, at = ln.split()
                parts.setdefault(name, []).append((int(us) / 1000, int(at) / 1000))
        return "  " + " ".join("%s=%s" % (k, "+".join("%.0f@%.0f" % x for x in v)) for k, v in parts.items())
    try:
        print("boot_to_screen %.1f" % rig.boot())
        rig.tap("ok")
        with open(SESSION) as f:
            lines = f.read().splitlines()
        n = 0
        for words, _ in script_steps(lines):
            s0 = rig.call("stats")
            rig.call("poll_window")
            k = len(rig.taps)
            if words[0] == "long":
                rig.tap(words[1], hold=1000)
            elif words[0] in PINS:
                rig.tap(words[0])
            else:
                continue
            gap = rig.call("poll_gap")["max_ms"]
            s1 = rig.call("stats")
            lat = rig.press_latencies(k)
            edge, done, before = rig.taps[k][:3]
            fr = " ".join("%.0f-%.0f/%d" % (f["t0"] - edge, f["t1"] - edge, f["bytes"])
                          for f in rig.frames[before:] if f["t0"] >= edge)
            print("%-10s glass %6s  gap %6.1f  erases %d programs %d" % (
                " ".join(words), "%.1f" % lat[0] if lat else "-", gap,
                s1["erases"] - s0["erases"], s1["programs"] - s0["programs"])
                  + (traced() if a.trace else "") + "  frames " + fr, flush=True)
            n += 1
            if a.lines and n >= a.lines:
                return 0
    finally:
        rig.stop()
        rig.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
