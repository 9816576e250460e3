"""Seeded La Revancha bot games over many seeds, table sizes and table options (hypothesis):
every event keeps the rulebook's invariants (tests/core/revcheck.py, written from
rules/teg-la-revancha.txt), every game reaches a victory, and the log replays to the same state."""

from hypothesis import HealthCheck, example, given, settings, strategies as st

from comando import engine
from comando.dice import SeededDice
from comando.rulesets.revancha.bot import RevanchaBot
from gamecheck import replays
from revcheck import play_checked
from revfix import COLOURS, board


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(np_=st.integers(2, 6), seed=st.integers(0, 10_000), right=st.sampled_from([-1, 1]),
       situations=st.sampled_from([0, 1]), missile_every=st.sampled_from([0, 8, 14]))
# found by hypothesis: a hand of six after this round's exchange (an eliminated player's cards)
# must wait for the next round ("No player may make more than one exchange per round")
@example(np_=5, seed=5032, right=1, situations=1, missile_every=14)
# found by hypothesis: every front a broken-pact condominium, won only from inside by its holders
# ("Aggression Pacts and Condominiums"); the bots placed elsewhere and ended for 20,000 events
@example(np_=4, seed=448, right=1, situations=0, missile_every=8)
def test_random_tables_reach_a_victory_within_the_rules(np_, seed, right, situations, missile_every):
    g = engine.new_game(board(), "revancha", [("P%d" % i, COLOURS[i]) for i in range(np_)],
                        options={"right": right, "situations": situations}, rng=SeededDice(seed))
    s, lines = play_checked(g, RevanchaBot(SeededDice(seed + 7), missile_every=missile_every))
    assert s.phase == "over" and s.winner >= 0
    assert replays(s, lines, board())
