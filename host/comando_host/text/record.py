"""The table record: every event of a game told the way a player at the table would say it.

One place for each wording, used by the live mirror (``view.py``/``mirror.py``), ``comando show``
and the comments of the text export (``notation.py``):

    opening roll: blue 2, red 5, black 4, yellow 4 - red starts
    red attacks black: 3 dice 6 5 2 vs 2 dice 4 4 - attacker loses 0, defender loses 2
    round 2: situation card Snow (defenders roll one die more (up to 4))
    T.E.G. II: USA locked a command (hidden)

``Record`` follows one log (the table session of ``comando.session`` or a game on a map of
``comando.engine``), keeps the state before and after each event, and ``feed(event)`` returns an
``Entry`` (seq, type, kind, text). Countries are named from the board when one is loaded.

Secrets stay secret: a secret objective is never named (the engine's ``deal`` and every field
whose name mentions an objective or a secret are never read), a locked command is only "locked
(hidden)", and a battle command appears only once its owner revealed it.
"""

from __future__ import annotations

import collections

from comando.registry import POWERS
from comando_host.text.before import EngineBefore
from comando_host import games
from comando_host.text.outcome import engine_winners, result_words  # noqa: F401  (the one wording)

Entry = collections.namedtuple("Entry", "seq t kind text")


# What part of the mirror an event belongs to (beside the log): dice, battles, turns.
KIND = {"first": "roll", "crisis": "roll", "roll": "battle", "attack": "battle",
        "declare": "battle", "retreat": "battle", "lock": "battle", "reveal": "battle",
        "launch": "battle", "move": "battle", "round": "turn", "end": "turn", "place": "turn",
        "win": "turn", "out": "battle", "walk": "turn"}

_HIDDEN = ("obj", "sec", "secret")
LOCK_CLEAR = ("cmd", "n", "nonce", "h")  # a lock is only "locked": never a command, not even its hash


def hidden(key: str) -> bool:
    """A field never shown: anything naming an objective or a secret."""
    k = str(key).lower()
    return k.startswith(_HIDDEN) or "objective" in k


def raw(ev: dict) -> str:
    """The generic public line (an event this module cannot tell): ``roll d=[6] p=1``."""
    parts = [str(ev.get("t", "?"))]
    lock = ev.get("t") == "lock"
    for k in sorted(ev):
        if k in ("seq", "t", "cid") or hidden(k) or (lock and k in LOCK_CLEAR):
            continue
        v = ev[k]
        if k == "h" and isinstance(v, str):
            v = v[:8] + "…"
        text = str(v).replace(" ", "")
        if len(text) > 40:
            text = text[:39] + "…"
        parts.append("%s=%s" % (k, text))
    return " ".join(parts)


def ruleset_name(rs) -> str:
    """The game's name in the record (its game's ``name``), else the id as the log gives it."""
    return games.get(rs).name or str(rs or "-")


def dice(values) -> str:
    return " ".join(str(d) for d in values)


def _n(k, one, many=None):
    return "%d %s" % (k, one if k == 1 else (many or one + "s"))


def load_board(bid):
    """The board ``bid`` names (``boards/*.json``), or None when there is none to load."""
    if not bid:
        return None
    try:
        from comando.board import load_board as load
        return load(bid)
    except Exception:
        return None


def board_label(board, bid="") -> str:
    if board is not None:
        name = getattr(board, "name", None)
        if isinstance(name, str) and name:
            return "%s (%s)" % (name, board.id)
        return str(getattr(board, "id", bid))
    return str(bid or "")


def _token(k):
    """An objective token's name (rules/teg-ii.txt, Choosing Objectives)."""
    from comando.rulesets.teg2.objectives import token_name
    return token_name(k) if isinstance(k, int) and 0 <= k < 5 else "a token"


def _power(p):
    try:
        from comando.rulesets.teg2.track import power_name
        return power_name(p)
    except Exception:
        return str(p)


