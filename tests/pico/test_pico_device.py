"""The firmware on an emulated Raspberry Pi Pico: MicroPython v1.28.0 RPI_PICO on rp2040js, the
`make firmware` bundle on its littlefs, an SSD1306 on I2C0, the five buttons, USB CDC on a pty
(tests/pico/rig.js, tests/pico/picorig.py; docs/emulated-pico.md).

The short selection runs in `make test`; `make test-pico` adds the ``pico_long`` ones (whole
games, every golden case, more power-cut points, minutes of mashing).
"""

import importlib.util
import os
import random
import threading
import time

import pytest
from PIL import Image

from comando import session as S
from picorig import ROOT, PINS, picoimage

pytestmark = pytest.mark.pico

GOLDEN = os.path.join(ROOT, "tests", "golden")
SCRIPTS = os.path.join(ROOT, "tests", "device_scripts")


def _load(name, rel):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, rel))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


golden_cases = _load("pico_golden_cases", "tests/host/test_device_golden.py")
sessions = _load("pico_sessions", "tests/host/test_device_sessions.py")


def golden_bits(name):
    """The golden PNG (the simulator's panel RAM at 3x) as 64 rows of 128 pixels."""
    img = Image.open(os.path.join(GOLDEN, name + ".png")).convert("L")
    w, h = img.size
    sx, sy = w // 128, h // 64
    return [[1 if img.getpixel((x * sx + sx // 2, y * sy + sy // 2)) > 127 else 0 for x in range(128)]
            for y in range(64)]


def assert_glass(rig, name, tmp_path):
    got = rig.pixels()
    want = golden_bits(name)
    if got != want:
        rig.png(str(tmp_path / ("actual-" + name + ".png")))
        diff = sum(a != b for ra, rb in zip(got, want) for a, b in zip(ra, rb))
        raise AssertionError("the emulated Pico's glass differs from tests/golden/%s.png in %d pixels "
                             "(see %s):\n%s" % (name, diff, tmp_path, rig.text()))


def journal_files(make):
    """The littlefs of a device holding a golden case's journal (as the simulator's root)."""
    files = picoimage.bundle_files(os.environ.get("COMANDO_PICO_BUNDLE") or _bundle())
    if make is not None:
        j = make()
        from comando import journal as codec
        files["/data/journal.log"] = b"".join(codec.encode(e) for e in j.events)
    return files


def _bundle():
    from picorig import ensure_bundle
    return ensure_bundle()


def no_traceback(rig):
    out = rig.serial_output()
    assert b"Traceback" not in out and b"task failed" not in out, rig.log()


# Frames that differ on purpose: the simulator makes its goldens without a serial port, and the
# Pico always has its USB serial, so the Sync screen says so.
NOT_ON_THE_PICO = {"sync"}


def run_golden_case(pico, case, tmp_path):
    make, opts, script = golden_cases.CASES[case]
    files = journal_files(make)
    if "lang" in opts:   # Settings > Language on flash, as the simulator's golden run saves it
        files["/data/settings.json"] = ('{"lang": "%s"}' % opts["lang"]).encode()
    rig = pico(seed=11, files=files)
    rig.boot()
    for raw in script.strip().splitlines():
        line = raw.strip()
        if line.startswith("png "):
            if line.split()[1] not in NOT_ON_THE_PICO:
                assert_glass(rig, line.split()[1], tmp_path)
        else:
            rig.script([line])
    no_traceback(rig)
    return rig


# -- the short selection (make test) ------------------------------------------------------------

def test_the_release_uf2_boots_to_the_new_game_screen(pico, bundle, tmp_path):
    # `make uf2`: MicroPython + the app's littlefs in one UF2; a Pico takes it on a blank chip
    uf2 = picoimage.uf2(picoimage.flash(picoimage.bundle_files(bundle)))
    rig = pico(flash=picoimage.from_uf2(uf2))
    t = rig.boot()
    assert 0 < t < 5000
    assert rig.usb_at is not None  # enumerated as a USB CDC device
    assert_glass(rig, "new-game", tmp_path)  # what the simulator shows on a fresh device
    no_traceback(rig)


PROBE = b"""
import machine, time
from device import pins
i2c = machine.I2C(pins.I2C_ID, sda=machine.Pin(pins.I2C_SDA), scl=machine.Pin(pins.I2C_SCL), freq=pins.I2C_FREQ)
print("~SCAN", i2c.scan())
buf = bytearray(1025)
buf[0] = 0x40
t = time.ticks_us()
i2c.writeto(0x3C, buf)
print("~KIB_US", time.ticks_diff(time.ticks_us(), t))
print("~END")
"""


def test_the_oled_answers_the_bus_scan_and_a_frame_takes_wire_time(pico):
    # machine.I2C.scan() bit-bangs GP4/GP5: the model decodes the lines and ACKs 0x3C only
    rig = pico(main=PROBE)
    for _ in range(40):
        if b"~END" in rig.serial_output():
            break
        rig.wait(250)
    out = rig.serial_output().decode()
    assert "~SCAN [60]" in out, rig.log()
    us = int(out.split("~KIB_US ")[1].split()[0])
    # 1026 bytes x 9 clocks at the ~376 kHz that "400 kHz" gives on the RP2040's I2C block
    assert 22000 < us < 28000


def test_golden_frames_of_a_la_revancha_crisis_match_the_simulator(pico, tmp_path):
    # teg-la-revancha.txt, SITUATION CARDS: Crisis (the golden frames of tests/host/test_device_golden.py)
    run_golden_case(pico, "revancha-crisis", tmp_path)


def _new_teg_game(rig):
    rig.boot()
    rig.script(["ok", "ok", "roll", "ok"])  # 4 players, T.E.G., ROLL starts; OK: who starts


def test_a_quick_tap_while_the_device_is_busy_is_not_lost(pico):
    # ROLL starts the game (its handler and the restart keep the input loop busy for a while);
    # a 30 ms tap of OK lands inside that step, pressed and released between two samples: the
    # pin interrupt's latch (device/hal/pico.py) makes it the press that picks who starts
    rig = pico(seed=3)
    rig.boot()
    rig.script(["ok", "ok"])
    rig.call("taps", steps=[[[PINS["roll"]], 0, 40], [[PINS["ok"]], 60, 30]])
    rig.wait(1500)
    no_traceback(rig)
    rig.stop()
    events, _, problem = rig.journal()
    assert problem is None and [e["t"] for e in events] == ["new", "first"]


def test_power_cut_during_a_journal_write_then_boot_and_recover(pico, tmp_path):
    rig = pico(seed=3)
    _new_teg_game(rig)
    rig.stop()
    before, _, problem = rig.journal()
    assert problem is None and [e["t"] for e in before] == ["new", "first"]
    # the game is on the raw flash sectors (device/journal_flash.py), not in a littlefs file
    files = rig.files()
    assert "/data/journal.log" not in files and any(n.startswith("/data/jseg/") for n in files)
    # power on again, and cut the power half-way through the next flash program (the journal
    # append of the first placement: OK on the turn screen)
    rig2 = pico(flash=rig.flash_path, seed=3)
    rig2.boot()
    rig2.call("cut", kind="program", after=1, bytes=100)
    rig2.call("tap", pins=[PINS["ok"]], hold=60, settle=100, timeout=5000)
    assert rig2.cut is not None, "no flash write followed the press"
    rig2.stop()
    # the next power-on recovers: the journal reads clean, keeps what was written before, and the
    # device runs on (the same press journals the placement)
    rig3 = pico(flash=rig.flash_path, seed=3)
    rig3.boot()
    rig3.tap("ok")
    no_traceback(rig3)
    rig3.stop()
    after, _, problem = rig3.journal()
    assert problem is None
    assert after[:2] == before
    assert [e["t"] for e in after][2:] in (["place"], ["place", "place"])


def test_laptop_mirrors_the_emulated_device_over_the_pty(pico, tmp_path):
    from comando_host.link.host import HostLink
    from comando_host.store.db import Store
    from comando_host.link.transport import open_transport

    rig = pico(seed=5, pty=True, realtime=True)
    rig.boot()
    store = Store(str(tmp_path / "host.db"))
    t = open_transport(rig.port)
    s = HostLink(t, store)
    stop = threading.Event()

    def host():
        while not stop.is_set():
            if not s.poll():
                t.wait(0.01)

    th = threading.Thread(target=host, daemon=True)
    th.start()
    try:
        rig.script(["ok", "ok", "roll", "ok", "ok x3"])  # new game, who starts, 3 placements
        # the device runs slower than real time: allow for it on the laptop's clock
        end = time.monotonic() + 120
        while time.monotonic() < end and not (s.sync.game and store.last_seq(s.sync.game) >= 5):
            rig.wait(200)
    finally:
        stop.set()
        th.join(5)
    game = s.sync.game
    t.close()
    rig.stop()
    events, _, problem = rig.journal()
    assert problem is None and len(events) == 5
    assert game and store.events(game) == events
    no_traceback(rig)


def garbage(rng, n):
    """Random bytes, Ctrl-C (0x03) included and frequent: the app holds Ctrl-C off, so it is line
    noise (docs/device.md "Stop for the REPL"; docs/decisions/usb-ctrl-c-held-off.md); only the stop request stops the app."""
    return bytes(rng.choice((3, 3, rng.randrange(256), rng.randrange(256))) for _ in range(n))


def test_garbage_on_the_serial_port_changes_nothing(pico, tmp_path):
    rig = pico(seed=9, pty=True)
    rig.boot()
    fd = os.open(rig.port, os.O_RDWR | os.O_NOCTTY)
    rng = random.Random(4)
    try:
        for _ in range(6):
            os.write(fd, garbage(rng, 300) + b"\r\n~~~\x00\xff\x04\x01")
            rig.wait(100)
        rig.script(["ok", "ok", "roll", "ok"])
        for _ in range(4):
            os.write(fd, garbage(rng, 200))
            rig.tap("ok")
    finally:
        os.close(fd)
    rig.stop()
    events, _, problem = rig.journal()
    assert problem is None
    assert [e["t"] for e in events] == ["new", "first", "place", "place", "place", "place"]
    no_traceback(rig)


# -- the whole selection (make test-pico) --------------------------------------------------------

@pytest.mark.pico_long
@pytest.mark.parametrize("case", sorted(c for c in golden_cases.CASES
                                        if c not in ("storage-full", "fresh-menu")))
def test_golden_frames_match_the_simulator(pico, case, tmp_path):
    run_golden_case(pico, case, tmp_path)


@pytest.mark.pico_long
def test_scripted_4_player_teg_game_by_buttons(pico):
    # teg-classic.txt, "Attacking Foreign Countries", "Development of an Attack": the same
    # session the simulator plays (tests/host/test_device_sessions.py), on the RP2040
    rig = pico(seed=7)
    rig.boot()
    rig.script(os.path.join(SCRIPTS, "teg_session.txt"))
    no_traceback(rig)
    rig.stop()
    events, _, problem = rig.journal()
    assert problem is None
    expected, state = sessions.remake(events, 7)
    assert events == expected
    types = [e["t"] for e in events]
    assert types[:2] == ["new", "first"] and types.count("place") == 8
    assert types.count("roll") >= 20 and "card" in types
    assert types[-1] == "win" and state.stage == S.OVER


@pytest.mark.pico_long
def test_scripted_teg2_round_by_buttons(pico):
    # teg-ii.txt, "How Combat Works": two combats with battle commands dialled in secret
    rig = pico(seed=7)
    rig.boot()
    rig.script(os.path.join(SCRIPTS, "teg2_round.txt"))
    no_traceback(rig)
    rig.stop()
    events, _, problem = rig.journal()
    assert problem is None
    expected, state = sessions.remake(events, 7)
    assert events == expected
    types = [e["t"] for e in events]
    assert types.count("declare") == 2 and types.count("lock") == 4 and types.count("reveal") == 4
    assert types[-4:] == ["end"] * 4


@pytest.mark.pico_long
@pytest.mark.parametrize("after,nbytes", [(1, 0), (1, 1), (1, 100), (1, 200), (1, 255), (1, 300),
                                          (1, 511), (2, 17), (3, 128)])
def test_power_cut_at_any_byte_of_a_journal_write(pico, after, nbytes):
    rig = pico(seed=3)
    _new_teg_game(rig)
    rig.stop()
    before, _, _ = rig.journal()
    rig2 = pico(flash=rig.flash_path, seed=3)
    rig2.boot()
    rig2.call("cut", kind="program", after=after, bytes=nbytes)
    for _ in range(4):
        if rig2.cut is not None:
            break
        rig2.call("tap", pins=[PINS["ok"]], hold=60, settle=100, timeout=5000)
    rig2.stop()
    rig3 = pico(flash=rig.flash_path, seed=3)
    rig3.boot()
    rig3.tap("ok")
    no_traceback(rig3)
    rig3.stop()
    after_ev, _, problem = rig3.journal()
    assert problem is None
    assert after_ev[:2] == before
    assert all(e["t"] == "place" for e in after_ev[2:]) and len(after_ev) > 2


@pytest.mark.pico_long
def test_ctrl_c_does_not_stop_the_app_but_the_stop_request_does(pico, tmp_path):
    # issue 14, "Bad input": a raw Ctrl-C (mpremote's, a serial monitor's) is line noise; the
    # CRC-checked stop-for-REPL frame (comando_host.pico.repl_stop) is what `make deploy` sends
    from comando_host.pico import repl_stop
    rig = pico(seed=9, pty=True)
    rig.boot()
    rig.script(["ok", "ok", "roll", "ok"])
    fd = os.open(rig.port, os.O_RDWR | os.O_NOCTTY)
    try:
        os.write(fd, b"zz\x03qq\r\x03\x03\r\x01")
        rig.wait(1500)
        rig.tap("ok")  # still playing: the first placement is journaled
        out = rig.serial_output()
        assert b"stopped for the REPL" not in out and b"raw REPL" not in out
        os.write(fd, repl_stop.stop_frame())
        rig.wait(1500)
        os.write(fd, b"\r\x03\r\x01")  # mpremote's enter_raw_repl, as deploy runs next
        rig.wait(1000)
    finally:
        os.close(fd)
    rig.stop()
    out = rig.serial_output()
    assert repl_stop.STOPPED in out and b"Traceback" not in out, out[-400:]
    assert b"raw REPL; CTRL-B to exit" in out.split(repl_stop.STOPPED)[1], out[-400:]
    events, _, problem = rig.journal()
    assert problem is None and [e["t"] for e in events] == ["new", "first", "place"]


def full_littlefs(files, room_blocks):
    """The flash of a device whose littlefs holds ``files`` and filler files up to the last
    ``room_blocks`` blocks (filled until littlefs says no space, then that many blocks freed)."""
    from littlefs import LittleFS
    from littlefs.errors import LittleFSError

    fs = LittleFS(block_size=picoimage.BLOCK_SIZE, block_count=picoimage.BLOCK_COUNT,
                  prog_size=picoimage.PROG_SIZE, read_size=32, lookahead_size=32, name_max=255)
    for name in sorted(files):
        parts = name.strip("/").split("/")
        for i in range(1, len(parts)):
            try:
                fs.mkdir("/" + "/".join(parts[:i]))
            except FileExistsError:
                pass
        with fs.open(name, "wb") as f:
            f.write(files[name])
    fs.mkdir("/fill")
    n = 0
    try:
        while True:
            with fs.open("/fill/%04d" % n, "wb") as f:
                f.write(b"\x5a" * picoimage.BLOCK_SIZE)
            n += 1
    except LittleFSError:
        pass
    for i in range(min(room_blocks, n)):
        fs.remove("/fill/%04d" % (n - 1 - i))
    img = bytearray(picoimage.flash({}))
    img[picoimage.FS_OFFSET:picoimage.FS_OFFSET + picoimage.BLOCK_SIZE * picoimage.BLOCK_COUNT] = \
        bytes(fs.context.buffer)
    return bytes(img)


@pytest.mark.pico_long
def test_a_full_filesystem_keeps_the_device_running(pico, tmp_path):
    # the golden "storage-full" case, on a littlefs really full (not the simulator's quota)
    start = golden_cases.teg_in_play().events
    rig = pico(seed=11, flash=full_littlefs(journal_files(golden_cases.teg_in_play), 2))
    rig.boot()
    rig.script(["roll", "roll"])  # the dice screen; the roll cannot be journaled
    assert_glass(rig, "storage-full", tmp_path)
    rig.script(["back"] + ["roll", "up", "ok", "back"] * 10 + ["back", "down", "ok"])
    no_traceback(rig)
    rig.stop()
    events, _, problem = rig.journal()
    assert problem is None and events == start  # nothing lost, nothing half-written


@pytest.mark.pico_long
def test_mashing_the_buttons_loses_no_event(pico):
    rig = pico(seed=13)
    _new_teg_game(rig)
    rng = random.Random(7)
    names = sorted(PINS)
    for _ in range(300):
        held = rng.sample(names, rng.choice((1, 1, 1, 2)))
        rig.tap(*held, hold=rng.choice((25, 40, 60, 120, 800)), settle=rng.choice((5, 30, 100)))
    no_traceback(rig)
    rig.stop()
    events, _, problem = rig.journal()
    assert problem is None
    # every event the device journaled is one the reducer accepts, in order
    expected, _ = sessions.remake(events, 13)
    assert events == expected


def _resume_picture(rig):
    """The picture device/resume.py saved (MONO_VLSB after its header), as the glass's RAM."""
    from device import resume
    return rig.files()["/data" + resume.NAME][resume.HEAD:]


@pytest.mark.pico_long
def test_a_map_game_shows_its_saved_picture_at_once_and_a_tap_in_the_fold_waits(pico):
    # device/resume.py (issue 22): a T.E.G. map game, the table quiet for 1.5 s (the picture
    # saved), the power off and on: the picture is on the glass within 1 s, before the fold,
    # and it is the glass the fold leaves. A tap of OK during the fold waits in the pin
    # interrupt's latch: after the fold it is the screen's press, as a tap after the fold is.
    from heap_games import MAP_STARTS
    rig = pico(seed=5)
    rig.boot()
    rig.script(MAP_STARTS["teg"] + ["wait 1500"])
    no_traceback(rig)
    rig.stop()
    pic = _resume_picture(rig)
    events, _, _ = rig.journal()
    glasses, journals = [], []
    for during in (True, False):
        r = pico(seed=5, flash=rig.flash_path)
        r.call("poll_log", on=True)
        shown = r.boot(settle=20)
        assert shown < 1000 and r.screen() == pic, r.log()
        if during:
            r.call("taps", steps=[[[PINS["ok"]], 0, 30]])
        r.wait(5000)
        polls = [t for t in r.call("poll_log", on=False)["times"] if t > shown]
        assert polls and polls[0] > shown + 200   # (the buttons answer after the fold)
        if not during:
            assert r.screen() == pic   # the glass the fold leaves is the picture shown before it
            r.tap("ok")
        glasses.append(r.screen())
        no_traceback(r)
        r.stop()
        journals.append(r.journal()[0])
    # the tap in the fold did what the tap after it does (the game's move-in, here), nothing lost
    assert journals[0] == journals[1] and len(journals[0]) == len(events) + 1
    assert journals[0][:len(events)] == events
    assert glasses[0] == glasses[1] != pic
