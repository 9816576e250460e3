"""No code outside the games' own packages tests which ruleset is playing (issue 16).

Each game's rule code lives in ``comando/rulesets/<id>/``; everything else asks the plug-in (an
attribute or method of the ruleset's ``RULES``, its default in ``comando/engine/rules.py`` or
``comando/session/rules.py``), the data-only registry (``comando/registry.py``: ``MAPS``,
``POWERS``...), or a game's laptop side found by its id (``comando_host/games/<id>.py``: issue
27, docs/laptop-games.md). This test fails on any comparison of an expression with a ruleset id
string (``rules.id == "risk"``, ``rs != "teg2"``, ``rid in ("war", "risk")``) in firmware/lib or
host outside ``comando/rulesets/``: put the fact on the plug-in instead. It also fails on a table
keyed by ruleset ids (``{"war": ..., "risk": ...}``, ``dict(x, revancha=...)``) outside
``comando/rulesets/``, ``comando_host/games/`` and the registry: a game's fact belongs in its own package or
module, where adding a game adds it.
"""

import ast
import os

from comando.registry import IDS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TREES = (os.path.join(ROOT, "firmware", "lib"), os.path.join(ROOT, "host"))
RULESETS = os.path.join(ROOT, "firmware", "lib", "comando", "rulesets") + os.sep
GAMES = os.path.join(ROOT, "host", "comando_host", "games") + os.sep
# the registry: the one table of the games' facts, keyed by their ids (it was rulesets/__init__.py)
REGISTRY = os.path.join(ROOT, "firmware", "lib", "comando", "registry.py")

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


# Tables keyed by ruleset ids allowed to stay, as "path:name": why each one remains. All are the
# Pico's (the shared core's table-session rules and the device's screens): issue 27's first part
# gave the laptop's side a home (comando_host/games/); these wait for the part that gives the
# table session's per-game facts theirs in comando/rulesets/<id>/.
TABLE_EXCEPTIONS = {
    "firmware/lib/comando/combat.py:RULES": "each game's dice limits for the table session",
    "firmware/lib/comando/rulebook.py:TRADE_IN": "each game's trade-in values (the table session)",
    "firmware/lib/comando/rulebook_armies.py:REINFORCE": "each game's reinforcement divisor",
    "firmware/lib/comando/rulebook_armies.py:PLACEMENT": "each game's opening placement rounds",
    "firmware/lib/device/screens/__init__.py:TURN": "the device's turn screen of a game",
}


def _table_name(parents, node):
    """The name a table is bound to (``NAME = {...}``), else ''."""
    up = parents.get(node)
    if isinstance(up, ast.Assign) and len(up.targets) == 1 and isinstance(up.targets[0], ast.Name):
        return up.targets[0].id
    if isinstance(up, ast.AnnAssign) and isinstance(up.target, ast.Name):
        return up.target.id
    return ""


def id_tables(path):
    """(line, name, source) of each table keyed by ruleset ids in the file: a dict display whose
    keys are all ids, or a ``dict(...)`` call with an id as a keyword."""
    with open(path, encoding="utf-8") as f:
        src = f.read()
    tree = ast.parse(src, path)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keyed = node.keys and all(k is not None and _is_id(k) for k in node.keys)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "dict":
            keyed = any(k.arg in IDS for k in node.keywords)
        else:
            continue
        if keyed:
            found.append((node.lineno, _table_name(parents, node),
                          ast.get_source_segment(src, node).splitlines()[0]))
    return found


def test_the_finder_sees_a_table_keyed_by_ids(tmp_path):
    p = tmp_path / "x.py"
    p.write_text('HELP = {"war": 1, "risk": 2}\nNAMES = dict(BASE, revancha="x")\n'
                 'one = {"teg2": f}.get(rid)\nfine = {"war": 1, "regions": 2}\nalso = {}\n'
                 'kw = dict(level=1)\n')
    assert [(line, name) for line, name, _ in id_tables(str(p))] == [(1, "HELP"), (2, "NAMES"), (3, "")]


def test_no_table_keyed_by_ruleset_ids_outside_the_games_homes():
    bad = []
    for tree in TREES:
        for dirpath, dirs, files in os.walk(tree):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.endswith(".egg-info"))
            for name in sorted(files):
                path = os.path.join(dirpath, name)
                if not name.endswith(".py") or path.startswith(RULESETS) or path.startswith(GAMES) \
                        or path == REGISTRY:
                    continue
                rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
                for line, table, text in id_tables(path):
                    if "%s:%s" % (rel, table) not in TABLE_EXCEPTIONS:
                        bad.append("%s:%d: %s" % (rel, line, text))
    assert not bad, ("tables keyed by ruleset ids outside comando/rulesets/, comando_host/games/ and "
                     "the registry "
                     "(say it in the game's own module instead):\n  " + "\n  ".join(bad))


def test_each_table_exception_still_exists():
    """An exception whose table moved home is taken off the list (it would hide a new one)."""
    seen = set()
    for key in TABLE_EXCEPTIONS:
        rel, table = key.split(":")
        for _, name, _ in id_tables(os.path.join(ROOT, *rel.split("/"))):
            if name == table:
                seen.add(key)
    assert seen == set(TABLE_EXCEPTIONS), sorted(set(TABLE_EXCEPTIONS) - seen)


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
