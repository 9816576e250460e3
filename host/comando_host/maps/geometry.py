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
from comando_host.text.lang import _

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
        return None, _("must be [x, y] (two integers)")
    if not (0 <= v[0] <= w and 0 <= v[1] <= h):
        return None, _("[{x}, {y}] is outside the {w}x{h} canvas").format(x=v[0], y=v[1], w=w, h=h)
    return (v[0], v[1]), None


def check_layout(data, b, label: str = "layout") -> list[str]:
    """Every problem of layout ``data`` (a dict) for the loaded board ``b``."""
    errs: list[str] = []

    def err(entry, problem):
        errs.append(f"{label}: {entry}: {problem}")

    if not isinstance(data, dict):
        return [_("{label}: not a JSON object").format(label=label)]
    if data.get("schema") != SCHEMA:
        err("schema", _("must be {schema}").format(schema=repr(SCHEMA)))
    if data.get("board") != b.id:
        err("board", _("{given} is not the board's id {id}").format(given=repr(data.get("board")), id=repr(b.id)))
    size = data.get("size")
    if (not isinstance(size, list) or len(size) != 2
            or not all(isinstance(x, int) and x > 0 for x in size)):
        err("size", _("must be [width, height] (positive integers)"))
        return errs
    w, h = size
    pts = data.get("countries")
    if not isinstance(pts, dict):
        err("countries", _("must be an object {country id: [x, y]}"))
        return errs
    ids_of_board = {b.cid(i) for i in range(b.n)}
    pos = _check_points(pts, b, ids_of_board, w, h, err)
    conts = data.get("continents")
    if not isinstance(conts, dict):
        err("continents", _("must be an object {continent id: {colour, label}}"))
        conts = {}
    _check_continents(conts, b, w, h, err)
    ids = sorted(pos)
    for n, a in enumerate(ids):
        for c in ids[n + 1:]:
            d = math.dist(pos[a], pos[c])
            if d < MIN_GAP:
                err(f"countries.{a}", _("{d} px from {c} (at least {gap}: labels collide)").format(
                    d="%.0f" % d, c=c, gap=MIN_GAP))
    wrap = _check_wrap(data.get("wrap", []), b, ids_of_board, pos, err)
    for x, y in b.borders():
        a, c = b.cid(x), b.cid(y)
        if a not in pos or c not in pos or frozenset((a, c)) in wrap:
            continue
        for o in ids:
            if o not in (a, c) and _seg_dist(pos[o], pos[a], pos[c]) < CLEAR:
                err(f"countries.{o}", _("the border {a}-{c} is drawn across it (move it, or list "
                                        "the border in wrap)").format(a=a, c=c))
    return errs


# (check_layout's parts; ``err(entry, problem)`` collects each problem)
def _check_points(pts, b, ids_of_board, w, h, err) -> dict:
    """{country id: (x, y)} of the countries placed on the canvas; every country placed."""
    pos = {}
    for cid, v in pts.items():
        if cid not in ids_of_board:
            err(f"countries.{cid}", _("not a country of {board}").format(board=b.id))
            continue
        p, why = _point(v, w, h)
        if why:
            err(f"countries.{cid}", why)
        else:
            pos[cid] = p
    for i in range(b.n):
        if b.cid(i) not in pts:
            err("countries", _("no position for {country}").format(country=repr(b.cid(i))))
    return pos


def _check_continents(conts, b, w, h, err):
    """Each continent of the board has a #rrggbb colour and a label on the canvas."""
    known = {b.continent_id(c) for c in range(b.continents)}
    for k, v in conts.items():
        if k not in known:
            err(f"continents.{k}", _("not a continent of {board}").format(board=b.id))
            continue
        col = v.get("colour") if isinstance(v, dict) else None
        if not (isinstance(col, str) and len(col) == 7 and col[0] == "#" and set(col[1:]) <= _HEX):
            err(f"continents.{k}.colour", _("must be a #rrggbb colour"))
        _p, why = _point(v.get("label") if isinstance(v, dict) else None, w, h)
        if why:
            err(f"continents.{k}.label", why)
    for k in sorted(known - set(conts)):
        err("continents", _("no entry for {continent}").format(continent=repr(k)))


