"""The hot loop of comando.odds_fixed: one row of the conquest DP in Q29 fixed point, as a
``@micropython.viper`` function (machine words, no allocation); CPython runs the same code as plain
Python (the decorator a no-op) and computes the same integers.

`make firmware` compiles it to armv6m machine code for the Pico (comando_host.pico.firmware NATIVE);
the simulator's bundle, which runs on the 64-bit unix port, keeps it as source, where MicroPython
compiles the viper code for the CPU it runs on.
"""

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

    ptr16 = ptr32


@micropython.viper
def row(buf, prog, r: int, w: int) -> int:
    """Push every state of one row of the DP (row a, stored at r = a % 5 in rows of w = dfn + 1
    cells), then clear the row; returns its d = 0 cell (conquest with a armies left).

    ``prog``: unsigned 16-bit words [nseg, segment * nseg]; a segment is [hi, lo, n, (slot, al, dl, p_hi, p_lo) * n]:
    the cells d = min(hi, dfn) .. lo+1 (none when that is empty) all roll the same n outcomes
    (al, dl) with probability p = p_hi * 2 ** 15 + p_lo in Q30; ``slot`` is scratch for the
    outcome's target offset (never negative: ptr16 and a 64-bit port's ptr32 read unsigned). The
    last outcome gets what the others left of the cell's mass: none is lost, none made."""
    b = ptr32(buf)
    t = ptr16(prog)
    src = r * w
    nseg = t[0]
    s = 1
    while nseg > 0:
        d = t[s]
        if d > w - 1:
            d = w - 1
        lo = t[s + 1]
        first = s + 3
        last = first + 5 * (t[s + 2] - 1)
        k = first
        while k <= last:
            x = r - t[k + 1]
            if x < 0:
                x += 5
            t[k] = x * w - t[k + 2] + 4  # cell (a - al, d - dl) is t[k] + d - 4
            k += 5
        while d > lo:
            m = b[src + d]
            if m:
                e = d - 4
                mh = m >> 15
                ml = m & 32767
                rest = m
                k = first
                while k < last:
                    ph = t[k + 3]
                    pl = t[k + 4]
                    # m * p / 2**30 rounded, in 32-bit words: m <= 2**29, p < 2**30 in 15-bit halves
                    q = mh * ph + ((mh * pl + ml * ph + ((ml * pl) >> 15) + 16384) >> 15)
                    if q > rest:  # (rounding up in a nearly empty cell): mass never goes negative
                        q = rest
                    b[t[k] + e] += q
                    rest -= q
                    k += 5
                b[t[last] + e] += rest
            d -= 1
        s = last + 5
        nseg -= 1
    won = b[src]
    i = src
    end = src + w
    while i < end:
        b[i] = 0  # this row is row a - 5 next
        i += 1
    return won
