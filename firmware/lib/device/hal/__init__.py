"""The hardware abstraction: one small interface, three implementations.

``device.hal.pico``   the Raspberry Pi Pico (machine.Pin, machine.I2C, littlefs, USB CDC stdio)
``device.hal.blinka`` CPython on a Linux board (adafruit-blinka digitalio + busio.I2C)
``device.hal.sim``    the MicroPython unix port (terminal display, keyboard/script, directory, pty)

Each module defines ``make(**options)`` returning a Hal (below). The app sees only these members:

- ``hal.buttons``: ``read()`` -> bitmask of pressed buttons (bit i = ``BUTTONS[i]``), sampled now
- ``hal.oled``: a ``device.oled.OLED`` (``.fb`` to draw on, ``.show()`` sends dirty pages)
- ``hal.ticks_ms()``: a monotonic millisecond clock (wraps; use ``ticks_diff``)
- ``hal.urandom(n)``: n random bytes (the dice source)
- ``hal.root``: the directory the journal and settings live in; files through plain ``open``
  and ``os`` (littlefs on the Pico, a directory elsewhere); ``hal.fs_free()`` -> bytes free
- ``hal.serial``: ``None`` or an object with ``read()`` -> bytes (never blocks, b"" if nothing)
  and ``write(data)`` -> bytes accepted (never blocks; drops what the host cannot take now)
- ``hal.set_i2c_freq(hz)``: switch the bus speed (settings screen)
- ``hal.frame_done()``: called after each ``show()``: the sim renders/saves the frame here
- ``hal.poll_ms``: how often the app samples the buttons
- ``hal.open(path, mode)``: open a file in storage (the sim adds a quota to test a full disk)
"""

import os
import time

# Imported once here: on MicroPython an `import time` inside a function looks for a time.py on
# every sys.path entry before it takes the built-in module (time, os... can be extended by a
# file), a littlefs lookup per entry: ~3.5 ms a call on a Pico, for every button sample and die.
try:
    _ticks_ms = time.ticks_ms
except AttributeError:  # CPython
    _ticks_ms = lambda: int(time.monotonic() * 1000)  # noqa: E731  # pyright: ignore

BUTTONS = ("up", "down", "ok", "back", "roll")
UP, DOWN, OK, BACK, ROLL = 0, 1, 2, 3, 4


class Hal:
    poll_ms = 5

    def __init__(self, buttons, oled, root, serial=None):
        self.buttons = buttons
        self.oled = oled
        self.root = root
        self.serial = serial

    def ticks_ms(self):
        return _ticks_ms()

    def urandom(self, n):
        return os.urandom(n)

    def fs_free(self):
        try:
            st = os.statvfs(self.root)
            return st[0] * st[3]
        except (OSError, AttributeError):
            return 1 << 30

    def open(self, path, mode="rb"):
        return open(path, mode)

    def set_i2c_freq(self, hz) -> bool:
        return False

    def log(self, text):
        """A diagnostic line (the simulator writes it to stderr; the Pico drops it: stdout is
        the link)."""

    def alive(self):
        """False when the app should stop (the simulator's script ran out, or the user quit)."""
        return True

    def settled(self):
        """Called when every pending frame has been drawn (the simulator saves PNGs here)."""

    def frame_done(self):
        pass

    def close(self):
        pass


def load(name=None, **options):
    """The HAL for this platform: ``pico`` on rp2, ``sim`` on the unix port, ``blinka`` on CPython."""
    import sys
    if name is None:
        impl = sys.implementation.name
        if impl != "micropython":
            name = "blinka"
        elif sys.platform == "rp2":
            name = "pico"
        else:
            name = "sim"
    mod = __import__("device.hal." + name, None, None, ("make",))
    return mod.make(**options)
