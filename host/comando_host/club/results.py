"""What the club records when a game ends (inside the push that stores its last event), once: each
seat's result (club/fold.py ``GameFold.result``: a game on a map, or a device's table session,
whose seats are the players of the round its table plays, club/seating.py), the players' ratings of the game's ruleset
(club/ratings.py), and, when the game's players are exactly a table of an open tournament round
of the club (same ruleset, no game linked yet), the link from that table to the game.
"""

from __future__ import annotations

from comando_host.club import ratings, seating


def player_id(conn, club: int, name: str) -> int:
    """The club's player of that name, made on first sight."""
    row = conn.execute("INSERT INTO players(club, name) VALUES (%s,%s) ON CONFLICT (club, name)"
                       " DO NOTHING RETURNING id", (club, name)).fetchone()
    if row is None:
        row = conn.execute("SELECT id FROM players WHERE club=%s AND name=%s",
                           (club, name)).fetchone()
    return row[0]


def record(conn, game: str, table: int, result) -> None:
    if conn.execute("SELECT 1 FROM results WHERE game=%s", (game,)).fetchone():
        return
    club, ruleset = conn.execute("SELECT t.club, g.ruleset FROM games g JOIN tables t ON"
                                 " t.id=g.table_id WHERE g.id=%s", (game,)).fetchone()
    if any(r["name"] is None for r in result):
        # a table session names colours: its seats are the round's players this table plays,
        # in seat order; a session outside a drawn round names nobody the club can rate
        seated = seating.players_at(conn, table, len(result))
        if seated is None:
            return
        result = [dict(r, name=seated[r["seat"]]) for r in result]
    names = [r["name"] for r in result]
    if len(set(names)) != len(names):
        return      # two seats of one name: not players the club can tell apart
    # players' rows locked in id order: two games ending at once never wait on each other
    ids = {n: player_id(conn, club, n) for n in sorted(names)}
    before = []
    for r in result:
        pid = ids[r["name"]]
        row = conn.execute("SELECT mu, sigma FROM ratings WHERE player=%s AND ruleset=%s"
                           " FOR UPDATE", (pid, ruleset)).fetchone()
        before.append(row or ratings.default())
    after = ratings.rate(before, [r["place"] for r in result])
    for r, (mu, sigma) in zip(result, after):
        pid = ids[r["name"]]
        conn.execute("INSERT INTO ratings(player, ruleset, mu, sigma, games) VALUES"
                     " (%s,%s,%s,%s,1) ON CONFLICT (player, ruleset) DO UPDATE SET mu=EXCLUDED.mu,"
                     " sigma=EXCLUDED.sigma, games=ratings.games+1", (pid, ruleset, mu, sigma))
        conn.execute("INSERT INTO results(game, seat, player, place, won, objective, countries,"
                     " lost, expected, mu, sigma) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
                     (game, r["seat"], pid, r["place"], r["won"], r["objective"], r["countries"],
                      r["lost"], r["expected"], mu, sigma))
    link(conn, game, club, ruleset, sorted(ids.values()), table)


def link(conn, game, club, ruleset, players, table=None) -> None:
    """Link the game to the open round's drawn table of exactly these players, unless that drawn
    table is another club table's to play (club/seating.py)."""
    rows = conn.execute(
        "SELECT s.tournament, s.round, s.table_no, array_agg(s.player ORDER BY s.player)"
        " FROM seats s JOIN rounds r ON r.tournament=s.tournament AND r.number=s.round"
        " JOIN tournaments t ON t.id=s.tournament WHERE t.club=%s AND t.ruleset=%s"
        " AND r.closed IS NULL GROUP BY s.tournament, s.round, s.table_no",
        (club, ruleset)).fetchall()
    for tid, rnd, tno, seated in rows:
        if list(seated) != players:
            continue
        at = seating.table_of(conn, tid, rnd, tno)
        if at is not None and table is not None and at != table:
            continue
        done = conn.execute("SELECT 1 FROM round_games WHERE tournament=%s AND round=%s AND"
                            " table_no=%s", (tid, rnd, tno)).fetchone()
        if not done:
            conn.execute("INSERT INTO round_games(tournament, round, table_no, game) VALUES"
                         " (%s,%s,%s,%s)", (tid, rnd, tno, game))
            return
