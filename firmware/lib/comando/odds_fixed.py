"""P(conquest) in fixed point, a few rows at a time: the device's odds (comando.odds is the exact
reference and the host's full distribution).

The Pico has no FPU: every float operation is a software routine and, on MicroPython, a heap
object. Here probability mass is an integer in Q29 (1.0 == 2 ** 29) in one ``array('i')``, the
single-roll probabilities are Q30 integers, and the hot loop is a ``@micropython.viper`` function
(comando.odds_kernel: machine words, no allocation). CPython runs the same source with the
decorator a no-op and computes the very same integers: no value ever leaves 31 bits, so the
machine words never wrap and the runtimes agree bit for bit (tests/host/test_odds_fixed_exact.py).
It imports neither comando.odds nor floats' code paths: only what the device needs stays in RAM.

Precision: every product is rounded to the nearest 2 ** -29 and the last outcome of each roll gets
what the others left, so no mass is lost; the error on P(conquest) stays under 1e-6 up to 200
against 200 (tests/host/test_odds_fixed_exact.py checks it against exact fractions).

``Conquest(...)``: the DP of ``comando.odds.conquest`` (same state order, same outcome lists),
advanced by ``step(cells)`` so a caller in an event loop can spread a large attack over several
slices; ``p_conquer_fixed(...)`` runs it to the end.

The kernel is comando.odds_kernel, which ships to the Pico as source (see there).
"""

from array import array

from comando.combat import COUNTS, RULES, check_battle, check_stop, max_dice
from comando.errors import RulesError
from comando.odds_kernel import row as _row

ONE = 1 << 29  # probability 1 in the mass cells (Q29)
_P = 1 << 30  # probability 1 in the outcome tables (Q30)
_RING = 5  # a roll costs the attacker at most 4 armies: rows a .. a-4 are live


