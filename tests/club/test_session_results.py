"""A device's table session at a club table records its results when it ends (issue 25), as a
game on a map does: the session names colours, so its seats are the players of the drawn round
the table plays, in seat order (club/seating.py); places winner first, then those still in, then
those out (the last out first); luck from its rolls' records; the drawn table linked, the
standings and the ratings counting it. A session outside a round names nobody to rate: nothing
recorded. On a real throwaway PostgreSQL cluster (tests/club/conftest.py)."""

import pytest

from comando.dice import SeededDice
from comando.session import replay
from comando_host.club import stats, tournaments
from comando_host.club.db import Club

COLOURS = ["blue", "red", "black", "yellow"]


def session_game(seed=3, out=False):
    """A T.E.G. table session to its end: opening, placements, a round of rolls, (``out``: the
    seat across from the player on turn eliminated,) then a victory claimed by the player on
    turn; (its events, the winner's seat, the seat out or None)."""
    t = replay.Table("teg", list(COLOURS), rng=SeededDice(seed))
    t.act({"t": "first"})
    for _ in range(8):
        t.act({"t": "place", "p": t.state.cur})
    t.act({"t": "round"})
    for _ in range(2):
        p = t.state.cur
        t.act({"t": "roll", "p": p, "d": (p + 1) % 4, "a": 6, "b": 3})
        t.act({"t": "end", "p": p})
    gone = None
    if out:
        gone = (t.state.cur + 2) % 4
        t.act({"t": "out", "p": gone, "by": t.state.cur})
    winner = t.state.cur
    t.act({"t": "win", "p": winner})
    return t.events, winner, gone


@pytest.fixture
def club(pg_url):
    c = Club(pg_url, max_size=2)
    yield c
    c.close()


def test_a_table_session_at_a_drawn_table_records_its_results(club):
    cid = club.create_club("Session club", "org", "password!")
    t1, _ = club.create_table(cid, "table 1")
    t2, _ = club.create_table(cid, "table 2")
    tid = tournaments.create(club, cid, "Device cup", "teg", "risiko")
    names = ["Ana", "Beto", "Caro", "<b>Dani</b>", "Eva", "Fede", "Gus", "Hebe"]
    tournaments.register(club, cid, tid, names)
    drawn = tournaments.draw_round(club, cid, tid, seed=5)["tables"]
    events, winner, out_seat = session_game(out=True)
    assert club.push(t1, "dev-1", events) == len(events)
    st = stats.player(club, cid, drawn[0][winner])
    assert st["games"] == 1 and st["wins"] == 1 and st["ratings"]["teg"]["games"] == 1
    info = tournaments.show(club, cid, tid)
    assert info["rounds"][0]["tables"][0]["game"] == "dev-1"
    with club._conn() as conn:
        rows = conn.execute("SELECT r.seat, p.name, r.place, r.won FROM results r JOIN players p"
                            " ON p.id=r.player WHERE r.game='dev-1' ORDER BY r.place").fetchall()
        lost, expected = conn.execute("SELECT sum(lost), sum(expected) FROM results WHERE"
                                      " game='dev-1'").fetchone()
    # luck from the rolls' records: every army they lost, against the dice's expectation
    assert lost == sum(e["r"]["al"] + e["r"]["dl"] for e in events if e["t"] == "roll")
    # each roll of 3 dice against 3 loses 3 armies between the two sides, whatever the dice
    assert expected == pytest.approx(2 * 3.0)
    assert [r[1] for r in sorted(rows)] == drawn[0]                 # seat i: the i-th drawn
    assert rows[0][0] == winner and rows[0][3] and not any(r[3] for r in rows[1:])
    assert rows[-1][0] == out_seat                                   # the one out: last place
    # a second push of the same events records nothing twice
    assert club.push(t1, "dev-1", events) == len(events)
    assert stats.player(club, cid, drawn[0][winner])["games"] == 1
    # table 2 plays drawn table 2: its session is named by table 2's players
    events2, winner2, _ = session_game(seed=4)
    club.push(t2, "dev-2", events2)
    assert stats.player(club, cid, drawn[1][winner2])["wins"] == 1
    tournaments.close_round(club, cid, tid, 1)
    table = tournaments.standings(club, cid, tid)
    assert sum(s["games"] for s in table["standings"]) == 8
    assert sum(s["wins"] for s in table["standings"]) == 2


def test_a_table_session_outside_a_round_records_nothing(club):
    cid = club.create_club("Casual club", "org2", "password!")
    t1, _ = club.create_table(cid, "table 1")
    events, _, _ = session_game()
    assert club.push(t1, "casual", events) == len(events)
    assert club.game("casual")["players"] == COLOURS
    with club._conn() as conn:
        assert conn.execute("SELECT count(*) FROM results WHERE game='casual'").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM players WHERE club=%s",
                            (cid,)).fetchone()[0] == 0       # no player called "blue"


def test_a_session_undo_takes_its_luck_back(club):
    """The luck counted from a roll an undo took back is taken back too."""
    from comando_host.club.fold import GameFold
    events, _, _ = session_game()
    rolls = [e for e in events if e["t"] == "roll"]
    f = GameFold()
    for e in events:
        f.feed(e)
    assert sum(f.expected) > 0
    g = GameFold()
    upto = [e for e in events if e["seq"] < rolls[0]["seq"]]
    for e in upto + [rolls[0]]:
        g.feed(e)
    assert sum(g.expected) > 0
    g.feed({"t": "undo", "to": upto[-1]["seq"], "seq": rolls[0]["seq"] + 1})
    assert sum(g.expected) == 0 and sum(g.lost) == 0
