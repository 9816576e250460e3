"""Event logs: one JSON object per line (JSONL). Plain dicts of ints, strings and int lists."""

import json


def _compact(value):
    """JSON without spaces after separators; strings are kept as they are (a note may hold ", ")."""
    try:
        return json.dumps(value, separators=(",", ":"))
    except TypeError:  # an old MicroPython json without separators: spaces kept, never altered
        return json.dumps(value)


def dumps(event):
    """One compact JSON line (no newline) for an event; keys sorted with seq and t first."""
    parts = []
    for k in ("seq", "t"):
        if k in event:
            parts.append('"%s":%s' % (k, _compact(event[k])))
    for k in sorted(event):
        if k != "seq" and k != "t":
            parts.append("%s:%s" % (_compact(k), _compact(event[k])))
    return "{" + ",".join(parts) + "}"


def loads(line):
    """The event of one log line; ValueError saying what the line is instead."""
    try:
        ev = json.loads(line)
    except RuntimeError:  # nested too deep for the parser (RecursionError on CPython)
        raise ValueError("not a JSON event (nested too deeply): %s" % line[:60])
    except ValueError as exc:
        raise ValueError("not a JSON event (%s): %s" % (exc, line[:60]))
    if not isinstance(ev, dict) or "t" not in ev:
        raise ValueError("not a JSON event (an object with a \"t\" field): %s" % line[:60])
    return ev


def _is_header(line, keys):
    try:
        obj = json.loads(line)
    except (ValueError, RuntimeError):
        return False
    if not isinstance(obj, dict) or "t" in obj:
        return False
    for k in keys:
        if k in obj:
            return True
    return False


def iter_log(path, headers=()):
    """(lineno, event) for each line of a JSONL file, read as it goes. Blank lines are skipped,
    and so are objects without "t" that hold one of the ``headers`` keys (an export's header);
    a line that is not UTF-8 or not an event raises ValueError "PATH:LINE: problem"."""
    with open(path, "rb") as f:
        for item in iter_lines(f, path, headers):
            yield item


def iter_lines(lines, name, headers=()):
    """iter_log over ``lines`` (bytes lines, e.g. a file's bytes already read, split at b"\n"),
    ``name`` naming them in errors."""
    lineno = 0
    for raw in lines:
        lineno += 1
        try:
            line = raw.decode("utf-8").strip()
        except UnicodeError:
            raise ValueError("%s:%d: not UTF-8 text" % (name, lineno))
        if lineno == 1 and line.startswith("\ufeff"):
            line = line[1:].strip()
        if not line:
            continue
        try:
            ev = loads(line)
        except ValueError as exc:
            if headers and _is_header(line, headers):
                continue
            raise ValueError("%s:%d: %s" % (name, lineno, exc))
        yield lineno, ev


def read_log(path):
    """The events of a JSONL file, with their line numbers: a list of (lineno, event)
    (see iter_log for the errors)."""
    return list(iter_log(path))


def write_log(path, events):
    with open(path, "w") as f:
        for ev in events:
            f.write(dumps(ev))
            f.write("\n")
