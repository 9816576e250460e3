"""The club's live feed: every server process on one database sees every table's events.

A push's transaction ends with ``pg_notify('club_events', 'GAME SEQ')`` (club/db.py): PostgreSQL
delivers it, at commit, to every connection that LISTENs on the channel. Each server process
keeps one such connection in a thread of its own and hands each notification to the spectators
connected to it (``/ws``: ``{"game": ID, "seq": N}``, then ``GET /api/games/ID`` for the rest).
No broker of our own: the database carries the fan-out. The connection lost (the database
restarted) is made again; a spectator that does not read its socket is closed, not waited for.

The broadcast page (club/broadcast.py) says ``{"op": "cards"}`` on its socket: from then on it
hears ``{"game", "seq", "card"}``, the table's card made once per notification by ``card(game)``
(set by the broadcast routes; in the listener thread, in notification order) and sent as the same
text to every such spectator. Other spectators hear ``{"game", "seq"}`` as before.
"""

from __future__ import annotations

import asyncio
import json
import threading

CHANNEL = "club_events"
OUTBOX = 256      # notifications a spectator's socket may fall behind by
CARDS = '{"op":"cards"}'   # what the broadcast page says to hear cards (its exact text)


class Live:
    def __init__(self, url: str):
        self.url = url
        self.clients: set[asyncio.Queue] = set()
        self.carded: set[asyncio.Queue] = set()   # the clients that asked for cards
        self.card = None                           # game -> its card (a dict), or None
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
                            self.loop.call_soon_threadsafe(self._fan, n.payload,
                                                           self._card(n.payload))
            except psycopg.Error:
                self.listening.clear()
                self._stop.wait(1.0)   # the database away: listen again when it is back

    def _card(self, payload: str):
        """The card's text for the spectators that asked for cards, or None (none asked)."""
        if self.card is None or not self.carded:
            return None
        game, _, seq = payload.rpartition(" ")
        try:
            card = self.card(game)
        except Exception:   # the database away a moment: the next notification carries it
            return None
        if card is None:
            return None
        return json.dumps({"game": game, "seq": card["seq"], "card": card},
                          separators=(",", ":"))

    def _fan(self, payload: str, card: str | None = None):
        game, _, seq = payload.rpartition(" ")
        try:
            # one JSON text for every socket: written once, sent to each as it is
            msg = json.dumps({"game": game, "seq": int(seq)}, separators=(",", ":"))
        except ValueError:
            return
        for q in list(self.clients):
            text = msg
            if q in self.carded:
                if card is None:
                    continue
                text = card
            try:
                q.put_nowait(text)
            except asyncio.QueueFull:
                self.clients.discard(q)   # its pump sends what it holds, then closes it
                self.carded.discard(q)

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
                if m.get("text") == CARDS and q in self.clients:
                    self.carded.add(q)
        finally:
            task.cancel()
            self.clients.discard(q)
            self.carded.discard(q)
