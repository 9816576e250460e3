"""T.E.G. II battle-command secrecy, checked on the host.

On the link a battle command exists only as its commitment (``lock`` event: ``{"t": "lock",
"p": seat, "h": sha256 hex}``) until both players have locked; the ``reveal`` event then carries
the command and the nonce (``{"t": "reveal", "p": seat, "cmd": "3/0/5", "n": nonce hex, ...}``)
and the host checks it against the commitment with ``comando.rulesets.teg2.commit.verify``. A reveal that
does not match, a reveal before both locked, or a lock that carries the command in clear is
reported as tampering (the event is still stored: the log is what the device sent).

A map game's secret objectives (comando.engine.secret) work alike: the ``deal`` carries one
commitment per objective (``oh``) and no objective; the event that ends the game carries ``rv``
({"obj": ids, "on": nonces}), checked here against the deal's commitments. An objective in clear on
a sealed deal, a reveal without a sealed deal, or one that does not match is tampering.
"""

from __future__ import annotations

CLEAR_KEYS = ("cmd", "n", "nonce", "sec")


def _verify(h, cmd, nonce):
    from comando.rulesets.teg2.commit import verify
    return verify(h, cmd, nonce)


class SecretBook:
    def __init__(self, verify=None):
        self.verify = verify or _verify
        self.locks = {}        # seat -> commitment, for the battle in progress
        self.revealed = set()
        self.tampering = []    # messages
        self.verified = 0
        self.objs = None       # a map game's objective commitments (the deal's "oh")

    def _bad(self, msg):
        self.tampering.append(msg)
        return "tampering: " + msg

    def snapshot(self, state):
        """Start from a device snapshot (its state dict): a T.E.G. II battle in progress brings
        the seats' commitments (``battle.h``) and who has revealed (``battle.cmd``)."""
        self.locks = {}
        self.revealed = set()
        if isinstance(state, dict) and isinstance(state.get("oh"), list):
            self.objs = state["oh"]   # a map game's objective commitments (device.mapmode.public)
        b = state.get("battle") if isinstance(state, dict) else None
        if not isinstance(b, dict):
            return
        seats = (b.get("a"), b.get("d"))
        hs = b.get("h") or [None, None]
        cmds = b.get("cmd") or [None, None]
        for i in (0, 1):
            if i < len(hs) and isinstance(hs[i], str):
                self.locks[seats[i]] = hs[i]
            if i < len(cmds) and cmds[i] is not None:
                self.revealed.add(seats[i])

    def event(self, ev) -> str | None:
        """Look at one stored event; a message when it breaks the secrecy rules, else None."""
        t = ev.get("t")
        if t == "deal" and "oh" in ev:
            self.objs = ev.get("oh")
            if "obj" in ev or "sec" in ev:
                return self._bad("event %s: the sealed secret objectives crossed the link in "
                                 "clear" % ev.get("seq"))
            return None
        if "rv" in ev:
            return self.objectives(ev)
        if t == "lock":
            leaked = [k for k in CLEAR_KEYS if k in ev]
            if len(self.locks) >= 2 or (self.revealed and not self.locks):
                self.locks = {}
                self.revealed = set()
            self.locks[ev.get("p")] = ev.get("h")
            if leaked:
                return self._bad("event %s: a locked battle command crossed the link in clear (%s)"
                                 % (ev.get("seq"), ", ".join(leaked)))
            return None
        if t == "reveal":
            p = ev.get("p")
            if len(self.locks) < 2:
                return self._bad("event %s: seat %s revealed before both players locked"
                                 % (ev.get("seq"), p))
            h = self.locks.get(p)
            if h is None:
                return self._bad("event %s: seat %s revealed a command it never locked"
                                 % (ev.get("seq"), p))
            ok = False
            try:
                ok = self.verify(h, ev.get("cmd"), ev.get("n", ev.get("nonce")))
            except ValueError:
                ok = False
            self.revealed.add(p)
            if len(self.revealed) >= 2:
                self.locks = {}
                self.revealed = set()
            if not ok:
                return self._bad("event %s: seat %s's revealed command %r does not match its "
                                 "commitment" % (ev.get("seq"), p, ev.get("cmd")))
            self.verified += 1
        return None

    def objectives(self, ev):
        """Check a map game's revealed objectives (``rv``) against the deal's commitments."""
        from comando.engine.secret import verify
        rv = ev.get("rv")
        hs = self.objs
        if not isinstance(hs, list):
            return self._bad("event %s: objectives revealed, but no sealed deal committed to them"
                             % ev.get("seq"))
        objs = rv.get("obj") if isinstance(rv, dict) else None
        nonces = rv.get("on") if isinstance(rv, dict) else None
        if not isinstance(objs, list) or not isinstance(nonces, list) \
                or len(objs) != len(hs) or len(nonces) != len(hs):
            return self._bad("event %s: the revealed objectives do not match the %d committed"
                             % (ev.get("seq"), len(hs)))
        bad = [i for i in range(len(hs)) if not verify(hs[i], objs[i], nonces[i])]
        self.objs = None
        if bad:
            return self._bad("event %s: revealed objective %s does not match its commitment "
                             "(objective %s)" % (ev.get("seq"), ", ".join(str(objs[i]) for i in bad),
                                                 ", ".join(str(i + 1) for i in bad)))
        self.verified += len(hs)
        return None
