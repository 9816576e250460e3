"""Randomness for the engine, derived from any dice source with ``d6()`` (comando.dice).

Only ``make_*`` functions draw; what they draw is stored in the event, so ``apply`` and ``fold``
never need a source. ``below(src, n)`` is uniform on 0..n-1 by rejection over base-6 digits, so a
seeded dice source reproduces a whole game (deal, shuffles, dice) on CPython and MicroPython.
"""


from comando.dice import below  # noqa: F401  (one copy of the uniform draw, in comando.dice)


class SeededD6:
    """A tiny xorshift32 dice source (same sequence on both runtimes); used when comando.dice is
    not available and by the engine's own tests. ``d6()`` and ``roll(n)`` like comando.dice."""

    def __init__(self, seed=1):
        seed = int(seed) & 0xFFFFFFFF
        self.s = seed or 0x9E3779B9

    def _next(self):
        x = self.s
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.s = x
        return x

    def d6(self):
        while True:
            v = self._next() >> 24  # 0..255; 252 = 42 * 6
            if v < 252:
                return v % 6 + 1

    def roll(self, n):
        return [self.d6() for _ in range(n)]


def roll(src, n):
    """``n`` dice from ``src`` (``roll(n)`` when it has one, else ``d6()`` n times)."""
    if hasattr(src, "roll"):
        return list(src.roll(n))
    return [src.d6() for _ in range(n)]


def shuffled(src, items):
    """A new list: ``items`` in a uniformly random order (Fisher-Yates)."""
    out = list(items)
    i = len(out) - 1
    while i > 0:
        j = below(src, i + 1)
        out[i], out[j] = out[j], out[i]
        i -= 1
    return out


def default_source(seed=None):
    """comando.dice's sources when present (UrandomDice, SeededDice), else SeededD6."""
    try:
        from comando import dice
        if seed is None:
            return dice.UrandomDice()
        return dice.SeededDice(seed)
    except (ImportError, AttributeError):
        if seed is None:
            import os
            b = os.urandom(4)
            seed = b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)
        return SeededD6(seed)
