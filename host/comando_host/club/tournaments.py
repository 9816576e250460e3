"""A club's tournaments on its database: made with a ruleset and a scoring scheme, players
registered, rounds drawn (club/draw.py, on the players' ratings and the opponents they met),
the round's clock set, rounds closed, standings after each round (club/scoring.py). A drawn
table's game is linked when it ends (club/results.py). Every function takes the Club and the
organiser's club id: an organiser reaches only the club's own tournaments.
"""

from __future__ import annotations

import json
import secrets

from comando_host.club import draw, ratings, scoring, seating
from comando_host.club.db import ClubError, check_name
from comando_host.club.results import player_id

MAX_ENTRANTS = 200


def _rules(ruleset):
    from comando import engine
    try:
        return engine.get_rules(ruleset)
    except ValueError:
        from comando.registry import IDS
        raise ClubError(400, "unknown ruleset %r: one of %s" % (ruleset, ", ".join(IDS))) from None


def create(club, cid: int, name, ruleset, scheme) -> int:
    """A new tournament; ``scheme``: a scheme's name or its data (a dict: a custom table)."""
    import psycopg
    name = check_name(name, "tournament")
    if not isinstance(ruleset, str):
        raise ClubError(400, "tournament: give its ruleset")
    rules = _rules(ruleset)
    try:
        draw.limits(rules.min_players, rules.max_players)
    except draw.DrawError as exc:
        raise ClubError(400, str(exc)) from None
    try:
        data = scoring.check(scheme) if isinstance(scheme, dict) else scoring.load(str(scheme))
    except scoring.SchemeError as exc:
        raise ClubError(400, str(exc)) from None
    with club._conn() as conn:
        try:
            return conn.execute("INSERT INTO tournaments(club, name, ruleset, scheme) VALUES"
                                " (%s,%s,%s,%s) RETURNING id", (cid, name, ruleset.lower(),
                                                               json.dumps(data))).fetchone()[0]
        except psycopg.errors.UniqueViolation:
            raise ClubError(409, "the club has a tournament %r already" % name) from None


def find(club, cid: int, ref) -> int:
    """A tournament of the club by id (digits) or name; ClubError 404."""
    with club._conn() as conn:
        row = None
        if isinstance(ref, int) or (isinstance(ref, str) and ref.isdigit()):
            row = conn.execute("SELECT id FROM tournaments WHERE id=%s AND club=%s",
                               (int(ref), cid)).fetchone()
        if row is None and isinstance(ref, str):
            row = conn.execute("SELECT id FROM tournaments WHERE name=%s AND club=%s",
                               (ref, cid)).fetchone()
    if row is None:
        raise ClubError(404, "no tournament %r at this club" % (ref,))
    return row[0]


def club_of(club, tid) -> int:
    """The club a tournament is of (its public reads: a spectator names no club); 404."""
    try:
        tid = int(tid)
    except (TypeError, ValueError):
        raise ClubError(404, "no tournament %r" % (tid,)) from None
    with club._conn() as conn:
        row = conn.execute("SELECT club FROM tournaments WHERE id=%s", (tid,)).fetchone()
    if row is None:
        raise ClubError(404, "no tournament %s" % tid)
    return row[0]


def _head(conn, cid, tid):
    row = conn.execute("SELECT name, ruleset, scheme FROM tournaments WHERE id=%s AND club=%s",
                       (tid, cid)).fetchone()
    if row is None:
        raise ClubError(404, "no tournament %s at this club" % tid)
    return row[0], row[1], json.loads(row[2])


def _last_round(conn, tid):
    return conn.execute("SELECT number, closed IS NOT NULL FROM rounds WHERE tournament=%s"
                        " ORDER BY number DESC LIMIT 1", (tid,)).fetchone()


def register(club, cid: int, tid: int, names) -> list[str]:
    """Register players (names); those registered already stay once. Before the first draw."""
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, list) or not names:
        raise ClubError(400, "register: give the players' names")
    names = [check_name(n, "player") for n in names]
    with club._conn() as conn, conn.transaction():
        _head(conn, cid, tid)
        conn.execute("SELECT id FROM tournaments WHERE id=%s FOR UPDATE", (tid,))
        if _last_round(conn, tid):
            raise ClubError(409, "the tournament's first round is drawn: registration is closed")
        have = conn.execute("SELECT count(*) FROM entrants WHERE tournament=%s", (tid,)).fetchone()[0]
        if have + len(names) > MAX_ENTRANTS:
            raise ClubError(400, "a tournament of at most %d players" % MAX_ENTRANTS)
        for n in names:
            conn.execute("INSERT INTO entrants(tournament, player) VALUES (%s,%s) ON CONFLICT"
                         " DO NOTHING", (tid, player_id(conn, cid, n)))
    return names


