"""`comando replay FILE.jsonl`: fold a game log and print the final state, or the first illegal
event with its line number (exit 1)."""

from __future__ import annotations

import json
import sys

from comando import engine
from comando.errors import ComandoError
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
        f = open(path, encoding="utf-8")
    except OSError as exc:
        return None, f"{path}: {exc.strerror}"
    with f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                ev = elog.loads(line)
            except ValueError as exc:
                return folder.state, f"{path}:{lineno}: not a JSON event: {exc}"
            try:
                folder.feed(ev)
            except (ComandoError, KeyError, TypeError, IndexError) as exc:
                what = f"event {ev.get('seq', '?')} ({ev.get('t')})"
                return folder.state, f"{path}:{lineno}: {what} is illegal: {exc}"
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
