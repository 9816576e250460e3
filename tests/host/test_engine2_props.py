"""Hypothesis: whole WAR and Risk games from the deal to a victory, over seeds, player counts and
options; every step keeps the invariants (tests/core/botplay.py: every country owned by one live
player - or neutral after a Risk walk-out - with at least one army; armies change only by placing
and losses; cards conserved; active player and phase legal) and the log folds back exactly."""

import os
import sys

from hypothesis import given, settings, strategies as st

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "tests", "core"))

import botplay  # noqa: E402
import risk_board  # noqa: E402
import war_board  # noqa: E402
from comando import engine  # noqa: E402
from comando.dice import SeededDice  # noqa: E402
from comando.errors import IllegalMove  # noqa: E402

WAR_COLOURS = ["white", "red", "black", "blue", "yellow", "green"]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 31), n=st.integers(2, 6))
def test_war_games_reach_a_victory(seed, n):
    g = engine.new_game(war_board.board(), "war", [("p%d" % i, WAR_COLOURS[i]) for i in range(n)],
                        rng=SeededDice(seed))
    botplay.play(g, "war", 14, max_events=6000)
    assert g.state.phase == "over"
    assert engine.fold(g.log, g.board).to_dict() == g.state.to_dict()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 31), n=st.integers(2, 5), deploy=st.sampled_from(["auto", "hand"]),
       sets=st.sampled_from(["escalating", "fixed"]), walk=st.integers(-1, 40))
def test_risk_games_reach_the_last_player_standing(seed, n, deploy, sets, walk):
    g = engine.new_game(risk_board.board(), "risk", [("p%d" % i, "c%d" % i) for i in range(n)],
                        {"deploy": deploy, "sets": sets}, rng=SeededDice(seed))
    made = 0
    while g.state.phase != "over" and made < 6000:
        if made == walk and n > 2:
            # a live player walks out (the one picked by the seed may already be eliminated)
            live = [q for q in range(n) if g.state.alive[q]]
            g.act({"t": "walk", "p": live[seed % len(live)]})
        else:
            g.act(botplay.next_action(g.state, g.rng))
        made += 1
        botplay.check_invariants(g.state, "risk", 14)
    s = g.state
    assert s.phase == "over" and sum(s.alive) == 1
    assert engine.fold(g.log, g.board).to_dict() == s.to_dict()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2 ** 31), steps=st.integers(0, 120), t=st.sampled_from(
    ["attack", "move", "regroup", "trade", "place", "draw", "end", "walk", "dip", "bonus"]),
    x=st.integers(-2, 50), y=st.integers(-2, 50), k=st.integers(-1, 60))
def test_illegal_actions_change_nothing(seed, steps, t, x, y, k):
    """Random actions at random moments: whatever check refuses leaves the state as it was."""
    for rs, b, cols in (("war", war_board.board(), WAR_COLOURS), ("risk", risk_board.board(), None)):
        players = [("a", (cols or ["r", "g", "b"])[0]), ("b", (cols or ["r", "g", "b"])[1]),
                   ("c", (cols or ["r", "g", "b"])[2])]
        g = engine.new_game(b, rs, players, rng=SeededDice(seed))
        for _ in range(steps):
            if g.state.phase == "over":
                break
            g.act(botplay.next_action(g.state, g.rng))
        s = g.state
        a = {"t": t, "p": s.cur if k % 2 else k % 4, "f": x, "to": y, "c": x, "n": k, "q": y % 3,
             "cards": [x, y, k], "k": "truce", "ref": k}
        before = s.to_dict()
        try:
            engine.check(s, a)
        except IllegalMove as exc:
            assert str(exc)
        assert s.to_dict() == before
