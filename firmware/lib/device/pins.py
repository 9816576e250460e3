"""The one pin map of the Comando device (GPx numbers of the Raspberry Pi Pico).

This is the single source of truth: the Pico HAL builds its Pins and I2C from it, and
hardware/build.py renders the wiring diagram, the pin table and the checks from it. No pin number
is written anywhere else.
"""

# OLED on I2C0. GP4/GP5 are a valid SDA/SCL pair for the RP2040's I2C0 block.
I2C_ID = 0
I2C_SDA = 4
I2C_SCL = 5
I2C_FREQ = 400_000  # 1_000_000 works with short wires; settings screen can switch

# Buttons wire GPx to GND; the firmware enables the internal pull-ups (pressed reads 0).
BUTTONS = (
    ("up", 6),
    ("down", 7),
    ("ok", 8),
    ("back", 9),
    ("roll", 10),  # the big button: roll / repeat attack
)

# Optional battery build: LiPo voltage through a 100k/100k divider into ADC2.
BATTERY_SENSE = 28
