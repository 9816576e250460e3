"""`comando doctor`: is the Comando device plugged in, reachable and running matching firmware?

Checks, in the order a player would hit the problems:

1. a Raspberry Pi Pico on USB (pyserial's port list, USB vendor id 0x2E8A); a Pico in BOOTSEL
   mode (the RPI-RP2 drive: no serial port) or a CircuitPython board is recognised and explained;
2. the serial port opens (permission denied: the dialout group / udev fix; busy: another program);
3. the Comando firmware answers the link protocol's hello frame (comando.link): its firmware
   version and protocol are compared with this laptop's;
4. if no hello comes, the MicroPython REPL is probed: MicroPython without Comando, or Comando
   installed but not running (with the error main.py stopped on, when it prints one).

Every step is a plain function taking its collaborators (port list, opener, clock) as arguments so
the tests drive them with fakes. The report is words a player understands, with the fix.
"""

from __future__ import annotations

import errno
import os
import re
import time

from comando import __version__ as HOST_VERSION
from comando import link as L
from comando_host import howto
from comando_host.pico import mpycompat
from comando_host.text.lang import N_, _, _n

PICO_VID = 0x2E8A
MICROPYTHON_PID = 0x0005
BOOTSEL_PID = 0x0003
CIRCUITPYTHON_VID = 0x239A
BAUD = 115200

OK, WARN, FAIL = "ok", "warn", "fail"

UDEV_RULE = 'SUBSYSTEM=="tty", ATTRS{idVendor}=="2e8a", MODE="0666"'
DEPLOY, RUN = "make deploy", "make run"   # the commands to type (howto.command says them as installed)
PERMISSION_FIX = N_(
    "On Linux, add yourself to the group that owns serial ports, then log out and back in:\n"
    "    sudo usermod -aG dialout $USER      (Arch/Manjaro: uucp instead of dialout)\n"
    "or allow every Pico for everyone with a udev rule:\n"
    "    echo '%s' | sudo tee /etc/udev/rules.d/99-comando-pico.rules\n"
    "    sudo udevadm control --reload && sudo udevadm trigger"
)


def permission_fix() -> str:
    """The fix for a port this user may not open, in the laptop's language."""
    return _(PERMISSION_FIX) % UDEV_RULE


class Finding:
    """One line of the report: level (ok/warn/fail), what was found, and how to fix it."""

    def __init__(self, level, text, fix=None):
        self.level = level
        self.text = text
        self.fix = fix

    def __repr__(self):
        return "Finding(%r, %r)" % (self.level, self.text)

    def render(self):
        mark = {OK: "ok  ", WARN: "warn", FAIL: "FAIL"}[self.level]
        out = "[%s] %s" % (mark, self.text)
        if self.fix:
            out += "\n" + "\n".join("       " + line for line in self.fix.splitlines())
        return out


# ------------------------------------------------------------------------------ 1. find it

def list_ports():
    import serial.tools.list_ports
    return list(serial.tools.list_ports.comports())


def find_picos(ports):
    """(pico ports, CircuitPython ports) from pyserial ListPortInfo-like objects."""
    picos = sorted((p for p in ports if getattr(p, "vid", None) == PICO_VID), key=lambda p: p.device)
    circuit = [p for p in ports if getattr(p, "vid", None) == CIRCUITPYTHON_VID]
    return picos, circuit


def bootsel_present(sysfs="/sys/bus/usb/devices"):
    """True when a Pico in BOOTSEL mode (2e8a:0003, the RPI-RP2 drive) is on USB (Linux sysfs;
    False where there is no sysfs)."""
    try:
        entries = os.listdir(sysfs)
    except OSError:
        return False
    for name in entries:
        try:
            with open(os.path.join(sysfs, name, "idVendor")) as f:
                vid = int(f.read().strip(), 16)
            with open(os.path.join(sysfs, name, "idProduct")) as f:
                pid = int(f.read().strip(), 16)
        except (OSError, ValueError):
            continue
        if vid == PICO_VID and pid == BOOTSEL_PID:
            return True
    return False


# ------------------------------------------------------------------------------ 2. open it

