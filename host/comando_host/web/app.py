"""The live page's server: a Starlette (ASGI) app, served by uvicorn (``comando web``).

Routes:
    GET  /                          the page (page.html, page.css, page.js under /static)
    GET  /api/games                 the stored games, newest first
    GET  /api/games/{id}/map.svg    the game's board drawn by comando_host.maps.svgmap
    GET  /api/games/{id}/view?at=N  what the page shows after the first N stored rows (&lang=CODE:
                                    its lines in that language; else the game's own)
    GET  /api/texts/{code}          the page's words in a language (web/pagetexts.py)
    WS   /ws                        the push channel: the page says what it watches, the server
                                    pushes each change (``{"op": "watch", "game": ID|"latest"}``,
                                    ``{"op": "seek", "at": N}``, ``{"op": "live"}``, the reader's
                                    language ``{"op": "lang", "lang": CODE|""}``: each page reads
                                    the server's lines in its own); and
                                    enters map events (``options``, ``act``, ``deal``, ``new``:
                                    ``pageinput``), refused in one line unless ``check`` accepts

The server reads the SQLite store the link writes (``comando run``, ``comando connect``): a poll
of each watched game's last seq every ``poll`` seconds (10 ms: an index lookup) finds what
arrived, the game's ``PageGame`` folds only the new rows, and every page watching it live gets the
new view. A bad request (unknown game, a malformed socket message) gets a one-line refusal and
changes nothing; the server keeps serving.

Entering events (``web/pageinput.py`` says which games are writable): a live view of a writable
game carries ``input`` (the seat to act, the buttons ``check`` accepts); a click asks ``options``
for a country; ``act``/``deal`` are checked against the server's fold, then go to the linked
device as a host command (``comando_host.web.pagecommands``: the store carries it to the link's
process, the device numbers it, the event comes back through the link and the store) or, for a
game the laptop plays, are made and stored here. The page hears ``sent``, then ``done`` or the
one-line ``error``; the map changes when the event is stored, as for any event.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
import time

from starlette.applications import Starlette
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from comando.errors import ComandoError, IllegalMove
from comando_host.maps import geometry, svgmap
from comando_host.web import pagecommands
from comando_host.web.pageview import PageGame
from comando_host.store.db import Store, StoreError
from comando_host.web import pageinput
from comando_host.web.guard import Budget, Checked, Guard, is_loopback
from comando_host.web.pageinput import Refused
from comando_host.web.pagetexts import page_texts
from comando_host.text import lang, refusals

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
INPUT_OPS = ("options", "act", "deal", "new")   # the ops that need the page's secret
OUTBOX = 64     # a socket's replies and pushes not yet written: more, and it is not reading


class Hub:
    """The games the pages watch, and the pages watching them."""

    def __init__(self, db_path: str, poll: float = 0.01, lan_input: bool = False,
                 guard: Guard | None = None):
        self.db_path = db_path
        self.guard = guard or Guard()
        self.poll = poll
        self.lan_input = lan_input   # pages of other machines may enter events (--lan-input)
        self.store: Store | None = None
        # each game folded once per language its readers chose (the lines are worded as they
        # are folded): (game, language) -> its fold; every fold of a game holds the same rows
        self.games: dict[tuple, PageGame] = {}
        self.info: dict[str, dict] = {}
        self.last: dict[str, int] = {}
        self.pages: dict[WebSocket, dict] = {}
        self.newest = None
        self._task = None
        self.waiting: dict[int, tuple] = {}   # page command id -> (socket, game, what)
        self.modes: dict[str, str] = {}       # game -> the input mode its last view carried
        self.fresh: set[str] = set()          # games folded since their last push
        self._links_at = 0.0

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
                raise Refused(lang._("no stored game yet: start one on the device (make run)"))
            return gid
        if not isinstance(text, str) or not text or len(text) > 200:
            raise Refused("a game id is a non-empty string")  # english: the socket protocol's (a client's writer reads it; the page never sends it)
        try:
            return self.store.find_game(text)
        except ValueError as exc:
            raise Refused(str(exc)) from None

    def table_lang(self, gid: str, asked: str | None = None) -> str:
        """The language a reader of ``gid`` reads (``asked``: its page's switch; None: the
        game's own, docs/decisions/laptop-languages.md)."""
        info = self.info.get(gid)
        if info is None:
            assert self.store is not None
            info = self.info[gid] = self.store.game(gid) or {}
        return lang.table_lang(info.get("ruleset"), asked)

    def reader_lang(self, sub: dict) -> str:
        return self.table_lang(sub["game"], sub.get("lang")) if sub.get("game") else lang.current()

    def game(self, gid: str, code: str | None = None) -> PageGame:
        """The fold of ``gid`` whose lines are in ``code`` (None: the game's own language)."""
        code = code or self.table_lang(gid)
        pg = self.games.get((gid, code))
        if pg is None:
            assert self.store is not None
            info = self.info.get(gid) or self.store.game(gid) or {}
            self.info[gid] = info
            rows = self.store.records(gid)
            if gid in self.last:   # another language's fold of it: the rows that one holds
                rows = [r for r in rows if self._row_seq(r) <= self.last[gid]]
            else:
                self.last[gid] = self._row_seq(rows[-1]) if rows else 0
            pg = self.games[(gid, code)] = PageGame(rows, gid, info, code)
        return pg

    def view(self, gid: str, code: str, at: int | None = None) -> dict:
        """The view of ``gid`` after ``at`` rows (None: all), its lines in ``code``."""
        with lang.speaking(code):
            pg = self.game(gid, code)
            return pg.view() if at is None else pg.view(at)

    @staticmethod
    def _row_seq(row) -> int:
        return row[1] if row[0] == "snapshot" else int(row[1].get("seq", 0))

    def refresh(self, gid: str) -> bool:
        """Fold what arrived for ``gid``; True when something did."""
        assert self.store is not None
        self.game(gid)   # (a game not folded yet: its rows so far, the fold's start)
        last = self.store.last_seq(gid)
        if last <= self.last.get(gid, 0):
            return False
        rows = self.store.records_after(gid, self.last.get(gid, 0))
        if not rows:
            return False
        for key, fold in self.games.items():   # every language's fold of the game
            if key[0] == gid:
                fold.extend(rows)
        self.last[gid] = self._row_seq(rows[-1])
        self.fresh.add(gid)   # pushed by the next tick, whoever folded them (a page's request)
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
        if self.waiting:
            await self._answers()
        newest = self.store.newest_game()
        if newest != self.newest:
            self.newest = newest
            for ws, sub in list(self.pages.items()):
                if sub["follow"] and newest and sub["game"] != newest:
                    sub["game"], sub["live"] = newest, True
                    self.refresh(newest)
                    await self._send(ws, dict(self._hello(newest), enter=sub["enter"]))
                    await self._send(ws, self.live_view(newest, self.reader_lang(sub)))
        watched = {sub["game"] for sub in self.pages.values() if sub["game"]}
        now = time.monotonic()
        relink = now - self._links_at >= 0.25   # a device linked or lost: what the page may enter
        if relink:
            self._links_at = now
        for gid in watched:
            self.refresh(gid)
            if gid not in self.fresh and not (
                    relink and self.access(gid, self.game(gid))["mode"] != self.modes.get(gid)):
                continue
            self.fresh.discard(gid)
            pg = self.game(gid)
            live: dict[str, str] = {}   # language -> the live view in it (each worded once)
            note = None
            for ws, sub in list(self.pages.items()):
                if sub["game"] != gid:
                    continue
                if sub["live"]:
                    code = self.reader_lang(sub)
                    if code not in live:
                        view = self.live_view(gid, code)
                        view["sent"] = time.time() * 1000.0   # wall clock, ms: the bench splits the latency
                        live[code] = json.dumps(view)
                    await self._send_text(ws, live[code])
                else:  # replaying: only the slider's new end
                    note = note or json.dumps({"type": "total", "game": gid, "total": pg.total})
                    await self._send_text(ws, note)

    def _hello(self, gid: str) -> dict:
        pg = self.game(gid)
        info = pg.info
        return {"type": "game", "game": gid, "board": info.get("board", ""),
                "ruleset": info.get("ruleset", ""), "origin": info.get("origin", ""),
                "total": pg.total, "lang": self.table_lang(gid)}

    async def _send(self, ws, obj):
        await self._send_text(ws, json.dumps(obj))

    async def _send_text(self, ws, text):
        """Queue ``text`` for the page (never waits: a page that does not read cannot stall the
        push loop or the others); a page ``OUTBOX`` messages behind is closed (it reconnects)."""
        sub = self.pages.get(ws)
        if sub is None:
            return
        try:
            sub["out"].put_nowait(text)
        except asyncio.QueueFull:
            self.pages.pop(ws, None)
            sub["writer"].cancel()
            asyncio.ensure_future(self._close(ws, 1008))

    @staticmethod
    async def _close(ws, code):
        with contextlib.suppress(Exception):
            await ws.close(code)

    @staticmethod
    async def _writer(ws, out: asyncio.Queue):
        while True:
            text = await out.get()
            await ws.send_text(text)

    # -- one page's socket -------------------------------------------------------------------

    async def socket(self, ws: WebSocket):
        await ws.accept()
        client = ws.client.host if ws.client else ""
        out: asyncio.Queue = asyncio.Queue(OUTBOX)
        writer = asyncio.ensure_future(self._writer(ws, out))
        self.pages[ws] = {"game": None, "live": True, "follow": False, "out": out, "lang": None,
                          "writer": writer, "enter": self.lan_input or is_loopback(client)}
        budget = Budget()
        try:
            while ws in self.pages and not writer.done():
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                if not budget.take():   # a flood: dropped unread, one line a second says so
                    line = budget.tell()
                    if line:
                        await self._send(ws, {"type": "error", "error": line})
                    continue
                text = msg.get("text")
                try:
                    if text is None:
                        raise Refused("a binary frame: messages are JSON text, such as "
                                      "{\"op\": \"watch\", \"game\": \"latest\"}")
                    for reply in self.handle(ws, text):
                        await self._send(ws, reply)
                except Refused as exc:
                    await self._send(ws, {"type": "error", "error": str(exc)})
                except Exception as exc:   # a fault here: one line to the page and the log
                    line = "message not handled: %s: %s" % (type(exc).__name__, exc)
                    print("comando web: " + line[:300])
                    await self._send(ws, {"type": "error", "error": line[:300]})
                await asyncio.sleep(0)   # one message at a time: the others' turn between them
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.pages.pop(ws, None)
            writer.cancel()

    def reader_language(self, sub, op: str, msg: dict):
        """The reader's language (page.js's switch: ``lang`` with ``watch``, or a ``lang`` of its
        own, "" the game's); a ``lang`` message's replies: the view again, in it."""
        if "lang" in msg:
            code = msg["lang"]
            if code not in ("",) + tuple(lang.LANGS):
                raise Refused("%s: unknown language %r: one of %s (\"\": the game's)" % (  # english: the socket protocol's (a client's writer reads it; the page never sends it)
                    op, code, ", ".join(lang.LANGS)))
            sub["lang"] = code or None
        if op != "lang":
            return None
        if "lang" not in msg:
            raise Refused("lang: say which: {\"op\": \"lang\", \"lang\": \"es\"}")  # english: the socket protocol's (a client's writer reads it; the page never sends it)
        if sub["game"] is None:
            return []
        if sub["live"]:
            return [self.live_view(sub["game"], self.reader_lang(sub))]
        return [self.view(sub["game"], self.reader_lang(sub), sub.get("at"))]

    def handle(self, ws, text: str):
        """The replies to one socket message (Refused for a bad one: nothing changes)."""
        if len(text) > 4096:
            raise Refused(lang._("message too long (at most {n} characters)").format(n=4096))
        try:
            msg = json.loads(text)
        except (ValueError, RecursionError):   # (a message nested thousands deep)
            raise Refused("not JSON: a message is an object like {\"op\": \"watch\", "  # english: the socket protocol's (a client's writer reads it; the page never sends it)
                          "\"game\": \"latest\"}") from None
        if not isinstance(msg, dict) or not isinstance(msg.get("op"), str):
            raise Refused("a message is an object with an \"op\": watch, seek, live, options, "  # english: the socket protocol's (a client's writer reads it; the page never sends it)
                          "act, deal or new")
        sub = self.pages[ws]
        op = msg["op"]
        if op in INPUT_OPS and not self.guard.token_ok(msg.get("token")):
            raise Refused(lang._("{op}: refused: this message lacks the page's key (input is entered "
                                 "on the page comando web serves; reload it if the server restarted)").format(op=op))
        if op in ("watch", "lang"):
            said = self.reader_language(sub, op, msg)
            if said is not None:
                return said
        if op == "watch":
            want = msg.get("game", "latest")
            if not isinstance(want, str):
                raise Refused("watch: \"game\" must be a game id or \"latest\"")  # english: the socket protocol's (a client's writer reads it; the page never sends it)
            assert self.store is not None
            if want == "latest" and self.store.newest_game() is None:
                # nothing stored yet: the first game to arrive is pushed to this page
                sub.update(game=None, live=True, follow=True)
                return [{"type": "waiting", "text": lang._("no game yet: start one on the device")}]
            gid = self.game_id(want)
            self.refresh(gid)
            sub.update(game=gid, live=True, follow=(want == "latest"))
            return [dict(self._hello(gid), enter=sub["enter"]), self.live_view(gid, self.reader_lang(sub))]
        if op == "new":
            if not sub["enter"]:
                raise Refused(lang._("new: games are started on this machine's page (another machine's "
                                     "needs comando web --lan-input)"))
            if msg.get("on") == "device":
                return [self.new_device_game(ws, sub, msg)]
            gid = self.new_game(msg)
            self.refresh(gid)
            sub.update(game=gid, live=True, follow=False)
            return [{"type": "created", "game": gid}, dict(self._hello(gid), enter=True),
                    self.live_view(gid, self.reader_lang(sub))]
        if sub["game"] is None:
            raise Refused(f"{op}: watch a game first ({{\"op\": \"watch\", \"game\": \"latest\"}})")  # english: the socket protocol's (a client's writer reads it; the page never sends it)
        pg = self.game(sub["game"])
        code = self.reader_lang(sub)
        if op == "seek":
            at = msg.get("at")
            if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= pg.total:
                raise Refused(f"seek: \"at\" must be an integer from 0 to {pg.total}")  # english: the socket protocol's (a client's writer reads it; the page never sends it)
            sub["live"] = at >= pg.total
            sub["at"] = at
            view = self.live_view(sub["game"], code) if sub["live"] else self.view(sub["game"], code, at)
            if "t0" in msg:  # the page's own stamp, echoed so it can time the round trip
                view["t0"] = msg["t0"]
            return [view]
        if op == "live":
            sub["live"] = True
            self.refresh(sub["game"])
            return [self.live_view(sub["game"], code)]
        if op in ("options", "act", "deal"):
            with lang.speaking(code):   # its panel and refusals in the reader's language
                return self.enter(ws, sub, op, msg)
        raise Refused(f"unknown op {op!r}: watch, seek, live, options, act, deal or new")  # english: the socket protocol's (a client's writer reads it; the page never sends it)

    # -- entering events ---------------------------------------------------------------------

    def live_view(self, gid: str, code: str | None = None) -> dict:
        """The game's latest view, with what the page may enter (``input``) when writable, its
        lines in ``code`` (None: the game's own language)."""
        code = code or self.table_lang(gid)
        with lang.speaking(code):
            pg = self.game(gid, code)
            view = pg.view()
            st = pg._f.rec.state
            acc = self.access(gid, pg)
            if acc["mode"]:
                acc.update(pageinput.panel(st, pg._f.hot))
        view["input"] = acc
        self.modes[gid] = acc["mode"]
        return view

    def access(self, gid: str, pg: PageGame) -> dict:
        assert self.store is not None
        rec = pg._seek(pg.total).rec
        linked = pg.info.get("origin") == "device" and pagecommands.linked(self.store, gid)
        return pageinput.access(pg.info, rec.state, rec.mode or "", linked)

    def enter(self, ws, sub, op: str, msg: dict) -> list:
        """``options`` for a clicked country, or an ``act``/``deal`` to send or store."""
        if not sub.get("enter", True):
            raise Refused(lang._("{op}: events are entered on this machine's page (another machine's "
                                 "needs comando web --lan-input)").format(op=op))
        gid = sub["game"]
        self.refresh(gid)
        pg = self.game(gid, lang.current())
        acc = self.access(gid, pg)
        if not acc["mode"]:
            raise Refused(f"{op}: {acc['why']}")
        if not sub["live"]:
            raise Refused(lang._("{op}: the page is replaying an earlier event: press Live first").format(op=op))
        st = pg._seek(pg.total).rec.state
        try:
            if op == "options":
                return [dict(pageinput.options(st, msg.get("f")), type="options")]
            if op == "act":
                action = pageinput.action(st, msg.get("a"))
            else:
                action = pageinput.hand_deal(st, msg.get("owner"), msg.get("first"))
        except IllegalMove as exc:
            raise Refused(refusals.say(exc, st)) from None
        what = self.describe(st, action)
        if acc["mode"] == "device":
            assert self.store is not None
            cid = pagecommands.queue(self.store, gid, action)
            self.waiting[cid] = (ws, gid, what)
            return [{"type": "sent", "id": cid, "text": lang._("{what}: sent to the device").format(what=what)}]
        return [self.store_event(gid, pg, st, action, what)]

    @staticmethod
    def describe(st, action) -> str:
        """The action in the reader's words ("atacar Brasil -> Uruguay")."""
        t = action["t"]
        name = st.board.name
        # (English keeps the action's own word: "end: sent to the device")
        verb = lang._(refusals.ACTIONS[t]) if t in refusals.ACTIONS and lang.current() != "en" else t
        if t in ("attack", "regroup"):
            return "%s %s -> %s" % (verb, name(action["f"]), name(action["to"]))
        if t in ("place", "claim"):
            return "%s %s" % (verb, name(action["c"]))
        return verb

    def store_event(self, gid, pg, st, action, what) -> dict:
        """A game the laptop plays: the event made here, numbered after the last stored one."""
        assert self.store is not None
        ev = action if action["t"] == "deal" else pageinput.make_event(st, action)
        ev["seq"] = st.seq + 1
        if self.store.last_seq(gid) != st.seq:
            raise Refused(lang._("{what}: the game moved on meanwhile (nothing stored): try again").format(what=what))
        try:
            self.store.add_events(gid, [ev])
        except (ValueError, sqlite3.Error) as exc:
            raise Refused(lang._("{what}: not stored: {why}").format(what=what, why=exc)) from None
        return {"type": "done", "seq": ev["seq"], "text": lang._("{what}: event #{n}").format(what=what, n=ev["seq"])}

    async def _answers(self):
        assert self.store is not None
        for cid, (state, seq, msg) in pagecommands.answers(self.store, list(self.waiting)).items():
            ws, gid, what = self.waiting.pop(cid)
            if state == "done":
                reply = {"type": "done", "id": cid, "seq": seq,
                         "text": lang._("{what}: the device made it event #{n}").format(what=what, n=seq)}
            else:
                reply = {"type": "error", "id": cid, "error": f"{what}: {msg}"}
            if ws in self.pages:
                await self._send(ws, reply)

    def new_device_game(self, ws, sub, msg: dict) -> dict:
        """A map game started on the linked device (it deals, or the table deals and the page
        enters the deal): a host command; the page follows the game the device starts."""
        assert self.store is not None
        if not pagecommands.linked(self.store, pagecommands.ANY):
            raise Refused(lang._("new: no device is linked (make run, or comando connect beside "
                                 "comando web)"))
        deal = msg.get("deal", "laptop")
        if deal not in ("laptop", "table"):
            raise Refused("new: \"deal\" is \"laptop\" (the device deals) or \"table\"")  # english: the socket protocol's (a client's writer reads it; the page never sends it)
        new = pageinput.new_game(msg.get("rs"), msg.get("board", ""), msg.get("players"),
                                 True)[0]
        action = {k: new[k] for k in ("t", "rs", "board", "players", "opt") if k in new}
        if deal == "table":
            action["deal"] = "table"
        else:
            action.pop("opt", None)   # (the table's deploy by hand goes with its own deal)
        cid = pagecommands.queue(self.store, pagecommands.ANY, action)
        self.waiting[cid] = (ws, "", lang._("new game"))
        sub.update(follow=True, live=True)   # the device's new game is pushed when it arrives
        return {"type": "sent", "id": cid, "text": lang._("new game: sent to the device")}

    def new_game(self, msg: dict) -> str:
        """A game the laptop plays, started on the page: its id."""
        assert self.store is not None
        deal = msg.get("deal", "laptop")
        if deal not in ("laptop", "table"):
            raise Refused("new: \"deal\" is \"laptop\" (it deals) or \"table\" (the table dealt)")  # english: the socket protocol's (a client's writer reads it; the page never sends it)
        events = pageinput.new_game(msg.get("rs"), msg.get("board", ""), msg.get("players"),
                                    deal == "table")
        gid = "w" + os.urandom(5).hex()
        new = events[0]
        self.store.ensure_game(gid, board=new["board"], ruleset=new["rs"], origin="web")
        try:
            self.store.add_events(gid, events)
        except StoreError as exc:   # the disk full, a read-only store: nothing of it is stored
            raise Refused(lang._("new game: not started: {why}").format(why=exc)) from None
        return gid


def _error(status: int, text: str) -> JSONResponse:
    return JSONResponse({"error": text}, status_code=status)


def create_app(db_path: str, poll: float = 0.01, lan_input: bool = False,
               guard: Guard | None = None):
    """The app, behind its guard (``web/guard.py``): ``app.state.hub``, ``app.state.guard``."""
    guard = guard or Guard()
    hub = Hub(db_path, poll, lan_input, guard)
    with open(os.path.join(STATIC, "page.html"), encoding="utf-8") as f:
        # the page's secret, inside the HTML only this server's own page can read
        html = f.read().replace('<meta name="comando-key" content="">',
                                '<meta name="comando-key" content="%s">' % guard.token)
    # the server's own language: the page's until the game's or the switch's (page.js)
    html = html.replace('<html lang="en">', '<html lang="%s">' % lang.current().replace("_", "-"))
    html = html.replace('<meta name="comando-key"', '<meta name="comando-lang" content="%s">\n'
                        '<meta name="comando-key"' % lang.current(), 1)

    async def page(request):
        return Response(html, media_type="text/html", headers={"cache-control": "no-store"})

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
                raise Refused(lang._("game {gid} names no board: there is no map to draw").format(gid=gid))
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
        asked = request.query_params.get("lang")
        if asked is not None and asked not in lang.LANGS:
            return _error(400, "lang: unknown language %r: one of %s" % (asked, ", ".join(lang.LANGS)))  # english: the HTTP API's parameter (a client's writer reads it)
        code = hub.table_lang(gid, asked)
        pg = hub.game(gid, code)
        hub.refresh(gid)
        at = request.query_params.get("at")
        if at is not None:
            if not at.isdigit() or int(at) > pg.total:
                return _error(400, f"at must be an integer from 0 to {pg.total}")  # english: the HTTP API's parameter (a client's writer reads it)
            return JSONResponse(hub.view(gid, code, int(at)))
        return JSONResponse(hub.view(gid, code))

    async def texts(request):
        try:
            return JSONResponse(page_texts(request.path_params["code"]))
        except lang.UnknownLanguage as exc:
            return _error(404, str(exc))

    async def favicon(request):  # a browser asks for it; a 404 would read as a fault
        return Response('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">'
                        '<circle cx="8" cy="8" r="7" fill="#dc2626"/></svg>',
                        media_type="image/svg+xml")

    routes = [
        Route("/", page),
        Route("/favicon.ico", favicon),
        Route("/api/games", games),
        Route("/api/games/{gid}/map.svg", board_svg),  # english: a URL path
        Route("/api/games/{gid}/view", view),  # english: a URL path
        Route("/api/texts/{code}", texts),
        WebSocketRoute("/ws", hub.socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    inner = Starlette(routes=routes, lifespan=hub.lifespan)
    app = Checked(inner, guard)
    app.state = inner.state
    app.state.hub = hub
    app.state.guard = guard
    return app


def socket_limits() -> dict:
    """uvicorn's socket settings: a frame of at most 1 MiB (a message longer than 4096
    characters is refused in one line; a bigger frame closes the socket, 1009), and at most 32
    frames read ahead of the app. That bound needs uvicorn's ``websockets`` protocol, which
    parses a frame at a time as the app reads: its sans-I/O one parses a whole read (thousands of
    a flood's frames) in one call, which held every other client for 300 ms
    (bench/bench_web_flood.py). uvicorn calls it deprecated: imported quietly, "auto" if gone."""
    import warnings
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from uvicorn.protocols.websockets.websockets_impl import WebSocketProtocol
        ws = WebSocketProtocol
    except ImportError:
        ws = "auto"
    return {"ws": ws, "ws_max_size": 1 << 20, "ws_max_queue": 32}


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
        self.guard = Guard(None if is_loopback(self.host) else self.host, self.port)
        self.app = create_app(db_path, poll, guard=self.guard)
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning",
                                                    lifespan="on", **socket_limits()))
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
                raise RuntimeError(lang._("comando web: the server did not start"))
            time.sleep(0.01)
        return self

    def stop(self):
        self.server.should_exit = True
        if self.thread is not None:
            self.thread.join(5)
        self.sock.close()
