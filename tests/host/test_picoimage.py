"""The Pico's flash as files (comando_host.pico.picoimage): the littlefs image of the app, the whole
flash, the UF2 that `make uf2` writes (the emulated-Pico tests boot it: tests/pico), and the
MicroPython image its user gives (the project holds none): the official RPI_PICO release as a .uf2
or a .bin, checked as an RP2040 MicroPython image, anything else refused in one line."""

import os
import struct
import subprocess
import sys

import pytest

from comando_host.pico import picoimage as P

pytest.importorskip("littlefs")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_littlefs_round_trip_keeps_every_file_and_directory():
    files = {"/main.py": b"import device.app\n", "/lib/device/app.mpy": bytes(range(256)) * 40,
             "/boards/teg.pkb": b"\x00" * 5000, "/data/journal.log": b""}
    region = P.littlefs(files)
    assert len(region) == P.BLOCK_SIZE * P.BLOCK_COUNT
    assert P.read_littlefs(region) == files


def test_uf2_blocks_follow_the_format_and_come_back_as_the_same_flash():
    fw = b"\x12\x34" * 3000
    image = P.flash({"/main.py": b"print(1)\n"}, firmware=fw)
    data = P.uf2(image)
    assert len(data) % 512 == 0
    n = len(data) // 512
    # firmware pages, then every page of the filesystem region (erased ones too)
    assert n == (len(fw) + 255) // 256 + P.BLOCK_SIZE * P.BLOCK_COUNT // 256
    for i in (0, n - 1):
        m0, m1, flags, addr, size, no, count, family = struct.unpack_from("<8I", data, i * 512)
        assert (m0, m1, flags, size, no, count, family) == (
            0x0A324655, 0x9E5D5157, 0x2000, 256, i, n, 0xE48BFF56)
        assert struct.unpack_from("<I", data, i * 512 + 508)[0] == 0x0AB16F30
    assert struct.unpack_from("<I", data, 12)[0] == 0x10000000
    assert P.from_uf2(data) == image


def test_a_damaged_uf2_is_refused_with_one_line():
    data = bytearray(P.uf2(P.flash({}, firmware=b"\x01" * 600)))
    with pytest.raises(P.ImageError, match="whole 512-byte"):
        P.from_uf2(bytes(data[:-3]))
    data[512] ^= 0xFF
    with pytest.raises(P.ImageError, match="block 1 has bad magic"):
        P.from_uf2(bytes(data))


def _boot2(body: bytes) -> bytes:
    """A flash image whose boot stage 2 carries the CRC the boot ROM checks, then ``body``."""
    head = bytes(range(252))
    return head + struct.pack("<I", P._boot2_crc(head)) + body


# What the official image carries that the checks read: its banner's version and board name.
BANNER = b"MicroPython v1.28.0 on 2026-04-06; " + P.BOARD_SIGNATURE


def _image(size=40000, banner=BANNER) -> bytes:
    """A raw image shaped as MicroPython's RPI_PICO release is (boot stage 2, then code with the
    banner inside), ``size`` bytes."""
    body = bytes((i * 7) & 0xFF for i in range(size - 256 - len(banner)))
    return _boot2(body[:1000] + banner + body[1000:])


def _release_uf2(raw: bytes, family=P.RP2040_FAMILY) -> bytes:
    """``raw`` as a release UF2: 256-byte pages from 0x10000000, numbered, one family."""
    pages = range(0, len(raw), 256)
    out = bytearray()
    for i, off in enumerate(pages):
        head = struct.pack("<8I", P.UF2_MAGIC0, P.UF2_MAGIC1, P.UF2_FAMILY_PRESENT, P.XIP_BASE + off,
                           256, i, len(pages), family)
        out += head + raw[off:off + 256].ljust(476, b"\x00") + struct.pack("<I", P.UF2_MAGIC_END)
    return bytes(out)


