"""Export and import of stored games: JSON lines, and a readable text notation like PGN.

JSON lines: the first line is ``{"game": {...headers...}}``, then one event object per line (as
the device made it); a snapshot line is ``{"snapshot": SEQ, "state": {...}}``.

Text notation::

    [Game "g-7f3a2c"]
    [Board "teg-classic"]
    [Ruleset "teg"]
    [Firmware "0.1.0"]
    [Players "Ana (blue), Beto (red)"]

    1 new ruleset=teg players=["Ana","Beto"]
    ; new game: T.E.G. with Ana, Beto
    2 roll p=0 d=[6,3]
    3 attack p=0 f=12 to=13 ad=[6,3,1] dd=[4]
    ; a comment
    @200 snapshot {"n":200}

One action per line: its seq, its type, then ``key=value`` fields in the order the type's fields
sort. A value is JSON (numbers, lists, quoted strings) or, for a plain word (letters, digits,
``-_.:/``, not starting with a digit and not true/false/null), the bare word. ``import`` reads
both formats back to the same events.
"""

from __future__ import annotations

import json
import re

from comando.errors import JournalError

from comando_host.text.lang import _

HEADER_KEYS = (("Game", "id"), ("Board", "board"), ("Ruleset", "ruleset"), ("Firmware", "fw"),
               ("Origin", "origin"))
_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-.:/]*$")
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_DEC = json.JSONDecoder()


