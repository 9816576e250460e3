"""`make firmware` / `make deploy`: the Pico bundle under build/firmware, copied with mpremote.

    python -m comando_host.pico.firmware build [--out build/firmware] [--source]
    python -m comando_host.pico.firmware deploy [--port PORT]

What ships is firmware/manifest.py (MicroPython's manifest format). The bundle maps one-to-one
onto the Pico's filesystem:
    main.py            boots device.app (source: MicroPython runs /main.py)
    lib/comando/*.mpy  the shared core, compiled by mpy-cross (bytecode: less RAM to import;
                       odds_kernel.mpy holds armv6m machine code: see NATIVE)
    lib/device/**.mpy  the app, the HALs and screens
    lib/comando/texts.txt  the long texts a player reads, read when needed (comando.texts)
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

from comando import board_pack, board_packer
from comando.board import load_board
from comando_host import howto, resources
from comando_host.pico import mpycompat
from comando_host.text.lang import _

# the checkout, or the installed package's copy of its files (comando_host.resources)
ROOT = resources.root()
LIB = os.path.join(ROOT, "firmware", "lib")
# What ships: MicroPython's manifest format (firmware/manifest.py); the simulator's bundle adds
# the host-side modules (firmware/manifest_sim.py).
MANIFEST = os.path.join(ROOT, "firmware", "manifest.py")
MANIFEST_SIM = os.path.join(ROOT, "firmware", "manifest_sim.py")


def manifest(path: str = MANIFEST) -> dict:
    """{path in the bundle: source file} of what a manifest names. The subset of MicroPython's
    manifest functions Comando uses: metadata, include, module (to the bundle's root) and package
    (under lib/, on the device's sys.path), each file once; anything else is an error."""
    out: dict = {}

    def run(mpath):
        here = os.path.dirname(os.path.abspath(mpath))

        def metadata(**_kw):
            pass

        def include(other):
            run(os.path.join(here, other))

        def module(name, base_path=".", opt=None):
            out[name] = os.path.join(here, base_path, name)

        def package(name, files=None, base_path=".", opt=None):
            top = os.path.join(here, base_path, name)
            if files is None:
                files = []
                for dirpath, dirs, names in os.walk(top):
                    dirs[:] = sorted(d for d in dirs if d != "__pycache__")
                    files += [os.path.relpath(os.path.join(dirpath, f), top)
                              for f in sorted(names) if f.endswith(".py") or f.endswith(".txt")]
            for f in files:
                src = os.path.join(top, f)
                if not os.path.isfile(src):
                    raise SystemExit(f"firmware: {os.path.relpath(mpath, ROOT)} names {name}/{f}, "
                                     "which does not exist")
                out["lib/" + name + "/" + f.replace(os.sep, "/")] = src

        with open(mpath, encoding="utf-8") as f:
            code = compile(f.read(), mpath, "exec")
        exec(code, {"metadata": metadata, "include": include, "module": module,
                    "package": package})

    run(path)
    return out


def _tool(name: str) -> str:
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    if not found:
        raise SystemExit(f"firmware: {name} is not installed: it comes with the device extra "
                         f"({howto.install_extra('device')})")
    return found


# Modules with @micropython.viper code: compiled to the Pico's machine code (mpy-cross -march;
# the RP2040's Cortex-M0+ is armv6m), so the device neither compiles them at run time (about
# 90 ms and a few KB of parse tree for the odds kernel) nor runs them as bytecode. The simulator's
# bundle (include_sim: the unix port on the host's CPU) ships them as source instead.
NATIVE = {"comando/odds_kernel.py", "device/oled_diff.py"}
NATIVE_ARCH = "armv6m"

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
    for dest, src in sorted(manifest(MANIFEST_SIM if include_sim else MANIFEST).items()):
        dst = os.path.join(out, *dest.split("/"))
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        rel = dest[len("lib/"):]
        # /main.py stays source (MicroPython runs it); so do native modules in the simulator's
        # (and data files: comando/texts.txt, the refusals read on demand)
        if source or not dest.endswith(".py") or not dest.startswith("lib/") or (rel in NATIVE and include_sim):
            shutil.copyfile(src, dst)
        else:
            dst = dst[:-3] + ".mpy"
            flags = [] if lines else list(MPY_FLAGS)
            if rel in NATIVE:
                flags.append("-march=" + NATIVE_ARCH)
            proc = subprocess.run([mpy_cross] + flags + ["-o", dst, "-s", rel, src], capture_output=True, text=True)
            if proc.returncode:
                raise SystemExit(f"firmware: mpy-cross failed on {rel}:\n{proc.stderr}")
        if dest.startswith("lib/"):  # the count and size of the library (main.py not counted)
            total += os.path.getsize(dst)
            count += 1
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
                f.write(board_packer.pack(load_board(os.path.join(bdir, name))))
            total += os.path.getsize(packed)
            count += 1
    if not quiet:
        print(f"firmware: {count} files, {total} bytes in {os.path.relpath(out, os.getcwd())}")
    return {"files": count, "bytes": total, "out": out}


class DeployError(Exception):
    """One line for the player; `make deploy` prints it and exits non-zero."""


def run_mpremote(argv, timeout=30.0, cwd=None):
    """(returncode, stdout, stderr) of one mpremote call; a hang is a failure, not a wait."""
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired:
        return 124, "", "timed out after %gs" % timeout
    except OSError as exc:
        return 127, "", str(exc)
    return proc.returncode, proc.stdout, proc.stderr


def _last_line(text: str) -> str:
    lines = [ln.strip() for ln in (text or "").splitlines() if ln.strip()]
    return lines[-1] if lines else ""


def find_pico(ports=None, bootsel=None) -> str:
    """The one Pico's serial port (USB vendor id 2e8a), or DeployError saying what is wrong."""
    from comando_host.commands import doctor
    picos, circuit = doctor.find_picos(doctor.list_ports() if ports is None else ports)
    if len(picos) == 1:
        return picos[0].device
    if len(picos) > 1:
        raise DeployError(_("more than one Pico on USB (%s): unplug the others, or name one with "
                          "'%s --port %s'.") % (", ".join(p.device for p in picos),
                                               "comando deploy" if resources.installed() else
                                               "python -m comando_host.pico.firmware deploy",
                                               picos[0].device))
    if (bootsel or doctor.bootsel_present)():
        raise DeployError(_("the Pico is in BOOTSEL mode (a USB drive called RPI-RP2): copy the "
                          "MicroPython UF2 onto it first (%s), then run '%s' again.")
                          % (howto.flashing_guide(), howto.command("make deploy")))
    if circuit:
        raise DeployError(_("the board on %s runs CircuitPython; Comando needs MicroPython: %s.") % (
            circuit[0].device, mpycompat.install_fix()))
    raise DeployError(_("no Pico found on USB: plug it in with a data cable (not a charge-only one), "
                      "then run '%s' again ('comando doctor' helps).") % howto.command("make deploy"))


def probe_device(base, runner=run_mpremote, timeout=30.0):
    """The Pico's MicroPython (mpycompat.Device) through `mpremote exec`, or DeployError."""
    rc, out, err = runner(base + ["exec", mpycompat.DEVICE_QUERY], timeout, cwd=None)
    if rc:
        why = _last_line(err) or _last_line(out) or "exit code %d" % rc
        if "raw repl" in why.lower() or "timed out" in why.lower():
            raise DeployError(_("the Pico did not answer mpremote (%s): a running Comando stops for "
                              "mpremote by itself, so its firmware may be broken: unplug it, hold "
                              "BACK while plugging it in again (update mode), then run '%s' "
                              "again.") % (why, howto.command("make deploy")))
        if any(w in why.lower() for w in ("busy", "in use", "permission", "denied")):
            raise DeployError(_("mpremote could not open the Pico's port (%s): close Thonny or a "
                              "serial monitor; 'comando doctor' explains a permission problem.") % why)
        raise DeployError(_("mpremote failed talking to the Pico (%s): unplug it, plug it in again "
                          "and rerun '%s'.") % (why, howto.command("make deploy")))
    device = mpycompat.parse_answer(out)
    if device is None:
        raise DeployError(_("the Pico did not say which MicroPython it runs (got %r): is it running "
                          "MicroPython? %s.") % (_last_line(out)[:60], mpycompat.install_fix()))
    return device


def stop_running_app(port: str, opener=None, timeout=3.0, clock=None) -> bool:
    """Send the stop-for-REPL frame (comando_host.pico.repl_stop) on ``port``: True when a running
    Comando app said it stopped. Any trouble opening the port is left for mpremote to report
    (its Ctrl-C then stops firmware older than the stop frame)."""
    import time
    from comando_host.pico import repl_stop
    from comando_host.commands import doctor
    try:
        link = (opener or doctor.default_opener)(port)
    except Exception:  # busy, gone, permission: mpremote says it in its own words next
        return False
    try:
        return repl_stop.request_stop(link, timeout, clock or time.monotonic)
    except Exception:
        return False
    finally:
        try:
            link.close()
        except Exception:
            pass


def deploy(out: str, port: str | None = None, runner=run_mpremote, ports=None,
           bootsel=None, opener=None, clock=None) -> int:
    """Copy the bundle to the Pico after checking that its MicroPython loads it; 0 or 1 (one
    line on stderr saying why). A running Comando app is first asked to stop for the REPL
    (stop_running_app); mpremote's own Ctrl-C follows for older firmware."""
    try:
        if not os.path.isfile(os.path.join(out, "main.py")):
            raise DeployError(_("no bundle: run '%s' first") % howto.command("make firmware"))
        try:
            header = mpycompat.bundle_header(out)
        except ValueError as exc:
            raise DeployError(str(exc)) from None
        mpremote = _tool("mpremote")
        if port is None:
            port = find_pico(ports, bootsel)
        elif port.startswith("/dev/") and not os.path.exists(port):
            raise DeployError(_("there is no serial port %s: is the Pico plugged in? ('comando "
                              "doctor' finds it)") % port)
        base = [mpremote, "connect", port]
        if stop_running_app(port, opener, clock=clock):
            print(_("firmware: the Comando app on %s stopped for the REPL.") % port)
        device = probe_device(base, runner)
        why = mpycompat.problem(device, header)
        if why:
            raise DeployError(why[0].upper() + why[1:])
        print(_("firmware: the Pico on %s runs MicroPython %s (.mpy %s): it loads this bundle "
              "(.mpy %s).") % (port, device.release(), "%s.%s" % (
                  device.mpy_version, device.mpy_sub_version) if device.mpy >= 0 else "?",
                  header.fmt() if header else "source"))
        steps = [["fs", "cp", "-r", "lib", ":"], ["fs", "cp", "-r", "boards", ":"],
                 ["fs", "cp", "main.py", ":main.py"], ["reset"]]
        for step in steps:
            print("firmware:", " ".join(["mpremote"] + step))
            rc, so, se = runner(base + step, 300.0, cwd=out)
            if so:
                sys.stdout.write(so)
            if rc:
                raise DeployError(_("mpremote failed while copying (%s): is the Pico connected (and "
                                  "no other program using its port)? If the firmware on it is "
                                  "broken, hold BACK while plugging it in (update mode) and try "
                                  "again.") % (
                                      _last_line(se) or _last_line(so) or "exit code %d" % rc))
    except DeployError as exc:
        print("firmware: %s" % exc, file=sys.stderr)
        return 1
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m comando_host.pico.firmware")
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="compile the bundle under build/firmware")
    b.add_argument("--out", default=resources.work_dir("firmware", cache=True))
    b.add_argument("--source", action="store_true", help="copy .py sources instead of .mpy")
    b.add_argument("--lines", action="store_true",
                   help="keep source line numbers in the .mpy files (tracebacks; more heap)")
    d = sub.add_parser("deploy", help="copy the bundle to a connected Pico with mpremote")
    d.add_argument("--out", default=resources.work_dir("firmware", cache=True))
    d.add_argument("--port", default=None, help="serial port (default: mpremote's auto)")
    args = p.parse_args(argv)
    if args.cmd == "build":
        build(args.out, args.source, lines=args.lines)
        return 0
    return deploy(args.out, args.port)


if __name__ == "__main__":
    raise SystemExit(main())
