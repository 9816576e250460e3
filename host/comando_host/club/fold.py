"""Each club game folded by the engine, event by event, as `comando replay` folds a log: a game
on a map by ``comando.engine.Folder`` (its ``new`` names a board), a device's table session by
``comando.session`` (check, then apply). ``GameFold.feed`` raises Illegal naming the event.

The sealed-secret rule (``sealed_problem``): the club never holds a secret in clear. A deal's
objectives travel only as their commitments (``oh``; ``comando.engine.secret``), revealed by the
event that ends the game (``rv``); a T.E.G. II battle command only as its lock's hash until its
reveal (comando_host.link.secrets). An event carrying ``obj`` (other than all unknown), ``sec`` or a
lock's command in clear is refused before anything is stored: the table's `comando club join`
seals them (club/seal.py), as the device's link does.
"""

from __future__ import annotations

import threading

from comando_host.link.secrets import CLEAR_KEYS


UNDO_KEEP = 16    # session events whose tallies an undo may return to (the session keeps 8)

_BOARDS = {}      # board id -> the board loaded once in this process, shared by its games
_BOARDS_LOCK = threading.Lock()


def shared_board(bid):
    """The board ``bid`` loaded once in this process for all the club's games of it (a board
    is not changed once loaded: the engine and the page only read it), or None when it does
    not load: the game's own fold then loads it and names what is wrong. Reading a board is
    most of the cost of a new game's first fold (5 ms of T.E.G.'s, twice: the push's and the
    card's), which every table's first push at once made a burst of."""
    if not isinstance(bid, str) or not bid:
        return None
    with _BOARDS_LOCK:
        board = _BOARDS.get(bid)
    if board is None:
        try:
            from comando.board import board_path, load_board
            board = load_board(board_path(bid))
        except Exception:   # noqa: BLE001 - the fold's own load says what is wrong
            return None
        if getattr(board, "id", None) != bid:
            return None
        with _BOARDS_LOCK:
            board = _BOARDS.setdefault(bid, board)
    return board


class Illegal(ValueError):
    """An event the game's rules refuse: the message names its seq and type."""


def sealed_problem(ev: dict) -> str | None:
    """Why ``ev`` would put a secret on the club in clear, or None."""
    seq, t = ev.get("seq"), ev.get("t")
    if "sec" in ev:
        return "event %s (%s) carries a sealed secret part (sec): the table must keep it" % (seq, t)
    if t == "deal":
        objs = ev.get("obj")
        if isinstance(objs, list) and any(o != -1 for o in objs):
            return ("event %s (deal) carries the secret objectives in clear: the table seals "
                    "them (commitments oh) before the club sees them" % seq)
    if t == "lock":
        leaked = [k for k in CLEAR_KEYS if k in ev]
        if leaked:
            return "event %s (lock) carries a locked battle command in clear (%s)" % (
                seq, ", ".join(leaked))
    return None


