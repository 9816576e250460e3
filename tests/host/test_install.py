"""Issue 29: Comando as a player installs it. The sdist and the wheel are built from the
checkout's files (a copy: nothing is written into the checkout), the wheel is installed into a
fresh virtual environment outside the checkout, and the installed `comando` runs from another
folder: --version, boards list, odds, a bot game, sim --script, web serving its page,
deploy --help; a damaged install says so in one line, exit 2.

The environment gets the wheel's own dependencies from the package index pip is set up with
(the base install and the sim and web extras); no test-only package goes in."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import time
import urllib.error
import urllib.request
import zipfile

import pytest

pytestmark = pytest.mark.slow   # ~30 s: builds three times and installs once (still in make test)

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _tracked_files() -> list[str]:
    """The checkout's files as a fresh clone has them (tracked, plus new ones not ignored)."""
    out = subprocess.run(["git", "-C", REPO, "ls-files", "-z", "--cached", "--others",
                          "--exclude-standard"], capture_output=True, check=True).stdout
    return sorted({p for p in out.decode().split("\0")
                   if p and os.path.isfile(os.path.join(REPO, p))})


def _build(what: str, src: str, outdir: str) -> str:
    """python -m build (no isolation: setuptools and wheel are the test extra's) -> the file."""
    proc = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--" + what,
                           "--outdir", outdir, src], capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    (name,) = [n for n in os.listdir(outdir) if n.endswith(".whl" if what == "wheel" else ".tar.gz")]
    return os.path.join(outdir, name)


def _record(wheel: str) -> dict[str, str]:
    """path -> hash of every file in the wheel (its RECORD; the RECORD itself left out)."""
    with zipfile.ZipFile(wheel) as z:
        (rec,) = [n for n in z.namelist() if n.endswith(".dist-info/RECORD")]
        rows = list(csv.reader(io.TextIOWrapper(z.open(rec), encoding="utf-8")))
        names = set(z.namelist())
    files = {row[0]: row[1] for row in rows if row and row[0] != rec}
    assert set(files) | {rec} == names
    return files


class Installed:
    """The built artefacts and the fresh environment the wheel went into."""

    def __init__(self, base):
        self.base = base
        os.makedirs(base, exist_ok=True)
        self.venv = os.path.join(base, "venv")
        self.comando = os.path.join(self.venv, "bin", "comando")
        self.python = os.path.join(self.venv, "bin", "python")
        self.elsewhere = os.path.join(base, "elsewhere")      # a folder that is not the checkout
        self.home = os.path.join(base, "home")
        os.makedirs(self.elsewhere)
        os.makedirs(self.home)
        # nothing that would point the installed package back at the checkout
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("COMANDO_", "PYTHON", "XDG_", "VIRTUAL_ENV"))}
        self.env.update(HOME=self.home, PATH=os.path.join(self.venv, "bin") + os.pathsep
                        + os.environ.get("PATH", ""))

    def run(self, *args, input=None, timeout=60) -> subprocess.CompletedProcess:
        return subprocess.run([self.comando, *args], input=input, capture_output=True, text=True,
                              cwd=self.elsewhere, env=self.env, timeout=timeout)

    def site(self) -> str:
        return subprocess.run([self.python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                              capture_output=True, text=True, check=True, env=self.env).stdout.strip()


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    base = str(tmp_path_factory.mktemp("install"))
    tree = os.path.join(base, "tree")
    for rel in _tracked_files():
        os.makedirs(os.path.dirname(os.path.join(tree, rel)), exist_ok=True)
        shutil.copy2(os.path.join(REPO, rel), os.path.join(tree, rel))
    inst = Installed(base)
    inst.sdist = _build("sdist", tree, os.path.join(base, "sdist"))
    inst.wheel_from_tree = _build("wheel", tree, os.path.join(base, "wheel-tree"))
    unpacked = os.path.join(base, "unpacked")
    with tarfile.open(inst.sdist) as t:
        t.extractall(unpacked, filter="data")
    (top,) = os.listdir(unpacked)
    inst.wheel = _build("wheel", os.path.join(unpacked, top), os.path.join(base, "wheel-sdist"))
    _install(inst, inst.wheel + "[sim,web]")
    return inst


def _install(inst: "Installed", spec: str) -> None:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", inst.venv], check=True)
    # this venv's pip installs into the new one (a pip of its own would cost seconds to lay)
    proc = subprocess.run([sys.executable, "-m", "pip", "--python", inst.python, "install", "-q",
                           "--disable-pip-version-check", spec],
                          capture_output=True, text=True, timeout=300, cwd=inst.elsewhere)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]


