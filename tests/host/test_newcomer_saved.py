"""Issue 13, "Nothing saved is ever lost": the journal lock, torn device journals on import,
torn logs on resume, games of `comando play` in the one store."""

import subprocess
import sys

from comando import journal
from comando_host.cli import main
from devicekit import teg_events


def _cli(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, out.out, out.err


def test_two_devices_never_share_one_journal_and_the_error_says_who_holds_it(tmp_path, capsys):
    from comando_host.pico.simulator import DirInUse, Simulator, lock_dir, unlock_dir
    root = str(tmp_path / "dev")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from comando_host.pico.simulator import lock_dir; "
         "lock_dir(sys.argv[1]); print('held', flush=True); time.sleep(30)", root],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        try:
            Simulator(root=root, fresh=True)
            raise AssertionError("a second device on one journal was allowed")
        except DirInUse as exc:
            assert "in use by pid %d" % holder.pid in str(exc) and "--dir" in str(exc)
        code, _, err = _cli(["sim", "--dir", root, "--seconds", "0.1"], capsys)
        assert code == 2 and "in use by pid %d" % holder.pid in err
        assert len(err.strip().splitlines()) == 1
    finally:
        holder.kill()
        holder.wait()
    lock_dir(root)      # the holder is gone: the lock went with it
    unlock_dir(root)


def test_import_of_a_device_journal_with_a_torn_last_line_keeps_the_valid_prefix(tmp_path,
                                                                                 capsys):
    events = teg_events()
    data = b"".join(journal.encode(e) for e in events)
    torn = tmp_path / "journal.log"
    torn.write_bytes(data[:-7])           # the power cut mid-write of the last event
    db = str(tmp_path / "g.db")
    code, out, err = _cli(["import", str(torn), "--as", "pico", "--db", db], capsys)
    assert code == 0, err
    n = len(events) - 1
    last_len = len(journal.encode(events[-1])) - 7
    assert "imported pico: %d events" % n in out
    assert ("dropped: the torn last line (%d bytes after event %d" % (last_len, n)) in out
    from comando_host.store.db import Store
    assert Store(db).events("pico") == events[:-1]
    # damage mid-file is not a torn line: nothing imported, and the message says why
    bad = bytearray(data)
    bad[len(journal.encode(events[0])) + 12] ^= 1
    mid = tmp_path / "mid.log"
    mid.write_bytes(bytes(bad))
    code, _, err = _cli(["import", str(mid), "--db", db], capsys)
    assert code == 2 and "CRC mismatch at line 2" in err and "nothing imported" in err


def _players():
    return [("Ana", "red"), ("Beto", "blue"), ("Caro", "black")]


def test_play_without_a_log_records_the_game_in_the_store(tmp_path, monkeypatch, capsys):
    import io
    from comando_host.store.db import Store
    db = str(tmp_path / "g.db")
    monkeypatch.setattr(sys, "stdin", io.StringIO("status\nquit\n"))
    assert main(["play", "--players", "Ana:red,Beto:blue", "--seed", "3", "--db", db]) == 0
    out = capsys.readouterr().out
    games = Store(db).games()
    assert len(games) == 1 and games[0][4] == "play"
    gid = games[0][0]
    assert ("game %s:" % gid) in out and "events recorded" in out
    code, out, _ = _cli(["games", "--db", db], capsys)
    assert code == 0 and gid in out and "Ana (red), Beto (blue)" in out


def test_ctrl_c_in_play_keeps_every_event_played(tmp_path, monkeypatch, capsys):
    from comando_host.store.db import Store

    class Keys:
        lines = ["bot 2\n"]

        def readline(self):
            if self.lines:
                return self.lines.pop(0)
            raise KeyboardInterrupt

        def isatty(self):
            return False

    db = str(tmp_path / "g.db")
    monkeypatch.setattr(sys, "stdin", Keys())
    assert main(["play", "--players", "Ana:red,Beto:blue", "--seed", "4", "--db", db]) == 130
    (gid, *_), = Store(db).games()
    stored = Store(db).events(gid)
    assert len(stored) > 3 and stored[0]["t"] == "new"
    assert "events recorded" in capsys.readouterr().out


def test_end_after_a_conquest_without_draw_takes_the_card(tmp_path, monkeypatch, capsys):
    """teg-classic.txt, REQUESTING A COUNTRY CARD: the player who conquered takes a card at the
    end of the turn; `end` without `draw` no longer forfeits it."""
    from play_tools import advance, events, repl, save_log
    g = advance(lambda s: s.phase == "attack" and s.conq >= 1 and s.pending is None
                and not s.drew and len(s.hands[s.cur]) < 4, "teg", _players())
    path = save_log(g, tmp_path)
    n = len(g.log)
    out = repl(monkeypatch, capsys, ["end"], "--resume", path, "--db", str(tmp_path / "g.db"))
    assert "your card first" in out
    log = events(path)
    assert [e["t"] for e in log[n:]] == ["draw", "end"]


def test_resume_of_a_log_with_a_torn_last_line_goes_on_from_the_valid_prefix(tmp_path,
                                                                            monkeypatch, capsys):
    import io
    from play_tools import advance, events, save_log
    g = advance(lambda s: s.phase == "attack", "teg", _players())
    path = save_log(g, tmp_path)
    tail = b'{"seq":%d,"t":"attack","p"' % (len(g.log) + 1)
    with open(path, "ab") as f:
        f.write(tail)   # the power cut here
    before = open(path, "rb").read()
    monkeypatch.setattr(sys, "stdin", io.StringIO("status\n"))
    code, _, err = _cli(["play", "--resume", path, "--db", str(tmp_path / "g.db")], capsys)
    assert code == 2 and "the last line is torn" in err and "--drop-torn" in err
    assert open(path, "rb").read() == before            # refused: the file untouched
    monkeypatch.setattr(sys, "stdin", io.StringIO("status\n"))
    code, out, err = _cli(["play", "--resume", path, "--drop-torn", "--db",
                           str(tmp_path / "g.db")], capsys)
    assert code == 0, err
    assert "set aside in %s.torn" % path in out
    assert events(path) == g.log
    assert open(path + ".torn", "rb").read() == tail


def test_resume_at_a_terminal_asks_before_dropping_a_torn_line(tmp_path, monkeypatch):
    import builtins
    from comando_host.cli import UsageError
    from comando_host.commands import play
    path = tmp_path / "g.jsonl"
    good = b'{"seq":1,"t":"new"}\n'
    path.write_bytes(good + b'{"seq":2,"t":"att')
    asked = []
    monkeypatch.setattr(builtins, "input", lambda prompt: asked.append(prompt) or "n")
    try:
        play._resume_torn(str(path), False, True)
        raise AssertionError("a refusal was taken as a yes")
    except UsageError as exc:
        assert "not resumed" in str(exc)
    assert "Continue from the 1 valid lines" in asked[0]
    assert path.read_bytes() == good + b'{"seq":2,"t":"att'
    monkeypatch.setattr(builtins, "input", lambda prompt: "y")
    play._resume_torn(str(path), False, True)
    assert path.read_bytes() == good
    assert (tmp_path / "g.jsonl.torn").read_bytes() == b'{"seq":2,"t":"att'
