"""Packing a board for the device: ``pack(board)`` is the .pkb bytes (comando.board_pack's format)
of a loaded ``comando.board.Board``. `make firmware` writes them on the host; the device only
reads them (comando.board_pack), so this writer is a module of its own that it never loads.
"""

import json

from comando.board_pack import MAGIC


def _u16(out, v):
    out.append(v & 0xFF)
    out.append(v >> 8)


def pack(board):
    """The .pkb bytes of a loaded ``comando.board.Board``."""
    n, k = board.n, board.continents
    if n > 255:
        raise ValueError("a packed board holds at most 255 countries")
    head = {"id": board.id, "name": str(board.name), "rulesets": list(board.rulesets),
            "n": n, "k": k, "bonus": [board.continent_bonus(c) for c in range(k)]}
    t = board.tables if isinstance(board.tables, dict) else {}
    if isinstance(t.get("seats"), dict):  # Risk's seat caps and map list (rulesets/risk/maps.py)
        head["seats"] = t["seats"].get("max")
    if isinstance(t.get("maps"), list):
        head["maps"] = t["maps"]
    out = bytearray((MAGIC + " " + json.dumps(head) + "\n").encode())
    out.extend(bytes(board.continent_of(i) for i in range(n)))
    out.extend(bytes(1 if board.island(i) else 0 for i in range(n)))
    nb = bytearray()
    for i in range(n):
        _u16(out, len(nb))
        nb.extend(bytes(board.neighbours(i)))
    _u16(out, len(nb))
    out.extend(nb)
    strings = ([board.cid(i) for i in range(n)] + [board.name(i) for i in range(n)]
               + [board.short(i) for i in range(n)] + [board.continent_id(c) for c in range(k)]
               + [board.continent_name(c) for c in range(k)]
               + [board.continent_short(c) for c in range(k)])
    blob = bytearray()
    for s in strings:
        _u16(out, len(blob))
        blob.extend(s.encode())
    _u16(out, len(blob))
    if len(blob) > 0xFFFF or len(nb) > 0xFFFF:
        raise ValueError("board too large to pack")
    out.extend(blob)
    return bytes(out)