class PortProblem(Exception):
    def __init__(self, finding):
        Exception.__init__(self, finding.text)
        self.finding = finding


def default_opener(path):
    """pyserial, short read timeout; on POSIX an exclusive lock so a busy port is reported."""
    import serial
    kw = {"baudrate": BAUD, "timeout": 0.05, "write_timeout": 1}
    if os.name == "posix" and "://" not in path:
        kw["exclusive"] = True
    return serial.serial_for_url(path, **kw)


def open_port(path, opener=default_opener):
    """The opened port, or PortProblem with a finding that says what to do."""
    try:
        return opener(path)
    except Exception as exc:  # pyserial wraps OSError in SerialException; keep errno if any
        raise PortProblem(port_error_finding(path, exc)) from None


def port_error_finding(path, exc, windows=None):
    code = getattr(exc, "errno", None)
    text = str(exc)
    low = text.lower()
    if windows is None:
        windows = os.name == "nt"
    if windows and ("access is denied" in low or "permissionerror" in low):
        # Windows says "access denied" when another program holds the COM port
        return Finding(FAIL, _("%s is busy: another program has the device open.") % path,
                       _("Close Thonny, a serial monitor (PuTTY, the Arduino IDE), mpremote or "
                         "another 'comando run', then try again."))
    if isinstance(exc, PermissionError) or code in (errno.EACCES, errno.EPERM) or \
            "permission denied" in low or "access is denied" in low:
        return Finding(FAIL, _("%s: permission denied: this user may not open serial ports.") % path,
                       permission_fix())
    if code == errno.EBUSY or "busy" in low or "lock" in low or "in use" in low:
        return Finding(FAIL, _("%s is busy: another program has the device open.") % path,
                       _("Close Thonny, a serial monitor (screen, minicom, PuTTY), mpremote or "
                         "another 'comando run', then try again."))
    if isinstance(exc, FileNotFoundError) or code == errno.ENOENT or "no such file" in low:
        return Finding(FAIL, _("%s does not exist (was the device unplugged?).") % path,
                       _("Plug the Pico in again and rerun 'comando doctor'."))
    return Finding(FAIL, _("%s could not be opened: %s") % (path, text),
                   _("Unplug the Pico, plug it in again and rerun 'comando doctor'."))


# ----------------------------------------------------------------------------- 3. talk to it

def _read_for(port, seconds, clock, until=None):
    """Read what arrives for up to `seconds` (stop early when `until(data)` is true)."""
    data = bytearray()
    end = clock() + seconds
    while clock() < end:
        chunk = port.read(256)
        if chunk:
            data.extend(chunk)
            if until is not None and until(bytes(data)):
                break
    return bytes(data)


def host_hello():
    """What the doctor sends: a hello for no game, so the device answers with its own hello and
    attaches nothing (sync.DeviceSync answers a foreign hello with its hello)."""
    return L.encode(L.HELLO, 0, {"v": L.PROTOCOL, "game": "", "doctor": 1})


def probe_hello(port, timeout=2.5, clock=time.monotonic, seen=None):
    """The device's hello payload (dict, with "v" and "fw") or None when no hello came.

    The device also says hello on its own every second while no host is attached. ``seen``
    (a list) gets the type of every link frame that came, whatever it was: any frame means the
    Comando firmware runs, and then nothing may interrupt it."""
    port.write(host_hello())
    decoder = L.Decoder()
    found = []
    end = clock() + timeout
    while clock() < end and not found:
        chunk = port.read(256)
        if chunk:
            for ftype, seq, payload in decoder.feed(chunk):
                if seen is not None and not (isinstance(payload, dict) and payload.get("doctor")):
                    seen.append(ftype)
                # a MicroPython REPL echoes what it is sent: our own hello is not an answer
                if ftype == L.HELLO and not (isinstance(payload, dict) and payload.get("doctor")):
                    payload = dict(payload)
                    payload["_last"] = seq
                    found.append(payload)
                    break
    return found[0] if found else None


