"""The club's live feed: every server process on one database sees every table's events.

A push's transaction ends with ``pg_notify('club_events', 'GAME SEQ')`` (club/db.py): PostgreSQL
delivers it, at commit, to every connection that LISTENs on the channel. Each server process
keeps one such connection in a thread of its own and hands each notification to the spectators
connected to it (``/ws``: ``{"game": ID, "seq": N}``, then ``GET /api/games/ID`` for the rest).
No broker of our own: the database carries the fan-out. The connection lost (the database
restarted) is made again; a spectator that does not read its socket is closed, not waited for.

The broadcast page (club/broadcast.py) says ``{"op": "cards"}`` on its socket: from then on it
hears ``{"game", "seq", "card"}``, the table's card made by ``card(game, conn)`` (set by the
broadcast routes) in the listener thread and sent as the same text to every such spectator: one
card per game for all the notifications arrived by the time the listener wakes, so a card can
cover several pushes. Other spectators hear ``{"game", "seq"}`` of every notification.
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
        self.cards_of = None                       # (games, conn) -> {game: card or None}
        self._sent = {}                            # game -> the seq of its last card sent
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
        pending = {}   # games notified whose card is not made yet (in notification order)
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=3) as conn:
                    conn.execute("LISTEN " + CHANNEL)
                    self.listening.set()
                    while not self._stop.is_set():
                        # one wake for every notification arrived by now: a card per game, one
                        # hand-over to the loop (a card left from a failed read: soon again)
                        got = list(conn.notifies(timeout=0.05 if pending else 0.5, stop_after=1))
                        if got:
                            got += conn.notifies(timeout=0)
                        self._wake(conn, [n.payload for n in got], pending)
            except psycopg.Error:
                self.listening.clear()
                self._stop.wait(1.0)   # the database away: listen again when it is back

    def _wake(self, conn, payloads, pending):
        """Fan out these notifications and the cards of the games pending (made with the
        listener's own connection, so spectators' requests never keep it waiting for one)."""
        import psycopg
        plain, cards = [], []
        for payload in payloads:
            game, _, seq = payload.rpartition(" ")
            if not seq.isdigit():
                continue
            # one JSON text for every socket: written once, sent to each as it is
            plain.append(json.dumps({"game": game, "seq": int(seq)}, separators=(",", ":")))
            pending[game] = None
        if self.card is None or not self.carded:
            pending.clear()     # nobody to send to: a page that comes takes every card anew
        try:
            if self.cards_of is not None and pending:
                # every pending game's card from one read of their new events
                made = self.cards_of(list(pending), conn)
            else:
                made = {}
                for game in list(pending):
                    try:
                        made[game] = self.card(game, conn)
                    except psycopg.Error:
                        raise   # the database away: this card waits, the listener reconnects
                    except Exception:   # noqa: BLE001 - a game the page cannot show: its next push
                        made[game] = None
            for game in list(pending):
                card = made.get(game)
                del pending[game]
                # a card already sent at that seq (a wake's read covered later pushes whose
                # notifications come after): nothing new, not sent again
                if card is not None and card["seq"] > self._sent.get(game, -1):
                    self._sent[game] = card["seq"]
                    cards.append(json.dumps({"game": game, "seq": card["seq"], "card": card},
                                            separators=(",", ":")))
        finally:
            if plain or cards:
                self.loop.call_soon_threadsafe(self._fan, plain, cards)

    def _fan(self, plain, cards):
        for q in list(self.clients):
            try:
                for text in (cards if q in self.carded else plain):
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
