"""Issue 23, the store and the files: every bad file the user names (an empty or foreign --db, an
input that is a FIFO, a device, a directory or too big, a full disk, a read-only store) ends in one
line and a non-zero exit, and nothing stored or on disk changes."""

import hashlib
import os

import pytest

from comando_host.cli import main


def _digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _one_line(err):
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize("argv", [["games"], ["show", "g1"], ["replay", "g1"]])
def test_an_empty_db_file_is_refused_and_left_empty(tmp_path, capsys, argv):
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    rc = main(argv + ["--db", str(empty)])
    line = _one_line(capsys.readouterr().err)
    assert rc == 2
    assert str(empty) in line and "empty file" in line and "not a game database" in line
    assert empty.read_bytes() == b"", "the empty file was made a database"
    assert sorted(os.listdir(tmp_path)) == ["empty.db"], "a -wal/-shm/-journal was left"


def test_a_non_sqlite_db_file_is_refused_byte_identical(tmp_path, capsys):
    other = tmp_path / "notes.db"
    other.write_bytes(b"my shopping list\n" * 100)
    before = _digest(other)
    rc = main(["games", "--db", str(other)])
    line = _one_line(capsys.readouterr().err)
    assert rc == 2 and str(other) in line and "not an SQLite file" in line
    assert _digest(other) == before
    assert sorted(os.listdir(tmp_path)) == ["notes.db"]


def _legal_log(tmp_path):
    import json
    from devicekit import teg_events
    game = tmp_path / "game.jsonl"
    game.write_text("".join(json.dumps(e) + "\n" for e in teg_events()))
    return game


