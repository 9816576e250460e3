"""What a table sends the club of its games: every event, with its secrets sealed as the
device's link seals them (comando.engine.secret; docs/club.md, Secrets).

A laptop's game (`comando play`) keeps its deal's objectives in clear in the table's own store:
the table is where they are entered and seen. Before one leaves for the club, ``Sealer`` replaces
them by one commitment each (``oh``) and, on the event that ends the game, adds their reveal
(``rv``, as ``secret.reveal_if_ending`` does on the device), so the club's fold reaches the same
winner without ever holding an objective before the end. The nonces come from an HMAC of the
table's own key (kept in its store, never sent) and the game and seq: the same event sealed
again is the same bytes, so a resend after a cut is idempotent at the club. A device game's deal
is sealed already and its secret part (``sec``) never reaches the laptop; one found is dropped.
"""

from __future__ import annotations

import hashlib
import hmac

from comando.engine import secret


class Sealer:
    """Feed a game's events in order; ``feed`` returns the event as the club gets it."""

    def __init__(self, key: bytes, game: str):
        self.key = key
        self.game = game
        self.folder = None    # the game folded with its sealed deal (objectives in sec)

    def _nonce(self, seq, i) -> str:
        msg = ("%s:%s:%d" % (self.game, seq, i)).encode()
        return hmac.new(self.key, msg, hashlib.sha256).hexdigest()[:2 * secret.NONCE_BYTES]

    def feed(self, ev: dict) -> dict:
        ev = dict(ev)
        t = ev.get("t")
        if t == "new" and "board" in ev:
            from comando import engine
            self.folder = engine.Folder(verify=False)
        if self.folder is not None:
            if t == "deal" and isinstance(ev.get("obj"), list) and "oh" not in ev:
                objs = ev.pop("obj")
                nonces = [self._nonce(ev.get("seq"), i) for i in range(len(objs))]
                ev["oh"] = [secret.commit(objs[i], nonces[i]) for i in range(len(objs))]
                ev["sec"] = {"obj": objs, "on": nonces}
            elif t not in ("new", "deal", "undo") and "rv" not in ev and self.folder.state is not None:
                from comando import engine
                secret.reveal_if_ending(self.folder.state, ev, engine.apply)
            try:
                self.folder.feed(ev)
            except (ValueError, KeyError, TypeError, IndexError, AttributeError):
                pass   # the club's fold names an illegal event; sealing goes on as it can
        ev.pop("sec", None)
        return ev
