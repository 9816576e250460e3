"""Dice sources: where the randomness of a roll comes from.

Every source has ``d6()`` -> an int 1..6 and ``roll(n)`` -> a list of n such ints. Combat code takes
a source as an argument, so the device, the host and the tests each inject their own:

- ``UrandomDice()``: ``os.urandom`` (the RP2040 ring oscillator on the Pico), unbiased by rejection.
- ``SeededDice(seed)``: a small PRNG written here (mulberry32 on plain ints), so one seed gives the
  very same dice on CPython and on MicroPython: for tests, demos and reproducible replays.
- ``RandomDice(rng)``: any ``random.Random``-like object (``random.SystemRandom()``, a seeded
  ``random.Random``) on the host; ``system_dice()`` builds the SystemRandom one.
- ``FixedDice(values)``: hands out the given values in order (tests, re-entering a physical roll).

Rolled dice are stored in the event that records them, so a replay never draws again.
"""

import os

from comando.errors import RulesError
from comando.seeded_dice import SeededDice  # noqa: F401  (its own module: the simulated device loads only it)

# 256 - 256 % 6: bytes at or above it are rejected so every face is exactly equally likely.
_BYTE_LIMIT = 252


class Dice:
    """Base of the dice sources: subclasses implement ``d6()``."""

    def d6(self):
        raise NotImplementedError

    def roll(self, n):
        """``n`` six-sided dice, in the order they were drawn."""
        out = []
        for _ in range(n):
            out.append(self.d6())
        return out


class UrandomDice(Dice):
    """Hardware randomness from ``os.urandom``; a byte >= 252 is thrown away (no modulo bias)."""

    def __init__(self, urandom=None, chunk=16):
        self._urandom = urandom or os.urandom
        self._chunk = chunk
        self._buf = b""
        self._pos = 0

    def d6(self):
        while True:
            if self._pos >= len(self._buf):
                self._buf = self._urandom(self._chunk)
                self._pos = 0
            b = self._buf[self._pos]
            self._pos += 1
            if b < _BYTE_LIMIT:
                return b % 6 + 1


class RandomDice(Dice):
    """Wraps a ``random.Random``-like object (anything with ``randint``); host side."""

    def __init__(self, rng):
        self.rng = rng

    def d6(self):
        return self.rng.randint(1, 6)


def system_dice():
    """Dice from ``random.SystemRandom`` (the OS entropy pool); CPython only."""
    import random
    cls = getattr(random, "SystemRandom", None)
    if cls is None:
        return UrandomDice()
    return RandomDice(cls())


class FixedDice(Dice):
    """Hands out the given values in order: a worked example, or dice rolled by hand at the table."""

    def __init__(self, values):
        vals = []
        for v in values:
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
                raise RulesError("a die shows 1 to 6, not %r" % (v,))
            vals.append(v)
        self.values = vals
        self.pos = 0

    def d6(self):
        if self.pos >= len(self.values):
            raise RulesError("ran out of dice: %d given, more needed" % len(self.values))
        v = self.values[self.pos]
        self.pos += 1
        return v


def default_dice():
    """The source to use when nothing is injected: hardware randomness."""
    return UrandomDice()


def below(src, n):
    """A uniform int in 0..n-1 drawn from ``src.d6()``: base-6 digits from die faces, rejecting the
    top partial block, so it is exactly uniform (deals, shuffles, situation decks)."""
    if n <= 1:
        return 0
    span = 6
    while span < n:
        span *= 6
    limit = span - span % n
    while True:
        v = 0
        m = 1
        while m < span:
            v = v * 6 + src.d6() - 1
            m *= 6
        if v < limit:
            return v % n
