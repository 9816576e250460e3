"""`make run`'s scripted demo (no terminal) checks that the laptop's copy of the linked game is
the device's journal, and fails for real when it is not (issue 23, "The terminal")."""

import os
import re
import sqlite3
import subprocess
import sys

from comando_host.store.db import Store


def _store_that_drops_an_event(path):
    """A real game database whose SQLite silently refuses one write: a trigger ignores event #4
    of every game, as a faulty store would lose it. The laptop goes on believing it stored it."""
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute("CREATE TRIGGER lose_event_4 BEFORE INSERT ON events"
               " WHEN NEW.seq = 4 AND NEW.kind = 'event' BEGIN SELECT RAISE(IGNORE); END")
    db.commit()
    db.close()


def test_demo_exits_1_with_one_line_when_the_laptop_copy_is_not_the_journal(tmp_path):
    db = str(tmp_path / "faulty.db")
    _store_that_drops_an_event(db)
    env = dict(os.environ, COMANDO_DB=db)
    proc = subprocess.run([sys.executable, "-m", "comando_host.cli", "run", "--dir",
                           str(tmp_path / "dev"), "--out", str(tmp_path / "png")],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=180, env=env, cwd=str(tmp_path))
    assert proc.returncode == 1, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, proc.stderr
    reason = lines[0]
    assert reason.startswith("comando run: error: the demo's check failed:")
    assert "not the device's journal" in reason and "from event #4 on" in reason
    assert "the laptop's copy equals" not in proc.stdout
    # the summary says what each side holds: the laptop stored one event fewer than it was sent
    m = re.search(r"journaled (\d+) events of game (\S+); it sent (\d+) events over the link "
                  r"and the laptop stored (\d+) events", reason)
    assert m, reason
    journaled, game, sent, stored = int(m[1]), m[2], int(m[3]), int(m[4])
    assert stored == sent - 1 and stored < journaled
    seqs = [e["seq"] for e in Store(db).events(game)]
    assert 4 not in seqs and seqs[:3] == [1, 2, 3]
