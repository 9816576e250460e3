"""The club's server: a Starlette (ASGI) app served by uvicorn, the live page's stack
(comando_host/web/app.py), on the club's PostgreSQL database (club/db.py).

Routes (JSON in and out; every refusal is ``{"error": one line}`` with its HTTP status):
    POST /api/login                  {"login", "password"} -> {"token"}; also the cookie
                                     ``club_session`` (an organiser's: HttpOnly, SameSite=Strict)
    POST /api/tables                 organiser: {"name"} -> {"id", "name", "token"} (shown once)
    POST /api/tables/{id}/revoke     organiser: the table's token stops working
    GET  /api/table                  a table: {"table": its id, "round": the open round it plays
                                     (club/seating.py) or null}; join checks its token with it
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
    GET  /players/{name}             anyone: the player's statistics page (HTML, ?club= too)
    GET  /api/tables                 anyone: the tables and their games
    GET  /api/games/{id}             anyone: a game's public fields (players, phase, winner)
    WS   /ws                         anyone: {"game", "seq"} as each push is stored, whichever
                                     server process stored it (club/live.py: LISTEN/NOTIFY)

Statuses: 400 malformed, 401 no/wrong/revoked token or login, 403 another table's game, 404
unknown, 409 a gap (``missing``: the seq the club waits for) or an event that differs from the
stored one (``seq``), 413 a body over requests.MAX_BODY, 422 an illegal or unsealed event (``seq``),
503 the database unreachable (the table keeps its events and sends them again).
"""

from __future__ import annotations

import contextlib

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute

from comando_host.club import broadcast, clubgames, seating, tournament_routes
from comando_host.club.db import Club, ClubError
from comando_host.club.requests import bearer, guarded, read_json
from comando_host.club.live import Live

COOKIE = "club_session"


def create_app(club: Club) -> Starlette:
    live = Live(club.url)

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

    known = set()   # tokens this process has seen good: checked again in each push's own
                    # transaction (club.push with token), so a revoked one is refused there

    @guarded
    async def push(request):
        token = bearer(request)
        if token not in known:
            # a token not seen yet: refused (401) before its body is read
            await run_in_threadpool(club.table, token)
            if len(known) > 10000:
                known.clear()
            known.add(token)
        body = await read_json(request)
        acked = await run_in_threadpool(club.push, None, request.path_params["gid"],
                                        body.get("events"), token)
        return JSONResponse({"acked": acked})

    @guarded
    async def whoami(request):
        table = await run_in_threadpool(club.table, bearer(request))
        return JSONResponse({"table": table, "round": await run_in_threadpool(seating.at_table,
                                                                              club, table)})

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

    routes = tournament_routes.routes(club, guarded, organiser) + [
        Route("/api/login", login, methods=["POST"]),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables", tables, methods=["GET"]),
        Route("/api/tables/{tid}/revoke", revoke, methods=["POST"]),
        Route("/api/table", whoami, methods=["GET"]),
        Route("/api/games/{gid}/events", push, methods=["POST"]),
        Route("/api/games/{gid}", game, methods=["GET"]),
        WebSocketRoute("/ws", live.serve),
    ] + broadcast.routes(club, guarded, live)
    @contextlib.asynccontextmanager
    async def lifespan(app):
        import asyncio
        live.start(asyncio.get_running_loop())
        with contextlib.suppress(Exception):   # (a speed-up only: never a reason not to serve)
            await run_in_threadpool(clubgames.warm_up)
        # serve once the listener is on (a spectator connected then hears every push from then
        # on); the database away now: serve anyway, the listener joins when it is back
        await run_in_threadpool(live.listening.wait, 5.0)
        # and once the pool's connections are open (the database away: serve anyway)
        with contextlib.suppress(Exception):
            await run_in_threadpool(club.pool.wait, 5.0)
        try:
            yield
        finally:
            live.stop()
            club.close()

    return Starlette(routes=routes, lifespan=lifespan)
