"""`comando play`: drive an engine game from the keyboard (or a script on stdin).

    comando play --players Ana:red,Beto:blue,Caro:black,Dani:yellow --seed 7 --log game.jsonl

Type `help` at the prompt. Country names complete with Tab (ids like nueva_york; names and
aliases are accepted too, case and accents ignored). Every event is appended to the log as it
happens, so the file is always a replayable game (`comando replay game.jsonl`).

A game clock (docs/decisions/game-clock.md): `--option clock=limit:30m,end:roll` (a time limit,
then the closing roll after each round; `end:round` finishes the round), `turn:2m` (a countdown
per turn) or `budget:20m` (each player's time), `attime:countries|armies` (the winner at time).
The prompt shows the time left; the wall clock stamps every event.
"""

from __future__ import annotations

import difflib
import shlex
import sys
import time

from comando import clock, engine
from comando.board import BoardError, default_board_id, search_key, load_board
from comando.dice import SeededDice, system_dice
from comando.errors import ComandoError, IllegalMove
from comando.engine import log as elog
from comando.rulesets import MAPS, NAMES, POWERS
from comando_host.text import clock_text, engine_text
from comando_host import games
from comando_host.cli import UsageError
from comando_host.commands.replay import log_lines, replay_bytes
from comando_host.text.textsafe import printable
from comando_host.text.wording import count
from comando_host.text.numwords import looks_numeric, whole

HELP = """commands (COUNTRY: id, name or alias; Tab completes):
  status                      whose turn, phase, armies to place, cards held (and the ruleset's counters)
  map                         the board drawn in the terminal: owners in colour, armies
  map PLAYER | countries [PLAYER]   the countries (of one player) as a table: owner, armies
  neighbours COUNTRY          its neighbours: owner and armies, which it can attack
  cards | objective           the current player's cards / secret objective
  claim COUNTRY               2-3 players: occupy a free country
  place N COUNTRY             add N armies to one of your countries
  trade C1 C2 C3              trade three cards in (country names of the cards; 'wild' for a wildcard)
  attack FROM TO              roll an attack (dice drawn now, stored in the log)
  move N                      after a conquest: N armies in the conquered country
  regroup FROM TO N           move N armies to a neighbouring country of yours
  draw                        take your country card (after a conquest)
  bonus COUNTRY               +2 armies on a country whose card you hold
  end                         end your turn
  pact PLAYER world | pact PLAYER border MINE THEIRS | pact PLAYER zone COUNTRY
  unpact ID | pacts           break a pact (it binds until the other's next turn ends) / list
  bot [turns]                 let the built-in bot play the current turn(s)
  undo                        take back the last event (written to the log as an undo event)
  save FILE                   write the log to FILE   |   help   |   quit"""

COMMANDS = ("status", "map", "countries", "neighbours", "cards", "objective", "claim", "place", "trade", "attack", "move",
            "regroup", "draw", "bonus", "end", "pact", "unpact", "pacts", "bot", "undo", "save",
            "help", "quit", "walk", "dip")
MISSILE_WORDS = ("missiles", "missile", "m")
WILD_WORDS = ("wild", "wildcard", "wildcards", "joker", "comodin", "coringa", "*")
DEF_WORDS = ("def", "defend", "defence", "defense", "dn")
DIP_KINDS = ("truce", "carve", "break", "note")


def help_text(rules_id):
    """The common commands, then those the game adds or words its own way (its ``help``)."""
    extra = games.get(rules_id).help
    return HELP + ("\n\n" + extra if extra else "")


def other_games_command(cmd):
    """The id of the game that adds REPL command ``cmd`` (games/<id>.commands), or None."""
    for rid, game in games.every():
        if cmd in game.commands:
            return rid
    return None


