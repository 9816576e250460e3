"""What the laptop's shared view shows of a game: kept up to date from the events as they land.

Secret objectives are never shown: any field whose name mentions an objective (``obj``,
``objective``, ``objectives``...) and the secret part of an event (``sec``) are left out of every
line this module produces, and a lock shows only the start of its commitment.
"""

from __future__ import annotations

import collections
import time

HIDDEN_PREFIXES = ("obj", "sec", "secret")


def hidden(key: str) -> bool:
    k = key.lower()
    return k.startswith(HIDDEN_PREFIXES) or "objective" in k


def public_fields(ev: dict) -> dict:
    return {k: v for k, v in ev.items() if not hidden(k)}


def describe(ev: dict) -> str:
    """One public line for an event: ``#12 roll p=0 a=[6,5,1] d=[4,4]``."""
    parts = ["#%s" % ev.get("seq", "?"), str(ev.get("t", "?"))]
    for k in sorted(ev):
        if k in ("seq", "t", "cid") or hidden(k):
            continue
        v = ev[k]
        if k == "h" and isinstance(v, str):
            v = v[:8] + "…"
        text = str(v).replace(" ", "")
        if len(text) > 40:
            text = text[:39] + "…"
        parts.append("%s=%s" % (k, text))
    return " ".join(parts)


ROLL_TYPES = ("roll", "crisis", "first")
BATTLE_TYPES = ("attack", "battle", "declare", "reveal", "retreat", "move", "conquer")


class GameView:
    def __init__(self, tail=12):
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
        self._state = None
        self._reducer = None
        self.snapshot_at = None
        self.round = 0
        self.status = ""
        self.logged = 0
        self.error_count = 0
        self._folder = None
        self.board_lines = []

    # -- input -------------------------------------------------------------------------------

    def hello(self, p, last):
        if p.get("game") != self.game:
            self.__init__(self.log.maxlen)
        self.game = p.get("game")
        self.board = p.get("board", "")
        self.fw = p.get("fw", "")
        self.device_last = last

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
            try:
                from comando import session as reducer
                self._state = reducer.Session.from_dict(state)
                self._reducer = reducer
                self._from_state()
            except Exception:
                self._state = None

    def event(self, ev):
        self.last_seq = max(self.last_seq, ev.get("seq", 0))
        self.count += 1
        t = ev.get("t")
        line = describe(ev)
        self.log.append(line)
        self.logged += 1
        if t in ROLL_TYPES:
            self.rolls.append(line)
        if t in BATTLE_TYPES:
            self.battles.append(line)
        if t == "new":
            self.ruleset = str(ev.get("ruleset") or ev.get("rs") or "")
            pl = ev.get("players") or ev.get("colours") or []
            self.players = [str(p.get("name") or p.get("n") or "?") if isinstance(p, dict) else str(p)
                            for p in pl]
            self._start_reducer(ev)
        elif self._folder is not None:
            try:
                self._state = self._folder.feed(ev) or self._folder.state
            except Exception:  # not a log this engine folds: keep the generic view
                self._state = self._folder = None
        elif self._state is not None:
            try:
                self._reducer.apply(self._state, ev)
            except Exception:  # a ruleset this host does not know: keep the generic view
                self._state = None
        if self._state is not None:
            self._from_state()
        if "p" in ev and self._state is None:
            self.turn = ev["p"]
            self.phase = str(t)

    def _start_reducer(self, ev):
        self._state = None
        self._folder = None
        if "board" in ev:  # a full game on a map (comando.engine), e.g. logged from the laptop
            try:
                from comando import engine
                folder = engine.Folder(verify=False)
                folder.feed(ev)
            except Exception:
                return
            self._folder = folder
            self._state = folder.state
            return
        try:
            from comando import session as reducer
            state = reducer.fold([ev])
        except Exception:
            return
        self._reducer = reducer
        self._state = state

    def _from_state(self):
        st = self._state
        if self._folder is not None:
            try:
                from comando_host import engine_text
                lines = engine_text.status(st).splitlines()  # public: no objectives in it
                self.status = lines[0] if lines else ""
                self.board_lines = lines[1:]
                self.turn = st.cur if st.cur >= 0 else None
                self.phase = st.phase
                self.round = st.round
                self.players = list(st.colours)
            except Exception:
                pass
            return
        try:
            self._from_state_dict(st.to_dict())
            cur = getattr(st, "cur", None)
            self.turn = cur if isinstance(cur, int) and cur >= 0 else None
            self.round = getattr(st, "rnd", 0)
            waiting = getattr(self._reducer, "_waiting", None)
            self.status = waiting(st) if waiting else ""
        except Exception:
            pass

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

    # -- output ------------------------------------------------------------------------------

    def whose_turn(self) -> str:
        if self.turn is None:
            return "-"
        if isinstance(self.turn, int) and 0 <= self.turn < len(self.players):
            return "%s (seat %d)" % (self.players[self.turn], self.turn)
        return "seat %s" % self.turn

    def summary(self) -> list[str]:
        return [
            "game %s  board %s  ruleset %s  firmware %s" % (self.game or "-", self.board or "-",
                                                           self.ruleset or "-", self.fw or "-"),
            "players: %s" % (", ".join(self.players) or "-"),
            "turn: %s   phase: %s   round: %s   events: %d (last #%d)"
            % (self.whose_turn(), self.phase or "-", self.round or "-", self.count, self.last_seq),
        ] + (["now: " + self.status] if self.status else []) + self.board_lines