def test_the_base_install_names_the_extra_a_command_needs(installed):
    """No extra: sim, run, web and club serve each say in one line which extra to add, exit 2."""
    bare = Installed(os.path.join(installed.base, "bare"))
    _install(bare, installed.wheel)
    for args, extra in ((["sim", "--seconds", "1"], "sim"), (["run"], "sim"),
                        (["web", "--port", "0"], "web"),
                        (["club", "serve", "--db-url", "postgresql://c@127.0.0.1:1/c"], "club")):
        proc = bare.run(*args, input="")
        assert proc.returncode == 2, (args, proc.stdout, proc.stderr)
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert "%s extra" % extra in proc.stderr and "whl[%s]" % extra in proc.stderr
        assert "Traceback" not in proc.stderr and "pip install -e" not in proc.stderr


def test_the_sdist_holds_every_file_the_wheel_is_built_from(installed):
    from_tree, from_sdist = _record(installed.wheel_from_tree), _record(installed.wheel)
    assert sorted(set(from_tree) ^ set(from_sdist)) == []
    assert {p for p in from_tree if from_tree[p] != from_sdist[p]} == set()


def test_the_wheel_carries_the_boards_the_device_code_and_the_page(installed):
    files = set(_record(installed.wheel))
    share = "comando_host/share/"
    boards = [f for f in os.listdir(os.path.join(REPO, "boards")) if f.endswith(".json")]
    assert boards and {share + "boards/" + b for b in boards} <= files
    for rel in ("firmware/main.py", "firmware/manifest.py", "firmware/lib/comando/__init__.py",
                "firmware/lib/device/__init__.py"):
        assert share + rel in files, rel
    for rel in os.listdir(os.path.join(REPO, "host", "comando_host", "web", "static")):
        assert "comando_host/web/static/" + rel in files, rel
    assert "comando/texts.txt" in files and "comando/refusals.txt" in files   # (the engine's refusals)
    stl = os.path.join(REPO, "hardware", "stl")
    assert {share + "hardware/stl/" + f for f in os.listdir(stl) if f.endswith(".stl")} <= files
    assert not [f for f in files if f.startswith(("tests/", "bench/")) or f.endswith(".mpy")]


def test_the_wheel_speaks_its_languages_from_the_mo_it_carries(installed):
    """setup.py compiled each catalogue into the wheel (decisions/laptop-languages.md): the
    installed laptop speaks Spanish and Portuguese with the standard library's gettext alone
    (Babel, a build requirement, is not in its environment)."""
    files = set(_record(installed.wheel))
    for code in ("es", "pt_BR"):
        assert "comando_host/locale/%s/LC_MESSAGES/comando.mo" % code in files
        assert "comando/texts_%s.txt" % code in files   # the core's refusals, said by the laptop too
    proc = subprocess.run([installed.python, "-c", "import babel"], capture_output=True,
                          cwd=installed.elsewhere, env=installed.env)
    assert proc.returncode != 0
    proc = installed.run("--lang", "es", "odds", "5", "3")
    assert proc.returncode == 0 and "5 ejércitos atacan a 3" in proc.stdout and "43,74%" in proc.stdout, proc.stderr
    proc = installed.run("--lang", "pt_BR", "roll", "--rules", "war", "4", "3", "--seed", "2")
    assert proc.returncode == 0 and "WAR: 4 exércitos atacam 3" in proc.stdout, proc.stderr
    cache = os.path.join(installed.home, ".cache", "comando")
    assert not os.path.exists(cache)   # an install compiles nothing on first use


