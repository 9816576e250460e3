"""Runs every bench/bench_*.py in turn (each prints its own figures). `make bench`."""

import glob
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# Benches with a target of their own: bench_pico (make bench-pico) runs the emulated RP2040.
SEPARATE = {"bench_pico"}


def main(argv):
    only = argv[1:]
    failed = 0
    for path in sorted(glob.glob(os.path.join(HERE, "bench_*.py"))):
        name = os.path.basename(path)[:-3]
        if only and name not in only:
            continue
        if name in SEPARATE and not only:
            continue
        print("==", name, flush=True)
        failed += subprocess.call([sys.executable, path]) != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
