"""The laptop's code in rooms by role (issue 27; docs/laptop-rooms.md): the top of the package
keeps a few modules, each room's __init__.py says what lives there and re-exports nothing, and
"session" is no module's name on the laptop (the core's table session is comando.session)."""

import ast
import os

from micropython_tools import ROOT

HOST = os.path.join(ROOT, "host", "comando_host")
TOP_MAX = 6
# The rooms issue 27 made: a docstring and nothing else in each __init__.py.
ROOMS = ("link", "store", "text", "terminal", "maps", "pico")


def test_the_top_of_the_host_package_holds_at_most_six_modules():
    top = sorted(n for n in os.listdir(HOST) if n.endswith(".py"))
    assert len(top) <= TOP_MAX, ("host/comando_host/ has %d modules at its top (at most %d: %s): "
                                 "move the new one into the room of its role "
                                 "(docs/laptop-rooms.md)" % (len(top), TOP_MAX, ", ".join(top)))


def test_each_room_says_what_lives_there_and_re_exports_nothing():
    for room in ROOMS:
        path = os.path.join(HOST, room, "__init__.py")
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        doc = ast.get_docstring(tree)
        assert doc and len(doc.split()) >= 8, "%s/__init__.py says too little of what lives there" % room
        assert len(tree.body) == 1, "%s/__init__.py holds more than its docstring" % room
        modules = [n for n in os.listdir(os.path.join(HOST, room))
                   if n.endswith(".py") and n != "__init__.py"]
        assert modules, "the room %s/ is empty" % room


def test_no_laptop_module_is_named_session():
    named = [os.path.relpath(os.path.join(top, n), ROOT)
             for top, dirs, files in os.walk(HOST) for n in files + dirs
             if n in ("session.py", "session")]
    assert not named, named
