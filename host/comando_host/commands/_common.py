"""Shared bits of the link/store commands."""

from comando_host.store import ENV, Store


def add_db(p):
    p.add_argument("--db", metavar="PATH", help="the game database (default: $%s, else the "
                   "per-user data directory)" % ENV)


def open_store(args) -> Store:
    return Store(args.db)
