"""What each module costs on the emulated RP2040 (MicroPython v1.28.0 RPI_PICO, tests/pico/rig.js):
the heap its import takes and the emulated time it lasts, one module after the other in the order
given (a module's own imports count with it unless listed before it).

    .venv/bin/python bench/pico_imports.py [MODULE,MODULE,...] [--unload]

Prints ``import NAME BYTES MS``, then the total. With ``--unload`` each module is also dropped
from sys.modules after its import and collected: ``kept`` is what stays in the heap (its qstrs,
which are interned for good, and modules it imported), ``reload`` what importing it again costs.
The default list is the modules a La Revancha table game holds on the Pico, in the app's order.
The .mpy bundle is `make firmware`'s, built from this checkout.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "tests"), os.path.join(ROOT, "tests", "pico"), os.path.join(ROOT, "firmware", "lib")):
    sys.path.insert(0, p)

from picorig import PicoRig, RigError, missing, no_image  # noqa: E402

GAME = ("asyncio,comando.errors,comando.registry,comando.rulesets,comando.rulebook_armies,comando.turns,comando.journal,"
        "comando.session.rules,device.buttons,device.hal,device.canvas,device.oled,device.hal.pico,"
        "device.journal,device.app,device.ui,device.screens,device.screens.base,device.screens.newgame,"
        "device.stdio_serial,device.link_wait,comando.board_head,device.table_board,"
        "comando.rulesets.revancha.table,"
        "device.screens.turn,device.screens.revancha,comando.combat,device.screens.dice,"
        "comando.odds_kernel,comando.odds_fixed,comando.dice,comando.link,comando.sync,device.link")

MAIN = """
import gc, sys, time
gc.collect()
f0 = gc.mem_free()
for m in %r:
    gc.collect()
    a = gc.mem_free()
    t = time.ticks_us()
    __import__(m)
    dt = time.ticks_diff(time.ticks_us(), t)
    gc.collect()
    b = gc.mem_free()
    line = '~IMP %%s %%d %%.1f' %% (m, a - b, dt / 1000)
    if %r:
        sys.modules.pop(m)
        pkg, _, attr = m.rpartition('.')
        try:
            delattr(sys.modules[pkg], attr)
        except (KeyError, AttributeError):
            pass
        gc.collect()
        c = gc.mem_free()
        __import__(m)
        gc.collect()
        line += ' kept %%d reload %%d' %% (a - c, c - gc.mem_free())
    print(line)
gc.collect()
print('~TOTAL', f0 - gc.mem_free(), f0)
"""


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("modules", nargs="?", default=GAME)
    ap.add_argument("--unload", action="store_true")
    a = ap.parse_args(argv)
    why = missing() or no_image()
    if why:
        print("pico_imports: the emulated Pico cannot run: " + why, file=sys.stderr)
        return 2
    mods = [m for m in a.modules.split(",") if m]
    rig = PicoRig(main=(MAIN % (mods, a.unload)).encode()).start()
    try:
        waited = 0
        while b"~TOTAL" not in rig.serial_output():
            if waited > 300000:
                raise RigError("no answer from the device:\n" + rig.log())
            rig.wait(500)
            waited += 500
        text = rig.serial_output().decode("utf-8", "replace")
    except RigError as exc:
        print("pico_imports: %s" % str(exc).splitlines()[0])
        return 1
    finally:
        rig.stop()
        rig.cleanup()
    if "Traceback" in text:
        print("pico_imports: an import failed:\n" + text[text.index("Traceback"):][:800])
        return 1
    for line in text.splitlines():
        if line.startswith("~IMP"):
            print("import " + line[5:])
        elif line.startswith("~TOTAL"):
            _, used, boot = line.split()
            print("total %s bytes of %s free at the start (%.1f%%)" % (used, boot, 100.0 * int(used) / int(boot)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
