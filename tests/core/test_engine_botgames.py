"""Seeded games played by the built-in bot (comando.engine.bot.Bot) from the deal to a victory, for
every ruleset on its shipped board, checked at every event against the invariants
(tests/core/gamecheck.py) and replayed twice to the same state.

- T.E.G. classic, teg-classic.txt "8. ... Games of 2 or 3 Players": claims one army at a time,
  then 12 (two players) or 8 (three players) armies; the sole and common objective is all 50
  countries. Also 4-6 players, won by a secret objective or the common objective (30 countries).
- WAR (war.txt "End of the Game"): the first to meet its objective card wins.
- Risk online (risk-online-12-maps.txt): the last player holding territory wins.
"""

from comando import engine
from comando.board import load_board, board_path
from comando.dice import SeededDice
from comando.engine.bot import Bot, p_conquer
from gamecheck import play_checked, replays
from mpytest import cpython_only

MPY_HEAP = "3m"  # the log is kept as JSONL lines in RAM (the device keeps it on flash); ~1.8m needed, so a margin against fragmentation

TEG = ("blue", "red", "black", "yellow", "green", "magenta")
WAR = ("white", "red", "black", "blue", "yellow", "green")
RISK = ("red", "blue", "green", "yellow", "black", "grey")
_BOARDS = {}


def board(rs):
    if rs not in _BOARDS:
        _BOARDS.clear()  # one board at a time (the MicroPython heap)
        _BOARDS[rs] = load_board(board_path(rs))
    return _BOARDS[rs]


def new(rs, np_, seed, options=None):
    cols = {"teg": TEG, "war": WAR, "risk": RISK}[rs]
    return engine.new_game(board(rs), rs, [("P%d" % i, cols[i]) for i in range(np_)],
                           options=options, rng=SeededDice(seed))


def finish(rs, np_, seed, options=None, limit=6000):
    g = new(rs, np_, seed, options)
    s, lines = play_checked(g, Bot(SeededDice(seed + 1000)), limit)
    assert s.phase == "over" and s.winner >= 0 and s.rules.victory(s, s.winner)
    assert replays(s, lines, board(rs))
    return s, lines


def test_odds_cache_gives_percentages():
    """The bot's P(conquest) (comando.odds), in percent: more attackers, better odds."""
    assert p_conquer("teg", 1, 1) == 0
    assert p_conquer("teg", 10, 1) >= 99
    assert p_conquer("teg", 4, 4) < p_conquer("teg", 8, 4) < p_conquer("teg", 12, 4)
    assert p_conquer("risk", 200, 100) == p_conquer("risk", 40, 20)  # scaled down to the cap


def test_teg_two_players_to_victory():
    """2 players: claims, 12 armies each, then all 50 countries to one colour."""
    s, lines = finish("teg", 2, 3)
    assert s.count(s.winner) == 50 and s.obj == [0, 0]
    assert sum(1 for e in lines if '"t":"claim"' in e) == 50


def test_teg_three_players_to_victory():
    """3 players: claims, 8 armies each; the winner holds the whole map, both others were
    eliminated (each by a live colour at the time) and hold no cards."""
    s, _ = finish("teg", 3, 5)
    assert s.count(s.winner) == 50 and sum(s.alive) == 1
    for p in range(3):
        if p != s.winner:
            assert 0 <= s.killer[p] < 3 and s.killer[p] != p and not s.hands[p]


@cpython_only  # logs of a few thousand JSONL lines outgrow the 2 MB MicroPython heap
def test_teg_three_players_more_seeds():
    for seed in (0, 1, 4):
        s = finish("teg", 3, seed)[0]
        assert s.count(s.winner) == 50


@cpython_only  # logs of a few thousand JSONL lines outgrow the 2 MB MicroPython heap
def test_teg_two_players_more_seeds():
    for seed in (0, 1, 2):
        s = finish("teg", 2, seed)[0]
        assert s.count(s.winner) == 50


def test_teg_four_players_objective_or_common():
    """4 players: a secret objective or the common objective (30 countries) wins."""
    s = finish("teg", 4, 7)[0]
    assert s.rules.victory(s, s.winner)


@cpython_only  # logs of a few thousand JSONL lines outgrow the 2 MB MicroPython heap
def test_teg_more_tables_and_the_defensive_trade_in():
    for np_, seed, opts in ((5, 2, None), (6, 3, None), (4, 9, {"deftrade": 1}), (3, 9, {"deftrade": 1})):
        finish("teg", np_, seed, opts)


def test_war_to_victory_by_objective():
    """WAR on boards/war.json: first round places only, trades over the table, a victory."""
    s, lines = finish("war", 3, 2)
    assert s.rules.objective_met(s, s.winner) or sum(s.alive) == 1
    assert s.ttrades >= 1 and any('"t":"trade"' in e for e in lines)


@cpython_only  # logs of a few thousand JSONL lines outgrow the 2 MB MicroPython heap
def test_war_more_tables():
    for np_, seed in ((2, 1), (4, 3), (5, 4), (6, 6)):
        finish("war", np_, seed)


def test_risk_to_the_last_player_standing():
    """Risk on boards/risk.json, automatic deployment, escalating sets."""
    s, _ = finish("risk", 3, 1)
    assert sum(s.alive) == 1 and s.count(s.winner) == s.n


@cpython_only  # logs of a few thousand JSONL lines outgrow the 2 MB MicroPython heap
def test_risk_more_tables_and_options():
    for np_, seed, opts in ((2, 2, {"deploy": "hand"}), (4, 3, {"sets": "fixed"}),
                            (6, 4, {"deploy": "hand", "sets": "fixed"}), (5, 5, {"defdice": "choose"})):
        s = finish("risk", np_, seed, opts)[0]
        assert sum(s.alive) == 1
