"""What the live page (``comando web``) shows of one stored game, at any event.

``PageGame(rows)`` follows a game's stored rows (``Store.records``) with the table record
(``comando_host.text.record.Record``: the engine for games on a map, the table session for the
device's default game), so every wording and every secrecy rule is the mirror's: a secret
objective is never read, a locked command is "locked (hidden)". ``view(at)`` is a plain JSON dict:
players (countries, armies, card counts, continents held), the map (owner and armies per country,
badges such as missiles where the ruleset draws them), turn and phase, the situation card, the
last battles with their dice, the pacts, the log tail and each player's luck: losses against the
exact expectation of the dice thrown (``comando.odds.roll_counts``).

Seeking backwards re-folds from the nearest checkpoint (one every ``CHECKPOINT`` events) so a
slider over a 5,000-event game never re-folds more than that.
"""

from __future__ import annotations

import collections
import copy

from comando import odds
from comando.combat import compare
from comando_host import games
from comando_host.text import lang
from comando_host.text import record as R
from comando_host.maps import svgmap

CHECKPOINT = 100
LOG_TAIL = 14
BATTLES = 6
SERIES = 160       # points per player in the luck chart


def expected_losses(na: int, nd: int) -> tuple[float, float]:
    """(attacker, defender) expected losses of one throw of na against nd dice (1..4 each)."""
    counts = odds.roll_counts(na, nd)
    total = 6 ** (na + nd)
    dl = sum(j * c for j, c in enumerate(counts)) / total
    return min(na, nd) - dl, dl


def _own_page(rec):
    """A game's own page view (``page`` of comando_host/games/<id>: T.E.G. II's powers, regions
    and clocks), or None: the map games' view needs none."""
    if rec.state is None or not rec.rs:
        return None
    return games.get(rec.rs).page


class _Follow:
    """The mutable part of a fold, copied whole at checkpoints."""

    def __init__(self, board=None):
        self.rec = R.Record(board)
        self.pos = 0                    # rows fed
        self.seq = 0
        self.log = collections.deque(maxlen=LOG_TAIL)
        self.battles = collections.deque(maxlen=BATTLES)
        self.lost = []                  # per seat: armies lost in battle
        self.expected = []              # per seat: expected losses of the dice thrown
        self.series = []                # per seat: [(seq, lost - expected)], every battle
        self.hot = []


