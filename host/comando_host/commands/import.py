"""comando import FILE: store a game exported as JSON lines or text notation (or a device
journal) on this laptop. The log is folded with its rules first: an illegal log is refused,
naming its first bad event. A device journal whose last line was torn (the power cut mid-write)
is imported up to that line, saying what was dropped."""

import os
import re

from comando_host.cli import UsageError
from comando_host.commands._common import add_db, open_store
from comando_host.wording import count

# A game id: what `show`, `export` and `replay` are given back, and a file name on export.
GAME_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


def register(sub):
    p = sub.add_parser("import", help="import a game file (jsonl, text notation or a device journal)")
    p.add_argument("file")
    p.add_argument("--as", dest="game_id", metavar="ID", help="store it under this game id "
                   "(letters, digits, '.', '_', '-'; up to 64)")
    add_db(p)
    p.set_defaults(func=run)


def _is_journal(data: bytes) -> bool:
    head = data.lstrip()[:9]
    return len(head) == 9 and head[8:9] == b" " and all(c in b"0123456789abcdef" for c in head[:8])


def read_records(path):
    """(headers, records, dropped): ``dropped`` says what of a device journal's torn last line
    was left out (None when nothing was)."""
    from comando_host import notation
    from comando_host.inputfile import read_bytes
    data = read_bytes(path, what="game file")   # a regular file, size-bound (InputError)
    if _is_journal(data):
        from comando import journal_read as journal
        events, good, problem = journal.scan(data)
        dropped = None
        if problem:
            torn = data.find(b"\n", good) < 0   # the damage is the last line, with no newline
            if not torn:
                raise UsageError("%s: %s; nothing imported (events 1-%d are intact: a device "
                                 "resync restores the rest)" % (path, problem, len(events))
                                 if events else "%s: %s; nothing imported" % (path, problem))
            dropped = ("the torn last line (%d bytes after event %d, no newline: the write it "
                       "began never finished)" % (len(data) - good, len(events)))
        return {}, [("event", e) for e in events], dropped
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError("%s is not a text file" % path) from None
    headers, records = notation.parse(text, os.path.basename(path))
    return headers, records, None


def game_id(args, headers) -> str:
    """The id to store the game under: --as (checked), the file's header, else its name made
    safe."""
    if args.game_id is not None:
        if not GAME_ID.match(args.game_id):
            raise UsageError("--as %r is not a game id: letters, digits, '.', '_' and '-', up to "
                             "64, starting with a letter or digit" % args.game_id)
        return args.game_id
    gid = headers.get("id")
    if gid is not None:
        if not isinstance(gid, str) or not GAME_ID.match(gid):
            raise UsageError("%s: its game id %r is not a plain id; import it --as another id"
                             % (args.file, gid))
        return gid
    base = os.path.splitext(os.path.basename(args.file))[0]
    gid = re.sub(r"[^A-Za-z0-9._-]+", "-", base).strip("-._")[:64]
    return gid or "imported"


def run(args):
    from comando_host.logcheck import fold_problem
    headers, records, dropped = read_records(args.file)
    if not records:
        raise UsageError("%s holds no events" % args.file)
    gid = game_id(args, headers)
    events = [r[1] for r in records if r[0] == "event"]
    if records[0][0] == "event":     # from its `new`: fold it; a log from a snapshot cannot be
        problem = fold_problem(events)
        if problem:
            raise UsageError("%s: not imported: %s" % (args.file, problem))
    store = open_store(args, create=True)
    if store.game(gid) and store.last_seq(gid):
        same = store.records(gid) == records
        if same:
            print("%s is already stored (%s)" % (gid, count(len(records), "event")))
            return 0
        raise UsageError("a different game %s is already stored; import it --as another id" % gid)
    store.ensure_game(gid, board=headers.get("board", ""), ruleset=headers.get("ruleset", ""),
                      fw=headers.get("fw", ""), origin="import")
    batch, snapshot = [], None
    for r in records:
        if r[0] == "snapshot":
            if batch or snapshot:
                store.add_events(gid, batch, snapshot)
                batch = []
            snapshot = (r[1], r[2])
        else:
            batch.append(r[1])
    store.add_events(gid, batch, snapshot)
    print("imported %s: %s" % (gid, count(len(events), "event")))
    if dropped:
        print("dropped: %s" % dropped)
    return 0
