"""`comando play --strict`: the first bad command ends the script with its error on stderr, in
one line naming the line and the command, exit 2 (issue 23, "Small ones": it was on stdout)."""

import os
import subprocess
import sys

import pytest


def _play(tmp_path, script):
    env = dict(os.environ, COMANDO_DB=str(tmp_path / "s.db"))
    return subprocess.run([sys.executable, "-m", "comando_host.cli", "play", "--strict",
                           "--seed", "3", "--players", "Ana:red,Beto:blue,Caro:black,Dani:yellow"],
                          input=script, capture_output=True, text=True, timeout=60, env=env)


@pytest.mark.parametrize("script, line, says", [
    ("place 2 atlantis\n", 1, "no country called 'atlantis'"),
    ("# Ana first\n\nfly\nstatus\n", 3, "unknown command 'fly'"),
    ("place 2 chile\n", 1, "illegal: Chile is not yours"),
])
def test_strict_error_goes_to_stderr_in_one_line(tmp_path, script, line, says):
    proc = _play(tmp_path, script)
    assert proc.returncode == 2
    err = proc.stderr.splitlines()
    assert len(err) == 1, proc.stderr
    assert err[0].startswith("comando play: error: line %d (" % line) and says in err[0]
    assert says not in proc.stdout and "error:" not in proc.stdout
    assert "illegal:" not in proc.stdout and "Traceback" not in proc.stderr
    # the script stopped there: the command after it did not run
    assert proc.stdout.count("deck ") == 1


def test_without_strict_the_error_stays_in_the_transcript(tmp_path):
    env = dict(os.environ, COMANDO_DB=str(tmp_path / "s.db"))
    proc = subprocess.run([sys.executable, "-m", "comando_host.cli", "play", "--seed", "3"],
                          input="fly\n", capture_output=True, text=True, timeout=60, env=env)
    assert proc.returncode == 0 and proc.stderr == ""
    assert "error: unknown command 'fly' (type help)" in proc.stdout
