"""The texts in every language (issue 24): each language's file has every key of texts.txt (the
English master) and no other, with the same %-format fields in the same order; a line missing at
run time falls back to English for that line only; an unknown language is one line naming the ones
there are. This is the build's check: a catalogue with a missing key or a wrong field fails here,
never in a player's game."""

import re

import pytest

from comando import texts

FIELD = re.compile(r"%[-#0 +]*\d*(?:\.\d+)?[sdrxf%]")


def _lines(path):
    found = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                k, sep, t = line.partition(" ")
                assert sep and t.strip(), "%s:%d: a line without its text" % (path, n)
                assert k not in found, "%s:%d: %s twice" % (path, n, k)
                found[k] = t
    return found


@pytest.mark.parametrize("code", [c for c in texts.LANGS if c != "en"])
def test_every_language_has_every_key_with_the_same_fields(code):
    en = _lines(texts.path("en"))
    other = _lines(texts.path(code))
    missing = sorted(set(en) - set(other))
    extra = sorted(set(other) - set(en))
    assert not missing, "%s lacks %s" % (code, missing)
    assert not extra, "%s has keys English lacks: %s" % (code, extra)
    wrong = {k: (FIELD.findall(en[k]), FIELD.findall(other[k])) for k in en
             if FIELD.findall(en[k]) != FIELD.findall(other[k])}
    assert not wrong, wrong


@pytest.mark.parametrize("code", texts.LANGS)
def test_every_file_is_utf8_and_says_something_else_than_english(code):
    got = _lines(texts.path(code))
    if code != "en":
        en = _lines(texts.path("en"))
        same = [k for k in got if got[k] == en[k] and len(en[k]) > 12]
        assert len(same) < len(got) // 20, "%s: copied from English: %s" % (code, same)


def test_a_missing_line_falls_back_to_english_for_that_line_only(monkeypatch, tmp_path):
    with open(texts.path("es"), encoding="utf-8") as f:
        lines = [ln for ln in f if not ln.startswith("not_turn ")]
    (tmp_path / "texts_es.txt").write_text("".join(lines), encoding="utf-8")
    monkeypatch.setattr(texts, "_DIR", str(tmp_path))
    monkeypatch.setattr(texts, "_ALL", [])
    texts.set_lang("es")
    try:
        assert texts.say("not_turn", "red", "blue") == "it is red's turn, not blue's"
        assert texts.say("over_won", "rojo") == "el juego terminó: ganó rojo"
    finally:
        texts.set_lang("en")


def test_an_unknown_language_is_one_line_naming_the_ones_there_are():
    with pytest.raises(ValueError) as e:
        texts.set_lang("fr")
    assert str(e.value) == "unknown language 'fr': one of en, es, pt_BR"
    assert texts.lang() == "en"
