"""comando games: the games stored on this laptop (newest first), one aligned line each, within
the terminal's width (COLUMNS, else the terminal's; no limit into a pipe or a file): when the
table is too wide the last-update column goes, dates lose their year and rulesets are named by
their id, then players' names and the result are shortened with "…" (never a game's id)."""

import os
import time

from comando_host.commands._common import add_db, open_store
from comando_host.text.lang import N_, _


def register(sub):
    p = sub.add_parser("games", help=_("list the stored games"))
    add_db(p)
    p.set_defaults(func=run)


def plain():
    """The plain form (comando_host.commands._plain): ``register``'s one option."""
    from comando_host.commands._plain import Spec
    spec = Spec(run)
    spec.value("--db", "db")
    return spec


def when(t) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t)) if t else "-"


def when_short(t) -> str:
    """A date in a narrow table: "12-04 21:06" this year, "2025-03-01" before (as ``ls -l``)."""
    if not t:
        return "-"
    lt = time.localtime(t)
    same_year = lt.tm_year == time.localtime().tm_year
    return time.strftime("%m-%d %H:%M" if same_year else "%Y-%m-%d", lt)


def rows(store):
    """Per stored game: (id, created, ruleset id, board, players (a list), events, result,
    updated), from the summary row each writer keeps (summaries.py); a game whose row is missing
    or behind its events is folded here, once, and its row kept for the next listing."""
    from comando_host.store.summaries import row_of
    kept = store.summaries()
    out, fresh = [], []
    for gid, board, ruleset, fw, origin, created, updated, last in store.listing():
        summary = kept.get(gid)
        if summary is not None and summary[0] == last and summary[5] >= 0:
            _when, players, result, sboard, sruleset, n = summary
            board, ruleset = sboard or board, sruleset or ruleset
        else:
            from comando_host.text.view import GameView
            n = store.event_count(gid)
            try:
                view, _err = GameView.from_store(store, gid)
                _when, result, vboard, vruleset = row_of(view)
                players = list(view.players)
                board, ruleset = vboard or board, vruleset or ruleset
                fresh.append((gid, last, view))
            except Exception:  # a log this laptop cannot read: list it anyway
                players, result = [], "-"
        out.append((gid, created, ruleset or "", board or "-", players, "%d" % n,
                    result or "-", updated))
    store.keep_summaries(fresh)
    return out


HEAD = (N_("game"), N_("started"), N_("ruleset"), N_("board"), N_("players"), N_("events"), N_("result"),
        N_("last update"))
COMPACT = ("game", "started", "ruleset", "players", "events", "result")
# The narrowest each shortened column gets before the line itself is cut.
SHRINK = {"players": 12, "result": 10}


def _name_only(player: str) -> str:
    """ "Ana (red)" -> "Ana": a narrow table keeps the names, the colours are in `show`."""
    head, sep, tail = player.rpartition(" (")
    return head if sep and head and tail.endswith(")") else player


def table(body, width=None):
    """The lines of the games table within ``width`` columns (None: as wide as it is). Too
    wide: without the last update, then compact (dates without the year, the ruleset by its id
    with the board beside it only when it is not the ruleset's own: "risk/westeros", players by
    name), then players and result shortened."""
    from comando_host.terminal.fitcols import cells, fit, join_names
    from comando_host.text.record import ruleset_name
    from comando_host.text.textsafe import printable

    def full():
        for gid, created, rs, board, players, n, result, updated in body:
            names = [printable(p) for p in players]   # (escaped before measured)
            yield (printable(gid), when(created), ruleset_name(rs) if rs else "-",
                   printable(board), ", ".join(names) or "-", n, printable(result),
                   when(updated))

    def compact():
        for gid, created, rs, board, players, n, result, updated in body:
            names = [printable(_name_only(p)) for p in players]
            rules = rs or "-"
            if board not in ("-", "", rs):
                rules = "%s/%s" % (rules, printable(board)) if rs else printable(board)
            yield (printable(gid), when_short(created), rules,
                   (lambda w, names=names: join_names(names, w)), n, printable(result))

    said = {h: _(h) for h in HEAD}   # the columns' names in the laptop's language
    head, rows_ = HEAD, list(full())
    if width is not None:
        keep = [i for i, h in enumerate(HEAD) if h != "last update"]
        need = sum(max(cells(x) for x in [said[HEAD[i]]] + [r[i] for r in rows_]) for i in keep)
        if need + 2 * (len(keep) - 1) > width:
            head = COMPACT
            rows_ = list(compact())
    # (the start goes last: a game played here has it in its id, "play-20261204-2108...")
    return fit([said[h] for h in head], rows_, width, {said[k]: v for k, v in SHRINK.items()},
               drop=(said["last update"],), drop_late=(said["started"],), right=(said["events"],),
               favour={said["players"]: 2})


def output_width():
    """The columns to keep within: COLUMNS when set, else the terminal's; None into a pipe."""
    import sys
    env = os.environ.get("COLUMNS", "")
    if env.isdigit() and int(env) > 0:
        return int(env)
    try:
        if sys.stdout.isatty():
            return os.get_terminal_size(sys.stdout.fileno()).columns
    except (OSError, ValueError, AttributeError):
        pass
    return None


def run(args):
    from comando_host.store.dbpath import default_path
    if not args.db and not os.path.exists(default_path()):
        print(_("no games stored yet (%s)") % default_path())
        return 0
    store = open_store(args)
    body = rows(store)
    if not body:
        print(_("no games stored yet (%s)") % store.path)
        return 0
    for line in table(body, output_width()):
        print(line)
    return 0
