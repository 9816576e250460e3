"""`make firmware` / `make deploy`: the Pico bundle under build/firmware, copied with mpremote.

    python -m comando_host.firmware build [--out build/firmware] [--source]
    python -m comando_host.firmware deploy [--port PORT]

The bundle maps one-to-one onto the Pico's filesystem:
    main.py            boots device.app (source: MicroPython runs /main.py)
    lib/comando/*.mpy  the shared core, compiled by mpy-cross (bytecode: less RAM to import)
    lib/device/**.mpy  the app, the HALs and screens
    boards/*.json      the boards the rulesets use (comando.board finds /boards on the device)
    boards/*.pkb       the same boards validated and packed (comando.board_pack): what the
                       device loads (a few KB of heap instead of a JSON parse)

The .mpy files are compiled without source line numbers (mpy-cross -X no-source-lines): the
unix port and a Pico load .mpy bytecode into the heap, and the line tables are ~6% of it.
Tracebacks then name the function but not the line; ``build --lines`` keeps them for debugging.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys

from comando import board_pack
from comando.board import load_board

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIB = os.path.join(ROOT, "firmware", "lib")
PACKAGES = ("comando", "device")
# Only for the host and tests: never copied to the Pico.
SKIP = {os.path.join("device", "hal", "blinka.py"), os.path.join("device", "hal", "sim.py"),
        os.path.join("device", "hal", "simterm.py"),
        os.path.join("device", "pyfb.py"), os.path.join("device", "font8x8.py"),
        os.path.join("device", "hal", "panel.py"), os.path.join("device", "png.py")}


def _tool(name: str) -> str:
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    if not found:
        raise SystemExit(f"firmware: {name} is not installed (pip install -e '.[device]')")
    return found


def sources():
    for pkg in PACKAGES:
        for dirpath, dirs, files in os.walk(os.path.join(LIB, pkg)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith(".py"):
                    rel = os.path.relpath(os.path.join(dirpath, name), LIB)
                    yield rel


# mpy-cross options: no line-number tables (bytecode loads into RAM; see the module docstring).
MPY_FLAGS = ("-X", "no-source-lines")


def build(out: str, source: bool = False, include_sim: bool = False, quiet: bool = False,
          lines: bool = False) -> dict:
    """Write the bundle to ``out``; returns {"files": n, "bytes": total, "out": out}."""
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "lib"))
    mpy_cross = None if source else _tool("mpy-cross")
    total = count = 0
    for rel in sources():
        if rel in SKIP and not include_sim:
            continue
        src = os.path.join(LIB, rel)
        dst_dir = os.path.join(out, "lib", os.path.dirname(rel))
        os.makedirs(dst_dir, exist_ok=True)
        if source:
            dst = os.path.join(dst_dir, os.path.basename(rel))
            shutil.copyfile(src, dst)
        else:
            dst = os.path.join(dst_dir, os.path.basename(rel)[:-3] + ".mpy")
            flags = [] if lines else list(MPY_FLAGS)
            proc = subprocess.run([mpy_cross] + flags + ["-o", dst, "-s", rel, src], capture_output=True, text=True)
            if proc.returncode:
                raise SystemExit(f"firmware: mpy-cross failed on {rel}:\n{proc.stderr}")
        total += os.path.getsize(dst)
        count += 1
    shutil.copyfile(os.path.join(ROOT, "firmware", "main.py"), os.path.join(out, "main.py"))
    bdir = os.path.join(ROOT, "boards")
    os.makedirs(os.path.join(out, "boards"))
    for name in sorted(os.listdir(bdir)) if os.path.isdir(bdir) else ():
        if name.endswith(".json"):
            shutil.copyfile(os.path.join(bdir, name), os.path.join(out, "boards", name))
            total += os.path.getsize(os.path.join(bdir, name))
            count += 1
            # the packed form the device loads (validated here, read there without a parser)
            packed = os.path.join(out, "boards", name[:-5] + board_pack.EXT)
            with open(packed, "wb") as f:
                f.write(board_pack.pack(load_board(os.path.join(bdir, name))))
            total += os.path.getsize(packed)
            count += 1
    if not quiet:
        print(f"firmware: {count} files, {total} bytes in {os.path.relpath(out, os.getcwd())}")
    return {"files": count, "bytes": total, "out": out}


def deploy(out: str, port: str | None = None) -> int:
    if not os.path.isfile(os.path.join(out, "main.py")):
        raise SystemExit("firmware: no bundle: run `make firmware` first")
    mpremote = _tool("mpremote")
    base = [mpremote] + (["connect", port] if port else [])
    steps = [["fs", "cp", "-r", "lib", ":"], ["fs", "cp", "-r", "boards", ":"],
             ["fs", "cp", "main.py", ":main.py"], ["reset"]]
    for step in steps:
        print("firmware:", " ".join(["mpremote"] + step))
        rc = subprocess.call(base + step, cwd=out)
        if rc:
            print("firmware: mpremote failed: is the Pico connected (and no other program using "
                  "its port)? A running Comando stops for mpremote by itself; if the firmware on "
                  "it is broken, hold BACK while plugging it in (update mode) and try again.",
                  file=sys.stderr)
            return rc
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m comando_host.firmware")
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="compile the bundle under build/firmware")
    b.add_argument("--out", default=os.path.join(ROOT, "build", "firmware"))
    b.add_argument("--source", action="store_true", help="copy .py sources instead of .mpy")
    b.add_argument("--lines", action="store_true",
                   help="keep source line numbers in the .mpy files (tracebacks; more heap)")
    d = sub.add_parser("deploy", help="copy the bundle to a connected Pico with mpremote")
    d.add_argument("--out", default=os.path.join(ROOT, "build", "firmware"))
    d.add_argument("--port", default=None, help="serial port (default: mpremote's auto)")
    args = p.parse_args(argv)
    if args.cmd == "build":
        build(args.out, args.source, lines=args.lines)
        return 0
    return deploy(args.out, args.port)


if __name__ == "__main__":
    raise SystemExit(main())
