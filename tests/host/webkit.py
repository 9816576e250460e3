"""What the tests of `comando web`'s server share (test_web_app, test_web_input, test_web_trust):
reading the socket's next message, the page's key, and one scripted socket session through the
``Hub`` from a peer address a test on loopback cannot connect from (another machine's, a
dual-stack listener's ``::ffff:127.0.0.1``)."""

import asyncio
import json
import re
import time
import urllib.request

from comando_host.store.demo_games import bot_events, store_game
from comando_host.store.db import Store


def recv(ws, want=None, timeout=5.0):
    """The socket's next message (of type ``want``: a type or a tuple of them), as a dict."""
    wanted = (want,) if isinstance(want, str) else want
    end = time.monotonic() + timeout
    while True:
        msg = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
        if want is None or msg["type"] in wanted:
            return msg


def ws_url(srv) -> str:
    return srv.url.replace("http", "ws") + "ws"


def page_key(srv) -> str:
    """The secret the server put in its page's HTML (what page.js sends with every message)."""
    with urllib.request.urlopen(srv.url, timeout=10) as r:
        return re.search(r'<meta name="comando-key" content="([0-9a-f]{32})">',
                         r.read().decode())[1]


def played_db(tmp_path, name: str) -> str:
    """A store holding "played": the first 60 events of a 4-player T.E.G. game by the bots."""
    db = str(tmp_path / name)
    store = Store(db)
    store_game(store, "played", bot_events("teg", 4, 3)[:60])
    store.close()
    return db


def session_from(peer: str, hub, script) -> list:
    """What ``hub`` sends a socket whose client is at ``peer`` and which sends ``script``
    (message dicts, each with the page's key), then disconnects."""

    class Peer:
        host = peer

    class Socket:
        client = Peer()

        def __init__(self):
            self.sent = []
            self.script = [json.dumps(dict(m, token=hub.guard.token)) for m in script]

        async def accept(self):
            pass

        async def receive(self):
            for _ in range(5):   # the network's wait: the socket's writer runs meanwhile
                await asyncio.sleep(0)
            if not self.script:
                return {"type": "websocket.disconnect", "code": 1000}
            return {"type": "websocket.receive", "text": self.script.pop(0)}

        async def send_text(self, text):
            self.sent.append(json.loads(text))

    async def run():
        ws = Socket()
        async with hub.lifespan(None):
            await hub.socket(ws)
        return ws.sent

    return asyncio.run(run())
