"""`comando play`: drive an engine game from the keyboard (or a script on stdin).

    comando play --players Ana:red,Beto:blue,Caro:black,Dani:yellow --seed 7 --log game.jsonl

Type `help` at the prompt. Country names complete with Tab (ids like nueva_york; names and
aliases are accepted too, case and accents ignored). Every event is appended to the log as it
happens, so the file is always a replayable game (`comando replay game.jsonl`).
"""

from __future__ import annotations

import shlex
import sys

from comando import engine
from comando.board import BoardError, board_path, load_board
from comando.dice import SeededDice, system_dice
from comando.errors import ComandoError, IllegalMove
from comando.engine import log as elog
from comando.engine.bot import Bot
from comando_host import engine_text
from comando_host.cli import UsageError

HELP = """commands (COUNTRY: id, name or alias; Tab completes):
  status                      whose turn, phase, armies to place, cards held
  map [PLAYER]                countries, owners and armies (of one player)
  cards | objective           the current player's cards / secret objective
  claim COUNTRY               2-3 players: occupy a free country
  place N COUNTRY             add N armies to one of your countries
  trade C1 C2 C3              trade three cards in (country names of the cards)
  attack FROM TO              roll an attack (dice drawn now, stored in the log)
  move N                      after a conquest: N armies in the conquered country (1-3)
  regroup FROM TO N           move N armies to a neighbouring country of yours
  draw                        take your country card (after a conquest)
  bonus COUNTRY               +2 armies on a country whose card you hold
  end                         end your turn
  pact PLAYER world | pact PLAYER border MINE THEIRS | pact PLAYER zone COUNTRY
  unpact ID | pacts           break a pact (it binds until the other's next turn ends) / list
  bot [turns]                 let the built-in bot play the current turn(s)
  undo                        take back the last event (written to the log as an undo event)
  save FILE                   write the log to FILE   |   help   |   quit"""


def register(subparsers):
    p = subparsers.add_parser("play", help="play a game at the keyboard (REPL; scriptable from stdin)",
                              description=__doc__)
    p.add_argument("--ruleset", default="teg", help="ruleset id (default teg)")
    p.add_argument("--board", default=None, help="board id (default: the ruleset's, teg)")
    p.add_argument("--players", default=None,
                   help="NAME:COLOUR,... in seat order, clockwise (default: 4 players)")
    p.add_argument("--seed", type=int, default=None, help="seeded dice: a reproducible game")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="ruleset option, e.g. deftrade=1 (defensive trade-in), pacts=0")
    p.add_argument("--log", default=None, help="write the game log (JSONL) here as it is played")
    p.add_argument("--resume", default=None, help="continue the game of this log (appends to it)")
    p.add_argument("--strict", action="store_true", help="stop with exit 2 at the first illegal command")
    p.set_defaults(func=run)


def parse_players(text, rules):
    if not text:
        return [(f"Player{i + 1}", rules.colours[i]) for i in range(4)]
    out = []
    for i, item in enumerate(text.split(",")):
        item = item.strip()
        if not item:
            continue
        if ":" in item:
            name, colour = item.split(":", 1)
        else:
            name, colour = item, rules.colours[i % len(rules.colours)]
        out.append((name.strip(), colour.strip().lower()))
    return out


def parse_options(items):
    opts = {}
    for item in items:
        if "=" not in item:
            raise UsageError(f"--option {item!r}: expected KEY=VALUE")
        k, v = item.split("=", 1)
        try:
            opts[k] = int(v)
        except ValueError:
            opts[k] = v
    return opts


