"""The Raspberry Pi Pico HAL: machine.Pin buttons with pull-ups, the OLED on machine.I2C,
os.urandom dice (the RP2040 ring oscillator), littlefs files, USB CDC serial on stdio.

Every pin number comes from device.pins (the hardware engineer's pin map); none is written here.
"""

import os
import sys

from device.hal import Hal, BUTTONS
from device.oled import OLED


SIO_GPIO_IN = 0xD0000004   # the RP2040's SIO register with every GPIO's input level


def _latcher(latch, at, i, ticks_ms):
    # a hard IRQ must not allocate: its values are default arguments (a closure over more than
    # four cells would allocate its call's argument array on the heap)
    def irq(pin, latch=latch, at=at, i=i, bit=1 << i, ticks_ms=ticks_ms):
        latch[0] |= bit
        at[i] = ticks_ms()
    return irq


class PinButtons:
    """The five buttons: ``read()`` samples all of them at once (one read of SIO GPIO_IN: a
    sample is never half before and half after an edge, and costs one register read instead of
    five Pin calls); ``fell()`` the buttons whose line fell since the last call (taken before the
    sample), latched by a pin interrupt on the falling edge with its time in ``fell_at``, so a tap
    that begins and ends while the loop is busy is still a press (device.buttons). The interrupt never reads GPIO_IN: the bench's measure of the input
    loop's gaps (its reads of that register, tests/pico/rig.js) stays the loop's own."""

    def __init__(self, machine, pins):
        by_name = dict(pins.BUTTONS)
        self.gps = tuple(by_name[name] for name in BUTTONS)
        self.pins = [machine.Pin(gp, machine.Pin.IN, machine.Pin.PULL_UP) for gp in self.gps]
        self.machine = machine
        self.mem32 = machine.mem32
        self.latch = bytearray(1)
        import array
        import time
        self.fell_at = array.array("i", [0] * len(self.gps))
        for i, p in enumerate(self.pins):
            try:
                p.irq(_latcher(self.latch, self.fell_at, i, time.ticks_ms), machine.Pin.IRQ_FALLING,
                      hard=True)
            except (TypeError, ValueError, OSError):  # pragma: no cover - a port without them
                pass

    def read(self):
        v = self.mem32[SIO_GPIO_IN]
        m = 0
        i = 0
        for gp in self.gps:
            if not (v >> gp) & 1:  # wired to GND: pressed reads 0
                m |= 1 << i
            i += 1
        return m

    def fell(self):
        m = self.machine
        s = m.disable_irq()
        f = self.latch[0]
        self.latch[0] = 0
        m.enable_irq(s)
        return f


class PicoHal(Hal):
    poll_ms = 5

    def __init__(self, freq=None, oled="ssd1306", addr=None, serial=True):
        import machine
        # (imported here, the numbers kept: device.app drops the pin map after the boot check)
        from device import pins
        self.machine = machine
        self.freq = freq or pins.I2C_FREQ
        self.bus = (pins.I2C_ID, pins.I2C_SDA, pins.I2C_SCL)
        self.i2c = machine.I2C(pins.I2C_ID, sda=machine.Pin(pins.I2C_SDA), scl=machine.Pin(pins.I2C_SCL),
                               freq=self.freq)
        if addr is None:
            found = self.i2c.scan()
            addr = 0x3D if 0x3D in found and 0x3C not in found else 0x3C
        self.oled = OLED(self.i2c, addr=addr, kind=oled)
        self.buttons = PinButtons(machine, pins)
        self.root = "/data"
        try:
            os.mkdir(self.root)
        except OSError:
            pass
        self._serial = serial  # True: made on first use (the link starts after the first screen)

    @property
    def serial(self):
        if self._serial is True:
            # a raw Ctrl-C arrives here as a byte (device.app.main holds it off): the laptop
            # stops the app for `make deploy` with a link frame (comando.sync STOP_FOR_REPL)
            from device.stdio_serial import StdioSerial
            self._serial = StdioSerial(sys.stdin.buffer, sys.stdout.buffer)
        return self._serial or None

    def journal_pool(self):
        """The journal's raw flash sectors inside littlefs (device/hal/picoflash.py)."""
        try:
            from device.hal.picoflash import PicoPool
            return PicoPool(self.root)
        except (ImportError, OSError, AttributeError):
            return None

    def journal_stored(self):
        try:
            os.stat(self.root + "/jseg")
            return True
        except OSError:
            return False

    def open(self, path, mode="rb"):
        return open(path, mode)

    def set_i2c_freq(self, hz):
        m = self.machine
        self.freq = hz
        bus, sda, scl = self.bus
        self.i2c = m.I2C(bus, sda=m.Pin(sda), scl=m.Pin(scl), freq=hz)
        self.oled.i2c = self.i2c
        return True

    def alive(self):
        return True

    def settled(self):
        pass


def make(**kw):
    return PicoHal(**kw)
