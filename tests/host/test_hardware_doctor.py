"""`comando doctor` (issue 7): finds the Pico by USB ids, opens its port, checks the firmware's
hello against this laptop's version, probes the MicroPython REPL, and says what is wrong in a
player's words. Driven with fake ports, a fake clock and a real MicroPython REPL on a pty."""

import errno
import os
import pty
import select
import subprocess

import pytest

from comando import __version__ as HOST_VERSION
from comando import link as L
from comando_host import cli
from comando_host.commands import doctor as D
from micropython_tools import ROOT, micropython_argv


class FakeClock:
    def __init__(self, step=0.05):
        self.t = 0.0
        self.step = step

    def __call__(self):
        self.t += self.step
        return self.t


class PortInfo:
    def __init__(self, device, vid, pid):
        self.device, self.vid, self.pid = device, vid, pid


class FakeDevice:
    """A serial port whose far end reacts to what is written, like the real device would."""

    def __init__(self, mode, fw=HOST_VERSION, v=L.PROTOCOL, comando=None, crash=None,
                 unsolicited=False):
        self.mode, self.fw, self.v = mode, fw, v
        self.comando, self.crash = comando, crash
        self.out = bytearray()
        self.written = bytearray()
        self.closed = False
        self.decoder = L.Decoder()
        self.interrupted = False
        if unsolicited and mode == "comando":  # the device hellos every second when alone
            self.out += b"boot noise\r\n" + self._hello()

    def _hello(self):
        return L.encode(L.HELLO, 17, {"v": self.v, "game": "g1", "board": "", "fw": self.fw,
                                      "first": 1})

    def write(self, data):
        self.written += data
        if self.mode == "comando":
            for ftype, _seq, payload in self.decoder.feed(data):
                if ftype == L.HELLO and payload.get("game") != "g1":
                    self.out += self._hello()
            return len(data)
        if self.mode == "repl":
            if b"\x03" in data:
                self.interrupted = True
                self.out += b"\r\nKeyboardInterrupt\r\n>>> "
            elif data.startswith(b"exec(") and self.interrupted:
                v = self.comando or "none"
                self.out += data.rstrip(b"\r") + b"\r\n"  # echo
                self.out += ("CMDV %s | 3.4.0; MicroPython v1.24.1 on 2024-11-29 | "
                             "Raspberry Pi Pico with RP2040\r\n>>> " % v).encode()
            elif data == b"\x04":
                self.out += b"MPY: soft reboot\r\n"
                if self.crash:
                    self.out += ('Traceback (most recent call last):\r\n  File "main.py", line 3,'
                                 ' in <module>\r\n%s\r\nMicroPython v1.24.1 on 2024-11-29; '
                                 'Raspberry Pi Pico with RP2040\r\nType "help()" for more '
                                 'information.\r\n>>> ' % self.crash).encode()
        return len(data)

    def read(self, n=1):
        data = bytes(self.out[:n])
        del self.out[:n]
        return data

    def close(self):
        self.closed = True


def opener_for(device):
    def opener(path):
        return device
    return opener


def raising(exc):
    def opener(path):
        raise exc
    return opener


def run_diag(**kw):
    kw.setdefault("clock", FakeClock())
    kw.setdefault("bootsel", lambda: False)
    return D.diagnose(**kw)


def levels(findings):
    return [f.level for f in findings]


def text(findings):
    return "\n".join(f.render() for f in findings)


# --------------------------------------------------------------------------- finding the Pico

def test_no_device_says_so_and_suggests_a_data_cable():
    f = run_diag(ports=[PortInfo("/dev/ttyS0", None, None), PortInfo("/dev/ttyUSB0", 0x1A86, 0x7523)])
    assert levels(f) == [D.FAIL]
    assert "No Comando device found" in f[0].text
    assert "data" in f[0].fix


def test_bootsel_mode_is_explained():
    f = run_diag(ports=[], bootsel=lambda: True)
    assert "BOOTSEL" in f[0].text and "UF2" in f[0].fix and "make deploy" in f[0].fix


