"""Full seeded T.E.G. classic games (rules/teg-classic.txt) from the deal to a victory, checked at
every event against the invariants of the issue, and replayed twice."""

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

from comando import engine
from comando.dice import SeededDice
from comando.engine.bot import Bot
from comando.engine.state import PHASES
from engine_fixtures import board, game
from gamecheck import army_delta
import book  # the rulebook's values, not the engine's (tests/core/book.py)

# Seeded bot games to a victory (2-6 players; with 2-3 players the whole map is needed: the bot
# plays to win, see comando.engine.bot.Bot and tests/core/test_engine_botgames.py).
FINISHING = [(2, 1), (2, 12), (2, 39), (3, 1), (3, 4), (3, 8), (4, 15), (4, 31), (4, 12), (4, 3),
             (5, 18), (5, 3), (5, 11), (6, 6), (6, 27), (6, 11)]


def expected_delta(prev, ev):
    """Armies the event puts on (placement, +2 card bonuses, defensive trade) minus losses."""
    if ev["t"] == "deal":  # 4-6 players: one army on every dealt country
        return 0 if prev.np <= 3 else prev.n
    return army_delta(prev, ev)


def check_invariants(prev, state, ev):
    n = state.n
    # army totals change only by placement and losses
    assert sum(state.armies) - sum(prev.armies) == expected_delta(prev, ev), ev
    if ev["t"] == "place":
        assert prev.to_place() - state.to_place() == ev["n"] or prev.phase == "place"
    if ev["t"] == "trade" and prev.phase == "add":
        # a trade while adding: the book's value goes to the armies still to place
        assert state.to_place() - prev.to_place() == book.teg_trade(prev.trades[ev["p"]]), ev
    # every country owned by exactly one live player with at least one army (once all are occupied)
    if state.phase != "claim" and ev["t"] != "new":
        for c in range(n):
            o = state.owner[c]
            assert 0 <= o < state.np and state.alive[o], (c, o)
            assert state.armies[c] >= 1, (c, state.armies[c])
    for p in range(state.np):
        if state.phase != "claim":
            assert bool(state.alive[p]) == (state.count(p) > 0)
    # cards conserved between deck, hands and discard
    if state.deck or state.discard or any(state.hands):
        cards = list(state.deck) + list(state.discard)
        for h in state.hands:
            cards.extend(h)
        assert sorted(cards) == list(range(n))
    # the active player and the phase are always legal
    assert state.phase in PHASES
    assert 0 <= state.cur < state.np
    if state.phase == "over":
        assert state.winner >= 0 and state.rules.victory(state, state.winner)
    else:
        assert state.alive[state.cur] and state.winner == -1
    if state.pending is not None:
        assert state.phase == "attack"
    assert state.reserve >= 0 and min(state.cres) >= 0
    if state.phase not in ("place", "add"):
        assert state.to_place() == 0


def run(np_, seed, limit, options=None):
    g = game(np_, seed, options)
    bot = Bot(SeededDice(seed + 1000))
    # check the setup events too
    st_ = engine.fold(g.log[:1], board())
    for ev in g.log[1:]:
        prev = st_.copy()
        engine.check(st_, ev)
        engine.apply(st_, ev)
        check_invariants(prev, st_, ev)
    k = 0
    while g.state.phase != "over" and k < limit:
        prev = g.state.copy()
        ev = g.act(bot.action(g.state))
        check_invariants(prev, g.state, ev)
        k += 1
    return g


@pytest.mark.parametrize("np_,seed", FINISHING)
def test_full_games_to_victory(np_, seed):
    g = run(np_, seed, 6000)
    s = g.state
    assert s.phase == "over" and s.winner >= 0
    # replaying the log twice gives equal states, equal to the live one
    a = engine.fold(g.log, board())
    b = engine.fold(g.log, board())
    assert a.to_dict() == b.to_dict() == s.to_dict()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(np_=st.integers(2, 6), seed=st.integers(0, 10 ** 6), deftrade=st.booleans())
def test_random_games_keep_invariants(np_, seed, deftrade):
    g = run(np_, seed, 400, {"deftrade": 1} if deftrade else None)
    assert engine.fold(g.log, board()).to_dict() == g.state.to_dict()


def test_three_players_long_game_keeps_invariants():
    """2-3 player variant (8. Games of 2 or 3 Players): claims, 8 armies, many rounds."""
    g = run(3, 4, 1500)
    s = g.state
    assert s.obj == [0, 0, 0] and s.round > 10
    assert engine.fold(g.log, board()).to_dict() == s.to_dict()


def test_undo_everywhere_in_a_game():
    """Undo after any event gives the state before it (fold of the log minus its tail)."""
    g = run(4, 15, 120)
    states = []
    f = engine.Folder(board())
    for ev in g.log:
        f.feed(ev)
        states.append(f.state.copy().to_dict())
    live = engine.Game(board(), SeededDice(0), events=g.log)
    for i in range(len(g.log) - 1, len(g.log) - 40, -1):
        live.undo()
        want = dict(states[i - 1])
        got = live.state.to_dict()
        want["seq"] = got["seq"] = 0
        assert got == want
    assert engine.fold(live.log, board()).to_dict() == live.state.to_dict()


def test_three_player_game_to_victory_with_dice_rolled_by_hand():
    """8. Games of 2 or 3 Players, to the end: seat A enters hand-rolled dice (its sixes against
    ones, legal dice the table could roll) and must conquer all 50 countries; the others place
    and pass. Checked at every event; the log replays to the same state twice."""
    g = game(3, seed=8)
    bot = Bot(SeededDice(8))
    hero = g.state.first
    k = 0
    while g.state.phase != "over" and k < 5000:
        s = g.state
        k += 1
        prev = s.copy()
        a = None
        if s.cur == hero and s.phase in ("add", "attack") and not s.to_place() and \
                not s.rules.must_trade(s, hero):
            if s.pending is not None:
                a = {"t": "move", "p": hero, "n": s.pending[3]}
            else:
                for f in s.countries_of(hero):
                    if s.armies[f] < 2:
                        continue
                    for to in board().neighbours(f):
                        if s.owner[to] != hero:
                            na, nd = s.rules.attack_dice(s, f, to, {})
                            a = {"t": "attack", "p": hero, "f": f, "to": to, "ad": [6] * na, "dd": [1] * nd}
                            break
                    if a:
                        break
        elif s.cur != hero and s.phase == "attack":
            a = {"t": "end", "p": s.cur}
        if a is None:
            a = bot.action(s)
            if a["t"] == "attack":
                a = {"t": "end", "p": s.cur}
        ev = g.act(a)
        check_invariants(prev, g.state, ev)
    s = g.state
    assert s.phase == "over" and s.winner == hero and s.count(hero) == 50
    assert sum(s.alive) == 1 and all(s.killer[p] == hero for p in range(3) if p != hero)
    a = engine.fold(g.log, board())
    b = engine.fold(g.log, board())
    assert a.to_dict() == b.to_dict() == s.to_dict()
