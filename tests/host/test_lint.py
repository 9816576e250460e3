"""The lint: `ruff check` over the repository, with the rules pyproject.toml's [tool.ruff] sets
(pyflakes and pycodestyle: unused or undefined names, imports, whitespace). Run it alone:
.venv/bin/ruff check ."""

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def ruff():
    here = os.path.join(os.path.dirname(sys.executable), "ruff")
    return here if os.path.exists(here) else shutil.which("ruff")


def test_ruff_finds_nothing():
    exe = ruff()
    if exe is None:
        pytest.fail("ruff is not installed: pip install -e '.[test]'")
    proc = subprocess.run([exe, "check", "--no-cache", "--output-format", "concise", "."], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, "ruff check found problems:\n" + proc.stdout + proc.stderr
