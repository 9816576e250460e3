"""The OLED driver's hot loop: the runs of changed columns of one page, as a ``@micropython.viper``
function (machine code, no allocation; compiled for the Pico's armv6m by `make firmware`,
comando_host.pico.firmware NATIVE). CPython runs the same code as plain Python (the decorator a no-op)
and finds the same runs.

A run goes on while the next changed column is at most ``gap`` columns after its last one (a new
run costs a command transaction and a data header: device.oled.OLED.GAP).
"""

import sys

if sys.implementation.name == "micropython":
    import micropython  # pyright: ignore[reportAssignmentType]  (the shim below is CPython's)
else:  # CPython: the decorator and the pointer casts are no-ops
    class micropython:  # noqa: N801 - stands in for the module's decorator: the same code, plain
        @staticmethod
        def viper(f):
            return f

    def ptr8(buf):
        return buf

    ptr16 = ptr8


@micropython.viper
def runs(buf, shadow, base: int, w: int, gap: int, out) -> int:
    """Write [first, last] column pairs of the runs where ``buf`` and ``shadow`` differ in
    [base, base + w) into ``out`` (16-bit words); returns the count of words written."""
    b = ptr8(buf)
    s = ptr8(shadow)
    o = ptr16(out)
    n = 0
    x = 0
    while x < w:
        if b[base + x] != s[base + x]:
            lo = x
            hi = x
            x += 1
            while x < w and x - hi <= gap:
                if b[base + x] != s[base + x]:
                    hi = x
                x += 1
            o[n] = lo
            o[n + 1] = hi
            n += 2
            x = hi + 1
        else:
            x += 1
    return n
