"""comando connect [PORT]: mirror a device live and store its game on the laptop.

If the port goes away (the Pico unplugged or reset), the mirror waits for it to come back and
carries on; the device catches the laptop up from its journal.
"""

import sys
import time

from comando_host.commands._common import add_db, open_store


def register(sub):
    p = sub.add_parser("connect", help="mirror a device live (auto-detects a Pico; or a port, "
                       "a pseudo-terminal, socket:// or loop://) and store its events")
    p.add_argument("port", nargs="?", default=None, help="serial port or URL (default: the Pico)")
    p.add_argument("--seconds", type=float, default=None, help="stop after this long")
    add_db(p)
    p.set_defaults(func=run)


def run(args):
    from comando_host.cli import UsageError
    from comando_host.mirror import Mirror
    from comando_host.session import HostSession
    from comando_host.transport import open_transport

    end = None if args.seconds is None else time.monotonic() + args.seconds
    transport = open_transport(args.port)       # the first open: a bad port is a usage error
    store = open_store(args)
    try:
        while True:
            session = HostSession(transport, store)
            left = None if end is None else max(0.0, end - time.monotonic())
            rc = Mirror(session, port=transport.name).run(left)
            transport.close()
            if not transport.broken:
                return rc
            print("comando connect: waiting for the device to come back (Ctrl-C to stop)",
                  file=sys.stderr)
            transport = None
            while transport is None:
                if end is not None and time.monotonic() >= end:
                    return 0
                time.sleep(1.0)
                try:
                    transport = open_transport(args.port)
                except UsageError:
                    transport = None
    except KeyboardInterrupt:
        return 0
    finally:
        if transport is not None:
            transport.close()
        store.close()
