import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# tests/ for the shared helpers (micropython_tools), tests/core for mpytest, firmware/lib for the
# device package (comando itself is installed editable).
for extra in (os.path.join(ROOT, "tests"), os.path.join(ROOT, "tests", "core"),
              os.path.join(ROOT, "firmware", "lib")):
    if extra not in sys.path:
        sys.path.insert(0, extra)
