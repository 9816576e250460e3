"""The Pico HAL (device/hal/pico.py) against stand-ins for MicroPython's ``machine`` module: pins
and the I2C bus come from device/pins.py only, buttons are pulled up (pressed reads 0), the OLED
address is found by scanning, the bus speed can be switched."""

import sys
import types

import pytest

from device import pins
from device.hal.panel import RecordingPanel


class FakePin:
    IN, OUT, PULL_UP = 0, 1, 2
    levels = {}
    made = []

    def __init__(self, n, mode=None, pull=None):
        self.n, self.mode, self.pull = n, mode, pull
        FakePin.made.append(self)

    def value(self):
        return FakePin.levels.get(self.n, 1)


class FakeI2C(RecordingPanel):
    made = []

    def __init__(self, bus_id, sda=None, scl=None, freq=None):
        RecordingPanel.__init__(self, addr=FakeI2C.addr)
        self.bus_id, self.sda, self.scl, self.freq = bus_id, sda, scl, freq
        FakeI2C.made.append(self)


@pytest.fixture
def machine(monkeypatch, tmp_path):
    m = types.ModuleType("machine")
    m.Pin, m.I2C = FakePin, FakeI2C
    FakePin.levels, FakePin.made, FakeI2C.made = {}, [], []
    FakeI2C.addr = 0x3C
    monkeypatch.setitem(sys.modules, "machine", m)
    return m


def make(**kw):
    from device.hal import pico
    import os
    real_mkdir = os.mkdir
    try:
        os.mkdir = lambda p: None  # /data is the Pico's; the stand-in does not create it
        return pico.make(serial=False, **kw)
    finally:
        os.mkdir = real_mkdir


def test_buttons_and_bus_come_from_the_pin_map(machine):
    hal = make()
    by_name = dict(pins.BUTTONS)
    button_pins = [p for p in FakePin.made if p.mode == FakePin.IN]
    assert sorted(p.n for p in button_pins) == sorted(by_name.values())
    assert all(p.pull == FakePin.PULL_UP for p in button_pins)
    bus = FakeI2C.made[0]
    assert (bus.bus_id, bus.sda.n, bus.scl.n, bus.freq) == (pins.I2C_ID, pins.I2C_SDA, pins.I2C_SCL,
                                                             pins.I2C_FREQ)
    assert hal.buttons.read() == 0
    FakePin.levels[by_name["roll"]] = 0  # wired to GND when pressed
    FakePin.levels[by_name["up"]] = 0
    assert hal.buttons.read() == 0b10001


def test_oled_at_0x3d_is_found_and_the_speed_switches(machine):
    FakeI2C.addr = 0x3D
    hal = make()
    hal.oled.fb.text("hi", 0, 0, 1)
    hal.oled.show()
    assert hal.oled.addr == 0x3D and FakeI2C.made[0].page_bytes() == hal.oled.buf
    assert hal.set_i2c_freq(1_000_000)
    assert FakeI2C.made[-1].freq == 1_000_000 and hal.oled.i2c is FakeI2C.made[-1]
