"""Commitments for secret T.E.G. II battle commands (commit, then reveal, then verify).

Each player sets their clocks in secret ("How Combat Works"). The device locks a command by
publishing only ``commit(command, nonce)``; once both sides have locked, each reveals the command
and the nonce and anyone checks ``verify(commitment, command, nonce)``. A player cannot change the
command after seeing the other's, and the commitment tells nothing about it (the nonce is 16 random
bytes, so the few thousand possible commands cannot be tried one by one).

The hashed message is ASCII, so any sha256 tool can check it::

    sha256("teg2-command/1:" + canonical_command + ":" + nonce_hex)   -> 64 lowercase hex digits

``canonical_command`` is comando.rulesets.teg2.command.canonical(text) of the command as entered ("2/+/1"
stays "2/+/1"; "3 / a(2) / 5" becomes "3/A2/5"), so spellings of one command commit alike.
``nonce_hex`` is the nonce as lowercase hex (a bytes nonce is hexed first).

API: `commit(command, nonce) -> hex`, `verify(commitment, command, nonce) -> bool`,
`new_nonce(source=None) -> hex`, `lock(command, source) -> (text, nonce, commitment)`,
`message(...)`
"""

import binascii
import hashlib

from comando.errors import BattleCommandError
from comando.rulesets.teg2.command import canonical

PREFIX = "teg2-command/1:"
NONCE_BYTES = 16
MIN_NONCE_BYTES = 16


def _nonce_hex(nonce):
    if isinstance(nonce, (bytes, bytearray)):
        return binascii.hexlify(bytes(nonce)).decode()
    if isinstance(nonce, str):
        h = nonce.strip().lower()
        if len(h) % 2 or not h or any(c not in "0123456789abcdef" for c in h):
            raise BattleCommandError("the nonce must be hex digits (an even number of them), got %r"
                                     % nonce)
        return h
    raise BattleCommandError("the nonce must be bytes or a hex string, got %r" % (nonce,))


def message(command, nonce):
    """The exact bytes the commitment hashes."""
    n = _nonce_hex(nonce)
    if len(n) < 2 * MIN_NONCE_BYTES:
        raise BattleCommandError("the nonce is %d bytes; a commitment needs at least %d random "
                                 "bytes to keep the command secret" % (len(n) // 2,
                                                                       MIN_NONCE_BYTES))
    return (PREFIX + canonical(command) + ":" + n).encode()


def commit(command, nonce):
    """The commitment to a command (text or BattleCommand): 64 lowercase hex digits (sha256)."""
    return binascii.hexlify(hashlib.sha256(message(command, nonce)).digest()).decode()


def verify(commitment, command, nonce):
    """True when ``command`` and ``nonce`` are what ``commitment`` locked; never raises.

    The comparison does not stop at the first differing digit.
    """
    try:
        expected = commit(command, nonce)
    except ValueError:
        return False
    if not isinstance(commitment, str):
        return False
    got = commitment.strip().lower()
    if len(got) != len(expected):
        return False
    diff = 0
    for i in range(len(expected)):
        diff |= ord(got[i]) ^ ord(expected[i])
    return diff == 0


def new_nonce(source=None, nbytes=NONCE_BYTES):
    """A fresh nonce as lowercase hex.

    ``source``: a callable ``source(n) -> n bytes`` (default ``os.urandom``, the ring oscillator on
    the Pico), or an object with ``randbytes(n)`` or ``getrandbits(k)`` such as ``random.Random``
    (seeded on the host for tests and replays).
    """
    if nbytes < MIN_NONCE_BYTES:
        raise BattleCommandError("a nonce needs at least %d bytes, asked for %d"
                                 % (MIN_NONCE_BYTES, nbytes))
    if source is None:
        import os
        raw = os.urandom(nbytes)
    elif hasattr(source, "randbytes"):
        raw = source.randbytes(nbytes)
    elif hasattr(source, "getrandbits"):
        raw = bytes(source.getrandbits(8) for _ in range(nbytes))
    elif callable(source):
        raw = source(nbytes)
    else:
        raise BattleCommandError("a nonce source is a callable n -> bytes or a random.Random-like "
                                 "object, got %r" % (source,))
    if not isinstance(raw, (bytes, bytearray)):
        # bytes(16) would be 16 zero bytes: a source returning an int must not pass as a nonce
        raise BattleCommandError("the nonce source gave %r, not bytes" % (raw,))
    raw = bytes(raw)
    if len(raw) != nbytes:
        raise BattleCommandError("the nonce source gave %d bytes, %d were asked for"
                                 % (len(raw), nbytes))
    return binascii.hexlify(raw).decode()


def lock(command, source=None):
    """Convenience for the device: (canonical command, nonce hex, commitment hex)."""
    text = canonical(command)
    nonce = new_nonce(source)
    return text, nonce, commit(text, nonce)
