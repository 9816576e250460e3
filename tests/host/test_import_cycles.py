"""No import circles in firmware/lib (the shared core and the device app) nor in host/.

A circle is two modules that import each other, directly or through others, counting the imports
made inside functions too (a hub that lazily imports a helper which imports the hub back is still
a circle: issue 16). Importing ``a.b.c`` also runs ``a`` and ``a.b``, but a package's own
``__init__`` is not counted as an edge here: the games' package ``comando.rulesets`` and each game's
``__init__`` are docstring only or empty, and a package's modules may import their package's machinery.
"""

import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TREES = (os.path.join(ROOT, "firmware", "lib"), os.path.join(ROOT, "host"))
sys.path.insert(0, os.path.join(ROOT, "tests"))


def modules(base):
    """{dotted name: path} of every .py file under ``base``."""
    out = {}
    for dirpath, dirs, files in os.walk(base):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.endswith(".egg-info"))
        for name in files:
            if name.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, name), base)[:-3].split(os.sep)
                if rel[-1] == "__init__":
                    rel = rel[:-1]
                if rel:
                    out[".".join(rel)] = os.path.join(dirpath, name)
    return out


def imports(path, name, known):
    """The known modules that module ``name`` (file ``path``) imports, anywhere in its body."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    is_pkg = path.endswith("__init__.py")
    pkg = name if is_pkg else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                found.add(a.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = pkg.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for a in node.names:
                sub = base + "." + a.name
                found.add(sub if sub in known else base)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__" \
                and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            found.add(node.args[0].value)
    return {m for m in found if m in known and m != name}


def graph():
    known = {}
    for base in TREES:
        known.update(modules(base))
    return {name: imports(path, name, known) for name, path in known.items()}


def cycles(g):
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10000))
    try:
        for v in sorted(g):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return sorted(out)


def test_the_finder_sees_a_circle_and_a_lazy_one(tmp_path):
    """The finder itself: a module-level circle, and one closed by an import inside a function."""
    pkg = tmp_path / "p"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from p import b\n")
    (pkg / "b.py").write_text("def f():\n    from p.a import x\n")
    (pkg / "c.py").write_text("import p.a\n")
    known = modules(str(tmp_path))
    g = {n: imports(p, n, known) for n, p in known.items()}
    assert g["p.a"] == {"p.b"} and g["p.b"] == {"p.a"} and g["p.c"] == {"p.a"}
    assert cycles(g) == [["p.a", "p.b"]]


def test_no_import_circle_in_firmware_lib_or_host():
    found = cycles(graph())
    assert not found, "import circles (each line: modules that import one another):\n" + \
        "\n".join("  " + " <-> ".join(c) for c in found)
