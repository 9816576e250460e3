"""Board geometry: where each country of a board is drawn (``boards/layout/ID.json``).

A layout is schematic, not a traced board: one point per country, a colour and a label point per
continent, the canvas size, and the borders drawn across the map's edge (``wrap``: Alaska to
Kamchatka). The continent areas are drawn from the member points and the borders inside the
continent (``svgmap``), so they follow the countries wherever a layout moves them.
The format is in boards/README.md ("Layouts"); ``check_layout`` names every problem as
``FILE: ENTRY: PROBLEM`` like the board validator. Host only: the device draws no map.
"""

from __future__ import annotations

import json
import math
import os

from comando import board as core
from comando.errors import BoardError

SCHEMA = "comando-layout/1"
# A country's disc (svgmap.RADIUS) plus room for its label: closer points make labels collide.
MIN_GAP = 50
# A border line passing closer than this to a third country's point would read as touching it.
CLEAR = 16
_HEX = set("0123456789abcdefABCDEF")


def layout_path(board_id: str, directory: str | None = None) -> str:
    return os.path.join(directory or core.boards_dir(), "layout", board_id + ".json")


def layout_path_for(board_file: str) -> str:
    """The layout beside a board file: ``boards/teg.json`` -> ``boards/layout/teg.json``."""
    d, name = os.path.split(board_file)
    return os.path.join(d, "layout", name)


def _seg_dist(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _point(v, w, h):
    """(x, y) or an error text."""
    if (not isinstance(v, list) or len(v) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
        return None, "must be [x, y] (two integers)"
    if not (0 <= v[0] <= w and 0 <= v[1] <= h):
        return None, f"[{v[0]}, {v[1]}] is outside the {w}x{h} canvas"
    return (v[0], v[1]), None


def check_layout(data, b, label: str = "layout") -> list[str]:
    """Every problem of layout ``data`` (a dict) for the loaded board ``b``."""
    errs: list[str] = []

    def err(entry, problem):
        errs.append(f"{label}: {entry}: {problem}")

    if not isinstance(data, dict):
        return [f"{label}: not a JSON object"]
    if data.get("schema") != SCHEMA:
        err("schema", f"must be {SCHEMA!r}")
    if data.get("board") != b.id:
        err("board", f"{data.get('board')!r} is not the board's id {b.id!r}")
    size = data.get("size")
    if (not isinstance(size, list) or len(size) != 2
            or not all(isinstance(x, int) and x > 0 for x in size)):
        err("size", "must be [width, height] (positive integers)")
        return errs
    w, h = size
    pts = data.get("countries")
    if not isinstance(pts, dict):
        err("countries", "must be an object {country id: [x, y]}")
        return errs
    pos = {}
    ids_of_board = {b.cid(i) for i in range(b.n)}
    for cid, v in pts.items():
        if cid not in ids_of_board:
            err(f"countries.{cid}", f"not a country of {b.id}")
            continue
        p, why = _point(v, w, h)
        if why:
            err(f"countries.{cid}", why)
        else:
            pos[cid] = p
    for i in range(b.n):
        if b.cid(i) not in pts:
            err("countries", f"no position for {b.cid(i)!r}")
    conts = data.get("continents")
    if not isinstance(conts, dict):
        err("continents", "must be an object {continent id: {colour, label}}")
        conts = {}
    known = {b.continent_id(c) for c in range(b.continents)}
    for k, v in conts.items():
        if k not in known:
            err(f"continents.{k}", f"not a continent of {b.id}")
            continue
        col = v.get("colour") if isinstance(v, dict) else None
        if not (isinstance(col, str) and len(col) == 7 and col[0] == "#" and set(col[1:]) <= _HEX):
            err(f"continents.{k}.colour", "must be a #rrggbb colour")
        _, why = _point(v.get("label") if isinstance(v, dict) else None, w, h)
        if why:
            err(f"continents.{k}.label", why)
    for k in sorted(known - set(conts)):
        err("continents", f"no entry for {k!r}")
    ids = sorted(pos)
    for n, a in enumerate(ids):
        for c in ids[n + 1:]:
            d = math.dist(pos[a], pos[c])
            if d < MIN_GAP:
                err(f"countries.{a}", f"{d:.0f} px from {c} (at least {MIN_GAP}: labels collide)")
    wrap = set()
    for n, pair in enumerate(data.get("wrap", [])):
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(x, str) and x in ids_of_board for x in pair)):
            err(f"wrap[{n}]", "must be [country, country] of this board")
            continue
        if not all(x in pos for x in pair):
            continue  # the missing position is already named
        if not b.is_border(b.index(pair[0]), b.index(pair[1])):
            err(f"wrap[{n}]", f"{pair[0]} and {pair[1]} do not border")
            continue
        wrap.add(frozenset(pair))
    for x, y in b.borders():
        a, c = b.cid(x), b.cid(y)
        if a not in pos or c not in pos or frozenset((a, c)) in wrap:
            continue
        for o in ids:
            if o not in (a, c) and _seg_dist(pos[o], pos[a], pos[c]) < CLEAR:
                err(f"countries.{o}", f"the border {a}-{c} is drawn across it (move it, or list "
                    "the border in wrap)")
    return errs


class Layout:
    """A checked layout: ``xy[i]`` per country index, ``colour[c]``/``label[c]`` per continent,
    ``wrap`` a set of frozensets of country indices."""

    def __init__(self, board, data):
        self.board = board
        self.width, self.height = data["size"]
        self.xy = [tuple(data["countries"][board.cid(i)]) for i in range(board.n)]
        conts = data["continents"]
        ids = [board.continent_id(c) for c in range(board.continents)]
        self.colour = [conts[k]["colour"] for k in ids]
        self.label = [tuple(conts[k]["label"]) for k in ids]
        self.wrap = {frozenset((board.index(a), board.index(c))) for a, c in data.get("wrap", [])}


def read_layout(path: str, b) -> Layout:
    """The layout file at ``path`` for board ``b``; BoardError listing every problem."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise BoardError(f"{path}: cannot read: {exc.strerror}") from None
    except ValueError as exc:
        raise BoardError(f"{path}: not JSON: {exc}") from None
    errs = check_layout(data, b, path)
    if errs:
        e = BoardError(errs[0] + (f" (and {len(errs) - 1} more)" if len(errs) > 1 else ""))
        e.errors = errs
        raise e
    return Layout(b, data)


def load_layout(board, directory: str | None = None) -> Layout:
    """The shipped layout of a loaded Board (or a board id)."""
    b = core.load_board(board) if isinstance(board, str) else board
    path = layout_path(b.id, directory)
    if not os.path.exists(path):
        raise BoardError(f"{path}: no layout for board {b.id!r} (boards/README.md, Layouts)")
    return read_layout(path, b)
