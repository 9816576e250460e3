"""A tiny PNG writer for the simulator: 1-bit palette image, zlib stored blocks (no compressor
needed: the unix port's deflate module only decompresses).

``write_png(path, pixel, width, height, scale)`` where ``pixel(x, y)`` -> 0/1. Lit pixels use an
OLED-like pale blue on black.
"""

import struct
from binascii import crc32

PALETTE = b"\x00\x00\x00\xc8\xe6\xff"


def _chunk(f, kind, data):
    f.write(struct.pack(">I", len(data)))
    f.write(kind)
    f.write(data)
    f.write(struct.pack(">I", crc32(data, crc32(kind)) & 0xFFFFFFFF))


def rows(pixel, width, height, scale):
    """The filtered scanlines (filter byte 0 + packed bits), one bytes object per output row."""
    rb = (width * scale + 7) // 8
    for y in range(height):
        row = bytearray(rb + 1)
        for x in range(width):
            if pixel(x, y):
                for k in range(scale):
                    X = x * scale + k
                    row[1 + (X >> 3)] |= 0x80 >> (X & 7)
        row = bytes(row)
        for _ in range(scale):
            yield row


def encode(pixel, width, height, scale=3):
    """The PNG file as bytes."""
    import io
    raw = bytearray()
    for r in rows(pixel, width, height, scale):
        raw += r
    a, b = 1, 0
    for byte in raw:
        a = (a + byte) % 65521
        b = (b + a) % 65521
    z = bytearray(b"\x78\x01")
    n = len(raw)
    pos = 0
    while True:
        blk = raw[pos:pos + 65535]
        pos += len(blk)
        last = 1 if pos >= n else 0
        z += struct.pack("<BHH", last, len(blk), len(blk) ^ 0xFFFF)
        z += blk
        if last:
            break
    z += struct.pack(">I", (b << 16) | a)
    f = io.BytesIO()
    f.write(b"\x89PNG\r\n\x1a\n")
    _chunk(f, b"IHDR", struct.pack(">IIBBBBB", width * scale, height * scale, 1, 3, 0, 0, 0))
    _chunk(f, b"PLTE", PALETTE)
    _chunk(f, b"IDAT", bytes(z))
    _chunk(f, b"IEND", b"")
    return f.getvalue()


def write_png(path, pixel, width=128, height=64, scale=3):
    data = encode(pixel, width, height, scale)
    with open(path, "wb") as f:
        f.write(data)
    return len(data)
