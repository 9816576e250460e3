"""`comando play`: drive an engine game from the keyboard (or a script on stdin).

    comando play --players Ana:red,Beto:blue,Caro:black,Dani:yellow --seed 7 --log game.jsonl

Type `help` at the prompt. Country names complete with Tab (ids like nueva_york; names and
aliases are accepted too, case and accents ignored). Every event is appended to the log as it
happens, so the file is always a replayable game (`comando replay game.jsonl`).

A game clock (docs/decisions/game-clock.md): `--option clock=limit:30m,end:roll` (a time limit,
then the closing roll after each round; `end:round` finishes the round), `turn:2m` (a countdown
per turn) or `budget:20m` (each player's time), `attime:countries|armies` (the winner at time).
The prompt shows the time left; the wall clock stamps every event.

At a club table: `comando play --club URL --token T` plays the table's tournament round, its
ruleset, players and clock as the club drew and set them (docs/club.md, "Tournaments").
"""

# The package by role: repl.py (KeyboardGame: the commands typed at the prompt, and the loop
# reading them), vocabulary.py (the help, the command words, country names near a typo),
# completion.py (Tab), gamesetup.py (players, options, the board a new game opens on),
# logfiles.py (--resume: a log file, its torn last line, a stored game). This module is the
# command: its arguments and run().

from __future__ import annotations

import sys
import time   # the game clock's wall clock: run() hands it to the game (tests step it)

from comando import engine
from comando.board import default_board_id
from comando.dice import SeededDice, system_dice
from comando.errors import ComandoError
from comando.registry import MAPS
from comando_host.cli import UsageError
from comando_host.commands.play.completion import completer_for
from comando_host.commands.play.gamesetup import (find_board, new_game_id, parse_options,
                                                  parse_players, risk_table_board)
from comando_host.commands.play.logfiles import resume_events, resume_torn
from comando_host.commands.play.repl import KeyboardGame, loop
from comando_host.text import engine_text, lang
from comando_host.text.lang import N_, _

# What other modules and tests reach through `comando_host.commands.play` (its old names too).
__all__ = ("KeyboardGame", "completer_for", "register", "run")
_resume_torn = resume_torn


# `comando play --help`'s description (the module's docstring, said in the table's language)
DESCRIPTION = N_(
    "Drive an engine game from the keyboard (or a script on stdin), e.g. comando play --players "
    "Ana:red,Beto:blue,Caro:black,Dani:yellow --seed 7 --log game.jsonl. Type `help` at the "
    "prompt. Country names complete with Tab (ids like nueva_york; names and aliases are "
    "accepted too, case and accents ignored). Every event is appended to the log as it happens, "
    "so the file is always a replayable game (`comando replay game.jsonl`). A game clock: "
    "`--option clock=limit:30m,end:roll` (a time limit, then the closing roll after each round; "
    "`end:round` finishes the round), `turn:2m` (a countdown per turn) or `budget:20m` (each "
    "player's time), `attime:countries|armies` (the winner at time); the prompt shows the time "
    "left. At a club table: `comando play --club URL --token T` plays the table's tournament "
    "round, its ruleset, players and clock as the club drew and set them.")


def register(subparsers):
    p = subparsers.add_parser("play", help=_("play a game at the keyboard (REPL; scriptable from stdin)"),
                              description=_(DESCRIPTION))
    p.add_argument("--ruleset", default=None,
                   help=_("ruleset id: {rulesets} (default teg)").format(rulesets=", ".join(engine.RULESETS)))
    p.add_argument("--board", default=None,
                   help=_("board id (see `comando boards list`) or a board file "
                          "(default: the ruleset's own board)"))
    p.add_argument("--players", default=None,
                   help=_("NAME:COLOUR,... in seat order, clockwise (default: 4 players)"))
    p.add_argument("--seed", type=int, default=None, help=_("seeded dice: a reproducible game"))
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",  # english: the option's syntax
                   help=_("ruleset option, e.g. deftrade=1 (defensive trade-in), pacts=0; "
                          "the game clock: clock=limit:30m,end:roll,turn:2m"))
    p.add_argument("--log", default=None, help=_("also write the game log (JSONL) here as it is "
                   "played (the game is recorded in the store either way: comando games)"))
    p.add_argument("--resume", default=None, help=_("continue the game of this log (appends to it)"))
    p.add_argument("--drop-torn", action="store_true", help=_("with --resume: a torn last line "
                   "(the write cut short) is set aside as LOG.torn and the game goes on from "
                   "the valid lines before it (asked at a terminal)"))
    p.add_argument("--db", metavar="PATH", help=_("the game database the game is recorded in "
                   "(default: $COMANDO_DB, else the per-user data directory)"))
    p.add_argument("--strict", action="store_true", help=_("stop with exit 2 at the first illegal command"))
    p.add_argument("--club", metavar="URL", help=_("play this table's round of the club's "
                   "tournament: its ruleset, players and clock, as drawn (with --token)"))
    p.add_argument("--token", default=None, help=_("with --club: this table's token "
                   "(default $COMANDO_CLUB_TOKEN)"))
    p.set_defaults(func=run)


