"""`comando play --ruleset war` driven by stdin scripts (war.txt): the announced 1-3 attacking
armies ("How to Attack"), trades naming a wildcard ("Card Trading"), the trade count across the
table in `status`, and a readable message for each bad input."""

import play_tools
from comando import engine
from comando.board import board_path, load_board
from comando.dice import SeededDice
from play_tools import events, repl, save_log

PLAYERS = [("Ana", "white"), ("Beto", "red"), ("Caio", "black")]


def advance(pred, opts=None, seeds=range(1, 12), rs="war", players=PLAYERS, limit=3000):
    """A seeded bot game stopped at the first state where ``pred(state)`` holds."""
    return play_tools.advance(pred, rs, players, opts, seeds, limit)


def resume(g, tmp_path):
    return save_log(g, tmp_path)


def name(g, c):
    return g.board.cid(c)


def attack_from(s, p, need=4):
    """(from, to): an own country with at least ``need`` armies next to an enemy."""
    for c in range(s.n):
        if s.owner[c] == p and s.armies[c] >= need:
            for m in s.board.neighbours(c):
                if s.owner[m] != p:
                    return c, m
    return None


def test_first_round_places_only_and_bad_attack_inputs(monkeypatch, capsys, tmp_path):
    """war.txt "The Game": the first round only places; attack inputs are checked before."""
    g = engine.new_game(load_board(board_path("war")), "war", PLAYERS, rng=SeededDice(7))
    s = g.state
    p = s.cur
    mine = s.countries_of(p)
    other = [m for m in s.board.neighbours(mine[0]) if s.owner[m] != p]
    enemy = other[0] if other else [c for c in range(s.n) if s.owner[c] != p][0]
    log = resume(g, tmp_path)
    out = repl(monkeypatch, capsys, [
        "status",
        f"place {s.to_place()} {name(g, mine[0])}",
        f"attack {name(g, mine[0])} {name(g, enemy)} 2",   # round 1: refused by the rules
        f"attack {name(g, mine[0])} {name(g, enemy)} 5",   # not 1-3
        f"attack {name(g, mine[0])} {name(g, enemy)} def 1",  # Risk only
        f"attack {name(g, mine[0])} {name(g, enemy)} two",  # not a number: a country name?
        "walk", "dip note hello",
        "help",
    ], "--resume", log, "--seed", "3")
    assert "trades at the table: 0 (the next trade is worth 4 armies" in out
    assert "first round: players only receive and place armies" in out
    assert "illegal: In the first round each player only receives and places armies: no attacks" in out
    assert "error: attack FROM TO N: announce 1 to 3 attacking armies, not 5" in out
    assert "error: in WAR the defender always rolls every die it may: no 'def D'" in out
    assert "error: war: no country called" in out
    assert "error: WAR has no walk-outs (Risk only)" in out
    assert "error: WAR has no diplomacy panel" in out
    assert "attack FROM TO N            announce N attacking armies, 1 to 3" in out
    ev = events(log)
    assert [e["t"] for e in ev[-1:]] == ["place"]


def test_announced_armies_wildcard_trade_and_table_count(monkeypatch, capsys, tmp_path):
    """A player holding a wildcard trades it ('wild'), places, attacks with 1 then 2 announced
    armies (the dice follow), and status counts the table's trades."""
    def ready(s):
        p = s.cur
        if s.phase != "add" or s.round < 2 or s.to_place() != sum(s.rules.reinforcements(s, p)[1]) + s.rules.reinforcements(s, p)[0]:
            return False
        wild = [c for c in s.hands[p] if c >= s.n]
        terr = [c for c in s.hands[p] if c < s.n]
        return wild and len(terr) >= 2 and attack_from(s, p, 1) is not None
    g = advance(ready)
    s = g.state
    p = s.cur
    terr = [c for c in s.hands[p] if c < s.n]
    before = s.ttrades
    log = resume(g, tmp_path)
    # place everything on one front country so it can attack with 3 dice
    f, to = attack_from(s, p, 1)
    script = [
        "status",
        "cards",
        "trade",                                    # no cards named
        f"trade {name(g, terr[0])}",                # one card only
        "trade wild wild wild",                     # holds one wildcard
        f"trade wild {name(g, terr[0])} {name(g, terr[1])}",
        "status",
    ]
    cres = s.cres
    out1 = repl(monkeypatch, capsys, script + ["quit"], "--resume", log, "--seed", "5")
    assert f"trades at the table: {before} (" in out1
    assert "error: trade C1 C2 C3 (you hold: " in out1 and "wildcard" in out1
    assert "; a set: trade " in out1  # a wildcard and two territories always make a set
    assert "error: trade: name three cards (you hold: " in out1
    assert "error: you hold no other wildcard (you hold: " in out1
    ev = events(log)
    last = ev[-1]
    assert last["t"] == "trade" and any(c >= s.n for c in last["cards"])
    assert f"trades in wildcard, {g.board.name(terr[0])}, {g.board.name(terr[1])}" in out1
    assert "(yours: +2 there when traded)" in out1 or all(s.owner[c] != p for c in terr)
    assert f"trades at the table: {before + 1} (" in out1
    # then place and attack with announced armies
    st = engine.fold(ev)
    lines = []
    for cont in range(len(st.cres)):
        if st.cres[cont]:
            c = [x for x in st.countries_of(p) if st.board.continent_of(x) == cont][0]
            lines.append(f"place {st.cres[cont]} {name(g, c)}")
    lines.append(f"place {st.reserve} {name(g, f)}")
    lines += [f"attack {name(g, f)} {name(g, to)} 1", f"attack {name(g, f)} {name(g, to)} 2",
              f"attack {name(g, f)} {name(g, to)} 0", "status", "quit"]
    # (the first attack may conquer: the second then is refused as an attack on one's own country)
    out2 = repl(monkeypatch, capsys, lines, "--resume", log, "--seed", "9")
    assert "error: attack FROM TO N: announce 1 to 3 attacking armies, not 0" in out2
    new = events(log)[len(ev):]
    atts = [e for e in new if e["t"] == "attack"]
    assert atts[0]["n"] == 1 and len(atts[0]["ad"]) == 1   # one army announced: one die
    if "conquered" not in out2.split(" 0\n")[0]:
        assert atts[1]["n"] == 2 and len(atts[1]["ad"]) == 2
    assert f"{g.board.name(f)} attacks {g.board.name(to)}: 1 army attack, " in out2
    assert cres is not None


def test_bot_turns_and_a_whole_war_game_in_the_repl(monkeypatch, capsys, tmp_path):
    """`bot N` plays whole turns; the game ends with a victory by objective; status then says so."""
    log = tmp_path / "w.jsonl"
    out = repl(monkeypatch, capsys, ["bot 300", "status"], "--ruleset", "war", "--board", "war",
               "--players", "Ana:white,Beto:red,Caio:black", "--seed", "2", "--log", str(log))
    assert "Game over: " in out and " won." in out
    s = engine.fold(events(str(log)))
    assert s.phase == "over" and s.rules.victory(s, s.winner)
    assert f"trades at the table: {s.ttrades} (" in out
