"""P(conquest) in fixed point, a few rows at a time: the device's odds (comando.odds is the exact
reference and the host's full distribution).

The Pico has no FPU: every float operation is a software routine and, on MicroPython, a heap
object. Here probability mass is an integer in Q29 (1.0 == 2 ** 29) in one ``array('i')``, the
single-roll probabilities are Q30 integers, and the hot loop is a ``@micropython.viper`` function
(machine-word arithmetic, no allocation). CPython runs the same source with the decorator a no-op
and computes the very same integers: no value ever leaves 31 bits, so the machine words never wrap
and the two runtimes agree bit for bit (tests/core/test_odds_fixed.py).

Precision: every product is rounded to the nearest 2 ** -29 and the last outcome of each roll gets
what the others left, so no mass is lost; the error on P(conquest) stays under 1e-6 up to 200
against 200 (tests/host/test_odds_fixed_exact.py checks it against exact fractions).

``Conquest(...)``: the DP of ``comando.odds.conquest`` (same state order, same outcome lists),
advanced by ``step(cells)`` so a caller in an event loop can spread a large attack over several
slices; ``p_conquer_fixed(...)`` runs it to the end.

This file ships to the Pico as source, not .mpy: MicroPython compiles the viper function for the
CPU it runs on (a .mpy would carry native code for one architecture only).
"""

from comando.combat import RULES, check_battle, check_stop, max_dice
from comando.odds import COUNTS

from array import array

import sys

if sys.implementation.name == "micropython":
    import micropython  # pyright: ignore[reportAssignmentType]  (the shim below is CPython's)
else:  # CPython (where a package named micropython may exist, without the compiler's decorators)
    class micropython:  # noqa: N801 - stands in for the module's decorators: the same code, plain
        @staticmethod
        def viper(f):
            return f

    def ptr32(buf):
        return buf

ONE = 1 << 29  # probability 1 in the mass cells (Q29)
_P = 1 << 30  # probability 1 in the outcome tables (Q30)
_RING = 5  # a roll costs the attacker at most 4 armies: rows a .. a-4 are live


@micropython.viper
def _push(buf, tab, hi: int, lo: int):
    """Push the mass of cells src+d, d = hi .. lo+1, along the outcomes of ``tab``:
    [src, n, (target, p_hi, p_lo) * n]: target = offset of cell (a - al, 0) - dl + 4 (never
    negative: a 64-bit port's ptr32 reads a word unsigned), p = p_hi * 2 ** 15 + p_lo in Q30.
    The last outcome gets what the others left of the cell's mass (none is lost, none made)."""
    b = ptr32(buf)
    t = ptr32(tab)
    src = t[0]
    last = 2 + 3 * (t[1] - 1)
    d = hi
    while d > lo:
        m = b[src + d]
        if m:
            e = d - 4
            mh = m >> 15
            ml = m & 32767
            rest = m
            k = 2
            while k < last:
                ph = t[k + 1]
                pl = t[k + 2]
                # m * p / 2**30 rounded, in 32-bit words: m <= 2**29, p < 2**30 split in 15 bits
                q = mh * ph + ((mh * pl + ml * ph + ((ml * pl) >> 15) + 16384) >> 15)
                if q > rest:  # (rounding up in a nearly empty cell): mass never goes negative
                    q = rest
                b[t[k] + e] += q
                rest -= q
                k += 3
            b[t[last] + e] += rest
        d -= 1


@micropython.viper
def _clear(buf, start: int, n: int):
    """Zero n cells from ``start`` (a pushed row, which is row a - 5 next)."""
    b = ptr32(buf)
    i = start
    end = start + n
    while i < end:
        b[i] = 0
        i += 1


