"""The dirty-page OLED driver (device/oled.py) against the recording panel (device/hal/panel.py)."""

from mpytest import raises

from device.hal.panel import RecordingPanel
from device.oled import OLED, SH1106


def make(kind="ssd1306", addr=0x3C):
    panel = RecordingPanel(addr=addr)
    if kind == SH1106:
        panel.col_offset = 2
    oled = OLED(panel, addr=addr, kind=kind)
    return panel, oled


def test_first_frame_sends_everything_and_panel_matches():
    panel, oled = make()
    oled.fb.text("Comando", 0, 0, 1)
    oled.fb.rect(10, 20, 30, 30, 1)
    cost = oled.show()
    assert panel.page_bytes() == oled.buf
    assert panel.on
    # 8 pages x (command txn: addr+ctrl+3 cmds, data txn: addr+ctrl+128 data)
    assert cost == 8 * (5 + 130)


def test_unchanged_frame_costs_nothing():
    panel, oled = make()
    oled.fb.text("x", 0, 0, 1)
    oled.show()
    before = panel.bytes
    assert oled.show() == 0 and panel.bytes == before


def test_only_changed_span_of_changed_page_is_sent():
    panel, oled = make()
    oled.show()
    oled.fb.text("7", 60, 24, 1)  # page 3, columns 60..67
    cost = oled.show()
    assert panel.page_bytes() == oled.buf
    assert cost <= 5 + 2 + 8
    assert oled.bytes_sent == panel.bytes  # the driver's count is what crossed the bus


def test_sh1106_column_offset_and_address_3d():
    panel, oled = make(SH1106, addr=0x3D)
    oled.fb.fill_rect(0, 0, 128, 8, 1)
    oled.fb.pixel(127, 63, 1)
    oled.show()
    assert panel.page_bytes() == oled.buf
    assert panel.ram[0] == 0 and panel.ram[1] == 0 and panel.ram[2] == 0xFF
    assert panel.pixel(127, 63) == 1 and panel.pixel(0, 0) == 1


def test_wrong_address_fails_like_a_bus_and_bad_config_raises():
    with raises(OSError):
        OLED(RecordingPanel(addr=0x3C), addr=0x3D)
    with raises(ValueError):
        OLED(RecordingPanel(), addr=0x42)
    with raises(ValueError):
        OLED(RecordingPanel(), kind="st7735")


def test_flip_and_contrast_reach_the_panel_and_flip_resends():
    panel, oled = make()
    oled.fb.pixel(0, 0, 1)
    oled.show()
    oled.contrast(40)
    oled.flip(True)
    assert panel.contrast == 40 and panel.flipped
    assert panel.pixel(127, 63) == 1
    assert oled.show() == 8 * (5 + 130)  # a flip redraws the whole frame


def test_random_frames_always_match_the_panel():
    import random
    panel, oled = make()
    r = random.Random(5) if hasattr(random, "Random") else None
    rnd = r.randint if r else random.randint
    for _ in range(30):
        for _ in range(rnd(0, 5)):
            oled.fb.fill_rect(rnd(0, 127), rnd(0, 63), rnd(1, 20), rnd(1, 20), rnd(0, 1))
        oled.show()
        assert panel.page_bytes() == oled.buf


class _Bus:
    def __init__(self):
        self.log = []

    def writeto(self, addr, data):
        self.log.append(bytes(data))


def _walk_runs(buf, shadow, w, gap):
    """The reference: every page walked byte by byte; a run extends while the next change is
    within ``gap`` columns. [(page, first column, last column)]."""
    runs = []
    for page in range(len(buf) // w):
        base = page * w
        x = 0
        while x < w:
            if buf[base + x] == shadow[base + x]:
                x += 1
                continue
            lo = hi = x
            x += 1
            while x < w and x - hi <= gap:
                if buf[base + x] != shadow[base + x]:
                    hi = x
                x += 1
            runs.append((page, lo, hi))
            x = hi + 1
    return runs


def test_bisected_pages_send_the_runs_a_byte_walk_finds():
    """show() compares whole pages and bisects a changed one to its changed columns (C slice
    comparisons instead of a bytecode loop per byte): the transactions must be exactly those of
    the byte-by-byte walk, for sparse and dense changes alike."""
    seed = [11]

    def rand(n):  # (a fixed LCG: MicroPython's random has no Random class)
        seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return (seed[0] >> 8) % n

    for trial in range(150):
        bus = _Bus()
        oled = OLED(bus)
        oled.show()
        for _ in range(3):
            for _ in range((0, 1, 2, 5, 20, 200)[rand(6)]):
                oled.buf[rand(len(oled.buf))] = rand(256)
            want = _walk_runs(oled.buf, oled.shadow, oled.width, oled.GAP)
            del bus.log[:]
            oled.show()
            assert len(bus.log) == 2 * len(want), trial
            at = -1
            for i, (page, lo, hi) in enumerate(want):
                # a span on the page the previous one left the pointer on sets only the column
                addr = (0, lo & 0x0F, 0x10 | (lo >> 4)) if page == at else (0, 0xB0 | page, lo & 0x0F, 0x10 | (lo >> 4))
                assert bus.log[2 * i] == bytes(addr), trial
                at = page
                assert bus.log[2 * i + 1][1:] == bytes(oled.buf[page * 128 + lo:page * 128 + hi + 1])
            assert oled.shadow == oled.buf
