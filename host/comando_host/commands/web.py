"""`comando web`: the live page of the table's map, served on this machine.

    comando web [--db PATH] [--port 8765] [--lan ADDRESS]

The page shows the newest stored game as it is played (the link stores what the device sends:
`comando run`, `comando connect`), or any stored game with ?game=ID, replayed with a slider.
For a game that is not read-only the page also enters its events (click a country, type a
number, the phase's buttons; New game starts one this laptop plays): to a linked device as host
commands, or stored here for a game the laptop plays (comando_host/web/pageinput.py).
It listens on 127.0.0.1 only; another machine on the network can open it only when `--lan`
names an address of this machine to listen on (0.0.0.0: every address).
"""

from __future__ import annotations

import errno
import ipaddress

from comando_host.cli import UsageError
from comando_host.commands._common import add_db
from comando_host.text.lang import _

DEFAULT_PORT = 8765


def register(subparsers) -> None:
    p = subparsers.add_parser("web", help=_("the live page of the map (a browser on this machine)"),
                              description=_("`comando web`: the live page of the table's map, served on this "
                                            "machine."))
    add_db(p)
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=_("TCP port (default %d; 0 picks a free one)") % DEFAULT_PORT)
    p.add_argument("--lan", metavar="ADDRESS",
                   help=_("listen on this address instead of 127.0.0.1, so other machines can open "
                          "the page (0.0.0.0: every address of this machine)"))
    p.add_argument("--lan-input", action="store_true",
                   help=_("with --lan: pages on other machines may enter events too (else only "
                          "this machine's page enters them; the others watch)"))
    p.set_defaults(func=run)


def host_for(lan: str | None) -> str:
    if lan is None:
        return "127.0.0.1"
    try:
        ipaddress.ip_address(lan)
    except ValueError:
        raise UsageError(_("--lan {address} is not an IP address of this machine").format(
            address=repr(lan))) from None
    return lan


def run(args) -> int:
    host = host_for(args.lan)
    if args.lan_input and args.lan is None:
        raise UsageError(_("--lan-input needs --lan ADDRESS (without --lan no other machine "
                           "reaches the page)"))
    if not 0 <= args.port <= 65535:
        raise UsageError(_("--port %d is not a TCP port (0..65535)") % args.port)
    try:
        import uvicorn

        from comando_host.web.app import create_app
    except ImportError:
        from comando_host.howto import install_extra
        raise UsageError(_("the web page needs the web extra (%s)") % install_extra("web")) from None
    from comando_host.store.db import Store
    db = Store(args.db)  # opens (and creates) the store now: a bad path fails here, in one line
    path = db.path
    db.close()
    from comando_host.web.app import bind, socket_limits
    from comando_host.web.guard import Guard
    try:
        sock = bind(host, args.port)
    except OSError as exc:   # one line naming the address and port, exit 2
        raise UsageError(_("cannot listen on %s port %d: %s%s") % (
            host, args.port, exc.strerror or exc,
            _(" (another program has it: pick another with --port, or --port 0)")
            if exc.errno == errno.EADDRINUSE else "")) from None
    port = sock.getsockname()[1]
    guard = Guard(args.lan, port)
    server = uvicorn.Server(uvicorn.Config(create_app(path, lan_input=args.lan_input,
                                                      guard=guard),
                                           log_level="warning", **socket_limits()))
    shown = f"[{host}]" if ":" in host else host
    print(_("comando web: the page is at http://{host}:{port}/ (the store {path}); "
            "Ctrl-C stops it").format(host=shown, port=port, path=path), flush=True)
    server.run(sockets=[sock])
    return 0
