"""Reading a file the user names (a game log, a device journal, a button script): a regular file
only, and at most a bounded number of bytes. A FIFO, a device (a symlink to /dev/zero) or a
directory would hang the reader or never end; a huge file would fill the memory."""

from __future__ import annotations

import os
import stat

from comando_host.text.lang import _

# A game log is about 100 bytes an event: a long game is well under a megabyte.
LOG_LIMIT = 32 * 1024 * 1024
SCRIPT_LIMIT = 1024 * 1024


class InputError(ValueError):
    """A file that cannot be taken as input: one line naming it and why (the CLI: exit 2)."""


def _kind(mode) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return _("a FIFO (a named pipe)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device file")
    if stat.S_ISSOCK(mode):
        return "a socket"
    return _("not a regular file")


def _size(n: int) -> str:
    return "%d MiB" % (n // (1024 * 1024)) if n >= 1024 * 1024 else "%d bytes" % n


def _open_checked(path: str, limit: int, what: str) -> int:
    """The fd of the regular file ``path``, opened for reading; InputError when it is missing,
    not a regular file or larger than ``limit``."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused just after)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise InputError(_("cannot read the %s %s: %s") % (what, path, exc.strerror or exc)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(_("%s is %s, not a %s: give a regular file") % (path, _kind(st.st_mode),
                                                                        what))
        if st.st_size > limit:
            raise InputError(_too_big(path, what, limit))
    except OSError as exc:
        os.close(fd)
        raise InputError(_("cannot read the %s %s: %s") % (what, path, exc.strerror or exc)) from None
    except BaseException:
        os.close(fd)
        raise
    return fd


def _too_big(path, what, limit):
    return _("%s is too big for a %s (more than %s)") % (path, what, _size(limit))


def read_bytes(path: str, limit: int = LOG_LIMIT, what: str = "file") -> bytes:
    """The bytes of the regular file ``path`` (a symlink to one is fine); InputError when it is
    missing, not a regular file or larger than ``limit``."""
    fd = _open_checked(path, limit, what)
    try:
        chunks, n = [], 0
        while n <= limit:             # bounded even if the file grows while it is read
            chunk = os.read(fd, min(1 << 20, limit + 1 - n))
            if not chunk:
                break
            chunks.append(chunk)
            n += len(chunk)
        if n > limit:
            raise InputError(_too_big(path, what, limit))
        return b"".join(chunks)
    except OSError as exc:
        raise InputError(_("cannot read the %s %s: %s") % (what, path, exc.strerror or exc)) from None
    finally:
        os.close(fd)


class LineReader:
    """The lines (bytes, each with its newline) of a regular file, read one at a time with
    read_bytes' checks and bound: a long log is never all in memory. A context manager;
    iterating it raises InputError when the file grows past ``limit`` or cannot be read."""

    def __init__(self, path: str, limit: int = LOG_LIMIT, what: str = "file"):
        self.path, self.limit, self.what = path, limit, what
        self.file = os.fdopen(_open_checked(path, limit, what), "rb")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.file.close()
        return False

    def too_big(self) -> InputError:
        return InputError(_too_big(self.path, self.what, self.limit))

    def __iter__(self):
        n = 0
        try:
            for line in self.file:
                n += len(line)
                if n > self.limit:   # bounded even if the file grows while it is read
                    raise self.too_big()
                yield line
        except OSError as exc:
            raise InputError(_("cannot read the %s %s: %s")
                             % (self.what, self.path, exc.strerror or exc)) from None


def read_text(path: str, limit: int = LOG_LIMIT, what: str = "file") -> str:
    """read_bytes as UTF-8 text; InputError naming the first byte that is not."""
    data = read_bytes(path, limit, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(_("%s is not UTF-8 text (byte 0x%02x at offset %d)")
                         % (path, data[exc.start], exc.start)) from None
