"""The shared core's tests, run again under the real MicroPython unix port with a capped heap."""

import glob
import os

import pytest

from micropython_tools import ROOT, module_heap, run_micropython

CORE_TESTS = sorted(glob.glob(os.path.join(ROOT, "tests", "core", "test_*.py")))


@pytest.mark.parametrize("path", CORE_TESTS, ids=lambda p: os.path.basename(p)[:-3])
def test_core_module_under_micropython(path):
    modname = os.path.basename(path)[:-3]
    heap = module_heap(path)
    proc = run_micropython(["tests/mpy_runner.py", ROOT, modname], heap=heap)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"{modname} failed under MicroPython (heap {heap}):\n{out}"
    assert "0 failed" in out and " passed" in out, out
