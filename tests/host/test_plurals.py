"""A count of one reads in the singular wherever the laptop words a count (issue 23, "Small
ones": "1 armies", "1 points"): the play transcript and `show` of each ruleset's bot game, the
T.E.G. II final count, `roll`, `show --replay`, `import` (comando.wording.count)."""

import json
import os
import re
import subprocess
import sys

import pytest

# "1 <plural noun>": the wording this issue is about (the dice's "1 vs 3" is no noun)
ONE_PLURAL = re.compile(r"(?<![\d.#-])1 (armies|points|units|events|rolls|countries|cards|"
                        r"borders|missiles|players|rounds|tokens)\b")


def _cli(args, stdin="", db=None):
    env = dict(os.environ)
    if db:
        env["COMANDO_DB"] = db
    proc = subprocess.run([sys.executable, "-m", "comando_host.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=240, env=env)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


@pytest.mark.parametrize("ruleset, seed, singular", [
    ("teg2", 3, ["1 point", "adds 1 unit in"]),     # the final count; a round's additions
    ("revancha", 2, ["1 army in", "1 army destroyed"]),   # a conquest's move; a missile
    ("teg", 2, ["1 army in"]),
])
def test_bot_games_word_a_count_of_one_in_the_singular(tmp_path, ruleset, seed, singular):
    db = str(tmp_path / "g.db")
    proc = _cli(["play", "--ruleset", ruleset, "--seed", str(seed)], "bot 600\nstatus\nquit\n", db)
    assert proc.returncode == 0, proc.stderr
    gid = re.search(r"game (\S+): \d+ events recorded", proc.stdout)[1]
    shown = _cli(["show", gid], db=db)
    for text in (proc.stdout, shown.stdout):
        assert not ONE_PLURAL.search(text), ONE_PLURAL.search(text)[0]
    for words in singular:
        assert words in proc.stdout + shown.stdout, words


def test_roll_show_replay_and_import_of_one(tmp_path):
    rolled = _cli(["roll", "10", "1", "--all", "--seed", "1"]).stdout
    assert "Conquered after 1 roll with 10 armies left" in rolled
    log = tmp_path / "one.jsonl"
    log.write_text(json.dumps({"seq": 1, "t": "new", "rs": "teg", "p": ["blue", "red"]}) + "\n")
    db = str(tmp_path / "i.db")
    imported = _cli(["import", str(log), "--as", "one"], db=db)
    assert imported.returncode == 0, imported.stderr
    assert "imported one: 1 event" in imported.stdout and "1 events" not in imported.stdout
    again = _cli(["import", str(log), "--as", "one"], db=db).stdout
    assert "one is already stored (1 event)" in again
    replayed = _cli(["show", "one", "--replay"], db=db).stdout
    assert "replay: 1 event follows the rules" in replayed