def register(subparsers):
    p = subparsers.add_parser("play", help="play a game at the keyboard (REPL; scriptable from stdin)",
                              description=__doc__)
    p.add_argument("--ruleset", default="teg",
                   help="ruleset id: %s (default teg)" % ", ".join(engine.RULESETS))
    p.add_argument("--board", default=None,
                   help="board id (see `comando boards list`) or a board file "
                        "(default: the ruleset's own board)")
    p.add_argument("--players", default=None,
                   help="NAME:COLOUR,... in seat order, clockwise (default: 4 players)")
    p.add_argument("--seed", type=int, default=None, help="seeded dice: a reproducible game")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="ruleset option, e.g. deftrade=1 (defensive trade-in), pacts=0; "
                        "the game clock: clock=limit:30m,end:roll,turn:2m")
    p.add_argument("--log", default=None, help="also write the game log (JSONL) here as it is "
                   "played (the game is recorded in the store either way: comando games)")
    p.add_argument("--resume", default=None, help="continue the game of this log (appends to it)")
    p.add_argument("--drop-torn", action="store_true", help="with --resume: a torn last line "
                   "(the write cut short) is set aside as LOG.torn and the game goes on from "
                   "the valid lines before it (asked at a terminal)")
    p.add_argument("--db", metavar="PATH", help="the game database the game is recorded in "
                   "(default: $COMANDO_DB, else the per-user data directory)")
    p.add_argument("--strict", action="store_true", help="stop with exit 2 at the first illegal command")
    p.set_defaults(func=run)


def palette(rules, board=None):
    """The colours to hand out when --players names none: the ruleset's, else the board's."""
    cols = tuple(rules.colours)
    if not cols and board is not None and isinstance(board.tables, dict):
        cols = tuple(board.tables.get("colours") or ())
    return cols or ("red", "blue", "green", "yellow", "black", "grey")


def parse_players(text, rules, board=None):
    cols = palette(rules, board)
    if not text:
        return [(f"Player{i + 1}", cols[i]) for i in range(min(4, rules.max_players))]
    out = []
    for i, item in enumerate(text.split(",")):
        item = item.strip()
        if not item:
            continue
        if ":" in item:
            name, colour = item.split(":", 1)
        else:
            name, colour = item, cols[i % len(cols)]
        if not name.strip():
            raise UsageError(f"--players: a player without a name in {text!r} (NAME:COLOUR,...)")
        from comando_host.text.textsafe import has_controls
        if has_controls(item):
            raise UsageError(f"--players: {printable(item.strip())!r} holds control characters "
                             "(a name is plain text)")
        if any(n.lower() == name.strip().lower() for n, _ in out):
            raise UsageError(f"--players: two players called {name.strip()!r} (the REPL names "
                             "players by name)")
        out.append((name.strip(), colour.strip().lower()))
    return out


def parse_options(items):
    opts = {}
    for item in items:
        if "=" not in item:
            raise UsageError(f"--option {item!r}: expected KEY=VALUE")
        k, v = item.split("=", 1)
        if k == "clock":   # the game clock: clock=limit:30m,end:roll,turn:2m (comando.clock)
            from comando import clock_options
            try:
                opts.update(clock_options.parse(v))
            except clock.ClockError as exc:
                raise UsageError(f"--option clock: {exc}") from None
            continue
        try:
            opts[k] = int(v)
        except ValueError:
            opts[k] = v
    return opts


def close_countries(board, text, n=3):
    """Ids of the countries whose id, name, short name or alias look like the unknown words of
    ``text`` (a typo: 'argentna' -> argentina); [] when nothing is close."""
    keys = {}
    for i in range(board.n):
        for name in (board.cid(i), board.name(i), board.short(i)) + tuple(board.aliases(i)):
            keys.setdefault(search_key(name), i)
    words = text.split()
    probes = [text] + words + [" ".join(words[j:j + 2]) for j in range(len(words) - 1)
                               if search_key(words[j]) not in keys or search_key(words[j + 1]) not in keys]
    hits = []
    for probe in probes:
        k = search_key(probe)
        if not k or k in keys:
            continue
        for m in difflib.get_close_matches(k, list(keys), n=n, cutoff=0.7):
            if keys[m] not in hits:
                hits.append(keys[m])
        if hits and probe is text:  # the whole text is a typo of one name: that is the answer
            break
    return [board.cid(i) for i in hits[:n]]


def unknown(board, what, text):
    """BoardError for an unknown country (or card) name, with the close matches if any."""
    near = close_countries(board, text)
    hint = f"; did you mean {' or '.join(near)}?" if near else " (Tab completes the names; `map` lists them)"
    return BoardError(f"{board.id}: no {what} called '{text}'{hint}")


def make_bot(rules, rng):
    """The ruleset's own bot when it has one (La Revancha), else the engine's."""
    return rules.make_bot(rng)


def is_int(word):
    """A word where a count may stand that reads as a number (whole or not: number() refuses
    what is not whole, rather than reading "5.5" as a country's name)."""
    return looks_numeric(word)


