"""Shared helpers for the hardware tests: import hardware/build.py and the pin map by path."""

import importlib.util
import os
import types

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_build():
    spec = importlib.util.spec_from_file_location("comando_hardware_build",
                                                  os.path.join(ROOT, "hardware", "build.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pins_like(pins, **changes):
    """A copy of the pin map with some constants changed (the real module stays untouched)."""
    fake = types.SimpleNamespace(**{k: getattr(pins, k) for k in dir(pins) if k.isupper()})
    for k, v in changes.items():
        setattr(fake, k, v)

    def assignments():
        out = [("i2c%d_sda" % fake.I2C_ID, fake.I2C_SDA), ("i2c%d_scl" % fake.I2C_ID, fake.I2C_SCL)]
        out += [("button_" + n, gp) for n, gp in fake.BUTTONS]
        if fake.BATTERY_SENSE is not None:
            out.append(("battery_adc", fake.BATTERY_SENSE))
        return tuple(out)

    fake.assignments = assignments
    fake.button_names = lambda: tuple(n for n, _ in fake.BUTTONS)
    return fake
