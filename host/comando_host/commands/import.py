"""comando import FILE: store a game exported as JSON lines or text notation (or a device
journal) on this laptop."""

import os

from comando_host.cli import UsageError
from comando_host.commands._common import add_db, open_store


def register(sub):
    p = sub.add_parser("import", help="import a game file (jsonl, text notation or a device journal)")
    p.add_argument("file")
    p.add_argument("--as", dest="game_id", metavar="ID", help="store it under this game id")
    add_db(p)
    p.set_defaults(func=run)


def read_records(path):
    from comando_host import notation
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise UsageError("cannot read %s: %s" % (path, exc.strerror or exc)) from None
    except UnicodeDecodeError:
        raise UsageError("%s is not a text file" % path) from None
    first = text.lstrip()[:10]
    if len(first) > 9 and first[8] == " " and all(c in "0123456789abcdef" for c in first[:8]):
        from comando import journal
        events, _, problem = journal.scan(text.encode())
        if problem:
            raise UsageError("%s: %s" % (path, problem))
        return {}, [("event", e) for e in events]
    return notation.parse(text, os.path.basename(path))


def run(args):
    headers, records = read_records(args.file)
    if not records:
        raise UsageError("%s holds no events" % args.file)
    gid = args.game_id or headers.get("id") or os.path.splitext(os.path.basename(args.file))[0]
    store = open_store(args, create=True)
    if store.game(gid) and store.last_seq(gid):
        same = store.records(gid) == records
        if same:
            print("%s is already stored (%d events)" % (gid, len(records)))
            return 0
        raise UsageError("a different game %s is already stored; import it --as another id" % gid)
    store.ensure_game(gid, board=headers.get("board", ""), ruleset=headers.get("ruleset", ""),
                      fw=headers.get("fw", ""), origin="import")
    events, snapshot = [], None
    for r in records:
        if r[0] == "snapshot":
            if events or snapshot:
                store.add_events(gid, events, snapshot)
                events = []
            snapshot = (r[1], r[2])
        else:
            events.append(r[1])
    store.add_events(gid, events, snapshot)
    print("imported %s: %d events" % (gid, sum(1 for r in records if r[0] == "event")))
    return 0
