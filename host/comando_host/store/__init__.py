"""The games on this laptop: the SQLite store (``db``), the summary rows, export and import (``notation``),
the rule check of a stored log (``logcheck``), bounded reading of a file the user names (``inputfile``)
and the seeded demo games filed in a store.
"""