class PageGame:
    def __init__(self, rows, game: str = "", info: dict | None = None, code: str | None = None,
                 board=None):
        """``board``: the game's board loaded already (shared, never changed: the club keeps
        one of each for all its games), else the game's new event loads it."""
        self.game = game
        self.info = info or {}
        self.lang = code    # the language its lines are worded in (None: the process's)
        self.rows = list(rows)
        self._f = _Follow(board)
        self._marks = {0: copy.deepcopy(self._f, {id(board): board} if board is not None else {})}

    # -- following ---------------------------------------------------------------------------

    def extend(self, rows) -> None:
        """Rows that arrived since (the live feed)."""
        self.rows.extend(rows)

    @property
    def total(self) -> int:
        return len(self.rows)

    def _seek(self, n: int) -> _Follow:
        with lang.speaking(self.lang or lang.current()):   # (the lines are worded as folded)
            return self._seek_to(n)

    def _seek_to(self, n: int) -> _Follow:
        n = max(0, min(n, len(self.rows)))
        f = self._f
        base = max(k for k in self._marks if k <= n)
        if n < f.pos or base > f.pos:   # back, or far ahead past a checkpoint: start from it
            f = self._f = self._clone(self._marks[base])
        while f.pos < n:
            self._feed(f, self.rows[f.pos])
            f.pos += 1
            if f.pos % CHECKPOINT == 0 and f.pos not in self._marks:
                self._marks[f.pos] = self._clone(f)
        return f

    @staticmethod
    def _clone(f: _Follow) -> _Follow:
        """An independent copy of a fold. An engine fold copies its State (``State.copy``) and
        shares the logged events, which nothing mutates: a deep copy of the folder's effective
        log would cost O(events) per checkpoint."""
        rec = f.rec
        if rec.mode != "engine":
            board = rec.board
            return copy.deepcopy(f, {id(board): board} if board is not None else {})
        g = copy.copy(f)
        g.rec = copy.copy(rec)
        g.rec.folder = copy.copy(rec.folder)
        g.rec.folder.effective = list(rec.folder.effective)
        g.rec.state = g.rec.folder.state = rec.state.copy()
        g.rec.names = list(rec.names)
        g.log = collections.deque(f.log, maxlen=f.log.maxlen)
        g.battles = collections.deque(f.battles, maxlen=f.battles.maxlen)
        g.lost = list(f.lost)
        g.expected = list(f.expected)
        g.series = [list(x) for x in f.series]
        g.hot = list(f.hot)
        return g

    def _feed(self, f: _Follow, row) -> None:
        if row[0] == "snapshot":
            f.rec.snapshot(row[2])
            f.seq = row[1]
            f.log.append((row[1], lang._("the device's snapshot of the game (earlier events not sent)")))
            return
        ev = row[1]
        rec = f.rec
        before_owner = None
        if rec.mode == "engine" and ev.get("t") == "attack":
            to = ev.get("to")
            if isinstance(to, int) and 0 <= to < rec.state.n:
                before_owner = rec.state.owner[to]
        teg2_before = self._teg2_before(rec)
        entry = rec.feed(ev)
        f.seq = ev.get("seq", f.seq)
        f.log.append((entry.seq, entry.text))
        if teg2_before is not None:
            self._teg2_battle(f, ev, entry, teg2_before)
            return
        self._battle(f, ev, entry, before_owner)

    @staticmethod
    def _teg2_before(rec):
        """T.E.G. II: the combat under way before an event (its end makes a battle entry)."""
        if _own_page(rec) is None:
            return None
        st = rec.state
        if rec.mode == "engine":
            x = st.x if isinstance(st.x, dict) else {}
            return ("engine", list(x["war"]) if x.get("war") else None)
        if rec.mode == "session":
            b = getattr(st, "battle", None)
            return ("session", {"a": b["a"], "d": b["d"], "rg": b["rg"]} if b else None)
        return None

    @staticmethod
    def _teg2_battle(f, ev, entry, before):
        rec = f.rec
        own = _own_page(rec)
        if own is None:
            return
        kind, war = before
        b = own.engine_battle(ev, war, rec) if kind == "engine" else \
            own.session_battle(ev, war, rec)
        if b is None:
            return
        b.update({"seq": entry.seq, "text": entry.text})
        f.battles.append(b)
        f.hot = [b["c"]] if isinstance(b.get("c"), int) else []

    def _battle(self, f, ev, entry, before_owner):
        t = ev.get("t")
        if t == "attack" and isinstance(ev.get("ad"), list) and isinstance(ev.get("dd"), list):
            ad, dd = ev["ad"], ev["dd"]
            al, dl = compare(ad, dd)
            if ev.get("tb") and "al" in ev:   # the table told its losses (faces of 0)
                al, dl = ev["al"], ev["dl"]
            att, dfn = ev.get("p"), before_owner
            pair = [ev.get("f"), ev.get("to")]
        elif t == "roll" and isinstance(ev.get("r"), dict):
            r = ev["r"]
            ad, dd = r.get("ad") or [], r.get("dd") or []
            al, dl = r.get("al", 0), r.get("dl", 0)
            att, dfn = ev.get("p"), ev.get("d")
            pair = [ev.get("f"), ev.get("to")] if "f" in ev else []
        else:
            return
        if not (1 <= len(ad) <= 4 and 1 <= len(dd) <= 4):
            return
        ea, ed = expected_losses(len(ad), len(dd))
        for seat, lost, exp in ((att, al, ea), (dfn, dl, ed)):
            if isinstance(seat, int) and seat >= 0:
                while len(f.lost) <= seat:
                    f.lost.append(0)
                    f.expected.append(0.0)
                    f.series.append([])
                f.lost[seat] += lost
                f.expected[seat] += exp
                f.series[seat].append((entry.seq, round(f.lost[seat] - f.expected[seat], 3)))
        f.battles.append({"seq": entry.seq, "text": entry.text, "ad": sorted(ad, reverse=True),
                          "dd": sorted(dd, reverse=True), "al": al, "dl": dl, "p": att,
                          "d": dfn})
        told = ev if t == "attack" else ev.get("r")
        if isinstance(told, dict) and told.get("tb"):   # the table's own dice (comando.table_dice)
            f.battles[-1]["tb"] = 1
        f.hot = [c for c in pair if isinstance(c, int)]

    # -- the view ----------------------------------------------------------------------------

    def view(self, at: int | None = None) -> dict:
        with lang.speaking(self.lang or lang.current()):
            return self._view(at)

    def _view(self, at: int | None = None) -> dict:
        n = len(self.rows) if at is None else at
        f = self._seek(n)
        rec = f.rec
        st = rec.state
        board = rec.board
        out = {"type": "view", "game": self.game, "at": f.pos, "total": len(self.rows),
               "seq": f.seq, "ruleset": rec.rs or self.info.get("ruleset", ""),
               "rsname": R.ruleset_name(rec.rs or self.info.get("ruleset", "")),
               "board": getattr(board, "id", "") or self.info.get("board", ""),
               "boardname": str(board.name) if board is not None else "",
               "mode": rec.mode or "", "map": False}
        names = list(rec.names)
        colours = list(getattr(st, "colours", []) or [])
        players = []
        for p, name in enumerate(names):
            col = colours[p] if p < len(colours) else ""
            fill, ink = svgmap.player_colour(str(col), p)
            # (the name as the reader's language says it: "P1 (azul)"; "colour" stays the id)
            players.append({"name": rec.who(p) if rec.mode else name, "colour": col, "fill": fill, "ink": ink})
        if rec.mode == "engine" and st is not None:
            out["map"] = True
            out["owner"] = list(st.owner)
            out["armies"] = list(st.armies)
            badges = getattr(st.rules, "map_badges", None)
            out["badges"] = badges(st) if badges else []
            for p, pl in enumerate(players):
                pl["countries"] = st.count(p)
                pl["armies"] = st.total_armies(p)
                pl["cards"] = len(st.hands[p])
                pl["alive"] = bool(st.alive[p])
                pl["continents"] = [board.continent_short(c)
                                    for c in board.continents_owned(st.owner, p)]
            out["turn"] = {"round": st.round, "cur": st.cur if st.phase != "over" else -1,
                           "phase": st.phase, "winner": st.winner,
                           "status": self._engine_status(rec, st)}
            from comando_host.text.engine_text import pact_text
            out["pacts"] = [pact_text(st, x) for x in st.pacts]   # in the reader's words
            own = _own_page(rec)
            if own is not None:
                own.engine_view(out, rec, players)
        elif rec.mode == "session" and st is not None:
            cur = getattr(st, "cur", -1)
            out["turn"] = {"round": getattr(st, "rnd", 0),
                           "cur": cur if isinstance(cur, int) else -1,
                           "phase": getattr(st, "stage", "") or "", "winner": -1,
                           "status": rec.waiting(st)}
            out["pacts"] = []
            card = self._situation(st)
            if card:
                out["situation"] = card
            out["players"] = players
            own = _own_page(rec)
            if own is not None:
                own.session_view(out, rec)
        else:
            out["turn"] = {"round": 0, "cur": -1, "phase": "", "winner": -1, "status": ""}
            out["pacts"] = []
        out["players"] = players
        ck = getattr(st, "clock", None) if st is not None else None
        if ck is not None:   # the game clock as of this event's stamp (comando_host.text.clock_text)
            out["clock"] = self._clock(st, ck)
        out["hot"] = list(f.hot)
        out["battles"] = list(f.battles)[::-1]
        out["log"] = [[s, t] for s, t in list(f.log)[::-1]]
        luck = []
        for p in range(len(players)):
            if p < len(f.lost):
                pts = f.series[p]
                step = max(1, len(pts) // SERIES)
                sample = pts[::step]
                if pts and sample[-1] != pts[-1]:
                    sample.append(pts[-1])
                luck.append({"lost": f.lost[p], "expected": round(f.expected[p], 2),
                             "series": [list(x) for x in sample]})
            else:
                luck.append({"lost": 0, "expected": 0.0, "series": []})
        out["luck"] = luck
        return out

    @staticmethod
    def _engine_status(rec, st) -> str:
        if st.phase == "over":
            return rec.outcome(st)
        own = games.get(st.rules.id).text
        if own is not None:   # T.E.G. II: its round, level and stage (games/teg2/text.status)
            return own.status(st).splitlines()[0]
        from comando_host.text.engine_text import phase_word, who
        s = lang._("{who} to play: {phase}").format(who=who(st, st.cur), phase=phase_word(st.phase))
        if st.to_place():
            s += " (%s)" % lang._("{n} to place").format(n=st.to_place())
        if st.pending is not None:
            s += " " + lang._("(moving in to {country})").format(country=st.board.name(st.pending[1]))
        return s

    @staticmethod
    def _clock(st, ck) -> dict:
        """The clock's part of the view: its lines in words, the seconds left (game, turn),
        whether the warning is on (the device's thresholds), who ran out."""
        from comando import clock as C
        from comando_host.text import clock_text
        opts = getattr(st, "options", None)
        if opts is None:
            opts = st.opts
        game = C.game_left(ck, opts)
        turn = C.turn_left(ck, opts)
        warn = (turn is not None and turn <= 20) or (game is not None and game <= 300)
        return {"ts": ck["ts"], "game": game, "turn": turn, "warn": bool(warn and not ck["at"]),
                "at": ck["at"], "out": [list(x) for x in ck["out"]],
                "lines": clock_text.lines(st)}

    @staticmethod
    def _situation(st):
        """La Revancha's situation card ruling the round: its label and effect."""
        card = getattr(st, "sit", -1)
        if not isinstance(card, int) or card < 0:
            return None
        from comando.rulesets.revancha import situations
        return {"card": card, "name": situations.label(card), "text": situations.describe(card)}