def test_the_boot2_crc_is_the_one_the_boot_rom_checks():
    # the CRC-32 (MSB first, poly 0x04C11DB7, init 0xFFFFFFFF, no final XOR) of a known input:
    # "123456789" gives 0x0376E6E7 for this variant (CRC-32/MPEG-2)
    assert P._boot2_crc(b"123456789") == 0x0376E6E7


def test_a_release_uf2_and_a_raw_bin_give_the_same_image(tmp_path):
    raw = _image()
    (tmp_path / "RPI_PICO-v1.28.0.bin").write_bytes(raw)
    (tmp_path / "RPI_PICO-v1.28.0.uf2").write_bytes(_release_uf2(raw))
    assert P.load_firmware(str(tmp_path / "RPI_PICO-v1.28.0.bin")) == raw
    # a UF2's last page is padded to 256 bytes: the image is the same up to the padding
    got = P.load_firmware(str(tmp_path / "RPI_PICO-v1.28.0.uf2"))
    assert got[:len(raw)] == raw and len(got) == (len(raw) + 255) // 256 * 256


def test_without_the_variable_there_is_no_image_and_the_error_says_where_one_comes_from(monkeypatch):
    monkeypatch.delenv(P.ENV_FIRMWARE, raising=False)
    assert P.firmware_path() is None
    with pytest.raises(P.ImageError) as exc:
        P.chosen_firmware()
    assert P.ENV_FIRMWARE in str(exc.value) and "micropython.org/download/RPI_PICO" in str(exc.value)


def _uf2_cases(raw):
    uf2 = _release_uf2(raw)
    n = len(uf2) // 512
    swapped = bytearray(uf2)
    swapped[512:1024], swapped[1024:1536] = uf2[1024:1536], uf2[512:1024]
    overlap = bytearray(uf2)
    struct.pack_into("<I", overlap, 512 + 12, P.XIP_BASE)          # block 1 written at 0 again
    gap = bytearray(uf2)
    struct.pack_into("<I", gap, 512 + 12, P.XIP_BASE + 4096)        # block 1 skips ahead
    fs = bytearray(uf2)
    struct.pack_into("<I", fs, (n - 1) * 512 + 12, P.XIP_BASE + P.FS_OFFSET)
    big = _image(P.FS_OFFSET + 4096)
    return {
        "rp2350.uf2": (_release_uf2(raw, 0xE48BFF59), "UF2 for RP2350"),
        "samd.uf2": (_release_uf2(raw, 0x68ED2B88), "UF2 for SAMD21"),
        "truncated.uf2": (uf2[:len(uf2) - 512], "truncated or out of order"),
        "cut.uf2": (uf2[:len(uf2) - 100], "not whole 512-byte UF2 blocks"),
        "shuffled.uf2": (bytes(swapped), "truncated or out of order"),
        "overlap.uf2": (bytes(overlap), "overlaps an earlier block"),
        "gap.uf2": (bytes(gap), "leaves a gap"),
        "fs.uf2": (bytes(fs), "overlaps the filesystem"),
        "big.bin": (big, "overlaps the filesystem"),
        "crc.bin": (b"\x00" * 252 + b"\x01\x02\x03\x04" + BANNER, "boot stage 2's CRC is wrong"),
        "short.bin": (b"\x00" * 100, "boot stage 2's CRC is wrong"),
        "circuitpython.uf2": (_release_uf2(_image(banner=b"Adafruit CircuitPython 9.2.1 on 2024-11-20; "
                                                         b"Raspberry Pi Pico with rp2040")), "is CircuitPython"),
        "pico_w.bin": (_image(banner=b"MicroPython v1.28.0 on 2026-04-06; Raspberry Pi Pico 2 with RP2350"),
                       "not MicroPython for the Raspberry Pi Pico"),
        "old.bin": (_image(banner=b"MicroPython v1.22.2 on 2024-02-22; " + P.BOARD_SIGNATURE),
                    "needs MicroPython 1.23 or newer"),
        "noversion.bin": (_image(banner=P.BOARD_SIGNATURE), "no MicroPython version"),
        "empty.uf2": (b"", "not whole 512-byte UF2 blocks"),
    }


