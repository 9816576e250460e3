"""`comando boards`: list, show, check and create board files (boards/*.json).

    comando boards list
    comando boards show ID|FILE [--json] [--option OPT]...
    comando boards check FILE... [--option OPT]...     exit 1 and every problem when invalid
    comando boards new [--out FILE] [--countries N] [--continents K] [--from ID|FILE]
    comando boards svg ID|FILE [--out FILE] [--layout FILE] [--paper a3|a4]   a printable map
    comando boards layout ID|FILE [--out FILE] [--seed N]    a layout computed from the graph

The loader and validator are the shared core's (comando.board): what `check` accepts is what the
device loads.
"""

from __future__ import annotations

import json
import os
import sys

from comando import board as core
from comando.errors import BoardError
from comando.turns import RULESETS as RULESET_IDS

from comando_host.maps import geometry
from comando_host.cli import UsageError
from comando_host.text.lang import _, _n

# Top-level keys in the order the core streams them (comando.board.ORDER), with the free keys
# (sources, notes, $comment) after "counts".
_LAYOUT = ("$comment", "schema", "id", "name", "rulesets", "complete", "counts", "sources",
           "notes", "card_symbols", "continents", "countries", "borders", "options", "tables",
           "objectives", "common_objective")
_ONE_PER_LINE = ("continents", "countries", "borders", "options", "objectives", "sources",
                 "notes")


MY_BOARD = "My board"   # the template's name when none is given (the user's file, in English)


def register(subparsers) -> None:
    p = subparsers.add_parser("boards", help=_("list, show, check and create boards"),
                              description=_("`comando boards`: list, show, check and create board files "
                                            "(boards/*.json)."))
    p.add_argument("--dir", help=_("the boards directory (default: the shipped boards)"))
    sub = p.add_subparsers(dest="boards_command", metavar="ACTION")

    ls = sub.add_parser("list", help=_("the shipped boards"))
    ls.set_defaults(func=cmd_list)

    show = sub.add_parser("show", help=_("one board: continents, countries, borders, objectives"))
    show.add_argument("board", help=_("a board id (see `comando boards list`) or a JSON file"))
    show.add_argument("--json", action="store_true", help=_("machine-readable output"))
    show.add_argument("--option", action="append", default=[], metavar="OPT",
                      help=_("an edition option the board declares (repeatable)"))
    show.set_defaults(func=cmd_show)

    check = sub.add_parser("check", help=_("validate board files (exit 1 listing every problem)"))
    check.add_argument("files", nargs="+", metavar="FILE")
    check.add_argument("--option", action="append", default=[], metavar="OPT",
                       help=_("also check the board with this edition option applied"))
    check.set_defaults(func=cmd_check)

    new = sub.add_parser("new", help=_("write an editable template for a board of your own"))
    new.add_argument("--out", "-o", help=_("file to write (default: standard output)"))
    new.add_argument("--countries", type=int, default=12, metavar="N",
                     help=_("number of countries/regions (default 12)"))
    new.add_argument("--continents", type=int, default=3, metavar="K",
                     help=_("number of continents/regions groups (default 3)"))
    new.add_argument("--id", default="my_board", help=_("board id (default my_board)"))
    new.add_argument("--name", default=MY_BOARD, help=_("board name"))
    new.add_argument("--ruleset", action="append", default=[],
                     help=_("ruleset id the board serves (teg, revancha, war, risk, teg2)"))
    new.add_argument("--from", dest="source", metavar="ID|FILE",   # english: a metavar
                     help=_("start from an existing board (e.g. the partial teg2_americas)"))
    new.add_argument("--force", action="store_true", help=_("overwrite --out if it exists"))
    new.set_defaults(func=cmd_new)

    svg = sub.add_parser("svg", help=_("a printable SVG map of a board (its layout in "
                                       "boards/layout/)"))
    svg.add_argument("board", help=_("a board id or a JSON file"))
    svg.add_argument("--layout", metavar="FILE", help=_("the layout file (default: "
                                                        "layout/ID.json beside the board)"))
    svg.add_argument("--out", "-o", help=_("file to write (default: standard output)"))
    svg.add_argument("--paper", choices=sorted(PAPER), help=_("size the sheet for printing on this "
                     "paper (mm, the map's proportions kept, turned to fit)"))
    svg.set_defaults(func=cmd_svg)

    lay = sub.add_parser("layout", help=_("write a layout computed from the board's graph (a "
                                          "start to edit into boards/layout/ID.json)"))
    lay.add_argument("board", help=_("a board id or a JSON file"))
    lay.add_argument("--out", "-o", help=_("file to write (default: standard output)"))
    lay.add_argument("--seed", type=int, default=1, help=_("another seed, another drawing"))
    lay.add_argument("--force", action="store_true", help=_("overwrite --out if it exists"))
    lay.set_defaults(func=cmd_layout)

    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])