class Record:
    """Follows one game's log; ``feed(ev)`` tells each event (see the module docstring)."""

    def __init__(self, board=None, packed=False, texts=True):
        self.board = board
        self.packed = packed    # a map game's history as compact lines (logstream.StreamFolder)
        # False: a map game's events are folded, not worded (a summary row needs the state only)
        self.texts = texts
        self.mode = None        # "session" | "engine" | None (a log this host cannot fold)
        self.state = None
        self.folder = None
        self.rs = ""
        self.board_id = getattr(board, "id", "") if board is not None else ""
        self.names = []

    # -- following the log ------------------------------------------------------------------

    def snapshot(self, d):
        """Continue from the device's snapshot of a table session (``state.to_dict()``)."""
        try:
            from comando.session import replay
            self.state = replay.from_dict(d)
            self.mode = "session"
            self.rs = self.state.rs or ""
            self.names = [self._seat_name(c) for c in self.state.colours]
            if self.board is None:
                self.board = load_board((self.state.opts or {}).get("board"))
                self.board_id = (self.state.opts or {}).get("board", "") or ""
        except Exception:
            self.state = None
            self.mode = None

    def feed(self, ev: dict) -> Entry:
        t = str(ev.get("t", "?"))
        text = None
        try:
            if t == "new":
                text = self._new(ev)
            elif self.mode == "session":
                text = self._session(ev)
            elif self.mode == "engine":
                text = self._engine(ev)
        except Exception:
            text = None
            self.mode = None  # the rules lost track: plain public lines from now on
            self.state = None
        if not text:
            text = raw(ev) if self.texts or self.mode != "engine" else ""
        return Entry(ev.get("seq", 0), t, KIND.get(t, ""), text)

    def who(self, p) -> str:
        if isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(self.names):
            return self.names[p]
        return "seat %s" % (p,)

    def waiting(self, st) -> str:
        """What the table waits for (the session's own words, seats by their display names)."""
        from comando import session as S
        if st.stage == "over" and st.winner >= 0:
            return "the game is over: " + self.outcome(st)
        text = S.waiting(st)
        if st.rs in POWERS:  # seats are powers: named as the record names them
            import re
            for s, c in enumerate(st.colours):
                text = re.sub(r"\b%s\b" % re.escape(c), self.who(s), text)
        return text

    def winners(self, st=None) -> list:
        """The names of the game's winners (several when T.E.G. II's count ties), or []."""
        st = self.state if st is None else st
        if st is None:
            return []
        if self.mode == "engine":
            return engine_winners(st)
        t = getattr(st, "tally", None)
        if t and t.get("tot") and t.get("win"):
            names = self.side_names(st)
            return [names[s] for s in t["win"]]
        return [self.who(st.winner)] if st.winner >= 0 else []

    def outcome(self, st=None) -> str:
        """The game's result in the one wording (``result_words``)."""
        return result_words(self.winners(st))

    def result(self) -> str:
        """The game's outcome so far in a few words: "red won", "round 3, red to play"."""
        st = self.state
        if st is None:
            return ""
        if self.mode == "engine":
            if st.phase == "over":
                return self.outcome(st)
            return "%s, %s to play" % ("round %d" % st.round if st.round else "setup", st.who(st.cur))
        if st.stage == "over":
            from comando import session as S
            if S.table_rules(st.rs).won_on_points and st.tally and st.tally["tot"]:
                return self.count_text(st)
            return self.outcome(st)
        if st.cur >= 0:
            return "%s, %s to play" % ("round %d" % st.rnd if st.rnd else "setup", self.who(st.cur))
        return "round %d" % st.rnd if st.rnd else "setup"

    def country(self, c) -> str:
        b = self.board
        if b is not None and isinstance(c, int) and 0 <= c < b.n:
            return b.name(c)
        return "country %s" % (c,)

    def _seat_name(self, c):
        return _power(c) if self.rs in POWERS else str(c)

    # -- new ----------------------------------------------------------------------------------

    def _new(self, ev):
        self.state = self.folder = None
        self.mode = None
        if "board" in ev and isinstance(ev.get("players"), list):  # a game on a map (engine)
            return self._engine_new(ev)
        from comando.session import replay
        self.rs = str(ev.get("rs", ""))
        opts = ev.get("o") or {}
        if self.board is None and isinstance(opts, dict):
            self.board = load_board(opts.get("board"))
        if isinstance(opts, dict) and opts.get("board"):
            self.board_id = str(opts["board"])
        pl = ev.get("p") if isinstance(ev.get("p"), list) else ev.get("players") or []
        self.names = [self._seat_name(c) if not isinstance(c, dict) else str(c.get("n", "?"))
                      for c in pl] if isinstance(pl, list) else []
        try:
            self.state = replay.fold([ev])
            self.mode = "session"
        except Exception:
            self.state = None
        text = "new game: %s with %s" % (ruleset_name(self.rs), ", ".join(self.names) or "no players")
        if self.board is not None or self.board_id:
            text += "; board " + board_label(self.board, self.board_id)
        extra = _options(self.rs, opts)
        if extra:
            text += "; " + extra
        return text

    # -- the table session ----------------------------------------------------------------------

    def _session(self, ev):
        from comando import session as S
        from comando.session import replay
        st = self.state
        if not replay.knows(ev.get("t")):
            return None  # a type this laptop's rules do not know (newer firmware): told raw
        before = _SessionBefore(st)
        S.apply(st, ev)
        if ev.get("t") in ("timeout", "close"):   # the game clock's (comando_host.text.clock_text)
            from comando_host.text import clock_text
            text = clock_text.event_line(st, ev, self.who)
            tail = self._s_progress(ev, before, st)
            return text + " - " + tail if tail else text
        f = getattr(self, "_s_" + str(ev.get("t")), None)
        text = f(ev, before, st) if f is not None else None
        tail = self._s_progress(ev, before, st)
        if text and tail:
            text += " - " + tail
        return text

    def _s_first(self, ev, b, st):
        r = ev["r"]
        parts = ["opening roll: " + ", ".join("%s %d" % (self.who(s), d)
                                              for s, d in enumerate(r[0]) if d)]
        for again in r[1:]:
            parts.append("tie, again: " + ", ".join("%s %d" % (self.who(s), d)
                                                   for s, d in enumerate(again) if d))
        if "distributor" in st.opts:  # WAR: the opening roll names who deals
            dist = st.opts["distributor"]
            parts.append("%s deals the territories, %s starts" % (self.who(dist), self.who(st.first)))
        else:
            parts.append("%s starts" % self.who(st.first))
        return " - ".join(parts)

    def _s_place(self, ev, b, st):
        p = self.who(ev.get("p"))
        own = games.get(b.rs).place_line(ev, b, st, p)
        if own is not None:
            return own
        try:
            from comando import turns as T
            n = T.placement_rounds(b.rs, len(st.colours))[b.pround]
            return "%s placed %s (placement round %d)" % (p, _n(n, "army", "armies"), b.pround + 1)
        except Exception:
            return "%s finished placement round %d" % (p, b.pround + 1)

    def _s_round(self, ev, b, st):
        text = "round %d, in order %s" % (st.rnd, ", ".join(self.who(s) for s in st.order))
        if st.sit >= 0:  # La Revancha: the situation card turned
            from comando.rulesets.revancha import situations as SIT
            skipped = [SIT.label(c) for c in st.turned[:-1]]
            text += "; situation card: %s - %s" % (SIT.label(st.sit), SIT.describe(st.sit))
            if skipped:
                text += " (%s turned past: that colour is not at the table)" % ", ".join(skipped)
            if "o" in ev:
                text += "; the situation deck was reshuffled"
        if st.grants:  # T.E.G. II: the armies each power adds
            tr = st.track
            adds = []
            for s, units in enumerate(st.grants):
                a = "%s %d" % (self.who(s), units)
                if tr["su"][s] > b.su[s]:
                    a += " + SU"
                if tr["offer"][s]:
                    a += " (rocket offered)"
                adds.append(a)
            text += "; armies to add: " + ", ".join(adds)
        return text

    def _s_crisis(self, ev, b, st):
        rolls = ", ".join("%s %d" % (self.who(s), d) for s, d in enumerate(ev["r"]) if d)
        barred = " and ".join(self.who(s) for s in st.barred)
        return "crisis roll: %s - %s draw%s no country card this round" % (
            rolls, barred or "nobody", "" if len(st.barred) != 1 else "s")

    def _s_extra(self, ev, b, st):
        p = b.cur
        return "%s holds %s: %d extra %s" % (self.who(p), _n(ev["c"], "country", "countries"),
                                             st.extra[p], "army" if st.extra[p] == 1 else "armies")

    def _s_roll(self, ev, b, st):
        r = ev["r"]
        ad, dd = r.get("ad", []), r.get("dd", [])
        who = "%s attacks %s" % (self.who(ev.get("p")), self.who(ev.get("d")))
        if "f" in ev and "to" in ev:
            who += " (%s -> %s)" % (self.country(ev["f"]), self.country(ev["to"]))
        elif ev.get("in") is not None:
            who += " (%s border)" % ("inside a continent" if ev["in"] else "between continents")
        told = 0 in ad   # the table told its losses only: no faces (comando.table_dice)
        text = "%s: %s %s vs %s %s" % (who, _n(len(ad), "die", "dice"), "" if told else dice(ad),
                                       _n(len(dd), "die", "dice"), "" if told else dice(dd))
        if told:
            text = text.replace("  ", " ")
        text += games.get(self.rs).dice_marks(r)
        if r.get("tb"):   # the table's own dice (comando.table_dice): faces of 0 are no faces
            text += " (the table's dice)" if 0 not in ad else " (the table's dice: losses told)"
        text += " - attacker loses %d, defender loses %d" % (r.get("al", 0), r.get("dl", 0))
        left_a, left_d = r.get("a", 0) - r.get("al", 0), r.get("d", 0) - r.get("dl", 0)
        if left_d <= 0:
            text += "; conquered (%d left in the attacking country)" % left_a
        else:
            text += " (now %d v %d)" % (left_a, left_d)
        return text

    def _s_card(self, ev, b, st):
        return "%s draws a country card" % self.who(ev.get("p"))

    def _s_end(self, ev, b, st):
        return "%s ends the turn" % self.who(ev.get("p"))

    def _s_out(self, ev, b, st):
        return "%s is eliminated by %s" % (self.who(ev.get("p")), self.who(ev.get("by")))

    def _s_walk(self, ev, b, st):
        return "%s walks out (its territories stay, neutral)" % self.who(ev.get("p"))

    def _s_win(self, ev, b, st):
        if st.rules.won_on_points:
            return "%s wins on points after the last round" % self.who(ev.get("p"))
        return self.outcome(st)

    def _s_declare(self, ev, b, st):
        return "%s declares a combat on %s in %s" % (self.who(ev.get("p")), self.who(ev.get("d")),
                                                    ev.get("rg"))

    def _s_retreat(self, ev, b, st):
        bt = b.battle or {}
        return "%s retreats from %s; %s" % (self.who(ev.get("p")), bt.get("rg", "the region"),
                                           self._wp(b, st, (bt.get("a"), bt.get("d"))))

    def _s_lock(self, ev, b, st):
        return "T.E.G. II: %s locked a command (hidden)" % self.who(ev.get("p"))

    def _s_reveal(self, ev, b, st):
        bt = b.battle or {}
        p = ev.get("p")
        text = "%s reveals %s (%s in %s)" % (self.who(p), ev.get("cmd"),
                                              _n(ev.get("k", 0), "army", "armies"),
                                              bt.get("rg", "the region"))
        lb = st.lastbattle
        if st.battle is None and lb and lb.get("rg") == bt.get("rg") and not lb.get("retreat"):
            a, d = lb["a"], lb["d"]
            win = {"att": self.who(a), "def": self.who(d)}.get(lb.get("winner"), "")
            text += "; combat in %s: %s %s vs %s %s - %s" % (
                lb["rg"], self.who(a), lb.get("att"), self.who(d), lb.get("def"),
                ("%s wins" % win) if win else "nobody wins")
            lost = lb.get("lost") or [0, 0]
            text += "; %s loses %s, %s loses %s" % (self.who(a), _n(lost[0], "army", "armies"),
                                                    self.who(d), _n(lost[1], "army", "armies"))
            text += "; " + self._wp(b, st, (a, d))
        return text

    def _s_rocket(self, ev, b, st):
        return "%s takes the nuclear rocket" % self.who(ev.get("p"))

    def _s_launch(self, ev, b, st):
        return "%s launches its nuclear rocket at %s" % (self.who(ev.get("p")), ev.get("rg"))

    def _s_score(self, ev, b, st):
        t = st.tally
        p, i = ev.get("p"), ev.get("i")
        from comando.rulesets.teg2.tally import token
        row, k, _ = token(t, p, i)
        text = "final count: %s %s%s %s" % (
            self.who(p), _token(k), (" (row %d)" % row) if row else "",
            "achieved" if ev.get("ok") else "not achieved")
        if ev.get("h") or ev.get("n"):
            text += " (revealed, commitment verified)"
        if st.stage == "over" and t["tot"]:
            text += "; " + self.count_text(st)
        return text

    def side_names(self, st):
        """Who scores together in a table session's T.E.G. II count, by name."""
        if st.opts.get("players") == 2:
            return ["%s+%s" % (self.who(0), self.who(2)), "%s+%s" % (self.who(1), self.who(3))]
        if st.opts.get("players", 0) > 6:  # pairs on both boards: the power's name
            return [self.who(s) for s in range(st.n // 2)]
        return [self.who(s) for s in range(st.n)]

    def count_text(self, st):
        """The final count's totals and the winner(s), in the players' names."""
        t = st.tally
        names = self.side_names(st)
        tot = ", ".join("%s %d" % (names[s], t["tot"][s]) for s in range(len(t["tot"])))
        return "points: %s - %s" % (tot, result_words([names[s] for s in t["win"]]))

    def _s_undo(self, ev, b, st):
        return "undo: back to the table as it was after #%s" % ev.get("to")

    def _wp(self, b, st, seats):
        tr = st.track
        if not tr or not b.wp:
            return ""
        parts = []
        for s in seats:
            if isinstance(s, int) and 0 <= s < len(tr["wp"]):
                old, new = b.wp[s], tr["wp"][s]
                parts.append("%s %d" % (self.who(s), new) if old == new
                             else "%s %d->%d" % (self.who(s), old, new))
        return "war potential " + ", ".join(parts)

    def _s_progress(self, ev, b, st):
        """What changed for the table besides the event itself: whose turn, the stage."""
        t = ev.get("t")
        if t in ("new", "round", "undo", "first"):
            return ""
        if st.stage == "over" and b.stage != "over":
            if t == "score":
                return ""  # the count's line already ends with the result
            if st.winner >= 0 and t != "win":
                return self.outcome(st)
            if st.winner < 0:
                return "the game is over"
            return ""
        if st.stage == "round" and b.stage != "round":
            return "round %d is over" % st.rnd if st.rnd else "placement is over"
        if st.cur >= 0 and st.cur != b.cur and t in ("end", "place", "extra", "out", "walk"):
            if st.stage == "turn":
                return "%s's turn" % self.who(st.cur)
            if st.stage == "add":
                return "%s adds next" % self.who(st.cur)
            if st.stage in ("place", "extra"):
                return "%s next" % self.who(st.cur)
        if st.stage == "turn" and b.stage == "extra":
            return "%s's turn" % self.who(st.cur)
        if t == "place" and b.stage == "add" and st.stage == "turn":
            return "%s's turn" % self.who(st.cur)
        return ""

    # -- a game on a map (comando.engine) ------------------------------------------------------

    def _engine_new(self, ev):
        from comando import engine
        if self.packed:   # a long log followed to its end (a summary row): lines, not dicts
            from comando_host.store.logstream import StreamFolder
            folder = StreamFolder(board=self.board, verify=False)
        else:
            folder = engine.Folder(board=self.board, verify=False)
        folder.feed(ev)
        self.folder = folder
        self.state = folder.state
        self.mode = "engine"
        self.board = folder.state.board
        self.board_id = self.board.id
        self.rs = str(ev.get("rs", ""))
        st = self.state
        self.names = [st.who(p) for p in range(st.np)]
        bots = getattr(st, "bots", None) or []
        # a seat the engine's bot plays (map mode, issue 26): said once, where the seats are named
        seats = [n + (" - bot" if p < len(bots) and bots[p] else "") for p, n in enumerate(self.names)]
        return "new game: %s with %s; board %s" % (ruleset_name(self.rs), ", ".join(seats),
                                                  board_label(self.board))

    def _engine(self, ev):
        from comando_host.text import engine_text
        st = self.state
        clocked = ev.get("t") in ("timeout", "close") and st.clock is not None
        if ev.get("t") != "undo" and not clocked and not hasattr(st.rules, "apply_" + str(ev.get("t"))):
            return None  # a type these rules do not know: told raw, the fold goes on
        if not self.texts:
            self.state = self.folder.feed(ev) or self.folder.state
            return ""
        before = EngineBefore(st)
        self.state = self.folder.feed(ev) or self.folder.state
        st = self.state
        t = ev.get("t")
        text = ""
        if clocked:
            from comando_host.text import clock_text
            text = clock_text.event_line(st, ev)
        elif t == "deal":  # its objectives are secret: only who starts
            text = "the countries are dealt"
        elif t == "bonus":
            text = "%s takes +%d on %s (a card it holds)" % (
                st.who(ev["p"]), engine_text.bonus_armies(st), self.country(ev["c"]))
        elif t == "draw":  # a hand is secret (its count is public): the card is not named
            k = engine_text.bonus_armies(st)
            c = ev.get("card")
            got = isinstance(c, int) and c < st.n and st.armies[c] - before.armies[c] == k
            text = "%s takes a country card%s" % (st.who(ev["p"]), " (+%s on its country)"
                                                  % _n(k, "army", "armies") if got else "")
        elif t == "unpact":
            text = "%s breaks pact #%s (binds until the other side's next turn ends)" % (
                st.who(ev["p"]), ev.get("id"))
        else:
            text = engine_text.event_line(before, st, ev)
            if text:  # the play REPL's hint is not part of the record
                text = text.replace("'move N' for up to", "up to")
            if t == "attack" and text:
                text = "%s: %s" % (st.who(ev["p"]), text)
        if not text:
            return None
        if st.phase == "over" and before.phase != "over":
            if st.winner >= 0:
                text += " - " + self.outcome(st)
        elif st.cur != before.cur or st.round != before.round:
            rnd = "round %d" % st.round if st.round else "setup"
            text += " - %s: %s to play (%s)" % (rnd, st.who(st.cur), st.phase)
        return text


class _SessionBefore:
    """What the record needs of the table session before an event (cheap: no full copy)."""

    def __init__(self, st):
        self.rs = st.rs
        self.stage = st.stage
        self.cur = st.cur
        self.pround = st.pround
        self.rnd = st.rnd
        self.reserve = list(st.reserve)
        self.grants = list(st.grants or [])
        self.battle = dict(st.battle) if st.battle else None
        tr = st.track
        self.wp = list(tr["wp"]) if tr else []
        self.su = list(tr["su"]) if tr else []


def _options(rs, o):
    if not isinstance(o, dict):
        return ""
    return ", ".join(games.get(rs).options(o))


def tell(events, board=None):
    """The table record of a whole log: a list of Entry."""
    r = Record(board)
    return [r.feed(ev) for ev in events]
