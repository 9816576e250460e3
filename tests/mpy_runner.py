"""Runs tests/core test modules under MicroPython (the unix port), with no pytest.

    micropython -X heapsize=256k tests/mpy_runner.py REPO_ROOT test_dice [test_odds ...]

Every callable named test_* in each module is called; one line per test, then the closing line
"N passed, N failed, N skipped". Exit status 1 if anything failed. tests/host/test_micropython.py
drives this for every module in tests/core, so a failure here fails `make test`.
"""

import gc
import sys


def main(argv):
    root = argv[1]
    for extra in (root + "/tests/core", root + "/firmware/lib"):
        if extra not in sys.path:
            sys.path.insert(0, extra)
    passed = failed = skipped = 0
    for modname in argv[2:]:
        try:
            mod = __import__(modname)
        except Exception as exc:
            failed += 1
            print("FAIL", modname, "(import)")
            sys.print_exception(exc)
            continue
        names = sorted(n for n in dir(mod) if n.startswith("test_"))
        for name in names:
            fn = getattr(mod, name)
            if not callable(fn):
                continue
            if getattr(fn, "cpython_only", False):
                skipped += 1
                print("SKIP", modname + "." + name, "(cpython only)")
                continue
            gc.collect()
            try:
                fn()
            except Exception as exc:
                failed += 1
                print("FAIL", modname + "." + name)
                sys.print_exception(exc)
            else:
                passed += 1
                print("PASS", modname + "." + name)
    print("micropython: %d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return 1 if failed else 0


sys.exit(main(sys.argv))
