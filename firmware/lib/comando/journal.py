"""The journal line codec: one event per line, guarded by a CRC, shared by the device and the host.

A line is ``CCCCCCCC {json}\\n``: eight lowercase hex digits of the CRC-32 of the JSON bytes, one
space, the event as canonical JSON (sorted keys, no spaces, ASCII only), a newline. A line without
its newline is a torn write; a line whose CRC does not match is corrupt. Reading a journal keeps
the longest valid prefix and reports what it dropped; it never raises on bad data.

Reading lines back (``decode``, ``scan``, ``scan_stream``, ``read_file``) is comando.journal_read: a
device writes all game long but reads only at boot, a repair or for the link, so that code is in
its heap only then.

Same bytes on CPython and MicroPython (dict order differs between the two, so keys are sorted
here rather than by ``json.dumps``).
"""

import json

from io import StringIO

from collections import OrderedDict

from binascii import crc32

from comando.errors import JournalError
from comando.texts import say

_HEX = "0123456789abcdef"


def _str(s, out):
    for ch in s:
        if ch == '"' or ch == "\\" or not " " <= ch <= "~":
            break
    else:  # nothing to escape (the usual case): one piece, not one per character
        out('"' + s + '"')
        return
    out('"')
    for ch in s:
        o = ord(ch)
        if ch == '"' or ch == "\\":
            out("\\" + ch)
        elif o < 0x20 or o > 0x7E:
            if o > 0xFFFF:  # outside the BMP: a UTF-16 surrogate pair, as JSON wants
                o -= 0x10000
                _u(0xD800 | (o >> 10), out)
                o = 0xDC00 | (o & 0x3FF)
            _u(o, out)
        else:
            out(ch)
    out('"')


def _u(o, out):
    out("\\u" + _HEX[(o >> 12) & 15] + _HEX[(o >> 8) & 15] + _HEX[(o >> 4) & 15] + _HEX[o & 15])


def _enc(v, out):
    if v is None:
        out("null")
    elif v is True:
        out("true")
    elif v is False:
        out("false")
    elif isinstance(v, int):
        out(str(v))
    elif isinstance(v, str):
        _str(v, out)
    elif isinstance(v, (list, tuple)):
        out("[")
        first = True
        for x in v:
            if not first:
                out(",")
            first = False
            _enc(x, out)
        out("]")
    elif isinstance(v, dict):
        out("{")
        first = True
        for k in sorted(v):
            if not isinstance(k, str):
                raise JournalError(say("j_key", k))
            if not first:
                out(",")
            first = False
            _str(k, out)
            out(":")
            _enc(v[k], out)
        out("}")
    else:
        raise JournalError(say("j_type", type(v).__name__))


class _Slow(Exception):
    pass


def _canon(v):
    """``v`` with its dicts' keys in sorted order (OrderedDicts), for the runtime's C encoder;
    _Slow for anything the canonical encoder refuses or escapes its own way."""
    if isinstance(v, dict):
        o = OrderedDict()
        for k in sorted(v):
            if type(k) is not str:
                raise _Slow
            o[k] = _canon(v[k])
        return o
    t = type(v)
    if t is list or t is tuple:
        return [_canon(x) for x in v]
    if t is int or t is str or t is bool or v is None:
        return v
    raise _Slow


def dumps(value):
    """Canonical JSON text of a plain value (ints, strings, bools, None, lists, dicts).

    The runtime's json.dumps (C on MicroPython: ~1 ms for a roll's event on the Pico against ~7
    for the encoder below) is used on a copy with sorted keys whenever its text is the canonical
    one: plain ints, strings and dicts with string keys, and no character that either encoder
    escapes (a backslash in the text) or that one would leave raw (non-ASCII, DEL)."""
    try:
        text = json.dumps(_canon(value), separators=(",", ":"))
    except (_Slow, TypeError, ValueError):
        return _dumps(value)
    b = text.encode()
    if len(b) == len(text) and b"\\" not in b and b"\x7f" not in b:
        return text
    return _dumps(value)


def _dumps(value):
    # pieces go to a StringIO (one buffer the size of the text) rather than a list of pieces
    # (8 bytes a piece on the 64-bit port, and a list that regrows while an event is encoded)
    buf = StringIO()
    _enc(value, buf.write)  # pyright: ignore[reportAttributeAccessIssue]  (rp2 stubs lack it)
    return buf.getvalue()  # pyright: ignore[reportAttributeAccessIssue]


def crc_hex(data):
    c = crc32(data) & 0xFFFFFFFF
    return "%08x" % c


def encode(event):
    """The journal line (bytes, newline included) for one event."""
    body = dumps(event).encode()
    return crc_hex(body).encode() + b" " + body + b"\n"
