"""The club's live feed: every server process on one database sees every table's events.

A push's transaction ends with ``pg_notify('club_events', 'GAME SEQ')`` (club/db.py): PostgreSQL
delivers it, at commit, to every connection that LISTENs on the channel. Each server process
keeps one such connection in a thread of its own and hands each notification to the spectators
connected to it (``/ws``: ``{"game": ID, "seq": N}``, then ``GET /api/games/ID`` for the rest).
No broker of our own: the database carries the fan-out. The connection lost (the database
restarted) is made again; a spectator that does not read its socket is closed, not waited for.
"""

from __future__ import annotations

import asyncio
import json
import threading

CHANNEL = "club_events"
OUTBOX = 256      # notifications a spectator's socket may fall behind by


class Live:
    def __init__(self, url: str):
        self.url = url
        self.clients: set[asyncio.Queue] = set()
        self.loop = None
        self._stop = threading.Event()
        self._thread = None
        self.listening = threading.Event()

    def start(self, loop):
        self.loop = loop
        self._thread = threading.Thread(target=self._listen, name="club-listen", daemon=True)
        self._thread.start()

    def stop(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)

    def _listen(self):
        import psycopg
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=3) as conn:
                    conn.execute("LISTEN " + CHANNEL)
                    self.listening.set()
                    while not self._stop.is_set():
                        for n in conn.notifies(timeout=0.5):
                            self.loop.call_soon_threadsafe(self._fan, n.payload)
            except psycopg.Error:
                self.listening.clear()
                self._stop.wait(1.0)   # the database away: listen again when it is back

    def _fan(self, payload: str):
        game, _, seq = payload.rpartition(" ")
        try:
            # one JSON text for every socket: written once, sent to each as it is
            msg = json.dumps({"game": game, "seq": int(seq)}, separators=(",", ":"))
        except ValueError:
            return
        for q in list(self.clients):
            try:
                q.put_nowait(msg)
            except asyncio.QueueFull:
                self.clients.discard(q)   # its pump sends what it holds, then closes it

    async def serve(self, websocket):
        """One spectator's socket: every notification, as JSON, until it goes."""
        await websocket.accept()
        q = asyncio.Queue(OUTBOX)
        self.clients.add(q)

        async def pump():
            while q in self.clients or not q.empty():
                msg = await q.get()
                await websocket.send_text(msg)
            await websocket.close(1013)

        task = asyncio.create_task(pump())
        try:
            while True:
                m = await websocket.receive()
                if m["type"] == "websocket.disconnect":
                    break
        finally:
            task.cancel()
            self.clients.discard(q)
