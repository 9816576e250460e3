"""What the laptop's shared view shows of a game: kept up to date from the events as they land.

Secret objectives are never shown: any field whose name mentions an objective (``obj``,
``objective``, ``objectives``...) and the secret part of an event (``sec``) are left out of every
line this module produces, and a lock shows only the start of its commitment.
"""

from __future__ import annotations

import collections
import time

from comando_host.text import record as R
from comando_host.text.lang import _
from comando_host.text.record import hidden  # noqa: F401  (the rule for what is never shown)


def public_fields(ev: dict) -> dict:
    return {k: v for k, v in ev.items() if not hidden(k)}


def describe(ev: dict) -> str:
    """The generic public line for an event: ``#12 roll p=0 a=[6,5,1] d=[4,4]`` (the mirror
    shows ``record.Record``'s wording; this is for events no ruleset on this laptop knows)."""
    return "#%s %s" % (ev.get("seq", "?"), R.raw(ev))


class GameView:
    """The mirror's model of one game: header fields, the last rolls and battles, a log tail, all
    in the table record's words (``comando_host.text.record``)."""

    def __init__(self, tail=12, packed=False, texts=True):
        self.packed = packed    # Record(packed): a long game's history in compact lines
        self.texts = texts      # Record(texts): False for a summary row (a map game's lines unworded)
        self.game = None
        self.board = ""
        self.fw = ""
        self.device_last = 0
        self.last_seq = 0
        self.count = 0
        self.up = False
        self.since = time.monotonic()
        self.log = collections.deque(maxlen=tail)
        self.rolls = collections.deque(maxlen=4)
        self.battles = collections.deque(maxlen=4)
        self.errors = collections.deque(maxlen=4)
        self.players = []
        self.ruleset = ""
        self.turn = None
        self.phase = ""
        self.snapshot_at = None
        self.round = 0
        self._texts_due = False
        self.status = ""
        self.logged = 0
        self.error_count = 0
        self.board_lines = []
        self.extra_lines = []
        self.record = R.Record(packed=packed, texts=texts)

    @property
    def _state(self):
        return self.record.state

    # -- input -------------------------------------------------------------------------------

    def hello(self, p, last, history=None):
        """The device says which game it holds. A game new to this view starts afresh, from
        ``history(game)`` (the store's records) when given: a game the laptop already holds in
        part (the device resumes from the laptop's last event) is told from its start."""
        fresh = p.get("game") != self.game
        if fresh:
            self.__init__(self.log.maxlen, self.packed, self.texts)
        self.game = p.get("game")
        self.board = p.get("board", "") or self.board
        self.fw = p.get("fw", "")
        self.device_last = last
        if fresh and history is not None and self.game:
            try:
                records = history(self.game)
            except Exception:  # the view is a nicety: never let it stop the link
                records = ()
            self.replay(records)

    def replay(self, records):
        for r in records:
            if r[0] == "event":
                self.event(r[1])
            else:
                self.snapshot(r[1], r[2])

    def link(self, up):
        self.up = up
        self.since = time.monotonic()

    def error(self, msg):
        self.errors.append(str(msg))
        self.error_count += 1

    def note(self, msg):
        self.log.append("· " + str(msg))
        self.logged += 1

    def snapshot(self, seq, state):
        self.snapshot_at = seq
        self.last_seq = max(self.last_seq, seq)
        if isinstance(state, dict):
            self._from_state_dict(state)
            self.record.snapshot(state)
            self._from_state()

    def event(self, ev):
        seq = ev.get("seq", 0)
        if self.count and isinstance(seq, int) and seq <= self.last_seq:
            return  # already told (read from the store, then delivered by the link)
        self.last_seq = max(self.last_seq, seq)
        self.count += 1
        t = ev.get("t")
        entry = self.record.feed(ev)
        line = "#%s %s" % (ev.get("seq", "?"), entry.text)
        self.log.append(line)
        self.logged += 1
        if entry.kind == "roll" or t == "roll":
            self.rolls.append(line)
        if entry.kind == "battle" and t != "roll":
            self.battles.append(line)
        if t == "new":
            self.ruleset = str(ev.get("ruleset") or ev.get("rs") or "")
            if self.record.board_id:
                self.board = self.record.board_id
            if self.record.names:
                self.players = list(self.record.names)
            else:
                pl = ev.get("players") or ev.get("colours") or ev.get("p") or []
                self.players = [str(p.get("name") or p.get("n") or "?") if isinstance(p, dict)
                                else str(p) for p in pl] if isinstance(pl, list) else []
        if self._state is not None:
            self._from_state()
        elif "p" in ev and t != "new":
            self.turn = ev["p"]
            self.phase = str(t)

    def _from_state(self):
        """The header fields, at every event; the status text (what `summary` shows) only
        when asked (``_texts``): a writer folding a batch for its summary row, or a replay,
        need not word every state on the way."""
        st = self._state
        rec = self.record
        self._texts_due = True
        if rec.board_id:
            self.board = rec.board_id
        if rec.mode == "engine":
            try:
                self.turn = st.cur if st.cur >= 0 and st.phase != "over" else None
                self.phase = st.phase
                self.round = st.round
                self.players = list(rec.names)
                self.ruleset = st.rules.id
            except Exception:
                pass
            return
        if rec.mode != "session":
            return
        try:
            self.ruleset = st.rs or self.ruleset
            self.players = list(rec.names) or [str(c) for c in st.colours]
            cur = st.cur
            self.turn = cur if isinstance(cur, int) and cur >= 0 else None
            self.phase = st.stage or ""
            self.round = st.rnd
        except Exception:
            pass

    def _texts(self):
        if not self._texts_due:
            return
        self._texts_due = False
        st = self._state
        rec = self.record
        self._extra_lines = []
        if rec.mode == "engine":
            try:
                from comando_host.text import engine_text
                lines = engine_text.status(st).splitlines()  # public: no objectives in it
                self._status = lines[0] if lines else ""
                self._board_lines = lines[1:]
            except Exception:
                pass
        elif rec.mode == "session":
            try:
                self._status = rec.waiting(st)
                self._extra_lines = self._session_lines(st)
            except Exception:
                pass
        if rec.mode in ("engine", "session") and getattr(st, "clock", None) is not None:
            # the game clock as of the last event's stamp (comando_host.text.clock_text)
            from comando_host.text import clock_text
            self._extra_lines = self._extra_lines + clock_text.status_lines(st)

    @property
    def status(self):
        self._texts()
        return self._status

    @status.setter
    def status(self, value):
        self._status = value

    @property
    def board_lines(self):
        self._texts()
        return self._board_lines

    @board_lines.setter
    def board_lines(self, value):
        self._board_lines = value

    @property
    def extra_lines(self):
        self._texts()
        return self._extra_lines

    @extra_lines.setter
    def extra_lines(self, value):
        self._extra_lines = value

    def _session_lines(self, st):
        rec = self.record
        out = []
        if st.sit >= 0:  # La Revancha's situation card of the round
            from comando.rulesets.revancha import situations as SIT
            out.append(_("situation card: {card} - {text}").format(card=SIT.label(st.sit),
                                                                  text=SIT.describe(st.sit)))
            if st.barred:
                out.append(_("no country card this round (crisis): {who}").format(
                    who=", ".join(rec.who(s) for s in st.barred)))
        if st.track:  # T.E.G. II's war-potential track
            tr = st.track
            parts = []
            for s in range(st.n):
                x = "%s %d" % (rec.who(s), tr["wp"][s])
                if tr["su"][s]:
                    x += " (SU %d)" % tr["su"][s]
                if tr["rockets"][s]:
                    x += " (%s)" % _("rocket")
                parts.append(x)
            out.append(_("war potential: {powers}").format(powers=", ".join(parts)))
            if st.tally and st.tally["tot"]:
                out.append(_("final count: {count}").format(count=rec.count_text(st)))
            b = st.battle
            if b:
                side = lambda i: _("locked") if b["h"][i] is not None else _("to lock")  # noqa: E731
                out.append(_("combat in {region}: {a} (attacks, {al}) v {d} ({dl})").format(
                    region=b["rg"], a=rec.who(b["a"]), al=side(0), d=rec.who(b["d"]), dl=side(1)))
        if st.stage == "place" and st.reserve:  # Risk's deployment by hand
            out.append(_("reserves: {seats}").format(seats=", ".join(
                "%s %d" % (rec.who(s), r) for s, r in enumerate(st.reserve))))
        return out

    def _from_state_dict(self, d):
        for key in ("cur", "turn"):
            if isinstance(d.get(key), int):
                self.turn = d[key]
                break
        for key in ("stage", "phase"):
            if isinstance(d.get(key), str):
                self.phase = d[key]
                break
        if not self.players:
            for key in ("colours", "players"):
                if isinstance(d.get(key), list):
                    self.players = [str(x) for x in d[key]]
                    break

    @classmethod
    def from_store(cls, store, gid, tail=12):
        """The view of a stored game (``comando show``/``games``); also returns its records."""
        g = store.game(gid)
        view = cls(tail)
        view.hello({"game": gid, "board": g["board"], "fw": g["fw"]}, 0)
        records = store.records(gid)
        view.replay(records)
        return view, records

    # -- output ------------------------------------------------------------------------------

    def result(self) -> str:
        return self.record.result() or (self.phase or "-")

    def whose_turn(self) -> str:
        if self.turn is None:
            return "-"
        if isinstance(self.turn, int) and 0 <= self.turn < len(self.players):
            return self.players[self.turn]
        return "seat %s" % self.turn

    def board_name(self) -> str:
        return R.board_label(self.record.board, self.board) or "-"

    def summary(self) -> list[str]:
        players = []
        for i, p in enumerate(self.players):
            players.append(("▶ " if i == self.turn else "") + p)
        # (the mirror's header in the table's language; the fields themselves stay the store's)
        return [
            _("game {game}   {rules}   board {board}   firmware {fw}").format(
                game=self.game or "-", rules=R.ruleset_name(self.ruleset) if self.ruleset else _("ruleset -"),
                board=self.board_name(), fw=self.fw or "-"),
            _("players: {players}").format(players=", ".join(players) or "-"),
            _("round {n}   turn: {who}   stage: {stage}   events: {count} (last #{last})").format(
                n=self.round or "-", who=self.whose_turn(), stage=self.phase or "-", count=self.count,
                last=self.last_seq),
        ] + ([_("now: {status}").format(status=self.status)] if self.status else []) + \
            self.extra_lines + self.board_lines


class PlayedGameView:
    """The summary-row view (``store.summaries``) of a map game this process plays itself
    (`comando play`): its fields read from the game's own state, which holds every event the
    store is given, so the store does not fold the game a second time (issue 28). The same
    fields as a ``GameView`` fed the same events: players, result, board, ruleset, count."""

    def __init__(self, game):
        self.game = game          # a comando.engine.Game (its state is replaced by an undo)
        self.last_seq = 0
        self.count = 0
        self._record = R.Record(board=game.board)

    def event(self, ev):
        seq = ev.get("seq", 0)
        if self.count and isinstance(seq, int) and seq <= self.last_seq:
            return   # (as GameView: an event already counted)
        self.last_seq = max(self.last_seq, seq)
        self.count += 1

    def snapshot(self, seq, state):
        raise ValueError("a map game has no snapshots")   # english: the store's, no player reads it

    @property
    def players(self):
        st = self.game.state
        return [st.who(p) for p in range(st.np)]

    @property
    def board(self):
        return self.game.board.id

    @property
    def ruleset(self):
        return self.game.state.rules.id

    def result(self) -> str:
        rec = self._record
        rec.mode, rec.state = "engine", self.game.state
        return rec.result() or "-"