def _dir(args) -> str:
    if args.dir:
        if not os.path.isdir(args.dir):
            raise UsageError(_("no boards directory {dir}").format(dir=args.dir))
        return args.dir
    return core.boards_dir()


def _source(args, text: str) -> str:
    """A board id or a file path -> a file path."""
    if os.path.exists(text) or text.endswith(".json") or os.sep in text:
        if not os.path.exists(text):
            raise UsageError(_("no such board file: {file}").format(file=text))
        return _as_file(text)
    return core.board_path(text, _dir(args))


def _as_file(path: str) -> str:
    """An existing file as a path the core reads as a file whatever its name ends in (the core
    takes a bare word without ``/`` or ``.json`` for a shipped board's id)."""
    if os.path.isfile(path) and os.sep not in path and "/" not in path:
        return os.path.join(os.curdir, path)
    return path


# --- list ---------------------------------------------------------------------------------

def cmd_list(args) -> int:
    d = _dir(args)
    rows = []
    for bid in core.list_boards(d):
        path = os.path.join(d, bid + ".json")
        try:
            b = core.load_board(path)
        except BoardError as exc:
            rows.append((bid, _("INVALID: {why}").format(why=exc), "", "", "", ""))
            continue
        rows.append((b.id, b.name, str(b.n), str(b.continents), str(len(b.borders())),
                     ",".join(b.rulesets) + ("" if b.complete else "  " + _("(incomplete)"))))
    head = (_("id"), _("name"), _("countries"), _("continents"), _("borders"), _("rulesets"))
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
    for r in [head] + rows:
        print("  ".join(r[i].ljust(widths[i]) for i in range(len(head))).rstrip())
    return 0


# --- show ---------------------------------------------------------------------------------

def board_as_dict(b) -> dict:
    """A loaded board as plain JSON data (ids, not indices)."""
    return {
        "id": b.id, "name": str(b.name), "rulesets": list(b.rulesets), "complete": b.complete,
        "options": list(b.options),
        "edition_options": [{"id": o, "text": t} for o, t in b.edition_options],
        "counts": {"countries": b.n, "continents": b.continents, "borders": len(b.borders()),
                   "islands": len(b.islands())},
        "card_symbols": b.card_symbols,
        "continents": [{"id": b.continent_id(c), "name": b.continent_name(c),
                        "short": b.continent_short(c), "bonus": b.continent_bonus(c),
                        "countries": [b.cid(i) for i in b.members(c)]}
                       for c in range(b.continents)],
        "countries": [{"id": b.cid(i), "name": b.name(i), "short": b.short(i),
                       "continent": b.continent_id(b.continent_of(i)), "island": b.island(i),
                       "symbols": list(b.symbol(i)), "aliases": list(b.aliases(i)),
                       "neighbours": [b.cid(j) for j in b.neighbours(i)]}
                      for i in range(b.n)],
        "borders": [[b.cid(x), b.cid(y)] for x, y in b.borders()],
        "objectives": b.objectives,
        "common_objective": b.common_objective,
        "tables": b.tables,
    }


def _objective_text(b, o) -> str:
    if o.get("text"):
        return o["text"]
    return json.dumps(o, ensure_ascii=False)


