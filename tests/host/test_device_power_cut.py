"""A press's event is on flash before its picture (issue 23; docs/decisions/event-on-flash-before-
picture.md): the real firmware under the MicroPython unix port (the simulator), its journal write cut
by a power cut (the process killed with SIGKILL in the middle of the write: device.hal.simcut) or
failing, at the ROLL press of an attack (rules/teg-classic.txt, "DEVELOPMENT OF AN ATTACK", step 4:
"The contenders roll their dice").

On the emulated RP2040 the attack's picture reached the glass 6 ms before its flash write was cut:
the table saw a roll the device then lost, and pulling the cable after a bad roll re-rolled. Here:
with the cut, the glass at the instant of the cut is the picture from before the press and the
rebooted device's journal has no such roll; without it, the picture shows the roll and the journal
has it. A failing write shows the error, never the roll.
"""

import os

import pytest

from comando_host.pico.simulator import Simulator

# A 4-player T.E.G. game by buttons (tests/device_scripts/teg_session.txt's opening): the first
# player's attack on the Dice screen set to 6 against 3, then its ROLL
TO_THE_ROLL = ["roll", "ok", "ok x8", "ok", "roll", "up x2", "ok", "up", "wait 1000", "png before"]
SCRIPT = TO_THE_ROLL + ["roll", "wait 1000", "png after"]
ROLL_LINE = '"t":"roll"'   # the roll event's bytes in its journal line (comando.journal's codec)
SEED = 5
SECTORS = 16   # the simulator's raw flash (COMANDO_SIM_FLASH): the Pico's journal store


def png_pixels(path):
    from PIL import Image
    with Image.open(path) as img:
        g = img.convert("L")
        scale = g.size[0] // 128
        return tuple(tuple(g.getpixel((x * scale + scale // 2, y * scale + scale // 2)) > 127
                           for x in range(128)) for y in range(64))


def differ(a, b):
    """How many pixels of two glasses differ."""
    return sum(pa != pb for ra, rb in zip(a, b) for pa, pb in zip(ra, rb))


def flash_events(root):
    """The journal on the simulator's raw flash sectors (flash.img), read by the device's own
    store code: (events, problem)."""
    from comando.journal_read import scan_stream
    from device.hal.simflash import NorFile, SimPool
    from device.journal_flash import FlashStore
    from device.journal_flash_read import reader
    dev = NorFile(os.path.join(root, "flash.img"), SECTORS)
    try:
        store = FlashStore(SimPool(dev))
        if not store.chain:
            return [], None
        out = []
        with reader(store) as f:
            _, _, problem = scan_stream(f, out.append)
        return out, problem
    finally:
        dev.close()


def journal(sim, store):
    if store == "flash":
        return flash_events(sim.root)
    events, _, problem = sim.journal()
    return events, problem


def run(tmp, name, store, fast, script=SCRIPT, cut=None, png_every=False):
    env = {"COMANDO_SIM_FLASH": str(SECTORS) if store == "flash" else "0"}
    if cut:
        env["COMANDO_SIM_CUT"] = cut
    sim = Simulator(root=str(tmp / "dev"), script=script, serial=False, seed=SEED,
                    png_dir=str(tmp / ("png-" + name)), png_every=png_every, fast=fast,
                    extra_env=env).start()
    try:
        rc = sim.wait(120)
    finally:
        sim.stop()
    return sim, rc


def reboot(tmp, store):
    """Power on again on the same storage: the boot folds the journal (a torn tail dropped)."""
    sim, rc = run(tmp, "reboot", store, True, script=["wait 300", "png home"])
    assert rc == 0, sim.log()
    return sim


@pytest.fixture(scope="module")
def uncut(tmp_path_factory):
    """The same session without a cut, per (store, fast): the roll's picture and journal."""
    done = {}

    def get(store, fast):
        key = (store, fast)
        if key not in done:
            tmp = tmp_path_factory.mktemp("uncut-%s-%s" % key)
            sim, rc = run(tmp, "run", store, fast)
            assert rc == 0, sim.log()
            events, problem = journal(sim, store)
            done[key] = (sim, events, problem)
        return done[key]
    return get


@pytest.mark.parametrize("store,fast", [("flash", True), ("flash", False), ("file", True)],
                         ids=["flash-virtual-clock", "flash-real-clock", "journal.log"])
def test_a_roll_is_on_flash_before_its_picture_reaches_the_glass(tmp_path, uncut, store, fast):
    ref, ref_events, ref_problem = uncut(store, fast)
    before = png_pixels(os.path.join(ref.png_dir, "before.png"))
    shown = png_pixels(os.path.join(ref.png_dir, "after.png"))
    # without a cut: the roll is journaled and its picture shows it
    assert ref_problem is None and ref_events and ref_events[-1]["t"] == "roll"
    assert ref_events[-1]["r"]["al"] + ref_events[-1]["r"]["dl"] > 0   # armies were lost
    assert differ(shown, before) > 0

    sim, rc = run(tmp_path, "cut", store, fast, cut="power:" + ROLL_LINE)
    assert rc == -9, "the power cut did not come (exit %s):\n%s" % (rc, sim.log())
    assert "power cut during a journal write" in sim.log()
    glass = png_pixels(os.path.join(sim.png_dir, "cut.png"))
    # the table never saw the roll the device is about to lose: the glass is still the picture
    # from before the press (with the old order it already showed the dice and the losses)
    assert differ(png_pixels(os.path.join(sim.png_dir, "before.png")), before) == 0
    changed = differ(glass, before)
    assert changed == 0, "the roll's picture was on the glass before its event was on flash " \
        "(%d pixels changed)" % changed

    # the torn line is on the store; the rebooted device drops it: no such roll, nothing else lost
    torn, problem = journal(sim, store)
    assert problem is not None and torn == ref_events[:-1]
    again = reboot(tmp_path, store)
    events, problem = journal(again, store)
    assert problem is None
    assert events == ref_events[:-1]
    assert all(e["t"] != "roll" for e in events)


def test_a_failed_write_shows_the_error_and_never_the_roll(tmp_path, uncut):
    ref, ref_events, _ = uncut("flash", True)
    shown = png_pixels(os.path.join(ref.png_dir, "after.png"))
    before = png_pixels(os.path.join(ref.png_dir, "before.png"))

    sim, rc = run(tmp_path, "fail", "flash", True, cut="fail:" + ROLL_LINE, png_every=True)
    assert rc == 0, sim.log()
    log = sim.log()
    assert "Storage full: write failed" in log
    frames = [png_pixels(p) for p in sim.frames()]
    after = png_pixels(os.path.join(sim.png_dir, "after.png"))
    assert differ(after, before) and differ(after, shown)   # the error's box is on the glass
    # no picture of the device ever showed the roll (every frame saved, as it was sent)
    showing = [os.path.basename(p) for p, f in zip(sim.frames(), frames) if differ(f, shown) == 0]
    assert not showing, "the roll the device did not journal was shown: %s" % showing
    events, problem = journal(sim, "flash")
    assert problem is None and events == ref_events[:-1]
    again = reboot(tmp_path, "flash")
    assert journal(again, "flash") == (ref_events[:-1], None)
