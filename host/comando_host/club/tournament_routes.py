"""The club's tournament and player-statistics routes (docs/club.md, "Tournaments"), and a
player's statistics page (``/players/NAME``, HTML: club/stats_page.py).

Organiser routes need the organiser's session (``organiser``); reads are public. Each endpoint
goes through the server's ``guarded`` so a refusal is one line with its HTTP status.
"""

import os

import psycopg
from psycopg_pool import PoolTimeout
from starlette.concurrency import run_in_threadpool
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse
from starlette.routing import Route

from comando_host.club import stats, stats_page, tournaments
from comando_host.club.db import ClubError, DatabaseDown, one_line
from comando_host.club.requests import read_json

STATS_CSS = os.path.join(os.path.dirname(__file__), "static", "stats.css")


def tid_of(request):
    try:
        return int(request.path_params["tid"])
    except ValueError:
        raise ClubError(404, "no tournament %r" % request.path_params["tid"]) from None


def round_of(request):
    try:
        return int(request.path_params["n"])
    except ValueError:
        raise ClubError(404, "no round %r" % request.path_params["n"]) from None


def routes(club, guarded, organiser):
    """The routes, bound to ``club``; ``organiser(request)`` answers (login, club id) or refuses."""
    @guarded
    async def new_tournament(request):
        _, cid = await organiser(request)
        body = await read_json(request)
        tid = await run_in_threadpool(tournaments.create, club, cid, body.get("name"),
                                      body.get("ruleset"), body.get("scheme", "risiko"))
        return JSONResponse({"id": tid})

    @guarded
    async def register(request):
        _, cid = await organiser(request)
        body = await read_json(request)
        names = await run_in_threadpool(tournaments.register, club, cid, tid_of(request),
                                        body.get("names"))
        return JSONResponse({"registered": names})

    @guarded
    async def draw_round(request):
        _, cid = await organiser(request)
        body = await read_json(request)
        return JSONResponse(await run_in_threadpool(tournaments.draw_round, club, cid,
                                                    tid_of(request), body.get("seed")))

    @guarded
    async def round_clock(request):
        _, cid = await organiser(request)
        body = await read_json(request)
        opts = await run_in_threadpool(tournaments.set_clock, club, cid, tid_of(request),
                                       round_of(request), body.get("clock"))
        return JSONResponse({"clock": opts})

    @guarded
    async def close_round(request):
        _, cid = await organiser(request)
        n = round_of(request)
        await run_in_threadpool(tournaments.close_round, club, cid, tid_of(request), n)
        return JSONResponse({"closed": n})

    @guarded
    async def tournament(request):
        tid = tid_of(request)
        cid = await run_in_threadpool(tournaments.club_of, club, tid)
        return JSONResponse(await run_in_threadpool(tournaments.show, club, cid, tid))

    @guarded
    async def standings(request):
        tid = tid_of(request)
        through = request.query_params.get("through")
        if through is not None and not through.isdigit():
            raise ClubError(400, "through: a round's number")
        cid = await run_in_threadpool(tournaments.club_of, club, tid)
        table = await run_in_threadpool(tournaments.standings, club, cid, tid,
                                        None if through is None else int(through))
        if request.query_params.get("format") == "csv":
            return PlainTextResponse(tournaments.csv_text(table), media_type="text/csv")
        return JSONResponse(table)

    @guarded
    async def player_stats(request):
        cid = await run_in_threadpool(club.club_for, request.query_params.get("club"))
        return JSONResponse(await run_in_threadpool(stats.player, club, cid,
                                                    request.path_params["name"]))


    async def player_page(request):
        """The statistics as HTML (club/stats_page.py); a refusal is its line, as a page."""
        asked = request.query_params.get("club")
        try:
            cid = await run_in_threadpool(club.club_for, asked)
            s = await run_in_threadpool(stats.player, club, cid, request.path_params["name"])
        except ClubError as exc:
            return HTMLResponse(stats_page.missing(str(exc)), status_code=exc.status)
        except DatabaseDown as exc:
            return HTMLResponse(stats_page.missing(str(exc)), status_code=503)
        except (psycopg.OperationalError, PoolTimeout) as exc:
            return HTMLResponse(stats_page.missing("the club database is unreachable: %s"
                                                   % one_line(exc)), status_code=503)
        return HTMLResponse(stats_page.page(s, asked))

    async def stats_css(request):
        return FileResponse(STATS_CSS, media_type="text/css")

    return [
        Route("/players/{name:path}", player_page, methods=["GET"]),
        Route("/static/stats.css", stats_css, methods=["GET"]),
        Route("/api/tournaments", new_tournament, methods=["POST"]),
        Route("/api/tournaments/{tid}", tournament, methods=["GET"]),
        Route("/api/tournaments/{tid}/players", register, methods=["POST"]),
        Route("/api/tournaments/{tid}/rounds", draw_round, methods=["POST"]),
        Route("/api/tournaments/{tid}/rounds/{n}/clock", round_clock, methods=["POST"]),
        Route("/api/tournaments/{tid}/rounds/{n}/close", close_round, methods=["POST"]),
        Route("/api/tournaments/{tid}/standings", standings, methods=["GET"]),
        Route("/api/players/{name:path}", player_stats, methods=["GET"]),
    ]