class KeyboardGame:
    def __init__(self, game, out=None, log_path=None, store=None, game_id=None, now=None):
        self.game = game
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
    def record(self):
        if self.store is None:
            return
        log = self.game.log
        start = self._seen if self._seen <= len(log) else 0   # (undo is an event too)
        new = [ev for ev in log[start:] if ev["seq"] > self.stored]
        if new:
            self.stored = self.store.add_events(self.game_id, new)
        self._seen = len(log)

    # -- log
    def flush(self, truncate=False, store=True):
        if store:
            self.record()
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
                raise UsageError(f"unexpected {' '.join(words)!r}")
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
            raise UsageError(f"give {k} more countr{'y' if k == 1 else 'ies'}")
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
                raise UsageError(f"trade: three cards, not more (unexpected {' '.join(words)!r})")
            return []
        if not words:
            raise UsageError(f"trade: name three cards ({self.hand_hint()})")
        if words[0].lower() in WILD_WORDS:
            if not self.wild_ids():
                raise UsageError(f"{s.rules.name} has no separate wildcards: name the country on each card")
            wilds = [c for c in self.wild_ids() if c in s.hands[s.cur] and c not in taken]
            if not wilds:
                raise UsageError(f"you hold no {'other ' if taken else ''}wildcard ({self.hand_hint()})")
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
            return "you hold no cards"
        return "you hold: " + ", ".join(engine_text.card_name(s, c) for c in h)

    def player(self, text):
        s = self.game.state
        t = text.strip().lower()
        for p in range(s.np):
            if s.names[p].lower() == t or s.colours[p].lower() == t or str(p) == t:
                return p
        raise UsageError(f"no player called {text!r} (players: {', '.join(s.names)})")

    @staticmethod
    def number(text, what="the number"):
        return whole(text, what)

    # -- the game clock
    def stamp(self):
        """Whole seconds of play: the game's stamp when the session began plus the wall clock's."""
        return self._ts0 + int(self.now() - self._mark)

    def tick(self):
        """What the clock does by itself: a closing roll owed is rolled, a turn whose time ran
        out times out (both recorded as events, stamped)."""
        for _ in range(64):
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
        before = self.game.state.copy()
        if before.clock is not None and "ts" not in action:
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
            self.say(f"(no card this turn: {exc})")
            return
        self.say("you conquered this turn: your card first")
        self.act({"t": "draw", "p": p})

    # the commands' other names
    ALIASES = {"?": "help", "diplomacy": "dip", "neighbors": "neighbours"}

    def command(self, line):
        """Run one command line (a ``do_<command>`` method each). Returns False to quit."""
        try:
            words = shlex.split(line)
        except ValueError:
            words = line.split()
        if not words:
            return True
        cmd, rest = words[0].lower(), words[1:]
        if cmd in ("quit", "exit", "q"):
            return False
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
                raise UsageError(f"{cmd}: {NAMES[owner]} only (--ruleset {owner}), not {s.rules.name}")
            near = difflib.get_close_matches(cmd, COMMANDS + tuple(
                c for _, game in games.every() for c in game.commands), n=2, cutoff=0.6)
            hint = f"did you mean {' or '.join(near)}? " if near else ""
            raise UsageError(f"unknown command {cmd!r} ({hint}type help)")
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
            raise UsageError("neighbours COUNTRY")
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
            raise UsageError("place N COUNTRY")
        if is_int(rest[0]):
            n, where = self.number(rest[0], "the count of armies to place"), rest[1:]
        elif is_int(rest[-1]):
            n, where = self.number(rest[-1], "the count of armies to place"), rest[:-1]
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
            a = {"t": "move", "p": p, "n": self.number(rest[0], "the count of armies to move in")}
            if len(rest) == 2:
                a["m"] = self.number(rest[1], "the count of the ally's armies")
            self.act(a)
            return
        if len(rest) != 1:
            raise UsageError("move N")
        self.act({"t": "move", "p": p, "n": self.number(rest[0], "the count of armies to move in")})

    def do_regroup(self, rest):
        s = self.game.state
        p = self.game.state.cur
        m = 0
        low = [w.lower() for w in rest]
        if len(rest) >= 2 and low[-2] in MISSILE_WORDS and s.rules.missiles:
            m = self.number(rest[-1], "the count of missiles")
            rest = rest[:-2]
        if len(rest) < 3:
            raise UsageError("regroup FROM TO N" + (" [missiles M]" if s.rules.missiles else ""))
        f, to = self.countries(rest[:-1], 2)
        if [to, s.owner[f]] in (s.x.get("cdr") or []):
            p = s.owner[f]  # the ally's regroup into the condominium, outside its turn
        a = {"t": "regroup", "p": p, "f": f, "to": to, "n": self.number(rest[-1], "the count of armies to regroup")}
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
            raise UsageError("pact PLAYER world | border MINE THEIRS | zone COUNTRY")
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
            raise UsageError(f"pact kind {kind!r}: world, border or zone")

    def do_unpact(self, rest):
        p = self.game.state.cur
        if len(rest) != 1:
            raise UsageError("unpact ID (see 'pacts')")
        self.act({"t": "unpact", "p": p, "id": self.number(rest[0].lstrip("#"), "the pact's id")})

    def do_undo(self, rest):
        ev = self.game.undo()
        self.flush()
        self.say(engine_text.event_line(None, self.game.state, ev))

    def do_bot(self, rest):
        turns = self.number(rest[0], "the count of bot turns") if rest else 1
        if turns < 1:
            raise UsageError(f"bot [TURNS]: at least 1 turn, not {turns}")
        if self.game.state.phase == "over":
            raise UsageError("the game is over: nothing left for the bot to play")
        bot = make_bot(self.game.state.rules, self.game.rng)
        for _ in range(turns):
            if self.game.state.phase == "over":
                break
            who = self.game.state.cur
            while self.game.state.phase != "over" and self.game.state.cur == who:
                self.tick()   # (the bot's turn is on the clock too)
                if self.game.state.phase == "over" or self.game.state.cur != who:
                    break
                self.act(bot.action(self.game.state))

    def do_save(self, rest):
        if len(rest) != 1:
            raise UsageError("save FILE")
        elog.write_log(rest[0], self.game.log)
        self.say(f"saved {count(len(self.game.log), 'event')} to {rest[0]}")

    # -- ruleset inputs
    def continent(self, text):
        try:
            return self.board.find_continent(text)
        except BoardError:
            names = ", ".join(self.board.continent_name(k) for k in range(self.board.continents))
            raise UsageError(f"no continent called {text!r} (continents: {names})")

    def continents(self, words):
        """Two continent names (names may have spaces)."""
        for i in range(1, len(words)):
            try:
                return self.board.find_continent(" ".join(words[:i])), \
                    self.board.find_continent(" ".join(words[i:]))
            except BoardError:
                continue
        raise UsageError("pact PLAYER borders CONTINENT1 CONTINENT2 (e.g. asia africa)")

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
                raise UsageError(f"trade CARDS ({hint}; an exchange: trade {' '.join(words)})")
            raise UsageError(f"trade CARDS ({hint}; no exchange among them)")
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
                raise unknown(self.board, "card or continent", " ".join(words))
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
                            raise UsageError(f"trade C1 C2 C3 ({hint}; a set: trade {' '.join(words)})")
            raise UsageError(f"trade C1 C2 C3 ({hint}; no set among them)")
        on = None
        low = [w.lower() for w in rest]
        if "on" in low:
            k = len(low) - 1 - low[::-1].index("on")
            if s.rules.trade_bonus != "one":
                raise UsageError("'on COUNTRY' is for Risk sets (the held territory that gets the 2 armies)")
            if k == len(rest) - 1:
                raise UsageError("trade ... on COUNTRY: name the territory for the 2 armies")
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
                    raise UsageError(f"in {s.rules.name} the defender always rolls every die it may: "
                                     "no 'def D'")
                if k != len(words) - 2:
                    raise UsageError("attack FROM TO def D (D: the defender's dice, 1 or 2)")
                a["dn"] = self.number(words[-1], "the defender's dice")
                words = words[:k]
                break
        if words and is_int(words[-1]):
            if not s.rules.announces_armies:
                what = ("the attacker rolls one die per army beyond the garrison, up to three; "
                        "'def D' sets the defender's dice") if s.rules.defence_dice_choice else \
                       "the dice follow the armies"
                raise UsageError(f"attack FROM TO: no number of armies in {s.rules.name} ({what})")
            a["n"] = self.number(words[-1], "the count of attacking armies")
            if not 1 <= a["n"] <= 3:
                raise UsageError(f"attack FROM TO N: announce 1 to 3 attacking armies, not {a['n']} "
                                 "(war.txt: How to Attack)")
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
        self.act(a)

    def walk(self, rest):
        s = self.game.state
        if not s.rules.walk_out:
            raise UsageError(f"{s.rules.name} has no walk-outs (Risk only)")
        q = self.player(" ".join(rest)) if rest else s.cur
        self.act({"t": "walk", "p": q})

    def dip(self, rest):
        s = self.game.state
        if not s.rules.dip_panel:
            raise UsageError(f"{s.rules.name} has no diplomacy panel (Risk only); T.E.G. has 'pact'")
        if not rest:
            self.say(engine_text.diplomacy(s))
            return
        p = s.cur
        words = list(rest)
        if words[0].lower() == "as":
            if len(words) < 3:
                raise UsageError("dip as PLAYER KIND ...")
            p = self.player(words[1])
            words = words[2:]
        kind = words[0].lower()
        if kind not in DIP_KINDS:
            raise UsageError(f"dip {words[0]!r}: the panel takes truce, carve, break or note (see help)")
        a = {"t": "dip", "p": p, "k": kind}
        args = words[1:]
        if kind in ("truce", "carve"):
            if not args:
                raise UsageError(f"dip {kind} PLAYER [TEXT]: name the other player")
            a["q"] = self.player(args[0])
            text = " ".join(args[1:])
            if kind == "carve" and not text:
                raise UsageError("dip carve PLAYER TEXT: say what is carved up (e.g. 'you Asia, me Europe')")
        elif kind == "break":
            if not args:
                raise UsageError("dip break ID [TEXT]: the number of the truce or carve-up (see 'dip')")
            ref = self.number(args[0].lstrip("#"), "the diplomacy entry")
            a["ref"] = ref
            for d in s.x.get("dip", ()):
                if d[0] == ref and p in (d[1], d[2]) and d[3] in ("truce", "carve"):
                    a["q"] = d[2] if d[1] == p else d[1]
            if "q" not in a:
                raise UsageError(f"dip break ID: there is no truce or carve-up #{ref} of "
                                 f"{s.names[p]}'s to break (see 'dip')")
            text = " ".join(args[1:])
        else:
            text = " ".join(args)
            if not text:
                raise UsageError("dip note TEXT: write the note")
        if text:
            a["text"] = text
        self.act(a)

    def prompt(self):
        s = self.game.state
        if s.phase == "over":
            return "game over> "
        if s.rules.id in POWERS:  # T.E.G. II: the power to act, not a player's colour
            a = s.rules.actor(s)
            left = f", {s.to_place()} to add" if s.to_place() else ""
            return f"{s.rules.pname(s, a)} {s.phase}{left}> "
        left = f", {s.to_place()} to place" if s.to_place() else ""
        if s.x.get("must"):
            left += ", trade a set now"
        left += clock_text.prompt_part(s, self.stamp())
        return f"{s.names[s.cur]} ({s.colours[s.cur]}) {s.phase}{left}> "