def test_a_new_db_path_and_the_default_paths_empty_file_still_become_a_store(tmp_path, capsys,
                                                                              monkeypatch):
    """The refusal is for an empty file the user names: a --db path with no file is made, and
    the default path's empty file (this program made it and was stopped before it wrote) is
    taken as a new store."""
    game = _legal_log(tmp_path)
    fresh = tmp_path / "new.db"
    assert main(["import", str(game), "--db", str(fresh)]) == 0
    assert fresh.stat().st_size > 0
    monkeypatch.delenv("COMANDO_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from comando_host.store.db import default_path
    os.makedirs(os.path.dirname(default_path()))
    open(default_path(), "wb").close()
    assert main(["import", str(game)]) == 0
    capsys.readouterr()
    assert main(["games"]) == 0
    assert "blue, red, black, yellow" in capsys.readouterr().out


# --- inputs the user names: import, replay, play --resume, sim --script ---

INPUT_COMMANDS = {"import": ["import"], "replay": ["replay"], "play --resume": ["play", "--resume"],
                  "sim --script": ["sim", "--seconds", "1", "--script"]}


def _comando(argv, tmp_path, timeout=30):
    """Run `comando ARGV` as its own process (a hang is a failure, never a stuck test); the
    whole process group is killed on the way out."""
    import signal
    import subprocess
    import sys
    env = dict(os.environ, COMANDO_DB=str(tmp_path / "store.db"))
    proc = subprocess.Popen([sys.executable, "-m", "comando_host"] + argv, cwd=str(tmp_path),
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail("comando %s hung (killed after %ss)" % (" ".join(argv), timeout))
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return proc.returncode, out, err


def _not_a_file(tmp_path, kind):
    path = tmp_path / ("input-" + kind)
    if kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    return path


WORDS = {"dev-zero": "a device file", "fifo": "a FIFO", "directory": "a directory"}


@pytest.mark.parametrize("kind", sorted(WORDS))
@pytest.mark.parametrize("command", sorted(INPUT_COMMANDS))
def test_an_input_that_is_not_a_regular_file_is_refused_without_hanging(tmp_path, command, kind):
    path = _not_a_file(tmp_path, kind)
    rc, out, err = _comando(INPUT_COMMANDS[command] + [str(path)], tmp_path)
    line = _one_line(err)
    assert rc != 0, (command, kind, out, err)
    assert str(path) in line and WORDS[kind] in line and "regular file" in line, line
    if (tmp_path / "store.db").exists():
        assert _stored_games(tmp_path) == [], "something was stored"


def _stored_games(tmp_path):
    import sqlite3
    db = sqlite3.connect(str(tmp_path / "store.db"))
    try:
        return db.execute("SELECT id FROM games").fetchall()
    finally:
        db.close()


@pytest.mark.parametrize("command", sorted(INPUT_COMMANDS))
def test_an_input_over_the_size_bound_names_the_limit(tmp_path, command):
    from comando_host.store.inputfile import LOG_LIMIT, SCRIPT_LIMIT
    limit = SCRIPT_LIMIT if command == "sim --script" else LOG_LIMIT
    big = tmp_path / "big.jsonl"
    with open(big, "wb") as f:     # sparse: no block is written, the test stays fast
        f.truncate(limit + 1)
    rc, out, err = _comando(INPUT_COMMANDS[command] + [str(big)], tmp_path)
    line = _one_line(err)
    assert rc != 0
    assert str(big) in line and "too big" in line and "%d MiB" % (limit >> 20) in line, line
    assert big.stat().st_size == limit + 1


def test_an_input_at_the_size_bound_is_still_read(tmp_path):
    """The bound refuses only what is over it: a log of exactly LOG_LIMIT bytes is read (and
    then judged as a log: here its padding is not an event)."""
    from comando_host.store.inputfile import LOG_LIMIT, read_bytes
    path = tmp_path / "edge.jsonl"
    with open(path, "wb") as f:
        f.truncate(LOG_LIMIT)
    assert len(read_bytes(str(path))) == LOG_LIMIT


# --- play --resume --drop-torn: it checks the file before it changes anything ---

def _torn_candidates(tmp_path):
    """Files whose last line has no newline (so they look torn) but whose lines before it are
    not a game: random bytes, text, JSON that is no event, events that break the rules."""
    import json
    import random
    noise = bytearray(random.Random(23).randbytes(6000))
    noise[3000] = 0x0A                       # a newline in the middle, none at the end
    noise[-1] = 0x41
    from play_tools import advance
    events = advance(lambda s: s.phase == "attack", "teg",
                     [("Ana", "red"), ("Beto", "blue"), ("Caro", "black")]).log
    bad = dict(events[3], t="nonsense")                  # an action no rule knows
    files = {"random": bytes(noise),
             "text": b"dear diary\nit rained\nno newline at the end",
             "json": b'{"a": 1}\n[1, 2]\n{"seq":3,"t":"att',
             "illegal": ("".join(json.dumps(e) + "\n" for e in events[:3] + [bad])
                         + '{"seq":9,"t":"att').encode()}
    paths = {}
    for name, data in files.items():
        paths[name] = tmp_path / (name + ".jsonl")
        paths[name].write_bytes(data)
    return paths


def test_drop_torn_refuses_a_file_that_is_no_game_log_and_changes_nothing(tmp_path):
    for kind, path in _torn_candidates(tmp_path).items():
        before = path.read_bytes()
        listing = sorted(os.listdir(tmp_path))
        rc, out, err = _comando(["play", "--resume", str(path), "--drop-torn"], tmp_path)
        assert path.read_bytes() == before, "%s was changed" % kind
        assert not os.path.exists(str(path) + ".torn"), "%s: a .torn was written" % kind
        assert sorted(os.listdir(tmp_path)) == listing, kind
        line = _one_line(err)
        assert rc == 2, (kind, out, err)
        assert str(path) in line and "left as it is" in line, (kind, line)


# --- a full disk: the command ends in one line, nothing stored changes, reads still work ---

def _mount_tmpfs(where, size):
    """A small tmpfs at ``where`` (root only); False when mounting is not permitted here."""
    import subprocess
    where.mkdir()
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=%s" % size, "tmpfs", str(where)],
                          capture_output=True, text=True)
    return proc.returncode == 0


def _umount(where):
    import subprocess
    subprocess.run(["umount", "-l", str(where)], capture_output=True)


@pytest.fixture()
def small_disk(tmp_path):
    """A 1 MiB file system of its own, so the test can fill it (a tmpfs; root can mount one).
    None when it cannot be made: the tests then bound the file size with RLIMIT_FSIZE."""
    disk = tmp_path / "disk"
    if not _mount_tmpfs(disk, "1m"):
        yield None
        return
    try:
        yield disk
    finally:
        _umount(disk)


def _fill(disk, leave=0):
    """Take every free byte of ``disk`` but ``leave``; the proof that it is full: a write fails."""
    st = os.statvfs(str(disk))
    with open(disk / "filler", "wb") as f:
        f.write(b"\0" * max(0, st.f_bavail * st.f_frsize - leave))
    if not leave:
        with pytest.raises(OSError):
            with open(disk / "one-more", "wb") as f:
                f.write(b"x" * 8192)
                f.flush()
                os.fsync(f.fileno())


def _store_content(db):
    """What the store holds, read by sqlite itself (immutable: reading changes nothing)."""
    import sqlite3
    from urllib.parse import quote
    con = sqlite3.connect("file:%s?mode=ro&immutable=1" % quote(str(db)), uri=True)
    try:
        return (con.execute("SELECT id, board, ruleset FROM games ORDER BY id").fetchall(),
                con.execute("SELECT game, seq, kind, body FROM events ORDER BY game, seq")
                .fetchall())
    finally:
        con.close()


def _long_log(tmp_path):
    """A whole bot game's log (hundreds of KiB): bigger than what is left on the small disk."""
    import json
    from comando_host.store.demo_games import bot_events
    path = tmp_path / "long.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in bot_events("teg", 3, 3)))
    return path


def _fsize_limit(nbytes):
    """preexec_fn: files of this process at most ``nbytes`` (EFBIG past it, SIGXFSZ ignored)."""
    def limit():
        import resource
        import signal
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (nbytes, nbytes))
    return limit


