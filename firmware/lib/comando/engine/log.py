"""Event logs: one JSON object per line (JSONL). Plain dicts of ints, strings and int lists."""

import json


def dumps(event):
    """One compact JSON line (no newline) for an event; keys sorted with seq and t first."""
    keys = sorted(event)
    parts = []
    for k in ("seq", "t"):
        if k in event:
            parts.append('"%s":%s' % (k, json.dumps(event[k])))
    for k in keys:
        if k != "seq" and k != "t":
            parts.append('"%s":%s' % (k, json.dumps(event[k]).replace(", ", ",")))
    return "{" + ",".join(parts) + "}"


def loads(line):
    ev = json.loads(line)
    if not isinstance(ev, dict) or "t" not in ev:
        raise ValueError("not an event (a JSON object with a \"t\" field): %s" % line[:60])
    return ev


def read_log(path):
    """The events of a JSONL file, with their line numbers: a list of (lineno, event).
    Blank lines are skipped; a line that is not an event raises ValueError naming it."""
    out = []
    with open(path) as f:
        lineno = 0
        for line in f:
            lineno += 1
            line = line.strip()
            if not line:
                continue
            try:
                out.append((lineno, loads(line)))
            except ValueError as exc:
                raise ValueError("%s:%d: %s" % (path, lineno, exc))
    return out


def write_log(path, events):
    with open(path, "w") as f:
        for ev in events:
            f.write(dumps(ev))
            f.write("\n")
