"""A player's statistics page at the club, ``GET /players/NAME`` (public, no login): what
`comando club stats PLAYER` says (club/stats.py), as HTML made on the server: games and wins, by
ruleset and by seat, the ratings, luck over time (an SVG line of the running total, game by
game) and rivals (each a link to their own page). No script: the page is its HTML and
club/static/stats.css.

Every name is the player's text, escaped (``html.escape``) wherever it is written, in the body
and in a link's address (quoted): a player called ``<script>`` reads as that text.
"""

from __future__ import annotations

from html import escape
from urllib.parse import quote

CSS = "/static/stats.css"


def _link(name: str, club_q: str) -> str:
    return '<a href="/players/%s%s">%s</a>' % (escape(quote(name, safe=""), quote=True), club_q,
                                             escape(name))


def _table(head, rows, numeric=()) -> str:
    if not rows:
        return '<p class="empty">none yet</p>'
    out = ["<table><tr>"]
    for i, h in enumerate(head):
        out.append('<th%s>%s</th>' % (' class="n"' if i in numeric else "", escape(h)))
    out.append("</tr>")
    for r in rows:
        out.append("<tr>" + "".join('<td%s>%s</td>' % (' class="n"' if i in numeric else "", c)
                                    for i, c in enumerate(r)) + "</tr>")
    out.append("</table>")
    return "".join(out)


def luck_svg(luck, width=360, height=120, pad=8) -> str:
    """The running luck total after each game (armies lost above the dice's expectation), as a
    line around a dashed zero."""
    if not luck:
        return '<p class="empty">no game yet</p>'
    totals = [0.0] + [float(g["total"]) for g in luck]
    top = max(1.0, max(abs(v) for v in totals))
    step = (width - 2 * pad) / max(1, len(totals) - 1)

    def y(v):
        return round(height / 2 - v / top * (height / 2 - pad), 1)
    pts = [(round(pad + i * step, 1), y(v)) for i, v in enumerate(totals)]
    dots = "".join('<circle cx="%s" cy="%s" r="2.5"><title>game %d: %+.1f</title></circle>'
                   % (x, yy, i, totals[i]) for i, (x, yy) in enumerate(pts) if i)
    return ('<svg viewBox="0 0 %d %d" role="img" aria-label="luck over time">'
            '<line class="zero" x1="%d" y1="%s" x2="%d" y2="%s"/>'
            '<polyline class="line" points="%s"/>%s</svg>'
            % (width, height, pad, y(0), width - pad, y(0),
               " ".join("%s,%s" % p for p in pts), dots))


def page(s: dict, club: str | None = None) -> str:
    """The page of the statistics ``s`` (stats.player's dict); ``club``: the ?club= it was
    asked with (kept in the rivals' links)."""
    club_q = "?club=" + escape(quote(club, safe=""), quote=True) if club else ""
    name = escape(s["player"])
    rated = s["ratings"]
    by_rs = [(escape(rs), str(v["games"]), str(v["wins"]),
              "%.2f" % rated[rs]["ordinal"] if rs in rated else "")
             for rs, v in sorted(s["by_ruleset"].items())]
    by_seat = [(escape(k), str(v["games"]), str(v["wins"])) for k, v in s["by_seat"].items()]
    rivals = [(_link(r["player"], club_q), str(r["games"]), str(r["above"]), str(r["below"]))
              for r in s["rivals"]]
    games = [(escape(str(g["game"])), escape(g["ruleset"]), str(g["lost"]),
              "%.1f" % g["expected"], "%+.1f" % g["luck"]) for g in s["luck"][-20:]]
    last = s["luck"][-1]["total"] if s["luck"] else 0.0
    return "".join([
        '<!doctype html><html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>%s: statistics</title>" % name,
        '<link rel="stylesheet" href="%s"></head><body>' % CSS,
        "<header><h1>%s</h1><p>%d games, %d won (%d by the secret objective)</p></header>"
        % (name, s["games"], s["wins"], s["objectives"]),
        "<main>",
        '<section class="rulesets"><h2>By ruleset</h2>%s</section>'
        % _table(("ruleset", "games", "won", "rating"), by_rs, (1, 2, 3)),
        '<section class="seats"><h2>By seat</h2>%s</section>'
        % _table(("seat", "games", "won"), by_seat, (1, 2)),
        '<section class="luck"><h2>Luck over time</h2>%s<p>%+.1f armies lost against the '
        "dice's expectation over %d games (above 0: unluckier than the dice's average)</p>%s"
        "</section>" % (luck_svg(s["luck"]), last, len(s["luck"]),
                        _table(("game", "ruleset", "lost", "expected", "luck"), games,
                               (2, 3, 4)) if games else ""),
        '<section class="rivals"><h2>Rivals</h2>%s</section>'
        % _table(("player", "games together", "placed above", "below"), rivals, (1, 2, 3)),
        "</main></body></html>",
    ])


def missing(text: str) -> str:
    """The page of a refusal (no such player, a bad name): its one line."""
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>not found'
            '</title><link rel="stylesheet" href="%s"></head><body><header><h1>%s</h1></header>'
            "</body></html>" % (CSS, escape(text)))