def cmd_show(args) -> int:
    path = _source(args, args.board)
    b = core.load_board(path, options=tuple(args.option))
    if args.json:
        json.dump(board_as_dict(b), sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0
    out = []
    out.append(_("{name} ({id}) - rulesets: {rulesets}").format(
        name=b.name, id=b.id, rulesets=", ".join(b.rulesets) or _("none")))
    k, m = len(b.borders()), len(b.islands())
    out.append(", ".join((_n("{n} country", "{n} countries", b.n).format(n=b.n),
                          _n("{n} continent", "{n} continents", b.continents).format(n=b.continents),
                          _n("{n} border", "{n} borders", k).format(n=k),
                          _n("{n} island", "{n} islands", m).format(n=m)))
               + ("" if b.complete else "  " + _("INCOMPLETE: a partial board")))
    if b.options:
        out.append(_("edition options applied: {options}").format(options=", ".join(b.options)))
    for c in range(b.continents):
        out.append("")
        members = len(b.members(c))
        out.append(_("{continent} [{id}] bonus {bonus}, {countries}").format(
            continent=b.continent_name(c), id=b.continent_id(c), bonus=b.continent_bonus(c),
            countries=_n("{n} country", "{n} countries", members).format(n=members)))
        for i in b.members(c):
            flags = []
            if b.island(i):
                flags.append(_("island"))
            if b.symbol(i):
                flags.append("+".join(b.symbol(i)))
            nb = ", ".join(b.short(j) for j in b.neighbours(i))
            out.append(f"  {b.short(i):<10}  {b.name(i)} [{b.cid(i)}]"
                       + (f" ({'; '.join(flags)})" if flags else "") + f" -> {nb or '-'}")
    if b.edition_options:
        out.append("")
        out.append(_("edition options (--option ID):"))
        for oid, text in b.edition_options:
            out.append(f"  {oid}: {text}")
    if b.objectives or b.common_objective:
        out.append("")
        out.append(_("objectives:"))
        for o in b.objectives:
            out.append(f"  {o.get('id', '-')}. {_objective_text(b, o)}")
        if b.common_objective:
            out.append("  " + _("common: {objective}").format(objective=_objective_text(b, b.common_objective)))
    if b.tables:
        out.append("")
        out.append(_("tables:"))
        for k, v in b.tables.items():
            out.append(f"  {k}: {json.dumps(v, ensure_ascii=False)}")
    print("\n".join(out))
    return 0


# --- check --------------------------------------------------------------------------------

def cmd_check(args) -> int:
    bad = 0
    for path in args.files:
        src = _as_file(path)
        errors = core.check_board(src, label=path)
        for opt in args.option:
            if not errors:
                errors = core.check_board(src, options=(opt,), label=path)
        if errors:
            bad += 1
            print(_problems(path, len(errors)))
            for e in errors:
                print("  " + e)
            continue
        b = core.load_board(src, label=path)
        lpath = geometry.layout_path_for(src)
        if os.path.exists(lpath):
            lerrs = _layout_errors(lpath, b)
            if lerrs:
                bad += 1
                print(_problems(lpath, len(lerrs)))
                for e in lerrs:
                    print("  " + e)
                continue
        # (in the laptop's language; the problems themselves are the validator's English)
        k = len(b.borders())
        print(_("{file}: ok - {board}: {countries}, {continents}, {borders}").format(
            file=path, board=b.id, countries=_n("{n} country", "{n} countries", b.n).format(n=b.n),
            continents=_n("{n} continent", "{n} continents", b.continents).format(n=b.continents),
            borders=_n("{n} border", "{n} borders", k).format(n=k))
              + ("" if b.complete else " " + _("(incomplete)"))
              + "; " + (_("layout ok") if os.path.exists(lpath) else _("no layout")))
    return 1 if bad else 0


def _problems(path: str, n: int) -> str:
    return _n("{file}: {n} problem", "{file}: {n} problems", n).format(file=path, n=n)


def _layout_errors(lpath: str, b) -> list[str]:
    try:
        geometry.read_layout(lpath, b)
    except BoardError as exc:
        return list(getattr(exc, "errors", None) or [str(exc)])
    return []


# --- layout -------------------------------------------------------------------------------

def cmd_layout(args) -> int:
    path = _source(args, args.board)
    b = core.load_board(path)
    data = geometry.auto_layout(b, seed=args.seed)
    errs = geometry.check_layout(data, b, _("computed layout"))
    text = geometry.dumps_layout(data)
    if args.out:
        if os.path.exists(args.out) and not args.force:
            raise UsageError(_("{file} exists (--force to overwrite)").format(file=args.out))
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    for e in errs:   # a crowded graph: say what is left to fix by hand
        print("  " + e, file=sys.stderr)
    return 0


# --- svg ----------------------------------------------------------------------------------

PAPER = {"a3": (420, 297), "a4": (297, 210)}  # mm, landscape


def on_paper(text: str, w: int, h: int, paper: str) -> str:
    """The SVG with its width and height in millimetres: the largest size of the map's
    proportions that fits the paper, landscape or portrait as the map is (the viewBox stays)."""
    pw, ph = PAPER[paper]
    if h > w:
        pw, ph = ph, pw
    k = min(pw / w, ph / h)
    old = f'width="{w}" height="{h}"'
    return text.replace(old, f'width="{w * k:.1f}mm" height="{h * k:.1f}mm"', 1)   # english: SVG markup


def cmd_svg(args) -> int:
    from comando_host.maps import svgmap
    path = _source(args, args.board)
    b = core.load_board(path)
    lpath = args.layout or geometry.layout_path_for(path)
    if args.layout and not os.path.exists(lpath):
        raise UsageError(_("no layout file {file}").format(file=lpath))
    if os.path.exists(lpath):
        lay = geometry.read_layout(lpath, b)
    else:
        print(_("comando boards: no layout {file}: drawn from a layout computed from the "
                "board's graph (`comando boards layout {board} -o FILE` writes it to edit)").format(
                    file=lpath, board=args.board), file=sys.stderr)
        lay = geometry.Layout(b, geometry.auto_layout(b))
    text = svgmap.render(lay, title=str(b.name)) + "\n"
    if args.paper:
        text = on_paper(text, lay.width, lay.height, args.paper)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


# --- new ----------------------------------------------------------------------------------

def dumps_board(data: dict) -> str:
    """A board as JSON text in the shipped layout: keys in streaming order, one continent,
    country, border, option or objective per line (diff-friendly; the device streams it)."""
    keys = [k for k in _LAYOUT if k in data] + [k for k in data if k not in _LAYOUT]
    out = ["{"]
    for n, k in enumerate(keys):
        v = data[k]
        comma = "," if n < len(keys) - 1 else ""
        if k in _ONE_PER_LINE and isinstance(v, list) and v:
            out.append(f"  {json.dumps(k)}: [")
            for i, x in enumerate(v):
                out.append("    " + json.dumps(x, ensure_ascii=False)
                           + ("," if i < len(v) - 1 else ""))
            out.append("  ]" + comma)
        elif k == "tables" and isinstance(v, dict) and v:
            out.append(f"  {json.dumps(k)}: {{")
            items = list(v.items())
            for i, (tk, tv) in enumerate(items):
                out.append(f"    {json.dumps(tk)}: {json.dumps(tv, ensure_ascii=False)}"
                           + ("," if i < len(items) - 1 else ""))
            out.append("  }" + comma)
        else:
            out.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}{comma}")
    out.append("}")
    return "\n".join(out) + "\n"


