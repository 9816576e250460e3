"""Dice sources (comando.dice): run under CPython and MicroPython.

The pinned SeededDice sequences below are the cross-runtime contract: the same seed must give the
same dice on both runtimes (this module runs under both), so a seeded demo or test replays anywhere.
"""

from mpytest import raises

from comando.dice import (FixedDice, RandomDice, SeededDice, UrandomDice, default_dice,
                          system_dice)
from comando.errors import RulesError


def test_seeded_dice_pinned_sequences():
    assert SeededDice(0).roll(12) == [5, 2, 6, 6, 1, 6, 5, 1, 4, 2, 6, 1]
    assert SeededDice(42).roll(12) == [4, 2, 1, 3, 2, 1, 5, 1, 4, 3, 2, 5]
    assert SeededDice(-5).roll(6) == [3, 1, 3, 5, 6, 6]
    # big ints fold the same way on both runtimes
    assert SeededDice(2 ** 70 + 3).roll(6) == [2, 2, 3, 5, 5, 5]


def test_seeded_dice_raw_words_pinned():
    d = SeededDice(42)
    for _ in range(3):
        d.next32()
    assert d.next32() == 2353768760


def test_seeded_dice_state_resumes_the_sequence():
    a = SeededDice(9)
    a.roll(5)
    b = SeededDice(state=a.state)
    assert a.roll(20) == b.roll(20)


def test_seeded_dice_rejects_non_int_seed():
    with raises(RulesError, "integer"):
        SeededDice("7")
    with raises(RulesError, "integer"):
        SeededDice(True)


def test_seeded_dice_is_roughly_uniform():
    d = SeededDice(1)
    counts = [0] * 7
    for v in d.roll(3000):
        counts[v] += 1
    assert counts[0] == 0
    for face in range(1, 7):
        assert 400 < counts[face] < 600, counts


def test_urandom_dice_rejects_biased_bytes():
    # bytes 252..255 would favour faces 1..4 under a plain modulo: they must be skipped
    data = [bytes([255, 252, 0, 5, 251, 253, 6])]
    d = UrandomDice(urandom=lambda n: data.pop() if data else bytes([1]) * n, chunk=7)
    assert d.roll(4) == [1, 6, 6, 1]  # 0 -> 1, 5 -> 6, 251 -> 251 % 6 + 1 == 6, 6 -> 1
    assert d.d6() == 2  # fresh chunk of byte 1


def test_urandom_dice_real_source_in_range():
    vals = UrandomDice().roll(200)
    assert len(vals) == 200
    for v in vals:
        assert 1 <= v <= 6
    assert 1 <= default_dice().d6() <= 6


class _FakeRandom:
    def __init__(self):
        self.calls = []

    def randint(self, a, b):
        self.calls.append((a, b))
        return 4


def test_random_dice_wraps_randint():
    rng = _FakeRandom()
    assert RandomDice(rng).roll(3) == [4, 4, 4]
    assert rng.calls == [(1, 6)] * 3


def test_system_dice_in_range():
    for v in system_dice().roll(50):
        assert 1 <= v <= 6


def test_fixed_dice_in_order_and_exhaustion():
    d = FixedDice([6, 1, 3])
    assert d.roll(2) == [6, 1]
    assert d.d6() == 3
    with raises(RulesError, "ran out of dice"):
        d.d6()
    with raises(RulesError, "1 to 6"):
        FixedDice([7])
