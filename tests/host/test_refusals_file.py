"""comando/refusals.txt (issue 22, the chip's heap): the map engine's refusals wait on flash, read
by number (comando.texts.refused). Every number the code asks for has its line, once; every line
is asked for by one place in the code; and each call gives as many values as its line has
%-format fields, so no refusal turns into a TypeError when it is finally made."""

import ast
import os
import re

from comando import texts

LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                   "firmware", "lib")
FIELD = re.compile(r"%[-#0 +]*(?:\d+|\*)?(?:\.\d+)?[sdrifxXeEgGco]")


def _lines():
    found = {}
    with open(texts._REFUSALS, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                n, sep, t = line.partition(" ")
                assert n.isdigit() and sep and t, "refusals.txt: not 'N TEXT': %r" % line
                assert n not in found, "refusals.txt: %s twice" % n
                found[n] = t
    return found


def _calls():
    """[(number, values given, where)] of every refused(Error, N, ...) call in the firmware's code
    (the error raised carries the number and the values: comando.texts.refused)."""
    calls = []
    for dirpath, dirs, files in os.walk(LIB):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in files:
            if not f.endswith(".py"):
                continue
            path = os.path.join(dirpath, f)
            with open(path, encoding="utf-8") as fh:
                src = fh.read()
            if not re.search(r"^\s*from comando\.texts import .*\brefused\b", src, re.M):
                continue   # (another module's own refusal(): device.link's frames)
            for node in ast.walk(ast.parse(src)):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "refused":
                    first = node.args[1]
                    assert isinstance(first, ast.Constant) and isinstance(first.value, int), \
                        "%s:%d: refusal's number must be written in the call" % (path, node.lineno)
                    starred = any(isinstance(a, ast.Starred) for a in node.args[2:])
                    calls.append((first.value, None if starred else len(node.args) - 2,
                                  "%s:%d" % (os.path.relpath(path, LIB), node.lineno)))
    return calls


def test_every_refusal_asked_for_has_its_line_with_as_many_fields_as_values():
    lines = _lines()
    calls = _calls()
    assert len(calls) > 200
    for n, given, where in calls:
        assert str(n) in lines, "%s: refusal %d has no line in refusals.txt" % (where, n)
        fields = len(FIELD.findall(lines[str(n)].replace("%%", "")))
        if given is not None:
            assert fields == given, "%s: refusal %d has %d fields, the call gives %d values" % (
                where, n, fields, given)


def test_every_line_is_asked_for_by_one_place():
    counts = {}
    for n, _, where in _calls():
        counts.setdefault(str(n), []).append(where)
    twice = {n: w for n, w in counts.items() if len(w) > 1}
    assert not twice, twice
    unused = [n for n in _lines() if n not in counts]
    assert not unused, unused


def test_a_refusal_reads_its_line_and_fills_its_fields():
    t = _lines()
    n = next(int(k) for k, v in t.items() if v == "It is %s's turn, not %s's")
    assert str(texts.refused(ValueError, int(n), "Ana", "Beto")) == "It is Ana's turn, not Beto's"
    # the error raised carries the number and the values, for the laptop's languages
    from comando.errors import IllegalMove
    e = texts.refused(IllegalMove, int(n), "Ana", "Beto")
    assert isinstance(e, IllegalMove) and str(e) == "It is Ana's turn, not Beto's"
    assert (e.number, e.args_) == (int(n), ("Ana", "Beto"))
    assert getattr(IllegalMove("a plain error"), "number", None) is None
    # a number with no line (a bad install) loses the wording, not the game
    assert str(texts.refused(ValueError, 99999, 3)) == "refusal 99999 (3,)"