def _q30(ad, dd, acap, dcap):
    """[(al, dl, p_hi, p_lo)] of ad vs dd dice with losses capped, p in Q30: the same outcomes,
    in the same order, as comando.odds._outcomes. (count * 2**30 is a long integer on the
    Pico: this runs only while a ruleset's programs are built.)"""
    total = 6 ** (ad + dd)
    ps = [(c * _P + total // 2) // total for c in COUNTS[ad - 1][dd - 1]]
    k = len(ps) - 1
    merged = {}
    order = []
    for j in range(k + 1):
        al = k - j
        if al > acap:
            al = acap
        dl = j if j < dcap else dcap
        key = al * 8 + dl
        if key in merged:
            merged[key] += ps[j]
        else:
            merged[key] = ps[j]
            order.append(key)
    return [(key >> 3, key & 7, merged[key] >> 15, merged[key] & 32767) for key in order]


_BIG = 65535  # "every d": a segment's hi is capped at the defender's armies by the kernel
# Programs are 16-bit words (half the heap of 32-bit ones): a target offset (at most 4 * (dfn + 1)
# + 4) must fit, so the device's odds stop at this many defending armies (the screen then shows
# no percent; comando.odds has no such bound).
MAX_DEF = 16000
_LAST = {}  # the last (ruleset, mods) -> its programs {row a: program}


def _programs(rs, mods):
    """The kernel's programs of rows a = 2 .. 10 under one ruleset and situation, kept for the
    next attack under the same (a row a >= 10 rolls as row 10: attack dice and loss caps are
    saturated, La Revancha's 4-dice rule decided for every d <= 5). Segments, highest d first:
    for d > 4 the defender's dice are saturated and its losses uncapped, so only the 4-dice rule
    (att >= 2 * d) depends on d: the bulk d > hi4 rolls without it, 5 <= d <= hi4 with it (the
    caller writes hi4 into both segments); then d = 4 .. 1 one by one."""
    key = (rs, mods)
    progs = _LAST.get(key)
    if progs is not None:
        return progs
    _LAST.clear()  # (the old programs go before the new ones are made)
    progs = {}
    lists = {}
    for a in range(2, 11):
        segs = []
        for hi, lo, d in ((_BIG, 4, _BIG), (4, 4, 5), (4, 3, 4), (3, 2, 3), (2, 1, 2), (1, 0, 1)):
            ad, dd = max_dice(rs, a, d, mods)
            k = ((ad * 5 + dd) * 5 + (a - 1 if a < 5 else 4)) * 5 + (d if d < 4 else 4)
            t = lists.get(k)
            if t is None:
                t = lists[k] = _q30(ad, dd, a - 1 if a < 5 else 4, d if d < 4 else 4)
            segs.append((hi, lo, t))
        size = 1
        for hi, lo, t in segs:
            size += 3 + 5 * len(t)
        prog = array("H", bytes(2 * size))
        prog[0] = len(segs)
        k = 1
        for hi, lo, t in segs:
            prog[k] = hi
            prog[k + 1] = lo
            prog[k + 2] = len(t)
            k += 3
            for al, dl, ph, pl in t:
                prog[k + 1] = al
                prog[k + 2] = dl
                prog[k + 3] = ph
                prog[k + 4] = pl
                k += 5
        for other in progs.values():
            if other == prog:  # (rows 5 .. 10 of T.E.G. classic roll alike: one program for all)
                prog = other
                break
        progs[a] = prog
    _LAST[key] = progs
    return progs


class Conquest:
    """The conquest DP for ``att`` against ``dfn`` (until conquest or the attacker is down to
    ``stop``), in Q29 fixed point. ``step(cells)`` advances about ``cells`` states; ``done``;
    ``q`` is P(conquest) in Q29 once done; ``p()`` as a float, ``percent()`` rounded to an int."""

    def __init__(self, ruleset, att, dfn, mods=0, stop=1):
        check_battle(ruleset, att, dfn, mods)
        check_stop(att, stop)
        if dfn > MAX_DEF:
            raise RulesError("the device's odds go up to %d defending armies, not %d"
                             % (MAX_DEF, dfn))
        self.four = RULES[ruleset]["four"]
        self.progs = _programs(ruleset, mods)
        self.dfn = dfn
        self.stop = stop
        self.width = w = dfn + 1
        self.buf = array("i", bytes(4 * _RING * w))
        self.buf[(att % _RING) * w + dfn] = ONE
        self.a = att  # the next row to push
        self.q = 0
        self.done = False

    def step(self, cells=4000):
        """Advance by whole rows until about ``cells`` states were pushed; True once done."""
        if self.done:
            return True
        stop = self.stop
        dfn = self.dfn
        w = self.width
        buf = self.buf
        progs = self.progs
        work = 0
        while self.a > stop and work < cells:
            a = self.a
            prog = progs[a if a < 10 else 10]
            if self.four and dfn > 4:
                hi4 = a // 2
                if hi4 > dfn:
                    hi4 = dfn
                if hi4 < 5:
                    hi4 = 4
                prog[2] = hi4  # the bulk without four dice ends, the one with them starts, here
                prog[4 + 5 * prog[3]] = hi4
            self.q += _row(buf, prog, a % _RING, w)
            self.a = a - 1
            work += w
        if self.a <= stop:
            # rows at or below the stop hold where the attack ended: their d = 0 cells conquered
            low = stop - _RING + 2
            for a in range(low if low > 1 else 1, stop + 1):
                self.q += buf[(a % _RING) * w]
            self.done = True
            self.buf = array("i")  # the heap gets the rows back
        return self.done

    def p(self):
        return self.q / ONE

    def percent(self):
        """P(conquest) in whole percent, rounded half up (no float on the way)."""
        return ((self.q >> 7) * 100 + (1 << 21)) >> 22  # (q >> 7) * 100 fits a small int


def p_conquer_fixed(ruleset, att, dfn, mods=0, stop=1):
    """P(conquest) as a float, computed in fixed point to the end."""
    c = Conquest(ruleset, att, dfn, mods, stop)
    while not c.step(1 << 30):
        pass
    return c.p()