REPL_QUERY = (
    "exec(\"import sys\\ntry:\\n import comando;v=comando.__version__\\nexcept ImportError:\\n"
    " v='none'\\nprint('CMDV',v,'|',sys.version,'|',getattr(sys.implementation,'_machine',''),"
    "'|','mpy=%d'%getattr(sys.implementation,'_mpy',-1),"
    "'ver=%d.%d.%d'%sys.implementation.version[:3])\")\r"
)
# mpy: sys.implementation._mpy (the .mpy format it loads; mpycompat), absent on old firmware
# and its version (sys.version of a build from git names no release)
# (a whole line: read until its end, or the optional tail could still be on its way)
REPL_ANSWER = re.compile(r"^CMDV (\S+) \| (.*?) \| (.*?)(?: \| mpy=(-?\d+) ver=(\d+\.\d+\.\d+))?"
                         r"[ \t]*\r?\n", re.M)


def probe_repl(port, timeout=2.0, clock=time.monotonic, after_reset=2.0):
    """Interrupt whatever runs and ask the MicroPython REPL what it is.

    Returns None when no REPL answers, else a dict: comando (version or None), micropython
    (sys.version), machine, and error (the last line of a traceback main.py printed after the
    soft reset that restarts it, within ``after_reset`` seconds, or None). Only called when no
    link frame came (no game is running): the stop-for-REPL frame stops an app that runs
    without its link (comando_host.pico.repl_stop); Ctrl-C then stops older firmware or a script.
    Comando's app holds Ctrl-C off, so a stray Ctrl-C never stops a game."""
    from comando_host.pico.repl_stop import stop_frame
    port.write(stop_frame())
    port.write(b"\r\x03\x03")
    seen = _read_for(port, timeout, clock, until=lambda d: b">>> " in d)
    if b">>> " not in seen:
        return None
    port.write(REPL_QUERY.encode())
    answer = _read_for(port, timeout, clock,
                       until=lambda d: REPL_ANSWER.search(d.decode("utf-8", "replace")) is not None)
    m = REPL_ANSWER.search(answer.decode("utf-8", "replace"))
    if not m:
        return None
    info = {"comando": None if m.group(1) == "none" else m.group(1),
            "micropython": m.group(2), "machine": m.group(3), "error": None,
            "mpy": int(m.group(4)) if m.group(4) is not None else -1,
            "version": tuple(int(x) for x in m.group(5).split(".")) if m.group(5) else None}
    # Soft reset: main.py runs again; if it stops with a traceback, keep its last line.
    port.write(b"\x04")
    after = _read_for(port, after_reset, clock,
                      until=lambda d: b"Traceback" in d and d.rstrip().endswith(b">>>"))
    text = after.decode("utf-8", "replace")
    if "Traceback" in text:
        lines = [ln.strip() for ln in text[text.rfind("Traceback"):].splitlines() if ln.strip()]
        lines = [ln for ln in lines if not ln.startswith(">>>") and not ln.startswith("MicroPython")
                 and not ln.startswith("Type \"help")]   # english: MicroPython's banner
        if lines:
            info["error"] = lines[-1]
    return info


def compare_versions(hello, host_version=HOST_VERSION, protocol=L.PROTOCOL):
    """Findings from the device's hello payload."""
    fw = hello.get("fw") or "unknown"
    v = hello.get("v")
    out = []
    if v != protocol:
        out.append(Finding(FAIL, _("The device speaks link protocol %r, this laptop speaks %r: they "
                                   "cannot sync.") % (v, protocol),
                           _("Update both to the same version: %s, then run '%s' with the Pico "
                             "plugged in.") % (howto.update_comando(), howto.command(DEPLOY))))
    if fw == host_version:
        out.append(Finding(OK, _("Comando firmware %s on the device matches this laptop.") % fw))
    else:
        out.append(Finding(WARN if v == protocol else FAIL,
                           _("The device runs Comando firmware %s but this laptop has %s.") % (
                               fw, host_version),
                           _("Run '%s' to put this laptop's version on it (it works while a "
                             "game is running: the game resumes after the update).")
                           % howto.command(DEPLOY)))
    game = hello.get("game")
    if game:
        n = hello.get("_last", 0)
        out.append(Finding(OK, _("The device is in game %s (%s so far).") % (
            game, _n("{n} event", "{n} events", n).format(n=n))))
    return out


