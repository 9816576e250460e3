"""Type-check the firmware with pyright (basedpyright, whose wheel brings its own node).

Two views, two configs:

- ``pico``: everything under ``firmware/`` as the Pico runs it (``firmware/pyrightconfig.json``),
  against the MicroPython rp2 stubs (``micropython-rp2-rpi-pico-stubs``): their ``stdlib/`` is
  passed as the typeshed, so ``time.ticks_ms``, ``sys.print_exception``, ``machine.Pin``,
  ``framebuf.FrameBuffer`` ... are known and CPython-only stdlib is not.
- ``cpython``: the shared core ``firmware/lib/comando`` as the host imports it
  (``pyrightconfig.json`` at the root), against CPython's typeshed.

Run alone: ``.venv/bin/python tests/typecheck.py`` (exit 1 and the diagnostics on any error or
warning); ``tests/host/test_typecheck.py`` runs the same in ``make test``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUBS_DIST = "micropython-rp2-rpi-pico-stubs"
VIEWS = ("pico", "cpython")


def stubs_dir() -> str:
    """The folder holding the MicroPython stubs (site-packages: machine.pyi, stdlib/VERSIONS)."""
    from importlib import metadata

    try:
        dist = metadata.distribution(STUBS_DIST)
    except metadata.PackageNotFoundError:
        raise RuntimeError("%s is not installed: pip install -e '.[test]'" % STUBS_DIST) from None
    where = os.path.abspath(str(dist.locate_file("")))
    if not os.path.isfile(os.path.join(where, "stdlib", "VERSIONS")):
        raise RuntimeError("no MicroPython stdlib stubs (stdlib/VERSIONS) in %s" % where)
    return where


def command(view: str, root: str = ROOT) -> list[str]:
    """The checker command line for one view of the tree at ``root`` (this repository)."""
    try:
        import basedpyright  # noqa: F401  (only to fail early with a clear message)
    except ImportError:
        raise RuntimeError("basedpyright is not installed: pip install -e '.[test]'") from None
    # --pythonpath: the venv's site-packages (stubs, pytest ...) whatever python is on PATH.
    cmd = [sys.executable, "-m", "basedpyright", "--outputjson", "--pythonpath", sys.executable]
    if view == "pico":
        return cmd + ["-p", os.path.join(root, "firmware"), "--typeshedpath", stubs_dir()]
    if view == "cpython":
        return cmd + ["-p", root]
    raise ValueError("unknown view %r (one of %s)" % (view, ", ".join(VIEWS)))


def check(view: str, root: str = ROOT, timeout: float = 300) -> tuple[bool, str, int]:
    """Run one view: (clean, readable report, files analysed). Clean = no error, no warning."""
    proc = subprocess.run(command(view, root), cwd=root, capture_output=True, text=True,
                          timeout=timeout)
    try:
        out = json.loads(proc.stdout)
    except ValueError:
        return False, "%s view: the checker failed (exit %d):\n%s%s" % (
            view, proc.returncode, proc.stdout, proc.stderr), 0
    lines = []
    for d in out.get("generalDiagnostics", []):
        if d["severity"] not in ("error", "warning"):
            continue
        start = d.get("range", {}).get("start", {"line": -1, "character": -1})
        rule = " (%s)" % d["rule"] if d.get("rule") else ""
        lines.append("%s:%d:%d: %s: %s%s" % (
            os.path.relpath(d["file"], root), start["line"] + 1, start["character"] + 1,
            d["severity"], d["message"].replace("\n", "\n    "), rule))
    s = out.get("summary", {})
    files = s.get("filesAnalyzed", 0)
    lines.append("%s view: %d errors, %d warnings in %d files (%s)" % (
        view, s.get("errorCount", -1), s.get("warningCount", -1), files, out.get("version", "?")))
    clean = proc.returncode == 0 and s.get("errorCount") == 0 and s.get("warningCount") == 0
    return clean, "\n".join(lines), files


def main(argv: list[str]) -> int:
    views = argv or list(VIEWS)
    ok = True
    for view in views:
        clean, report, _ = check(view)
        print(report)
        ok = ok and clean
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
