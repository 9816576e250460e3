"""`comando replay FILE.jsonl`: fold a game log and print the final state, or the first line
that is not a legal event, with its line number (exit 1; also when the log cannot be read)."""

from __future__ import annotations

import json
import sys

from comando import engine
from comando.engine import log as elog
from comando_host import engine_text


def register(subparsers):
    p = subparsers.add_parser("replay", help="fold a game log (JSONL) and print the final state",
                              description=__doc__)
    p.add_argument("file", help="a game log: one JSON event per line")
    p.add_argument("--json", action="store_true", help="print the final state as JSON")
    p.add_argument("--countries", action="store_true", help="also list every country")
    p.set_defaults(func=run)


def replay(path):
    """(state, None) or (state_so_far, "FILE:LINE: message")."""
    folder = engine.Folder()
    try:
        for lineno, ev in elog.iter_log(path):
            try:
                folder.feed(ev)
            except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
                what = f"event {ev.get('seq', '?')} ({ev.get('t')})"
                why = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
                return folder.state, f"{path}:{lineno}: {what} is illegal: {why}"
    except OSError as exc:
        return None, f"{path}: {exc.strerror}"
    except ValueError as exc:  # a line that is not UTF-8 or not an event; names the line
        return folder.state, str(exc)
    if folder.state is None:
        return None, f"{path}: empty log (no new event)"
    return folder.state, None


def run(args) -> int:
    state, err = replay(args.file)
    if err:
        print(err, file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(state.to_dict(), sort_keys=True))
        return 0
    print(f"{state.rules.name} on {state.board.name}, {state.seq} events")
    print(engine_text.status(state))
    if args.countries:
        print(engine_text.countries(state))
    return 0
