"""Reading journal lines back (the codec: comando.journal): one line's event (``decode``), a whole
journal's longest valid prefix (``scan``, ``scan_stream``, ``read_file``). Reading never raises on
bad data: it keeps the valid prefix and says what it dropped. A module of its own so that a device,
which writes all game long, holds this code only while it reads (at boot, a repair, the link).
"""

import json

from comando.errors import JournalError
from comando.journal import crc_hex
from comando.texts import say


def decode(line):
    """The event of one complete line (bytes, with or without its newline); JournalError if bad."""
    if line.endswith(b"\n"):
        line = line[:-1]
    if len(line) < 11 or line[8:9] != b" ":
        raise JournalError(say("j_malform", len(line)))
    body = line[9:]
    if crc_hex(body).encode() != line[:8]:
        raise JournalError(say("j_crc"))
    try:
        ev = json.loads(body)
    except (ValueError, RuntimeError):  # RuntimeError: nested too deep (RecursionError)
        raise JournalError(say("j_notjson"))
    if not isinstance(ev, dict):
        raise JournalError(say("j_notevent"))
    return ev


def scan(data, first_seq=None):
    """Read a whole journal (bytes).

    Returns ``(events, good_len, problem)``: the events of the longest valid prefix, the byte
    length of that prefix (truncate the file there), and None or a one-line description of what
    was dropped (a torn last line, a CRC mismatch, a gap in ``seq``). Never raises on bad data.
    """
    events = []
    pos = 0
    n = len(data)
    expect = first_seq
    while pos < n:
        nl = data.find(b"\n", pos)
        if nl < 0:
            return events, pos, say("j_torn", n - pos)
        try:
            ev = decode(data[pos:nl])
        except JournalError as exc:
            return events, pos, say("j_bad", exc, len(events) + 1, n - pos)
        seq = ev.get("seq")
        if expect is not None and seq != expect:
            return events, pos, say("j_gap", seq, expect, len(events) + 1, n - pos)
        if isinstance(seq, int):
            expect = seq + 1
        events.append(ev)
        pos = nl + 1
    return events, pos, None


def scan_stream(f, each):
    """Stream a journal from a binary file object, calling ``each(event)`` for every valid event
    (so the device folds a long game without holding its log in memory).

    Returns ``(count, good_len, problem)`` like scan(). Never raises on bad data.
    """
    count = 0
    pos = 0
    expect = None
    while True:
        line = f.readline()
        if not line:
            return count, pos, None
        if not line.endswith(b"\n"):
            return count, pos, say("j_torn", len(line))
        try:
            ev = decode(line)
        except JournalError as exc:
            return count, pos, say("j_bad_from", exc, count + 1)
        seq = ev.get("seq")
        if expect is not None and seq != expect:
            return count, pos, say("j_gap_from", seq, expect, count + 1)
        if isinstance(seq, int):
            expect = seq + 1
        each(ev)
        count += 1
        pos += len(line)


def read_file(path):
    """The events of a journal file, its valid length and the problem found (see scan())."""
    events = []
    with open(path, "rb") as f:
        count, good, problem = scan_stream(f, events.append)
    return events, good, problem
