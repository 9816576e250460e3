"""`comando games`: one line a game within the terminal's width (issue 23, "Small ones": at 80
columns a game took three lines)."""

import io
import os
import subprocess
import sys

from comando_host.cli import main
from comando_host.terminal.fitcols import cells, cut, join_names
from comando_host.store.db import Store

LONG = "Maximiliano Fernández de la Cruz y Villanueva Ortega"   # 52 characters
WIDE = "山田太郎左衛門之助"                                         # two columns a character


def _play(db, monkeypatch, players, ruleset="teg", moves="bot 20\n"):
    monkeypatch.setattr(sys, "stdin", io.StringIO(moves + "quit\n"))
    assert main(["play", "--ruleset", ruleset, "--players", players, "--seed", "3",
                 "--db", db]) == 0


def _games(db, **env):
    e = dict(os.environ)
    e.pop("COLUMNS", None)
    e.update(env)
    proc = subprocess.run([sys.executable, "-m", "comando_host.cli", "games", "--db", db],
                          capture_output=True, text=True, timeout=60, env=e)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    return proc.stdout.splitlines()


def _stored(db):
    s = Store(db)
    try:
        return [g[0] for g in s.games()]
    finally:
        s.close()


def test_games_fit_80_columns_one_line_each_with_long_names(tmp_path, monkeypatch, capsys):
    db = str(tmp_path / "g.db")
    _play(db, monkeypatch, "%s:blue,Bartolomé Esteban Murillo de Sevilla:red,Ana:black" % LONG)
    _play(db, monkeypatch, "%s:blue,%s:red" % (WIDE, LONG), ruleset="revancha", moves="")
    _play(db, monkeypatch, "Ana:red,Beto:blue", ruleset="war", moves="")
    capsys.readouterr()
    ids = _stored(db)
    lines = _games(db, COLUMNS="80")
    assert len(lines) == 1 + len(ids), "\n".join(lines)        # a header and one line a game
    assert all(cells(ln) <= 80 for ln in lines), "\n".join(lines)
    assert lines[0].split()[:2] == ["game", "ruleset"] and "players" in lines[0]
    for gid, line in zip(ids, lines[1:]):
        assert line.startswith(gid + " ")                       # the id whole: `show` takes it
    by_id = dict(zip(ids, lines[1:]))
    teg = next(ln for ln in by_id.values() if " teg " in ln)
    # every player still named (shortened, not dropped), the short name whole
    assert "Maxi" in teg and "Bart" in teg and "Ana" in teg and "…" in teg
    assert "revancha" in "".join(lines) and "war" in "".join(lines)
    assert "Ana, Beto" in by_id[ids[0]] or "Ana, Beto" in "".join(lines)


def test_games_keep_the_whole_table_when_it_fits_or_goes_to_a_pipe(tmp_path, monkeypatch, capsys):
    db = str(tmp_path / "g.db")
    _play(db, monkeypatch, "%s:blue,Ana:red" % LONG)
    capsys.readouterr()
    wide = _games(db, COLUMNS="250")
    assert len(wide) == 2 and "last update" in wide[0] and LONG + " (blue)" in wide[1]
    assert "T.E.G." in wide[1]
    piped = _games(db)                                          # no COLUMNS, not a terminal
    assert piped == wide


def test_name_escapes_are_measured_after_they_are_made_visible(tmp_path):
    db = str(tmp_path / "g.db")
    s = Store(db)
    s.ensure_game("g1")
    s.add_events("g1", [{"seq": 1, "t": "new", "rs": "teg",
                         "p": ["\x1b[2J\x1b]0;owned\x07" + "x" * 60, "Ana"]}])
    s.close()
    lines = _games(db, COLUMNS="60")
    assert len(lines) == 2 and all(cells(ln) <= 60 for ln in lines), lines
    assert "\x1b" not in "".join(lines) and "^[" in lines[1] and "Ana" in lines[1]


def test_cut_and_join_count_terminal_columns():
    assert cut("abcdef", 4) == "abc…" and cut("abc", 3) == "abc"
    assert cells(cut(WIDE, 7)) <= 7 and cut(WIDE, 7).endswith("…")
    names = join_names(["Maximiliano (blue)", "Ana (red)"], 22)
    assert cells(names) <= 22 and "(blue)" in names and names.endswith("Ana (red)")


def test_games_fit_the_width_of_a_real_terminal(tmp_path, monkeypatch, capsys):
    import fcntl
    import pty
    import struct
    import termios
    db = str(tmp_path / "g.db")
    _play(db, monkeypatch, "%s:blue,Ana:red,Beto:black" % LONG)
    capsys.readouterr()
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ)
    env.pop("COLUMNS", None)
    proc = subprocess.run([sys.executable, "-m", "comando_host.cli", "games", "--db", db],
                          stdout=slave, stderr=subprocess.PIPE, timeout=60, env=env)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    lines = out.decode().replace("\r\n", "\n").strip("\n").splitlines()
    assert proc.returncode == 0 and len(lines) == 2, lines
    assert all(cells(ln) <= 80 for ln in lines), lines
