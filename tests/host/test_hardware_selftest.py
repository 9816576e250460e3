"""The device self-test and the OLED controller setting, run in the simulator (issue 7).

The real firmware runs under the MicroPython unix port with the sim HAL (comando_host.pico.simulator);
frames come back as PNGs of what the glass shows, and the self-test saves its result in the
device's storage."""

import json
import os

import pytest

from comando_host.pico.simulator import run_script

PIL = pytest.importorskip("PIL.Image")

BOOT_COMBO = "hold back+ok 600"


def png_pixels(path):
    from PIL import Image
    with Image.open(path) as img:
        g = img.convert("L")
        w, h = g.size
        scale = w // 128
        return [[g.getpixel((x * scale + scale // 2, y * scale + scale // 2)) > 127
                 for x in range(128)] for y in range(64)]


def lit_columns(pixels):
    return [x for x in range(128) if all(pixels[y][x] for y in range(64))]


def run(script, tmp_path, name="dev", **kw):
    root = tmp_path / name
    sim = run_script(script, root=str(root), png_dir=str(root / "png"), **kw)
    return sim, root


def selftest_result(root):
    with open(os.path.join(str(root), "selftest.json")) as f:
        return json.load(f)


def test_boot_combo_runs_the_self_test_all_pixels_then_every_button(tmp_path):
    sim, root = run([BOOT_COMBO, "png intro", "ok", "png lit", "roll", "png ask_up",
                     "up", "down", "ok", "back", "roll", "png done", "ok", "png after"], tmp_path)
    lit = png_pixels(os.path.join(str(root), "png", "lit.png"))
    assert all(all(row) for row in lit), "the LIT step must light every pixel"
    intro = png_pixels(os.path.join(str(root), "png", "intro.png"))
    assert not all(all(row) for row in intro)
    res = selftest_result(root)
    assert res["buttons"] == {"up": "ok", "down": "ok", "ok": "ok", "back": "ok", "roll": "ok"}
    assert res["ok"] is True and res["wrong"] == {} and res["oled"] == "ssd1306"
    assert res["addr"] == 0x3C
    # OK on the summary leaves the self-test: the frame after differs from the summary
    assert png_pixels(os.path.join(str(root), "png", "done.png")) != \
        png_pixels(os.path.join(str(root), "png", "after.png"))
    assert sim.events() == []  # the self-test makes no game events


def test_wrong_button_and_skip_are_reported(tmp_path):
    # waiting for UP: DOWN is pressed (wrong), then UP; waiting for DOWN: ROLL held (skip)
    sim, root = run([BOOT_COMBO, "ok", "ok", "down", "up", "long roll", "ok", "back", "roll",
                     "png done"], tmp_path)
    res = selftest_result(root)
    assert res["buttons"]["up"] == "ok" and res["buttons"]["down"] == "skipped"
    assert res["wrong"]["up"] == ["down"]
    assert res["ok"] is False


def test_no_combo_no_self_test(tmp_path):
    sim, root = run(["hold ok 600", "ok", "wait 100"], tmp_path)
    assert not os.path.exists(os.path.join(str(root), "selftest.json"))


def test_back_at_boot_is_the_update_mode(tmp_path):
    """BACK held at power-on: the app does not start (main.py ends, the REPL is free for
    mpremote), the screen says so, and nothing is journaled."""
    sim, root = run(["hold back 600", "roll", "roll"], tmp_path, png_every=True)
    frames = sim.frames()
    assert len(frames) == 1, frames
    px = png_pixels(frames[0])
    header = sum(sum(row) for row in px[:8])
    body = sum(sum(row) for row in px[8:])
    assert header > 128 * 8 * 0.6  # the inverse title bar ("Update mode")
    assert 0 < body < 128 * 56 // 4  # a few lines of text below it
    assert sim.events() == []
    assert sim.stats()["presses"] <= 1


def test_a_short_back_press_at_boot_is_an_ordinary_press(tmp_path):
    """Only a hold makes the update mode: a BACK tap as the device starts reaches the app (on a
    game in progress it opens the menu), exactly like the same tap a little later."""
    root = tmp_path / "tap"
    run_script(["roll"], root=str(root), png_dir=str(root / "png"))  # a game in progress
    run_script(["back", "png at_boot"], root=str(root), png_dir=str(root / "png"))
    run_script(["wait 400", "back", "png later"], root=str(root), png_dir=str(root / "png"))
    first = png_pixels(os.path.join(str(root), "png", "at_boot.png"))
    assert first == png_pixels(os.path.join(str(root), "png", "later.png"))
    run_script(["wait 400", "png idle"], root=str(root), png_dir=str(root / "png"))
    assert first != png_pixels(os.path.join(str(root), "png", "idle.png"))  # the press did something


def test_sh1106_glass_driven_as_ssd1306_shows_a_dark_edge_until_the_setting_is_changed(tmp_path):
    """The 1.3" SH1106 sold as SSD1306: its RAM is 132 columns and the glass shows 2..129, so an
    SSD1306 driver leaves the two right-most columns unwritten (garbage on a real panel)."""
    root = tmp_path / "sh"
    os.makedirs(str(root))
    with open(os.path.join(str(root), "settings.json"), "w") as f:
        f.write('{"oled":"ssd1306"}')
    run_script([BOOT_COMBO, "ok", "png lit"], root=str(root), png_dir=str(root / "png"),
               oled="sh1106")
    cols = lit_columns(png_pixels(os.path.join(str(root), "png", "lit.png")))
    assert cols == list(range(126)), "expected columns 126-127 dark, lit: %s" % cols[-4:]

    # switch it from the menu: start a game, BACK = menu, Hardware, OLED
    run_script(["roll", "back", "up x2", "ok", "down", "ok", "wait 100", "png menu"],
               root=str(root), png_dir=str(root / "png"), oled="sh1106")
    with open(os.path.join(str(root), "settings.json")) as f:
        assert json.load(f)["oled"] == "sh1106"

    # the setting is applied at every boot: the whole glass lights now
    run_script([BOOT_COMBO, "ok", "png lit2"], root=str(root), png_dir=str(root / "png"),
               oled="sh1106")
    assert lit_columns(png_pixels(os.path.join(str(root), "png", "lit2.png"))) == list(range(128))
    res_frames = os.listdir(str(root / "png"))
    assert "menu.png" in res_frames


def test_a_press_under_way_at_power_on_reaches_the_app(tmp_path):
    """ROLL already down when boot_mode samples the buttons is neither a boot hold nor lost:
    it starts the new game as any ROLL press would."""
    sim, _ = run(["roll"], tmp_path)
    assert [e["t"] for e in sim.events()] == ["new"]