def _comando_on(db, argv, tmp_path, stdin="", fsize=None):
    """`comando ARGV --db DB` as a process (its stdin given), under a file size bound if set."""
    import subprocess
    import sys
    proc = subprocess.run([sys.executable, "-m", "comando_host"] + argv + ["--db", str(db)],
                          input=stdin, capture_output=True, text=True, timeout=120,
                          cwd=str(tmp_path), preexec_fn=_fsize_limit(fsize) if fsize else None)
    return proc.returncode, proc.stdout, proc.stderr


PLAY = ["play", "--players", "Ana:red,Beto:blue,Caro:black", "--seed", "5"]


def _seeded_store(tmp_path, where):
    """A store holding one game, closed (its process ended: nothing left in a -wal)."""
    db = where / "store.db"
    rc, _, err = _comando_on(db, ["import", str(_legal_log(tmp_path))], tmp_path)
    assert rc == 0 and not os.path.exists(str(db) + "-wal"), err
    return db


@pytest.mark.parametrize("when", ["before", "during"])
def test_import_and_play_on_a_full_disk_end_in_one_line_and_change_nothing(tmp_path, small_disk,
                                                                         when):
    """``before``: the disk is full when the command starts (even -shm cannot be made);
    ``during``: there is room to open the store, not for the whole write."""
    where = small_disk or tmp_path
    db = _seeded_store(tmp_path, where)
    fsize = None
    if small_disk is None:       # no tmpfs here: the process may not grow any file past this
        fsize = 4096 if when == "before" else 64 * 1024     # (the -wal's first frame is more)
    else:
        _fill(small_disk, leave=0 if when == "before" else 160 * 1024)
    before = _store_content(db)
    rc, out, err = _comando_on(db, ["import", str(_long_log(tmp_path))], tmp_path, fsize=fsize)
    line = _one_line(err)
    assert rc == 2 and "the game database %s" % db in line, (out, err)
    if small_disk is not None:   # (under RLIMIT_FSIZE even the -shm cannot be made: "cannot read")
        assert line.startswith("comando import: error: cannot store in the game database") \
            and "the disk is full" in line, line
    assert _store_content(db) == before
    # play: the disk full at its first write (``before``) or in the middle of the game
    moves = "status\nbot 400\n" if when == "during" else "status\nend\nend\n"
    rc, out, err = _comando_on(db, PLAY, tmp_path, stdin=moves, fsize=fsize)
    line = _one_line(err)
    assert rc == 2 and "the game database %s" % db in line, (out[-500:], err)
    assert small_disk is None or "cannot store" in line and "the disk is full" in line, line
    games, events = _store_content(db)
    if when == "before":
        assert (games, events) == before
        assert small_disk is None or "the game was not started" in line, line
    else:   # what was stored before is intact; the new game is kept up to its last good write
        import re
        assert set(before[0]) <= set(games) and set(before[1]) <= set(events)
        new = [g for g in games if g not in before[0]]
        held = re.search(r"game (\S+) is stored up to event (\d+)", line)
        assert held, line
        assert [g[0] for g in new] in ([], [held[1]])
        assert [e[1] for e in events if e[0] == held[1]] == list(range(1, int(held[2]) + 1))
    # the healthy store still reads on the full disk
    rc, out, err = _comando_on(db, ["games"], tmp_path)
    assert rc == 0 and "blue, red, black" in out, err   # `games` fits 80 columns: the players cell is cut