def completer_for(session):
    import readline

    rules = session.game.state.rules
    cmds = [c for c in COMMANDS if (rules.walk_out or c != "walk") and (rules.dip_panel or c != "dip")] \
        + list(games.get(rules.id).commands)
    b = session.board
    ids = [b.cid(i) for i in range(b.n)]

    def pool_for(words, first):
        s = session.game.state
        if first:
            return cmds
        cmd = words[0].lower() if words else ""
        names = list(s.names)
        if cmd in ("dip", "diplomacy"):
            return (["as"] if len(words) <= 2 else []) + list(DIP_KINDS) + names
        if cmd == "walk":
            return names
        if cmd == "trade":
            held = [b.cid(c) for c in s.hands[s.cur] if c < s.n]
            wild = ["wild"] if any(c >= s.n for c in s.hands[s.cur]) else []
            return held + wild + (["on"] if rules.trade_bonus == "one" else []) + ids
        if cmd == "attack" and rules.defence_dice_choice:
            return ids + ["def"]
        if cmd in ("pact",):
            extra = ["continent", "borders"] + [b.continent_id(k) for k in range(b.continents)] \
                if rules.continent_pacts else []
            return names + ["world", "border", "zone"] + extra + ids
        if cmd == "trade" and rules.continent_deck:
            return [b.cid(c) for c in s.hands[s.cur]] + [b.continent_id(k) for k in range(b.continents)]
        return ids + names

    def complete(text, state):
        line = readline.get_line_buffer()
        words = line.split()
        first = len(words) <= 1 and not line.endswith(" ")
        pool = pool_for(words, first)
        seen = set()
        pool = [w for w in pool if not (w in seen or seen.add(w))]
        t = text.lower()
        matches = [w for w in pool if w.lower().startswith(t)]
        return matches[state] if state < len(matches) else None

    readline.set_completer_delims(" \t")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def find_board(name, rules_id):
    """A board by id or file; for a ruleset's own maps the id without its prefix works too
    (``--ruleset risk --board spain`` is ``risk_spain``)."""
    try:
        return load_board(name)
    except BoardError:
        if "/" in name or name.endswith(".json") or name.startswith(rules_id + "_"):
            raise
        try:
            return load_board(f"{rules_id}_{name}")
        except BoardError:
            pass
        raise