def run(args) -> int:
    from comando_host.store.db import Store, StoreError
    club = None
    if getattr(args, "club", None) and not args.resume:
        import os
        from comando_host.commands.play import clubround
        club = clubround.club_round(args.club, args.token or os.environ.get("COMANDO_CLUB_TOKEN", ""))
        ruleset, club_players, club_options = clubround.apply(args, club, parse_options(args.option))
        args.ruleset = ruleset
    rules = engine.get_rules(args.ruleset or "teg")
    rng = SeededDice(args.seed) if args.seed is not None else system_dice()
    interactive = sys.stdin.isatty()
    gid = None
    if args.resume:
        events, gid, log_path = resume_events(args, interactive)
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
            raise UsageError(_("board {board} is made for {rulesets}, not {game} (--ruleset {ids}, or "
                               "--board {own})").format(
                board=board.id, rulesets=", ".join(board.rulesets) or _("no ruleset"), game=rules.name,
                ids=" / ".join(board.rulesets) or "?", own=default_board_id(rules.id)))
        players = club_players if club else parse_players(args.players, rules, board)
        seat = getattr(rules, "seat_players", None)
        if seat is not None:  # T.E.G. II: 2 names seat the 2-player game's four powers
            players = seat(players)
        if rules.id in MAPS:  # the table opens on a map that seats it (Risk's twelve)
            board = risk_table_board(board, len(players))
        game = engine.new_game(board, rules.id, players,
                               club_options if club else parse_options(args.option), rng=rng)
        log_path = args.log
    lang.use_table(rules.id)   # the table's language: its game's own unless --lang or $COMANDO_LANG
    store = Store(args.db)      # the game is recorded as it is played (comando games lists it)
    if args.resume and gid is None:
        gid = store.find_log(game.log)
    if gid is None:
        gid = new_game_id()
        store.ensure_game(gid, board=game.board.id, ruleset=rules.id, origin="play")
        if not args.resume:   # its summary row read from the game itself (not folded again)
            from comando_host.text.view import PlayedGameView
            store.follow(gid, PlayedGameView(game))
    try:
        session = KeyboardGame(game, log_path=log_path, store=store, game_id=gid,
                               now=time.monotonic)
    except StoreError as exc:
        raise StoreError(_("{error}; the game was not started").format(error=exc)) from None
    if args.resume and log_path == args.resume:
        session.written = len(game.log)
    if interactive:
        try:
            completer_for(session)
        except ImportError:
            pass
        print(_("{ruleset} on the board {board} ({id}). Type help for the commands.").format(
            ruleset=rules.name, board=game.board.name, id=game.board.id))
    if club:
        from comando_host.club.seating import words
        print(_("the club's {round}").format(round=words(club)))
    print(engine_text.status(game.state))
    try:
        rc = loop(session, args, interactive)
        session.record()
    except KeyboardInterrupt:
        print()
        rc = 130
        session.record()
    except StoreError as exc:   # the disk full, the store made read-only: stop, say how far
        store.close()
        raise StoreError(_("{error}: game {id} is stored up to event {n} (comando play --resume {id} "
                           "goes on from there)").format(error=exc, id=gid, n=session.stored)) from None
    events = engine_text.events_word(len(game.log))
    print(_("game {id}: {events} recorded (comando show {id}; comando play --resume {id} goes on "
            "with it)").format(id=gid, events=events)
          if not log_path else _("game {id} recorded; log: {log} ({events})").format(
              id=gid, log=log_path, events=events))
    store.close()
    return rc
