"""`comando play` (scripted from stdin) and `comando replay`."""

import io
import json
import sys

import pytest

from comando import engine
from comando.engine import log as elog
from comando_host.cli import main
from comando_host.commands.play import KeyboardGame
from engine_fixtures import board, game

PLAYERS = "Ana:red,Beto:blue,Caro:black,Dani:yellow"


def play(monkeypatch, capsys, script, *args):
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    rc = main(["play", "--seed", "3", "--players", PLAYERS, *args])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_scripted_setup_status_undo_and_log(monkeypatch, capsys, tmp_path):
    log = tmp_path / "g.jsonl"
    script = "\n".join([
        "status",
        "place 5 argentina",        # Ana's country in this seeded deal
        "place 2 chile",            # not Beto's: illegal, nothing happens
        "place 9 brasil",           # Beto cannot place 9
        "undo",
        "place 5 argentina",
        "cards",
        "quit",
    ]) + "\n"
    rc, out, err = play(monkeypatch, capsys, script, "--log", str(log))
    assert rc == 0, err
    assert "setup - Ana (red) to play - phase: place" in out
    assert "armies to place: 5" in out
    assert "Ana (red) places 5 on Argentina" in out
    assert "illegal: Chile is not yours: place armies only on your own countries" in out
    assert "illegal: You have 5 armies to place, not 9" in out
    assert "undone back to event 2" in out
    assert "Beto (blue) holds no cards." in out
    events = [e for _, e in elog.read_log(str(log))]
    assert [e["t"] for e in events] == ["new", "deal", "place", "undo", "place"]
    assert [e["seq"] for e in events] == [1, 2, 3, 4, 5]
    s = engine.fold(events)
    assert s.cur == 1 and s.armies[board().find("argentina")] == 6


def test_strict_stops_at_the_first_illegal_command(monkeypatch, capsys):
    rc, out, err = play(monkeypatch, capsys, "place 2 chile\nstatus\n", "--strict")
    # (issue 23: the error on stderr, in one line, not in the transcript on stdout)
    assert rc == 2 and "illegal: Chile is not yours" in err and "Chile is not yours" not in out
    assert "round" not in out.split("place 2 chile")[1].split("\n", 1)[1].split("events recorded")[0]


def test_unknown_country_and_command(monkeypatch, capsys):
    rc, out, err = play(monkeypatch, capsys, "place 5 atlantis\nfly\nattack\n")
    assert rc == 0
    assert "error: teg: no country called 'atlantis'" in out
    assert "error: unknown command 'fly' (type help)" in out
    assert "error: give 2 more countries" in out


def test_bot_game_to_victory_and_replay(monkeypatch, capsys, tmp_path):
    log = tmp_path / "full.jsonl"
    rc, out, err = play(monkeypatch, capsys, "bot 400\nstatus\n", "--log", str(log))
    assert rc == 0
    assert "Game over: " in out and " won." in out
    winner = out.split("Game over: ")[1].split(" won.")[0]
    rc = main(["replay", str(log)])
    rep = capsys.readouterr().out
    assert rc == 0 and f"Game over: {winner} won." in rep
    rc = main(["replay", "--json", str(log)])
    d = json.loads(capsys.readouterr().out)
    again = engine.fold([e for _, e in elog.read_log(str(log))])
    assert d == json.loads(json.dumps(again.to_dict()))


def test_replay_reports_the_first_illegal_event_line(tmp_path, capsys):
    g = game(4, seed=3)
    s = g.state
    g.act({"t": "place", "p": s.cur, "c": s.countries_of(s.cur)[0], "n": 5})
    lines = [elog.dumps(e) for e in g.log]
    bad = {"seq": 4, "t": "place", "p": s.cur, "c": [k for k in range(50) if s.owner[k] != s.cur][0], "n": 5}
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines + ["", elog.dumps(bad), elog.dumps(bad)]) + "\n")
    rc = main(["replay", str(path)])
    err = capsys.readouterr().err
    assert rc == 1
    assert f"{path}:5: event 4 (place) is illegal: " in err and "is not yours" in err
    path.write_text(lines[0] + "\n{not json\n")
    assert main(["replay", str(path)]) == 1
    assert f"{path}:2: not a JSON event" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "none.jsonl")]) == 1


def test_resume_appends_to_the_log(monkeypatch, capsys, tmp_path):
    log = tmp_path / "g.jsonl"
    play(monkeypatch, capsys, "place 5 argentina\n", "--log", str(log))
    monkeypatch.setattr(sys, "stdin", io.StringIO("status\n"))
    rc = main(["play", "--resume", str(log)])
    out = capsys.readouterr().out
    assert rc == 0 and "Beto (blue) to play" in out
    assert len(elog.read_log(str(log))) == 3


def test_country_names_with_spaces_and_accents():
    g = game(4, seed=3)
    sess = KeyboardGame(g, out=io.StringIO())
    b = board()
    assert sess.countries("gran bretaña nueva york".split(), 2) == [b.find("gran_bretana"), b.find("nueva_york")]
    assert sess.countries(["Gran_Bretana", "islandia"], 2) == [b.find("gran_bretana"), b.find("islandia")]


def test_bad_arguments_exit_2(capsys):
    assert main(["play", "--ruleset", "chess"]) == 2
    assert "unknown ruleset 'chess'" in capsys.readouterr().err
    assert main(["play", "--players", "A:red,B:red"]) == 2
    assert "two players chose red" in capsys.readouterr().err


def test_tab_completion_of_commands_and_country_ids(monkeypatch):
    readline = pytest.importorskip("readline")
    from comando_host.commands.play import completer_for
    sess = KeyboardGame(game(4, seed=3), out=io.StringIO())
    completer_for(sess)
    complete = readline.get_completer()
    monkeypatch.setattr(readline, "get_line_buffer", lambda: "att")
    assert complete("att", 0) == "attack" and complete("att", 1) is None
    monkeypatch.setattr(readline, "get_line_buffer", lambda: "attack arg")
    assert complete("arg", 0) == "argentina"
    monkeypatch.setattr(readline, "get_line_buffer", lambda: "attack argentina nu")
    assert [complete("nu", i) for i in range(2)] == ["nueva_york", None]


def test_hint_suggests_the_step_with_its_odds_and_its_command(monkeypatch, capsys):
    """`hint` (issue 26): the bot's suggestion for the current step in words, an attack's odds,
    and the command that makes it; typing that command every time plays the game to a victory."""
    out = io.StringIO()
    sess = KeyboardGame(game(4, seed=3), out=out)
    s = sess.game.state
    odds_seen = 0
    for _ in range(6000):
        if s.phase == "over":
            break
        out.seek(0)
        out.truncate()
        sess.command("hint")
        line = out.getvalue().strip().splitlines()[-1]
        assert line.startswith("hint for %s (%s): " % (s.names[s.cur], s.colours[s.cur])), line
        if " attacks " in line:
            assert "% to take it)" in line, line
            odds_seen += 1
        assert "  -> " in line, line
        seq = s.seq
        sess.command(line.split("  -> ")[1])
        s = sess.game.state
        assert s.seq > seq, (line, out.getvalue())
    assert s.phase == "over" and s.winner >= 0 and odds_seen > 10
    rc, text, err = play(monkeypatch, capsys, "hint\nhint now\n")
    assert "hint for Ana (red): 5 on Argentina  -> place 5 argentina" in text
    assert "error: hint takes nothing" in text + err
