"""The Pico's flash as files: the app's littlefs image, a whole-flash image, and a UF2 to flash.

    python -m comando_host.pico.picoimage uf2 --firmware RPI_PICO-v1.28.0.uf2 [--bundle build/firmware]
                                         [--out build/comando.uf2]

MicroPython's RPI_PICO layout (v1.28): the firmware from flash offset 0, the filesystem at
``FS_OFFSET`` (littlefs v2, 352 blocks of 4 KiB, program size 256), 2 MiB in all.

The MicroPython image always comes from its user: the official release MicroPython publishes for
the Raspberry Pi Pico (board RPI_PICO), as its ``.uf2`` or a raw ``.bin``, named by ``--firmware``
or ``COMANDO_PICO_FIRMWARE``. The project holds no image. ``load_firmware`` reads either form and
checks it as an RP2040 MicroPython image for the Pico: a UF2's blocks (magic numbers, the RP2040
family, in order, inside the firmware area, no gap and no overlap), boot stage 2's CRC as the
boot ROM checks it, the board's name, and a MicroPython release that loads the bundle's .mpy
format (``mpycompat``). Anything else is refused in one line naming what is wrong.

A UF2 is the drag-and-drop format of the RP2040's boot ROM: 512-byte blocks, each carrying 256
bytes for one flash address (the UF2 specification: magic numbers, flags, family id). ``uf2()``
packs the firmware and the whole filesystem region, so flashing it installs MicroPython and the
app in one step, and replaces whatever filesystem the Pico had (the journal too).
"""

from __future__ import annotations

import argparse
import os
import struct

from comando_host.pico import mpycompat
from comando_host import resources
from comando_host.text.lang import _

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "pico")
# The RP2040 B1 boot ROM (data, beside the clone in ../shared/pico): the emulated chip's ROM.
BOOTROM_SHA256 = "90b31e108faedfa6bbcfcc33ba05dac61e645108cfbbdc385f8dafc71fde44ae"
BOOTROM = os.path.join(SHARED, "bootrom-b1.bin")

FLASH_SIZE = 2 * 1024 * 1024
FS_OFFSET = 0xA0000
BLOCK_SIZE = 4096
BLOCK_COUNT = 352
PROG_SIZE = 256
XIP_BASE = 0x10000000

UF2_MAGIC0, UF2_MAGIC1, UF2_MAGIC_END = 0x0A324655, 0x9E5D5157, 0x0AB16F30
UF2_NOT_MAIN_FLASH = 0x00000001
UF2_FAMILY_PRESENT = 0x00002000
RP2040_FAMILY = 0xE48BFF56
# Other chips' UF2 family ids (the UF2 specification's list), to name what a wrong file is for.
UF2_FAMILIES = {
    0xE48BFF57: "RP2XXX absolute", 0xE48BFF58: "RP2XXX data", 0xE48BFF59: "RP2350 (Arm, secure)",
    0xE48BFF5A: "RP2350 (RISC-V)", 0xE48BFF5B: "RP2350 (Arm, non-secure)",
    0x68ED2B88: "SAMD21", 0x55114460: "SAMD51", 0xADA52840: "nRF52840", 0x57755A57: "STM32F4",
    0xBFDD4EEE: "ESP32-S2", 0xC47E5767: "ESP32-S3",
}

BOOT2_SIZE = 256
BOARD_SIGNATURE = b"Raspberry Pi Pico with RP2040"
ENV_FIRMWARE = "COMANDO_PICO_FIRMWARE"
# A Pico image is at most the 640 KiB before the filesystem; a UF2 of it about twice that. Read
# no more than this of whatever the path names (a device file or a FIFO must not hang us).
MAX_INPUT = 4 * 1024 * 1024
WHERE_FROM = ("the official MicroPython for the Raspberry Pi Pico (board RPI_PICO, v1.28: the .uf2 "
              "from MicroPython's download page, micropython.org/download/RPI_PICO)")
NO_IMAGE = ("no MicroPython image: set %s to %s, a .uf2 or .bin" % (ENV_FIRMWARE, WHERE_FROM))


class ImageError(Exception):
    """One line naming what is wrong (missing or corrupt firmware, a bundle that does not fit)."""


