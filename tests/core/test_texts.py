"""comando.texts: the refusals read from comando/texts.txt when one is raised (issue 14, heap) say
on both runtimes exactly what the modules said when the texts were their string constants."""

from mpytest import raises

from comando import session as S
from comando.errors import IllegalMove
from comando.rulesets.revancha import situations as SIT
from comando.texts import say, text


def test_say_fills_the_fields_of_its_line():
    assert say("not_turn", "red", "blue") == "it is red's turn, not blue's"
    assert say("whole_in", "the attacking armies", 0, 9999, -1) == \
        "the attacking armies must be a whole number from 0 to 9999, not -1"
    assert text("w_open") == "the players first roll for who starts"


def test_an_unknown_key_is_said_as_itself_not_an_error():
    assert text("no_such_key") == "no_such_key"


def test_a_refusal_reads_as_before():
    # teg-la-revancha.txt, "Hostilities - Situation Cards": the card is turned at the round's
    # start; before the opening roll nothing else is possible
    st = S.Session()
    S.apply(st, S.make(st, S.new_session("revancha", ["white", "black", "red"]), _Ones()))
    with raises(IllegalMove) as e:
        S.check(st, {"t": "round"})
    assert str(e.value) == "starting a round is not possible now: the players first roll for who starts"
    with raises(IllegalMove) as e:
        S.check(st, {"t": "roll", "p": 0, "d": 1, "a": 3, "b": 1})
    assert str(e.value) == "an attack roll is not possible now: the players first roll for who starts"


def test_the_situation_cards_say_what_they_do():
    # teg-la-revancha.txt, "Hostilities - Situation Cards": snow, the rest card of a colour
    assert SIT.describe(20) == "defenders roll one die more (up to 4)"
    assert SIT.describe(44) == "white only places armies: no attack, no regroup"
    assert SIT.attack_error(44, "white", "black", None) == \
        "white rests this round (situation card): it may place armies but not attack"


class _Ones:
    def d6(self):
        return 1


def test_a_field_is_named_by_its_phrase_or_its_key_in_the_file():
    from comando import combat
    from comando.errors import RulesError
    from comando.session.rules import whole
    with raises(IllegalMove) as e:
        whole({"t": "roll", "a": -1}, "a", 0, 9999, "att_armies")
    assert str(e.value) == "the attacking armies must be a whole number from 0 to 9999, not -1"
    with raises(IllegalMove) as e:
        whole({"t": "roll"}, "n", 0, 5, "the number of dice")
    assert str(e.value) == "roll: missing the number of dice"
    with raises(RulesError) as e:
        combat.check_battle("teg", 3, True)
    assert str(e.value) == "the defending armies must be a whole number, not True"


def test_a_module_frozen_into_the_firmware_finds_its_file_under_lib():
    # in an image with the modules frozen in, __file__ is "comando/texts.py", relative to the
    # root, where no such file is; the bundle keeps texts.txt in /lib/comando/ (here: the tree's lib)
    from comando import texts
    lib = texts._PATH.rpartition("/")[0].rpartition("/")[0] + "/"
    with texts.open_data("comando/texts.txt", lib) as f:
        assert f.readline().startswith("# The long texts a player reads")
    with raises(OSError):
        texts.open_data("comando/no_such_file.txt", lib)


def test_the_table_speaks_its_language_from_its_file():
    # issue 24: es and pt_BR read from texts_es.txt / texts_pt_BR.txt, on both runtimes
    from comando import texts
    try:
        texts.set_lang("es")
        assert say("not_turn", "rojo", "azul") == "es el turno de rojo, no de azul"
        assert text("w_over") == "el juego terminó"
        texts.set_lang("pt_BR")
        assert say("over_won", "verde") == "o jogo acabou: verde venceu"
        assert text("no_such_key") == "no_such_key"
    finally:
        texts.set_lang("en")
    assert text("w_over") == "the game is over"


def test_an_unknown_language_names_the_ones_there_are():
    from comando import texts
    with raises(ValueError) as e:
        texts.set_lang("xx")
    assert str(e.value) == "unknown language 'xx': one of en, es, pt_BR"
