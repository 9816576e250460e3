"""The game at `comando play`'s prompt: KeyboardGame reads a command (a ``do_<command>`` method
each), acts on the engine's game, records every event in the store and the log file, and keeps
the game clock; loop() reads the commands from the keyboard or a script on stdin."""

from __future__ import annotations

import shlex
import sys
import time

from comando import clock, engine
from comando.board import BoardError
from comando.errors import ComandoError, IllegalMove
from comando.engine import log as elog
from comando.registry import NAMES, POWERS
from comando_host.text import clock_text, engine_text
from comando_host.text.before import before as before_event
from comando_host import games
from comando_host.cli import UsageError
from comando_host.commands.play import tabledice
from comando_host.commands.play.vocabulary import (COMMANDS, DEF_WORDS, DIP_KINDS, MISSILE_WORDS,
                                                   WILD_WORDS, english_command, help_text,
                                                   is_int, other_games_command, unknown)
from comando_host.text import refusals
from comando_host.text.colour_words import colour
from comando_host.text.lang import N_, _, _n, command_word
from comando_host.text.textsafe import printable
from comando_host.text.numwords import whole


def make_bot(rules, rng):
    """The ruleset's own bot when it has one (La Revancha), else the engine's."""
    return rules.make_bot(rng)


def hint_command(s, a):
    """The prompt's command that makes action ``a`` (the hint's), or "" for one it has none for."""
    b = s.board
    t = a.get("t")
    cid = b.cid
    if t == "place":
        return f"{command_word('place')} {a.get('n', 1)} {cid(a['c'])}"
    if t == "claim":
        return f"{command_word('claim')} {cid(a['c'])}"
    if t == "attack":
        return f"{command_word('attack')} {cid(a['f'])} {cid(a['to'])}"
    if t == "move":
        return f"{command_word('move')} {a['n']}"
    if t == "regroup":
        return f"{command_word('regroup')} {cid(a['f'])} {cid(a['to'])} {a['n']}"
    if t == "trade" and not a.get("cc"):
        return command_word("trade") + " " + " ".join(cid(c) if c < s.n else WILD_WORDS[0] for c in a["cards"])
    if t in ("draw", "end"):
        return command_word(t)
    return ""


