"""`make deploy` reaches a device that is running Comando: the stop-for-REPL link frame
(comando_host.pico.repl_stop) stops the app cleanly and mpremote's Ctrl-A then finds the raw REPL,
while raw Ctrl-C bytes (garbage on the line, a stray Ctrl-C) change nothing: the app holds Ctrl-C
off for its whole life (issue 14, "Bad input": garbage on the serial port, it keeps running).

The simulator runs the real firmware under the MicroPython unix port with its stdio on a
pseudo-terminal (as the Pico's USB CDC is its stdio) and ``repl=True`` (the port's REPL after
main.py returns, as on a Pico). The fake mpremote below sends exactly what mpremote 1.2x's
``enter_raw_repl`` sends (mpremote/transport_serial.py): ``\\r\\x03``, drain, ``\\r\\x01``.
"""

import os
import random
import time

import serial

from comando import link as L
from comando_host.pico import firmware, repl_stop
from comando_host.pico.simulator import Simulator


def _read_until(port, end, timeout=10.0):
    data = b""
    deadline = time.time() + timeout
    while time.time() < deadline and not data.endswith(end):
        data += port.read(port.in_waiting or 1)
    return data


def _read_line_with(port, mark, timeout=10.0):
    """What the port sent until a whole line holding ``mark`` came (or the timeout, a guard: the
    wait ends as soon as the line is in)."""
    data = b""
    deadline = time.time() + timeout
    while time.time() < deadline:
        at = data.find(mark)
        if at >= 0 and b"\n" in data[at:]:
            break
        data += port.read(port.in_waiting or 1)
    return data


def _wait(cond, timeout=10.0):
    deadline = time.time() + timeout
    while time.time() < deadline and not cond():
        time.sleep(0.05)
    return cond()


def _hello(port):
    """Send a hello whose payload carries Ctrl-C, Ctrl-A and Ctrl-D; the device answers with its
    own hello (so it read the frame, and kept running)."""
    frame = L.encode(L.HELLO, 0, {"v": L.PROTOCOL, "game": "", "doctor": 1, "x": "\x03\x01\x04"})
    assert not any(b < 0x20 for b in frame[:-1])  # escaped: only the final LF is a control byte
    port.write(frame)
    return _read_line_with(port, b"~H")   # the device's hello frame, to its end of line


def test_ctrl_c_garbage_changes_nothing_and_the_stop_frame_gives_the_raw_repl(tmp_path):
    sim = Simulator(root=str(tmp_path / "dev"), keys=True, seed=3, repl=True).start()
    try:
        with serial.Serial(sim.port, 115200, timeout=0.1) as port:
            sim.press("roll")  # a new game (defaults), then who starts
            sim.press("ok")
            assert _wait(lambda: len(sim.events()) >= 2), sim.log()

            # Ctrl-C inside a link frame: escaped by the codec, the device answers and plays on.
            answer = _hello(port)
            assert b"~H" in answer, answer

            # Raw Ctrl-C bytes: mpremote's enter_raw_repl (Ctrl-C, Ctrl-A), then garbage full of
            # them, inside and outside frames: line noise, the app keeps running.
            rng = random.Random(14)
            port.write(b"\r\x03\x03\r\x01")
            for _ in range(5):
                junk = bytes(rng.choice((3, 3, 1, 4, 10, 13, 126, rng.randrange(256)))
                             for _ in range(200))
                port.write(junk + b"~H 0 {\x03}\n")
                time.sleep(0.05)
            port.write(b"\n")
            sim.press("ok")  # end the first player's turn: not lost
            assert _wait(lambda: len(sim.events()) >= 3), sim.log()
            time.sleep(0.3)
            assert sim.running() and "stopped for the REPL" not in sim.log(), sim.log()
            answer = _hello(port)  # and the link still answers
            assert b"~H" in answer, answer
            before = sim.events()

            # The deliberate request: the app stops, says so, the REPL is there.
            while port.in_waiting:
                port.read(port.in_waiting)
            assert repl_stop.request_stop(port, timeout=10.0), sim.log()
            # mpremote's enter_raw_repl: Ctrl-C, drain, Ctrl-A.
            port.write(b"\r\x03")
            time.sleep(0.2)
            while port.in_waiting:
                port.read(port.in_waiting)
            port.write(b"\r\x01")
            got = _read_until(port, b"raw REPL; CTRL-B to exit\r\n>")
            assert got.endswith(b"raw REPL; CTRL-B to exit\r\n>"), got + sim.log().encode()

            # The raw REPL runs code: what mpremote's fs cp does.
            port.write(b"import sys; print(sys.implementation.name, 6 * 7)\x04")
            got = _read_until(port, b"\x04>")
            assert got.startswith(b"OK") and b"micropython 42" in got, got
            port.write(b"\x02")  # back to the friendly REPL, then Ctrl-D ends the unix port
            _read_until(port, b">>> ", 3.0)
            port.write(b"\x04")
            assert _wait(lambda: not sim.running(), 10.0), sim.log()
    finally:
        rc = sim.stop()
    assert rc == 0, sim.log()
    log = sim.log()
    assert "stop request on USB: stopped for the REPL" in log, log
    assert "Traceback" not in log, log
    events, good, problem = sim.journal()
    assert problem is None and events == before  # nothing torn, nothing lost or added
    assert [e["t"] for e in events][:2] == ["new", "first"] and len(events) == 3
    assert good == os.path.getsize(os.path.join(sim.root, "journal.log"))


def test_real_mpremote_execs_on_a_simulator_that_is_playing(tmp_path):
    """deploy's sequence against the running firmware: the stop frame (firmware.stop_running_app),
    then the real mpremote. ``resume``: the unix port's raw REPL has no soft reset (a Pico's has;
    there mpremote resets, then copies)."""
    import subprocess
    import sys
    mpremote = os.path.join(os.path.dirname(sys.executable), "mpremote")
    sim = Simulator(root=str(tmp_path / "dev"), keys=True, seed=5, repl=True).start()
    try:
        sim.press("roll")
        sim.press("ok")
        assert _wait(lambda: len(sim.events()) >= 2), sim.log()
        assert firmware.stop_running_app(sim.port, timeout=10.0), sim.log()
        proc = subprocess.run([mpremote, "connect", sim.port, "resume", "exec",
                               "import sys; print(sys.implementation.name, 6 * 7)"],
                              capture_output=True, text=True, timeout=30)
        assert proc.returncode == 0 and "micropython 42" in proc.stdout, proc.stdout + proc.stderr
    finally:
        sim.stop()
    assert "stop request on USB: stopped for the REPL" in sim.log()
    assert sim.journal()[2] is None and len(sim.events()) == 2


def test_the_serial_reader_hands_raw_ctrl_c_to_the_link_as_data():
    """No byte stops the app from the serial reader any more: 0x03 is data, and the link's
    decoder drops it as garbage (the stop is a CRC-checked frame)."""
    from device.stdio_serial import StdioSerial
    r, w = os.pipe()
    rd, wr = os.fdopen(r, "rb", buffering=0), os.fdopen(w, "wb", buffering=0)
    try:
        ser = StdioSerial(rd, wr)
        wr.write(L.encode(L.BEAT, 7, {"s": "a\x03b"}))  # Ctrl-C inside a frame: escaped
        assert ser.read(512).startswith(b"~B 7 ")
        wr.write(b"\r\x03\r\x01")
        assert ser.read(512) == b"\r\x03\r\x01"
        assert ser.rx > 4
    finally:
        rd.close()
        wr.close()
