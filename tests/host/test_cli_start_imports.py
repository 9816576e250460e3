"""Issue 28: the one-shot commands start with only what they use. Each runs as a user runs it
(the installed console script, and `python -m comando_host`) under Python's import log
(PYTHONPROFILEIMPORTTIME, the same log as `-X importtime`), and the modules it imported are
checked against a list of heavy ones it does not need. Nothing here is timed: the time is
bench/bench_cli_start.py's figure; this keeps the cut imports from creeping back."""

import os
import subprocess
import sys

import pytest

COMANDO = os.path.join(os.path.dirname(sys.executable), "comando")

# What none of odds, roll and battle uses: the store, the page's and the link's stacks, the
# map engine and the boards, argparse's shutil (cli.HelpFormatter), exact fractions (odds'
# exact=True only), json (--json only).
NOT_FOR_DICE = ("sqlite3", "json", "fractions", "decimal", "shutil", "asyncio", "threading",
                "datetime", "email", "http", "urllib.request", "socket", "ssl", "inspect",
                "platformdirs", "serial", "comando_host.store.db", "comando_host.web.app",
                "comando.engine", "comando.board", "comando.link")
# `comando games` needs the store (sqlite3) once there is one; never the page, the link,
# the engine or a serial port.
NOT_FOR_GAMES = ("asyncio", "email", "http", "urllib.request", "socket", "ssl", "serial",
                 "comando_host.web.app", "comando.engine", "comando.link", "shutil")

COMMANDS = [
    (["odds", "--rules", "teg", "10", "4"], "P(conquest)", NOT_FOR_DICE),
    (["roll", "--seed", "1", "3", "2"], "attacker loses", NOT_FOR_DICE),
    (["battle", "--att", "3/0/5", "--def", "1/2/2"], "war potential:", NOT_FOR_DICE),
]


def launchers():
    out = [pytest.param([sys.executable, "-m", "comando_host"], id="python-m")]
    if os.path.exists(COMANDO):
        out.append(pytest.param([COMANDO], id="console-script"))
    return out


def imported(launcher, argv, env=None):
    """(exit code, stdout, the set of modules the process imported) of one command."""
    env = dict(os.environ if env is None else env, PYTHONPROFILEIMPORTTIME="1")
    proc = subprocess.run(launcher + argv, capture_output=True, text=True, env=env)
    mods = set()
    for line in proc.stderr.splitlines():
        parts = line.split("|")
        if line.startswith("import time:") and len(parts) == 3 and parts[1].strip().isdigit():
            mods.add(parts[2].strip())
    return proc.returncode, proc.stdout, mods


def heavy_in(mods, names):
    return sorted(m for m in mods if any(m == n or m.startswith(n + ".") for n in names))


@pytest.mark.parametrize("launcher", launchers())
@pytest.mark.parametrize("argv,says,heavy", COMMANDS, ids=[c[0][0] for c in COMMANDS])
def test_a_dice_command_imports_none_of_the_heavy_modules(launcher, argv, says, heavy):
    rc, out, mods = imported(launcher, argv)
    assert rc == 0 and says in out
    assert "comando_host.cli" in mods     # (the log was read: the CLI itself is in it)
    assert heavy_in(mods, heavy) == []


@pytest.mark.parametrize("launcher", launchers())
def test_json_is_still_there_when_asked(launcher):
    rc, out, mods = imported(launcher, ["odds", "--json", "10", "4"])
    assert rc == 0 and out.startswith("{") and "json" in mods


def test_games_without_a_store_opens_no_database(tmp_path):
    env = dict(os.environ, COMANDO_DB=str(tmp_path / "none.db"))
    rc, out, mods = imported([sys.executable, "-m", "comando_host"], ["games"], env)
    assert rc == 0 and out.startswith("no games stored yet")
    assert heavy_in(mods, NOT_FOR_GAMES + ("sqlite3", "comando_host.store.db")) == []


@pytest.mark.parametrize("launcher", launchers())
def test_games_with_a_store_needs_sqlite3_and_nothing_heavier(launcher, tmp_path):
    path = tmp_path / "games.db"
    from comando_host.store.db import Store
    Store(str(path), create=True).close()
    env = dict(os.environ, COMANDO_DB=str(path))
    rc, out, mods = imported(launcher, ["games"], env)
    assert rc == 0 and out.startswith("no games stored yet")
    assert "sqlite3" in mods
    assert heavy_in(mods, NOT_FOR_GAMES) == []
