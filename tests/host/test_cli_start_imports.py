"""Issue 28: the one-shot commands start with only what they use. Each runs as a user runs it
(the installed `comando` script, and `python -m comando_host`; also the sources without site,
`python -S -c`, where no editable finder imports re before Comando does) under Python's import log
(PYTHONPROFILEIMPORTTIME, the same log as `-X importtime`), and the modules it imported beyond
a bare start of the same interpreter are checked against a list of heavy ones it does not need:
a plain line (comando_host.commands._plain) imports neither argparse nor re, gettext, locale, csv or
collections. Nothing here is timed: the time is bench/bench_cli_start.py's figure; this keeps
the cut imports from creeping back (tests/host/test_install.py checks a wheel's install too)."""

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

# What a plain line of the four commands does without: argparse and what it imports (re, gettext,
# locale), csv (the installed files' check), collections (array and re import it), enum.
NOT_FOR_PLAIN = ("argparse", "re", "gettext", "locale", "csv", "collections", "enum", "array",
                 "importlib.metadata", "comando_host.commands._parser")

COMMANDS = [
    (["odds", "--rules", "teg", "10", "4"], "P(conquest)", NOT_FOR_DICE),
    (["roll", "--seed", "1", "3", "2"], "attacker loses", NOT_FOR_DICE),
    (["battle", "--att", "3/0/5", "--def", "1/2/2"], "war potential:", NOT_FOR_DICE),
]


REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The sources themselves on the path, without site (so without the editable finder's imports).
SOURCES = os.pathsep.join(os.path.join(REPO, d) for d in ("host", os.path.join("firmware", "lib")))


def launchers():
    out = [pytest.param([sys.executable, "-m", "comando_host"], id="python-m"),
           # (-c, not -m: runpy imports collections itself)
           pytest.param([sys.executable, "-S", "-c", "import sys; from comando_host.cli import main; "
                         "sys.exit(main())"], id="python-S")]
    if os.path.exists(COMANDO):
        out.append(pytest.param([COMANDO], id="comando-script"))
    return out


def log_of(argv, env):
    """(the process, the set of modules it imported) under Python's import log."""
    env = dict(env, PYTHONPROFILEIMPORTTIME="1")
    if "-S" in argv[1:2]:
        env["PYTHONPATH"] = SOURCES
    proc = subprocess.run(argv, capture_output=True, text=True, env=env)
    mods = set()
    for line in proc.stderr.splitlines():
        parts = line.split("|")
        if line.startswith("import time:") and len(parts) == 3 and parts[1].strip().isdigit():
            mods.add(parts[2].strip())
    return proc, mods


def imported(launcher, argv, env=None):
    """(exit code, stdout, the set of modules the process imported beyond a bare start of the
    same interpreter, with the same flags) of one command."""
    env = dict(os.environ if env is None else env)
    proc, mods = log_of(launcher + argv, env)
    bare = [sys.executable] + (["-S"] if "-S" in launcher else []) + ["-c", "pass"]
    return proc.returncode, proc.stdout, mods - log_of(bare, env)[1]


def heavy_in(mods, names):
    return sorted(m for m in mods if any(m == n or m.startswith(n + ".") for n in names))


@pytest.mark.parametrize("launcher", launchers())
@pytest.mark.parametrize("argv,says,heavy", COMMANDS, ids=[c[0][0] for c in COMMANDS])
def test_a_dice_command_imports_none_of_the_heavy_modules(launcher, argv, says, heavy):
    rc, out, mods = imported(launcher, argv)
    assert rc == 0 and says in out
    assert "comando_host.cli" in mods     # (the log was read: the CLI itself is in it)
    assert heavy_in(mods, heavy + NOT_FOR_PLAIN) == []


# (not the -S one: a checkout compiles its catalogue with Babel and platformdirs, site's packages)
@pytest.mark.parametrize("launcher", [p for p in launchers() if p.id != "python-S"])
def test_spanish_reads_its_catalogue_with_gettext_and_still_no_argparse(launcher):
    env = dict(os.environ, LANG="es_AR.UTF-8")
    env.pop("COMANDO_LANG", None)
    rc, out, mods = imported(launcher, ["odds", "--rules", "teg", "10", "4"], env)
    assert rc == 0 and "P(conquista)" in out
    assert "gettext" in mods and heavy_in(mods, ("argparse", "csv", "comando_host.commands._parser")) == []


@pytest.mark.parametrize("launcher", launchers())
def test_a_line_that_is_not_plain_is_argparses(launcher):
    rc, out, mods = imported(launcher, ["odds", "--chain", "15", "4", "3"])
    assert rc == 0 and "argparse" in mods and "comando_host.commands._parser" in mods


@pytest.mark.parametrize("launcher", launchers())
def test_json_is_still_there_when_asked(launcher):
    rc, out, mods = imported(launcher, ["odds", "--json", "10", "4"])
    assert rc == 0 and out.startswith("{") and "json" in mods


def test_games_without_a_store_opens_no_database(tmp_path):
    env = dict(os.environ, COMANDO_DB=str(tmp_path / "none.db"))
    for launcher in launchers():
        rc, out, mods = imported(launcher.values[0], ["games"], env)
        assert rc == 0 and out.startswith("no games stored yet")
        assert heavy_in(mods, NOT_FOR_GAMES + NOT_FOR_PLAIN + ("sqlite3", "comando_host.store.db")) == []


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
