"""The pin map (firmware/lib/device/pins.py) against the RP2040 and the firmware (issue 7).

RP2040 datasheet, section 2.19.2 "Function Select": GPIO n has I2C((n >> 1) & 1) as function 3,
SDA on even n and SCL on odd n; ADC inputs are GP26..GP29. The Pico breaks out GP0-GP22 and
GP26-GP28 (GP23 SMPS mode, GP24 VBUS sense, GP25 LED, GP29 VSYS/3 stay on the board)."""

import os
import re

import pytest

from hwtools import ROOT, load_build, pins_like

B = load_build()
PINS = B.load_pins()

# The RP2040's I2C pin tables, written out independently of hardware/build.py.
I2C0_SDA = {0, 4, 8, 12, 16, 20, 24, 28}
I2C0_SCL = {1, 5, 9, 13, 17, 21, 25, 29}
I2C1_SDA = {2, 6, 10, 14, 18, 22, 26}
I2C1_SCL = {3, 7, 11, 15, 19, 23, 27}
ADC_PINS = {26, 27, 28}  # on the header; GP29 is internal (VSYS/3)
HEADER = set(range(0, 23)) | {26, 27, 28}


def test_build_tables_match_the_datasheet_rule():
    assert set(B.RP2040_I2C[0]["sda"]) == I2C0_SDA and set(B.RP2040_I2C[0]["scl"]) == I2C0_SCL
    assert set(B.RP2040_I2C[1]["sda"]) == I2C1_SDA and set(B.RP2040_I2C[1]["scl"]) == I2C1_SCL
    for gp in range(30):
        block = (gp >> 1) & 1
        role = "sda" if gp % 2 == 0 else "scl"
        assert gp in B.RP2040_I2C[block][role]
    assert set(B.PICO_HEADER_GPIOS) == HEADER


def test_one_function_per_pin_and_all_on_the_header():
    gps = [gp for _, gp in PINS.assignments()]
    assert len(gps) == len(set(gps)), PINS.assignments()
    assert set(gps) <= HEADER
    assert len(PINS.BUTTONS) == 5
    B.validate_pins(PINS)


def test_i2c_pins_belong_to_the_chosen_block():
    sda, scl = {0: (I2C0_SDA, I2C0_SCL), 1: (I2C1_SDA, I2C1_SCL)}[PINS.I2C_ID]
    assert PINS.I2C_SDA in sda
    assert PINS.I2C_SCL in scl


def test_battery_sense_is_an_adc_pin():
    assert PINS.BATTERY_SENSE in ADC_PINS
    assert PINS.BATTERY_DIVIDER * 3.3 >= 4.2  # a full LiPo stays under the ADC's 3.3 V


def test_button_names_are_the_firmware_buttons():
    from device import hal
    assert PINS.button_names() == tuple(hal.BUTTONS)


@pytest.mark.parametrize("change, message", [
    ({"I2C_SDA": 5, "I2C_SCL": 4}, "cannot be SDA of I2C0"),
    ({"I2C_SDA": 2, "I2C_SCL": 3}, "cannot be SDA of I2C0"),
    ({"I2C_ID": 1}, "cannot be SDA of I2C1"),
    ({"I2C_SCL": 9}, "two functions"),
    ({"BUTTONS": (("up", 6), ("down", 6), ("ok", 8), ("back", 9), ("roll", 10))}, "two functions"),
    ({"BUTTONS": (("up", 24),) + PINS.BUTTONS[1:]}, "not a GPIO on the Pico's header"),
    ({"BATTERY_SENSE": 21}, "not an ADC input"),
    ({"BUTTONS": (("up", 11), ("up", 7), ("ok", 8), ("back", 9), ("roll", 10))}, "share a name"),
])
def test_validator_rejects_conflicts(change, message):
    with pytest.raises(B.HardwareError, match=message):
        B.validate_pins(pins_like(PINS, **change))


def test_valid_alternatives_pass():
    B.validate_pins(pins_like(PINS, I2C_ID=1, I2C_SDA=2, I2C_SCL=3))
    B.validate_pins(pins_like(PINS, I2C_ID=1, I2C_SDA=26, I2C_SCL=27, BATTERY_SENSE=None))


def test_physical_pins_of_the_pico_header():
    assert B.physical_pin(0) == 1 and B.physical_pin(4) == 6 and B.physical_pin(15) == 20
    assert B.physical_pin(16) == 21 and B.physical_pin(22) == 29 and B.physical_pin(28) == 34
    assert B.GND_PINS == (3, 8, 13, 18, 23, 28, 38)
    assert B.PICO_HEADER[36] == "3V3(OUT)" and B.PICO_HEADER[33] == "AGND"
    with pytest.raises(B.HardwareError):
        B.physical_pin(25)


# ------------------------------------------------------------------ the firmware uses the map

HARD_CODED = [
    re.compile(r"\b(?:Pin|ADC|PWM|Signal)\s*\(\s*\d"),              # Pin(4), ADC(28)
    re.compile(r"\b(?:I2C|SoftI2C|SPI|UART)\s*\(\s*\d[^)]*\b(?:sda|scl|tx|rx|sck|mosi|miso)\s*=\s*\d"),
    re.compile(r"[(,]\s*(?:sda|scl|tx|rx|sck|mosi|miso)\s*=\s*(?:machine\.)?(?:Pin\s*\(\s*)?\d"),
    re.compile(r"\bboard\.GP\d"),                                     # Blinka board.GP4
]