def mpy_finding(device, header=None):
    """Does this MicroPython load the firmware's compiled (.mpy) files? (mpycompat)"""
    why = mpycompat.problem(device, header)
    if why:
        old = device.version < mpycompat.MIN_MICROPYTHON or \
            (device.mpy_version or 0) < mpycompat.MPY_VERSION
        return Finding(FAIL, why[0].upper() + why[1:],
                       _("Hold BOOTSEL while plugging the Pico in, copy the .uf2 onto the RPI-RP2 "
                         "drive (it restarts with the new MicroPython), then run '%s'.")
                       % howto.command(DEPLOY) if old else None)
    fmt = "" if device.mpy < 0 else " (.mpy %d.%d)" % (device.mpy_version, device.mpy_sub_version)
    return Finding(OK, _("MicroPython %s%s loads Comando's compiled files.") % (
        device.release(), fmt))


# -------------------------------------------------------------------------------- diagnose

def check_port(path, opener=default_opener, clock=time.monotonic, hello_timeout=2.5,
               repl_timeout=2.0):
    """Findings for one serial port."""
    try:
        port = open_port(path, opener)
    except PortProblem as p:
        return [p.finding]
    try:
        return _talk(path, port, clock, hello_timeout, repl_timeout)
    except Exception as exc:  # pyserial's own words (SerialException...) are not for players
        return [Finding(OK, _("%s opens.") % path), Finding(
            FAIL, _("%s stopped answering during the check (%s).") % (path, _port_trouble(exc)),
            _("Close any other program using the device (Thonny, a serial monitor, mpremote, "
              "'comando run' or 'connect'), check the cable, then rerun 'comando doctor'."))]
    finally:
        try:
            port.close()
        except Exception:
            pass


def _port_trouble(exc) -> str:
    low = str(exc).lower()
    if "disconnected" in low or "multiple access" in low or "readiness" in low:
        return _("it went away, or another program reads the same port")
    if "timeout" in low:
        return _("a write timed out")
    return _("the port reported an error")


def _talk(path, port, clock, hello_timeout, repl_timeout):
    findings = [Finding(OK, _("%s opens.") % path)]
    seen = []
    hello = probe_hello(port, hello_timeout, clock, seen)
    if hello is not None:
        return findings + compare_versions(hello)
    if seen:
        # the Comando firmware runs (link frames came) but sent no hello in time: never
        # interrupt it (a Ctrl-C would stop a game)
        findings.append(Finding(
            WARN, _("The Comando firmware is running on %s but did not answer the hello in "
                    "time (it may be linked to another laptop program).") % path,
            _("Close 'comando run' / 'comando connect' if one is running, then rerun "
              "'comando doctor' (or give it --timeout 5).")))
        return findings
    repl = probe_repl(port, repl_timeout, clock)
    if repl is None:
        findings.append(Finding(
            FAIL, _("%s opened but nothing answered: neither the Comando firmware nor "
                    "MicroPython.") % path,
            _("Press the Pico's reset (or unplug it and plug it in again) and rerun. If it "
              "stays silent, reinstall MicroPython: hold BOOTSEL while plugging in, copy the "
              "UF2 onto the RPI-RP2 drive (%s), then '%s'.") % (
                howto.flashing_guide(), howto.command(DEPLOY))))
        return findings
    mpy = "MicroPython %s" % repl["micropython"]
    if repl["machine"]:
        mpy += _(" on %s") % repl["machine"]
    device = None
    release = repl.get("version") or mpycompat.parse_sys_version(repl["micropython"])
    if release is not None:
        device = mpycompat.Device(release, repl.get("mpy", -1), repl["machine"])
        findings.append(mpy_finding(device))
    if repl["comando"] is None:
        findings.append(Finding(
            FAIL, _("The Pico runs %s, but the Comando firmware is not installed.") % mpy,
            _("Run '%s' with the Pico plugged in (it copies the firmware with mpremote), then "
              "unplug it and plug it in again.") % howto.command(DEPLOY)))
        return findings
    if repl["error"]:
        what = _("The Comando firmware %s is on the Pico (%s) but it is not running; it stopped "
                 "with: %s.") % (repl["comando"], mpy, repl["error"])
    else:
        what = _("The Comando firmware %s is on the Pico (%s) but it is not running.") % (
            repl["comando"], mpy)
    advice = mpycompat.advice_for_error(repl["error"], device)
    findings.append(Finding(FAIL, what, advice or
                            _("If you held BACK while plugging it in (update mode), that is "
                              "expected: run '%s', or unplug and plug in to play. "
                              "Otherwise run '%s' again, then unplug the Pico and "
                              "plug it in. If the error stays, report it with this output.")
                            % (howto.command(DEPLOY), howto.command(DEPLOY))))
    if repl["comando"] != HOST_VERSION:
        findings.append(Finding(WARN, _("Its version %s differs from this laptop's %s.") % (
            repl["comando"], HOST_VERSION)))
    return findings


