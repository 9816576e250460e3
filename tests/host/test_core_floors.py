"""Every arrow points down in the core (issue 27): the game plug-ins (``comando.rulesets.<id>``)
are the top floor and import the generic modules; no generic module of ``firmware/lib/comando``
imports them by name, not even inside a function. The generic modules read the games' facts from
the registry (``comando.registry``, the ground floor, which imports nothing of the project) and
reach a game's code only through its plug-in: ``comando.engine.get_rules`` and
``comando.session.table_rules`` load ``comando.rulesets.<id>.engine``/``.table`` by the id they
are given and call its hooks. The import finder is test_import_cycles's (a literal ``__import__``
counts as an import; the loaders' ``"comando.rulesets.%s.table" % id`` is no literal).
"""

import os

from test_import_cycles import ROOT, imports, modules

LIB = os.path.join(ROOT, "firmware", "lib")
GAMES = "comando.rulesets"


def _generic(name):
    return name.startswith("comando.") and not (name == GAMES or name.startswith(GAMES + "."))


def upward(base):
    """[(generic core module, game module it imports)] under ``base`` (a firmware/lib)."""
    known = modules(base)
    out = []
    for name in sorted(known):
        if _generic(name):
            for m in sorted(imports(known[name], name, known)):
                if m == GAMES or m.startswith(GAMES + "."):
                    out.append((name, m))
    return out


def test_the_finder_sees_an_import_up_even_inside_a_function(tmp_path):
    lib = tmp_path / "comando"
    (lib / "rulesets" / "teg2").mkdir(parents=True)
    for f in ("__init__.py", "rulesets/__init__.py", "rulesets/teg2/__init__.py",
              "rulesets/teg2/tally.py", "registry.py"):
        (lib / f).write_text("")
    (lib / "rulesets" / "teg2" / "table.py").write_text("from comando import registry\n")
    (lib / "session.py").write_text("def cur():\n    from comando.rulesets.teg2 import tally\n")
    (lib / "engine.py").write_text("def get(rid):\n    return __import__('comando.rulesets.%s' % rid)\n")
    assert upward(str(tmp_path)) == [("comando.session", "comando.rulesets.teg2.tally")]


def test_no_generic_core_module_imports_a_game():
    bad = upward(LIB)
    assert not bad, ("generic core modules importing a game's package (read comando.registry, or "
                     "add a hook to the plug-in):\n  " + "\n  ".join("%s -> %s" % b for b in bad))


def test_the_registry_is_the_ground_floor():
    """comando.registry imports nothing of the project: anything may read it, with no circle."""
    known = modules(LIB)
    assert imports(known["comando.registry"], "comando.registry", known) == set()
