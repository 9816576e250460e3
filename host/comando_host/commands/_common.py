"""Shared bits of the link/store commands."""

from comando_host.store.db import ENV, Store


def add_db(p):
    p.add_argument("--db", metavar="PATH", help="the game database (default: $%s, else the "
                   "per-user data directory)" % ENV)


def open_store(args, create: bool = False) -> Store:
    """The game database of ``--db`` (or the default). Commands that only read it pass
    ``create=False``: a mistyped path is refused, never made into a new empty database."""
    return Store(args.db, create=create)