def firmware_sources():
    for base, _dirs, files in os.walk(os.path.join(ROOT, "firmware")):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(base, name)
                if os.path.relpath(path, ROOT) != os.path.join("firmware", "lib", "device", "pins.py"):
                    yield path


def test_no_pin_number_hard_coded_in_the_firmware():
    offenders = []
    for path in firmware_sources():
        with open(path, encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                code = line.split("#", 1)[0]
                for rx in HARD_CODED:
                    if rx.search(code):
                        offenders.append("%s:%d: %s" % (os.path.relpath(path, ROOT), lineno, line.strip()))
    assert not offenders, "pin numbers belong in device/pins.py:\n" + "\n".join(offenders)


def test_the_scan_would_catch_a_hard_coded_pin():
    bad = ["btn = machine.Pin(6, machine.Pin.IN)", "i2c = I2C(0, sda=Pin(4), scl=Pin(5))",
           "adc = ADC(28)", "sda = board.GP4", "bus = SoftI2C(scl=5, sda=4)"]
    for line in bad:
        assert any(rx.search(line) for rx in HARD_CODED), line
    good = ["machine.Pin(pins.I2C_SDA)", "I2C(pins.I2C_ID, sda=Pin(pins.I2C_SDA))", "self.rx = 0"]
    for line in good:
        assert not any(rx.search(line) for rx in HARD_CODED), line


class FakeMachine:
    """Records every pin the Pico HAL asks for."""

    def __init__(self):
        self.pins = []
        self.i2c = []
        machine = self

        class Pin:
            IN, OUT, PULL_UP, PULL_DOWN = 0, 1, 2, 3

            def __init__(self, n, mode=None, pull=None):
                machine.pins.append((n, mode, pull))
                self.n = n

            def value(self):
                return 1

        class I2C:
            def __init__(self, ident, sda=None, scl=None, freq=None):
                machine.i2c.append((ident, sda.n, scl.n, freq))
                self.sent = []

            def scan(self):
                return [0x3C]

            def writeto(self, addr, buf):
                self.sent.append((addr, bytes(buf)))

        self.Pin, self.I2C = Pin, I2C


def _pico_hal_pins(monkeypatch, pins_module):
    import sys
    from device.hal import pico
    fake = FakeMachine()
    monkeypatch.setitem(sys.modules, "machine", fake)
    monkeypatch.setattr(pico.os, "mkdir", lambda *a: None)
    pico.make(serial=False)
    return fake


def test_pico_hal_builds_exactly_the_pins_of_the_map(monkeypatch):
    fake = _pico_hal_pins(monkeypatch, PINS)
    assert fake.i2c == [(PINS.I2C_ID, PINS.I2C_SDA, PINS.I2C_SCL, PINS.I2C_FREQ)]
    buttons = [(n, pull) for n, mode, pull in fake.pins if mode is not None]
    assert buttons == [(gp, 2) for _, gp in PINS.BUTTONS]  # every button with PULL_UP
    used = {n for n, _, _ in fake.pins}
    assert used == {PINS.I2C_SDA, PINS.I2C_SCL} | {gp for _, gp in PINS.BUTTONS}


def test_pico_hal_follows_a_changed_map(monkeypatch):
    from device import pins
    moved = tuple((n, gp + 10) for n, gp in pins.BUTTONS)  # GP16..GP20
    monkeypatch.setattr(pins, "BUTTONS", moved)
    monkeypatch.setattr(pins, "I2C_ID", 1)
    monkeypatch.setattr(pins, "I2C_SDA", 2)
    monkeypatch.setattr(pins, "I2C_SCL", 3)
    fake = _pico_hal_pins(monkeypatch, pins)
    assert fake.i2c[0][:3] == (1, 2, 3)
    assert [n for n, mode, _ in fake.pins if mode is not None] == [gp for _, gp in moved]


def test_pin_map_runs_under_micropython():
    from micropython_tools import run_micropython
    proc = run_micropython(["-c", "from device import pins; print(pins.assignments()); "
                                  "print(pins.button_names())"])
    assert proc.returncode == 0, proc.stderr
    assert "('i2c0_sda', %d)" % PINS.I2C_SDA in proc.stdout
    assert "'roll'" in proc.stdout


def test_battery_is_read_on_the_pin_map_adc_pin():
    from device import selftest

    class Machine:
        asked = []

        class Pin:
            def __init__(self, n):
                Machine.asked.append(n)
                self.n = n

        class ADC:
            def __init__(self, pin):
                self.pin = pin

            def read_u16(self):
                return 36700  # 1.848 V at the pin: a 3.70 V cell behind the 1:2 divider

    volts = selftest.battery_volts(Machine)
    assert Machine.asked == [PINS.BATTERY_SENSE]
    assert abs(volts - 3.696) < 0.01
    assert selftest.battery_label(volts) == "Battery: 3.70 V"
    assert selftest.battery_label(0.02) == "Battery: none"
    assert selftest.battery_label(None) is None

    class NoAdc:
        pass
    assert selftest.battery_volts(NoAdc) is None
