"""`comando club`: a club night's server on PostgreSQL, and the tables joining it.

    comando club init  --db-url URL --club NAME --organiser LOGIN   (the password on stdin)
    comando club table --db-url URL --club NAME TABLE [--revoke]      (prints the table's token)
    comando club serve --db-url URL [--port 8770] [--lan ADDRESS]
    comando club serve --demo       (a throwaway PostgreSQL cluster of its own, one laptop)
    comando club join  URL --token TOKEN [--db table.db] [--once]
    comando club tournament {create,register,draw,clock,close,show,standings} --db-url URL
                            --club NAME TOURNAMENT ...
    comando club stats --db-url URL [--club NAME] PLAYER [--json]

The organiser makes the club once (init), runs the server (serve: the schema is migrated at
start), logs in and makes each table's token (POST /api/tables); each table's laptop joins with
its token and pushes its games as they are played. docs/club.md tells the whole.
"""

from __future__ import annotations

import errno
import os
import sys

from comando_host.cli import UsageError
from comando_host.text.lang import _

DEFAULT_PORT = 8770
DB_ENV = "COMANDO_CLUB_DB"
TOKEN_ENV = "COMANDO_CLUB_TOKEN"


def register(subparsers) -> None:
    p = subparsers.add_parser("club", help=_("a club's server on PostgreSQL; a table joining it"),
                              description=_("`comando club`: a club night's server on PostgreSQL, and "
                                            "the tables joining it."))
    sub = p.add_subparsers(dest="club_command",
                           metavar="{init,table,serve,join,tournament,stats}")
    i = sub.add_parser("init", help=_("make the club and its organiser (password on stdin)"))
    _db_url(i)
    i.add_argument("--club", required=True, help=_("the club's name"))
    i.add_argument("--organiser", required=True, help=_("the organiser's login"))
    i.set_defaults(func=run_init)
    t = sub.add_parser("table", help=_("make a table's token (shown once), or --revoke it"))
    _db_url(t)
    t.add_argument("--club", required=True, help=_("the club's name"))
    t.add_argument("name", help=_("the table's name"))
    t.add_argument("--revoke", action="store_true", help=_("revoke the table's token instead"))
    t.set_defaults(func=run_table)
    s = sub.add_parser("serve", help=_("the club's server (migrates the schema at start)"))
    _db_url(s)
    s.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=_("TCP port (default %d; 0 picks a free one)") % DEFAULT_PORT)
    s.add_argument("--lan", metavar="ADDRESS", help=_("listen on this address instead of 127.0.0.1 "
                   "(0.0.0.0: every address), so the tables' laptops reach it"))
    s.add_argument("--demo", action="store_true", help=_("try a club on this machine: a throwaway "
                   "PostgreSQL cluster of its own (Debian's postgresql), a club 'demo' with the "
                   "organiser 'demo', a table 'table 1' whose token is printed; gone when it stops"))
    s.set_defaults(func=run_serve)
    j = sub.add_parser("join", help=_("push this table's games to a club, and follow them"))
    j.add_argument("url", help=_("the club's address, e.g. http://192.168.1.10:%d") % DEFAULT_PORT)
    j.add_argument("--token", help=_("this table's token (the organiser makes it; default $%s)")
                   % TOKEN_ENV)
    j.add_argument("--db", metavar="PATH", help=_("the table's game database (default: $COMANDO_DB, "
                   "else the per-user data directory)"))
    j.add_argument("--once", action="store_true", help=_("push what is stored, then stop"))
    j.set_defaults(func=run_join)
    register_tournament(sub)
    st = sub.add_parser("stats", help=_("a player's games, wins, ratings, luck and rivals"))
    _db_url(st)
    st.add_argument("--club", help=_("the club's name (needed when the database holds several)"))
    st.add_argument("player", help=_("the player's name, as seated at the tables"))
    st.add_argument("--json", action="store_true", help=_("the statistics as JSON"))
    st.set_defaults(func=run_stats)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])


