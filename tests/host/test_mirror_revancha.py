"""The host's table record and mirror fold La Revancha engine games (comando_host/text/record.py with
comando.rulesets.revancha): every event told in words, missiles, exchanges and situation cards
included, the secret objectives never shown."""

from comando import engine
from comando.board import load_board
from comando.dice import SeededDice
from comando.engine import bot
from comando.rulesets.revancha.bot import RevanchaBot
from comando_host.text.record import raw, tell


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
    assert any(e.text.endswith(" won") for e in tell(g.log))
    assert any("situation card" in e.text for e in tell(g.log))


def test_an_aggression_pact_and_its_condominium_are_told():
    """teg-la-revancha.txt, Aggression Pacts and Condominiums: the record tells the pact, the
    allies' rolls, the condominium and the move-in in words."""
    from test_cli_play_revancha import advance, aggression_ready
    g = advance(aggression_ready)
    to, mine, theirs = aggression_ready(g.state)
    q = g.state.owner[theirs]
    g.act({"t": "aggress", "p": g.state.cur, "q": q, "to": to, "a": mine, "b": theirs})
    while g.state.x["ag"]:
        ag = g.state.x["ag"]
        g.act({"t": "attack", "p": ag[5], "f": mine if ag[5] == ag[1] else theirs, "to": to})
    if g.state.x.get("cdm"):
        g.act({"t": "move", "p": g.state.cur, "n": 2, "m": 1})
    told = {e.seq: e.text for e in tell(g.log)}
    n = len(g.log)
    for e in g.log[n - 8:]:
        if e["seq"] in told:
            assert told[e["seq"]] != raw(e), told[e["seq"]]
    assert any("aggression pact: " in x for x in told.values())
    if g.state.x["cd"]:
        assert any("in condominium: " in x for x in told.values())
