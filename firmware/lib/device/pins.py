"""The one pin map of the Comando device (GPx numbers of the Raspberry Pi Pico).

This is the single source of truth: the Pico HAL builds its Pins and I2C from it, and
hardware/build.py renders the wiring diagram, the pin table and the enclosure's button labels from
it; tests/host/test_hardware_pins.py checks it against the RP2040's pin functions. No pin number
is written anywhere else (the test scans the firmware for hard-coded ``Pin(<number>)``).

Runs on MicroPython and CPython alike: plain constants and one small function.
"""

# OLED on I2C0. GP4/GP5 are a valid SDA/SCL pair for the RP2040's I2C0 block (physical pins 6/7,
# next to a GND at pin 8, so the OLED's four wires land on one short stretch of the header).
I2C_ID = 0
I2C_SDA = 4
I2C_SCL = 5
I2C_FREQ = 400_000  # 1_000_000 works with short wires; settings screen can switch

# Buttons wire GPx to GND; the firmware enables the internal pull-ups (pressed reads 0).
# Order is the order the self-test asks for them and the wiring diagram draws them.
BUTTONS = (
    ("up", 6),
    ("down", 7),
    ("ok", 8),
    ("back", 9),
    ("roll", 10),  # the big button: roll / repeat attack
)
BUTTON_PULL_UP = True  # pressed = 0; no external resistors

# Optional battery build: LiPo voltage through a 100k/100k divider into ADC2 (GP28).
# None when the build has no battery; volts = adc_volts * BATTERY_DIVIDER.
BATTERY_SENSE = 28
BATTERY_DIVIDER = 2


def assignments():
    """Every used pin as (function, GP number), e.g. ("i2c0_sda", 4), ("button_up", 6)."""
    out = [("i2c%d_sda" % I2C_ID, I2C_SDA), ("i2c%d_scl" % I2C_ID, I2C_SCL)]
    for name, gp in BUTTONS:
        out.append(("button_" + name, gp))
    if BATTERY_SENSE is not None:
        out.append(("battery_adc", BATTERY_SENSE))
    return tuple(out)


def button_names():
    return tuple(name for name, _ in BUTTONS)
