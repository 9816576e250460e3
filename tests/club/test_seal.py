"""The sealing a table does before the club sees a game (club/seal.py, docs/club.md Secrets):
the objectives of a laptop's deal leave only as commitments, the ending event reveals them, and
the club's fold reaches the table's winner. The secret objectives are T.E.G.'s (rules in
/work/shared/rules/: T.E.G., "Objetivos secretos"); the commitment scheme is comando.engine.secret."""

from clubtools import play_bot_game, stored_events

from comando import engine
from comando_host.club.fold import GameFold, Illegal, sealed_problem
from comando_host.club.seal import Sealer


def test_sealed_game_folds_to_the_tables_winner_without_objectives_in_clear(tmp_path):
    db = tmp_path / "table.db"
    gid = play_bot_game(db, seed=1)
    events = stored_events(db, gid)
    table = engine.fold(events)
    assert table.winner >= 0 and "obj" in events[1]      # the laptop keeps them in clear
    sealer, club = Sealer(b"table key", gid), GameFold()
    sent = [sealer.feed(e) for e in events]
    for ev in sent:
        assert sealed_problem(ev) is None
        assert "sec" not in ev and "obj" not in ev
        club.feed(ev)
    assert "oh" in sent[1] and len(sent[1]["oh"]) == 4
    reveals = [ev["seq"] for ev in sent if "rv" in ev]
    assert reveals == [events[-1]["seq"]]               # revealed by the event that ends it only
    assert club.state.winner == table.winner and club.state.obj == table.obj
    # the same events sealed again are the same bytes: a resend is idempotent at the club
    again = Sealer(b"table key", gid)
    assert [again.feed(e) for e in events] == sent
    other = Sealer(b"another table's key", gid)
    assert other.feed(events[0]) == sent[0] and other.feed(events[1])["oh"] != sent[1]["oh"]


def test_the_club_refuses_a_secret_in_clear_and_an_illegal_event():
    assert "in clear" in sealed_problem({"seq": 2, "t": "deal", "obj": [3, 5, 1]})
    assert sealed_problem({"seq": 2, "t": "deal", "obj": [-1, -1]}) is None
    assert "sec" in sealed_problem({"seq": 2, "t": "deal", "sec": {"obj": [1]}})
    assert "cmd" in sealed_problem({"seq": 9, "t": "lock", "p": 0, "h": "ab", "cmd": "3/0/5"})
    g = GameFold()
    try:
        g.feed({"seq": 1, "t": "claim", "c": 3, "p": 0})
        raise AssertionError("a game without its new event was folded")
    except Illegal as exc:
        assert "event 1 (claim)" in str(exc)
