"""Shared bits of the link/store commands."""

# (the path's leaf, not store.db: a command's parser is built without sqlite3, issue 28)
from comando_host.store.dbpath import ENV
from comando_host.text.lang import _


def add_db(p):
    p.add_argument("--db", metavar="PATH", help=_("the game database (default: $%s, else the "
                   "per-user data directory)") % ENV)


def open_store(args, create: bool = False):
    """The game database of ``--db`` (or the default). Commands that only read it pass
    ``create=False``: a mistyped path is refused, never made into a new empty database."""
    from comando_host.store.db import Store
    return Store(args.db, create=create)
