"""The Pico app: screens, input, display, journal, link endpoint. Hardware behind device.hal."""

import sys

# MicroPython looks for a file before it takes an extensible built-in module (time, os, json...:
# a time.py on sys.path would win), and does not keep the built-in in sys.modules: every
# `import json` in every module searched the filesystem again, ~3.4 ms each on a Pico (littlefs).
# The ones the app imports on its way to the first screen are kept there once found.
if sys.implementation.name == "micropython":
    for _name in ("time", "os", "json", "array", "binascii", "collections", "machine"):
        if _name not in sys.modules:   # (a test's main.py may stand in for one: it stays)
            try:
                sys.modules[_name] = __import__(_name)
            except ImportError:   # (the unix port has no machine)
                pass
    del _name
