"""Seeded engine games played by the bot, for the page's screenshots, tests and benches:
``bot_events("teg", 4, seed)`` is the whole log of one game (``comando.engine.bot.Bot``), and
``store_game(store, gid, events)`` files it as a stored game the page can show."""

from __future__ import annotations

from comando import engine
from comando.board import load_board
from comando.dice import SeededDice
from comando.engine.bot import Bot
from comando_host import games

def bot_game(ruleset: str, players: int, seed: int, board: str | None = None,
             limit: int = 20000, stop=None):
    """The Game after the bot played it to its end, ``limit`` events, or ``stop(game)``."""
    cols = games.get(ruleset).demo_colours
    g = engine.new_game(load_board(board or ruleset), ruleset,
                        [("P%d" % (i + 1), cols[i]) for i in range(players)], rng=SeededDice(seed))
    bot = Bot(SeededDice(seed + 1000))
    while g.state.phase != "over" and len(g.log) < limit and not (stop and stop(g)):
        g.act(bot.action(g.state))
    return g


def bot_events(ruleset: str, players: int, seed: int, **kw) -> list:
    return list(bot_game(ruleset, players, seed, **kw).log)


def store_game(store, gid: str, events, origin: str = "play") -> None:
    new = events[0]
    store.ensure_game(gid, board=new.get("board", ""), ruleset=new.get("rs", ""), origin=origin)
    store.add_events(gid, events)
