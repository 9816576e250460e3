"""``SeededDice(seed)``, comando.dice's deterministic source (mulberry32 on plain ints): the very
same dice on CPython and MicroPython, for tests, demos, reproducible replays and the simulated
device (COMANDO_SIM_SEED). A module of its own so the simulated device loads only it, not every
source of comando.dice (which re-exports it)."""

from comando.errors import RulesError

_M32 = 0xFFFFFFFF
# 2**32 - 2**32 % 6: words at or above it are rejected so every face is exactly equally likely.
_WORD_LIMIT = 4294967292


def _mix_seed(seed):
    """Fold an int of any size and sign into a 32-bit starting state, the same on both runtimes."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError("a dice seed must be an integer, not %r" % (seed,))
    # Non-negative first (bit operations on negative big ints differ between ports).
    s = seed * 2 if seed >= 0 else -seed * 2 - 1
    state = 0x9E3779B9
    while True:
        state = (state ^ (s & _M32)) & _M32
        state = (state * 0x85EBCA6B + 0x6D2B79F5) & _M32
        state ^= state >> 13
        s >>= 32
        if not s:
            return state


class SeededDice:
    """A deterministic source: mulberry32 on plain ints, identical on CPython and MicroPython.

    ``SeededDice(7).roll(3)`` is the same list everywhere. ``state`` can be saved and given back
    (``SeededDice(state=...)``) to continue a sequence.
    """

    def __init__(self, seed=0, state=None):
        self.seed = seed
        self.state = _mix_seed(seed) if state is None else (state & _M32)

    def next32(self):
        """The next 32-bit word of the sequence."""
        self.state = (self.state + 0x6D2B79F5) & _M32
        t = self.state
        t = ((t ^ (t >> 15)) * (t | 1)) & _M32
        t = (t ^ (t + (((t ^ (t >> 7)) * (t | 61)) & _M32))) & _M32
        return (t ^ (t >> 14)) & _M32

    def roll(self, n):
        """``n`` six-sided dice, in the order they were drawn."""
        return [self.d6() for _ in range(n)]

    def d6(self):
        while True:
            w = self.next32()
            if w < _WORD_LIMIT:
                return w % 6 + 1
