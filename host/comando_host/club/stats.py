"""A player's statistics at the club, from the results recorded as games end
(club/results.py): games and wins, by ruleset and by seat, the rating per ruleset, luck over
time (armies lost against the dice's expected losses, game by game, as the page computes it per
game: comando_host/web/pageview.py), and rivals (the players met most, and who placed above whom).
"""

from __future__ import annotations

from comando_host.club import ratings
from comando_host.club.db import ClubError, check_name


def player(club, cid: int, name: str) -> dict:
    name = check_name(name, "player")
    with club._conn() as conn:
        row = conn.execute("SELECT id FROM players WHERE club=%s AND name=%s",
                           (cid, name)).fetchone()
        if row is None:
            raise ClubError(404, "no player %r at this club" % (name,))
        pid = row[0]
        games = conn.execute(
            "SELECT r.game, g.ruleset, r.seat, r.place, r.won, r.objective, r.lost, r.expected,"
            " r.ended FROM results r JOIN games g ON g.id=r.game WHERE r.player=%s"
            " ORDER BY r.ended, r.game", (pid,)).fetchall()
        rated = conn.execute("SELECT ruleset, mu, sigma, games FROM ratings WHERE player=%s"
                             " ORDER BY ruleset", (pid,)).fetchall()
        met = conn.execute(
            "SELECT p.name, count(*), sum(CASE WHEN me.place < o.place THEN 1 ELSE 0 END),"
            " sum(CASE WHEN me.place > o.place THEN 1 ELSE 0 END) FROM results me"
            " JOIN results o ON o.game=me.game AND o.seat<>me.seat JOIN players p ON p.id=o.player"
            " WHERE me.player=%s GROUP BY p.name ORDER BY count(*) DESC, p.name LIMIT 10",
            (pid,)).fetchall()
    by_rs, by_seat, luck, total = {}, {}, [], 0.0
    for game, rs, seat, place, won, objective, lost, expected, ended in games:
        for key, d in ((rs, by_rs), (seat + 1, by_seat)):
            s = d.setdefault(key, {"games": 0, "wins": 0})
            s["games"] += 1
            s["wins"] += bool(won)
        total += lost - expected
        luck.append({"game": game, "ruleset": rs, "lost": lost,
                     "expected": round(expected, 3), "luck": round(lost - expected, 3),
                     "total": round(total, 3)})
    return {
        "player": name,
        "games": len(games),
        "wins": sum(1 for g in games if g[4]),
        "objectives": sum(1 for g in games if g[5]),
        "by_ruleset": by_rs,
        "by_seat": {str(k): v for k, v in sorted(by_seat.items())},
        "ratings": {rs: {"mu": round(mu, 3), "sigma": round(sigma, 3),
                         "ordinal": round(ratings.ordinal(mu, sigma), 3), "games": n}
                    for rs, mu, sigma, n in rated},
        # luck: above 0, the player lost more armies than the dice thrown would on average
        "luck": luck,
        "rivals": [{"player": n, "games": c, "above": a, "below": b} for n, c, a, b in met],
    }


def words(s: dict) -> str:
    """The statistics as `comando club stats PLAYER` prints them."""
    lines = ["%s: %d games, %d won (%d by the secret objective)" % (
        s["player"], s["games"], s["wins"], s["objectives"])]
    for rs, r in s["ratings"].items():
        w = s["by_ruleset"].get(rs, {"games": 0, "wins": 0})
        lines.append("  %-9s rating %.2f (mu %.2f, sigma %.2f), %d games, %d won"
                     % (rs, r["ordinal"], r["mu"], r["sigma"], w["games"], w["wins"]))
    if s["by_seat"]:
        lines.append("  by seat: " + ", ".join("%s: %d/%d" % (k, v["wins"], v["games"])
                                                for k, v in s["by_seat"].items()))
    if s["luck"]:
        last = s["luck"][-1]
        lines.append("  luck: %+.1f armies lost against the dice's expectation over %d games "
                     "(last game %+.1f)" % (last["total"], len(s["luck"]), last["luck"]))
    for r in s["rivals"][:5]:
        lines.append("  rival %s: %d games together, placed above %d, below %d"
                     % (r["player"], r["games"], r["above"], r["below"]))
    return "\n".join(lines)
