"""Issue 13, "Errors that must be one clear line, with a non-zero exit": each case as a first-time
user hit it."""

import json
import os

import pytest

from comando_host.cli import main
from devicekit import teg_events


def _cli(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as exc:   # argparse's own refusals (one line: cli.Parser.error)
        code = exc.code
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, out.out, out.err


def _one_line(err):
    lines = err.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_deeply_nested_json_is_one_line_for_replay_and_resume(tmp_path, capsys):
    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 100000 + "]" * 100000 + "\n")
    code, _, err = _cli(["replay", str(deep)], capsys)
    assert code == 1 and "nested too deeply" in _one_line(err)
    inner = tmp_path / "inner.jsonl"   # an event whose field nests too deep
    inner.write_text('{"seq":1,"t":"new","x":' + "[" * 100000 + "]" * 100000 + "}\n")
    code, _, err = _cli(["replay", str(inner)], capsys)
    assert code == 1 and "inner.jsonl:1" in _one_line(err)
    code, _, err = _cli(["play", "--resume", str(deep)], capsys)
    assert code == 2 and "nested too deeply" in _one_line(err)
    code, _, err = _cli(["import", str(deep), "--db", str(tmp_path / "g.db")], capsys)
    assert code == 2 and "deep.jsonl:1" in _one_line(err)
    assert not (tmp_path / "g.db").exists()


def test_sim_script_with_an_unknown_line_is_refused_before_the_device_starts(tmp_path, capsys):
    script = tmp_path / "bad.txt"
    script.write_text("ok\nroll x3\nbogus line\n")
    code, _, err = _cli(["sim", "--script", str(script), "--dir", str(tmp_path / "dev")], capsys)
    line = _one_line(err)
    assert code == 2 and "bad.txt:3" in line and "'bogus line'" in line
    assert not (tmp_path / "dev").exists()


def test_the_shipped_scripts_pass_the_script_check():
    from comando_host.commands.run import DEMO
    from comando_host.terminal.mirror_hook import DEMO_SCRIPT
    from comando_host.pico.simulator import script_problem
    assert script_problem(DEMO.splitlines()) is None
    assert script_problem(DEMO_SCRIPT) is None
    here = os.path.join(os.path.dirname(__file__), "..", "device_scripts")
    for name in os.listdir(here):
        with open(os.path.join(here, name)) as f:
            assert script_problem(f.read().splitlines()) is None, name
    for bad in (["roll x"], ["long"], ["hold up+left 9"], ["wait soon"], ["png"], ["quit now"]):
        assert script_problem(bad).startswith("1: not a script line")


def _log(tmp_path, events, name="game.jsonl"):
    path = tmp_path / name
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


def test_import_folds_the_log_and_refuses_an_illegal_one_naming_the_first_bad_event(tmp_path,
                                                                                    capsys):
    events = teg_events()
    bad = [dict(e) for e in events]
    seat = bad[4]["p"]
    bad[4]["p"] = (seat + 1) % 4            # event 5: a placement by the wrong seat
    db = tmp_path / "g.db"
    code, _, err = _cli(["import", str(_log(tmp_path, bad)), "--db", str(db)], capsys)
    line = _one_line(err)
    assert code == 2 and "not imported: event 5 (place)" in line
    assert not db.exists()
    code, out, _ = _cli(["import", str(_log(tmp_path, events, "ok.jsonl")), "--db", str(db)],
                        capsys)
    assert code == 0 and "imported ok: %d events" % len(events) in out


@pytest.mark.parametrize("gid", ["", "../../etc/x", "a b", "-rf", "\x1b[2Jx", "x" * 65])
def test_import_as_refuses_an_empty_or_unsafe_id(tmp_path, capsys, gid):
    path = _log(tmp_path, teg_events())
    code, _, err = _cli(["import", str(path), "--as=" + gid, "--db", str(tmp_path / "g.db")],
                        capsys)
    assert code == 2 and "is not a game id" in _one_line(err)
    assert "\x1b" not in err


def test_import_a_file_name_that_is_not_an_id_stores_a_safe_one(tmp_path, capsys):
    path = _log(tmp_path, teg_events(), "my game (1).jsonl")
    code, out, _ = _cli(["import", str(path), "--db", str(tmp_path / "g.db")], capsys)
    assert code == 0 and "imported my-game-1:" in out


def test_battle_refuses_a_billion_armies(capsys):
    code, _, err = _cli(["battle", "--att", "2/+/1", "--att-armies", "1000000000",
                         "--def", "5/5/0"], capsys)
    assert code == 2 and "more than a region can hold (at most 1000)" in _one_line(err)


def test_names_with_terminal_escape_codes_never_reach_the_terminal(tmp_path, capsys):
    evil = "\x1b[2J\x1b]0;pwned\x07Ana\x9b31m"
    events = teg_events()
    code, _, err = _cli(["play", "--players", evil + ":red,Beto:blue"], capsys)
    assert code == 2 and "control characters" in _one_line(err) and "\x1b" not in err
    # a stored game whose names (or any text) hold escape codes: shown, never obeyed
    from comando_host.store.db import Store
    db = str(tmp_path / "g.db")
    s = Store(db)
    s.ensure_game("g1", board="teg")
    new = dict(events[0], p=[evil, "red", "black", "yellow"])
    s.add_events("g1", [new] + events[1:])
    s.close()
    for argv in (["games"], ["show", "g1"], ["show", "g1", "--raw"], ["export", "g1"]):
        code, out, err = _cli(argv + ["--db", db], capsys)
        assert code == 0, err
        for c in ("\x1b", "\x07", "\x9b"):
            assert c not in out + err, argv
    code, out, _ = _cli(["games", "--db", db], capsys)
    assert "^[[2J^[]0;pwned^GAna" in out


def test_boards_check_reads_an_existing_file_whatever_its_name(tmp_path, capsys, monkeypatch):
    from comando import board
    monkeypatch.chdir(tmp_path)
    with open(board.board_path("teg")) as f:
        data = json.load(f)
    (tmp_path / "myboard.txt").write_text(json.dumps(data))
    code, out, _ = _cli(["boards", "check", "myboard.txt"], capsys)
    assert code == 0 and out.startswith("myboard.txt: ok - teg: 50 countries")
    code, out, _ = _cli(["boards", "show", "myboard.txt"], capsys)
    assert code == 0


def test_boards_check_rejects_a_continent_bonus_of_a_billion(tmp_path, capsys):
    from comando import board
    with open(board.board_path("teg")) as f:
        data = json.load(f)
    data["continents"][0]["bonus"] = 10 ** 9
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data))
    code, out, _ = _cli(["boards", "check", str(path)], capsys)
    assert code == 1 and "bonus must be at most 99, got 1000000000" in out


@pytest.mark.parametrize("tail", ["-5", "0", "x"])
def test_show_tail_must_be_a_positive_count(capsys, tail):
    code, _, err = _cli(["show", "g1", "--tail=" + tail], capsys)
    assert code == 2 and "--tail" in _one_line(err)


def test_roll_all_stop_names_the_only_stop_with_two_armies(capsys):
    code, _, err = _cli(["roll", "2", "1", "--all", "--stop", "5"], capsys)
    line = _one_line(err)
    assert code == 2 and "with 2 armies the only stop is 1 army" in line
    assert "between 1 and 1" not in line
    code, _, err = _cli(["roll", "9", "1", "--all", "--stop", "9"], capsys)
    assert code == 2 and "the stop is between 1 and 8 armies" in err
