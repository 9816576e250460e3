"""The club's broadcast page (docs/club.md, "The broadcast page"): public and read-only.

Routes (no login: spectators read; every answer holds only what the club holds, sealed):
    GET /                              every table at once (club/static/broadcast.*): a small
                                       live map each, whose turn, the phase, the last battle
    GET /api/broadcast                 every table's card (its latest game), as the page starts
    GET /games/{id}                    a game's full page: the table's own page.html/page.js in
                                       its read-only club mode (no input script, no input)
    GET /api/games/{id}/view?at=N      that page's view (comando_host/web/pageview), after N events
    GET /api/games/{id}/map.svg        the game's board (comando_host/maps/svgmap)
    GET /tournaments/{id}/projector    a tournament's standings in big type, refreshed live
    GET /broadcast/static/...          the club's static files; /static/... the table page's
The page hears the cards over /ws (club/live.py: it says ``{"op": "cards"}``).
"""

from __future__ import annotations

import os
from html import escape

from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from comando.errors import ComandoError
from comando_host.club.clubgames import ClubGames
from comando_host.club.db import ClubError
from comando_host.maps import geometry, svgmap

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
PAGE_STATIC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                           "web", "static")
NO_STORE = {"cache-control": "no-store"}
# the club's copy of the table's page: no input half, the pickers of the table's own games hidden
CLUB_STYLE = "<style>.pick,#newgame,#input,#readonly{display:none!important}</style>"


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def club_page_html(gid: str) -> str:
    """page.html in its club mode for game ``gid`` (page.js reads the ``comando-club-game``)."""
    html = _read(os.path.join(PAGE_STATIC, "page.html"))
    html = html.replace('<script src="/static/input.js"></script>', "")
    html = html.replace('<meta name="comando-key" content="">',
                        '<meta name="comando-club-game" content="%s">' % escape(gid, quote=True))
    return html.replace("</head>", CLUB_STYLE + "\n</head>")


def routes(club, guarded, live):
    """The broadcast routes on ``club``; they make ``live`` carry the tables' cards."""
    games = ClubGames(club)
    live.card = games.card
    live.cards_of = games.cards_of

    def page(name):
        async def endpoint(request):
            return Response(_read(os.path.join(HERE, name)), media_type="text/html",
                            headers=NO_STORE)
        return endpoint

    @guarded
    async def cards(request):
        # the cards kept by the live feed, made again only for the games that moved since
        latest = await run_in_threadpool(club.latest_games)
        out = await run_in_threadpool(games.latest_cards, latest)
        return JSONResponse({"cards": out}, headers=NO_STORE)

    @guarded
    async def game_page(request):
        gid = request.path_params["gid"]
        if await run_in_threadpool(games.board, gid) is None:
            raise ClubError(404, "no game %r at this club" % gid)
        return Response(club_page_html(gid), media_type="text/html", headers=NO_STORE)

    @guarded
    async def view(request):
        gid = request.path_params["gid"]
        at = request.query_params.get("at")
        if at is not None and not at.isdigit():
            raise ClubError(400, "at: the number of events to show (0 or more)")
        try:
            out = await run_in_threadpool(games.view, gid, None if at is None else int(at))
        except ValueError as exc:
            raise ClubError(400, str(exc)) from None
        if out is None:
            raise ClubError(404, "no game %r at this club" % gid)
        return JSONResponse(out, headers=NO_STORE)

    @guarded
    async def board_svg(request):
        gid = request.path_params["gid"]
        bid = await run_in_threadpool(games.board, gid)
        if bid is None:
            raise ClubError(404, "no game %r at this club" % gid)
        if not bid:
            raise ClubError(404, "game %s names no board: there is no map to draw" % gid)
        try:
            lay = geometry.load_layout(bid, auto=True)
        except ComandoError as exc:   # a board or layout missing or invalid
            raise ClubError(404, str(exc)) from None
        return Response(svgmap.render(lay), media_type="image/svg+xml")

    return [
        Route("/", page("broadcast.html")),
        Route("/api/broadcast", cards, methods=["GET"]),
        Route("/games/{gid}", game_page, methods=["GET"]),
        Route("/api/games/{gid}/view", view, methods=["GET"]),
        Route("/api/games/{gid}/map.svg", board_svg, methods=["GET"]),
        Route("/tournaments/{tid}/projector", page("projector.html")),
        Mount("/broadcast/static", StaticFiles(directory=HERE), name="broadcast"),
        Mount("/static", StaticFiles(directory=PAGE_STATIC), name="page"),
    ]