def test_circuitpython_board_is_recognised():
    f = run_diag(ports=[PortInfo("/dev/ttyACM0", 0x239A, 0x80F4)])
    assert "CircuitPython" in f[0].text and "MicroPython UF2" in f[0].fix


def test_bootsel_detection_reads_usb_ids_from_sysfs(tmp_path):
    for name, vid, pid in (("1-1", "1d6b", "0002"), ("1-2", "2e8a", "0003")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "idVendor").write_text(vid + "\n")
        (tmp_path / name / "idProduct").write_text(pid + "\n")
    assert D.bootsel_present(str(tmp_path))
    (tmp_path / "1-2" / "idProduct").write_text("0005\n")  # MicroPython running: not BOOTSEL
    assert not D.bootsel_present(str(tmp_path))
    assert not D.bootsel_present(str(tmp_path / "missing"))


def test_pico_found_by_vendor_id_and_firmware_matches():
    dev = FakeDevice("comando")
    f = run_diag(ports=[PortInfo("/dev/ttyS0", None, None), PortInfo("/dev/ttyACM0", 0x2E8A, 0x0005)],
                 opener=opener_for(dev))
    assert D.FAIL not in levels(f) and D.WARN not in levels(f)
    assert "ttyACM0" in f[0].text and "2e8a:0005" in f[0].text
    assert any("matches this laptop" in x.text for x in f)
    assert any("game g1 (17 events" in x.text for x in f)
    assert dev.closed
    # the doctor's own hello is a foreign game, so the device never attaches to it
    frames = L.Decoder().feed(bytes(dev.written))
    assert frames[0][0] == L.HELLO and frames[0][2]["game"] == ""
    assert b"\x03" not in dev.written  # a running firmware was never interrupted


def test_unsolicited_hello_after_boot_noise_is_read():
    dev = FakeDevice("comando", unsolicited=True)
    assert D.probe_hello(dev, 1.0, FakeClock())["fw"] == HOST_VERSION


def test_firmware_version_mismatch_says_make_deploy():
    f = run_diag(port="/dev/ttyACM0", opener=opener_for(FakeDevice("comando", fw="0.0.9")))
    warn = [x for x in f if x.level == D.WARN]
    assert warn and "0.0.9" in warn[0].text and HOST_VERSION in warn[0].text
    assert "make deploy" in warn[0].fix


def test_protocol_mismatch_is_a_failure():
    f = run_diag(port="/dev/ttyACM0", opener=opener_for(FakeDevice("comando", fw="9.0", v=99)))
    assert D.FAIL in levels(f)
    assert any("protocol 99" in x.text for x in f)


# ------------------------------------------------------------------------------ port problems

def test_permission_denied_gives_the_dialout_and_udev_fix():
    exc = OSError(errno.EACCES, "[Errno 13] could not open port /dev/ttyACM0: Permission denied")
    f = run_diag(port="/dev/ttyACM0", opener=raising(exc))
    assert levels(f) == [D.FAIL]
    assert "permission denied" in f[0].text
    assert "usermod -aG dialout" in f[0].fix and "udev" in f[0].fix and "2e8a" in f[0].fix


def test_serial_exception_text_is_classified():
    import serial
    f = run_diag(port="/dev/ttyACM0", opener=raising(serial.SerialException(
        "[Errno 13] could not open port /dev/ttyACM0: [Errno 13] Permission denied: '/dev/ttyACM0'")))
    assert "permission denied" in f[0].text


def test_busy_port_names_the_usual_culprits():
    import serial
    f = run_diag(port="/dev/ttyACM0", opener=raising(serial.SerialException(
        "Could not exclusively lock port /dev/ttyACM0: [Errno 11] Resource temporarily unavailable")))
    assert "busy" in f[0].text and "Thonny" in f[0].fix
    f = run_diag(port="/dev/ttyACM0", opener=raising(OSError(errno.EBUSY, "Device or resource busy")))
    assert "busy" in f[0].text