class Session:
    def __init__(self, game, out=None, log_path=None):
        self.game = game
        self.out = out
        self.log_path = log_path
        self.written = 0
        self.board = game.board
        if log_path:
            self.flush(truncate=True)

    # -- log
    def flush(self, truncate=False):
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
        raise BoardError(f"{self.board.id}: no country called '{' '.join(words)}'")

    def player(self, text):
        s = self.game.state
        t = text.strip().lower()
        for p in range(s.np):
            if s.names[p].lower() == t or s.colours[p].lower() == t or str(p) == t:
                return p
        raise UsageError(f"no player called {text!r} (players: {', '.join(s.names)})")

    @staticmethod
    def number(text, what="a number"):
        try:
            return int(text)
        except (TypeError, ValueError):
            raise UsageError(f"{what}: expected a whole number, not {text!r}")

    # -- commands
    def act(self, action):
        before = self.game.state.copy()
        ev = self.game.act(action)
        self.flush()
        self.say(engine_text.event_line(before, self.game.state, ev))
        if self.game.state.phase == "over":
            self.say(engine_text.status(self.game.state))
        return ev

    def command(self, line):
        """Run one command line. Returns False to quit."""
        try:
            words = shlex.split(line)
        except ValueError:
            words = line.split()
        if not words:
            return True
        cmd, rest = words[0].lower(), words[1:]
        s = self.game.state
        p = s.cur
        if cmd in ("quit", "exit", "q"):
            return False
        if cmd in ("help", "?"):
            self.say(HELP)
        elif cmd == "status":
            self.say(engine_text.status(s))
        elif cmd == "map":
            self.say(engine_text.countries(s, self.player(" ".join(rest)) if rest else None))
        elif cmd == "cards":
            self.say(engine_text.cards(s, self.player(" ".join(rest)) if rest else p))
        elif cmd == "objective":
            q = self.player(" ".join(rest)) if rest else p
            self.say(f"{engine_text.who(s, q)}: {engine_text.objective(s, q)}")
        elif cmd == "pacts":
            self.say(engine_text.pacts(s))
        elif cmd == "claim":
            self.act({"t": "claim", "p": p, "c": self.countries(rest, 1)[0]})
        elif cmd == "place":
            if not rest:
                raise UsageError("place N COUNTRY")
            if rest[0].isdigit():
                n, where = self.number(rest[0]), rest[1:]
            elif rest[-1].isdigit():
                n, where = self.number(rest[-1]), rest[:-1]
            else:
                n, where = s.to_place(), rest
            self.act({"t": "place", "p": p, "c": self.countries(where, 1)[0], "n": n})
        elif cmd == "trade":
            self.act({"t": "trade", "p": p, "cards": self.countries(rest, 3)})
        elif cmd == "attack":
            f, to = self.countries(rest, 2)
            self.act({"t": "attack", "p": p, "f": f, "to": to})
        elif cmd == "move":
            if len(rest) != 1:
                raise UsageError("move N")
            self.act({"t": "move", "p": p, "n": self.number(rest[0], "move")})
        elif cmd == "regroup":
            if len(rest) < 3:
                raise UsageError("regroup FROM TO N")
            f, to = self.countries(rest[:-1], 2)
            self.act({"t": "regroup", "p": p, "f": f, "to": to, "n": self.number(rest[-1], "regroup")})
        elif cmd == "draw":
            self.act({"t": "draw", "p": p})
        elif cmd == "bonus":
            self.act({"t": "bonus", "p": p, "c": self.countries(rest, 1)[0]})
        elif cmd == "end":
            self.act({"t": "end", "p": p})
        elif cmd == "pact":
            if len(rest) < 2:
                raise UsageError("pact PLAYER world | border MINE THEIRS | zone COUNTRY")
            q = self.player(rest[0])
            kind = rest[1].lower()
            if kind == "world":
                self.act({"t": "pact", "p": p, "q": q, "k": "w"})
            elif kind == "border":
                a, b = self.countries(rest[2:], 2)
                self.act({"t": "pact", "p": p, "q": q, "k": "c", "a": a, "b": b})
            elif kind == "zone":
                self.act({"t": "pact", "p": p, "q": q, "k": "z", "a": self.countries(rest[2:], 1)[0]})
            else:
                raise UsageError(f"pact kind {kind!r}: world, border or zone")
        elif cmd == "unpact":
            if len(rest) != 1:
                raise UsageError("unpact ID (see 'pacts')")
            self.act({"t": "unpact", "p": p, "id": self.number(rest[0].lstrip("#"), "pact id")})
        elif cmd == "undo":
            ev = self.game.undo()
            self.flush()
            self.say(engine_text.event_line(None, self.game.state, ev))
        elif cmd == "bot":
            turns = self.number(rest[0], "bot turns") if rest else 1
            bot = Bot(self.game.rng)
            for _ in range(turns):
                who = self.game.state.cur
                while self.game.state.phase != "over" and self.game.state.cur == who:
                    self.act(bot.action(self.game.state))
        elif cmd == "save":
            if len(rest) != 1:
                raise UsageError("save FILE")
            elog.write_log(rest[0], self.game.log)
            self.say(f"saved {len(self.game.log)} events to {rest[0]}")
        else:
            raise UsageError(f"unknown command {cmd!r} (type help)")
        return True

    def prompt(self):
        s = self.game.state
        if s.phase == "over":
            return "game over> "
        left = f", {s.to_place()} to place" if s.to_place() else ""
        return f"{s.names[s.cur]} ({s.colours[s.cur]}) {s.phase}{left}> "


def completer_for(session):
    import readline

    cmds = ["status", "map", "cards", "objective", "claim", "place", "trade", "attack", "move",
            "regroup", "draw", "bonus", "end", "pact", "unpact", "pacts", "bot", "undo", "save",
            "help", "quit"]
    b = session.board
    ids = [b.cid(i) for i in range(b.n)]

    def complete(text, state):
        line = readline.get_line_buffer()
        first = len(line.split()) <= 1 and not line.endswith(" ")
        pool = cmds if first else ids + list(session.game.state.names) + ["world", "border", "zone"]
        t = text.lower()
        matches = [w for w in pool if w.lower().startswith(t)]
        return matches[state] if state < len(matches) else None

    readline.set_completer_delims(" \t")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def run(args) -> int:
    rules = engine.get_rules(args.ruleset)
    rng = SeededDice(args.seed) if args.seed is not None else system_dice()
    if args.resume:
        try:
            events = [ev for _, ev in elog.read_log(args.resume)]
        except OSError as exc:
            raise UsageError(f"{args.resume}: {exc.strerror}")
        game = engine.Game(None, rng, events=events)
        log_path = args.log or args.resume
    else:
        board = load_board(board_path(args.board or rules.id))
        players = parse_players(args.players, rules)
        game = engine.new_game(board, args.ruleset, players, parse_options(args.option), rng=rng)
        log_path = args.log
    session = Session(game, log_path=log_path)
    if args.resume and log_path == args.resume:
        session.written = len(game.log)
    interactive = sys.stdin.isatty()
    if interactive:
        try:
            completer_for(session)
        except ImportError:
            pass
        print(f"{rules.name} on {game.board.name}. Type help for the commands.")
    print(engine_text.status(game.state))
    while True:
        try:
            line = input(session.prompt()) if interactive else sys.stdin.readline()
        except EOFError:
            print()
            break
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
        except (ComandoError, UsageError) as exc:
            kind = "illegal" if isinstance(exc, IllegalMove) else "error"
            print(f"{kind}: {exc}")
            if args.strict:
                return 2
    if log_path:
        print(f"log: {log_path} ({len(game.log)} events)")
    return 0
