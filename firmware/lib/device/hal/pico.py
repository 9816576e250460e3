"""The Raspberry Pi Pico HAL: machine.Pin buttons with pull-ups, the OLED on machine.I2C,
os.urandom dice (the RP2040 ring oscillator), littlefs files, USB CDC serial on stdio.

Every pin number comes from device.pins (the hardware engineer's pin map); none is written here.
"""

import os
import sys

from device.hal import Hal, BUTTONS
from device.oled import OLED


SIO_GPIO_IN = 0xD0000004   # the RP2040's SIO register with every GPIO's input level


def _latcher(latch, fell_at, rose_at, i, box, ticks_ms, FALL, RISE):
    # a hard IRQ must not allocate: its values are default arguments (a closure over more than
    # four cells would allocate its call's argument array on the heap); box[0] is the pin's irq
    # object, whose flags() say which edge fired (reading the pin would read SIO GPIO_IN)
    def irq(pin, latch=latch, fell_at=fell_at, rose_at=rose_at, i=i, bit=1 << i, box=box,
            ticks_ms=ticks_ms, FALL=FALL, RISE=RISE):
        f = box[0].flags()
        t = ticks_ms()
        if f & FALL:
            latch[0] |= bit
            fell_at[i] = t
        if f & RISE:
            rose_at[i] = t
    return irq


class PinButtons:
    """The five buttons: ``read()`` samples all of them at once (one read of SIO GPIO_IN: a
    sample is never half before and half after an edge, and costs one register read instead of
    five Pin calls); ``fell()`` the buttons whose line fell since the last call (taken before the
    sample). A pin interrupt on both edges latches the falls and keeps each edge's time in
    ``fell_at`` / ``rose_at``, so a tap that begins and ends while the loop is busy is still a
    press, and a release counts from when the hand let go (device.buttons). The interrupt never
    reads GPIO_IN: the bench's measure of the input loop's gaps (its reads of that register,
    tests/pico/rig.js) stays the loop's own."""

    def __init__(self, machine, pins):
        import array
        import time
        by_name = dict(pins.BUTTONS)
        self.gps = tuple(by_name[name] for name in BUTTONS)
        P = machine.Pin
        self.pins = [P(gp, P.IN, P.PULL_UP) for gp in self.gps]
        self.machine = machine
        self.mem32 = getattr(machine, "mem32", None)   # (None: a port or stand-in without it)
        self.latched = False   # the pin interrupts are set
        self.latch = bytearray(1)
        n = len(self.gps)
        self.fell_at = array.array("i", [0] * n)
        self.rose_at = array.array("i", [0] * n)
        for i, p in enumerate(self.pins):
            box = [None]
            try:
                box[0] = p.irq(_latcher(self.latch, self.fell_at, self.rose_at, i, box,
                                        time.ticks_ms, P.IRQ_FALLING, P.IRQ_RISING),
                               P.IRQ_FALLING | P.IRQ_RISING, hard=True)
                self.latched = True
            except (AttributeError, TypeError, ValueError, OSError):   # a port without them
                pass

    def read(self):
        if self.mem32 is None:
            m = 0
            for i, p in enumerate(self.pins):
                if not p.value():   # wired to GND: pressed reads 0
                    m |= 1 << i
            return m
        v = self.mem32[SIO_GPIO_IN]
        m = 0
        i = 0
        for gp in self.gps:
            if not (v >> gp) & 1:  # wired to GND: pressed reads 0
                m |= 1 << i
            i += 1
        return m

    def fell(self):
        if not self.latched:
            return 0
        m = self.machine
        s = m.disable_irq()
        f = self.latch[0]
        self.latch[0] = 0
        m.enable_irq(s)
        return f


class PicoHal(Hal):
    poll_ms = 2   # (a press is seen 1 ms after its edge on average; a sample costs ~0.2 ms)

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
