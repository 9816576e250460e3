"""The shared core stays in the subset both runtimes run.

Every import in firmware/lib/comando must be a module MicroPython has (or the core itself), unless
it sits inside ``try: ... except ImportError:``. And every core module must import under the real
MicroPython unix port.
"""

import ast
import os

from micropython_tools import ROOT, run_micropython

CORE = os.path.join(ROOT, "firmware", "lib", "comando")

# Modules the MicroPython unix port and the rp2 port both provide, and that the core may use.
# Hardware modules (machine, framebuf) are deliberately absent: the core is pure logic.
MICROPYTHON_MODULES = {
    "array", "binascii", "collections", "errno", "gc", "hashlib", "io", "json", "math",
    "micropython", "os", "random", "re", "struct", "sys", "time", "asyncio", "select",
    "deflate", "heapq",
}


def core_files():
    for dirpath, _, files in os.walk(CORE):
        for name in sorted(files):
            if name.endswith(".py"):
                yield os.path.join(dirpath, name)


def guarded_nodes(tree):
    """Import nodes inside a try whose handlers catch ImportError."""
    guarded = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try):
            names = []
            for h in node.handlers:
                t = h.type
                if t is None:
                    names.append("ImportError")
                elif isinstance(t, ast.Name):
                    names.append(t.id)
                elif isinstance(t, ast.Tuple):
                    names.extend(e.id for e in t.elts if isinstance(e, ast.Name))
            if "ImportError" in names:
                for sub in node.body:
                    for inner in ast.walk(sub):
                        if isinstance(inner, (ast.Import, ast.ImportFrom)):
                            guarded.add(id(inner))
    return guarded


def unguarded_foreign_imports(source, filename):
    tree = ast.parse(source, filename)
    guarded = guarded_nodes(tree)
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative import within the core
                continue
            mods = [node.module or ""]
        else:
            continue
        for mod in mods:
            top = mod.split(".")[0]
            if top == "comando" or top in MICROPYTHON_MODULES or id(node) in guarded:
                continue
            bad.append("%s:%d imports %s" % (os.path.relpath(filename, ROOT), node.lineno, mod))
    return bad


def test_checker_catches_unguarded_imports():
    assert unguarded_foreign_imports("import dataclasses\n", "x.py")
    assert unguarded_foreign_imports("from typing import List\n", "x.py")
    assert not unguarded_foreign_imports(
        "try:\n    from typing import List\nexcept ImportError:\n    pass\n", "x.py")
    assert not unguarded_foreign_imports("import json\nfrom comando import dice\n", "x.py")


def test_core_imports_only_what_micropython_has():
    bad = []
    for path in core_files():
        with open(path, encoding="utf-8") as f:
            bad += unguarded_foreign_imports(f.read(), path)
    assert not bad, "the shared core imports modules MicroPython lacks:\n" + "\n".join(bad)


def test_core_has_no_dataclasses_or_fstring_only_features():
    for path in core_files():
        with open(path, encoding="utf-8") as f:
            src = f.read()
        assert "@dataclass" not in src, path


def test_every_core_module_imports_under_micropython():
    mods = []
    for path in core_files():
        rel = os.path.relpath(path, os.path.join(ROOT, "firmware", "lib"))[:-3]
        mod = rel.replace(os.sep, ".")
        mods.append(mod[: -len(".__init__")] if mod.endswith(".__init__") else mod)
    # One process per module: the device never loads the whole core at once (the host engine and
    # the table session are alternatives), so each must fit the capped heap on its own.
    for m in mods:
        proc = run_micropython(["-c", "import %s\nprint('imported')\n" % m])
        assert proc.returncode == 0, m + ":\n" + proc.stdout + proc.stderr
        assert "imported" in proc.stdout, m