class KeyboardGame:
    def __init__(self, game, out=None, log_path=None, store=None, game_id=None, now=None):
        self.game = game
        self.asking = None   # an attack waiting for the table's result (dice=table: tabledice)
        # the game clock's time: the wall clock (monotonic) on from the game's last stamp (a
        # resumed game goes on from there; the time the laptop was off is not counted)
        self.now = now or time.monotonic
        self._mark = self.now()
        ck = game.state.clock
        self._ts0 = ck["ts"] if ck is not None else 0
        self.out = out
        self.log_path = log_path
        self.written = 0
        self.board = game.board
        self.store = store          # every event is recorded here as it happens
        self.game_id = game_id
        self.stored = store.last_seq(game_id) if store is not None else 0
        self._seen = 0              # how much of game.log record() has looked at
        if log_path:
            self.flush(truncate=True)
        self.record()

    # -- the store: the game lives there (a log file is an export). Events go in one
    # transaction per batch (issue 28): at every prompt, at each turn's end (the bot plays many
    # in one command) and on the way out, so a crash loses nothing the player was asked about.
    # Inside a command (``durable=False``) a batch is committed without waiting for the disk (a
    # crash of the program loses none of it); the one before each prompt waits for it.
    def record(self, durable=True):
        if self.store is None:
            return
        log = self.game.log
        start = self._seen if self._seen <= len(log) else 0   # (undo is an event too)
        new = [ev for ev in log[start:] if ev["seq"] > self.stored]
        if new:
            self.stored = self.store.add_events(self.game_id, new, durable=durable)
        elif durable:
            self.store.sync()
        self._seen = len(log)

    # -- log
    def flush(self, truncate=False, store=True):
        if store:
            self.record(durable=False)
        if not self.log_path:
            return
        mode = "w" if truncate else "a"
        with open(self.log_path, mode, encoding="utf-8") as f:
            start = 0 if truncate else self.written
            for ev in self.game.log[start:]:
                f.write(elog.dumps(ev) + "\n")
        self.written = len(self.game.log)

    def say(self, text):
        if text:
            print(text, file=self.out or sys.stdout)

    def board_picture(self):
        """The board in the terminal (termmap), coloured when the output is a terminal; the
        table of countries for a board without a layout."""
        from comando.errors import BoardError as _BoardError
        from comando_host.maps import geometry
        from comando_host.terminal import termmap
        s = self.game.state
        try:
            lay = geometry.load_layout(self.board, auto=True)
        except _BoardError:
            return engine_text.countries(s)
        out = self.out or sys.stdout
        colour = out.isatty() if hasattr(out, "isatty") else False
        import os
        import shutil
        if os.environ.get("COMANDO_COLOR"):
            colour = os.environ["COMANDO_COLOR"] not in ("0", "no", "never")
        width = max(100, min(160, shutil.get_terminal_size((120, 40)).columns - 1))
        return termmap.render(lay, s.owner, s.armies, s.colours, [s.who(p) for p in range(s.np)],
                              colour=colour, width=width)

    # -- parsing
    def country(self, text):
        return self.board.find(text)

    def countries(self, words, k):
        """Split ``words`` into exactly k country names (names may have spaces)."""
        if k == 0:
            if words:
                raise UsageError(_("unexpected {words!r}").format(words=" ".join(words)))
            return []
        for i in range(len(words) - k + 1, 0, -1):
            try:
                first = self.country(" ".join(words[:i]))
            except BoardError:
                continue
            try:
                return [first] + self.countries(words[i:], k - 1)
            except (UsageError, BoardError):
                continue
        if not words:
            raise UsageError(_n("give {n} more country", "give {n} more countries", k).format(n=k))
        raise unknown(self.board, "country", " ".join(words))

    def wild_ids(self):
        """The wildcard card ints of this ruleset (WAR, Risk: the ints after the countries)."""
        s = self.game.state
        return list(range(s.n, s.n + s.rules.wilds(s)))

    def cards(self, words, k=3, taken=()):
        """Split ``words`` into k cards: country names, or 'wild' for a wildcard the player holds."""
        s = self.game.state
        if k == 0:
            if words:
                raise UsageError(_("trade: three cards, not more (unexpected {words!r})").format(words=" ".join(words)))
            return []
        if not words:
            raise UsageError(_("trade: name three cards ({hand})").format(hand=self.hand_hint()))
        if words[0].lower() in WILD_WORDS:
            if not self.wild_ids():
                raise UsageError(_("{game} has no separate wildcards: name the country on each card").format(game=s.rules.name))
            wilds = [c for c in self.wild_ids() if c in s.hands[s.cur] and c not in taken]
            if not wilds:
                raise UsageError((_("you hold no other wildcard ({hand})") if taken else _("you hold no wildcard ({hand})")).format(hand=self.hand_hint()))
            return [wilds[0]] + self.cards(words[1:], k - 1, tuple(taken) + (wilds[0],))
        end = len(words)
        for j, w in enumerate(words):
            if w.lower() in WILD_WORDS:
                end = j
                break
        inner = None
        for i in range(end, 0, -1):
            try:
                first = self.country(" ".join(words[:i]))
            except BoardError:
                continue
            try:
                return [first] + self.cards(words[i:], k - 1, tuple(taken) + (first,))
            except (UsageError, BoardError) as exc:
                inner = inner or exc
        if inner is not None:
            raise inner
        raise unknown(self.board, "card", " ".join(words[:end]))

    def hand_hint(self):
        s = self.game.state
        h = s.hands[s.cur]
        if not h:
            return _("you hold no cards")
        return _("you hold: {cards}").format(cards=", ".join(engine_text.card_name(s, c) for c in h))

    def player(self, text):
        s = self.game.state
        t = text.strip().lower()
        for p in range(s.np):
            if t in (s.names[p].lower(), s.colours[p].lower(), colour(s.colours[p]).lower(), str(p)):
                return p
        raise UsageError(_("no player called {name!r} (players: {players})").format(name=text, players=", ".join(s.names)))

    @staticmethod
    def number(text, what=N_("the number")):
        return whole(text, _(what))

    # -- the game clock
    def stamp(self):
        """Whole seconds of play: the game's stamp when the session began plus the wall clock's."""
        return self._ts0 + int(self.now() - self._mark)

    def tick(self):
        """What the clock does by itself: a closing roll owed is rolled, a turn whose time ran
        out times out (both recorded as events, stamped)."""
        for _step in range(64):
            s = self.game.state
            ck = s.clock
            if ck is None or s.phase == "over":
                return
            if ck["due"]:
                self.act({"t": "close"})
                continue
            left = clock.turn_left(ck, s.options, self.stamp())
            if left is not None and left <= 0:
                self.act({"t": "timeout", "p": s.cur})
                continue
            return

    # -- commands
    def act(self, action):
        before = before_event(self.game.state)   # what the event's line reads of the state before
        if self.game.state.clock is not None and "ts" not in action:
            action = dict(action)
            action["ts"] = self.stamp()
        ev = self.game.act(action)
        s = self.game.state
        self.flush(store=s.cur != before.cur or s.phase == "over")   # (a turn's end: stored)
        line = clock_text.event_line(s, ev) if s.clock is not None else None
        self.say(line or engine_text.event_line(before, self.game.state, ev))
        if self.game.state.phase == "over":
            self.say(engine_text.status(self.game.state))
            for line in clock_text.status_lines(self.game.state):
                self.say(line)
        return ev

    def draw_before_end(self, p):
        """A turn with a conquest ends with its card: `end` without `draw` takes it first (T.E.G.
        rules, REQUESTING A COUNTRY CARD: the card is the reward of the conquest), instead of
        forfeiting it. When it cannot be taken (five cards held), `end` says so and ends."""
        s = self.game.state
        if s.phase not in ("attack", "regroup", "card") or s.drew \
                or s.rules.card_right(s, p) is not None:
            return
        try:
            engine.check(s, {"t": "draw", "p": p})
        except IllegalMove as exc:
            self.say(_("(no card this turn: {why})").format(why=refusals.say(exc, s)))
            return
        self.say(_("you conquered this turn: your card first"))
        self.act({"t": "draw", "p": p})

    # the commands' other names
    ALIASES = {"?": "help", "diplomacy": "dip", "neighbors": "neighbours"}

    def command(self, line):
        """Run one command line (a ``do_<command>`` method each). Returns False to quit."""
        try:
            words = shlex.split(line)
        except ValueError:
            words = line.split()
        if not words and self.asking is None:
            return True
        if not words:   # Enter: the table's likeliest result
            return self.table_result("")
        # a command's name in the table's language (or another's: atacar, remanejar) is its
        # English one (vocabulary.spoken_commands)
        cmd, rest = english_command(self.game.state.rules.id, words[0].lower()), words[1:]
        if cmd in ("quit", "exit", "q"):
            return False
        if self.asking is not None:
            return self.table_result(line)
        self.tick()
        try:
            return self._command(cmd, rest)
        finally:
            self.tick()

    def _command(self, cmd, rest):
        s = self.game.state
        if games.get(s.rules.id).run(self, cmd, rest):  # the game's own commands (games/<id>)
            return True
        cmd = self.ALIASES.get(cmd, cmd)
        fn = getattr(self, "do_" + cmd, None) if cmd.isidentifier() else None
        if fn is None:
            owner = other_games_command(cmd)   # a command another game adds: say which
            if owner is not None:
                raise UsageError(_("{command}: {game} only (--ruleset {ruleset}), not {this}").format(
                    command=cmd, game=NAMES[owner], ruleset=owner, this=s.rules.name))
            import difflib   # (an unknown command's cost only)
            near = difflib.get_close_matches(cmd, COMMANDS + tuple(
                c for _, game in games.every() for c in game.commands), n=2, cutoff=0.6)
            hint = _("did you mean {commands}? ").format(commands=_(" or ").join(near)) if near else ""
            raise UsageError(_("unknown command {command!r} ({hint}type help)").format(
                command=cmd, hint=hint))
        fn(rest)
        return True

    def do_help(self, rest):
        s = self.game.state
        self.say(help_text(s.rules.id))

    def do_status(self, rest):
        s = self.game.state
        self.say(engine_text.status(s))
        for line in clock_text.status_lines(s, self.stamp()):
            self.say(line)

    def do_map(self, rest):
        if not rest:
            self.say(self.board_picture())
        else:
            self.do_countries(rest)

    def do_countries(self, rest):
        s = self.game.state
        self.say(engine_text.countries(s, self.player(" ".join(rest)) if rest else None))

    def do_neighbours(self, rest):
        s = self.game.state
        if not rest:
            raise UsageError(_("neighbours COUNTRY"))
        self.say(engine_text.neighbours(s, self.country(" ".join(rest))))

    def do_cards(self, rest):
        s = self.game.state
        p = self.game.state.cur
        self.say(engine_text.cards(s, self.player(" ".join(rest)) if rest else p))

    def do_objective(self, rest):
        s = self.game.state
        p = self.game.state.cur
        q = self.player(" ".join(rest)) if rest else p
        self.say(f"{engine_text.who(s, q)}: {engine_text.objective(s, q)}")

    def do_pacts(self, rest):
        s = self.game.state
        self.say(engine_text.pacts(s))

    def do_claim(self, rest):
        p = self.game.state.cur
        self.act({"t": "claim", "p": p, "c": self.countries(rest, 1)[0]})

    def do_place(self, rest):
        s = self.game.state
        p = self.game.state.cur
        if not rest:
            raise UsageError(_("place N COUNTRY"))
        if is_int(rest[0]):
            n, where = self.number(rest[0], N_("the count of armies to place")), rest[1:]
        elif is_int(rest[-1]):
            n, where = self.number(rest[-1], N_("the count of armies to place")), rest[:-1]
        else:
            n, where = s.to_place(), rest
        self.act({"t": "place", "p": p, "c": self.countries(where, 1)[0], "n": n})

    def do_trade(self, rest):
        self.trade(rest)

    def do_attack(self, rest):
        self.attack(rest)

    def do_walk(self, rest):
        self.walk(rest)

    def do_dip(self, rest):
        self.dip(rest)

    def do_move(self, rest):
        s = self.game.state
        p = s.cur
        if s.rules.condominiums and s.x.get("cdm") and len(rest) in (1, 2):
            a = {"t": "move", "p": p, "n": self.number(rest[0], N_("the count of armies to move in"))}
            if len(rest) == 2:
                a["m"] = self.number(rest[1], N_("the count of the ally's armies"))
            self.act(a)
            return
        if len(rest) != 1:
            raise UsageError(_("move N"))
        self.act({"t": "move", "p": p, "n": self.number(rest[0], N_("the count of armies to move in"))})

    def do_regroup(self, rest):
        s = self.game.state
        p = self.game.state.cur
        m = 0
        low = [w.lower() for w in rest]
        if len(rest) >= 2 and low[-2] in MISSILE_WORDS and s.rules.missiles:
            m = self.number(rest[-1], N_("the count of missiles"))
            rest = rest[:-2]
        if len(rest) < 3:
            raise UsageError(_("regroup FROM TO N [missiles M]") if s.rules.missiles else _("regroup FROM TO N"))
        f, to = self.countries(rest[:-1], 2)
        if [to, s.owner[f]] in (s.x.get("cdr") or []):
            p = s.owner[f]  # the ally's regroup into the condominium, outside its turn
        a = {"t": "regroup", "p": p, "f": f, "to": to, "n": self.number(rest[-1], N_("the count of armies to regroup"))}
        if m:
            a["m"] = m
        self.act(a)

    def do_draw(self, rest):
        p = self.game.state.cur
        self.act({"t": "draw", "p": p})

    def do_bonus(self, rest):
        p = self.game.state.cur
        self.act({"t": "bonus", "p": p, "c": self.countries(rest, 1)[0]})

    def do_end(self, rest):
        p = self.game.state.cur
        self.draw_before_end(p)
        self.act({"t": "end", "p": p})

    def do_pact(self, rest):
        s = self.game.state
        p = self.game.state.cur
        if len(rest) < 2:
            raise UsageError(_("pact PLAYER world | border MINE THEIRS | zone COUNTRY"))
        q = self.player(rest[0])
        kind = rest[1].lower()
        if kind == "world":
            self.act({"t": "pact", "p": p, "q": q, "k": "w"})
        elif kind == "continent" and s.rules.continent_pacts:
            self.act({"t": "pact", "p": p, "q": q, "k": "k", "a": self.continent(" ".join(rest[2:]))})
        elif kind == "borders" and s.rules.continent_pacts:
            a, b = self.continents(rest[2:])
            self.act({"t": "pact", "p": p, "q": q, "k": "b", "a": a, "b": b})
        elif kind == "border":
            a, b = self.countries(rest[2:], 2)
            self.act({"t": "pact", "p": p, "q": q, "k": "c", "a": a, "b": b})
        elif kind == "zone":
            self.act({"t": "pact", "p": p, "q": q, "k": "z", "a": self.countries(rest[2:], 1)[0]})
        elif kind in ("aggression", "aggress") and s.rules.condominiums:
            to, a, b = self.countries(rest[2:], 3)
            self.act({"t": "aggress", "p": p, "q": q, "to": to, "a": a, "b": b})
        else:
            raise UsageError(_("pact kind {kind!r}: world, border or zone").format(kind=kind))

    def do_unpact(self, rest):
        p = self.game.state.cur
        if len(rest) != 1:
            raise UsageError(_("unpact ID (see 'pacts')"))
        self.act({"t": "unpact", "p": p, "id": self.number(rest[0].lstrip("#"), N_("the pact's id"))})

    def do_undo(self, rest):
        ev = self.game.undo()
        self.flush()
        self.say(engine_text.event_line(None, self.game.state, ev))

    def do_bot(self, rest):
        turns = self.number(rest[0], N_("the count of bot turns")) if rest else 1
        if turns < 1:
            raise UsageError(_("bot [TURNS]: at least 1 turn, not {n}").format(n=turns))
        if self.game.state.phase == "over":
            raise UsageError(_("the game is over: nothing left for the bot to play"))
        bot = make_bot(self.game.state.rules, self.game.rng)
        for _turn in range(turns):
            if self.game.state.phase == "over":
                break
            who = self.game.state.cur
            while self.game.state.phase != "over" and self.game.state.cur == who:
                self.tick()   # (the bot's turn is on the clock too)
                if self.game.state.phase == "over" or self.game.state.cur != who:
                    break
                self.act(bot.action(self.game.state))

    def do_hint(self, rest):
        """The bot's suggestion for the current step, in the device's words (an attack's odds:
        comando.engine.botsay, the same as the device's long BACK), then the command that makes it."""
        s = self.game.state
        if rest:
            raise UsageError(_("hint takes nothing: the suggestion is for the player to play now"))
        if s.phase == "over":
            raise UsageError(_("the game is over: nothing left to suggest"))
        from comando.engine import botsay
        a = botsay.suggest(s, table_pacts=False)   # the laptop enters pacts: the bot may propose one
        if a is None:
            raise UsageError(_("the game is over: nothing left to suggest"))
        text = botsay.words(s, a)
        pc = botsay.odds(s, a)
        line = _("hint for {player}: {text}").format(player=engine_text.who(s, s.cur), text=text)
        if pc is not None:
            line += " " + _("({pc}% to take it)").format(pc=pc)
        cmd = hint_command(s, a)
        self.say(line + (f"  -> {cmd}" if cmd else ""))

    def do_save(self, rest):
        if len(rest) != 1:
            raise UsageError(_("save FILE"))
        elog.write_log(rest[0], self.game.log)
        n = len(self.game.log)
        self.say(_n("saved {n} event to {file}", "saved {n} events to {file}", n).format(n=n, file=rest[0]))

    # -- ruleset inputs
    def continent(self, text):
        try:
            return self.board.find_continent(text)
        except BoardError:
            names = ", ".join(self.board.continent_name(k) for k in range(self.board.continents))
            raise UsageError(_("no continent called {name!r} (continents: {names})").format(name=text, names=names))

    def continents(self, words):
        """Two continent names (names may have spaces)."""
        for i in range(1, len(words)):
            try:
                return self.board.find_continent(" ".join(words[:i])), \
                    self.board.find_continent(" ".join(words[i:]))
            except BoardError:
                continue
        raise UsageError(_("pact PLAYER borders CONTINENT1 CONTINENT2 (e.g. asia africa)"))

    def revancha_trade(self, rest):
        """An exchange: country cards and continent cards, by name, in any order."""
        s = self.game.state
        p = s.cur
        if not rest:
            opts = s.rules.exchange_options(s, p)
            hint = self.hand_hint()
            if opts:
                cs, ks = opts[0]
                words = [self.board.cid(c) for c in cs] + [self.board.continent_id(k) for k in ks]
                raise UsageError(_("trade CARDS ({hand}; an exchange: trade {cards})").format(hand=hint, cards=" ".join(words)))
            raise UsageError(_("trade CARDS ({hand}; no exchange among them)").format(hand=hint))
        cards, conts = [], []
        words = list(rest)
        while words:
            for i in range(len(words), 0, -1):
                text = " ".join(words[:i])
                try:
                    cards.append(self.country(text))
                    break
                except BoardError:
                    pass
                try:
                    conts.append(self.board.find_continent(text))
                    break
                except BoardError:
                    pass
            else:
                raise unknown(self.board, "card or continent", " ".join(words))  # english: UNKNOWN's key
            words = words[i:]
        a = {"t": "trade", "p": p, "cards": cards}
        if conts:
            a["cc"] = conts
        self.act(a)

    def trade(self, rest):
        s = self.game.state
        p = s.cur
        if s.rules.continent_deck:
            return self.revancha_trade(rest)
        if not rest:
            hint = self.hand_hint()
            h = s.hands[p]
            for i in range(len(h)):
                for j in range(i + 1, len(h)):
                    for m in range(j + 1, len(h)):
                        if s.rules.is_set(s, [h[i], h[j], h[m]]):
                            words = ["wild" if c >= s.n else self.board.cid(c) for c in (h[i], h[j], h[m])]
                            raise UsageError(_("trade C1 C2 C3 ({hand}; a set: trade {cards})").format(hand=hint, cards=" ".join(words)))
            raise UsageError(_("trade C1 C2 C3 ({hand}; no set among them)").format(hand=hint))
        on = None
        low = [w.lower() for w in rest]
        if "on" in low:
            k = len(low) - 1 - low[::-1].index("on")
            if s.rules.trade_bonus != "one":
                raise UsageError(_("'on COUNTRY' is for Risk sets (the held territory that gets the 2 armies)"))
            if k == len(rest) - 1:
                raise UsageError(_("trade ... on COUNTRY: name the territory for the 2 armies"))
            on = self.countries(rest[k + 1:], 1)[0]
            rest = rest[:k]
        a = {"t": "trade", "p": p, "cards": self.cards(rest, 3)}
        if on is not None:
            a["c"] = on
        self.act(a)

    def attack(self, rest):
        s = self.game.state
        p = s.cur
        words = list(rest)
        a = {"t": "attack", "p": p}
        low = [w.lower() for w in words]
        for k, w in enumerate(low):
            if w in DEF_WORDS:
                if not s.rules.defence_dice_choice:
                    raise UsageError(_("in {game} the defender always rolls every die it may: "
                                       "no 'def D'").format(game=s.rules.name))
                if k != len(words) - 2:
                    raise UsageError(_("attack FROM TO def D (D: the defender's dice, 1 or 2)"))
                a["dn"] = self.number(words[-1], N_("the defender's dice"))
                words = words[:k]
                break
        if words and is_int(words[-1]):
            if not s.rules.announces_armies:
                what = _("the attacker rolls one die per army beyond the garrison, up to three; "
                         "'def D' sets the defender's dice") if s.rules.defence_dice_choice else \
                    _("the dice follow the armies")
                raise UsageError(_("attack FROM TO: no number of armies in {game} ({why})").format(
                    game=s.rules.name, why=what))
            a["n"] = self.number(words[-1], N_("the count of attacking armies"))
            if not 1 <= a["n"] <= 3:
                raise UsageError(_("attack FROM TO N: announce 1 to 3 attacking armies, not {n}").format(n=a["n"])
                                 + " (war.txt: How to Attack)")  # english: the rulebook's section
            words = words[:-1]
        if s.rules.condominiums:
            low = [w.lower() for w in words]
            if "vs" in low:
                k = low.index("vs")
                a["vs"] = self.player(" ".join(words[k + 1:]))
                words = words[:k]
            try:
                a["f"], a["to"] = self.countries(words, 2)
            except (UsageError, BoardError):
                a["f"] = a["to"] = self.countries(words, 1)[0]  # FROM = TO: inside a condominium
        else:
            a["f"], a["to"] = self.countries(words, 2)
        ag = s.x.get("ag") if s.rules.condominiums else None
        if ag and a["to"] == ag[0] and ag[5] != p:
            a["p"] = ag[5]  # the ally's roll in a joint attack, outside its turn
        if tabledice.mode(s) != "device":
            self.ask_table(a)
            return
        self.act(a)

    def ask_table(self, a):
        """The table rolls its own dice: the attack is checked, then its result asked (the next
        line answers: commands/play/tabledice.py)."""
        from comando.texts import say
        try:
            engine.check(self.game.state, a)
        except IllegalMove as exc:
            if str(exc) != say("tb_need"):
                raise
        self.asking = a
        self.say(tabledice.question(self.game.state, a))

    def table_result(self, line):
        """The line that answers the table's result (``cancel``: no attack). A result the dice
        cannot give is refused by the core, one line; the question stays."""
        if line.strip().lower() in ("cancel", "back"):
            self.asking = None
            self.say(_("the attack is dropped: no roll"))
            return True
        a = tabledice.answer(self.game.state, self.asking, line)
        self.tick()
        self.act(a)
        self.asking = None
        self.tick()
        return True

    def walk(self, rest):
        s = self.game.state
        if not s.rules.walk_out:
            raise UsageError(_("{game} has no walk-outs (Risk only)").format(game=s.rules.name))
        q = self.player(" ".join(rest)) if rest else s.cur
        self.act({"t": "walk", "p": q})

    def dip(self, rest):
        s = self.game.state
        if not s.rules.dip_panel:
            raise UsageError(_("{game} has no diplomacy panel (Risk only); T.E.G. has 'pact'").format(game=s.rules.name))
        if not rest:
            self.say(engine_text.diplomacy(s))
            return
        p = s.cur
        words = list(rest)
        if words[0].lower() == "as":
            if len(words) < 3:
                raise UsageError(_("dip as PLAYER KIND ..."))
            p = self.player(words[1])
            words = words[2:]
        kind = words[0].lower()
        if kind not in DIP_KINDS:
            raise UsageError(_("dip {kind!r}: the panel takes truce, carve, break or note (see help)").format(kind=words[0]))
        a = {"t": "dip", "p": p, "k": kind}
        args = words[1:]
        if kind in ("truce", "carve"):
            if not args:
                raise UsageError(_("dip {kind} PLAYER [TEXT]: name the other player").format(kind=kind))
            a["q"] = self.player(args[0])
            text = " ".join(args[1:])
            if kind == "carve" and not text:
                raise UsageError(_("dip carve PLAYER TEXT: say what is carved up (e.g. 'you Asia, me Europe')"))
        elif kind == "break":
            if not args:
                raise UsageError(_("dip break ID [TEXT]: the number of the truce or carve-up (see 'dip')"))
            ref = self.number(args[0].lstrip("#"), N_("the diplomacy entry"))
            a["ref"] = ref
            for d in s.x.get("dip", ()):
                if d[0] == ref and p in (d[1], d[2]) and d[3] in ("truce", "carve"):
                    a["q"] = d[2] if d[1] == p else d[1]
            if "q" not in a:
                raise UsageError(_("dip break ID: there is no truce or carve-up #{ref} of {player}'s to "
                                   "break (see 'dip')").format(ref=ref, player=s.names[p]))
            text = " ".join(args[1:])
        else:
            text = " ".join(args)
            if not text:
                raise UsageError(_("dip note TEXT: write the note"))
        if text:
            a["text"] = text
        self.act(a)

    def prompt(self):
        s = self.game.state
        if self.asking is not None:
            return tabledice.prompt(s)
        if s.phase == "over":
            return _("game over> ")
        phase = engine_text.phase_word(s.phase)
        if s.rules.id in POWERS:  # T.E.G. II: the power to act, not a player's colour
            a = s.rules.actor(s)
            left = ", " + _("{n} to add").format(n=s.to_place()) if s.to_place() else ""
            return f"{s.rules.pname(s, a)} {phase}{left}> "
        left = ", " + _("{n} to place").format(n=s.to_place()) if s.to_place() else ""
        if s.x.get("must"):
            left += ", " + _("trade a set now")
        left += clock_text.prompt_part(s, self.stamp())
        return f"{engine_text.who(s, s.cur)} {phase}{left}> "


