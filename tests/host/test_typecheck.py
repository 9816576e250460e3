"""pyright (basedpyright) over firmware/: the Pico view against the MicroPython rp2 stubs and the
shared core's CPython view. Any error or warning fails with the checker's diagnostics.

Run alone: ``.venv/bin/python tests/typecheck.py`` (or this file with pytest).
"""

import os
import shutil

import pytest

import typecheck

EXCLUDED_FROM_PICO = ("blinka.py", "sim.py", "panel.py", "pyfb.py", "font8x8.py", "png.py",
                      "manifest.py", "manifest_sim.py")


def _py_files(top, skip=()):
    n = 0
    for dirpath, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        n += sum(1 for f in files if f.endswith(".py") and f not in skip)
    return n


@pytest.mark.parametrize("view", typecheck.VIEWS)
def test_firmware_type_checks(view):
    clean, report, files = typecheck.check(view)
    assert clean, "basedpyright found problems (run: .venv/bin/python tests/typecheck.py)\n" + report
    # A config that silently checks nothing must not pass.
    top = "firmware" if view == "pico" else os.path.join("firmware", "lib", "comando")
    expected = _py_files(os.path.join(typecheck.ROOT, top),
                         EXCLUDED_FROM_PICO if view == "pico" else ())
    assert files >= expected > 0, report


DEVICE_PROBE = '''\
import sys
import time

import framebuf
import machine

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731

WIDTH = const(128)


class Screen(framebuf.FrameBuffer):
    def __init__(self):
        self.buf = bytearray(WIDTH * 8)
        super().__init__(self.buf, WIDTH, 64, framebuf.MONO_VLSB)


def poll(pin=machine.Pin(6, machine.Pin.IN, machine.Pin.PULL_UP)):
    t0 = time.ticks_ms()
    try:
        Screen().text("ok", 0, 0, 1)
    except Exception as e:
        sys.print_exception(e)
    return pin.value(), time.ticks_diff(time.ticks_ms(), t0)


def wrong():
    return time.monotonic()  # CPython only: the Pico view must flag it
'''

CORE_PROBE = '''\
try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731

N = const(3)


def wrong():
    return "N=" + N  # a str plus an int, in both views
'''


def _line(text, needle):
    return [i for i, line in enumerate(text.splitlines(), 1) if needle in line][0]


def test_checker_catches_errors(tmp_path):
    """Control: the same configs on a tiny tree flag a CPython-only call on the Pico and a plain
    type error in the core, and accept machine/framebuf/const/ticks/print_exception."""
    root = str(tmp_path)
    os.makedirs(os.path.join(root, "firmware", "lib", "comando"))
    os.makedirs(os.path.join(root, "firmware", "lib", "device"))
    shutil.copy(os.path.join(typecheck.ROOT, "pyrightconfig.json"), root)
    shutil.copy(os.path.join(typecheck.ROOT, "firmware", "pyrightconfig.json"),
                os.path.join(root, "firmware"))
    with open(os.path.join(root, "firmware", "lib", "device", "probe.py"), "w") as f:
        f.write(DEVICE_PROBE)
    with open(os.path.join(root, "firmware", "lib", "comando", "probe.py"), "w") as f:
        f.write(CORE_PROBE)

    core_at = "%s:%d:" % (os.path.join("firmware", "lib", "comando", "probe.py"),
                          _line(CORE_PROBE, '"N=" + N'))
    device_at = "%s:%d:" % (os.path.join("firmware", "lib", "device", "probe.py"),
                            _line(DEVICE_PROBE, "time.monotonic()"))

    clean, report, _ = typecheck.check("pico", root)
    assert not clean
    problems = sorted(line for line in report.splitlines() if ": error: " in line)
    assert len(problems) == 2, report
    assert problems[0].startswith(core_at) and problems[1].startswith(device_at), report
    assert '"monotonic" is not a known attribute of module "time"' in problems[1]

    clean, report, _ = typecheck.check("cpython", root)
    assert not clean
    problems = sorted(line for line in report.splitlines() if ": error: " in line)
    assert len(problems) == 1, report
    assert problems[0].startswith(core_at), report
    assert 'Operator "+" not supported' in problems[0]
