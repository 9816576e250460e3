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
from comando_host.text import colour_words, engine_text
from comando_host.text.engine_text import armies
from comando_host.text.lang import _, _n
from comando_host.text.outcome import engine_winners, result_said, result_words  # noqa: F401  (the one wording)

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


def countries_word(k) -> str:
    return _n("{n} country", "{n} countries", k).format(n=k)


def dice_word(k) -> str:
    return _n("{n} die", "{n} dice", k).format(n=k)


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
    return token_name(k) if isinstance(k, int) and 0 <= k < 5 else _("a token")


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
        """A seat as a line names it: a device session's colour in the table's words ("azul"),
        a map game's player and colour ("Ana (blanco)")."""
        if isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(self.names):
            if self.mode == "engine" and self.state is not None and p < self.state.np:
                return engine_text.who(self.state, p)
            return colour_words.colour(self.names[p])
        return _("seat {n}").format(n=p)

    def plain(self, p) -> str:
        """A seat in the store's words (English ids: language-neutral)."""
        if isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(self.names):
            return self.names[p]
        return "seat %s" % (p,)

    def waiting(self, st) -> str:
        """What the table waits for (the session's own words, seats by their display names)."""
        from comando import session as S
        if st.stage == "over" and st.winner >= 0:
            return _("the game is over: {result}").format(result=self.outcome(st))
        text = S.waiting(st)
        if st.rs in POWERS:  # seats are powers: named as the record names them
            import re
            for s, c in enumerate(st.colours):
                text = re.sub(r"\b%s\b" % re.escape(c), self.who(s), text)
        return text

    def winners(self, st=None, said=True) -> list:
        """The names of the game's winners (several when T.E.G. II's count ties), or [] (``said``:
        in the table's words; False: the store's)."""
        st = self.state if st is None else st
        if st is None:
            return []
        if self.mode == "engine":
            return engine_winners(st, (lambda p: engine_text.who(st, p)) if said else None)
        t = getattr(st, "tally", None)
        if t and t.get("tot") and t.get("win"):
            names = self.side_names(st, said)
            return [names[s] for s in t["win"]]
        return [(self.who if said else self.plain)(st.winner)] if st.winner >= 0 else []

    def outcome(self, st=None, said=True) -> str:
        """The game's result in the one wording: in the table's language for a line a player
        reads (``result_said``), English for the store (``said=False``: ``result_words``)."""
        return (result_said if said else result_words)(self.winners(st, said))

    def result(self) -> str:
        """The game's outcome so far in a few words: "red won", "round 3, red to play"."""
        st = self.state
        if st is None:
            return ""
        if self.mode == "engine":
            if st.phase == "over":
                return self.outcome(st, said=False)
            return "%s, %s to play" % ("round %d" % st.round if st.round else "setup", st.who(st.cur))  # english: the store's
        if st.stage == "over":
            from comando import session as S
            if S.table_rules(st.rs).won_on_points and st.tally and st.tally["tot"]:
                return self.count_text(st, said=False)
            return self.outcome(st, said=False)
        if st.cur >= 0:
            return "%s, %s to play" % ("round %d" % st.rnd if st.rnd else "setup", self.plain(st.cur))  # english: the store's
        return "round %d" % st.rnd if st.rnd else "setup"

    def country(self, c) -> str:
        b = self.board
        if b is not None and isinstance(c, int) and 0 <= c < b.n:
            return b.name(c)
        return _("country {n}").format(n=c)

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
        text = _("new game: {game} with {players}").format(
            game=ruleset_name(self.rs), players=", ".join(self.who(p) for p in range(len(self.names))) or _("no players"))
        if self.board is not None or self.board_id:
            text += "; " + _("board {board}").format(board=board_label(self.board, self.board_id))
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
        parts = [_("opening roll: {dice}").format(dice=", ".join(
            "%s %d" % (self.who(s), d) for s, d in enumerate(r[0]) if d))]
        for again in r[1:]:
            parts.append(_("tie, again: {dice}").format(dice=", ".join(
                "%s %d" % (self.who(s), d) for s, d in enumerate(again) if d)))
        if "distributor" in st.opts:  # WAR: the opening roll names who deals
            dist = st.opts["distributor"]
            parts.append(_("{dealer} deals the territories, {first} starts").format(
                dealer=self.who(dist), first=self.who(st.first)))
        else:
            parts.append(_("{first} starts").format(first=self.who(st.first)))
        return " - ".join(parts)

    def _s_place(self, ev, b, st):
        p = self.who(ev.get("p"))
        own = games.get(b.rs).place_line(ev, b, st, p)
        if own is not None:
            return own
        try:
            from comando import turns as T
            n = T.placement_rounds(b.rs, len(st.colours))[b.pround]
            return _("{who} placed {armies} (placement round {n})").format(
                who=p, armies=armies(n), n=b.pround + 1)
        except Exception:
            return _("{who} finished placement round {n}").format(who=p, n=b.pround + 1)

    def _s_round(self, ev, b, st):
        text = _("round {n}, in order {order}").format(
            n=st.rnd, order=", ".join(self.who(s) for s in st.order))
        if st.sit >= 0:  # La Revancha: the situation card turned
            from comando.rulesets.revancha import situations as SIT
            skipped = [SIT.label(c) for c in st.turned[:-1]]
            text += "; " + _("situation card: {card} - {text}").format(card=SIT.label(st.sit),
                                                                        text=SIT.describe(st.sit))
            if skipped:
                text += " " + _("({cards} turned past: that colour is not at the table)").format(
                    cards=", ".join(skipped))
            if "o" in ev:
                text += "; " + _("the situation deck was reshuffled")
        if st.grants:  # T.E.G. II: the armies each power adds
            tr = st.track
            adds = []
            for s, units in enumerate(st.grants):
                a = "%s %d" % (self.who(s), units)
                if tr["su"][s] > b.su[s]:
                    a += " + SU"
                if tr["offer"][s]:
                    a += " " + _("(rocket offered)")
                adds.append(a)
            text += "; " + _("armies to add: {adds}").format(adds=", ".join(adds))
        return text

    def _s_crisis(self, ev, b, st):
        rolls = ", ".join("%s %d" % (self.who(s), d) for s, d in enumerate(ev["r"]) if d)
        barred = _(" and ").join(self.who(s) for s in st.barred)
        if not st.barred:
            return _("crisis roll: {dice} - every player may draw a country card this round").format(dice=rolls)
        return _n("crisis roll: {dice} - {who} draws no country card this round",
                  "crisis roll: {dice} - {who} draw no country card this round",
                  len(st.barred)).format(dice=rolls, who=barred)

    def _s_extra(self, ev, b, st):
        p = b.cur
        k = st.extra[p]
        return _n("{who} holds {countries}: {n} extra army", "{who} holds {countries}: {n} extra armies",
                  k).format(who=self.who(p), countries=countries_word(ev["c"]), n=k)

    def _s_roll(self, ev, b, st):
        r = ev["r"]
        ad, dd = r.get("ad", []), r.get("dd", [])
        who = _("{who} attacks {whom}").format(who=self.who(ev.get("p")), whom=self.who(ev.get("d")))
        if "f" in ev and "to" in ev:
            who += " (%s -> %s)" % (self.country(ev["f"]), self.country(ev["to"]))
        elif ev.get("in") is not None:
            who += " " + (_("(inside a continent border)") if ev["in"] else _("(between continents border)"))
        told = 0 in ad   # the table told its losses only: no faces (comando.table_dice)
        text = "%s: %s %s vs %s %s" % (who, dice_word(len(ad)), "" if told else dice(ad),
                                       dice_word(len(dd)), "" if told else dice(dd))
        if told:
            text = text.replace("  ", " ")
        text += games.get(self.rs).dice_marks(r)
        if r.get("tb"):   # the table's own dice (comando.table_dice): faces of 0 are no faces
            text += " " + (_("(the table's dice)") if 0 not in ad else _("(the table's dice: losses told)"))
        text += " - " + _("attacker loses {a}, defender loses {d}").format(a=r.get("al", 0), d=r.get("dl", 0))
        left_a, left_d = r.get("a", 0) - r.get("al", 0), r.get("d", 0) - r.get("dl", 0)
        if left_d <= 0:
            text += "; " + _("conquered ({n} left in the attacking country)").format(n=left_a)
        else:
            text += " (%s)" % _("now {a} v {d}").format(a=left_a, d=left_d)
        return text

    def _s_card(self, ev, b, st):
        return _("{who} draws a country card").format(who=self.who(ev.get("p")))

    def _s_end(self, ev, b, st):
        return _("{who} ends the turn").format(who=self.who(ev.get("p")))

    def _s_out(self, ev, b, st):
        return _("{who} is eliminated by {by}").format(who=self.who(ev.get("p")), by=self.who(ev.get("by")))

    def _s_walk(self, ev, b, st):
        return _("{who} walks out (its territories stay, neutral)").format(who=self.who(ev.get("p")))

    def _s_win(self, ev, b, st):
        if st.rules.won_on_points:
            return _("{who} wins on points after the last round").format(who=self.who(ev.get("p")))
        return self.outcome(st)

    def _s_declare(self, ev, b, st):
        return _("{who} declares a combat on {whom} in {region}").format(
            who=self.who(ev.get("p")), whom=self.who(ev.get("d")), region=ev.get("rg"))

    def _s_retreat(self, ev, b, st):
        bt = b.battle or {}
        return _("{who} retreats from {region}; {wp}").format(
            who=self.who(ev.get("p")), region=bt.get("rg") or _("the region"),
            wp=self._wp(b, st, (bt.get("a"), bt.get("d"))))

    def _s_lock(self, ev, b, st):
        return _("T.E.G. II: {who} locked a command (hidden)").format(who=self.who(ev.get("p")))

    def _s_reveal(self, ev, b, st):
        bt = b.battle or {}
        p = ev.get("p")
        text = _("{who} reveals {command} ({armies} in {region})").format(
            who=self.who(p), command=ev.get("cmd"), armies=armies(ev.get("k", 0)),
            region=bt.get("rg") or _("the region"))
        lb = st.lastbattle
        if st.battle is None and lb and lb.get("rg") == bt.get("rg") and not lb.get("retreat"):
            a, d = lb["a"], lb["d"]
            win = {"att": self.who(a), "def": self.who(d)}.get(lb.get("winner"), "")
            text += "; " + _("combat in {region}: {a} {att} vs {d} {dfn}").format(
                region=lb["rg"], a=self.who(a), att=lb.get("att"), d=self.who(d), dfn=lb.get("def"))
            text += " - " + (_("{who} wins").format(who=win) if win else _("nobody wins"))
            lost = lb.get("lost") or [0, 0]
            text += "; " + _("{a} loses {la}, {d} loses {ld}").format(
                a=self.who(a), la=armies(lost[0]), d=self.who(d), ld=armies(lost[1]))
            text += "; " + self._wp(b, st, (a, d))
        return text

    def _s_rocket(self, ev, b, st):
        return _("{who} takes the nuclear rocket").format(who=self.who(ev.get("p")))

    def _s_launch(self, ev, b, st):
        return _("{who} launches its nuclear rocket at {region}").format(who=self.who(ev.get("p")), region=ev.get("rg"))

    def _s_score(self, ev, b, st):
        t = st.tally
        p, i = ev.get("p"), ev.get("i")
        from comando.rulesets.teg2.tally import token
        row, k, _side = token(t, p, i)
        text = _("final count: {who} {token}").format(who=self.who(p), token=_token(k))
        if row:
            text += " " + _("(row {n})").format(n=row)
        text += " " + (_("achieved") if ev.get("ok") else _("not achieved"))
        if ev.get("h") or ev.get("n"):
            text += " " + _("(revealed, commitment verified)")
        if st.stage == "over" and t["tot"]:
            text += "; " + self.count_text(st)
        return text

    def side_names(self, st, said=True):
        """Who scores together in a table session's T.E.G. II count, by name."""
        who = self.who if said else self.plain
        if st.opts.get("players") == 2:
            return ["%s+%s" % (who(0), who(2)), "%s+%s" % (who(1), who(3))]
        if st.opts.get("players", 0) > 6:  # pairs on both boards: the power's name
            return [who(s) for s in range(st.n // 2)]
        return [who(s) for s in range(st.n)]

    def count_text(self, st, said=True):
        """The final count's totals and the winner(s), in the players' names (``said``: in the
        table's language; False: the store's English)."""
        t = st.tally
        names = self.side_names(st, said)
        tot = ", ".join("%s %d" % (names[s], t["tot"][s]) for s in range(len(t["tot"])))
        won = [names[s] for s in t["win"]]
        if not said:
            return "points: %s - %s" % (tot, result_words(won))
        return _("points: {totals} - {result}").format(totals=tot, result=result_said(won))

    def _s_undo(self, ev, b, st):
        return _("undo: back to the table as it was after #{n}").format(n=ev.get("to"))

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
        return _("war potential {powers}").format(powers=", ".join(parts))

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
                return _("the game is over")
            return ""
        if st.stage == "round" and b.stage != "round":
            return _("round {n} is over").format(n=st.rnd) if st.rnd else _("placement is over")
        turn = _("{who}'s turn").format(who=self.who(st.cur))
        if st.cur >= 0 and st.cur != b.cur and t in ("end", "place", "extra", "out", "walk"):
            if st.stage == "turn":
                return turn
            if st.stage == "add":
                return _("{who} adds next").format(who=self.who(st.cur))
            if st.stage in ("place", "extra"):
                return _("{who} next").format(who=self.who(st.cur))
        if st.stage == "turn" and b.stage == "extra":
            return turn
        if t == "place" and b.stage == "add" and st.stage == "turn":
            return turn
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
        seats = [engine_text.who(st, p) + (" - " + _("bot") if p < len(bots) and bots[p] else "")
                 for p in range(st.np)]
        return _("new game: {game} with {players}").format(game=ruleset_name(self.rs), players=", ".join(seats)) \
            + "; " + _("board {board}").format(board=board_label(self.board))

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
            text = _("the countries are dealt")
        elif t == "bonus":
            text = _("{who} takes +{n} on {country} (a card it holds)").format(
                who=engine_text.who(st, ev["p"]), n=engine_text.bonus_armies(st), country=self.country(ev["c"]))
        elif t == "draw":  # a hand is secret (its count is public): the card is not named
            k = engine_text.bonus_armies(st)
            c = ev.get("card")
            got = isinstance(c, int) and c < st.n and st.armies[c] - before.armies[c] == k
            text = _("{who} takes a country card").format(who=engine_text.who(st, ev["p"]))
            if got:
                text += " " + _("(+{armies} on its country)").format(armies=armies(k))
        elif t == "unpact":
            text = _("{who} breaks pact #{n} (binds until the other side's next turn ends)").format(
                who=engine_text.who(st, ev["p"]), n=ev.get("id"))
        else:
            text = engine_text.event_line(before, st, ev)
            if text:  # the play REPL's hint is not part of the record
                text = text.replace("'move N' for up to", "up to")  # english: the English line's hint
                hint, bare = _("'move N' for up to"), _("up to")
                if hint != "'move N' for up to":
                    text = text.replace(hint, bare)
            if t == "attack" and text:
                text = "%s: %s" % (engine_text.who(st, ev["p"]), text)
        if not text:
            return None
        if st.phase == "over" and before.phase != "over":
            if st.winner >= 0:
                text += " - " + self.outcome(st)
        elif st.cur != before.cur or st.round != before.round:
            from comando_host.text.engine_text import phase_word
            rnd = _("round {n}").format(n=st.round) if st.round else _("setup")
            text += " - " + _("{round}: {who} to play ({phase})").format(
                round=rnd, who=engine_text.who(st, st.cur), phase=phase_word(st.phase))
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
