"""Reading a file the user names (a game log, a device journal, a button script): a regular file
only, and at most a bounded number of bytes. A FIFO, a device (a symlink to /dev/zero) or a
directory would hang the reader or never end; a huge file would fill the memory."""

from __future__ import annotations

import os
import stat

# A game log is about 100 bytes an event: a long game is well under a megabyte.
LOG_LIMIT = 32 * 1024 * 1024
SCRIPT_LIMIT = 1024 * 1024


class InputError(ValueError):
    """A file that cannot be taken as input: one line naming it and why (the CLI: exit 2)."""


def _kind(mode) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (a named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device file"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _size(n: int) -> str:
    return "%d MiB" % (n // (1024 * 1024)) if n >= 1024 * 1024 else "%d bytes" % n


def read_bytes(path: str, limit: int = LOG_LIMIT, what: str = "file") -> bytes:
    """The bytes of the regular file ``path`` (a symlink to one is fine); InputError when it is
    missing, not a regular file or larger than ``limit``."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused just after)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise InputError("cannot read the %s %s: %s" % (what, path, exc.strerror or exc)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError("%s is %s, not a %s: give a regular file" % (path, _kind(st.st_mode),
                                                                        what))
        too_big = "%s is too big for a %s (more than %s)" % (path, what, _size(limit))
        if st.st_size > limit:
            raise InputError(too_big)
        chunks, n = [], 0
        while n <= limit:             # bounded even if the file grows while it is read
            chunk = os.read(fd, min(1 << 20, limit + 1 - n))
            if not chunk:
                break
            chunks.append(chunk)
            n += len(chunk)
        if n > limit:
            raise InputError(too_big)
        return b"".join(chunks)
    except OSError as exc:
        raise InputError("cannot read the %s %s: %s" % (what, path, exc.strerror or exc)) from None
    finally:
        os.close(fd)


def read_text(path: str, limit: int = LOG_LIMIT, what: str = "file") -> str:
    """read_bytes as UTF-8 text; InputError naming the first byte that is not."""
    data = read_bytes(path, limit, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError("%s is not UTF-8 text (byte 0x%02x at offset %d)"
                         % (path, data[exc.start], exc.start)) from None
