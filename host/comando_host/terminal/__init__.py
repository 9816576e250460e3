"""The board and the game in a terminal: the live mirror (and its hook beside the simulated device),
the board drawn in characters, and the layouts that fit a terminal's width.
"""
