"""The device's fixed-point odds (comando.odds_fixed) against exact fractions (comando.odds with
exact=True, itself checked against brute-force enumeration in test_odds_exact.py), and the viper
kernel under the MicroPython unix port against the same source run as plain Python on CPython:
the same Q29 integers, bit for bit."""

import json
from fractions import Fraction

import pytest

from comando import odds, odds_fixed
from comando.dice_mods import SNOW, TAILWIND
from micropython_tools import run_micropython

# documented in docs/decisions/device-odds-fixed-point-tolerance.md: the device's P(conquest) within 1e-6
TOLERANCE = 1e-6

BIG = [("teg", 200, 200, False, False, 1), ("revancha", 200, 200, False, True, 1),
       ("revancha", 200, 120, True, False, 1), ("revancha", 160, 60, False, False, 1),
       ("war", 200, 180, False, False, 1), ("risk", 200, 150, False, False, 1),
       ("risk", 120, 100, False, False, 30)]
SMALL = [("teg", 4, 3, False, False, 1), ("teg", 12, 6, False, False, 4),
         ("revancha", 9, 3, True, False, 1), ("revancha", 14, 6, False, True, 3),
         ("revancha", 12, 5, False, False, 1), ("war", 10, 8, False, False, 1),
         ("risk", 10, 9, False, False, 1)]


def _mods(snow, tw):
    """The cases' two flags as comando.dice_mods' one value."""
    return (SNOW if snow else 0) | (TAILWIND if tw else 0)


@pytest.mark.parametrize("rs,a,d,snow,tw,stop", SMALL + BIG[:2])
def test_fixed_point_within_tolerance_of_exact(rs, a, d, snow, tw, stop):
    exact = odds.conquest(rs, a, d, _mods(snow, tw), stop, exact=True)["p_conquer"]
    c = odds_fixed.Conquest(rs, a, d, _mods(snow, tw), stop)
    while not c.step(5000):
        pass
    assert abs(c.p() - float(exact)) < TOLERANCE
    # the whole percent shown is the exact one rounded half up
    assert c.percent() == int(exact * 100 + Fraction(1, 2))


def test_viper_kernel_gives_the_cpython_integers():
    """Under MicroPython the kernel runs as viper machine code (32-bit words on the Pico, 64-bit
    on the unix port); no value ever needs more than 31 bits, so every runtime computes the same
    Q29 integers."""
    cases = SMALL + BIG
    script = ("import json\nfrom comando import odds_fixed\n"
              "from comando.dice_mods import SNOW, TAILWIND\nout = []\n"
              "for rs, a, d, snow, tw, stop in %r:\n"
              "    mods = (SNOW if snow else 0) | (TAILWIND if tw else 0)\n"
              "    c = odds_fixed.Conquest(rs, a, d, mods, stop)\n"
              "    while not c.step(3000):\n        pass\n"
              "    out.append(c.q)\nprint(json.dumps(out))\n" % ([list(c) for c in cases],))
    proc = run_micropython(["-c", script], heap="256k", timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    mpy = json.loads(proc.stdout.strip().splitlines()[-1])
    host = []
    for rs, a, d, snow, tw, stop in cases:
        c = odds_fixed.Conquest(rs, a, d, _mods(snow, tw), stop)
        while not c.step(1 << 20):
            pass
        host.append(c.q)
    assert mpy == host
    # and every one is within the tolerance of the float DP (double precision on the host)
    for (rs, a, d, snow, tw, stop), q in zip(cases, host):
        ref = odds.conquest(rs, a, d, _mods(snow, tw), stop)["p_conquer"]
        assert abs(q / odds_fixed.ONE - ref) < TOLERANCE, (rs, a, d, q, ref)