def test_the_installed_package_runs_outside_the_checkout(installed):
    where = subprocess.run([installed.python, "-c", "import comando, comando_host; "
                            "print(comando.__file__); print(comando_host.__file__)"],
                           capture_output=True, text=True, cwd=installed.elsewhere,
                           env=installed.env, check=True).stdout.split()
    assert all(p.startswith(installed.venv) for p in where), where

    from comando import __version__
    proc = installed.run("--version")
    assert (proc.returncode, proc.stdout) == (0, "comando %s\n" % __version__), proc.stderr

    proc = installed.run("boards", "list")
    assert proc.returncode == 0, proc.stderr
    for board in ("teg", "revancha", "risk", "war"):
        assert any(line.split()[:1] == [board] for line in proc.stdout.splitlines()), board

    proc = installed.run("odds", "5", "3")
    assert proc.returncode == 0 and "P(conquest)" in proc.stdout, proc.stderr

    db = os.path.join(installed.base, "games.db")
    proc = installed.run("play", "--seed", "1", "--players", "Ana:red,Beto:blue", "--db", db,
                         input="bot 400\nquit\n")
    assert proc.returncode == 0, proc.stderr
    # a T.E.G. table speaks its home language (Spanish: no $COMANDO_LANG here), from the wheel's
    # own .mo (docs/decisions/laptop-languages.md), the winner's words and colour too
    # (outcome.result_said, text/colour_words)
    assert re.search(r"Fin de la partida: ganó Beto \(azul\)\.", proc.stdout), proc.stdout[-400:]
    proc = installed.run("games", "--db", db)
    assert proc.returncode == 0 and "play-" in proc.stdout, proc.stderr

    proc = installed.run("deploy", "--help")
    assert proc.returncode == 0 and "mpremote" in proc.stdout, proc.stderr
    assert "Makefile" not in proc.stdout and "make " not in proc.stdout
    proc = installed.run("deploy")          # the device extra is not installed here
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "device extra" in proc.stderr and "whl[device]" in proc.stderr
    assert "make " not in proc.stderr and "pip install -e" not in proc.stderr

    proc = installed.run("doctor")          # no Pico on this machine: the advice is a command it has
    assert proc.returncode == 1 and "No Comando device found" in proc.stdout, proc.stderr
    assert "'comando run'" in proc.stdout and "make " not in proc.stdout


