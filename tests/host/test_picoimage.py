"""The Pico's flash as files (comando_host.picoimage): the littlefs image of the app, the whole
flash, and the UF2 that `make uf2` writes (the emulated-Pico tests boot it: tests/pico)."""

import os
import struct

import pytest

from comando_host import picoimage as P

pytest.importorskip("littlefs")


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
    with pytest.raises(P.ImageError, match="whole 512-byte blocks"):
        P.from_uf2(bytes(data[:-3]))
    data[512] ^= 0xFF
    with pytest.raises(P.ImageError, match="block 1 has bad magic"):
        P.from_uf2(bytes(data))


def test_the_firmware_image_is_checked_against_its_pinned_sha256(tmp_path):
    bad = tmp_path / "fw.bin"
    bad.write_bytes(b"not micropython")
    with pytest.raises(P.ImageError, match="expected " + P.FIRMWARE_SHA256):
        P.firmware_bytes(str(bad))
    with pytest.raises(P.ImageError, match="cannot read"):
        P.firmware_bytes(str(tmp_path / "missing.bin"))
    if os.path.exists(P.FIRMWARE):
        assert len(P.firmware_bytes()) < P.FS_OFFSET


def test_make_uf2_cli_names_a_missing_bundle(tmp_path, capsys):
    assert P.main(["uf2", "--bundle", str(tmp_path / "nope"), "--out", str(tmp_path / "x.uf2")]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "not a firmware bundle" in out


def _boot2(body: bytes) -> bytes:
    """A flash image whose boot stage 2 carries the CRC the boot ROM checks, then ``body``."""
    head = bytes(range(252))
    return head + struct.pack("<I", P._boot2_crc(head)) + body


def test_the_boot2_crc_is_the_one_the_stock_image_carries():
    # the CRC-32 (MSB first, poly 0x04C11DB7, init 0xFFFFFFFF, no final XOR) of a known input:
    # "123456789" gives 0x0376E6E7 for this variant (CRC-32/MPEG-2)
    assert P._boot2_crc(b"123456789") == 0x0376E6E7
    if os.path.exists(P.FIRMWARE):
        data = P.firmware_bytes()
        assert P._boot2_crc(data[:252]) == struct.unpack("<I", data[252:256])[0]


def test_another_micropython_image_is_checked_as_an_rp2040_pico_image(tmp_path, monkeypatch):
    good = tmp_path / "frozen.bin"
    good.write_bytes(_boot2(b"\x00" * 1000 + P.BOARD_SIGNATURE + b"\x00" * 1000))
    monkeypatch.setenv(P.ENV_FIRMWARE, str(good))
    assert P.firmware_path() == str(good)
    assert P.chosen_firmware() == good.read_bytes()
    image = P.flash({"/main.py": b"print(1)\n"})
    assert image[:len(good.read_bytes())] == good.read_bytes()
    cases = {
        "crc.bin": (b"\x00" * 252 + b"\x01\x02\x03\x04" + P.BOARD_SIGNATURE, "boot stage 2's CRC is wrong"),
        "short.bin": (b"\x00" * 100, "boot stage 2's CRC is wrong"),
        "other.bin": (_boot2(b"CircuitPython for something else"), "not MicroPython for the Raspberry Pi Pico"),
        "big.bin": (_boot2(P.BOARD_SIGNATURE + b"\x00" * P.FS_OFFSET), "overlaps the filesystem"),
    }
    for name, (data, why) in cases.items():
        (tmp_path / name).write_bytes(data)
        monkeypatch.setenv(P.ENV_FIRMWARE, str(tmp_path / name))
        with pytest.raises(P.ImageError, match=why) as exc:
            P.chosen_firmware()
        assert "\n" not in str(exc.value)
    monkeypatch.setenv(P.ENV_FIRMWARE, str(tmp_path / "missing.bin"))
    with pytest.raises(P.ImageError, match="cannot read"):
        P.chosen_firmware()
    monkeypatch.delenv(P.ENV_FIRMWARE)
    assert P.firmware_path() == P.FIRMWARE


def test_make_uf2_cli_takes_another_image_and_names_it(tmp_path, monkeypatch, capsys):
    fw = tmp_path / "frozen.bin"
    fw.write_bytes(_boot2(P.BOARD_SIGNATURE))
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    (bundle / "main.py").write_bytes(b"import device.app\n")
    monkeypatch.setenv(P.ENV_FIRMWARE, str(fw))
    out = tmp_path / "x.uf2"
    assert P.main(["uf2", "--bundle", str(bundle), "--out", str(out)]) == 0
    assert str(fw) in capsys.readouterr().out
    assert P.from_uf2(out.read_bytes())[:len(fw.read_bytes())] == fw.read_bytes()
