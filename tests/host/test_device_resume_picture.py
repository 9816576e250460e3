"""A map game's device shown at power-on before its journal is folded (device.resume, issue 22),
on the simulator (the firmware under the MicroPython unix port, the journal on raw flash sectors
as on a Pico): a quiet table saves the boot's first picture; the next power-on shows it and the
fold then draws that very picture; an event journaled after the save makes it stale (not shown)."""

import os

from comando_host.pico.simulator import Simulator

from heap_games import ATTACKS, MAP_STARTS

SECTORS = 32
SHOWN = "resume: the saved picture is on the glass"


def run(root, script, png_dir):
    sim = Simulator(root=root, script=script, serial=False, seed=5, png_dir=png_dir, fast=True,
                    extra_env={"COMANDO_SIM_FLASH": str(SECTORS)}).start()
    try:
        rc = sim.wait(180)
    finally:
        sim.stop()
    assert rc == 0, sim.log()
    return sim


def picture_pixels(path):
    """The saved picture (MONO_VLSB, device.resume's header before it) as 64 rows of 128."""
    from device import resume
    with open(path, "rb") as f:
        buf = f.read()[resume.HEAD:]
    return tuple(tuple(bool(buf[(y >> 3) * 128 + x] >> (y & 7) & 1) for x in range(128))
                 for y in range(64))


def png_pixels(path):
    from PIL import Image
    with Image.open(path) as img:
        g = img.convert("L")
        scale = g.size[0] // 128
        return tuple(tuple(g.getpixel((x * scale + scale // 2, y * scale + scale // 2)) > 127
                           for x in range(128)) for y in range(64))


def test_a_quiet_map_game_is_shown_at_once_at_power_on_and_the_fold_draws_the_same(tmp_path):
    root = str(tmp_path / "dev")
    run(root, MAP_STARTS["teg"] + ["wait 2000"], str(tmp_path / "png1"))
    pic = os.path.join(root, "resume.pic")
    assert os.path.exists(pic) and not os.path.exists(os.path.join(root, "resume.new"))
    saved = picture_pixels(pic)
    sim = run(root, ["wait 300", "png home"], str(tmp_path / "png2"))
    assert SHOWN in sim.log()
    # the glass the fold leaves is the picture shown before it, pixel for pixel
    assert png_pixels(os.path.join(str(tmp_path / "png2"), "home.png")) == saved


def test_an_event_after_the_save_makes_the_picture_stale(tmp_path):
    root = str(tmp_path / "dev")
    # quiet (the picture saved), then the first attack and its repeat journaled, and the power off
    run(root, MAP_STARTS["teg"][:-len(ATTACKS)] + ["wait 2000"] + ATTACKS[:5], str(tmp_path / "png1"))
    assert os.path.exists(os.path.join(root, "resume.pic"))
    sim = run(root, ["wait 300", "png home"], str(tmp_path / "png2"))
    assert SHOWN not in sim.log()
    # the next quiet spell saves the picture of the journal as it is now: shown at the next boot
    sim = run(root, ["wait 2000"], str(tmp_path / "png3"))
    sim = run(root, ["wait 300", "png home"], str(tmp_path / "png4"))
    assert SHOWN in sim.log()
