"""`comando odds` and `comando roll`: output, --json, exit codes and readable errors."""

import json
import subprocess
import sys

import pytest

from comando import dice_mods
from comando import combat, odds
from comando.dice import SeededDice
from comando_host.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_odds_text_output(capsys):
    code, out, err = run(capsys, "odds", "--rules", "teg", "10", "4")
    assert code == 0 and err == ""
    assert "T.E.G. classic: 10 armies attack 4" in out
    assert "P(conquest)" in out and "74.85%" in out
    assert "expected losses  attacker" in out
    assert "0 (conquered)" in out
    assert "First roll: 3 dice against 3" in out


def test_odds_json_matches_the_core(capsys):
    code, out, _ = run(capsys, "odds", "--rules", "revancha", "12", "5", "--tailwind", "--json")
    assert code == 0
    data = json.loads(out)
    ref = odds.conquest("revancha", 12, 5, dice_mods.TAILWIND)
    assert data["p_conquer"] == pytest.approx(ref["p_conquer"])
    assert data["att_left"] == pytest.approx(ref["att_left"])
    assert data["def_left"] == pytest.approx(ref["def_left"])
    assert data["tw"] == 1 and data["rules"] == "revancha"
    assert data["first_roll"]["att_dice"] == 4
    assert sum(o["p"] for o in data["first_roll"]["outcomes"]) == pytest.approx(1)
    assert abs(sum(data["att_left"]) - 1) < 1e-9


def test_odds_stop_option(capsys):
    code, out, _ = run(capsys, "odds", "--rules", "risk", "20", "10", "--stop", "6", "--json")
    data = json.loads(out)
    assert code == 0 and data["stop"] == 6
    assert sum(data["fail_att"][7:]) == 0


def test_odds_big_battle_stays_short(capsys):
    code, out, _ = run(capsys, "odds", "--rules", "teg", "200", "200")
    assert code == 0
    assert "more rows under" in out
    assert len(out.splitlines()) < 120


def test_roll_seeded_is_reproducible_and_matches_the_core(capsys):
    code, out, _ = run(capsys, "roll", "--rules", "teg", "4", "3", "--seed", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["roll"] == combat.roll("teg", 4, 3, SeededDice(3))
    assert data["seed"] == 3
    code, out2, _ = run(capsys, "roll", "--rules", "teg", "4", "3", "--seed", "3", "--json")
    assert out2 == out
    combat.check_record(data["roll"])


def test_roll_text_output(capsys):
    code, out, _ = run(capsys, "roll", "--rules", "teg", "4", "3", "--seed", "3")
    rec = combat.roll("teg", 4, 3, SeededDice(3))
    assert code == 0
    assert "attacker  " + "  ".join(map(str, rec["ad"])) in out
    assert f"attacker loses {rec['al']}, defender loses {rec['dl']}" in out


def test_roll_conquest_shows_move_in(capsys):
    # find a seed that conquers a 1-army country, then check the move-in limits are printed
    for seed in range(50):
        rec = combat.roll("risk", 9, 1, SeededDice(seed))
        if combat.conquered(rec):
            break
    code, out, _ = run(capsys, "roll", "--rules", "risk", "9", "1", "--seed", str(seed))
    assert "Conquered! Move in 3 to 8 armies." in out
    code, out, _ = run(capsys, "roll", "--rules", "risk", "9", "1", "--seed", str(seed), "--json")
    assert json.loads(out)["move_in"] == [3, 8]


def test_roll_war_attacker_commits_fewer(capsys):
    code, out, _ = run(capsys, "roll", "--rules", "war", "10", "3", "--att-dice", "1", "--json")
    assert code == 0 and len(json.loads(out)["roll"]["ad"]) == 1


@pytest.mark.parametrize("argv,message", [
    (["odds", "--rules", "chess", "5", "3"], "unknown ruleset 'chess'"),
    (["roll", "--rules", "monopoly", "5", "3"], "unknown ruleset 'monopoly'"),
    (["odds", "--rules", "teg", "1", "3"], "at least 2 armies"),
    (["roll", "--rules", "risk", "0", "3"], "at least 2 armies"),
    (["odds", "--rules", "teg", "5", "-2"], "cannot be negative"),
    (["odds", "--rules", "teg", "-5", "2"], "cannot be negative"),
    (["roll", "--rules", "teg", "five", "2"], "whole number of armies, not 'five'"),
    (["odds", "--rules", "teg", "5", "0"], "at least 1 army"),
    (["odds", "--rules", "teg", "5", "3", "--snow"], "La Revancha situation cards"),
    (["odds", "--rules", "revancha", "5", "3", "--snow", "--tailwind"], "one situation card"),
    (["odds", "--rules", "teg2", "5", "3"], "battle commands"),
    (["odds", "--rules", "teg", "5", "3", "--stop", "5"], "only has 5"),
    (["odds", "--rules", "teg", "200000", "3"], "up to 1000 armies a side"),
    (["roll", "--rules", "teg", "5", "3", "--seed", "x"], "--seed must be a whole number"),
    (["roll", "--rules", "teg", "5", "3", "--att-dice", "2"], "attacker rolls 3 dice"),
    (["roll", "--rules", "risk", "5", "3", "--def-dice", "3"], "1 to 2"),
])
def test_bad_input_is_one_line_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert err.startswith(f"comando {argv[0]}: error: ")


def test_console_script_exit_code():
    proc = subprocess.run([sys.executable, "-m", "comando_host", "odds", "--rules", "teg", "1", "3"],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "at least 2 armies" in proc.stderr


def test_roll_all_until_the_end(capsys):
    code, out, _ = run(capsys, "roll", "--rules", "teg", "12", "6", "--all", "--seed", "4",
                       "--json")
    assert code == 0
    data = json.loads(out)
    assert data["rolls"] == combat.attack("teg", 12, 6, SeededDice(4))
    last = data["rolls"][-1]
    assert (data["att_after"], data["def_after"]) == combat.after(last)
    assert data["conquered"] == (data["def_after"] == 0)
    code, out, _ = run(capsys, "roll", "--rules", "teg", "12", "6", "--all", "--seed", "4")
    assert code == 0 and f"after {len(data['rolls'])} rolls" in out


def test_roll_all_bad_stop(capsys):
    code, _, err = run(capsys, "roll", "--rules", "teg", "9", "9", "--all", "--stop", "9")
    assert code == 2 and "between 1 and 8" in err
    code, _, err = run(capsys, "roll", "--rules", "war", "9", "9", "--all", "--att-dice", "1")
    assert code == 2 and "--all rolls every die" in err
