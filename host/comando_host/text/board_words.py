"""A board's own words in a language the board file does not carry: ``boards/words/ID.LANG.json``
(the T.E.G. boxes' Spanish objectives). Board data, never code; kept beside the board files but
not in them, because the device parses a map game's board file whole into its heap (board_map)
and would hold texts it never shows (it says its own from flash). WAR's Portuguese is in
boards/war.json itself (``text_pt``), as it came.
"""

from __future__ import annotations

import json
import os

_CACHE: dict = {}


def words(board_id: str, code: str) -> dict:
    """The words file of ``board_id`` in ``code``, or {} when there is none."""
    key = (board_id, code)
    if key not in _CACHE:
        from comando.board_files import boards_dir
        path = os.path.join(boards_dir(), "words", "%s.%s.json" % (board_id, code))
        try:
            with open(path, encoding="utf-8") as f:
                _CACHE[key] = json.load(f)
        except (OSError, ValueError):
            _CACHE[key] = {}
    return _CACHE[key]


def objective(board_id: str, code: str, oid) -> str | None:
    return (words(board_id, code).get("objectives") or {}).get(str(oid))
