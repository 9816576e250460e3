"""Properties of a tournament round's draw (club/draw.py, issue 25), by hypothesis: every player
seated exactly once, the table sizes within the ruleset's limits and as equal as possible, the
same draw for the same seed, and, on inputs small enough to try every seating (brute force), no
repeat opponents whenever a seating without one exists. Pure: no database."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from comando_host.club import draw

# the rulesets' own limits (comando.engine.get_rules(...).min_players/max_players) narrowed to
# the club's 3-6 seats: teg 2-6, war 3-6, risk 2-6 ... every (lo, hi) the club can meet
LIMITS = [(3, 6), (3, 5), (4, 6), (3, 4), (4, 4), (5, 6)]


def names(n):
    return ["p%02d" % i for i in range(n)]


@st.composite
def rounds(draw_, max_players=24):
    lo, hi = draw_(st.sampled_from(LIMITS))
    n = draw_(st.integers(lo, max_players))
    players = names(n)
    rating = {p: draw_(st.floats(-20, 60, allow_nan=False)) for p in players}
    pairs = [(a, b) for i, a in enumerate(players) for b in players[i + 1:]]
    met = draw_(st.lists(st.sampled_from(pairs), max_size=len(pairs) // 2)) if pairs else []
    seed = draw_(st.integers(0, 2 ** 40))
    return players, rating, met, seed, lo, hi


def seatable(n, lo, hi):
    try:
        draw.table_sizes(n, lo, hi)
        return True
    except draw.DrawError:
        return False


@settings(max_examples=150, deadline=None)
@given(rounds())
def test_every_player_once_at_tables_within_limits_as_equal_as_possible(case):
    players, rating, met, seed, lo, hi = case
    if not seatable(len(players), lo, hi):
        return
    tables = draw.draw(players, rating, met, seed, lo, hi)
    seated = [p for t in tables for p in t]
    assert sorted(seated) == sorted(players)                      # each exactly once
    sizes = [len(t) for t in tables]
    assert all(lo <= s <= hi for s in sizes)
    assert max(sizes) - min(sizes) <= 1                            # as equal as possible
    assert sorted(sizes, reverse=True) == draw.table_sizes(len(players), lo, hi)


@settings(max_examples=80, deadline=None)
@given(rounds())
def test_the_same_seed_draws_the_same_tables(case):
    players, rating, met, seed, lo, hi = case
    if not seatable(len(players), lo, hi):
        return
    first = draw.draw(players, rating, met, seed, lo, hi)
    # the same inputs in another order, the met pairs reversed: the same draw
    again = draw.draw(list(reversed(players)), dict(rating), [(b, a) for a, b in met], seed,
                      lo, hi)
    assert first == again


def seatings(players, sizes):
    """Every way to seat ``players`` at tables of ``sizes``, in the tables' order (a seating of
    two tables of one size comes twice: the minimum is what counts)."""
    if not sizes:
        yield []
        return
    for table in itertools.combinations(players, sizes[0]):
        left = [p for p in players if p not in table]
        for tail in seatings(left, sizes[1:]):
            yield [table] + tail


@settings(max_examples=200, deadline=None)
@given(st.integers(3, 10), st.data())
def test_no_repeat_opponents_when_brute_force_finds_a_seating_without(n, data):
    lo, hi = data.draw(st.sampled_from(LIMITS))
    if not seatable(n, lo, hi):
        return
    players = names(n)
    pairs = [(a, b) for i, a in enumerate(players) for b in players[i + 1:]]
    met = set(data.draw(st.lists(st.sampled_from(pairs), max_size=len(pairs))))
    rating = {p: data.draw(st.integers(0, 30)) for p in players}
    seed = data.draw(st.integers(0, 2 ** 31))
    sizes = draw.table_sizes(n, lo, hi)
    best = min(draw.repeats(s, {draw.pair(a, b) for a, b in met})
               for s in seatings(players, sizes))
    tables = draw.draw(players, rating, met, seed, lo, hi)
    assert draw.repeats(tables, {draw.pair(a, b) for a, b in met}) == best


def test_brute_force_counts_every_seating():
    # 6 players at two tables of 3: C(6, 3) = 20 (each seating twice), 7 at 4 + 3: C(7, 4)
    assert len(list(seatings(names(6), [3, 3]))) == 20
    assert len(list(seatings(names(7), [4, 3]))) == 35