def loop(session, args, interactive) -> int:
    number = 0   # the command's line on stdin (blank and comment lines count: an editor's)
    while True:
        session.record()     # what the last command made is stored before the next prompt
        try:
            # (input() writes its prompt to the terminal itself, past the SafeStream: a name
            # in it is made printable here)
            line = input(printable(session.prompt())) if interactive else sys.stdin.readline()
        except EOFError:
            print()
            break
        number += 1
        if not interactive:
            if not line:
                break
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            print(session.prompt() + line)
        try:
            if not session.command(line):
                break
        except (ComandoError, UsageError, OSError) as exc:
            kind = "illegal" if isinstance(exc, IllegalMove) else "error"
            if isinstance(exc, OSError):  # save FILE: a file that cannot be written
                exc = f"{exc.filename}: {exc.strerror}"
            elif kind == "illegal" or isinstance(exc, BoardError):
                exc = refusals.say(exc, getattr(getattr(session, "game", None), "state", None))   # in the table's language, a rule's quote kept
            if args.strict:   # the script fails here: one line on stderr, as every command's
                said = _("illegal: {why}").format(why=exc) if kind == "illegal" else exc
                print(f"comando play: error: line {number} ({line.strip()}): {said}",  # english: every command's error prefix (cli.py)
                      file=sys.stderr)
                return 2
            # (played on: part of the game's transcript)
            print((_("illegal: {why}") if kind == "illegal" else _("error: {why}")).format(why=exc))
    return 0
