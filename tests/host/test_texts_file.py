"""comando/texts.txt (issue 14, heap): every key the code says is in the file, once; every line of
the file is said by some code; the keys written in the code are short enough to be interned names
on MicroPython (10 characters), not heap strings like the texts they replace."""

import os
import re

from comando import texts

LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                   "firmware", "lib")
# keys the code builds from a prefix and a value (an event type, a stage, a card kind)
DYNAMIC = ("ev_", "w_", "sit_", "c_",   # (c_: a colour, device.screens.base.colour_name)
           "sl_", "sd_")               # a situation card kind (device.screens.situation)


def _file_keys():
    keys = []
    with open(texts._PATH, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                k, sep, t = line.partition(" ")
                assert sep and t, "texts.txt: a line without its text: %r" % line
                keys.append(k)
    return keys


def _code_keys(pattern=r'\b(?:say|text)\("([A-Za-z0-9_]+)"'):
    found = {}
    for dirpath, dirs, files in os.walk(LIB):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(dirpath, f)
                with open(path, encoding="utf-8") as fh:
                    src = fh.read()
                if "comando.texts" not in src:
                    continue
                for k in re.findall(pattern, src):
                    found.setdefault(k, os.path.relpath(path, LIB))
    return found


def _literals():
    # keys handed on as a field's name (whole(a, "a", 0, 9999, "att_armies")), said by field()
    return _code_keys(r'"([A-Za-z0-9_]+)"')


def test_every_key_the_code_says_is_in_the_file_once():
    keys = _file_keys()
    assert len(keys) == len(set(keys)), sorted(k for k in keys if keys.count(k) > 1)
    code = _code_keys()
    missing = {k: where for k, where in code.items() if k not in keys and k not in DYNAMIC}
    assert not missing, missing


def test_every_line_of_the_file_is_said():
    code = _literals()
    unused = [k for k in _file_keys() if k not in code and not k.startswith(DYNAMIC)]
    assert not unused, unused


def test_the_keys_in_the_code_are_interned_names_on_micropython():
    long_keys = sorted(k for k in _code_keys() if len(k) > 10)
    assert not long_keys, long_keys


def test_a_missing_file_says_the_key(monkeypatch, tmp_path):
    # a bad install loses the wording, never the game: the key stands for the text
    monkeypatch.setattr(texts, "_PATH", str(tmp_path / "gone.txt"))
    monkeypatch.setattr(texts, "_ALL", [])
    assert texts.say("not_turn", "red", "blue") == "not_turn ('red', 'blue')"
    assert texts.text("w_open") == "w_open"


def test_each_situation_kind_has_its_device_lines():
    """device.screens.situation says sl_<kind> and sd_<kind> (comando.rulesets.revancha.situations
    .KINDS): each kind has both lines, and no sl_/sd_ line names a kind the deck lacks."""
    from comando.rulesets.revancha import situations
    keys = set(_file_keys())
    for k in situations.KINDS:
        assert "sl_" + k in keys and "sd_" + k in keys, k
    extra = [k for k in keys if k[:3] in ("sl_", "sd_") and k[3:] not in situations.KINDS]
    assert not extra, extra