_HELP = ("Describe your board: one entry per continent and per country. Give each country its "
         "neighbours (both sides must list each other; a bridge over water is a neighbour too), "
         "a short name of at most 10 plain ASCII characters for the OLED, and its continent. "
         "Then run: comando boards check THIS_FILE")


def template(n: int, k: int, bid: str, name: str, rulesets: list[str]) -> dict:
    if not 1 <= k <= n:
        raise UsageError(_("--continents must be between 1 and --countries ({n}), got {k}").format(n=n, k=k))
    if n > 255:
        raise UsageError(_("--countries: at most 255 countries"))
    conts = [{"id": f"continent_{c + 1}", "name": f"Continent {c + 1}",
              "short": f"Cont. {c + 1}", "bonus": 0, "countries": 0} for c in range(k)]
    countries = []
    for i in range(n):
        c = i * k // n
        conts[c]["countries"] += 1
        countries.append({"id": f"country_{i + 1}", "name": f"Country {i + 1}",
                          "short": f"Country {i + 1}"[:10], "continent": f"continent_{c + 1}",
                          "island": False, "symbols": [], "aliases": [], "neighbours": []})
    return {
        "$comment": _HELP,
        "schema": core.SCHEMA, "id": bid, "name": name, "rulesets": rulesets or ["teg"],
        "complete": True,
        "counts": {"countries": n, "continents": k},
        "card_symbols": {},
        "continents": conts,
        "countries": countries,
        "tables": {"colours": ["blue", "red", "black", "yellow", "green", "magenta"],
                   "seats": {"min": 2, "max": 6}},
        "objectives": [],
        "common_objective": None,
    }


