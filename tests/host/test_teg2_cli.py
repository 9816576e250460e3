"""`comando battle` (T.E.G. II battle commands, rules/teg-ii.txt "How Combat Works", "Special Unit",
"How Aircraft Fight"): the table, --json, and one-line errors with exit status 2."""

import json
import subprocess
import sys

import pytest

from comando_host.cli import main


def run(capsys, *argv):
    code = main(["battle", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_american_v_chinese_table(capsys):
    code, out, err = run(capsys, "--att", "3/0/5", "--def", "1/2/2", "--att-wp", "7", "--def-wp", "7",
                         "--att-name", "American", "--def-name", "Chinese")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "American 3/0/5  v  Chinese 1/2/2"
    assert lines[2].split() == ["battle", "American", "Chinese", "winner", "American", "loses",
                                "Chinese", "loses"]
    assert lines[3].split() == ["1", "3", "1", "American", "1", "army", "1", "army"]
    assert lines[4].split() == ["2", "0", "2", "Chinese", "-", "-"]
    assert lines[5].split() == ["3", "5", "2", "American", "2", "armies", "2", "armies"]
    # Columns line up: every row puts the winner column at the same offset.
    col = lines[2].index("winner")
    assert all(row[col:].split()[0] in ("American", "Chinese") for row in lines[3:6])
    assert "combat:        American wins, 2 battles to 1" in out
    assert "war potential: American +1 (7 -> 8); Chinese -1 (7 -> 6)" in out
    assert "losses:        American 3 armies; Chinese 3 armies" in out


def test_tie_combat(capsys):
    code, out, _ = run(capsys, "--att", "1/4/3", "--def", "4/4/2")
    assert code == 0
    assert "nobody (tie)" in out
    assert "combat:        nobody wins (1 battle each)" in out
    assert "war potential: attacker no change; defender no change" in out


def test_plus_su_and_aircraft(capsys):
    code, out, _ = run(capsys, "--att", "2/+/1", "--att-armies", "16", "--def", "5/5/0")
    assert code == 0 and "13 (+)" in out
    code, out, _ = run(capsys, "--att", "1/SU/5", "--att-su", "--def", "4/3/3")
    assert code == 0 and "the SU" in out and "attacker 4 armies, the SU" in out
    code, out, _ = run(capsys, "--att", "3/A2/5", "--def", "8/4/A", "--def-aircraft", "4")
    assert code == 0
    assert "defender 7 armies, 3 aircraft" in out and "attacker 8 armies, 2 aircraft" in out
    assert "left:          attacker 0 armies; defender 5 armies, 1 aircraft" in out


def test_track_end_is_shown(capsys):
    code, out, _ = run(capsys, "--att", "5/5/0", "--def", "0/1/1", "--att-wp", "11", "--def-wp", "3")
    assert "attacker +1 (stays at 11, the end of the track)" in out
    assert "defender -1 (stays at 3, the end of the track)" in out


def test_json_record(capsys):
    code, out, _ = run(capsys, "--att", "3/A(2)/5", "--def", "8/4/A(4)", "--json")
    assert code == 0
    rec = json.loads(out)
    assert rec["winner"] == "def"
    assert rec["att"] == "3/A2/5"
    assert [b["win"] for b in rec["battles"]] == ["def", "", "def"]
    assert rec["def_lost"] == {"armies": 7, "aircraft": 3, "su": 0, "excess": 0}


@pytest.mark.parametrize("argv, message", [
    (["--att", "-1/2/3", "--def", "1/1/1"], "attacker: clock 1: negative value -1"),
    (["--att", "1/2/3", "--def", "1/1/1", "--def-armies", "5"],
     "defender: armies not all committed: the clocks hold 3 of the 5 armies"),
    (["--att", "SU/SU/3", "--def", "1/1/1"], "attacker: two SUs"),
    (["--att", "0/A2/0", "--def", "1/1/1"], "attacker: aircraft without armies"),
    (["--att", "3/A3/5", "--att-aircraft", "2", "--def", "1/1/1"],
     "attacker: more aircraft than the side has: A3 on the clock, 2 in the region"),
    (["--att", "12/0/0", "--def", "1/1/1"], "attacker: clock 1: 12 is over 11"),
    (["--att", "2/+/1", "--def", "1/1/1"], "give the number of armies in the region"),
    (["--att", "1/2/3", "--att-su", "--def", "1/1/1"], "attacker: the SU in the region must be played"),
    (["--att", "1/2/3", "--def", "1/1/1", "--def-wp", "12"], "defender war potential level 12"),
    (["--att", "1/2", "--def", "1/1/1"], "a battle command has 3 clocks"),
    (["--att", "1/1/1", "--def", "1/1/1", "--att-armies", "-3"], "negative armies in the region: -3"),
])
def test_bad_commands_one_line_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("comando battle: error: ")
    assert message in err
    assert "Traceback" not in err


def test_missing_argument_is_a_usage_error():
    proc = subprocess.run([sys.executable, "-m", "comando_host", "battle", "--att", "1/2/3"],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "required: --def" in proc.stderr and "Traceback" not in proc.stderr