def _check_wrap(pairs, b, ids_of_board, pos, err) -> set:
    """The borders drawn around the map's edge (frozensets of two country ids), each a border."""
    wrap = set()
    for n, pair in enumerate(pairs):
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(x, str) and x in ids_of_board for x in pair)):
            err(f"wrap[{n}]", _("must be [country, country] of this board"))
            continue
        if not all(x in pos for x in pair):
            continue  # the missing position is already named
        if not b.is_border(b.index(pair[0]), b.index(pair[1])):
            err(f"wrap[{n}]", _("{a} and {b} do not border").format(a=pair[0], b=pair[1]))
            continue
        wrap.add(frozenset(pair))
    return wrap


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
        raise BoardError(_("{file}: cannot read: {why}").format(file=path, why=exc.strerror)) from None
    except ValueError as exc:
        raise BoardError(_("{file}: not JSON: {why}").format(file=path, why=exc)) from None
    errs = check_layout(data, b, path)
    if errs:
        e = BoardError(errs[0] + (" " + _("(and {n} more)").format(n=len(errs) - 1) if len(errs) > 1 else ""))
        e.errors = errs
        raise e
    return Layout(b, data)


_AUTO: dict = {}


def load_layout(board, directory: str | None = None, auto: bool = False) -> Layout:
    """The shipped layout of a loaded Board (or a board id). Without a layout file: BoardError,
    or with ``auto`` the layout computed from the board's graph (``auto_layout``, kept per
    board for this process)."""
    b = core.load_board(board) if isinstance(board, str) else board
    path = layout_path(b.id, directory)
    if not os.path.exists(path):
        if auto:
            key = (b.id, b.n, tuple(b.borders()))
            if key not in _AUTO:
                _AUTO[key] = auto_layout(b)
            return Layout(b, _AUTO[key])
        raise BoardError(_("{file}: no layout for board {board} (boards/README.md, Layouts)").format(
            file=path, board=repr(b.id)))
    return read_layout(path, b)


# -- a layout made from the graph, for a board that has none yet -----------------------------

PALETTE = ("#d9c8a0", "#b9d3a4", "#e3b99a", "#a9c6d9", "#d4b3d1", "#e6d98f", "#b7c0a4",
           "#c9b8e0", "#e0c0b0", "#b0d8d0")


def auto_layout(b, size=(1200, 700), seed: int = 1, tries: int = 40) -> dict:
    """Layout data for board ``b`` computed from its graph: a force-directed drawing (borders pull,
    countries push apart, each continent holds together), then spread until ``check_layout``
    passes. Deterministic for a seed. A starting point to edit (``comando boards layout``), and
    what the page draws for a board without a layout file."""
    import random
    W, H = size
    best = None
    for t in range(tries):
        rng = random.Random(seed * 1000 + t)
        data = _force(b, W, H, rng)
        errs = check_layout(data, b)
        if not errs:
            return data
        if best is None or len(errs) < best[0]:
            best = (len(errs), data)
    return best[1]


def _spring_step(b, pos, edges, ideal, temp):
    """One step of the force layout: countries push apart, borders and continents pull together,
    each moving at most ``temp``."""
    n, k = b.n, b.continents
    disp = [[0.0, 0.0] for _i in range(n)]
    for i in range(n):
        xi, yi = pos[i]
        for j in range(i + 1, n):
            dx, dy = xi - pos[j][0], yi - pos[j][1]
            d2 = dx * dx + dy * dy + 0.01
            f = ideal * ideal / d2
            disp[i][0] += dx * f
            disp[i][1] += dy * f
            disp[j][0] -= dx * f
            disp[j][1] -= dy * f
    for i, j in edges:
        dx, dy = pos[i][0] - pos[j][0], pos[i][1] - pos[j][1]
        d = math.hypot(dx, dy) + 0.01
        w = 1.0 if b.continent_of(i) == b.continent_of(j) else 0.35
        f = w * d / ideal
        disp[i][0] -= dx * f
        disp[i][1] -= dy * f
        disp[j][0] += dx * f
        disp[j][1] += dy * f
    for c in range(k):   # a continent holds together: members pulled to their centroid
        mem = b.members(c)
        if not mem:
            continue
        gx = sum(pos[i][0] for i in mem) / len(mem)
        gy = sum(pos[i][1] for i in mem) / len(mem)
        for i in mem:
            disp[i][0] += (gx - pos[i][0]) * 0.6
            disp[i][1] += (gy - pos[i][1]) * 0.6
    for i in range(n):
        dx, dy = disp[i]
        d = math.hypot(dx, dy) + 0.01
        step = min(d, temp)
        pos[i][0] += dx / d * step
        pos[i][1] += dy / d * step


