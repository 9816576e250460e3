"""The Blinka HAL: the same app on CPython on a Linux board (a Raspberry Pi), with adafruit-blinka.

- buttons: ``digitalio.DigitalInOut`` inputs with pull-ups (pressed reads False). Which board pins
  carry which button is the board's wiring, not the Pico's pin map: pass ``button_pins`` (name ->
  board pin object) or set ``COMANDO_BLINKA_BUTTONS="up=D17,down=D27,ok=D22,back=D23,roll=D24"``
  (names of ``board`` attributes);
- display: ``busio.I2C`` and either the Comando dirty-span driver (``driver="comando"``, default)
  or Adafruit's adafruit_ssd1306 (``driver="adafruit"``: full frames, for comparison);
- storage: a directory (``~/.local/share/comando`` by default); random: os.urandom;
  serial: none by default (the host runs on the same machine).

Tests run it in Blinka's OS-agnostic mode (``BLINKA_OS_AGNOSTIC=1``) with a recording I2C object.
"""

import os
import time

from device.hal import Hal, BUTTONS
from device.oled import OLED


class DigitalButtons:
    def __init__(self, ios):
        self.ios = ios  # DigitalInOut per button, in BUTTONS order

    def read(self):
        m = 0
        for i, io in enumerate(self.ios):
            if not io.value:
                m |= 1 << i
        return m


class LockedI2C:
    """busio.I2C wants try_lock()/unlock() around every transfer; the driver wants writeto()."""

    def __init__(self, i2c):
        self.i2c = i2c

    def writeto(self, addr, data):
        while not self.i2c.try_lock():
            pass
        try:
            self.i2c.writeto(addr, bytes(data))
        finally:
            self.i2c.unlock()


class AdafruitOLED:
    """adafruit_ssd1306 behind the Comando OLED interface: draws into our canvas, copies it into
    the Adafruit driver's buffer and sends the whole frame (what most Blinka code does)."""

    def __init__(self, i2c, addr=0x3C, counter=None):
        import adafruit_ssd1306
        from device import canvas
        self.dev = adafruit_ssd1306.SSD1306_I2C(128, 64, i2c, addr=addr)
        self.buf, self.fb = canvas.new(128, 64)
        self.counter = counter  # an object with .bytes (a recording bus) to measure the cost
        self.last_bytes = 0
        self.bytes_sent = 0

    def show(self):
        before = self.counter.bytes if self.counter else 0
        self.dev.buffer[1:] = self.buf
        self.dev.show()
        if self.counter:
            self.last_bytes = self.counter.bytes - before
            self.bytes_sent += self.last_bytes
        return self.last_bytes

    def contrast(self, v):
        self.dev.contrast(v)

    def flip(self, on):
        self.dev.rotate(not on)

    def power(self, on):
        self.dev.poweron() if on else self.dev.poweroff()


class BlinkaHal(Hal):
    poll_ms = 5

    def __init__(self, i2c=None, button_pins=None, driver="comando", addr=0x3C, kind="ssd1306",
                 root=None, serial=None):
        import board
        import digitalio
        if button_pins is None:
            spec = os.environ.get("COMANDO_BLINKA_BUTTONS", "")
            names = dict(part.split("=", 1) for part in spec.split(",") if "=" in part)
            missing = [b for b in BUTTONS if b not in names]
            if missing:
                raise ValueError("blinka: no board pin for button(s) %s: set COMANDO_BLINKA_BUTTONS"
                                 % ", ".join(missing))
            button_pins = {b: getattr(board, names[b]) for b in BUTTONS}
        ios = []
        for name in BUTTONS:
            io = digitalio.DigitalInOut(button_pins[name])
            io.direction = digitalio.Direction.INPUT
            try:
                io.pull = digitalio.Pull.UP
            except (AttributeError, NotImplementedError, ValueError):
                pass  # a board without internal pull-ups needs external ones
            ios.append(io)
        self.buttons = DigitalButtons(ios)
        if i2c is None:
            import busio
            i2c = busio.I2C(board.SCL, board.SDA)
        self.i2c = i2c
        if driver == "adafruit":
            self.oled = AdafruitOLED(i2c, addr=addr, counter=i2c if hasattr(i2c, "bytes") else None)
        else:
            self.oled = OLED(LockedI2C(i2c) if hasattr(i2c, "try_lock") else i2c, addr=addr, kind=kind)
        if root is None:
            root = os.path.join(os.path.expanduser("~"), ".local", "share", "comando")
        os.makedirs(root, exist_ok=True)
        self.root = root
        self.serial = serial

    def ticks_ms(self):
        return int(time.monotonic() * 1000)

    def urandom(self, n):
        return os.urandom(n)

    def fs_free(self):
        st = os.statvfs(self.root)
        return st.f_bavail * st.f_frsize


def make(**kw):
    return BlinkaHal(**kw)