def _value(v) -> str:
    if isinstance(v, str) and _WORD.match(v) and v not in ("true", "false", "null"):
        return v
    return json.dumps(v, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def event_line(ev: dict) -> str:
    parts = [str(ev["seq"]), ev["t"]]
    for k in sorted(ev):
        if k in ("seq", "t"):
            continue
        parts.append("%s=%s" % (k, _value(ev[k])))
    return " ".join(parts)


def to_text(headers: dict, records, players=(), comments=True) -> str:
    """The text notation; with ``comments`` each event is followed by a ``;`` comment telling it
    in the table record's words (``comando_host.text.record``; ``import`` skips comments)."""
    from comando_host.text.record import Record, raw
    rec = Record() if comments else None
    lines = []
    for label, key in HEADER_KEYS:
        if headers.get(key):
            lines.append('[%s %s]' % (label, json.dumps(str(headers[key]), ensure_ascii=False)))
    if players:
        desc = ", ".join("%s (%s)" % (n, c) if c else n for _i, n, c in players)
        lines.append('[Players %s]' % json.dumps(desc, ensure_ascii=False))
    n = sum(1 for r in records if r[0] == "event")
    lines.append('[Events "%d"]' % n)
    lines.append("")
    for r in records:
        if r[0] == "snapshot":
            lines.append("@%d snapshot %s" % (r[1], json.dumps(r[2], separators=(",", ":"),
                                                             sort_keys=True, ensure_ascii=False)))
        else:
            lines.append(event_line(r[1]))
            if rec is not None:
                text = rec.feed(r[1]).text
                if text != raw(r[1]):
                    lines.append("; " + text)
        if r[0] == "snapshot" and rec is not None:
            rec.snapshot(r[2])
    return "\n".join(lines) + "\n"


def to_jsonl(headers: dict, records) -> str:
    head = {k: headers[k] for _h, k in HEADER_KEYS if headers.get(k)}
    lines = [json.dumps({"game": head}, separators=(",", ":"), sort_keys=True)]
    for r in records:
        if r[0] == "snapshot":
            lines.append(json.dumps({"snapshot": r[1], "state": r[2]}, separators=(",", ":"),
                                    sort_keys=True))
        else:
            lines.append(json.dumps(r[1], separators=(",", ":"), sort_keys=True))
    return "\n".join(lines) + "\n"


def _err(name, lineno, msg):
    return JournalError("%s:%d: %s" % (name, lineno, msg))


def parse_event_line(line: str, name="<text>", lineno=0) -> dict:
    m = re.match(r"\s*(\d+)\s+([A-Za-z_@][A-Za-z0-9_\-]*)", line)
    if not m:
        raise _err(name, lineno, _("expected 'SEQ TYPE key=value ...', got %r") % line[:40])
    ev = {"seq": int(m.group(1)), "t": m.group(2)}
    i = m.end()
    n = len(line)
    while True:
        while i < n and line[i] in " \t":
            i += 1
        if i >= n:
            break
        km = _KEY.match(line, i)
        if not km or km.end() >= n or line[km.end()] != "=":
            raise _err(name, lineno, _("expected key=value at column %d") % (i + 1))
        key = km.group(0)
        i = km.end() + 1
        if i < n and line[i] in '"[{-0123456789' or line.startswith(("true", "false", "null"), i):
            try:
                val, i = _DEC.raw_decode(line, i)
            except (ValueError, RecursionError):
                raise _err(name, lineno, _("bad value for %s") % key) from None
        else:
            j = i
            while j < n and line[j] not in " \t":
                j += 1
            val = line[i:j]
            if not _WORD.match(val):
                raise _err(name, lineno, _("bad value for %s: %r") % (key, val))
            i = j
        if key in ev:
            raise _err(name, lineno, _("%s given twice") % key)
        ev[key] = val
    return ev


def parse(text: str, name="<file>"):
    """Either format -> (headers dict, records list). Raises JournalError naming file:line."""
    stripped = text.lstrip()
    if not stripped:
        raise JournalError(_("%s: empty file") % name)
    headers = {}
    records = list(iter_records(text.splitlines(), name, headers, stripped[0] == "{"))
    _check_order(records, name)
    return headers, records


def iter_records(lines, name, headers, jsonl):
    """The records of a file's lines (str, split as str.splitlines splits), one at a time:
    ``jsonl`` says which format (its first non-blank character is "{"); ``headers`` is filled
    as they are met. Raises JournalError naming file:line; the order is not checked here
    (OrderCheck, or parse)."""
    return (_jsonl_records if jsonl else _text_records)(lines, name, headers)


def _jsonl_records(lines, name, headers):
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except RecursionError:
            raise _err(name, lineno, _("not an event (JSON nested too deeply)")) from None
        except ValueError:
            raise _err(name, lineno, _("not JSON")) from None
        if not isinstance(obj, dict):
            raise _err(name, lineno, _("not a JSON object"))
        if "game" in obj and "seq" not in obj and lineno == 1:
            headers.clear()
            headers.update(dict(obj["game"]))
        elif "snapshot" in obj:
            yield ("snapshot", int(obj["snapshot"]), obj.get("state"))
        else:
            if not isinstance(obj.get("seq"), int) or not isinstance(obj.get("t"), str):
                raise _err(name, lineno, _("an event needs an int seq and a string t"))
            yield ("event", obj)


def _text_records(lines, name, headers):
    labels = {label: key for label, key in HEADER_KEYS}
    for lineno, line in enumerate(lines, 1):
        s = line.strip()
        if not s or s.startswith(";"):
            continue
        if s.startswith("["):
            m = re.match(r'^\[(\w+)\s+("(?:[^"\\]|\\.)*")\]$', s)
            if not m:
                raise _err(name, lineno, _("bad header %r") % s[:40])
            label, val = m.group(1), json.loads(m.group(2))
            if label in labels:
                headers[labels[label]] = val
            continue
        if s.startswith("@"):
            m = re.match(r"^@(\d+)\s+snapshot\s+(.*)$", s)
            if not m:
                raise _err(name, lineno, _("bad snapshot line"))
            try:
                yield ("snapshot", int(m.group(1)), json.loads(m.group(2)))
            except (ValueError, RecursionError):
                raise _err(name, lineno, _("snapshot state is not JSON")) from None
            continue
        yield ("event", parse_event_line(s, name, lineno))


class OrderCheck:
    """_check_order one record at a time: ``problem`` is the first record out of order (the
    JournalError parse would raise once every line has parsed), or None."""

    def __init__(self, name):
        self.name, self.last, self.problem = name, 0, None

    def feed(self, r) -> None:
        seq = r[1] if r[0] == "snapshot" else r[1]["seq"]
        if self.problem is None and seq <= self.last:
            self.problem = JournalError(_("%s: seq %d comes after %d (events must be in order)")
                                        % (self.name, seq, self.last))
        self.last = seq


def _check_order(records, name):
    last = 0
    for r in records:
        seq = r[1] if r[0] == "snapshot" else r[1]["seq"]
        if seq <= last:
            raise JournalError(_("%s: seq %d comes after %d (events must be in order)") % (name, seq, last))
        last = seq
