"""Hypothesis: the built-in bot (comando.engine.bot.Bot) is a legal-move player that finishes
games. Over seeds, rulesets (teg, war, risk on their shipped boards), player counts and table
options, every action it proposes passes `check` (Game.act would raise IllegalMove otherwise),
every event keeps the invariants (tests/core/gamecheck.py) and the game reaches a victory."""

from hypothesis import example, given, settings, strategies as st

from comando import engine
from comando.board import board_path, load_board
from comando.dice import SeededDice
from comando.engine.bot import Bot
from gamecheck import play_checked, replays

COLOURS = {"teg": ("blue", "red", "black", "yellow", "green", "magenta"),
           "war": ("white", "red", "black", "blue", "yellow", "green"),
           "risk": ("red", "blue", "green", "yellow", "black", "grey")}
BOARDS = {}


def board(rs):
    if rs not in BOARDS:
        BOARDS[rs] = load_board(board_path(rs))
    return BOARDS[rs]


OPTIONS = {
    "teg": st.sampled_from([None, {"deftrade": 1}, {"pacts": 0}]),
    "war": st.just(None),
    "risk": st.fixed_dictionaries({"deploy": st.sampled_from(["auto", "hand"]),
                                   "sets": st.sampled_from(["escalating", "fixed"]),
                                   "defdice": st.sampled_from(["auto", "choose"])}),
}


@st.composite
def tables(draw):
    rs = draw(st.sampled_from(["teg", "war", "risk"]))
    return rs, draw(st.integers(2, 6)), draw(OPTIONS[rs]), draw(st.integers(0, 10 ** 6))


@settings(max_examples=30, deadline=None)
@given(tables())
@example(("war", 6, None, 370))  # a long stalemate-then-win game: 8,122 events
def test_bot_games_are_legal_and_reach_a_victory(table):
    rs, np_, opts, seed = table
    g = engine.new_game(board(rs), rs, [("P%d" % i, COLOURS[rs][i]) for i in range(np_)],
                        options=opts, rng=SeededDice(seed))
    s, lines = play_checked(g, Bot(SeededDice(seed + 1)), limit=20000)  # a 6-player WAR game (seed 370) took 8,122
    assert s.phase == "over" and s.rules.victory(s, s.winner)
    assert replays(s, lines, board(rs))