def test_the_pages_new_game_on_a_full_disk_is_one_line_and_the_socket_stays_up(tmp_path,
                                                                             small_disk):
    import json
    import re
    import urllib.request
    from websockets.sync.client import connect
    from comando_host.web.app import Background
    if small_disk is None:
        pytest.skip("no tmpfs can be mounted here (not root?): the page's server runs in this "
                    "process, so RLIMIT_FSIZE cannot stand in for a full disk")
    db = _seeded_store(tmp_path, small_disk)
    _fill(small_disk)
    before = _store_content(db)
    srv = Background(str(db)).start()
    try:
        with urllib.request.urlopen(srv.url, timeout=10) as r:
            key = re.search(r'<meta name="comando-key" content="([0-9a-f]{32})">',
                            r.read().decode())[1]
        with connect(srv.url.replace("http", "ws") + "ws", origin=srv.url.rstrip("/")) as ws:
            ws.send(json.dumps({"op": "new", "rs": "teg", "token": key,
                                "players": [["Ana", "blue"], ["Beto", "red"]]}))
            reply = json.loads(ws.recv(timeout=10))
            assert reply["type"] == "error", reply
            line = reply["error"]
            assert "\n" not in line and line.startswith("new game: not started: cannot store"), line
            assert "the disk is full" in line and "StoreError" not in line, line
            ws.send(json.dumps({"op": "watch", "game": "latest"}))   # the socket is still up
            kinds = {json.loads(ws.recv(timeout=10))["type"] for _ in range(2)}
            assert "view" in kinds, kinds
    finally:
        srv.stop()
    assert _store_content(db) == before


# --- a read-only store in a read-only directory: reads work, a write says "read-only" ---

def _read_only_dir(tmp_path, how):
    """A directory holding a store, then made read-only for root too: a tmpfs remounted ro, or
    a read-only bind mount of an ordinary directory. (None, why) when neither can be made."""
    import subprocess

    def run(*argv):
        return subprocess.run(list(argv), capture_output=True, text=True).returncode == 0

    if how == "tmpfs":
        where = tmp_path / "ro-tmpfs"
        if not _mount_tmpfs(where, "4m"):
            return None, None, "mount -t tmpfs is not permitted here"
        db = _seeded_store(tmp_path, where)
        if not run("mount", "-o", "remount,ro", str(where)):
            _umount(where)
            return None, None, "mount -o remount,ro is not permitted here"
        return where, db, None
    src = tmp_path / "plain"
    src.mkdir()
    _seeded_store(tmp_path, src)
    where = tmp_path / "ro-bind"
    where.mkdir()
    if not run("mount", "--bind", str(src), str(where)):
        return None, None, "mount --bind is not permitted here"
    if not run("mount", "-o", "remount,ro,bind", str(where)):
        _umount(where)
        return None, None, "mount -o remount,ro,bind is not permitted here"
    return where, where / "store.db", None


@pytest.mark.parametrize("how", ["tmpfs", "bind"])
def test_a_read_only_store_reads_and_refuses_writes_in_one_line(tmp_path, how):
    where, db, why = _read_only_dir(tmp_path, how)
    if where is None:
        pytest.skip("no read-only directory can be made for root: %s" % why)
    try:
        with pytest.raises(OSError):      # read-only for root too
            open(where / "probe", "wb").close()
        before = _store_content(db)
        listing = sorted(os.listdir(where))
        rc, out, err = _comando_on(db, ["games"], tmp_path)
        assert rc == 0 and "blue, red, black" in out and err == "", err
        rc, out, err = _comando_on(db, ["show", "game"], tmp_path)
        assert rc == 0 and "players: blue, red, black, yellow" in out, err
        rc, out, err = _comando_on(db, ["replay", "game"], tmp_path)
        assert rc == 0 and "23 events" in out, err
        for argv, stdin in ((["import", str(_long_log(tmp_path))], ""),
                            (PLAY, "status\nend\n")):
            rc, out, err = _comando_on(db, argv, tmp_path, stdin=stdin)
            line = _one_line(err)
            assert rc == 2 and "read-only" in line and str(db) in line, (argv, out[-300:], err)
            assert "damaged" not in line and "move it aside" not in line, line
        assert _store_content(db) == before
        assert sorted(os.listdir(where)) == listing
    finally:
        _umount(where)


