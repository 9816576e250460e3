"""The chip's heap predicted from the unix port's (issue 22). The figures, and how they were
measured, are in docs/decisions/chip-heap-calibration.md; bench/bench_heap_calibration.py
measures them again.

What a game takes of the RP2040's heap (the free heap at main.py's start less the lowest
gc.mem_free() after the display task's collection, MicroPython v1.28.0 RPI_PICO on the
emulated chip) is, per game, a fixed fraction of its live peak on the simulator (the most
gc.mem_alloc() at the same point, on the 64-bit MicroPython unix port, the firmware bundle
compiled by mpy-cross). The fraction is the game's own: it follows the mix of objects (a list or
a dict slot is 8 bytes on the unix port and 4 on the chip, a string's characters are the same),
and it goes from 0.67 (map mode) to 0.76 (T.E.G. II) over the calibration games, so one ratio for
all would be off by tens of KB.
"""

KB = 1024
CHIP_BOOT_FREE = 240832   # bytes free at main.py's start on the chip, after a collection
MARGIN = 2 * KB           # the measurements' spread (the unix peak moves with the paths' lengths)
FLOOR = 16 * KB           # the least the chip must keep free at its lowest (issue 22)

# game (tests/heap_games.py) -> (bytes the chip used at its peak, the unix port's live peak)
CALIBRATION = {
    "revancha_table_6p": (132304, 194048),
    "revancha_map_turns_4p": (210608, 313472),
    "teg2_8p": (161952, 213376),
    "revancha_map_5p": (197920, 290112),
}


# games not measured on the chip whose mix of objects is a calibrated game's: T.E.G.'s map games
# (issue 26: with bots and without) are map mode's, the engine's state on a board, like the
# 5-player La Revancha map game (b) (measured on the chip since branch pico; the 4-player one's
# ratio, 0.6719, was the guess before it)
LIKE = {"teg_bots_4p": "revancha_map_5p", "teg_humans_4p": "revancha_map_5p"}


def ratio(name):
    """The chip's heap per byte of the unix port's live peak, for game ``name`` (a game not
    calibrated: the game it is like, else the largest ratio, the cautious guess)."""
    name = LIKE.get(name, name)
    if name in CALIBRATION:
        used, peak = CALIBRATION[name]
        return used / peak
    return max(u / p for u, p in CALIBRATION.values())


def predicted_free(name, unix_peak):
    """The chip's lowest free heap (bytes) over game ``name`` whose unix-port live peak is
    ``unix_peak``, less the margin."""
    return int(CHIP_BOOT_FREE - ratio(name) * unix_peak - MARGIN)