def _read(path: str, what: str | None = None) -> bytes:
    what = what or _("the MicroPython image")
    if not os.path.isfile(path):
        why = _("no such file") if not os.path.exists(path) else _("not a regular file")
        raise ImageError(_("picoimage: cannot read %s %s (%s)") % (what, path, why))
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_INPUT + 1)
    except OSError as exc:
        raise ImageError(_("picoimage: cannot read %s %s (%s)") % (what, path, exc.strerror))
    if len(data) > MAX_INPUT:
        raise ImageError(_("picoimage: %s is over %d MiB: not a Raspberry Pi Pico image")
                         % (path, MAX_INPUT >> 20))
    return data


def _boot2_crc(data: bytes) -> int:
    """The CRC-32 the RP2040 boot ROM checks over boot stage 2's first 252 bytes (polynomial
    0x04C11DB7, MSB first, initial value 0xFFFFFFFF, no final XOR), as the RP2040 datasheet's boot sequence describes."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte << 24
        for _bit in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) if crc & 0x80000000 else (crc << 1)
            crc &= 0xFFFFFFFF
    return crc


def is_uf2(data: bytes) -> bool:
    return len(data) >= 8 and struct.unpack_from("<2I", data) == (UF2_MAGIC0, UF2_MAGIC1)


def _uf2_blocks(data: bytes, name: str = "the UF2"):
    """(block number, flash offset, payload) of each main-flash block of ``data``, checked: whole
    512-byte blocks, magic numbers, the RP2040 family, each block's number its place in the file
    and every block saying the same count (a truncated or shuffled file fails here)."""
    if not data or len(data) % 512:
        raise ImageError(_("picoimage: %s is not whole 512-byte UF2 blocks (%d bytes: truncated?)")
                         % (name, len(data)))
    total = len(data) // 512
    for no in range(total):
        pos = no * 512
        m0, m1, flags, addr, size, blockno, count, family = struct.unpack_from("<8I", data, pos)
        end, = struct.unpack_from("<I", data, pos + 508)
        if (m0, m1, end) != (UF2_MAGIC0, UF2_MAGIC1, UF2_MAGIC_END):
            raise ImageError(_("picoimage: %s: UF2 block %d has bad magic numbers") % (name, no))
        if flags & UF2_FAMILY_PRESENT and family != RP2040_FAMILY:
            chip = UF2_FAMILIES.get(family, "family 0x%08x" % family)
            raise ImageError(_("picoimage: %s is a UF2 for %s, not the Raspberry Pi Pico's RP2040")
                             % (name, chip))
        if count != total or blockno != no:
            raise ImageError(_("picoimage: %s: UF2 block %d says it is block %d of %d, the file has "
                             "%d (truncated or out of order)") % (name, no, blockno, count, total))
        if flags & UF2_NOT_MAIN_FLASH:
            continue
        off = addr - XIP_BASE
        if size > 476 or off < 0 or off + size > FLASH_SIZE:
            raise ImageError(_("picoimage: %s: UF2 block %d writes outside the flash (0x%08x)")
                             % (name, no, addr))
        yield no, off, data[pos + 32:pos + 32 + size]


def firmware_from_uf2(data: bytes, name: str = "the UF2") -> bytes:
    """The raw image a firmware UF2 (MicroPython's release) writes from flash offset 0: its
    blocks must fill the firmware area from 0 with no gap and no overlap, all before the
    filesystem."""
    out = bytearray()
    for no, off, payload in _uf2_blocks(data, name):
        if off + len(payload) > FS_OFFSET:
            raise ImageError(_("picoimage: %s: UF2 block %d (0x%08x) overlaps the filesystem at "
                             "0x%X") % (name, no, XIP_BASE + off, XIP_BASE + FS_OFFSET))
        if off != len(out):
            kind = _("overlaps an earlier block") if off < len(out) else _("leaves a gap")
            raise ImageError(_("picoimage: %s: UF2 block %d (0x%08x) %s") % (name, no, XIP_BASE + off, kind))
        out += payload
    if not out:
        raise ImageError(_("picoimage: %s has no block for the Pico's flash") % name)
    return bytes(out)


def check_firmware(data: bytes, name: str) -> bytes:
    """``data`` (a raw image) if the boot ROM would boot it, it is MicroPython for the Pico, it
    loads the bundle's .mpy format and it ends before the filesystem; else ImageError."""
    if len(data) < BOOT2_SIZE or _boot2_crc(data[:252]) != struct.unpack("<I", data[252:256])[0]:
        raise ImageError(_("picoimage: %s is not an RP2040 flash image (boot stage 2's CRC is wrong)") % name)
    if b"CircuitPython" in data:
        raise ImageError(_("picoimage: %s is CircuitPython, not MicroPython: use %s") % (name, WHERE_FROM))
    if BOARD_SIGNATURE not in data:
        raise ImageError(_("picoimage: %s is not MicroPython for the Raspberry Pi Pico (RPI_PICO)") % name)
    version = mpycompat.parse_sys_version(data.decode("latin-1"))
    if version is None:
        raise ImageError(_("picoimage: %s has no MicroPython version in it: not a MicroPython image") % name)
    why = mpycompat.problem(mpycompat.Device(version))
    if why:
        raise ImageError("picoimage: %s: %s" % (name, why.rstrip(".")))
    if len(data) > FS_OFFSET:
        raise ImageError(_("picoimage: %s (%d bytes) overlaps the filesystem at 0x%X") % (name, len(data), FS_OFFSET))
    return data


def load_firmware(path: str) -> bytes:
    """The raw MicroPython image in ``path`` (a release .uf2 or a .bin), checked."""
    data = _read(path)
    name = os.path.basename(path)
    if is_uf2(data) or path.lower().endswith(".uf2"):
        data = firmware_from_uf2(data, name)
    return check_firmware(data, name)


def firmware_path() -> str | None:
    """The image its user named (``COMANDO_PICO_FIRMWARE``), or None."""
    return os.environ.get(ENV_FIRMWARE) or None


def chosen_firmware() -> bytes:
    """The bytes of ``firmware_path()``, checked; ImageError naming the variable when unset."""
    path = firmware_path()
    if path is None:
        raise ImageError("picoimage: " + NO_IMAGE)
    return load_firmware(path)


DATA_DIR = "/data"


def littlefs(files: dict) -> bytes:
    """A littlefs image of the filesystem region holding ``files`` ({"/path": bytes})."""
    from littlefs import LittleFS

    fs = LittleFS(block_size=BLOCK_SIZE, block_count=BLOCK_COUNT, prog_size=PROG_SIZE,
                  read_size=32, lookahead_size=32, name_max=255)
    # the app's data directory (device/hal/pico.py's root), made here so that the first power-on
    # does not spend a flash erase and program (about 80 ms) making it before the first screen
    fs.mkdir(DATA_DIR)
    for name in sorted(files):
        parts = name.strip("/").split("/")
        for i in range(1, len(parts)):
            d = "/" + "/".join(parts[:i])
            try:
                fs.mkdir(d)
            except FileExistsError:
                pass
        with fs.open(name, "wb") as f:
            f.write(files[name])
    return bytes(fs.context.buffer)


def read_littlefs(region: bytes) -> dict:
    """{"/path": bytes} of every file in a filesystem region (what a test reads after a run)."""
    from littlefs import LittleFS

    fs = LittleFS(block_size=BLOCK_SIZE, block_count=BLOCK_COUNT, prog_size=PROG_SIZE,
                  read_size=32, lookahead_size=32, name_max=255, mount=False)
    fs.context.buffer = bytearray(region)
    fs.mount()
    out = {}
    for top, _dirs, names in fs.walk("/"):
        for n in names:
            p = (top.rstrip("/") + "/" + n)
            with fs.open(p, "rb") as f:
                out[p] = f.read()
    return out


def bundle_files(bundle: str) -> dict:
    """The `make firmware` bundle as {"/path": bytes}, mapped one-to-one onto the Pico's root."""
    if not os.path.isfile(os.path.join(bundle, "main.py")):
        raise ImageError(_("picoimage: %s is not a firmware bundle (run make firmware)") % bundle)
    out = {}
    for dirpath, dirs, names in os.walk(bundle):
        dirs.sort()
        for n in sorted(names):
            full = os.path.join(dirpath, n)
            with open(full, "rb") as f:
                out["/" + os.path.relpath(full, bundle).replace(os.sep, "/")] = f.read()
    return out


def flash(files: dict, firmware: bytes | None = None) -> bytes:
    """The whole 2 MiB flash: firmware, erased gap, the filesystem holding ``files``."""
    fw = chosen_firmware() if firmware is None else firmware
    img = bytearray(b"\xff" * FLASH_SIZE)
    img[:len(fw)] = fw
    img[FS_OFFSET:FS_OFFSET + BLOCK_SIZE * BLOCK_COUNT] = littlefs(files)
    return bytes(img)


def uf2(image: bytes, fs_region: bool = True) -> bytes:
    """UF2 blocks for ``image`` (a whole flash): the firmware's pages and, with ``fs_region``, every
    page of the filesystem (erased ones too, so no old filesystem survives under it)."""
    pages = []
    fw_end = FS_OFFSET
    while fw_end > 0 and image[fw_end - 1] == 0xFF:
        fw_end -= 1
    for off in range(0, fw_end, 256):
        pages.append(off)
    if fs_region:
        pages.extend(range(FS_OFFSET, FS_OFFSET + BLOCK_SIZE * BLOCK_COUNT, 256))
    out = bytearray()
    for i, off in enumerate(pages):
        data = image[off:off + 256].ljust(256, b"\xff")
        head = struct.pack("<8I", UF2_MAGIC0, UF2_MAGIC1, UF2_FAMILY_PRESENT, XIP_BASE + off, 256, i,
                           len(pages), RP2040_FAMILY)
        out += head + data + b"\x00" * (476 - 256) + struct.pack("<I", UF2_MAGIC_END)
    return bytes(out)


def from_uf2(data: bytes) -> bytes:
    """The flash a Pico holds after taking ``data`` on an erased chip (what the tests boot)."""
    img = bytearray(b"\xff" * FLASH_SIZE)
    for _no, off, payload in _uf2_blocks(data):
        img[off:off + len(payload)] = payload
    return bytes(img)


NO_FIRMWARE_HINT = ("picoimage: no MicroPython image given: download %s and pass it as "
                    "FIRMWARE=PATH (make uf2) or --firmware PATH; or flash that release onto the "
                    "Pico yourself and run 'make deploy', which copies the app onto a Pico already "
                    "running MicroPython" % WHERE_FROM)


def main(argv=None) -> int:
    import sys

    ap = argparse.ArgumentParser(prog="python -m comando_host.pico.picoimage")
    sub = ap.add_subparsers(dest="cmd", required=True)
    u = sub.add_parser("uf2", help="MicroPython + the app's filesystem as one UF2")
    u.add_argument("--firmware", default=None,
                   help="the official RPI_PICO MicroPython release, .uf2 or .bin (default: $%s)" % ENV_FIRMWARE)
    u.add_argument("--bundle", default=resources.work_dir("firmware", cache=True))
    u.add_argument("--out", default=resources.work_dir("comando.uf2"))
    c = sub.add_parser("check", help="check a MicroPython image (make uf2 does, before building)")
    c.add_argument("--firmware", default=None)
    a = ap.parse_args(argv)
    path = a.firmware or firmware_path()
    if not path:
        print(NO_FIRMWARE_HINT, file=sys.stderr)
        return 2
    if a.cmd == "check":
        try:
            load_firmware(path)
        except ImageError as exc:
            print(exc, file=sys.stderr)
            return 2
        return 0
    try:
        print(write_uf2(a.bundle, path, a.out))
    except ImageError as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


def write_uf2(bundle: str, firmware: str, out: str) -> str:
    """Write the UF2 of the MicroPython image at ``firmware`` + the bundle's filesystem to
    ``out`` (whole or not at all); the line saying what was written, or ImageError (make uf2,
    comando uf2)."""
    data = uf2(flash(bundle_files(bundle), load_firmware(firmware)))
    tmp = out + ".part"
    try:
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, out)
    except OSError as exc:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise ImageError(_("picoimage: cannot write %s (%s)") % (out, exc.strerror)) from None
    return (_("picoimage: %s (%d blocks, %d bytes): %s + the app's littlefs")
            % (os.path.relpath(out), len(data) // 512, len(data), firmware))


if __name__ == "__main__":
    raise SystemExit(main())