def diagnose(port=None, ports=None, opener=default_opener, clock=time.monotonic,
             bootsel=bootsel_present, hello_timeout=2.5, repl_timeout=2.0):
    """All findings: for `port` if given (a path or URL, e.g. the simulator's pty), else for
    every Pico found by its USB ids."""
    if port:
        return check_port(port, opener, clock, hello_timeout, repl_timeout)
    picos, circuit = find_picos(list_ports() if ports is None else ports)
    findings = []
    if not picos:
        if bootsel():
            findings.append(Finding(
                FAIL, _("A Pico is plugged in but in BOOTSEL mode (a USB drive called RPI-RP2): "
                        "it has no MicroPython yet, or BOOTSEL was held while plugging in."),
                _("Copy the MicroPython UF2 for the Pico onto the RPI-RP2 drive (it restarts by "
                  "itself), then run '%s' (%s).") % (howto.command(DEPLOY), howto.flashing_guide())))
        elif circuit:
            findings.append(Finding(
                FAIL, _("A board running CircuitPython is on %s; Comando needs MicroPython.") %
                circuit[0].device,
                _("Hold BOOTSEL while plugging the Pico in, copy the MicroPython UF2 onto the "
                  "RPI-RP2 drive, then run '%s'.") % howto.command(DEPLOY)))
        else:
            findings.append(Finding(
                FAIL, _("No Comando device found: no Raspberry Pi Pico on USB."),
                _("Plug the Pico in with a USB cable that carries data (many phone-charging cables "
                  "do not), directly or through a powered hub. Its LED may stay off: that is "
                  "normal. Run '%s' to play with the simulator instead.") % howto.command(RUN)))
        return findings
    for p in picos:
        findings.append(Finding(OK, _("Found a Raspberry Pi Pico on %s (USB %04x:%04x).") % (
            p.device, p.vid, p.pid or 0)))
        findings += check_port(p.device, opener, clock, hello_timeout, repl_timeout)
    return findings


def run(args) -> int:
    findings = diagnose(port=args.port, hello_timeout=args.timeout, repl_timeout=args.timeout)
    for f in findings:
        print(f.render())
    bad = [f for f in findings if f.level == FAIL]
    warn = [f for f in findings if f.level == WARN]
    if bad:
        print(_n("Comando doctor: {n} problem found.", "Comando doctor: {n} problems found.",
                 len(bad)).format(n=len(bad)))
        return 1
    if warn:
        print(_n("Comando doctor: all good (with {n} warning).", "Comando doctor: all good (with {n} warnings).",
                 len(warn)).format(n=len(warn)))
    else:
        print(_("Comando doctor: all good."))
    return 0


def register(subparsers):
    p = subparsers.add_parser(
        "doctor", help=_("check the Comando device: USB, port, firmware version"),
        description=_("Find the Comando device (a Raspberry Pi Pico, USB id 2e8a), open its port, "
                      "check that the firmware answers and matches this laptop's version, and say "
                      "what to do when something is wrong."))
    p.add_argument("--port", help=_("check this serial port or URL instead of searching USB "
                                    "(e.g. /dev/ttyACM0, COM3, or the simulator's /dev/pts/N)"))
    p.add_argument("--timeout", type=float, default=2.5,
                   help=_("seconds to wait for each answer (default 2.5)"))
    p.set_defaults(func=run)