def test_windows_access_denied_means_busy():
    exc = PermissionError(13, "could not open port 'COM3': PermissionError(13, 'Access is denied.', None, 5)")
    f = D.port_error_finding("COM3", exc, windows=True)
    assert "busy" in f.text and "PuTTY" in f.fix
    assert "permission denied" in D.port_error_finding("/dev/ttyACM0", exc, windows=False).text


def test_vanished_port():
    f = run_diag(port="/dev/ttyACM7", opener=raising(FileNotFoundError(errno.ENOENT, "No such file")))
    assert "does not exist" in f[0].text


# ---------------------------------------------------------------------------- REPL fallbacks

def test_micropython_without_comando():
    dev = FakeDevice("repl", comando=None)
    f = run_diag(port="/dev/ttyACM0", opener=opener_for(dev))
    assert levels(f)[-1] == D.FAIL
    assert "MicroPython 3.4.0; MicroPython v1.24.1" in f[-1].text
    assert "not installed" in f[-1].text and "make deploy" in f[-1].fix


def test_comando_installed_but_not_running_shows_the_error():
    dev = FakeDevice("repl", comando=HOST_VERSION, crash="ImportError: no module named 'device.app'")
    f = run_diag(port="/dev/ttyACM0", opener=opener_for(dev))
    assert "not running" in f[-1].text
    assert "ImportError: no module named 'device.app'" in f[-1].text
    assert dev.written.endswith(b"\x04")  # soft reset so main.py gets another go


def test_installed_old_version_not_running_also_warns():
    dev = FakeDevice("repl", comando="0.0.1")
    f = run_diag(port="/dev/ttyACM0", opener=opener_for(dev))
    assert f[-1].level == D.WARN and "0.0.1" in f[-1].text


def test_silent_port():
    f = run_diag(port="/dev/ttyACM0", opener=opener_for(FakeDevice("silent")))
    assert levels(f)[-1] == D.FAIL and "nothing answered" in f[-1].text and "BOOTSEL" in f[-1].fix


class PtyPort:
    """The host end of a pseudo-terminal, with the read/write/close a serial port has."""

    def __init__(self, fd):
        self.fd = fd

    def read(self, n=1):
        r, _, _ = select.select([self.fd], [], [], 0.05)
        if not r:
            return b""
        try:
            return os.read(self.fd, n)
        except OSError:
            return b""

    def write(self, data):
        return os.write(self.fd, data)

    def close(self):
        pass


@pytest.mark.parametrize("with_comando", [False, True])
def test_real_micropython_repl_on_a_pty(with_comando, tmp_path):
    """The REPL probe against the real MicroPython unix port's REPL on a terminal."""
    master, slave = pty.openpty()
    env = dict(os.environ)
    env["MICROPYPATH"] = os.path.join(ROOT, "firmware", "lib") if with_comando else str(tmp_path)
    proc = subprocess.Popen(micropython_argv(None), stdin=slave, stdout=slave, stderr=slave, env=env,
                            cwd=str(tmp_path), close_fds=True)
    os.close(slave)
    try:
        info = D.probe_repl(PtyPort(master), timeout=10.0, after_reset=0.5)
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
    assert info is not None, "no REPL answer from the MicroPython unix port"
    assert info["micropython"].startswith("3.") and "MicroPython" in info["micropython"]
    assert info["comando"] == (HOST_VERSION if with_comando else None)


# ----------------------------------------------------------------------------------- the CLI

def test_cli_exit_codes_and_output(monkeypatch, capsys):
    monkeypatch.setattr(D, "list_ports", lambda: [])
    monkeypatch.setattr(D, "bootsel_present", lambda *a: False)
    assert cli.main(["doctor"]) == 1
    out = capsys.readouterr().out
    assert "No Comando device found" in out and "1 problem found" in out
    monkeypatch.setattr(D, "default_opener", opener_for(FakeDevice("comando")))
    monkeypatch.setattr(D, "diagnose", lambda port=None, **kw: D.check_port(
        port, opener_for(FakeDevice("comando")), FakeClock()))
    assert cli.main(["doctor", "--port", "/dev/ttyACM0"]) == 0
    assert "all good" in capsys.readouterr().out