class GameFold:
    """The state of one game after its events; ``seq`` the last folded."""

    def __init__(self):
        self.kind = None      # "map" or "session"
        self.folder = None
        self.session = None
        self.seq = 0
        self.lost = []        # per seat: armies lost in battle (map games)
        self.expected = []    # per seat: the dice's expected losses (the page's luck)
        self.outs = []        # a table session's seats as they went out, first out first
        self._hist = []       # (seq, lost, expected, outs) after each session event: its undo

    @property
    def state(self):
        return self.folder.state if self.kind == "map" else self.session

    def feed(self, ev: dict):
        if not isinstance(ev, dict) or not isinstance(ev.get("t"), str):
            raise Illegal("an event must be a JSON object with a type t")
        seq, t = ev.get("seq"), ev.get("t")
        if self.kind is None:
            if t != "new":
                raise Illegal("event %s (%s): a game must begin with its new event" % (seq, t))
            self.kind = "map" if "board" in ev else "session"
        try:
            if self.kind == "map":
                if self.folder is None:
                    from comando import engine
                    self.folder = engine.Folder(shared_board(ev.get("board")))
                defender = self._defender(ev)
                self.folder.feed(ev)
                if defender is not None:
                    self._luck(ev, defender)
            else:
                from comando import session
                if self.session is None:
                    self.session = session.Session()
                session.check(self.session, ev)
                session.apply(self.session, ev)
                self._session_tally(ev)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
            why = "missing field %s" % exc if isinstance(exc, KeyError) else str(exc)
            raise Illegal("event %s (%s) is illegal: %s" % (seq, t, why)) from None
        self.seq = seq

    def _session_tally(self, ev):
        """A table session's luck (its rolls' records) and who went out in which order; an
        undo takes them back to the event it returns to."""
        t = ev.get("t")
        if t == "undo":
            for seq, lost, expected, outs in reversed(self._hist):
                if seq <= ev.get("to", -1):
                    self.lost, self.expected, self.outs = list(lost), list(expected), list(outs)
                    break
        elif t == "roll" and isinstance(ev.get("r"), dict):
            r = ev["r"]
            self._count_losses(ev.get("p"), ev.get("d"), r.get("ad"), r.get("dd"), r.get("al"),
                               r.get("dl"))
        elif t in ("out", "walk") and isinstance(ev.get("p"), int):
            self.outs.append(ev["p"])
        self._hist.append((ev.get("seq"), list(self.lost), list(self.expected), list(self.outs)))
        del self._hist[:-UNDO_KEEP]

    def _defender(self, ev):
        """The seat owning an attack's target before the attack (None: no throw to count)."""
        st = self.folder.state
        to = ev.get("to")
        if ev.get("t") != "attack" or st is None or not isinstance(to, int) \
                or not 0 <= to < st.n or not isinstance(ev.get("ad"), list) \
                or not isinstance(ev.get("dd"), list):
            return None
        return st.owner[to]

    def _luck(self, ev, defender):
        from comando.combat import compare
        ad, dd = ev["ad"], ev["dd"]
        if not (1 <= len(ad) <= 4 and 1 <= len(dd) <= 4):
            return
        al, dl = compare(ad, dd)
        self._count_losses(ev.get("p"), defender, ad, dd, al, dl)

    def _count_losses(self, attacker, defender, ad, dd, al, dl):
        from comando_host.web.pageview import expected_losses
        if not (isinstance(ad, list) and isinstance(dd, list) and 1 <= len(ad) <= 4
                and 1 <= len(dd) <= 4 and isinstance(al, int) and isinstance(dl, int)):
            return
        ea, ed = expected_losses(len(ad), len(dd))
        for seat, lost, exp in ((attacker, al, ea), (defender, dl, ed)):
            if isinstance(seat, int) and seat >= 0:
                while len(self.lost) <= seat:
                    self.lost.append(0)
                    self.expected.append(0.0)
                self.lost[seat] += lost
                self.expected[seat] += exp

    def result(self):
        """A finished map game's seats, winner first: [{"seat", "name", "place", "won",
        "objective", "countries", "lost", "expected"}]; None while it goes on (or a device's
        finished table session: _session_result). The places after the winner: most
        countries held at the end, then most armies, then seat order; ``objective``: the winner
        won by a secret objective (fewer than all the countries held)."""
        st = self.state
        if self.kind == "session" and st is not None:
            return self._session_result(st)
        if self.kind != "map" or st is None:
            return None
        win = getattr(st, "winner", -1)
        if not isinstance(win, int) or not 0 <= win < st.np:
            return None
        rows = []
        for seat in range(st.np):
            countries = st.owner.count(seat)
            armies = sum(a for o, a in zip(st.owner, st.armies) if o == seat)
            rows.append((seat != win, -countries, -armies, seat, countries))
        rows.sort()
        out = []
        for place, (_, _, _, seat, countries) in enumerate(rows, 1):
            out.append({"seat": seat, "name": st.names[seat], "place": place, "won": place == 1,
                        "objective": place == 1 and countries < st.n, "countries": countries,
                        "lost": self.lost[seat] if seat < len(self.lost) else 0,
                        "expected": self.expected[seat] if seat < len(self.expected) else 0.0})
        return out

    def _session_result(self, st):
        """A finished table session's seats, winner first, then those still in (seat order),
        then those out, the last out first. A session names colours, not players: ``name`` is
        None (club/results.py names the seats from the round the table plays); it holds no map,
        so no countries and no win by objective told."""
        win = getattr(st, "winner", -1)
        n = len(st.colours or ())
        if not isinstance(win, int) or not 0 <= win < n:
            return None
        outs = [p for p in self.outs if isinstance(p, int) and 0 <= p < n]
        late = {p: i for i, p in enumerate(outs)}
        rows = sorted(range(n), key=lambda s: (s != win, s in late, -late.get(s, 0), s))
        return [{"seat": seat, "name": None, "colour": st.colours[seat], "place": place,
                 "won": place == 1, "objective": False, "countries": 0,
                 "lost": self.lost[seat] if seat < len(self.lost) else 0,
                 "expected": self.expected[seat] if seat < len(self.expected) else 0.0}
                for place, seat in enumerate(rows, 1)]

    def public(self) -> dict:
        """What a spectator may read of the game now: whose turn, the phase, the winner; never
        an objective, a hand or a locked command."""
        st = self.state
        if st is None:
            return {}
        if self.kind == "map":
            names = list(st.names)
            out = {"players": names, "phase": st.phase, "round": st.round,
                   "countries": [st.owner.count(i) for i in range(st.np)]}
            cur = getattr(st, "cur", None)
            if isinstance(cur, int) and 0 <= cur < len(names):
                out["to_play"] = names[cur]
            win = getattr(st, "winner", -1)
            if isinstance(win, int) and 0 <= win < len(names):
                out["winner"] = names[win]
            return out
        return {"players": list(getattr(st, "colours", None) or []),
                "stage": str(getattr(st, "stage", ""))}
