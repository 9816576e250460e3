"""Issue 13, "Nothing saved is ever lost": the journal lock, torn device journals on import,
torn logs on resume, games of `comando play` in the one store."""

import json
import os
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
    from comando_host.simulator import DirInUse, Simulator, lock_dir, unlock_dir
    root = str(tmp_path / "dev")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from comando_host.simulator import lock_dir; "
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
    from comando_host.store import Store
    assert Store(db).events("pico") == events[:-1]
    # damage mid-file is not a torn line: nothing imported, and the message says why
    bad = bytearray(data)
    bad[len(journal.encode(events[0])) + 12] ^= 1
    mid = tmp_path / "mid.log"
    mid.write_bytes(bytes(bad))
    code, _, err = _cli(["import", str(mid), "--db", db], capsys)
    assert code == 2 and "CRC mismatch at line 2" in err and "nothing imported" in err