def draw_round(club, cid: int, tid: int, seed=None) -> dict:
    """The next round's draw, stored; {"round", "seed", "tables": [[names]]}."""
    if seed is None:
        seed = secrets.randbelow(1 << 31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 62:
        raise ClubError(400, "the draw's seed is a whole number from 0")
    with club._conn() as conn, conn.transaction():
        _, ruleset, _ = _head(conn, cid, tid)
        conn.execute("SELECT id FROM tournaments WHERE id=%s FOR UPDATE", (tid,))
        last = _last_round(conn, tid)
        if last and not last[1]:
            raise ClubError(409, "round %d is open: close it before drawing the next" % last[0])
        number = last[0] + 1 if last else 1
        rows = conn.execute(
            "SELECT p.name, r.mu, r.sigma FROM entrants e JOIN players p ON p.id=e.player"
            " LEFT JOIN ratings r ON r.player=p.id AND r.ruleset=%s WHERE e.tournament=%s",
            (ruleset, tid)).fetchall()
        mu0, sigma0 = ratings.default()
        rating = {n: ratings.ordinal(mu if mu is not None else mu0,
                                     sigma if sigma is not None else sigma0)
                  for n, mu, sigma in rows}
        met = set()
        earlier = conn.execute(
            "SELECT array_agg(p.name) FROM seats s JOIN players p ON p.id=s.player"
            " WHERE s.tournament=%s GROUP BY s.round, s.table_no", (tid,)).fetchall()
        for (names,) in earlier:
            met.update(draw.pair(a, b) for i, a in enumerate(names) for b in names[i + 1:])
        rules = _rules(ruleset)
        lo, hi = draw.limits(rules.min_players, rules.max_players)
        try:
            tables = draw.draw(sorted(rating), rating, met, seed, lo, hi)
        except draw.DrawError as exc:
            raise ClubError(409, str(exc)) from None
        conn.execute("INSERT INTO rounds(tournament, number, seed) VALUES (%s,%s,%s)",
                     (tid, number, seed))
        ids = dict(conn.execute("SELECT p.name, p.id FROM entrants e JOIN players p ON"
                                " p.id=e.player WHERE e.tournament=%s", (tid,)).fetchall())
        for tno, names in enumerate(tables, 1):
            for seat, n in enumerate(names):
                conn.execute("INSERT INTO seats(tournament, round, table_no, seat, player)"
                             " VALUES (%s,%s,%s,%s,%s)", (tid, number, tno, seat, ids[n]))
        seating.assign(conn, cid, tid, number, len(tables))
    return {"round": number, "seed": seed, "tables": tables}


def set_clock(club, cid: int, tid: int, number, text) -> dict:
    """The round's clock, as ``--option clock=`` words (limit:90m,end:roll ...), checked by the
    ruleset's rules (comando.clock_options); its option dict."""
    from comando.clock import ClockError
    from comando.clock_options import check_options, parse
    if not isinstance(text, str):
        raise ClubError(400, "the round's clock: give it as limit:90m,end:roll (turn:, budget:, "
                        "attime: too)")
    with club._conn() as conn, conn.transaction():
        _, ruleset, _ = _head(conn, cid, tid)
        row = conn.execute("SELECT closed FROM rounds WHERE tournament=%s AND number=%s"
                           " FOR UPDATE", (tid, number)).fetchone()
        if row is None:
            raise ClubError(404, "no round %s in this tournament (draw it first)" % number)
        if row[0] is not None:
            raise ClubError(409, "round %s is closed" % number)
        try:
            opts = parse(text)
            check_options(opts, getattr(_rules(ruleset), "at_time", ("countries",)))
        except ClockError as exc:
            raise ClubError(400, "the round's clock: %s" % exc) from None
        conn.execute("UPDATE rounds SET clock=%s WHERE tournament=%s AND number=%s",
                     (json.dumps(opts), tid, number))
    return opts


def close_round(club, cid: int, tid: int, number) -> None:
    """Close a round once each of its tables has its game (ClubError 409 naming those without)."""
    with club._conn() as conn, conn.transaction():
        _head(conn, cid, tid)
        row = conn.execute("SELECT closed FROM rounds WHERE tournament=%s AND number=%s"
                           " FOR UPDATE", (tid, number)).fetchone()
        if row is None:
            raise ClubError(404, "no round %s in this tournament" % number)
        if row[0] is not None:
            raise ClubError(409, "round %s is closed already" % number)
        open_ = [t for (t,) in conn.execute(
            "SELECT DISTINCT s.table_no FROM seats s LEFT JOIN round_games g ON"
            " g.tournament=s.tournament AND g.round=s.round AND g.table_no=s.table_no"
            " WHERE s.tournament=%s AND s.round=%s AND g.game IS NULL ORDER BY 1",
            (tid, number)).fetchall()]
        if open_:
            raise ClubError(409, "round %s: table%s %s ha%s no finished game yet" % (
                number, "s" if len(open_) > 1 else "", ", ".join(map(str, open_)),
                "ve" if len(open_) > 1 else "s"))
        conn.execute("UPDATE rounds SET closed=now() WHERE tournament=%s AND number=%s",
                     (tid, number))


def show(club, cid: int, tid: int) -> dict:
    """The tournament: its scheme, entrants, and each round's tables, clock and games."""
    with club._conn() as conn:
        name, ruleset, scheme = _head(conn, cid, tid)
        entrants = [n for (n,) in conn.execute(
            "SELECT p.name FROM entrants e JOIN players p ON p.id=e.player WHERE"
            " e.tournament=%s ORDER BY p.name", (tid,))]
        rounds = []
        for number, seed, clock, closed in conn.execute(
                "SELECT number, seed, clock, closed IS NOT NULL FROM rounds WHERE tournament=%s"
                " ORDER BY number", (tid,)).fetchall():
            tables = {}
            for tno, pname in conn.execute(
                    "SELECT s.table_no, p.name FROM seats s JOIN players p ON p.id=s.player"
                    " WHERE s.tournament=%s AND s.round=%s ORDER BY s.table_no, s.seat",
                    (tid, number)):
                tables.setdefault(tno, {"table": tno, "players": [], "game": None})
                tables[tno]["players"].append(pname)
            for tno, game in conn.execute("SELECT table_no, game FROM round_games WHERE"
                                          " tournament=%s AND round=%s", (tid, number)):
                tables[tno]["game"] = game
            for tno, at in seating.names(conn, tid, number).items():
                tables[tno]["at"] = at          # the club table (its laptop) that plays it
            rounds.append({"round": number, "seed": seed, "clock": json.loads(clock),
                           "closed": closed, "tables": [tables[k] for k in sorted(tables)]})
    return {"id": tid, "name": name, "ruleset": ruleset, "scheme": scheme,
            "entrants": entrants, "rounds": rounds}


def standings(club, cid: int, tid: int, through=None) -> dict:
    """The standings after the closed rounds (``through``: after that round); each row with the
    player's rating (ordinal) of the tournament's ruleset."""
    with club._conn() as conn:
        name, ruleset, scheme = _head(conn, cid, tid)
        q = ("SELECT p.name, r.place, r.objective, r.countries FROM round_games g"
             " JOIN rounds d ON d.tournament=g.tournament AND d.number=g.round"
             " JOIN results r ON r.game=g.game JOIN players p ON p.id=r.player"
             " WHERE g.tournament=%s AND d.closed IS NOT NULL")
        args = [tid]
        if through is not None:
            q += " AND g.round <= %s"
            args.append(int(through))
        rows = conn.execute(q, args).fetchall()
        rated = {n: ratings.ordinal(mu, sigma) for n, mu, sigma in conn.execute(
            "SELECT p.name, r.mu, r.sigma FROM entrants e JOIN players p ON p.id=e.player"
            " JOIN ratings r ON r.player=p.id AND r.ruleset=%s WHERE e.tournament=%s",
            (ruleset, tid))}
        entrants = [n for (n,) in conn.execute(
            "SELECT p.name FROM entrants e JOIN players p ON p.id=e.player WHERE"
            " e.tournament=%s", (tid,))]
        closed = conn.execute("SELECT count(*) FROM rounds WHERE tournament=%s AND closed IS NOT"
                              " NULL", (tid,)).fetchone()[0]
    table = scoring.standings(scheme, rows)
    seen = {s["player"] for s in table}
    for n in sorted(set(entrants) - seen):    # registered, no game counted yet
        table.append({"player": n, "points": 0, "games": 0, "wins": 0, "objectives": 0,
                      "countries": 0, "rank": len(table) + 1})
    for s in table:
        s["rating"] = round(rated.get(s["player"], ratings.ordinal(*ratings.default())), 3)
    return {"tournament": name, "ruleset": ruleset, "scheme": scheme["name"],
            "rounds_closed": closed if through is None else min(closed, int(through)),
            "standings": table}


CSV_FIELDS = ("rank", "player", "points", "games", "wins", "objectives", "countries", "rating")


def csv_text(table: dict) -> str:
    import csv
    import io
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_FIELDS)
    for s in table["standings"]:
        w.writerow([_csv_safe(s[k]) for k in CSV_FIELDS])
    return out.getvalue()


def _csv_safe(v):
    """A name a spreadsheet would run as a formula (=, +, -, @) is quoted with a leading '."""
    if isinstance(v, str) and v[:1] in ("=", "+", "-", "@"):
        return "'" + v
    return v
