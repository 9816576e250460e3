"""Helpers the `comando play` tests share: a scripted REPL run, a seeded bot game stopped where a
test needs it, and game logs on disk."""

import io
import sys

from comando import engine
from comando.board import board_path, load_board
from comando.dice import SeededDice
from comando.engine import log as elog
from comando.engine.bot import Bot
from comando_host.cli import main


def repl(monkeypatch, capsys, script, *args):
    """`comando play ARGS` with the lines of ``script`` on stdin; its stdout (exit 0 asserted)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(script) + "\n"))
    rc = main(["play", *args])
    out = capsys.readouterr()
    assert rc == 0, out.err
    return out.out


def run_cli(capsys, argv, stdin=""):
    """`comando ARGV` with ``stdin`` as its standard input: (exit code, stdout, stderr)."""
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        rc = main(argv)
    finally:
        sys.stdin = old
    out = capsys.readouterr()
    return rc, out.out, out.err


def advance(pred, rs, players, opts=None, seeds=range(1, 12), limit=3000):
    """A seeded bot game of ruleset ``rs`` stopped at the first state where ``pred(state)``."""
    b = load_board(board_path(rs))
    for seed in seeds:
        g = engine.new_game(b, rs, players, opts, rng=SeededDice(seed))
        bot = Bot(SeededDice(seed + 100))
        for _ in range(limit):
            s = g.state
            if s.phase == "over":
                break
            if pred(s):
                return g
            g.act(bot.action(s))
    raise AssertionError("no seeded game reached the wanted state")


def save_log(g, tmp_path, name="g.jsonl"):
    """The game's log written to ``tmp_path/name``; its path as a string."""
    path = tmp_path / name
    elog.write_log(str(path), g.log)
    return str(path)


def events(path):
    return [e for _, e in elog.read_log(path)]
