"""The game id the link gives the laptop, kept in ``game.id`` next to the journal with the CRC of
the journal's first line (device.link; device.link_wait makes it for a game started before the
laptop spoke, without loading the link)."""

import os   # (at the top: a function-level import of a built-in module searches the filesystem)


def _path(journal):
    return journal.hal.root + "/game.id"


def first_crc(journal):
    """The CRC of the journal's first line: ties game.id to the game it was made for."""
    try:
        with journal.open_read() as f:
            return f.read(8).decode()
    except (OSError, ValueError):
        return ""


def load(journal):
    """The id of the journal's game: game.id when it was made for it, else one derived from the
    journal's first line ("" for an empty journal)."""
    if not journal.last_seq:
        return ""
    first = first_crc(journal)
    try:
        with journal.hal.open(_path(journal), "rb") as f:
            parts = f.read().decode().split()
        # an id made for another game (its journal was replaced while no link ran) is stale
        if len(parts) == 2 and parts[1] == first:
            return parts[0]
    except (OSError, ValueError):
        pass
    return "j" + (first or "0")


def new(journal):
    """A random id for the game whose first event was just journaled, saved in game.id."""
    raw = os.urandom(5)
    gid = "g" + "".join("%02x" % b for b in raw)
    try:
        with journal.hal.open(_path(journal), "wb") as f:
            f.write(("%s %s" % (gid, first_crc(journal))).encode())
    except OSError:
        pass
    return gid
