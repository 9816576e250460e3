"""How the dice fall, as data: the single-roll outcome counts that comando.odds (floats and
fractions) and comando.odds_fixed (the device's fixed point) both build on."""

# Rules as data: COUNTS[a - 1][d - 1][j] = how many of the 6 ** (a + d) equally likely throws of
# a attack dice against d defence dice make the defender lose j of the min(a, d) compared pairs
# (the attacker loses the others; ties to the defender). tests/core/test_odds.py recomputes every
# entry by enumerating the throws.
COUNTS = (
    ((21, 15), (161, 55), (1071, 225), (6797, 979)),
    ((91, 125), (581, 420, 295), (4816, 1981, 979), (33719, 9394, 3543)),
    ((441, 855), (2275, 2611, 2890), (17871, 12348, 10017, 6420),
     (152355, 65535, 41531, 20515)),
    ((2275, 5501), (9765, 15470, 21421), (67171, 68873, 73599, 70293),
     (579733, 381672, 317436, 254040, 146735)),
)
