"""SIGTERM and SIGHUP as a clean exit for the commands that start a simulated device (`run`,
`sim`): by default either signal ends Python at once, skipping every ``finally``, and the
MicroPython child it started kept running (an orphan holding the device's journal). Inside
``exit_on_signals()`` the first of them raises SystemExit(128 + signal) where the program is,
so its clean-up (stopping the device) runs; a second one while it runs is ignored."""

from __future__ import annotations

import contextlib
import signal
import threading

SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextlib.contextmanager
def exit_on_signals():
    if threading.current_thread() is not threading.main_thread():
        yield   # (only the main thread may set handlers; a caller's thread keeps its own)
        return

    def stop(signum, frame):
        for s in SIGNALS:
            signal.signal(s, signal.SIG_IGN)   # the clean-up is not cut short by a second one
        raise SystemExit(128 + signum)

    old = {s: signal.signal(s, stop) for s in SIGNALS}
    try:
        yield
    finally:
        for s, h in old.items():
            signal.signal(s, h)
