"""The club's server: a Starlette (ASGI) app served by uvicorn, the live page's stack
(comando_host/web/app.py), on the club's PostgreSQL database (club/db.py).

Routes (JSON in and out; every refusal is ``{"error": one line}`` with its HTTP status):
    POST /api/login                  {"login", "password"} -> {"token"}; also the cookie
                                     ``club_session`` (an organiser's: HttpOnly, SameSite=Strict)
    POST /api/tables                 organiser: {"name"} -> {"id", "name", "token"} (shown once)
    POST /api/tables/{id}/revoke     organiser: the table's token stops working
    GET  /api/table                  a table: {"table": its id} (join checks its token with it)
    POST /api/games/{id}/events      a table (Authorization: Bearer TOKEN): {"events": [...]}
                                     -> {"acked": last seq the club holds}
    POST /api/tournaments            organiser: {"name", "ruleset", "scheme"} -> {"id"} (scheme: a
                                     scheme's name, club/schemes/, or its data: a custom table)
    POST /api/tournaments/{id}/players            organiser: {"names": [...]} registers them
    POST /api/tournaments/{id}/rounds             organiser: {"seed"?} draws the next round
    POST /api/tournaments/{id}/rounds/{n}/clock   organiser: {"clock": "limit:90m,end:roll"}
    POST /api/tournaments/{id}/rounds/{n}/close   organiser: closes it (every table's game ended)
    GET  /api/tournaments/{id}       anyone: the tournament, its rounds, tables, clocks, games
    GET  /api/tournaments/{id}/standings          anyone: ?through=N, ?format=csv
    GET  /api/players/{name}         anyone: a player's statistics (?club=NAME when the
                                     database holds several clubs)
    GET  /api/tables                 anyone: the tables and their games
    GET  /api/games/{id}             anyone: a game's public fields (players, phase, winner)
    WS   /ws                         anyone: {"game", "seq"} as each push is stored, whichever
                                     server process stored it (club/live.py: LISTEN/NOTIFY)

Statuses: 400 malformed, 401 no/wrong/revoked token or login, 403 another table's game, 404
unknown, 409 a gap (``missing``: the seq the club waits for) or an event that differs from the
stored one (``seq``), 413 a body over MAX_BODY, 422 an illegal or unsealed event (``seq``),
503 the database unreachable (the table keeps its events and sends them again).
"""

from __future__ import annotations

import contextlib
import json

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Route, WebSocketRoute

import psycopg
from psycopg_pool import PoolTimeout

from comando_host.club import stats, tournaments
from comando_host.club.db import Club, ClubError, DatabaseDown, one_line
from comando_host.club.live import Live

MAX_BODY = 1024 * 1024
COOKIE = "club_session"


def refuse(status: int, message: str, **extra) -> JSONResponse:
    return JSONResponse(dict(extra, error=message), status_code=status)


async def read_json(request):
    """The request's JSON object, read with a bound (ClubError 413/400)."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise ClubError(413, "the body is over %d bytes: send fewer events at once" % MAX_BODY)
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise ClubError(413, "the body is over %d bytes: send fewer events at once" % MAX_BODY)
    try:
        obj = json.loads(bytes(data).decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ClubError(400, "the body is not JSON") from None
    if not isinstance(obj, dict):
        raise ClubError(400, "the body is not a JSON object")
    return obj


def bearer(request) -> str:
    h = request.headers.get("authorization", "")
    if h[:7].lower() == "bearer ":
        return h[7:].strip()
    return ""


def create_app(club: Club) -> Starlette:
    live = Live(club.url)

    def guarded(fn):
        async def endpoint(request):
            try:
                return await fn(request)
            except ClubError as exc:
                return refuse(exc.status, str(exc), **exc.extra)
            except DatabaseDown as exc:
                return refuse(503, str(exc))
            except (psycopg.OperationalError, PoolTimeout) as exc:
                # the database gone mid-round: the table keeps its events and sends them again
                return refuse(503, "the club database is unreachable: %s" % one_line(exc))
        return endpoint

    async def organiser(request):
        token = bearer(request) or request.cookies.get(COOKIE, "")
        return await run_in_threadpool(club.organiser, token)

    @guarded
    async def login(request):
        body = await read_json(request)
        token = await run_in_threadpool(club.login, body.get("login"), body.get("password"))
        resp = JSONResponse({"token": token})
        resp.set_cookie(COOKIE, token, httponly=True, samesite="strict")
        return resp

    @guarded
    async def new_table(request):
        _, cid = await organiser(request)
        body = await read_json(request)
        tid, token = await run_in_threadpool(club.create_table, cid, body.get("name"))
        return JSONResponse({"id": tid, "name": body.get("name").strip(), "token": token})

    @guarded
    async def revoke(request):
        _, cid = await organiser(request)
        try:
            tid = int(request.path_params["tid"])
        except ValueError:
            raise ClubError(404, "no table %r" % request.path_params["tid"]) from None
        await run_in_threadpool(club.revoke_table, cid, tid)
        return JSONResponse({"revoked": tid})

    @guarded
    async def push(request):
        table = await run_in_threadpool(club.table, bearer(request))
        body = await read_json(request)
        acked = await run_in_threadpool(club.push, table, request.path_params["gid"],
                                        body.get("events"))
        return JSONResponse({"acked": acked})

    @guarded
    async def whoami(request):
        table = await run_in_threadpool(club.table, bearer(request))
        return JSONResponse({"table": table})

    @guarded
    async def tables(request):
        return JSONResponse({"tables": await run_in_threadpool(club.tables)})

    @guarded
    async def game(request):
        gid = request.path_params["gid"]
        out = await run_in_threadpool(club.game, gid)
        if out is None:
            raise ClubError(404, "no game %r at this club" % gid)
        return JSONResponse(out)

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

    routes = [
        Route("/api/tournaments", new_tournament, methods=["POST"]),
        Route("/api/tournaments/{tid}", tournament, methods=["GET"]),
        Route("/api/tournaments/{tid}/players", register, methods=["POST"]),
        Route("/api/tournaments/{tid}/rounds", draw_round, methods=["POST"]),
        Route("/api/tournaments/{tid}/rounds/{n}/clock", round_clock, methods=["POST"]),
        Route("/api/tournaments/{tid}/rounds/{n}/close", close_round, methods=["POST"]),
        Route("/api/tournaments/{tid}/standings", standings, methods=["GET"]),
        Route("/api/players/{name:path}", player_stats, methods=["GET"]),
        Route("/api/login", login, methods=["POST"]),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables", tables, methods=["GET"]),
        Route("/api/tables/{tid}/revoke", revoke, methods=["POST"]),
        Route("/api/table", whoami, methods=["GET"]),
        Route("/api/games/{gid}/events", push, methods=["POST"]),
        Route("/api/games/{gid}", game, methods=["GET"]),
        WebSocketRoute("/ws", live.serve),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app):
        import asyncio
        live.start(asyncio.get_running_loop())
        # serve once the listener is on (a spectator connected then hears every push from then
        # on); the database away now: serve anyway, the listener joins when it is back
        await run_in_threadpool(live.listening.wait, 5.0)
        try:
            yield
        finally:
            live.stop()
            club.close()

    return Starlette(routes=routes, lifespan=lifespan)
