"""The engine's refusals in the table's language by their number (issue 24): every numbered line of
firmware/lib/comando/refusals.txt has its msgid in comando_host.text.refusals, with as many fields
as the line has %-fields (a trailing rulebook citation appended as the engine cited it), and es and
pt_BR say each of them; a refusal the engine raises carries its number and its values."""

import os
import re

import pytest

from comando import texts
from comando.errors import BoardError, IllegalMove
from comando_host.text import lang, refusals
from comando_host.text.catalogues import _read, fields

PERCENT = re.compile(r"%[-#0 +]*(?:\d+|\*)?(?:\.\d+)?[sdrifxXeEgGco]")
BRACE = re.compile(r"\{([A-Za-z_]\w*)\}")
SAME = {"deal: {why}", "{cards}: {rule}"}   # (a protocol word and the fields: nothing to translate)


def _lines():
    found = {}
    with open(texts._REFUSALS, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                n, _, t = line.partition(" ")
                found[int(n)] = t
    return found


def test_every_numbered_refusal_has_its_msgid_with_as_many_fields():
    lines = _lines()
    assert len(lines) > 250
    assert sorted(refusals.REFUSALS) == sorted(lines), "numbers in one and not the other"
    for n, english in lines.items():
        msgid, spec = refusals.REFUSALS[n]
        names = [name.partition("!")[0] for name in spec.split()]
        convs = [f[-1] for f in PERCENT.findall(english.replace("%%", ""))]
        assert len(names) == len(convs), "refusal %d: %d names for %d fields" % (n, len(names), len(convs))
        assert len(set(names)) == len(names), "refusal %d: a name twice" % n
        # %r fields are marked name!r (shown with repr, as the engine's %r shows them)
        assert [name.endswith("!r") for name in spec.split()] == [c == "r" for c in convs], n
        in_msgid = BRACE.findall(msgid)
        trailing = names[-1:] == ["cite"] and english.endswith("%s") and "{cite}" not in msgid
        assert in_msgid == (names[:-1] if trailing else names), "refusal %d: %r" % (n, msgid)
        # the English the msgid says is the engine's, field for field
        values = [7 if c == "d" else "<%s>" % name for name, c in zip(names, convs)]
        engine = english % tuple(values)
        shown = {name: repr(v) if c == "r" else v for name, v, c in zip(names, values, convs)}
        said = msgid.format(**shown) + ("<cite>" if trailing else "")
        assert said == engine, (n, said, engine)


@pytest.mark.parametrize("code", ["es", "pt_BR"])
def test_every_refusal_is_translated_with_the_same_fields(code):
    po = _read(os.path.join(lang.LOCALE_DIR, code, "LC_MESSAGES", "comando.po"))
    for n, (msgid, _spec) in refusals.REFUSALS.items():
        got = po.get(msgid)
        assert got is not None and got.string, "%s: refusal %d (%r) is not translated" % (code, n, msgid)
        assert got.string != msgid or msgid in SAME, "%s: refusal %d is the English copied" % (code, n)
        assert fields(got.string) == fields(msgid), (code, n, got.string)


def test_the_error_raised_carries_its_number_and_is_said_by_it():
    from comando import engine
    from comando.board import load_board
    from comando.dice import SeededDice
    g = engine.new_game(load_board("teg"), "teg", [("Ana", "red"), ("Beto", "black")], {}, rng=SeededDice(5))
    s = g.state
    with pytest.raises(IllegalMove) as exc:
        engine.check(s, {"t": "place", "p": 1 - s.cur, "c": 0, "n": 1})
    assert exc.value.number == 21 and exc.value.args_ == (s.who(s.cur), s.who(1 - s.cur))
    with pytest.raises(BoardError) as exc:
        s.board.find("Narnia")
    assert exc.value.number == 252
    try:
        lang.use("pt_BR")
        assert refusals.say(exc.value) == "teg: não há território chamado 'Narnia'"
        lang.use("es")
        said = refusals.say(texts.refused(IllegalMove, 164, "2 missiles", 6, 4, "Chile", ' (book.txt, X: "y")'))
        assert said == '2 misiles cuestan 6 de tus ejércitos nuevos; tenés 4 para colocar en Chile (book.txt, X: "y")'
        # a field shown with repr, as the engine's %r
        assert refusals.say(texts.refused(IllegalMove, 32, "zz")) == "trade: tarjeta desconocida 'zz'"
        # a number the table lacks, or another count of values: the engine's English
        e = IllegalMove("as the engine said it")
        e.number, e.args_ = 99999, ()
        assert refusals.say(e) == "as the engine said it"
        lang.use("en")
        assert refusals.say(texts.refused(IllegalMove, 32, "zz")) == "trade: unknown card 'zz'"
    finally:
        lang.use("en")


def test_a_pact_is_said_as_the_core_says_it_in_english_and_in_the_tables_words():
    # comando.engine.pact_moves / La Revancha's pact_moves describe_pact: the laptop's pact_text
    # says the same English, and each kind in es and pt_BR with the players' colours in its words
    from comando import engine
    from comando.board import load_board
    from comando.dice import SeededDice
    from comando_host.text.engine_text import pact_text
    g = engine.new_game(load_board("revancha"), "revancha", [("Ana", "white"), ("Beto", "black")], {},
                        rng=SeededDice(3))
    s = g.state
    pacts = [(1, "w", 0, 1, -1, -1, -1), (2, "c", 0, 1, 3, 4, -1), (3, "z", 0, 1, 5, -1, 1),
             (4, "a", 0, 1, 6, -1, -1), (5, "k", 0, 1, 0, -1, -1), (6, "b", 0, 1, 0, 1, 0)]
    try:
        for pact in pacts:
            assert pact_text(s, pact) == s.rules.describe_pact(s, pact), pact
        lang.use("es")
        said = [pact_text(s, pact) for pact in pacts]
        assert said[0] == "pacto #1: no agresión mundial entre Ana (blanco) y Beto (negro)"
        assert said[2].endswith("; roto, obliga hasta que termine el próximo turno de Beto (negro)")
        lang.use("pt_BR")
        assert pact_text(s, pacts[0]) == "pacto #1: não agressão mundial entre Ana (branco) e Beto (preto)"
        for pact in pacts:
            assert "pact #" not in pact_text(s, pact)
    finally:
        lang.use("en")


def test_a_refusal_naming_a_pact_says_it_in_the_tables_words_with_the_games_state():
    # refusal 48 (comando.engine.rules: an attack across a pact) carries the core's English
    # description of the pact; with the game's state at hand the laptop says the pact in the
    # table's words, without it as the engine described it
    from comando import engine
    from comando.board import load_board
    from comando.dice import SeededDice
    g = engine.new_game(load_board("revancha"), "revancha", [("Ana", "white"), ("Beto", "black")], {},
                        rng=SeededDice(3))
    s = g.state
    s.pacts.append((7, "w", 0, 1, -1, -1, -1))
    english = s.rules.describe_pact(s, s.pacts[-1])
    error = texts.refused(IllegalMove, 48, "Chile", "Perú", english)
    try:
        lang.use("es")
        assert refusals.say(error, s) == ("Chile no puede atacar a Perú: pacto #7: no agresión mundial "
                                          "entre Ana (blanco) y Beto (negro)")
        assert refusals.say(error).endswith(": " + english)
    finally:
        lang.use("en")
