"""Which of the club's tables plays each drawn table of a round, and what a table's laptop learns
of it (docs/decisions/club-round-at-the-table.md).

At the draw, drawn table k goes to the club's k-th table that is not revoked (in the order the
organiser made them: ``comando club table``); drawn tables beyond the club's tables stay without
one (their games are still linked by their players, club/results.py). A table's token then
reads its round: GET /api/table answers the tournament, the round, the drawn table's number,
its players in seat order and the round's clock, which `comando play --club` starts its game
with and `comando club join` says.
"""

from __future__ import annotations

import json


def assign(conn, cid: int, tid: int, number: int, count: int) -> None:
    """Drawn tables 1..count of round ``number`` to the club's live tables, in their order."""
    ids = [r[0] for r in conn.execute(
        "SELECT id FROM tables WHERE club=%s AND revoked IS NULL ORDER BY id LIMIT %s",
        (cid, count)).fetchall()]
    for tno, table_id in enumerate(ids, 1):
        conn.execute("INSERT INTO round_tables(tournament, round, table_no, table_id) VALUES"
                     " (%s,%s,%s,%s)", (tid, number, tno, table_id))


def table_of(conn, tid: int, number: int, tno: int):
    """The club table's id playing drawn table ``tno`` (None: none assigned)."""
    row = conn.execute("SELECT table_id FROM round_tables WHERE tournament=%s AND round=%s AND"
                       " table_no=%s", (tid, number, tno)).fetchone()
    return row[0] if row else None


def names(conn, tid: int, number: int) -> dict:
    """Drawn table number -> the name of the club table playing it."""
    return dict(conn.execute(
        "SELECT rt.table_no, t.name FROM round_tables rt JOIN tables t ON t.id=rt.table_id"
        " WHERE rt.tournament=%s AND rt.round=%s", (tid, number)).fetchall())


def players_at(conn, table_id: int, seats: int):
    """The players, in seat order, of the open drawn table this club table plays with that many
    seats (the latest drawn); None when it plays none."""
    for tid, number, tno in conn.execute(
            "SELECT rt.tournament, rt.round, rt.table_no FROM round_tables rt JOIN rounds r ON"
            " r.tournament=rt.tournament AND r.number=rt.round JOIN tournaments t ON"
            " t.id=rt.tournament WHERE rt.table_id=%s AND r.closed IS NULL"
            " ORDER BY t.created DESC, t.id DESC", (table_id,)).fetchall():
        names = [n for (n,) in conn.execute(
            "SELECT p.name FROM seats s JOIN players p ON p.id=s.player WHERE s.tournament=%s"
            " AND s.round=%s AND s.table_no=%s ORDER BY s.seat", (tid, number, tno))]
        if len(names) == seats:
            return names
    return None


def at_table(club, table_id: int):
    """The open round this club table plays now (the latest drawn, if several tournaments run
    at once): {"tournament", "id", "ruleset", "round", "table_no", "players", "clock", "game"};
    None when it plays none."""
    with club._conn() as conn:
        row = conn.execute(
            "SELECT t.id, t.name, t.ruleset, r.number, rt.table_no, r.clock FROM round_tables rt"
            " JOIN rounds r ON r.tournament=rt.tournament AND r.number=rt.round"
            " JOIN tournaments t ON t.id=rt.tournament WHERE rt.table_id=%s AND r.closed IS NULL"
            " ORDER BY t.created DESC, t.id DESC LIMIT 1", (table_id,)).fetchone()
        if row is None:
            return None
        tid, name, ruleset, number, tno, clock = row
        players = [n for (n,) in conn.execute(
            "SELECT p.name FROM seats s JOIN players p ON p.id=s.player WHERE s.tournament=%s"
            " AND s.round=%s AND s.table_no=%s ORDER BY s.seat", (tid, number, tno))]
        game = conn.execute("SELECT game FROM round_games WHERE tournament=%s AND round=%s AND"
                            " table_no=%s", (tid, number, tno)).fetchone()
    return {"tournament": name, "id": tid, "ruleset": ruleset, "round": number, "table_no": tno,
            "players": players, "clock": json.loads(clock), "game": game[0] if game else None}


def words(r: dict) -> str:
    """The round as `comando club join` says it."""
    from comando.clock_options import words as w
    clock = ", ".join("%s %s" % (k, w(v) if isinstance(v, int) else v)
                      for k, v in r["clock"].items()) or "no clock"
    return "round %d of %r, table %d: %s; the round's clock: %s" % (
        r["round"], r["tournament"], r["table_no"], ", ".join(r["players"]), clock)
