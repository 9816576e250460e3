"""No code outside the games' own packages tests which ruleset is playing (issue 16).

Each game's rule code lives in ``comando/rulesets/<id>/``; everything else asks the plug-in (an
attribute or method of the ruleset's ``RULES``, its default in ``comando/engine/rules.py`` or
``comando/session/rules.py``), the data-only registry (``comando/rulesets/__init__.py``: ``MAPS``,
``POWERS``...), or a game's own host code found by its id (``comando_host/games.py``, a table of
functions keyed by id). This test fails on any comparison of an expression with a ruleset id
string (``rules.id == "risk"``, ``rs != "teg2"``, ``rid in ("war", "risk")``) in firmware/lib or
host outside ``comando/rulesets/``: put the fact on the plug-in instead.
"""

import ast
import os

from comando.rulesets import IDS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TREES = (os.path.join(ROOT, "firmware", "lib"), os.path.join(ROOT, "host"))
RULESETS = os.path.join(ROOT, "firmware", "lib", "comando", "rulesets") + os.sep

# Comparisons allowed to stay, as "path:line-text fragment": why each one must remain.
# (None today.)
EXCEPTIONS = {}


def _is_id(node):
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in IDS


def _ids_literal(node):
    return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and node.elts and \
        all(_is_id(e) for e in node.elts)


def id_tests(path):
    """(line, source) of each comparison with a ruleset id in the file."""
    with open(path, encoding="utf-8") as f:
        src = f.read()
    found = []
    for node in ast.walk(ast.parse(src, path)):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left] + list(node.comparators)
        for op, left, right in zip(node.ops, sides, sides[1:]):
            if isinstance(op, (ast.Eq, ast.NotEq)) and (_is_id(left) or _is_id(right)):
                found.append((node.lineno, ast.get_source_segment(src, node)))
            elif isinstance(op, (ast.In, ast.NotIn)) and _ids_literal(right):
                found.append((node.lineno, ast.get_source_segment(src, node)))
    return found


def test_the_finder_sees_each_shape_of_an_id_test(tmp_path):
    p = tmp_path / "x.py"
    p.write_text('if state.rules.id == "risk":\n    pass\nok = rs != "teg2"\n'
                 'w = rid in ("war", "risk")\nfine = kind == "world"\n')
    assert [line for line, _ in id_tests(str(p))] == [1, 3, 4]


def test_no_ruleset_id_test_outside_the_rulesets_packages():
    bad = []
    for tree in TREES:
        for dirpath, dirs, files in os.walk(tree):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.endswith(".egg-info"))
            for name in sorted(files):
                path = os.path.join(dirpath, name)
                if not name.endswith(".py") or path.startswith(RULESETS):
                    continue
                rel = os.path.relpath(path, ROOT)
                for line, text in id_tests(path):
                    if not any(rel.endswith(k.split(":")[0]) and k.split(":", 1)[1] in text
                               for k in EXCEPTIONS):
                        bad.append("%s:%d: %s" % (rel, line, text))
    assert not bad, ("ruleset ids tested outside comando/rulesets/ (ask the plug-in or the "
                     "registry instead):\n  " + "\n  ".join(bad))