def test_every_bad_image_is_refused_in_one_line_naming_the_problem(tmp_path):
    for name, (data, why) in _uf2_cases(_image()).items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(P.ImageError, match=why) as exc:
            P.load_firmware(str(tmp_path / name))
        assert "\n" not in str(exc.value) and name in str(exc.value), (name, str(exc.value))


def test_a_missing_file_a_directory_and_a_device_file_are_refused_without_reading_forever(tmp_path):
    for path, why in ((tmp_path / "missing.uf2", "no such file"), (tmp_path, "not a regular file"),
                      ("/dev/zero", "not a regular file")):
        with pytest.raises(P.ImageError, match=why):
            P.load_firmware(str(path))


def _bundle(tmp_path):
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    (bundle / "main.py").write_bytes(b"import device.app\n")
    return bundle


def test_make_uf2_packs_the_given_release_uf2_and_the_app(tmp_path, monkeypatch, capsys):
    raw = _image()
    fw = tmp_path / "RPI_PICO-v1.28.0.uf2"
    fw.write_bytes(_release_uf2(raw))
    monkeypatch.delenv(P.ENV_FIRMWARE, raising=False)
    out = tmp_path / "x.uf2"
    assert P.main(["uf2", "--firmware", str(fw), "--bundle", str(_bundle(tmp_path)), "--out", str(out)]) == 0
    assert str(fw) in capsys.readouterr().out
    flash = P.from_uf2(out.read_bytes())
    assert flash[:len(raw)] == raw
    assert P.read_littlefs(flash[P.FS_OFFSET:P.FS_OFFSET + P.BLOCK_SIZE * P.BLOCK_COUNT])["/main.py"] \
        == b"import device.app\n"


def test_make_uf2_takes_the_variable_too(tmp_path, monkeypatch, capsys):
    fw = tmp_path / "fw.bin"
    fw.write_bytes(_image())
    monkeypatch.setenv(P.ENV_FIRMWARE, str(fw))
    out = tmp_path / "x.uf2"
    assert P.main(["uf2", "--bundle", str(_bundle(tmp_path)), "--out", str(out)]) == 0
    assert P.from_uf2(out.read_bytes())[:fw.stat().st_size] == fw.read_bytes()


def test_make_uf2_without_an_image_says_where_one_comes_from_and_writes_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv(P.ENV_FIRMWARE, raising=False)
    out = tmp_path / "x.uf2"
    assert P.main(["uf2", "--bundle", str(_bundle(tmp_path)), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "micropython.org/download/RPI_PICO" in err and "make deploy" in err
    assert not out.exists()


def test_make_uf2_refuses_a_bad_image_or_bundle_in_one_line_and_writes_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv(P.ENV_FIRMWARE, raising=False)
    out = tmp_path / "x.uf2"
    bundle = str(_bundle(tmp_path))
    for name, (data, why) in _uf2_cases(_image()).items():
        (tmp_path / name).write_bytes(data)
        assert P.main(["uf2", "--firmware", str(tmp_path / name), "--bundle", bundle, "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and why in err, (name, err)
        assert not out.exists()
    good = tmp_path / "good.bin"
    good.write_bytes(_image())
    assert P.main(["uf2", "--firmware", str(good), "--bundle", str(tmp_path / "nope"), "--out", str(out)]) == 2
    assert "not a firmware bundle" in capsys.readouterr().err and not out.exists()


def test_make_uf2_without_firmware_exits_non_zero_with_the_hint():
    """The Makefile's own target, as a person runs it (no FIRMWARE, no variable)."""
    env = {k: v for k, v in os.environ.items() if k != P.ENV_FIRMWARE}
    r = subprocess.run(["make", "-s", "--no-print-directory", "uf2", "FIRMWARE=",
                        "BIN=" + os.path.dirname(sys.executable)], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode != 0
    assert "micropython.org/download/RPI_PICO" in r.stderr and "Traceback" not in r.stderr
    assert not os.path.exists(os.path.join(ROOT, "build", "comando.uf2.part"))