def register_tournament(sub) -> None:
    t = sub.add_parser("tournament", help=_("a tournament: create, register, draw a round, set its "
                       "clock, close it, standings (the organiser, on the database)"))
    ts = t.add_subparsers(dest="tournament_command",
                          metavar="{create,register,draw,clock,close,show,standings}")

    def cmd(name, help_):
        c = ts.add_parser(name, help=help_)
        _db_url(c)
        c.add_argument("--club", required=True, help=_("the club's name"))
        c.add_argument("tournament", help=_("the tournament's name (or id)"))
        c.set_defaults(func=run_tournament, action=name)
        return c

    c = cmd("create", _("make a tournament"))
    c.add_argument("--ruleset", required=True, help=_("the ruleset its games are played by (teg, ...)"))
    c.add_argument("--scheme", default="risiko", help=_("scoring: risiko (placement points plus the "
                   "objective bonus), wins, or a JSON file of your own (default risiko)"))
    c = cmd("register", _("register players"))
    c.add_argument("players", nargs="+", help=_("the players' names"))
    c = cmd("draw", _("draw the next round's tables"))
    c.add_argument("--seed", type=int, help=_("the draw's seed (default: a random one, printed)"))
    c = cmd("clock", _("set a round's clock (the table clock's words: limit:90m,end:roll)"))
    c.add_argument("round", type=int)
    c.add_argument("clock", help=_("e.g. limit:90m,end:roll or turn:2m,limit:2h,end:round"))
    c = cmd("close", _("close a round (each of its tables' games ended)"))
    c.add_argument("round", type=int)
    cmd("show", _("the tournament: rounds, tables, clocks, games (JSON)"))
    c = cmd("standings", _("the standings after the closed rounds"))
    c.add_argument("--through", type=int, metavar="N", help=_("after round N"))
    g = c.add_mutually_exclusive_group()
    g.add_argument("--csv", action="store_true", help=_("as CSV"))
    g.add_argument("--json", action="store_true", help=_("as JSON"))
    t.set_defaults(func=lambda args: (t.print_help(), 2)[1])


def run_tournament(args) -> int:
    _needs_extra()
    import json

    from comando_host.club import tournaments as T
    from comando_host.club.db import ClubError
    club = open_club(db_url(args))
    try:
        cid = club.club_id(args.club)
        if args.action == "create":
            tid = T.create(club, cid, args.tournament, args.ruleset, args.scheme)
            print(_("tournament %r made (id %d)") % (args.tournament, tid))
            return 0
        tid = T.find(club, cid, args.tournament)
        if args.action == "register":
            names = T.register(club, cid, tid, args.players)
            print(_("registered: %s") % ", ".join(names))
        elif args.action == "draw":
            d = T.draw_round(club, cid, tid, args.seed)
            print(_("round %d (seed %d):") % (d["round"], d["seed"]))
            for i, names in enumerate(d["tables"], 1):
                print("  " + _("table %d: %s") % (i, ", ".join(names)))
        elif args.action == "clock":
            from comando.clock_options import words
            opts = T.set_clock(club, cid, tid, args.round, args.clock)
            print(_("round %d's clock: %s") % (args.round, ", ".join(
                "%s %s" % (k, words(v) if isinstance(v, int) else v) for k, v in opts.items())))
        elif args.action == "close":
            T.close_round(club, cid, tid, args.round)
            print(_("round %d closed") % args.round)
        elif args.action == "show":
            print(json.dumps(T.show(club, cid, tid), indent=1, ensure_ascii=False))
        else:
            table = T.standings(club, cid, tid, args.through)
            if args.csv:
                sys.stdout.write(T.csv_text(table))
            elif args.json:
                print(json.dumps(table, indent=1, ensure_ascii=False))
            else:
                print(_("%s: standings after %d round(s) (%s)") % (
                    table["tournament"], table["rounds_closed"], table["scheme"]))
                for s in table["standings"]:
                    print(_("%3d. %-24s %6g points, %d games, %d won, rating %.2f") % (
                        s["rank"], s["player"], s["points"], s["games"], s["wins"],
                        s["rating"]))
    except ClubError as exc:
        raise UsageError(str(exc)) from None
    finally:
        club.close()
    return 0


def run_stats(args) -> int:
    _needs_extra()
    import json

    from comando_host.club import stats
    from comando_host.club.db import ClubError
    club = open_club(db_url(args))
    try:
        s = stats.player(club, club.club_for(args.club), args.player)
    except ClubError as exc:
        raise UsageError(str(exc)) from None
    finally:
        club.close()
    print(json.dumps(s, indent=1, ensure_ascii=False) if args.json else stats.words(s))
    return 0


def _db_url(p):
    p.add_argument("--db-url", metavar="URL", help=_("the club's PostgreSQL database, "
                   "postgresql://USER@HOST:PORT/NAME (default $%s)") % DB_ENV)


def db_url(args) -> str:
    url = args.db_url or os.environ.get(DB_ENV)
    if not url:
        raise UsageError(_("give the club's database: --db-url postgresql://USER@HOST/NAME "
                           "(or $%s)") % DB_ENV)
    if not url.startswith(("postgresql://", "postgres://")):
        raise UsageError(_("--db-url %r is not a postgresql:// URL") % url)
    return url


def _needs_extra():
    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
        import argon2  # noqa: F401
        import openskill  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        from comando_host.howto import install_extra
        raise UsageError(_("the club server needs the club extra (%s)") % install_extra("club")) \
            from None


def open_club(url, warm=False):
    """The club's database; ``warm``: the server's, its pool's connections all opened at start
    (a burst of pushes, every table's first at once, waits for none being made)."""
    from comando_host.club.db import Club, DatabaseDown
    from comando_host.club.schema import SchemaTooNew
    try:
        return Club(url, min_size=8 if warm else 1)
    except (DatabaseDown, SchemaTooNew) as exc:
        raise UsageError(str(exc)) from None