def from_board(path: str, bid: str | None, name: str | None) -> dict:
    """An existing board file, rewritten with per-country neighbour lists to edit."""
    with open(path, "rb") as f:
        raw = f.read()
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeError:
        raise BoardError(_("{file}: not UTF-8 text (save the file as UTF-8)").format(file=path)) from None
    except ValueError as exc:
        raise BoardError(_("{file}: not valid JSON ({why})").format(file=path, why=exc)) from None
    if not isinstance(data, dict) or not isinstance(data.get("countries"), list):
        raise BoardError(_("{file}: not a board file").format(file=path))
    nb: dict[str, list[str]] = {}
    for c in data["countries"]:
        if isinstance(c, dict) and isinstance(c.get("id"), str):
            given = c.get("neighbours") or []
            nb.setdefault(c["id"], list(given) if isinstance(given, list) else [])
    borders = data.pop("borders", None) or []
    if not isinstance(borders, list):
        raise BoardError(_("{file}: borders: expected a list of pairs of country ids").format(file=path))
    for k, pair in enumerate(borders):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
            raise BoardError(_("{file}: borders[{k}]: expected a pair of country ids, got {pair}").format(
                file=path, k=k, pair=json.dumps(pair)))
        a, b = pair
        nb.setdefault(a, []).append(b)
        nb.setdefault(b, []).append(a)
    for c in data["countries"]:
        if isinstance(c, dict) and c.get("id") in nb:
            c["neighbours"] = nb[c["id"]]
    data["$comment"] = _HELP
    if bid:
        data["id"] = bid
    if name:
        data["name"] = name
    return data


def cmd_new(args) -> int:
    if args.source:
        data = from_board(_source(args, args.source),
                          args.id if args.id != "my_board" else None,
                          args.name if args.name != MY_BOARD else None)
    else:
        if args.countries < 1:
            raise UsageError(_("--countries must be at least 1"))
        rulesets = [r.lower() for r in args.ruleset]
        for r, typed in zip(rulesets, args.ruleset):
            if r not in RULESET_IDS:
                raise UsageError(_("unknown ruleset {ruleset}: one of {rulesets}").format(
                    ruleset=repr(typed), rulesets=", ".join(RULESET_IDS)))
        data = template(args.countries, args.continents, args.id, args.name, rulesets)
    text = dumps_board(data)
    if not args.out:
        sys.stdout.write(text)
        return 0
    if os.path.exists(args.out) and not args.force:
        raise UsageError(_("{file} exists (use --force to overwrite)").format(file=args.out))
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    problems = core.check_board(args.out)
    said = _("wrote {file}: fill it in, then `comando boards check {file}`").format(file=args.out)
    if problems:
        said += " " + _n("({n} thing to fill in now)", "({n} things to fill in now)",
                         len(problems)).format(n=len(problems))
    print(said)
    return 0
