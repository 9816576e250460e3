"""The Blinka HAL (device/hal/blinka.py) on CPython.

With adafruit-blinka installed (``pip install -e '.[blinka]'`` in a venv of its own: its
``micropython`` package shadows the unix port's), this runs in Blinka's OS-agnostic mode
(BLINKA_OS_AGNOSTIC=1): real digitalio pins whose level is fixed by their name, busio replaced by
a recording I2C object. Without it, stand-ins with Blinka's API (board pins, DigitalInOut with
direction/pull/value) exercise the same HAL code.
"""

import os
import sys
import types

import pytest

from device.hal.panel import RecordingPanel

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")


def _real_blinka():
    try:
        import board  # noqa: F401
        import digitalio  # noqa: F401
        return True
    except Exception:
        return False


class _Pin:
    def __init__(self, level):
        self.level = level


def _stand_ins(monkeypatch):
    board = types.ModuleType("board")
    board.Dx_INPUT_TRUE_PULL_UP = _Pin(True)
    board.Dx_INPUT_FALSE = _Pin(False)
    digitalio = types.ModuleType("digitalio")

    class Direction:
        INPUT = "in"
        OUTPUT = "out"

    class Pull:
        UP = "up"
        DOWN = "down"

    class DigitalInOut:
        def __init__(self, pin):
            self.pin = pin
            self.direction = None
            self.pull = None

        @property
        def value(self):
            return self.pin.level

    digitalio.Direction, digitalio.Pull, digitalio.DigitalInOut = Direction, Pull, DigitalInOut
    monkeypatch.setitem(sys.modules, "board", board)
    monkeypatch.setitem(sys.modules, "digitalio", digitalio)
    return board


@pytest.fixture
def board(monkeypatch):
    if _real_blinka():
        import board
        return board
    return _stand_ins(monkeypatch)


def test_buttons_pull_ups_and_dirty_driver_on_a_recording_bus(board, tmp_path):
    from device.hal import blinka
    from device.app import App
    pins = {"up": board.Dx_INPUT_TRUE_PULL_UP, "down": board.Dx_INPUT_TRUE_PULL_UP,
            "ok": board.Dx_INPUT_FALSE,  # held low: pressed
            "back": board.Dx_INPUT_TRUE_PULL_UP, "roll": board.Dx_INPUT_TRUE_PULL_UP}
    bus = RecordingPanel()
    hal = blinka.make(i2c=bus, button_pins=pins, root=str(tmp_path))
    assert hal.buttons.read() == 0b00100  # only ok reads low
    app = App(hal)
    app.boot()
    app.draw()
    first = hal.oled.show()
    assert bus.page_bytes() == hal.oled.buf and first > 1000
    app.draw()
    assert hal.oled.show() == 0  # nothing changed, nothing sent
    assert hal.ticks_ms() >= 0 and len(hal.urandom(4)) == 4 and hal.fs_free() > 0


def test_missing_button_pins_is_a_clear_error(board, monkeypatch):
    from device.hal import blinka
    monkeypatch.setenv("COMANDO_BLINKA_BUTTONS", "up=Dx_INPUT_TRUE_PULL_UP")
    with pytest.raises(ValueError, match="down, ok, back, roll"):
        blinka.make(i2c=RecordingPanel())


def test_adafruit_ssd1306_driver_draws_the_same_frame(board, tmp_path):
    pytest.importorskip("adafruit_ssd1306")
    from device.hal import blinka
    pins = {b: board.Dx_INPUT_TRUE_PULL_UP for b in ("up", "down", "ok", "back", "roll")}
    bus = RecordingPanel()
    hal = blinka.make(i2c=bus, button_pins=pins, root=str(tmp_path), driver="adafruit")
    hal.oled.fb.text("Comando", 0, 0, 1)
    hal.oled.fb.rect(10, 20, 30, 30, 1)
    cost = hal.oled.show()
    assert bus.page_bytes() == bytes(hal.oled.buf)
    assert hal.oled.show() == cost  # Adafruit's driver resends the whole frame every time


def test_the_asyncio_loop_runs_on_cpython_and_a_button_press_reaches_the_app(board, tmp_path):
    """The same App.run() as on the Pico, on CPython's asyncio: input, display and their timing."""
    from device.hal import blinka
    from device.app import App

    class Pressed:
        """ROLL held for a while, then released: a new game starts (T.E.G. by default)."""
        def __init__(self):
            self.reads = 0

        def read(self):
            self.reads += 1
            return 0b10000 if 5 <= self.reads < 20 else 0

    pins = {b: board.Dx_INPUT_TRUE_PULL_UP for b in ("up", "down", "ok", "back", "roll")}
    hal = blinka.make(i2c=RecordingPanel(), button_pins=pins, root=str(tmp_path))
    hal.buttons = Pressed()
    hal.alive = lambda: hal.buttons.reads < 60
    app = App(hal)
    app.boot()
    app.run()
    assert app.state.rs == "teg" and app.journal.count == 1
    assert hal.oled.frames >= 2