def risk_table_board(board, players):
    """"If the room fills past that cap, the game opens on the smallest map the whole table fits
    on" (risk-online-12-maps.txt): the board asked for, else that map, said in one line."""
    from comando.rulesets.risk import engine as risk
    if risk.RULES.seat_cap(board) >= players:
        return board
    try:
        other = risk.table_board(players, board.id)
    except ComandoError as exc:  # no map seats the table: the usage error names the count
        raise UsageError(f"--players: {exc}")
    print(f"{board.name} seats at most {risk.RULES.seat_cap(board)} players: the game opens on "
          f"{other.name} ({other.id}), the smallest map that seats {players}.")
    return other


def _torn_tail(data):
    """(valid_bytes, torn_bytes) when the log's last line is cut short (no newline, not an
    event: the write was interrupted), else None."""
    if not data or data.endswith(b"\n"):
        return None
    cut = data.rfind(b"\n") + 1
    try:
        elog.loads(data[cut:].decode("utf-8"))
        return None          # a whole event that only lacks its newline
    except (ValueError, UnicodeError):
        return data[:cut], data[cut:]


def _resume_torn(path, allow, interactive):
    """Offer to go on from the valid lines of a log whose last line is torn; the torn bytes are
    kept in PATH.torn, never deleted. The lines before it must be JSON events (UTF-8) before
    anything is changed: else the file is refused as it is (a file of something else)."""
    from comando_host.store.inputfile import read_bytes
    torn = _torn_tail(read_bytes(path, what="game log"))
    if torn is None:
        return
    good, tail = torn
    lines = good.count(b"\n")
    try:
        for _ in log_lines(good, path):
            pass
    except ValueError as exc:
        raise UsageError(f"{exc}; not a game log torn at its end: the file was left as it is") \
            from None
    what = (f"{path}: the last line is torn ({len(tail)} bytes after line {lines}, no newline: "
            "its write never finished)")
    if not allow:
        if not interactive:
            raise UsageError(f"{what}; to continue from the {lines} valid lines, add --drop-torn")
        answer = input(f"{what}.\nContinue from the {lines} valid lines (the torn bytes are "
                       f"kept in {path}.torn)? [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            raise UsageError(f"{what}; not resumed")
    import os
    with open(path + ".torn", "ab") as f:
        f.write(tail)
        f.flush()
        os.fsync(f.fileno())
    tmp = path + ".resume-tmp"
    with open(tmp, "wb") as f:   # the log is replaced whole (a crash leaves the old one)
        f.write(good)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    print(f"{path}: the torn last line ({len(tail)} bytes) was set aside in {path}.torn; "
          f"going on from line {lines}")


def _resume_events(args, interactive):
    """(events, game id or None, log path or None) of --resume: a log file (checked whole,
    its torn last line handled) or the id of a stored game (comando games)."""
    import os
    from comando_host.store.inputfile import read_bytes
    path = args.resume
    looks_like_path = os.sep in path or "." in os.path.basename(path)
    if not os.path.lexists(path) and not looks_like_path:
        return _stored_events(args) + (args.log,)
    data = read_bytes(path, what="game log")     # InputError: one line
    torn = _torn_tail(data)
    if torn is not None:
        # the lines before the torn one follow the rules, else nothing is changed
        _, err = replay_bytes(torn[0], path)
        if err:
            raise UsageError(f"{err}; the file was left as it is")
        _resume_torn(path, args.drop_torn, interactive)
        data = torn[0]
    _, err = replay_bytes(data, path)  # the whole log is legal, or the line that is not
    if err:
        raise UsageError(err)
    return [ev for _, ev in log_lines(data, path)], None, args.log or path


def _stored_events(args):
    """(events, id) of the stored game --resume names (an id or a unique prefix)."""
    from comando_host.store.db import Store
    store = Store(args.db, create=False)
    try:
        gid = store.find_game(args.resume)
        records = store.records(gid)
    finally:
        store.close()
    events = [r[1] for r in records if r[0] == "event"]
    if any(r[0] == "snapshot" for r in records):
        raise UsageError(f"{gid} starts from a snapshot of the device: it cannot be resumed "
                         "from the start")
    if not events or events[0].get("t") != "new" or "board" not in events[0]:
        raise UsageError(f"{gid} is not a game of the map engine (a table session of the "
                         "device?): comando play cannot resume it")
    return events, gid


def _new_game_id():
    import os
    import time
    return "play-%s-%s" % (time.strftime("%Y%m%d-%H%M%S"), os.urandom(2).hex())


def run(args) -> int:
    from comando_host.store.db import Store, StoreError
    rules = engine.get_rules(args.ruleset)
    rng = SeededDice(args.seed) if args.seed is not None else system_dice()
    interactive = sys.stdin.isatty()
    gid = None
    if args.resume:
        events, gid, log_path = _resume_events(args, interactive)
        try:
            game = engine.Game(None, rng, events=events)
        except ComandoError as exc:
            raise UsageError(f"{args.resume}: {exc}") from None
        rules = game.state.rules
    else:
        # a ruleset may name its own engine board (T.E.G. II: the house map; the device keeps
        # default_board_id's printed-board file)
        board = find_board(args.board or getattr(rules, "default_board", None)
                           or default_board_id(rules.id), rules.id)
        if rules.id not in board.rulesets:
            raise UsageError(f"board {board.id} is made for {', '.join(board.rulesets) or 'no ruleset'}, "
                             f"not {rules.name} (--ruleset {' / '.join(board.rulesets) or '?'}, or "
                             f"--board {default_board_id(rules.id)})")
        players = parse_players(args.players, rules, board)
        seat = getattr(rules, "seat_players", None)
        if seat is not None:  # T.E.G. II: 2 names seat the 2-player game's four powers
            players = seat(players)
        if rules.id in MAPS:  # the table opens on a map that seats it (Risk's twelve)
            board = risk_table_board(board, len(players))
        game = engine.new_game(board, rules.id, players, parse_options(args.option), rng=rng)
        log_path = args.log
    store = Store(args.db)      # the game is recorded as it is played (comando games lists it)
    if args.resume and gid is None:
        gid = store.find_log(game.log)
    if gid is None:
        gid = _new_game_id()
        store.ensure_game(gid, board=game.board.id, ruleset=rules.id, origin="play")
    try:
        session = KeyboardGame(game, log_path=log_path, store=store, game_id=gid)
    except StoreError as exc:
        raise StoreError(f"{exc}; the game was not started") from None
    if args.resume and log_path == args.resume:
        session.written = len(game.log)
    if interactive:
        try:
            completer_for(session)
        except ImportError:
            pass
        print(f"{rules.name} on the board {game.board.name} ({game.board.id}). Type help for the commands.")
    print(engine_text.status(game.state))
    try:
        rc = _loop(session, args, interactive)
        session.record()
    except KeyboardInterrupt:
        print()
        rc = 130
        session.record()
    except StoreError as exc:   # the disk full, the store made read-only: stop, say how far
        store.close()
        raise StoreError(f"{exc}: game {gid} is stored up to event {session.stored} "
                         f"(comando play --resume {gid} goes on from there)") from None
    print(f"game {gid}: {count(len(game.log), 'event')} recorded (comando show {gid}; "
          f"comando play --resume {gid} goes on with it)"
          if not log_path else f"game {gid} recorded; log: {log_path} ({count(len(game.log), 'event')})")
    store.close()
    return rc


def _loop(session, args, interactive) -> int:
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
            if args.strict:   # the script fails here: one line on stderr, as every command's
                said = f"illegal: {exc}" if kind == "illegal" else exc
                print(f"comando play: error: line {number} ({line.strip()}): {said}",
                      file=sys.stderr)
                return 2
            print(f"{kind}: {exc}")   # (played on: part of the game's transcript)
    return 0
