"""Wiring diagram, pin table and bill of materials are generated from the data (issue 7):
what is checked in is what hardware/build.py makes now, the diagram follows the pin map, and the
USB build costs under USD 15."""

import csv
import hashlib
import io
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from hwtools import ROOT, load_build, pins_like

B = load_build()
PINS = B.load_pins()
DIMS = B.load_json(B.DIMENSIONS)
PARTS = B.load_json(B.PARTS)


def svg_texts(svg):
    root = ET.fromstring(svg.split("\n", 2)[2] if svg.startswith("<?xml") else svg)
    return [el.text for el in root.iter("{http://www.w3.org/2000/svg}text")]


def test_checked_in_files_are_what_the_data_generates():
    stale = [os.path.relpath(p, ROOT) for p in B.stale_files()]
    assert not stale, "out of date, run `make hardware`: %s" % stale


def test_check_command_exit_code():
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "hardware", "build.py"), "check"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_png_is_drawn_from_the_checked_in_svg(tmp_path):
    from PIL import Image
    import PIL
    with open(B.OUT_SVG, encoding="utf-8") as f:
        svg = f.read()
    with Image.open(B.OUT_PNG) as img:
        assert img.size == (B.W, B.H)
        assert img.text["comando-svg-sha256"] == hashlib.sha256(svg.encode()).hexdigest()
        made_with = (img.text.get("Software"), img.text.get("comando-font"))
        checked_in = img.convert("RGB").tobytes()
    here = ("Pillow %s" % PIL.__version__, B.png_font_identity())
    if made_with != here:
        pytest.skip("wiring.png was drawn with %s, this machine has %s: pixels not compared "
                    "(the SVG hash above still ties it to the data)" % (made_with, here))
    out = tmp_path / "wiring.png"
    B.render_png(B.wiring_drawing(PINS, DIMS), svg, str(out))
    with Image.open(out) as again:
        assert again.convert("RGB").tobytes() == checked_in


def test_diagram_labels_every_used_pin_with_gp_and_physical_number():
    svg = B.render_svg(B.wiring_drawing(PINS, DIMS))
    texts = svg_texts(svg)
    for name, gp in PINS.BUTTONS:
        assert name.upper() in texts
        assert "GP%d · pin %d" % (gp, B.physical_pin(gp)) in texts
    for label in ("GND", "VCC", "SCL", "SDA", "3V3(OUT)", "GP%d" % PINS.I2C_SDA, "GP%d" % PINS.I2C_SCL):
        assert label in texts
    # every one of the Pico's 40 header pins is drawn with its physical number
    for n in range(1, 41):
        assert str(n) in texts
    assert "battery sense GP%d · pin %d" % (PINS.BATTERY_SENSE, B.physical_pin(PINS.BATTERY_SENSE)) in texts


def test_diagram_follows_the_pin_map():
    moved = pins_like(PINS, BUTTONS=(("up", 11), ("down", 12), ("ok", 13), ("back", 14), ("roll", 15)),
                      BATTERY_SENSE=None)
    B.validate_pins(moved)
    texts = svg_texts(B.render_svg(B.wiring_drawing(moved, DIMS)))
    assert "GP11 · pin 15" in texts and "GP15 · pin 20" in texts
    assert "GP6 · pin 9" not in texts
    assert not any(t and t.startswith("battery sense") for t in texts)


def test_diagram_refuses_a_layout_it_cannot_draw():
    right = pins_like(PINS, BUTTONS=(("up", 16),) + PINS.BUTTONS[1:])
    with pytest.raises(B.HardwareError, match="left header"):
        B.wiring_drawing(right, DIMS)


def test_pin_table_lists_every_connection():
    md = B.render_pins_md(PINS)
    for name, gp in PINS.BUTTONS:
        assert "| button %s | GP%d | %d |" % (name.upper(), gp, B.physical_pin(gp)) in md
    assert "| OLED VCC | 3V3(OUT) | 36 |" in md
    assert "| OLED SDA | GP%d | %d |" % (PINS.I2C_SDA, B.physical_pin(PINS.I2C_SDA)) in md


def test_bom_totals_and_budget():
    t = B.bom_totals(PARTS)
    usb = sum(p["qty"] * p["unit_usd"] for p in PARTS["parts"] if p["build"] == "usb")
    battery = sum(p["qty"] * p["unit_usd"] for p in PARTS["parts"] if p["build"] == "battery")
    assert t["usb"] == pytest.approx(usb) and t["battery"] == pytest.approx(battery)
    assert t["usb"] < PARTS["budget_usd"] == 15.0
    assert t["usb+battery"] == pytest.approx(usb + battery)
    # the BOM has what the wiring needs
    parts = " ".join(p["part"] for p in PARTS["parts"] if p["build"] == "usb")
    assert "Pico" in parts and "OLED" in parts
    buttons = [p for p in PARTS["parts"] if p["build"] == "usb" and "button" in p["part"]]
    assert sum(p["qty"] for p in buttons) == len(PINS.BUTTONS)
    resistors = [p for p in PARTS["parts"] if p["build"] == "battery" and "Resistor" in p["part"]]
    assert sum(p["qty"] for p in resistors) == 2  # the divider into the battery-sense pin


def test_bom_csv_rows_add_up():
    rows = list(csv.DictReader(io.StringIO(B.render_bom_csv(PARTS))))
    sums = {}
    totals = {}
    for r in rows:
        if r["build"].startswith("TOTAL "):
            totals[r["build"][6:]] = float(r["total_usd"])
        else:
            assert float(r["total_usd"]) == pytest.approx(int(r["qty"]) * float(r["unit_usd"]))
            sums[r["build"]] = sums.get(r["build"], 0) + float(r["total_usd"])
    for build in ("usb", "battery", "shim"):
        assert totals[build] == pytest.approx(sums[build])
    assert totals["usb+battery"] == pytest.approx(sums["usb"] + sums["battery"])
    assert totals["usb"] < 15


def test_bom_markdown_shows_the_totals():
    md = B.render_bom_md(PARTS)
    t = B.bom_totals(PARTS)
    assert "**USB build: USD %.2f**" % t["usb"] in md
    assert "**Battery build: USD %.2f**" % t["usb+battery"] in md
    assert md.count("| **total** |") == len(PARTS["builds"])


def test_readmes_quote_the_current_bom_total():
    t = B.bom_totals(PARTS)
    for path in ("README.md", os.path.join("hardware", "README.md")):
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            text = f.read()
        assert "USD %.2f" % t["usb"] in text, path
        assert "hardware/wiring.png" in text or "wiring.png" in text, path