def _imported(inst: "Installed", argv: list) -> set:
    """The modules a process of the installed environment imports (Python's import log); the
    game database named ($COMANDO_DB, as bench_cli_start does: the default path is
    platformdirs', whose own imports re and tempfile are not the command's)."""
    env = dict(inst.env, PYTHONPROFILEIMPORTTIME="1",
               COMANDO_DB=os.path.join(inst.base, "no-games-here.db"))
    proc = subprocess.run(argv, capture_output=True, text=True, cwd=inst.elsewhere, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return {line.split("|")[2].strip() for line in proc.stderr.splitlines()
            if line.startswith("import time:") and line.count("|") == 2
            and line.split("|")[1].strip().isdigit()}


def test_the_installed_command_is_a_plain_script_starting_without_re_or_argparse(installed):
    """Issue 28: `comando` is the package's own launcher (setup.py scripts=), not pip's
    console-script wrapper, which imports re; a plain `odds`, `roll`, `battle` or `games`
    imports nothing heavy beyond a bare start (docs/decisions/cli-start-imports.md)."""
    with open(installed.comando, encoding="utf-8") as f:
        script = f.read()
    assert script.startswith("#!" + installed.python) and "import re" not in script
    bare = _imported(installed, [installed.python, "-c", "pass"])
    heavy = ("re", "argparse", "gettext", "locale", "csv", "collections", "enum", "array",
             "json", "sqlite3", "importlib.metadata", "comando_host.commands._parser")
    for argv in (["odds", "--rules", "teg", "10", "4"], ["roll", "--seed", "1", "3", "2"],
                 ["battle", "--att", "3/0/5", "--def", "1/2/2"], ["games"]):
        mods = _imported(installed, [installed.comando] + argv) - bare
        assert "comando_host.cli" in mods
        assert sorted(m for m in mods if m.split(".")[0] in heavy or m in heavy) == [], argv


def test_the_installed_simulator_runs_a_button_script(installed):
    script = os.path.join(installed.elsewhere, "start.txt")
    with open(script, "w") as f:
        f.write("roll\nok\nok x4\nok x4\nok\n")      # a new game: who starts, the placing, a round
    dev = os.path.join(installed.elsewhere, "dev")
    journal = os.path.join(dev, "journal.log")
    proc = subprocess.Popen([installed.comando, "sim", "--script", script, "--dir", dev,
                             "--seed", "1", "--seconds", "90"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=installed.elsewhere,
                            env=installed.env)
    try:
        assert proc.stdout.readline().startswith("/dev/pts/")
        kinds = []
        end = time.monotonic() + 60
        while "round" not in kinds and time.monotonic() < end and proc.poll() is None:
            time.sleep(0.2)
            if os.path.exists(journal):
                with open(journal, encoding="utf-8") as f:
                    kinds = [json.loads(line.split(" ", 1)[1])["t"] for line in f if " " in line]
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert kinds[:2] == ["new", "first"] and kinds.count("place") == 8 and "round" in kinds, err
    assert proc.returncode == 0, err


def test_the_installed_web_command_serves_its_page(installed):
    db = os.path.join(installed.base, "web.db")
    proc = subprocess.Popen([installed.comando, "web", "--port", "0", "--db", db],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=installed.elsewhere, env=installed.env)
    try:
        line = proc.stdout.readline()
        assert "http://127.0.0.1:" in line, proc.stderr.read() if proc.poll() is not None else line
        url = line.split("http://", 1)[1].split("/", 1)[0]
        page = _get_when_up("http://%s/" % url)
        assert "<title>Comando" in page
        with urllib.request.urlopen("http://%s/static/page.js" % url, timeout=10) as r:
            assert r.status == 200 and r.read()
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)


def _get_when_up(url: str) -> str:
    """GET url, once the server accepts (it prints its address just before it listens)."""
    end = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url, timeout=10) as r:
                assert r.status == 200
                return r.read().decode()
        except urllib.error.URLError as exc:
            if not isinstance(exc.reason, ConnectionRefusedError) or time.monotonic() > end:
                raise
            time.sleep(0.1)


def test_a_damaged_install_says_what_is_missing_in_one_line(installed):
    board = os.path.join(installed.site(), "comando_host", "share", "boards", "teg.json")
    kept = board + ".kept"
    os.rename(board, kept)
    try:
        proc = installed.run("boards", "list")
        assert proc.returncode == 2 and proc.stdout == ""
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert "teg.json is missing" in proc.stderr and "reinstall" in proc.stderr
        with open(kept, "rb") as src, open(board, "wb") as cut:
            cut.write(src.read()[:100])        # a file cut short (a wheel truncated mid-copy)
        proc = installed.run("odds", "5", "3")
        assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert "teg.json is damaged" in proc.stderr
    finally:
        os.replace(kept, board)
    assert installed.run("boards", "list").returncode == 0


def test_a_lost_or_cut_module_is_said_as_a_damaged_install_in_one_line(installed):
    """The start checks the data files only (issue 28: the start-up); a module lost or cut short
    fails at its import or first use, and the command line says it then, as the same one line."""
    module = os.path.join(installed.site(), "comando_host", "commands", "odds.py")
    kept = module + ".kept"
    os.rename(module, kept)
    try:
        proc = installed.run("odds", "5", "3")
        assert proc.returncode == 2 and proc.stdout == ""
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert "odds.py is missing" in proc.stderr and "reinstall" in proc.stderr
        with open(kept, "rb") as src, open(module, "wb") as cut:
            cut.write(src.read()[:300])        # cut short mid-copy
        proc = installed.run("odds", "5", "3")
        assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert "odds.py is damaged" in proc.stderr and "Traceback" not in proc.stderr
    finally:
        os.replace(kept, module)
    assert installed.run("odds", "5", "3").returncode == 0
