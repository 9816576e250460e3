"""The host's table record and mirror fold La Revancha engine games (comando_host/record.py with
comando.rulesets.revancha): every event told in words, missiles, exchanges and situation cards
included, the secret objectives never shown."""

from comando import engine
from comando.board import load_board
from comando.dice import SeededDice
from comando.engine import bot
from comando.rulesets.revancha.bot import RevanchaBot
from comando_host.record import raw, tell


def test_every_revancha_event_is_told_and_objectives_never_shown():
    g = engine.new_game(load_board("revancha"), "revancha",
                        [{"n": "Ana", "c": "white"}, {"n": "Beto", "c": "black"}, {"n": "Cris", "c": "red"}],
                        None, SeededDice(3))
    bot.play(g, RevanchaBot(SeededDice(103)), limit=5000)
    assert g.state.phase == "over"
    seen = {}
    for e in tell(g.log):
        seen.setdefault(e.t, e.text)
        assert "obj" not in e.text.lower() and "secret" not in e.text.lower()
        assert e.text != raw(g.log[e.seq - 1]), (e.t, e.text)
    for t in ("deal", "place", "arm", "missile", "attack", "trade", "end", "draw"):
        assert t in seen, t
    assert "fires a missile from" in seen["missile"] and "armies destroyed" in seen["missile"]
    assert " exchanges " in seen["trade"]
    assert any("wins the game" in e.text for e in tell(g.log))
    assert any("situation card" in e.text for e in tell(g.log))
