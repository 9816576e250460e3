"""One summary row per stored game (its players, its result, the last event folded), kept by
every writer in the same transaction as the events, so `comando games` reads a row a game
instead of folding every stored game (issue 28: 1,000 games listed in at most 0.5 s).

The writer folds each batch into a GameView it keeps for the games it writes (a game it did not
start is folded once, from the store, the first time it writes to it). A row whose ``seq`` is not
the game's last (a database made before summaries, or events written around the store) is
stale: the listing folds that game once and, where it may write, keeps the fresh row."""

from __future__ import annotations

import collections
import json

SCHEMA = """
CREATE TABLE IF NOT EXISTS summaries (
    game TEXT PRIMARY KEY REFERENCES games(id),
    seq INTEGER NOT NULL,
    players TEXT NOT NULL,
    result TEXT NOT NULL,
    board TEXT NOT NULL DEFAULT '',
    ruleset TEXT NOT NULL DEFAULT '',
    events INTEGER NOT NULL DEFAULT -1
) WITHOUT ROWID;
"""


def migrate(db) -> None:
    """A summaries table made before it counted the events: the column, -1 (not known: the
    listing counts that game's events itself)."""
    have = {row[1] for row in db.execute("PRAGMA table_info(summaries)")}
    if "events" not in have:
        db.execute("ALTER TABLE summaries ADD COLUMN events INTEGER NOT NULL DEFAULT -1")

KEEP = 8          # views kept per process (the games a writer is writing; a web app's tables)


def row_of(view) -> tuple[str, str, str, str]:
    """(players as JSON, result, board, ruleset) in the words `comando games` shows."""
    return (json.dumps(list(view.players), ensure_ascii=False), view.result() or "-",
            view.board or "", view.ruleset or "")


class Writer:
    """The views of the games this process writes, newest last (a few: a long import of many
    logs does not keep them all)."""

    def __init__(self):
        self.views = collections.OrderedDict()

    def forget(self, game: str) -> None:
        self.views.pop(game, None)

    def follow(self, game: str, view) -> None:
        """Keep ``view`` for ``game`` (a view its writer keeps up to date itself: text.view's
        PlayedGameView), instead of one folded from the store."""
        self.views[game] = view

    def fold(self, db, game: str, events, snapshot, fresh_view) -> None:
        """Inside the writer's transaction, after its rows: bring ``game``'s view up to date and
        write its row. ``fresh_view(game)`` folds the game from the store (its rows are already
        there, this batch's included)."""
        view = self.views.pop(game, None)
        seqs = [ev["seq"] for ev in events] + ([snapshot[0]] if snapshot is not None else [])
        if view is not None and seqs:
            # another writer may have stored events since this view last saw the game
            before = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game=? AND seq<?",
                                (game, min(seqs))).fetchone()[0]
            if before != view.last_seq:
                view = None
        if view is None:
            view = fresh_view(game)
        else:
            if snapshot is not None:
                view.snapshot(snapshot[0], snapshot[1])
            for ev in events:
                view.event(ev)
        self.views[game] = view
        while len(self.views) > KEEP:
            self.views.popitem(last=False)
        last = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game=?",
                          (game,)).fetchone()[0]
        write(db, game, last, view)


def write(db, game: str, seq: int, view) -> None:
    players, result, board, ruleset = row_of(view)
    db.execute("INSERT OR REPLACE INTO summaries(game, seq, players, result, board, ruleset,"
               " events) VALUES (?,?,?,?,?,?,?)",
               (game, seq, players, result, board, ruleset, view.count))