# --- a kill -9 at the first write: a game is stored only with its first events ---

def _strace_works():
    import shutil
    import subprocess
    if not shutil.which("strace"):
        return "strace is not installed (apt-get install strace)"
    proc = subprocess.run(["strace", "-qq", "-o", os.devnull, "true"], capture_output=True)
    return None if proc.returncode == 0 else "strace cannot trace here (ptrace not permitted)"


def _killed_at_sync(db, argv, tmp_path, n, stdin=""):
    """`comando ARGV --db DB` killed (SIGKILL, by strace's fault injection) as it enters its
    ``n``-th fsync/fdatasync: the first is the new -wal's header, the next the first commit."""
    import subprocess
    import sys
    cmd = ["strace", "-f", "-qq", "-o", os.devnull, "-e", "trace=fsync,fdatasync",
           "-e", "inject=fsync,fdatasync:signal=KILL:when=%d" % n,
           sys.executable, "-m", "comando_host"] + argv + ["--db", str(db)]
    proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=120,
                          cwd=str(tmp_path))
    return proc.returncode


def _empty_games(db):
    import sqlite3
    con = sqlite3.connect(str(db))
    try:
        return con.execute("SELECT id FROM games WHERE id NOT IN (SELECT game FROM events)"
                           ).fetchall()
    finally:
        con.close()


def _games_with_events(db):
    import sqlite3
    con = sqlite3.connect(str(db))
    try:
        return {r[0] for r in con.execute("SELECT DISTINCT game FROM events")}
    finally:
        con.close()


@pytest.mark.parametrize("command", ["import", "play"])
def test_a_kill_at_the_first_write_leaves_no_empty_game(tmp_path, command):
    import shutil
    why = _strace_works()
    if why:
        if os.environ.get("CI"):      # CI installs strace (.ci/run): a missing one is a failure
            pytest.fail(why)
        pytest.skip(why)
    seeded = _seeded_store(tmp_path, tmp_path)
    argv, stdin = ((["import", str(_long_log(tmp_path))], "") if command == "import"
                   else (PLAY, "status\nend\nend\n"))
    killed = 0
    for n in (1, 2, 3, 4):           # the -wal's header, the first commit, the ones after
        db = tmp_path / ("kill%d.db" % n)
        shutil.copy(seeded, db)
        rc = _killed_at_sync(db, argv, tmp_path, n, stdin)
        killed += rc in (-9, 137)
        assert _empty_games(db) == [], "killed at sync %d: an empty game was left" % n
        rc, out, err = _comando_on(db, ["games"], tmp_path)
        assert rc == 0 and err == "", err
        listed = {line.split()[0] for line in out.splitlines()[1:]}
        assert listed == _games_with_events(db), out
    assert killed >= 2, "the kill never came: no write was interrupted"


# --- play --resume GAME_ID: a stored game goes on, under its own id ---

def _events_of(db, gid):
    import sqlite3
    con = sqlite3.connect(str(db))
    try:
        return con.execute("SELECT seq, body FROM events WHERE game=? ORDER BY seq",
                           (gid,)).fetchall()
    finally:
        con.close()


def test_play_resume_takes_a_stored_games_id(tmp_path):
    import re
    db = tmp_path / "store.db"
    rc, out, err = _comando_on(db, PLAY, tmp_path, stdin="bot 2\n")
    assert rc == 0, err
    gid = re.search(r"game (play-\S+): \d+ events recorded", out)[1]
    first = _events_of(db, gid)
    assert len(first) > 3
    rc, out, err = _comando_on(db, ["play", "--resume", gid], tmp_path, stdin="status\nbot 1\n")
    assert rc == 0 and err == "", err
    assert "game %s:" % gid in out
    after = _events_of(db, gid)
    assert after[:len(first)] == first and len(after) > len(first), "not continued"
    assert _games_with_events(db) == {gid}, "the resumed game was stored as another"
    # the same game, folded from the store, follows the rules to its last event
    rc, out, err = _comando_on(db, ["replay", gid], tmp_path)
    assert rc == 0, err
    # an id that names no stored game: one line, nothing stored
    rc, out, err = _comando_on(db, ["play", "--resume", "nosuchgame"], tmp_path,
                               stdin="status\n")
    line = _one_line(err)
    assert rc == 2 and "nosuchgame" in line, line
    assert _events_of(db, gid) == after and _games_with_events(db) == {gid}