def _q30(ad, dd, acap, dcap):
    """[(al, dl, p_hi, p_lo)] of ad vs dd dice with losses capped, p in Q30 (rounded); the same
    outcomes, in the same order, as comando.odds._outcomes."""
    counts = COUNTS[ad - 1][dd - 1]
    k = len(counts) - 1
    total = 6 ** (ad + dd)
    merged = {}
    order = []
    for j in range(k + 1):
        al = k - j
        if al > acap:
            al = acap
        dl = j if j < dcap else dcap
        key = al * 8 + dl
        if key in merged:
            merged[key] += counts[j]
        else:
            merged[key] = counts[j]
            order.append(key)
    out = []
    for key in order:
        p = (merged[key] * _P + total // 2) // total
        out.append((key >> 3, key & 7, p >> 15, p & 32767))
    return out


class Conquest:
    """The conquest DP for ``att`` against ``dfn`` (until conquest or the attacker is down to
    ``stop``), in Q29 fixed point. ``step(cells)`` advances about ``cells`` states; ``done``;
    ``q`` is P(conquest) in Q29 once done; ``p()`` as a float, ``percent()`` rounded to an int."""

    def __init__(self, ruleset, att, dfn, snow=False, tailwind=False, stop=1):
        check_battle(ruleset, att, dfn, snow, tailwind)
        check_stop(att, stop)
        self.rs = ruleset
        self.snow = snow
        self.tw = tailwind
        self.four = RULES[ruleset]["four"]
        self.dfn = dfn
        self.stop = stop
        self.width = w = dfn + 1
        self.buf = array("i", bytes(4 * _RING * w))
        self.buf[(att % _RING) * w + dfn] = ONE
        self.a = att  # the next row to push
        self.q = 0
        self.done = False
        self._keys = {}  # (row a, d) -> outcome key
        self._lists = {}  # outcome key -> [(al, dl, p_hi, p_lo)]
        self._tabs = {}  # outcome key + a % 5 -> the kernel's array

    def _tab(self, a, d):
        """The outcomes of a roll in row a against d (d > 5: the bulk without La Revancha's four
        dice) as the kernel reads them, with row a's target offsets. Memoised: a row a >= 10
        rolls as row 10 does (attack dice and loss caps saturated, the 4-dice rule decided for
        every d <= 6), and the targets depend on a only through a % 5."""
        a10 = a if a < 10 else 10
        d6 = d if d < 6 else 6
        key = self._keys.get(a10 * 8 + d6)
        if key is None:
            ad, dd = max_dice(self.rs, a10, d6, self.snow, self.tw)
            acap = a10 - 1 if a10 < 5 else 4
            dcap = d6 if d6 < 4 else 4
            key = self._keys[a10 * 8 + d6] = (((ad * 5 + dd) * 5 + acap) * 5 + dcap) * 5
        tab = self._tabs.get(key + a % _RING)
        if tab is None:
            t = self._lists.get(key)
            if t is None:
                ad, dd = max_dice(self.rs, a10, d6, self.snow, self.tw)
                t = self._lists[key] = _q30(ad, dd, a10 - 1 if a10 < 5 else 4, d6 if d6 < 4 else 4)
            n = len(t)
            tab = self._tabs[key + a % _RING] = array("i", bytes(4 * (2 + 3 * n)))
            w = self.width
            tab[0] = (a % _RING) * w
            tab[1] = n
            k = 2
            for al, dl, ph, pl in t:
                tab[k] = ((a - al) % _RING) * w - dl + 4
                tab[k + 1] = ph
                tab[k + 2] = pl
                k += 3
        return tab

    def _row(self, a):
        """Push every state of row a (highest d first), then bank its conquests and clear it."""
        dfn = self.dfn
        buf = self.buf
        if dfn > 4:
            # d >= 5: the defender's dice are saturated and its losses uncapped; only La
            # Revancha's 4-dice rule (att >= 2 * d) still depends on d
            hi4 = a // 2 if self.four else 0
            if hi4 > dfn:
                hi4 = dfn
            if hi4 < 5:
                hi4 = 4
            if hi4 < dfn:
                _push(buf, self._tab(a, 7), dfn, hi4)
            if hi4 >= 5:
                _push(buf, self._tab(a, 5), hi4, 4)
        for d in range(dfn if dfn < 4 else 4, 0, -1):
            _push(buf, self._tab(a, d), d, d - 1)
        base = (a % _RING) * self.width
        self.q += buf[base]
        _clear(buf, base, self.width)

    def step(self, cells=4000):
        """Advance by whole rows until about ``cells`` states were pushed; True once done."""
        if self.done:
            return True
        stop = self.stop
        work = 0
        while self.a > stop and work < cells:
            self._row(self.a)
            self.a -= 1
            work += self.width
        if self.a <= stop:
            # rows at or below the stop hold where the attack ended: their d = 0 cells conquered
            low = stop - _RING + 2
            for a in range(low if low > 1 else 1, stop + 1):
                self.q += self.buf[(a % _RING) * self.width]
            self.done = True
            self.buf = array("i")  # the heap gets the rows back
            self._keys = {}
            self._lists = {}
            self._tabs = {}
        return self.done

    def p(self):
        return self.q / ONE

    def percent(self):
        """P(conquest) in whole percent, rounded half up (no float on the way)."""
        return ((self.q >> 7) * 100 + (1 << 21)) >> 22  # (q >> 7) * 100 fits a small int


def p_conquer_fixed(ruleset, att, dfn, snow=False, tailwind=False, stop=1):
    """P(conquest) as a float, computed in fixed point to the end."""
    c = Conquest(ruleset, att, dfn, snow, tailwind, stop)
    while not c.step(1 << 30):
        pass
    return c.p()
