"""Ask a running Comando app to stop and give the MicroPython REPL back (`make deploy`,
`comando doctor`).

The app holds Ctrl-C off for its whole life (device.app.main), so a raw 0x03 on USB (line noise,
or mpremote's Ctrl-C) never stops a game. What stops it is one deliberate, CRC-checked link
frame: a hello carrying ``{"stop": "repl"}`` (comando.sync STOP_FOR_REPL). The app answers by
printing ``STOPPED`` and returning to the REPL; firmware older than this ignores the frame (a
foreign hello) and still honours mpremote's Ctrl-C, which the callers send next anyway.
"""

from __future__ import annotations

import time

from comando import link as L
from comando import sync

STOPPED = b"Comando stopped for the REPL"
PROMPT = b">>> "


def stop_frame() -> bytes:
    return L.encode(L.HELLO, 0, {"v": L.PROTOCOL, "game": "", "stop": sync.STOP_FOR_REPL})


def request_stop(port, timeout=3.0, clock=time.monotonic) -> bool:
    """Send the stop frame on an open port; True when the app said it stopped. False: no
    Comando app answered in ``timeout`` seconds (a REPL already, or older firmware). Stops
    early at a bare REPL prompt (no app is running: nothing to wait for)."""
    port.write(stop_frame())
    data = bytearray()
    end = clock() + timeout
    while clock() < end:
        chunk = port.read(256)
        if not chunk:
            continue
        data.extend(chunk)
        if STOPPED in data:
            return True
        if data.endswith(PROMPT):
            return False
    return False
