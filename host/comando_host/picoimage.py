"""The Pico's flash as files: the app's littlefs image, a whole-flash image, and a UF2 to flash.

    python -m comando_host.picoimage uf2 [--bundle build/firmware] [--out build/comando.uf2]

MicroPython's RPI_PICO layout (v1.28.0): the firmware from flash offset 0, the filesystem at
``FS_OFFSET`` (littlefs v2, 352 blocks of 4 KiB, program size 256), 2 MiB in all. The firmware
image is MicroPython's stock RPI_PICO build (../shared/pico/, checked against ``FIRMWARE_SHA256``),
or another RPI_PICO build of MicroPython named by ``COMANDO_PICO_FIRMWARE`` (for example one with
the app's modules frozen in: frozen modules come before /lib on the rp2 port's sys.path, so the
bundle's .mpy files are then only a fallback); that one is checked as an RP2040 MicroPython image
(boot stage 2's CRC, the board's name, no overlap with the filesystem).

A UF2 is the drag-and-drop format of the RP2040's boot ROM: 512-byte blocks, each carrying 256
bytes for one flash address (the UF2 specification: magic numbers, flags, family id). ``uf2()``
packs the firmware and the whole filesystem region, so flashing it installs MicroPython and the
app in one step, and replaces whatever filesystem the Pico had (the journal too).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "pico")
FIRMWARE = os.path.join(SHARED, "RPI_PICO-v1.28.0.bin")
FIRMWARE_SHA256 = "638cd2020c50caf8c476a8240ed6c3a7bab0c67418aa00275f13a7d6574ef5a6"
BOOTROM_SHA256 = "90b31e108faedfa6bbcfcc33ba05dac61e645108cfbbdc385f8dafc71fde44ae"
BOOTROM = os.path.join(SHARED, "bootrom-b1.bin")

FLASH_SIZE = 2 * 1024 * 1024
FS_OFFSET = 0xA0000
BLOCK_SIZE = 4096
BLOCK_COUNT = 352
PROG_SIZE = 256
XIP_BASE = 0x10000000

UF2_MAGIC0, UF2_MAGIC1, UF2_MAGIC_END = 0x0A324655, 0x9E5D5157, 0x0AB16F30
UF2_FAMILY_PRESENT = 0x00002000
RP2040_FAMILY = 0xE48BFF56


class ImageError(Exception):
    """One line naming what is wrong (missing or corrupt firmware, a bundle that does not fit)."""


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as exc:
        raise ImageError("picoimage: cannot read the MicroPython image %s (%s)" % (path, exc.strerror))


def firmware_bytes(path: str = FIRMWARE) -> bytes:
    """The stock MicroPython image, refused unless its checksum is the pinned one."""
    data = _read(path)
    digest = hashlib.sha256(data).hexdigest()
    if digest != FIRMWARE_SHA256:
        raise ImageError("picoimage: %s has SHA256 %s, expected %s" % (path, digest, FIRMWARE_SHA256))
    if len(data) > FS_OFFSET:
        raise ImageError("picoimage: the firmware (%d bytes) overlaps the filesystem" % len(data))
    return data


BOOT2_SIZE = 256
BOARD_SIGNATURE = b"Raspberry Pi Pico with RP2040"
ENV_FIRMWARE = "COMANDO_PICO_FIRMWARE"


def _boot2_crc(data: bytes) -> int:
    """The CRC-32 the RP2040 boot ROM checks over boot stage 2's first 252 bytes (polynomial
    0x04C11DB7, MSB first, initial value 0xFFFFFFFF, no final XOR), as the RP2040 datasheet's boot sequence describes."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) if crc & 0x80000000 else (crc << 1)
            crc &= 0xFFFFFFFF
    return crc


def other_firmware_bytes(path: str) -> bytes:
    """Another RPI_PICO build of MicroPython (``COMANDO_PICO_FIRMWARE``): refused unless the boot
    ROM would boot it, it is MicroPython for the Pico, and it ends before the filesystem."""
    data = _read(path)
    if len(data) < BOOT2_SIZE or _boot2_crc(data[:252]) != struct.unpack("<I", data[252:256])[0]:
        raise ImageError("picoimage: %s is not an RP2040 flash image (boot stage 2's CRC is wrong)" % path)
    if BOARD_SIGNATURE not in data:
        raise ImageError("picoimage: %s is not MicroPython for the Raspberry Pi Pico (RPI_PICO)" % path)
    if len(data) > FS_OFFSET:
        raise ImageError("picoimage: %s (%d bytes) overlaps the filesystem at 0x%X" % (path, len(data), FS_OFFSET))
    return data


def firmware_path() -> str:
    """The image to use: ``COMANDO_PICO_FIRMWARE`` when set, else the stock one."""
    return os.environ.get(ENV_FIRMWARE) or FIRMWARE


def chosen_firmware() -> bytes:
    """The bytes of ``firmware_path()``, checked as its kind asks."""
    path = firmware_path()
    return firmware_bytes(path) if path == FIRMWARE else other_firmware_bytes(path)


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
        raise ImageError("picoimage: %s is not a firmware bundle (run make firmware)" % bundle)
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
    if len(data) % 512:
        raise ImageError("picoimage: a UF2 is whole 512-byte blocks; this one has %d bytes" % len(data))
    img = bytearray(b"\xff" * FLASH_SIZE)
    for pos in range(0, len(data), 512):
        m0, m1, flags, addr, size, _no, _count, family = struct.unpack_from("<8I", data, pos)
        end, = struct.unpack_from("<I", data, pos + 508)
        if (m0, m1, end) != (UF2_MAGIC0, UF2_MAGIC1, UF2_MAGIC_END):
            raise ImageError("picoimage: UF2 block %d has bad magic numbers" % (pos // 512))
        if flags & UF2_FAMILY_PRESENT and family != RP2040_FAMILY:
            raise ImageError("picoimage: UF2 block %d is for family 0x%08x, not the RP2040" % (pos // 512, family))
        off = addr - XIP_BASE
        if size > 476 or off < 0 or off + size > FLASH_SIZE:
            raise ImageError("picoimage: UF2 block %d writes outside the flash" % (pos // 512))
        img[off:off + size] = data[pos + 32:pos + 32 + size]
    return bytes(img)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m comando_host.picoimage")
    sub = ap.add_subparsers(dest="cmd", required=True)
    u = sub.add_parser("uf2", help="MicroPython + the app's filesystem as one UF2")
    u.add_argument("--bundle", default=os.path.join(ROOT, "build", "firmware"))
    u.add_argument("--out", default=os.path.join(ROOT, "build", "comando.uf2"))
    a = ap.parse_args(argv)
    try:
        image = flash(bundle_files(a.bundle))
    except ImageError as exc:
        print(exc)
        return 1
    data = uf2(image)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(a.out, "wb") as f:
        f.write(data)
    what = "MicroPython v1.28.0 RPI_PICO" if firmware_path() == FIRMWARE else firmware_path()
    print("picoimage: %s (%d blocks, %d bytes): %s + the app's littlefs"
          % (os.path.relpath(a.out), len(data) // 512, len(data), what))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
