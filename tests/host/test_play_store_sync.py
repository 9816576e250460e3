"""`comando play` and its store (issue 28; docs/decisions/store-group-commits-and-summaries.md):
the turn ends inside one command are committed without waiting for the disk, the batch before
each prompt waits for it, and the game's summary row is read from the game being played
(text.view.PlayedGameView) with the same words a fold of the stored game gives."""

import io
import sqlite3

import pytest

from comando import engine
from comando.dice import SeededDice
from comando_host.commands.play.gamesetup import find_board, parse_players, risk_table_board
from comando_host.commands.play.repl import KeyboardGame
from comando_host.store import summaries
from comando_host.store.db import Store
from comando_host.text.view import PlayedGameView
from comando.board import default_board_id
from comando.registry import MAPS

FULL = 2   # PRAGMA synchronous: FULL


def _session(tmp_path, ruleset="teg", seed=3, follow=True, options=None, names="Ana,Beto,Caro"):
    rules = engine.get_rules(ruleset)
    board = find_board(getattr(rules, "default_board", None) or default_board_id(ruleset), ruleset)
    players = parse_players(names, rules, board)
    seat = getattr(rules, "seat_players", None)
    if seat is not None:
        players = seat(players)
    if ruleset in MAPS:
        board = risk_table_board(board, len(players))
    game = engine.new_game(board, ruleset, players, options or {}, rng=SeededDice(seed))
    store = Store(str(tmp_path / ("%s-%d.db" % (ruleset, seed))))
    store.ensure_game("g1", board=game.board.id, ruleset=ruleset, origin="play")
    if follow:
        store.follow("g1", PlayedGameView(game))
    return KeyboardGame(game, out=io.StringIO(), store=store, game_id="g1"), store


def test_the_turn_ends_of_one_command_wait_for_the_disk_only_at_the_prompt(tmp_path):
    session, store = _session(tmp_path)
    assert store.unsynced is None                  # the game's first events: a durable commit
    before = store.commits
    session.command("bot 3")                       # three turns, each stored at its end
    assert store.commits - before >= 3
    assert store.unsynced == "g1"                  # ... without waiting for the disk
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == FULL   # (the store's own level after)
    updated = store.game("g1")["updated"]
    session.record()                               # what loop() does before every prompt
    assert store.unsynced is None
    assert store.game("g1")["updated"] >= updated  # a durable commit: the disk holds them all
    assert store.last_seq("g1") == session.game.log[-1]["seq"]
    session.record()                               # nothing new, nothing unsynced: no write
    assert store.unsynced is None
    store.close()


def test_a_prompt_after_new_events_stores_them_in_one_durable_commit(tmp_path):
    session, store = _session(tmp_path, names="Ana,Beto,Caro,Dani")   # (4: placements, no claims)
    session.command("bot 1")
    session.record()
    s = session.game.state
    assert s.to_place() > 1
    c = s.owner.index(s.cur)
    session.command("place 1 %s" % s.board.cid(c))   # (no turn's end: stored at the prompt)
    assert store.last_seq("g1") < session.game.log[-1]["seq"]
    commits = store.commits
    session.record()
    assert store.commits == commits + 1 and store.unsynced is None
    assert store.last_seq("g1") == session.game.log[-1]["seq"]
    store.close()


def _row(store, game):
    con = sqlite3.connect(store.path)
    try:
        return con.execute("SELECT seq, players, result, board, ruleset, events FROM summaries"
                           " WHERE game=?", (game,)).fetchone()
    finally:
        con.close()


@pytest.mark.parametrize("ruleset,moves", [
    ("teg", ["bot 5", "undo", "bot 2", "undo", "undo", "bot 4000"]),
    ("risk", ["bot 7", "undo", "bot 4000"]),
    ("war", ["bot 9", "undo", "bot 3"]),
    ("revancha", ["bot 6", "undo", "bot 4"]),
    ("teg2", ["bot 5", "undo", "bot 4000"]),
])
def test_the_played_games_row_is_the_row_a_fold_of_the_stored_game_gives(tmp_path, ruleset, moves):
    session, store = _session(tmp_path, ruleset)
    for line in moves:
        try:
            session.command(line)
        except Exception as exc:   # (an undo with nothing to take back: refused, played on)
            assert "undo" in line, exc
        session.record()
        kept = _row(store, "g1")
        folded = store._fold("g1")
        assert kept == (store.last_seq("g1"),) + summaries.row_of(folded) + (folded.count,), line
    if moves[-1] == "bot 4000":
        assert kept[2].endswith(" won")
    store.close()

