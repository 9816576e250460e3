"""`comando games` reads one summary row a game, kept by every writer in the same transaction as
the events (issue 28: "reads a summary row kept per game ..., never folds"); a row that is
missing or behind its game's events is folded once and kept (host/comando_host/store/summaries.py)."""

import io
import shutil
import sqlite3
import sys

import pytest

from comando_host.cli import main
from comando_host.commands import games as games_cmd
from comando_host.store.db import Store
from comando_host.text.view import GameView

RULESETS = ["teg", "revancha", "war", "risk", "teg2"]


def _play(db, monkeypatch, ruleset, moves, seed=3):
    monkeypatch.setattr(sys, "stdin", io.StringIO(moves + "quit\n"))
    assert main(["play", "--ruleset", ruleset, "--players", "Ana,Beto,Caro", "--seed", str(seed),
                 "--db", db]) == 0


def _folded_rows(db):
    """What the listing says when it folds every game (the summaries dropped, in a copy)."""
    copy = db + ".fold.db"
    shutil.copy(db, copy)
    con = sqlite3.connect(copy)
    con.execute("DELETE FROM summaries")
    con.commit()
    con.close()
    store = Store(copy)
    try:
        return games_cmd.rows(store)
    finally:
        store.close()


def _summaries(db):
    con = sqlite3.connect(db)
    try:
        return dict(con.execute("SELECT game, seq FROM summaries").fetchall())
    finally:
        con.close()


class _NoFold:
    """Stands where GameView.from_store is: the listing must not call it."""

    def __init__(self):
        self.calls = 0

    def __call__(self, store, gid, tail=12):
        self.calls += 1
        raise AssertionError("the listing folded %s" % gid)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A store with a game of every ruleset played through `comando play` (bot turns, one to the
    end), and one only set up."""
    db = str(tmp_path_factory.mktemp("summary") / "g.db")
    mp = pytest.MonkeyPatch()
    try:
        for rs in RULESETS:
            _play(db, mp, rs, "bot 12\n")
        _play(db, mp, "teg", "bot 4000\n", seed=5)      # to its winner
        _play(db, mp, "war", "")                        # set up, not played
    finally:
        mp.undo()
    return db


def test_every_writer_keeps_a_row_equal_to_folding_the_game(played, monkeypatch):
    store = Store(played)
    try:
        last = {g[0]: g[8] for g in store.games()}
        assert len(last) == len(RULESETS) + 2
        assert _summaries(played) == last          # a row a game, at its last event
        con = sqlite3.connect(played)
        counted = dict(con.execute("SELECT game, COUNT(*) FROM events WHERE kind='event'"
                                   " GROUP BY game").fetchall())
        assert dict(con.execute("SELECT game, events FROM summaries").fetchall()) == counted
        con.close()
        no_fold = _NoFold()
        monkeypatch.setattr(GameView, "from_store", classmethod(
            lambda cls, s, gid, tail=12: no_fold(s, gid, tail)))
        listed = games_cmd.rows(store)
    finally:
        store.close()
    assert no_fold.calls == 0
    monkeypatch.undo()
    assert listed == _folded_rows(played)          # the same words as folding every game
    won = [r for r in listed if r[6].endswith(" won")]
    assert won and all(r[4] for r in listed)


def test_a_missing_or_stale_row_is_folded_once_and_kept(played, tmp_path):
    db = str(tmp_path / "stale.db")
    shutil.copy(played, db)
    expected = _folded_rows(played)
    con = sqlite3.connect(db)
    gids = [g for (g,) in con.execute("SELECT game FROM summaries ORDER BY game")]
    con.execute("DELETE FROM summaries WHERE game=?", (gids[0],))          # missing
    con.execute("UPDATE summaries SET seq=seq-1, result='stale' WHERE game=?", (gids[1],))
    con.execute("UPDATE summaries SET players='not json' WHERE game=?", (gids[2],))  # damaged
    con.execute("UPDATE summaries SET events=-1 WHERE game=?", (gids[3],))   # count not known
    con.commit()
    con.close()
    store = Store(db)
    try:
        assert games_cmd.rows(store) == expected
    finally:
        store.close()
    store = Store(db)
    try:
        last = {g[0]: g[8] for g in store.games()}
    finally:
        store.close()
    assert _summaries(db) == last                  # kept: the next listing reads them


def test_a_database_made_before_summaries_lists_as_before(played, tmp_path):
    db = str(tmp_path / "old.db")
    shutil.copy(played, db)
    con = sqlite3.connect(db)
    con.execute("DROP TABLE summaries")
    con.commit()
    con.close()
    store = Store(db)
    try:
        assert games_cmd.rows(store) == _folded_rows(played)
    finally:
        store.close()
    assert len(_summaries(db)) == len(RULESETS) + 2


def test_two_writers_on_one_game_keep_its_row_true(played, tmp_path):
    """A writer that keeps a game's view refolds it when another writer stored events since."""
    src = Store(played)
    try:
        gid = next(g[0] for g in src.games() if g[8] > 90)
        events = src.events(gid)[:90]
    finally:
        src.close()
    db = str(tmp_path / "two.db")
    one, two = Store(db), Store(db)
    try:
        one.ensure_game("g", origin="engine")
        one.add_events("g", events[:30])
        two.add_events("g", events[30:60])
        one.add_events("g", events[60:])
        row = one.summaries()["g"]
        view = GameView.from_store(one, "g")[0]
    finally:
        one.close()
        two.close()
    assert row[0] == events[-1]["seq"]
    assert row[1:3] == (list(view.players), view.result())


def test_a_big_store_is_checked_at_open_but_for_its_events_and_a_damaged_page_is_one_line(
        played, tmp_path, monkeypatch, capsys):
    """A store over store.FULL_CHECK_BYTES is not read whole at every open (that cost every
    command a read of the file): its small tables are checked there, and a damaged events page,
    met when a command reads it, ends that command in one line (cli._run), the file unchanged."""
    import hashlib
    from comando_host.store import db as store_mod
    db = tmp_path / "big.db"
    shutil.copy(played, db)
    con = sqlite3.connect(db)
    page = con.execute("PRAGMA page_size").fetchone()[0]
    leaves = [n for (n,) in con.execute("SELECT pageno FROM dbstat WHERE name='events'"
                                        " AND pagetype='leaf' ORDER BY pageno")]
    con.close()
    data = bytearray(db.read_bytes())
    for n in leaves:                                  # every page of the events
        at = (n - 1) * page
        data[at + 8:at + 600] = b"\xa5" * 592        # their cell pointers point out of the page
    db.write_bytes(bytes(data))
    digest = hashlib.sha256(db.read_bytes()).hexdigest()
    monkeypatch.setattr(store_mod, "FULL_CHECK_BYTES", 4096)
    con = sqlite3.connect(played)
    gids = [g for (g,) in con.execute("SELECT id FROM games")]
    con.close()
    outcomes = set()
    for argv in [["games"]] + [["show", g] for g in gids] + [["replay", "--db", str(db), g]
                                                               for g in gids[:2]]:
        if argv[0] != "replay":
            argv = argv + ["--db", str(db)]
        rc = main(argv)
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        if rc != 0:
            assert rc in (1, 2) and len(err.strip().splitlines()) == 1, err
        outcomes.add("game database %s" % db in err)
    assert True in outcomes                           # the damage was met, and named, in one line
    assert hashlib.sha256(db.read_bytes()).hexdigest() == digest
