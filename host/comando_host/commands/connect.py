"""comando connect [PORT]: mirror a device live and store its game on the laptop."""

from comando_host.commands._common import add_db, open_store


def register(sub):
    p = sub.add_parser("connect", help="mirror a device live (auto-detects a Pico; or a port, "
                       "a pseudo-terminal, socket:// or loop://) and store its events")
    p.add_argument("port", nargs="?", default=None, help="serial port or URL (default: the Pico)")
    p.add_argument("--seconds", type=float, default=None, help="stop after this long")
    add_db(p)
    p.set_defaults(func=run)


def run(args):
    from comando_host.mirror import Mirror
    from comando_host.session import HostSession
    from comando_host.transport import open_transport

    transport = open_transport(args.port)
    store = open_store(args)
    try:
        session = HostSession(transport, store)
        return Mirror(session, port=transport.name).run(args.seconds)
    except KeyboardInterrupt:
        return 0
    finally:
        transport.close()
        store.close()
