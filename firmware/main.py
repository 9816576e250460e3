"""Boots the Comando device app (this file becomes /main.py on the Pico).

The same file runs the simulator on the MicroPython unix port:
    MICROPYPATH=firmware/lib .venv/bin/micropython firmware/main.py
"""

import sys

# On the Pico the app's modules are in /lib (or frozen into the image) and the root holds only
# this file and the data: every top-level import (and every extensible built-in such as time or
# json, which MicroPython looks for as a file first) searched the root's littlefs first for
# nothing, ~1.7 ms each on the way to the first screen.
if "" in sys.path:
    sys.path.remove("")

import device.app  # noqa: E402

device.app.main()
