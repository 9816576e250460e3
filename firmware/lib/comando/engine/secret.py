"""Secret objectives in a map game: sealed at the deal, revealed by the event that ends the game.

The device (device.mapmode) seals the ruleset's ``deal``: its objective ids leave the public part
and go to the secret part (``sec``: kept in the device journal, never sent - comando.link.redact);
the public part keeps one commitment per objective (``oh``). The laptop folds the deal with the
objectives unknown (``UNKNOWN``: only the public common objective can win). The event after which
the device's state has a winner carries ``rv`` = {"obj": ids, "on": nonces} (every objective, in
deal order); engine.apply reveals them before the event itself, so every fold reaches the same
winner, and the host checks each against its commitment (comando_host.link.secrets).

The hashed message is ASCII, checkable with any sha256 tool, as T.E.G. II battle commands
(comando.rulesets.teg2.commit)::

    sha256("comando-objective/1:" + str(objective id) + ":" + nonce_hex)  -> 64 lowercase hex
"""

import binascii

PREFIX = "comando-objective/1:"
NONCE_BYTES = 16
UNKNOWN = -1   # an objective the fold does not know (sealed, not yet revealed)


def commit(oid, nonce):
    import hashlib   # (here: CPython's loads OpenSSL, ~4 ms every laptop command paid; issue 28)
    return binascii.hexlify(hashlib.sha256((PREFIX + str(oid) + ":" + nonce).encode())
                            .digest()).decode()


def verify(h, oid, nonce):
    """True when objective ``oid`` and ``nonce`` are what commitment ``h`` locked; never raises."""
    if not isinstance(h, str) or not isinstance(nonce, str) or len(nonce) < 2 * NONCE_BYTES:
        return False
    try:
        want = commit(oid, nonce)
    except (TypeError, ValueError):
        return False
    got = h.strip().lower()
    if len(got) != len(want):
        return False
    diff = 0
    for i in range(len(want)):
        diff |= ord(got[i]) ^ ord(want[i])
    return diff == 0


def _nonce(source):
    if source is None:
        import os
        raw = os.urandom(NONCE_BYTES)
    else:
        raw = source(NONCE_BYTES)
    return binascii.hexlify(bytes(raw)).decode()


def seal(ev, source=None):
    """Move a deal's objectives into its secret part, one public commitment each. ``source(n)``
    gives n random bytes (default os.urandom: the Pico's ring oscillator)."""
    objs = ev.pop("obj", None)
    if objs is None:
        return ev   # a deal without objectives (2-3 player T.E.G., Risk)
    nonces = [_nonce(source) for _ in objs]
    ev["oh"] = [commit(objs[i], nonces[i]) for i in range(len(objs))]
    ev["sec"] = {"obj": objs, "on": nonces}
    return ev


def opened(ev):
    """The deal as the ruleset reads it: ``obj`` from the clear, else from the secret part, else
    all UNKNOWN (the laptop's fold of a sealed deal)."""
    if "oh" not in ev or "obj" in ev:
        return ev
    v = dict(ev)
    sec = ev.get("sec")
    if isinstance(sec, dict) and isinstance(sec.get("obj"), list):
        v["obj"] = sec["obj"]
    else:
        v["obj"] = [UNKNOWN] * len(ev["oh"])
    return v


def reveal_if_ending(state, ev, apply):
    """Add ``rv`` (every sealed objective and its nonce) to ``ev`` when applying it gives the game
    a winner. Known only by applying it: on a copy, since the device journals an event before its
    state changes. ``state.sealed`` is the deal's secret part (set by engine.apply)."""
    sealed = getattr(state, "sealed", None)
    if sealed and state.winner < 0:
        s2 = state.copy()
        apply(s2, ev)
        if s2.winner >= 0:
            ev["rv"] = {"obj": list(sealed["obj"]), "on": list(sealed["on"])}
    return ev
