"""Boots the Comando device app (this file becomes /main.py on the Pico).

The same file runs the simulator on the MicroPython unix port:
    MICROPYPATH=firmware/lib .venv/bin/micropython firmware/main.py
"""

import device.app

device.app.main()