def _spread_step(pos, edges, W, H, rng) -> bool:
    """Countries too close pushed apart, a country on a border's line pushed off it, all kept on
    the canvas; True when one moved."""
    n = len(pos)
    moved = False
    for i in range(n):
        for j in range(i + 1, n):
            dx, dy = pos[i][0] - pos[j][0], pos[i][1] - pos[j][1]
            d = math.hypot(dx, dy)
            if d < MIN_GAP + 4:
                if d < 0.01:
                    dx, dy, d = rng.random() - 0.5, rng.random() - 0.5, 0.5
                push = (MIN_GAP + 4 - d) / 2 / d
                pos[i][0] += dx * push
                pos[i][1] += dy * push
                pos[j][0] -= dx * push
                pos[j][1] -= dy * push
                moved = True
    for a, c in edges:
        for o in range(n):
            if o in (a, c):
                continue
            d = _seg_dist(pos[o], pos[a], pos[c])
            if d < CLEAR + 4:
                ax, ay = pos[a]
                bx, by = pos[c]
                nx, ny = -(by - ay), bx - ax
                L = math.hypot(nx, ny) + 0.01
                side = 1 if (pos[o][0] - ax) * nx + (pos[o][1] - ay) * ny >= 0 else -1
                pos[o][0] += side * nx / L * (CLEAR + 6 - d)
                pos[o][1] += side * ny / L * (CLEAR + 6 - d)
                moved = True
    for p in pos:
        p[0] = min(W - 30, max(30, p[0]))
        p[1] = min(H - 30, max(50, p[1]))
    return moved


def _force(b, W, H, rng) -> dict:
    n, k = b.n, b.continents
    m = 45
    cols = max(1, math.ceil(math.sqrt(k * W / H)))
    rows = math.ceil(k / cols)
    centre = [(m + (W - 2 * m) * (c % cols + 0.5) / cols, m + (H - 2 * m) * (c // cols + 0.5) / rows)
              for c in range(k)]
    pos = []
    for i in range(n):
        cx, cy = centre[b.continent_of(i)]
        a = rng.random() * 2 * math.pi
        r = 20 + rng.random() * 60
        pos.append([cx + r * math.cos(a), cy + r * math.sin(a)])
    edges = b.borders()
    ideal = 0.9 * math.sqrt(W * H / max(1, n))
    temp = W / 8
    for it in range(260):
        _spring_step(b, pos, edges, ideal, temp)
        temp = max(2.0, temp * 0.985)
    # fit the drawing to the canvas, then spread what is too close or sits on a border line
    xs, ys = [p[0] for p in pos], [p[1] for p in pos]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    sx = (W - 2 * m) / max(1.0, x1 - x0)
    sy = (H - 2 * m - 30) / max(1.0, y1 - y0)
    for p in pos:
        p[0] = m + (p[0] - x0) * sx
        p[1] = m + 30 + (p[1] - y0) * sy
    for _step in range(120):
        if not _spread_step(pos, edges, W, H, rng):
            break
    conts = {}
    for c in range(k):
        mem = b.members(c) or [0]
        gx = sum(pos[i][0] for i in mem) / len(mem)
        top = min(pos[i][1] for i in mem)
        conts[b.continent_id(c)] = {"colour": PALETTE[c % len(PALETTE)],
                                    "label": [int(min(W - 60, max(60, gx))),
                                              int(min(H - 5, max(18, top - 38)))]}
    return {"schema": SCHEMA, "board": b.id, "size": [W, H], "continents": conts,
            "countries": {b.cid(i): [int(round(pos[i][0])), int(round(pos[i][1]))]
                          for i in range(n)},
            "wrap": []}


def dumps_layout(data: dict) -> str:
    """A layout as the shipped files write it: one continent, one country a line."""
    out = ["{", '  "schema": %s,' % json.dumps(data["schema"]),
           '  "board": %s,' % json.dumps(data["board"]),
           '  "size": %s,' % json.dumps(data["size"])]
    for key in ("notes",):
        if key in data:
            out.append('  "%s": %s,' % (key, json.dumps(data[key], ensure_ascii=False)))
    out.append('  "continents": {')
    out.append(",\n".join('    %s: {"colour": %s, "label": %s}' % (
        json.dumps(k), json.dumps(v["colour"]), json.dumps(v["label"]))
        for k, v in data["continents"].items()))
    out.append("  },")
    out.append('  "countries": {')
    out.append(",\n".join("    %s: %s" % (json.dumps(k), json.dumps(v))
                          for k, v in data["countries"].items()))
    out.append("  },")
    out.append('  "wrap": [%s]' % ", ".join(json.dumps(w) for w in data.get("wrap", [])))
    out.append("}")
    return "\n".join(out) + "\n"
