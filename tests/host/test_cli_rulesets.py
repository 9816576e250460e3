"""Every "unknown ruleset" message of the CLI names the valid rulesets; ruleset names are accepted
in any case; every ruleset plays in the engine: La Revancha (issue 10) and T.E.G. II (issue 11)
too, so `play --ruleset revancha|teg2` starts a game instead of naming a Python module."""

import json

import pytest

from comando import engine
from comando.errors import RulesError
from play_tools import run_cli as err_of




@pytest.mark.parametrize("rs,title", [("teg2", "T.E.G. II"), ("TEG2", "T.E.G. II")])
def test_play_teg2_is_the_full_engine(capsys, rs, title):
    rc, out, err = err_of(capsys, ["play", "--ruleset", rs, "--seed", "1"], "status\nquit\n")
    assert rc == 0, err
    assert "objectives: placement round 1 of 5" in out and "(USA)" in out, title


@pytest.mark.parametrize("rs", ["revancha", "REVANCHA"])
def test_play_revancha_is_the_full_engine(capsys, rs):
    rc, out, err = err_of(capsys, ["play", "--ruleset", rs, "--seed", "1"], "status\nquit\n")
    assert rc == 0, err
    assert "round" in out or "setup" in out


@pytest.mark.parametrize("argv", [["play", "--ruleset", "chess"],
                                  ["odds", "--rules", "chess", "5", "3"],
                                  ["roll", "--rules", "chess", "5", "3"],
                                  ["boards", "new", "--ruleset", "chess"]])
def test_every_unknown_ruleset_message_lists_the_valid_ones(capsys, argv):
    rc, _, err = err_of(capsys, argv)
    assert rc == 2
    assert len(err.strip().splitlines()) == 1, err
    assert "unknown ruleset 'chess'" in err
    for rid in ("teg", "war", "risk"):
        assert rid in err.split("'chess'", 1)[1]
    if argv[0] != "play":
        assert "revancha" in err


def test_upper_case_ruleset_names(capsys):
    rc, out, _ = err_of(capsys, ["odds", "--rules", "TEG", "--json", "3", "2"])
    assert rc == 0
    rc2, out2, _ = err_of(capsys, ["odds", "--rules", "teg", "--json", "3", "2"])
    assert out == out2
    rc, out, err = err_of(capsys, ["roll", "--rules", "Risk", "3", "2"])
    assert rc == 0 and "Risk" in out, err
    rc, out, err = err_of(capsys, ["boards", "new", "--ruleset", "WAR"])
    assert rc == 0 and json.loads(out)["rulesets"] == ["war"]


def test_play_accepts_an_upper_case_ruleset_and_logs_its_id(capsys, tmp_path):
    log = tmp_path / "g.jsonl"
    rc, out, err = err_of(capsys, ["play", "--ruleset", "WAR", "--seed", "2", "--log", str(log)],
                          "quit\n")
    assert rc == 0, err
    first = json.loads(log.read_text().splitlines()[0])
    assert first["rs"] == "war"


def test_core_messages():
    assert engine.get_rules("revancha").id == "revancha"  # issue 10
    assert engine.get_rules("teg2").id == "teg2"  # the whole T.E.G. II game (issue 11)
    with pytest.raises(RulesError) as e:
        engine.get_rules("bot")
    assert "unknown ruleset 'bot': the full engine plays teg, war, risk, revancha, teg2" in str(e.value)
    assert engine.get_rules("Teg") is engine.get_rules("teg")
