"""firmware/manifest.py is the one list of what ships to the Pico (issue 16): every module under
firmware/lib is named by it or, host-side only, by manifest_sim.py; the Pico's type-check view
leaves out only host-side ones; `make firmware` builds what the manifest names."""

import json
import os
import re

from comando_host.pico import firmware

ROOT = firmware.ROOT


def lib_modules():
    out = set()
    for dirpath, dirs, files in os.walk(firmware.LIB):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in files:
            if f.endswith(".py") or f.endswith(".txt"):   # modules and their data (comando/texts.txt)
                out.add("lib/" + os.path.relpath(os.path.join(dirpath, f), firmware.LIB).replace(os.sep, "/"))
    return out


def test_every_module_under_lib_ships_or_is_host_side():
    ships = set(firmware.manifest())
    sim = set(firmware.manifest(firmware.MANIFEST_SIM))
    assert ships <= sim and "main.py" in ships
    lib = lib_modules()
    missing = sorted(lib - sim)
    assert not missing, "not in firmware/manifest.py (ships) nor manifest_sim.py (host side): %s" % missing
    assert {p for p in ships if p.startswith("lib/comando/")} == {p for p in lib if p.startswith("lib/comando/")}


def test_the_pico_type_check_view_leaves_out_only_host_side_modules():
    with open(os.path.join(ROOT, "firmware", "pyrightconfig.json")) as f:
        text = re.sub(r"^\s*//.*$", "", f.read(), flags=re.M)  # JSON with comments
    excluded = {p for p in json.loads(text)["exclude"] if p.endswith(".py") and p.startswith("lib/")}
    host_side = set(firmware.manifest(firmware.MANIFEST_SIM)) - set(firmware.manifest())
    assert excluded and excluded <= host_side, excluded - host_side


def test_the_bundle_holds_what_the_manifest_names(tmp_path):
    out = str(tmp_path / "fw")
    info = firmware.build(out, source=True, quiet=True)
    names = set(firmware.manifest())
    for dest in names:
        assert os.path.isfile(os.path.join(out, *dest.split("/"))), dest
    assert not os.path.exists(os.path.join(out, "lib", "device", "hal", "sim.py"))
    assert info["files"] >= len(names) - 1


def test_a_manifest_naming_a_missing_file_is_one_clear_error(tmp_path):
    m = tmp_path / "manifest.py"
    m.write_text('package("device", base_path=%r, files=("nothere.py",))\n' % firmware.LIB)
    try:
        firmware.manifest(str(m))
    except SystemExit as exc:
        assert "names device/nothere.py, which does not exist" in str(exc)
    else:
        raise AssertionError("no error for a missing file")
