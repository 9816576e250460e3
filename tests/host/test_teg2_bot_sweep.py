"""The T.E.G. II bot plays every table size, level and map of the engine to the final count, and
every event it makes is legal (the log folds again with every event checked): 3-6 players on one
board, the whole world map, the 2-player game and 8/10/12 players on both boards."""

import pytest

from comando import engine
from comando.board import load_board
from comando.dice import SeededDice
from comando.engine.bot import Bot, play

P = ["usa", "ussr", "china", "japan", "weurope", "eeurope"]
CONFIGS = [([(p.upper(), p) for p in P[:k]], o) for k in (3, 4, 5, 6)
           for o in ({}, {"level": "medium"}, {"level": "advanced", "map": "old_world"},
                     {"map": "world", "rounds": 8} if k == 4 else {"map": "world"})]
CONFIGS += [([("A", "usa"), ("B", "ussr"), ("A", "china"), ("B", "japan")], {"level": "advanced"})]
CONFIGS += [([("A%d" % i, p) for i, p in enumerate(P[:k])] + [("B%d" % i, p) for i, p in enumerate(P[:k])],
             {"level": "advanced"}) for k in (4, 5, 6)]


@pytest.mark.parametrize("players,options", CONFIGS,
                         ids=lambda v: str(len(v)) if isinstance(v, list) else ",".join(
                             "%s=%s" % kv for kv in sorted(v.items())) or "basic")
@pytest.mark.parametrize("seed", (2, 7))
def test_bot_game_to_the_final_count(players, options, seed):
    b = load_board("teg2_house")
    g = engine.new_game(b, "teg2", players, options, rng=SeededDice(seed))
    play(g, Bot(g.rng), limit=20000)
    s = g.state
    assert s.phase == "over" and s.x["win"]
    assert s.round == s.x["R"]
    f = engine.fold(g.log, b)
    assert f.x["tot"] == s.x["tot"]