def run_init(args) -> int:
    _needs_extra()
    url = db_url(args)
    password = sys.stdin.readline().rstrip("\r\n")
    from comando_host.club.db import ClubError
    club = open_club(url)
    try:
        cid = club.create_club(args.club, args.organiser, password)
    except ClubError as exc:
        raise UsageError(str(exc)) from None
    finally:
        club.close()
    print(_("club %r made (id %d); its organiser logs in as %r") % (args.club, cid, args.organiser))
    return 0


def run_table(args) -> int:
    """The organiser on the server's machine: a table's token without the HTTP API."""
    _needs_extra()
    from comando_host.club.db import ClubError
    club = open_club(db_url(args))
    try:
        cid = club.club_id(args.club)
        if args.revoke:
            club.revoke_table(cid, club.table_id(cid, args.name))
            print(_("table %r: its token is revoked") % args.name)
            return 0
        _tid, token = club.create_table(cid, args.name)
    except ClubError as exc:
        raise UsageError(str(exc)) from None
    finally:
        club.close()
    print(token)
    return 0


def demo_cluster():
    """(cluster, its URL, its directory) of a throwaway cluster with a club made in it; the
    organiser's password and table 1's token printed."""
    import secrets
    import tempfile

    from comando_host.club.pgcluster import Cluster, ClusterError
    root = tempfile.mkdtemp(prefix="comando-club-demo-")
    try:
        cluster = Cluster(root).start()
    except ClusterError as exc:
        import shutil
        shutil.rmtree(root, ignore_errors=True)
        raise UsageError("--demo: %s" % exc) from None
    club = open_club(cluster.url)
    try:
        password = secrets.token_urlsafe(9)
        cid = club.create_club("demo", "demo", password)
        _tid, token = club.create_table(cid, "table 1")
    finally:
        club.close()
    print(_("comando club: demo database %s (gone when this stops); organiser 'demo', password %s; "
            "table 1's token %s") % (cluster.url, password, token), flush=True)
    return cluster, cluster.url, root


def run_serve(args) -> int:
    _needs_extra()
    demo = None
    if args.demo:
        if args.db_url:
            raise UsageError(_("--demo makes its own database: give --db-url or --demo, not both"))
        demo = demo_cluster()
        url = demo[1]
    else:
        url = db_url(args)
    import signal

    class Stopped(Exception):
        pass

    def stopped(signum, frame):
        raise Stopped()

    # uvicorn stops gracefully on SIGTERM, then raises it again with the handler it found: this
    # one, so that the demo cluster is stopped and removed below rather than left running
    signal.signal(signal.SIGTERM, stopped)
    try:
        return serve(args, url)
    except Stopped:
        return 0
    finally:
        if demo is not None:
            import shutil
            demo[0].stop("immediate")   # a throwaway cluster: nothing to keep
            shutil.rmtree(demo[2], ignore_errors=True)


def serve(args, url) -> int:
    from comando_host.commands.web import host_for
    host = host_for(args.lan)
    if not 0 <= args.port <= 65535:
        raise UsageError(_("--port %d is not a TCP port (0..65535)") % args.port)
    club = open_club(url, warm=True)
    import uvicorn

    from comando_host.club.server import create_app
    from comando_host.web.app import bind
    try:
        sock = bind(host, args.port)
    except OSError as exc:
        club.close()
        raise UsageError(_("cannot listen on %s port %d: %s%s") % (
            host, args.port, exc.strerror or exc,
            _(" (another program has it: pick another with --port)")
            if exc.errno == errno.EADDRINUSE else "")) from None
    sock.listen(128)   # connections wait in the backlog from now on: "serving" is true when said
    port = sock.getsockname()[1]
    # no per-message deflate on /ws: the same card goes to every spectator, and compressing it
    # again for each socket was a third of the server's time sending (docs/club.md)
    server = uvicorn.Server(uvicorn.Config(create_app(club), log_level="warning",
                                           lifespan="on", ws_per_message_deflate=False))
    shown = "[%s]" % host if ":" in host else host
    print(_("comando club: serving http://%s:%d/ (Ctrl-C stops it)") % (shown, port), flush=True)
    server.run(sockets=[sock])
    return 0


def run_join(args) -> int:
    token = args.token or os.environ.get(TOKEN_ENV)
    if not token:
        raise UsageError(_("give this table's token: --token TOKEN (or $%s)") % TOKEN_ENV)
    if not args.url.startswith(("http://", "https://")):
        raise UsageError(_("%r is not the club's address (http://HOST:PORT)") % args.url)
    from comando_host.club import join
    from comando_host.store.db import default_path
    return join.run(args.url, token, args.db or default_path(), once=args.once)
