"""The live page's server: a Starlette (ASGI) app, served by uvicorn (``comando web``).

Routes:
    GET  /                          the page (page.html, page.css, page.js under /static)
    GET  /api/games                 the stored games, newest first
    GET  /api/games/{id}/map.svg    the game's board drawn by comando_host.svgmap
    GET  /api/games/{id}/view?at=N  what the page shows after the first N stored rows
    WS   /ws                        the push channel: the page says what it watches, the server
                                    pushes each change (``{"op": "watch", "game": ID|"latest"}``,
                                    ``{"op": "seek", "at": N}``, ``{"op": "live"}``)

The server reads the SQLite store the link writes (``comando run``, ``comando connect``): a poll
of each watched game's last seq every ``poll`` seconds (10 ms: an index lookup) finds what
arrived, the game's ``PageGame`` folds only the new rows, and every page watching it live gets the
new view. A bad request (unknown game, a malformed socket message) gets a one-line refusal and
changes nothing; the server keeps serving.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import time

from starlette.applications import Starlette
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from comando.errors import ComandoError
from comando_host import geometry, svgmap
from comando_host.pageview import PageGame
from comando_host.store import Store

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")


class Refused(ValueError):
    """A request the page or a client got wrong: its message is the whole answer."""


class Hub:
    """The games the pages watch, and the pages watching them."""

    def __init__(self, db_path: str, poll: float = 0.01):
        self.db_path = db_path
        self.poll = poll
        self.store: Store | None = None
        self.games: dict[str, PageGame] = {}
        self.last: dict[str, int] = {}
        self.pages: dict[WebSocket, dict] = {}
        self.newest = None
        self._task = None

    # -- lifecycle ---------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def lifespan(self, app):
        self.store = Store(self.db_path)
        self.newest = self.store.newest_game()
        self._task = asyncio.create_task(self._watch())
        try:
            yield
        finally:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self.store.close()

    # -- games -------------------------------------------------------------------------------

    def game_id(self, text: str) -> str:
        assert self.store is not None
        if text == "latest":
            gid = self.store.newest_game()
            if gid is None:
                raise Refused("no stored game yet: start one on the device (make run)")
            return gid
        if not isinstance(text, str) or not text or len(text) > 200:
            raise Refused("a game id is a non-empty string")
        try:
            return self.store.find_game(text)
        except ValueError as exc:
            raise Refused(str(exc)) from None

    def game(self, gid: str) -> PageGame:
        pg = self.games.get(gid)
        if pg is None:
            assert self.store is not None
            info = self.store.game(gid) or {}
            rows = self.store.records(gid)
            pg = self.games[gid] = PageGame(rows, gid, info)
            self.last[gid] = self._row_seq(rows[-1]) if rows else 0
        return pg

    @staticmethod
    def _row_seq(row) -> int:
        return row[1] if row[0] == "snapshot" else int(row[1].get("seq", 0))

    def refresh(self, gid: str) -> bool:
        """Fold what arrived for ``gid``; True when something did."""
        assert self.store is not None
        pg = self.game(gid)
        last = self.store.last_seq(gid)
        if last <= self.last.get(gid, 0):
            return False
        rows = self.store.records_after(gid, self.last.get(gid, 0))
        if not rows:
            return False
        pg.extend(rows)
        self.last[gid] = self._row_seq(rows[-1])
        return True

    # -- the push loop -----------------------------------------------------------------------

    async def _watch(self):
        while True:
            await asyncio.sleep(self.poll)
            try:
                await self._tick()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a store hiccup (locked, migrating): next tick retries
                print(f"comando web: {exc}")

    async def _tick(self):
        if not self.pages:
            return
        assert self.store is not None
        newest = self.store.newest_game()
        if newest != self.newest:
            self.newest = newest
            for ws, sub in list(self.pages.items()):
                if sub["follow"] and newest and sub["game"] != newest:
                    sub["game"], sub["live"] = newest, True
                    self.refresh(newest)
                    await self._send(ws, self._hello(newest))
                    await self._send(ws, self.game(newest).view())
        watched = {sub["game"] for sub in self.pages.values() if sub["game"]}
        for gid in watched:
            if not self.refresh(gid):
                continue
            pg = self.games[gid]
            view = pg.view()
            view["sent"] = time.time() * 1000.0   # wall clock, ms: the bench splits the latency
            live = json.dumps(view)
            note = None
            for ws, sub in list(self.pages.items()):
                if sub["game"] != gid:
                    continue
                if sub["live"]:
                    await self._send_text(ws, live)
                else:  # replaying: only the slider's new end
                    note = note or json.dumps({"type": "total", "game": gid, "total": pg.total})
                    await self._send_text(ws, note)

    def _hello(self, gid: str) -> dict:
        pg = self.game(gid)
        info = pg.info
        return {"type": "game", "game": gid, "board": info.get("board", ""),
                "ruleset": info.get("ruleset", ""), "origin": info.get("origin", ""),
                "total": pg.total}

    async def _send(self, ws, obj):
        await self._send_text(ws, json.dumps(obj))

    async def _send_text(self, ws, text):
        try:
            await ws.send_text(text)
        except Exception:  # the page went away: forget it
            self.pages.pop(ws, None)

    # -- one page's socket -------------------------------------------------------------------

    async def socket(self, ws: WebSocket):
        await ws.accept()
        self.pages[ws] = {"game": None, "live": True, "follow": False}
        try:
            while True:
                text = await ws.receive_text()
                try:
                    for reply in self.handle(ws, text):
                        await self._send(ws, reply)
                except Refused as exc:
                    await self._send(ws, {"type": "error", "error": str(exc)})
        except WebSocketDisconnect:
            pass
        finally:
            self.pages.pop(ws, None)

    def handle(self, ws, text: str):
        """The replies to one socket message (Refused for a bad one: nothing changes)."""
        if len(text) > 4096:
            raise Refused("message too long (at most 4096 characters)")
        try:
            msg = json.loads(text)
        except ValueError:
            raise Refused("not JSON: a message is an object like {\"op\": \"watch\", "
                          "\"game\": \"latest\"}") from None
        if not isinstance(msg, dict) or not isinstance(msg.get("op"), str):
            raise Refused("a message is an object with an \"op\": watch, seek or live")
        sub = self.pages[ws]
        op = msg["op"]
        if op == "watch":
            want = msg.get("game", "latest")
            if not isinstance(want, str):
                raise Refused("watch: \"game\" must be a game id or \"latest\"")
            assert self.store is not None
            if want == "latest" and self.store.newest_game() is None:
                # nothing stored yet: the first game to arrive is pushed to this page
                sub.update(game=None, live=True, follow=True)
                return [{"type": "waiting", "text": "no game yet: start one on the device"}]
            gid = self.game_id(want)
            self.refresh(gid)
            sub.update(game=gid, live=True, follow=(want == "latest"))
            return [self._hello(gid), self.game(gid).view()]
        if sub["game"] is None:
            raise Refused(f"{op}: watch a game first ({{\"op\": \"watch\", \"game\": \"latest\"}})")
        pg = self.game(sub["game"])
        if op == "seek":
            at = msg.get("at")
            if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= pg.total:
                raise Refused(f"seek: \"at\" must be an integer from 0 to {pg.total}")
            sub["live"] = at >= pg.total
            view = pg.view(at)
            if "t0" in msg:  # the page's own stamp, echoed so it can time the round trip
                view["t0"] = msg["t0"]
            return [view]
        if op == "live":
            sub["live"] = True
            self.refresh(sub["game"])
            return [pg.view()]
        raise Refused(f"unknown op {op!r}: watch, seek or live")


def _error(status: int, text: str) -> JSONResponse:
    return JSONResponse({"error": text}, status_code=status)


def create_app(db_path: str, poll: float = 0.01) -> Starlette:
    hub = Hub(db_path, poll)

    async def page(request):
        return FileResponse(os.path.join(STATIC, "page.html"), media_type="text/html")

    async def games(request):
        assert hub.store is not None
        rows = hub.store.games()
        return JSONResponse([{"id": r[0], "board": r[1], "ruleset": r[2], "origin": r[4],
                              "updated": r[6], "events": r[7], "last": r[8]} for r in rows])

    async def board_svg(request):
        try:
            gid = hub.game_id(request.path_params["gid"])
            pg = hub.game(gid)
            view = pg.view()
            bid = view.get("board") or pg.info.get("board")
            if not bid:
                raise Refused(f"game {gid} names no board: there is no map to draw")
            lay = geometry.load_layout(bid, auto=True)
        except Refused as exc:
            return _error(404, str(exc))
        except ComandoError as exc:  # a board or layout missing or invalid
            return _error(404, str(exc))
        return Response(svgmap.render(lay), media_type="image/svg+xml")

    async def view(request):
        try:
            gid = hub.game_id(request.path_params["gid"])
        except Refused as exc:
            return _error(404, str(exc))
        pg = hub.game(gid)
        hub.refresh(gid)
        at = request.query_params.get("at")
        if at is not None:
            if not at.isdigit() or int(at) > pg.total:
                return _error(400, f"at must be an integer from 0 to {pg.total}")
            return JSONResponse(pg.view(int(at)))
        return JSONResponse(pg.view())

    async def favicon(request):  # a browser asks for it; a 404 would read as a fault
        return Response('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">'
                        '<circle cx="8" cy="8" r="7" fill="#dc2626"/></svg>',
                        media_type="image/svg+xml")

    routes = [
        Route("/", page),
        Route("/favicon.ico", favicon),
        Route("/api/games", games),
        Route("/api/games/{gid}/map.svg", board_svg),
        Route("/api/games/{gid}/view", view),
        WebSocketRoute("/ws", hub.socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=hub.lifespan)
    app.state.hub = hub
    return app


def bind(host: str, port: int):
    """A listening socket (OSError when the address is taken or not this machine's)."""
    import socket
    fam = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(fam, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


class Background:
    """The server in a thread of this process (``make run``, tests, benches):
    ``Background(db_path).start().url`` ... ``.stop()``."""

    def __init__(self, db_path: str, host: str = "127.0.0.1", port: int = 0, poll: float = 0.01):
        import uvicorn
        self.sock = bind(host, port)
        self.host, self.port = self.sock.getsockname()[:2]
        self.app = create_app(db_path, poll)
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning",
                                                    lifespan="on"))
        self.thread = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def start(self, timeout: float = 10.0) -> "Background":
        import threading
        import time
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]},
                                       name="comando-web", daemon=True)
        self.thread.start()
        end = time.monotonic() + timeout
        while not self.server.started:
            if time.monotonic() > end or not self.thread.is_alive():
                raise RuntimeError("comando web: the server did not start")
            time.sleep(0.01)
        return self

    def stop(self):
        self.server.should_exit = True
        if self.thread is not None:
            self.thread.join(5)
        self.sock.close()
