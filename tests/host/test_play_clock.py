"""`comando play --option clock=...` (issue 26): the REPL stamps every event from the wall clock,
shows the time left at its prompt and in `status`, rolls the closing roll owed and times out a
turn whose time ran out; a clock of zero or of days is one line, exit 2, no game stored.

The wall clock is the only thing replaced: a clock that moves a fixed step each time it is read
(the REPL reads it once for every stamp and prompt), so a whole evening plays in a second."""

import json

import pytest

from comando import engine
from comando.board import board_path, load_board
from comando_host.commands import play as play_cmd
from play_tools import repl, run_cli


class StepClock:
    def __init__(self, step):
        self.t = 1000.0
        self.step = step

    def monotonic(self):
        self.t += self.step
        return self.t


@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.setenv("COMANDO_DB", str(tmp_path / "games.db"))
    return tmp_path


def test_revancha_30_minutes_ends_by_the_closing_roll(db, monkeypatch, capsys):
    monkeypatch.setattr(play_cmd, "time", StepClock(4.0))
    log = db / "g.jsonl"
    out = repl(monkeypatch, capsys, ["status"] + ["bot 4"] * 60 + ["status"],
               "--ruleset", "revancha", "--seed", "5", "--option", "situations=0",
               "--option", "clock=limit:30m,end:roll", "--log", str(log))
    assert "of the game>" in out, "the prompt shows the game's time left"
    assert "clock: 30 min of the game left" in out or "clock: 29:" in out
    assert "closing roll" in out and "the game ends at time" in out
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert all("ts" in e for e in events[1:] if e["t"] not in ("deal",))
    closes = [e for e in events if e["t"] == "close"]
    assert closes, "the closing roll is an event"
    st = engine.fold(events, load_board(board_path("revancha")))
    assert st.phase == "over" and st.clock["at"] == 1
    assert "clock: the game ended at time by the closing roll" in out
    stamps = [e["ts"] for e in events if "ts" in e]
    assert stamps == sorted(stamps) and stamps[-1] >= 1800


def test_turn_countdown_times_out_and_the_log_records_it(db, monkeypatch, capsys):
    monkeypatch.setattr(play_cmd, "time", StepClock(7.0))
    log = db / "t.jsonl"
    out = repl(monkeypatch, capsys, ["bot 8"] + ["status"] * 12,
               "--ruleset", "teg", "--seed", "2", "--option", "clock=turn:30s", "--log", str(log))
    assert "of the turn>" in out
    assert "ran out of time: the turn ends" in out
    events = [json.loads(line) for line in log.read_text().splitlines()]
    outs = [e for e in events if e["t"] == "timeout"]
    assert outs
    st = engine.fold(events, load_board(board_path("teg")))
    assert [p for p, _ in st.clock["out"]] == [e["p"] for e in outs], "a replay knows who ran out"


@pytest.mark.parametrize("value, line", [
    ("limit:0m", "the game time limit must be from 1 min to 12 h, not 0 s"),
    ("turn:2d", "the turn timer must be from 10 s to 1 h, not 2 d"),
    ("budget:30", "'30' needs a unit"),
    ("limit:30m,budget:10m,turn:1m", "not both"),
])
def test_bad_clock_is_one_line(db, capsys, value, line):
    rc, out, err = run_cli(capsys, ["play", "--ruleset", "revancha", "--option", "clock=" + value],
                           "quit\n")
    assert rc == 2
    assert line in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err
    assert not (db / "games.db").exists() or "recorded" not in out


def test_replay_knows_who_ran_out_and_how_it_ended(db, capsys):
    """`comando replay` of a clocked table session: the end at time and every time-out, from the
    events alone."""
    from test_page_clock import revancha_session
    events = revancha_session()
    path = db / "s.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    rc, out, err = run_cli(capsys, ["replay", str(path)])
    assert rc == 0, err
    assert "the game ended at time by the closing roll 2 + 2 = 4 (5 or less)" in out
    outs = [e for e in events if e["t"] == "timeout"]
    assert out.count("ran out of time in round") == len(outs) > 0


def test_the_clock_in_the_tables_language(db, monkeypatch, capsys):
    # the same evening in La Revancha's own Spanish: the prompt, status, the closing roll, and the
    # page's clock box (its lines without the "reloj: " the terminal opens them with)
    from comando_host.web.pageview import PageGame
    monkeypatch.setenv("COMANDO_LANG", "es")
    monkeypatch.setattr(play_cmd, "time", StepClock(4.0))
    log = db / "g.jsonl"
    out = repl(monkeypatch, capsys, ["status"] + ["bot 4"] * 60 + ["status"],
               "--ruleset", "revancha", "--seed", "5", "--option", "situations=0",
               "--option", "clock=limit:30m,end:roll", "--log", str(log))
    assert "de la partida>" in out
    assert "reloj: quedan 30 min de la partida" in out or "reloj: quedan 29:" in out
    assert "tirada de cierre" in out and "la partida termina por tiempo" in out
    assert "reloj: la partida terminó por tiempo por la tirada de cierre" in out
    assert "of the game" not in out and "clock:" not in out
    events = [json.loads(line) for line in log.read_text().splitlines()]
    v = PageGame([("event", e) for e in events], "g").view()
    assert v["clock"]["lines"][0].startswith("la partida terminó por tiempo")