def test_doctor_against_the_real_firmware_in_the_simulator():
    """End to end: the firmware under the MicroPython unix port answers the doctor's hello on
    its pseudo-terminal with its version, which is this laptop's."""
    from comando_host.pico.simulator import Simulator
    sim = Simulator(script=["wait 200"] * 150, serial=True, fast=False).start()
    try:
        findings = D.diagnose(port=sim.port, hello_timeout=8.0, repl_timeout=1.0)
    finally:
        sim.stop()
        sim.cleanup()
    assert [f.level for f in findings] == [D.OK, D.OK], text(findings)
    assert "matches this laptop" in findings[1].text


class SyncPort:
    """A port whose far end is the device's real link state machine (comando.sync.DeviceSync)
    with no game, as a freshly started device: what it writes back is what the firmware would."""

    def __init__(self, sync, clock):
        self.sync, self.clock = sync, clock
        self.written = bytearray()
        self.out = bytearray()

    def write(self, data):
        self.written += data
        self.sync.feed(data, self.clock.t)
        self.out += self.sync.take()
        return len(data)

    def read(self, n=1):
        self.sync.tick(self.clock.t)
        self.out += self.sync.take()
        data = bytes(self.out[:n])
        del self.out[:n]
        return data

    def close(self):
        pass


def test_doctor_twice_within_a_second_never_interrupts_the_device():
    """Issue 13: the second `comando doctor` got no hello (the first had attached), probed the
    REPL and its Ctrl-C stopped the device. Every doctor hello is answered; no Ctrl-C is sent
    to a device that speaks the link protocol."""
    from comando import sync as Y
    clock = FakeClock(0.01)
    dev = Y.DeviceSync(Y.MemorySource(), "", fw=HOST_VERSION)
    for _ in range(2):
        port = SyncPort(dev, clock)
        findings = D.check_port("/dev/ttyACM0", opener_for(port), clock, hello_timeout=0.5)
        assert all(f.level != D.FAIL for f in findings), findings
        assert b"\x03" not in port.written
        assert not dev.attached    # the doctor attaches nothing
        assert not dev.stop_requested and b'"stop"' not in port.written  # never stops a game


def test_doctor_sends_no_ctrl_c_when_link_frames_come_but_no_hello():
    clock = FakeClock()

    class Beating(FakeDevice):
        def read(self, n=1):
            return L.encode(L.BEAT, 5)

    dev = Beating("comando")
    findings = D.check_port("/dev/ttyACM0", opener_for(dev), clock, hello_timeout=0.5)
    assert b"\x03" not in dev.written and b'"stop"' not in dev.written
    assert findings[-1].level == D.WARN and "is running" in findings[-1].text


def test_doctor_probing_the_repl_asks_an_app_to_stop_before_its_ctrl_c():
    """Only when no link frame came (no game is running): the stop-for-REPL frame first (the
    app holds Ctrl-C off; comando_host.pico.repl_stop), then Ctrl-C for older firmware or a script."""
    from comando_host.pico import repl_stop
    dev = FakeDevice("repl", comando="0.1.0")
    findings = D.check_port("/dev/ttyACM0", opener_for(dev), FakeClock(), hello_timeout=0.5)
    stop = bytes(dev.written).find(repl_stop.stop_frame())
    assert 0 <= stop < bytes(dev.written).find(b"\x03")
    assert any("not running" in f.text for f in findings), text(findings)


def test_a_port_error_mid_check_is_a_finding_not_a_pyserial_message():
    import serial
    clock = FakeClock()

    class Gone(FakeDevice):
        def read(self, n=1):
            raise serial.SerialException("device reports readiness to read but returned no "
                                         "data (device disconnected or multiple access on port?)")

    findings = D.check_port("/dev/ttyACM0", opener_for(Gone("comando")), clock)
    assert findings[-1].level == D.FAIL
    assert "stopped answering" in findings[-1].text and "readiness" not in findings[-1].text
