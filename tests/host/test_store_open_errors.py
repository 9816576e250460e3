"""Issue 13: every command that opens the game database, given a file that is not one, a damaged
one or a directory, says so in one line, exits non-zero and leaves the file as it was; a mistyped
--db path creates nothing."""

import hashlib
import os
import sqlite3

import pytest

from comando_host.cli import main

READERS = [["games"], ["show", "g1"], ["export", "g1"], ["replay", "g1"]]


def _digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _legal_log(tmp_path):
    import json
    from devicekit import teg_events
    game = tmp_path / "game.jsonl"
    game.write_text("".join(json.dumps(e) + "\n" for e in teg_events()))
    return game


def _bad_files(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("hello, not a database\n")
    noise = tmp_path / "noise.db"
    noise.write_bytes(bytes(range(256)) * 20)
    good = tmp_path / "good.db"
    db = sqlite3.connect(good)
    db.execute("CREATE TABLE games(id)")
    db.execute("CREATE TABLE players(id)")
    db.execute("CREATE TABLE events(id, body)")
    db.executemany("INSERT INTO events VALUES (?, ?)", [(i, "x" * 400) for i in range(1500)])
    db.commit()
    db.close()
    data = good.read_bytes()
    trunc = tmp_path / "truncated.db"
    trunc.write_bytes(data[:len(data) // 3])
    corrupt = tmp_path / "corrupt.db"
    corrupt.write_bytes(data[:4096 * 3 + 100] + b"\xff" * 3000 + data[4096 * 3 + 3100:])
    foreign = tmp_path / "foreign.db"
    db = sqlite3.connect(foreign)
    db.execute("CREATE TABLE recipes(name)")
    db.commit()
    db.close()
    folder = tmp_path / "folder"
    folder.mkdir()
    return {"text": (text, "not a game database"), "noise": (noise, "not a game database"),
            "truncated": (trunc, "damaged"), "corrupt": (corrupt, "damaged"),
            "foreign": (foreign, "something else"), "folder": (folder, "is a directory")}


@pytest.mark.parametrize("argv", READERS + [["import", "GAME"], ["connect", "loop://",
                                                                   "--seconds", "0.1"]])
def test_every_store_command_refuses_a_bad_database_in_one_line(tmp_path, capsys, argv):
    game = _legal_log(tmp_path)
    for kind, (path, words) in _bad_files(tmp_path).items():
        before = None if path.is_dir() else _digest(path)
        args = [str(game) if a == "GAME" else a for a in argv]
        rc = main(args + ["--db", str(path)])
        out = capsys.readouterr()
        assert rc == 2, (kind, argv, out)
        lines = out.err.strip().splitlines()
        assert len(lines) == 1 and words in lines[0] and str(path) in lines[0], (kind, lines)
        assert "Traceback" not in out.err
        if before is not None:
            assert _digest(path) == before, "%s was touched" % kind
        assert not os.path.exists(str(path) + "-wal") and not os.path.exists(str(path) + "-journal")


def test_run_demo_refuses_a_bad_database_before_starting(tmp_path, capsys, monkeypatch):
    path, _ = _bad_files(tmp_path)["truncated"]
    before = _digest(path)
    monkeypatch.setenv("COMANDO_DB", str(path))
    assert main(["run", "--demo", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "damaged SQLite database" in err and len(err.strip().splitlines()) == 1
    assert _digest(path) == before
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("argv", READERS)
def test_a_mistyped_db_path_creates_nothing(tmp_path, capsys, argv):
    path = tmp_path / "typo" / "dir" / "games.db"
    assert main(argv + ["--db", str(path)]) == 2
    err = capsys.readouterr().err
    assert "no game database at" in err and "mistyped" in err
    assert not (tmp_path / "typo").exists()
    flat = tmp_path / "gmaes.db"   # the directory exists, the file does not: still not created
    assert main(argv + ["--db", str(flat)]) == 2
    assert not flat.exists()


def test_import_into_a_missing_directory_is_refused(tmp_path, capsys):
    game = _legal_log(tmp_path)
    assert main(["import", str(game), "--db", str(tmp_path / "nope" / "g.db")]) == 2
    assert "no directory" in capsys.readouterr().err
    assert not (tmp_path / "nope").exists()
