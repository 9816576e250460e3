"""Byte transport for the host end of the link, on pyserial.

``open_transport(spec)`` accepts:
- ``None`` / ``"auto"``: the first serial port whose USB ids are a Raspberry Pi Pico
  (VID 0x2E8A: MicroPython's CDC reports 0x2E8A:0x0005), e.g. /dev/ttyACM0 or COM3
- a device path: a real port (/dev/ttyACM0) or a pseudo-terminal (/dev/pts/7, the simulator)
- a pyserial URL: ``socket://host:port``, ``loop://`` (tests), ``rfc2217://``...

Reads never block (``timeout=0``); a write that would block longer than ``write_timeout`` is
dropped (the link protocol resends), so a stuck device never freezes the laptop.
"""

from __future__ import annotations

import select

import serial
import serial.tools.list_ports

from comando_host.cli import UsageError

PICO_VID = 0x2E8A
BAUD = 115200


def pico_ports():
    """Serial ports that are a Pico (by USB vendor id), best first."""
    found = []
    for p in serial.tools.list_ports.comports():
        if p.vid == PICO_VID:
            found.append(p.device)
    return sorted(found)


def resolve(spec: str | None) -> str:
    if spec in (None, "", "auto"):
        ports = pico_ports()
        if not ports:
            raise UsageError("no Pico found on USB (VID 0x2E8A); give a port, or run "
                             "'comando sim' for the simulated device")
        return ports[0]
    return spec


def is_pty(path: str | None) -> bool:
    """True for a pseudo-terminal's slave (/dev/pts/N, or a link to one): its number goes to the
    next program that opens a pty once nobody holds it, so a path seen again is not the same
    device (Unix98 pty slaves are majors 136-143)."""
    import os
    if not path or "://" in path:
        return False
    try:
        real = os.path.realpath(path)
        if real.startswith("/dev/pts/"):
            return True
        st = os.stat(real)
    except (OSError, ValueError):
        return False
    import stat
    return stat.S_ISCHR(st.st_mode) and 136 <= os.major(st.st_rdev) <= 143


class Transport:
    """A non-blocking byte pipe over a pyserial port.

    With ``threaded`` (the default for ports that have a file descriptor: real ports and
    pseudo-terminals) a reader thread drains the port all the time, so the device is never held
    up by a full tty buffer while the host is busy committing to disk.
    """

    def __init__(self, port, threaded=None):
        import threading
        self.port = port
        self.name = getattr(port, "name", None) or getattr(port, "port", "?")
        self.rx_bytes = 0
        self.tx_bytes = 0
        self.dropped_writes = 0
        self.broken = None
        self._buf = bytearray()
        self._cv = threading.Condition()
        self._stop = False
        self._thread = None
        if threaded is None:
            threaded = self.fileno() is not None
        if threaded:
            self._thread = threading.Thread(target=self._reader, name="serial-reader", daemon=True)
            self._thread.start()

    def _read_port(self, n):
        waiting = self.port.in_waiting
        return self.port.read(min(n, waiting) if waiting else 1)

    def _reader(self):
        fd = self.fileno()
        while not self._stop:
            try:
                select.select([fd], [], [], 0.05)
                if self._stop:
                    return
                data = self._read_port(1 << 16)
            except (serial.SerialException, OSError, ValueError, TypeError) as exc:
                if not self._stop:
                    self.broken = str(exc)
                with self._cv:
                    self._cv.notify_all()
                return
            if data:
                with self._cv:
                    self._buf.extend(data)
                    self._cv.notify_all()

    def read(self, n=65536) -> bytes:
        if self._thread is not None:
            with self._cv:
                data = bytes(self._buf[:n])
                del self._buf[:n]
            self.rx_bytes += len(data)
            return data
        if self.broken:
            return b""
        try:
            data = self._read_port(n)
        except (serial.SerialException, OSError) as exc:
            self.broken = str(exc)
            return b""
        self.rx_bytes += len(data)
        return data

    def write(self, data: bytes):
        if self.broken:
            return
        try:
            self.port.write(data)
            self.tx_bytes += len(data)
        except serial.SerialTimeoutException:
            self.dropped_writes += 1
        except (serial.SerialException, OSError) as exc:
            self.broken = str(exc)

    def fileno(self):
        try:
            return self.port.fileno()
        except Exception:
            return None

    def wait(self, timeout: float):
        """Sleep until bytes arrive or ``timeout`` passes."""
        if self._thread is not None:
            with self._cv:
                if not self._buf and not self.broken:
                    self._cv.wait(timeout)
            return
        fd = self.fileno()
        if fd is None:
            import time
            time.sleep(timeout)
            return
        try:
            select.select([fd], [], [], timeout)
        except (OSError, ValueError):
            pass

    def close(self):
        self._stop = True
        if self._thread is not None:
            self._thread.join(1.0)
        try:
            self.port.close()
        except Exception:
            pass


def open_transport(spec: str | None = None, write_timeout: float = 0.5) -> Transport:
    path = resolve(spec)
    try:
        port = serial.serial_for_url(path, baudrate=BAUD, timeout=0, write_timeout=write_timeout)
    except (serial.SerialException, OSError, ValueError) as exc:
        raise UsageError("cannot open %s: %s" % (path, exc)) from None
    return Transport(port)


class PipeTransport:
    """Both ends of an in-memory pipe with the Transport interface (tests, chaos)."""

    def __init__(self):
        self.inbox = bytearray()
        self.peer = None
        self.rx_bytes = self.tx_bytes = 0

    @staticmethod
    def pair():
        a, b = PipeTransport(), PipeTransport()
        a.peer, b.peer = b, a
        return a, b

    def read(self, n=65536):
        data = bytes(self.inbox[:n])
        del self.inbox[:n]
        self.rx_bytes += len(data)
        return data

    def write(self, data):
        self.tx_bytes += len(data)
        self.peer.inbox.extend(data)

    def wait(self, timeout):
        import time
        time.sleep(min(timeout, 0.001))

    def close(self):
        pass
