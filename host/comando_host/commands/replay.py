"""`comando replay FILE.jsonl`: fold a game log and print the final state, or the first line
that is not a legal event, with its line number (exit 1; also when the log cannot be read)."""

from __future__ import annotations

import json
import sys

from comando.errors import ComandoError
from comando.engine import log as elog
from comando_host.text import engine_text, lang
from comando_host.text.lang import N_, _


# `comando replay --help`'s description (the module's docstring, in the table's language)
DESCRIPTION = N_("Fold a game log and print the final state, or the first line that is not a legal "
                 "event, with its line number (exit 1; also when the log cannot be read).")


def register(subparsers):
    p = subparsers.add_parser("replay", help=_("fold a game log (JSONL) and print the final state"),
                              description=_(DESCRIPTION))
    p.add_argument("file", help=_("a game log: one JSON event per line (an export of a stored game "
                   "too), or the id of a stored game (comando games)"))
    p.add_argument("--db", metavar="PATH", help=_("the game database for a stored game id"))
    p.add_argument("--json", action="store_true", help=_("print the final state as JSON"))
    p.add_argument("--countries", action="store_true", help=_("also list every country"))
    p.set_defaults(func=run)


# The header line of `comando export --format jsonl` (an object without "t"): skipped.
HEADERS = ("game", "snapshot")


def replay(path):
    """(state, None) or (state_so_far, "FILE:LINE: message"); the file is read line by line
    with a size bound and only when it is a regular file (comando_host.store.inputfile), and folded as
    it is read (comando_host.store.logstream: the state is kept, the events as compact lines)."""
    from comando_host.store.inputfile import InputError, LineReader
    try:
        reader = LineReader(path, what=_("game log"))
    except InputError as exc:
        return None, str(exc)
    with reader:
        return replay_lines(reader, path)


def log_lines(data: bytes, name: str):
    """(lineno, event) of a log's bytes (elog.iter_lines; ValueError names the line)."""
    import io
    return elog.iter_lines(io.BytesIO(data), name, HEADERS)


def replay_bytes(data: bytes, path: str):
    """replay() of a log already read (``path`` names it in the messages)."""
    import io
    return replay_lines(io.BytesIO(data), path)


def replay_lines(lines, path: str):
    """replay() of a log's bytes lines (a file, a LineReader), folded as they come."""
    from comando_host.store.logstream import StreamFolder, events
    folder = StreamFolder()
    try:
        for lineno, ev, line in events(lines, path, HEADERS):
            try:
                folder.feed(ev, line)
            except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
                from comando_host.text import refusals
                why = _("missing field {field}").format(field=exc) if isinstance(exc, KeyError) \
                    else refusals.say(exc)   # a rule's refusal in the table's words, its quote kept
                return folder.state, _("{path}:{line}: event {seq} ({t}) is illegal: {why}").format(
                    path=path, line=lineno, seq=ev.get("seq", "?"), t=ev.get("t"), why=why)
    except ValueError as exc:  # a line that is not UTF-8 or not an event; names the line
        return folder.state, str(exc)
    if folder.state is None:
        return None, _("{path}: empty log (no new event)").format(path=path)
    return folder.state, None


def dice_line(events):
    """Who rolled the dice of a game (issue 26: a roll the table told carries ``tb``; a log
    without any is the device's and keeps its old output): one line, or None."""
    from comando import table_dice
    device = table = faces = 0
    for ev in events:
        t = ev.get("t")
        r = ev.get("r") if t == "roll" else (ev if t == "attack" else None)
        if not isinstance(r, dict):
            continue
        if table_dice.told(r):
            table += 1
            faces += table_dice.has_faces(r)
        else:
            device += 1
    if not table:
        return None
    return _("rolls: {device} by the device's dice, {table} by the table's dice "
             "({faces} with their faces, {losses} its losses only)").format(
        device=device, table=table, faces=faces, losses=table - faces)


def _session_replay(events, name):
    """A log of the device's table session (its `new` names no board): fold it with
    comando.session. Returns (text, None) or (None, "NAME: event N is illegal: ...")."""
    from comando.session.replay import fold
    try:
        state = fold(events)
    except ComandoError as exc:
        return None, f"{name}: {exc}"
    lang.use_table(state.rs)   # the table's language (its ruleset's own unless one was chosen)
    text = _("table session ({rules}, {colours}), {events}: {outcome}").format(
        rules=state.rs, colours=", ".join(state.colours), events=engine_text.events_word(state.seq),
        outcome=session_outcome(events, state))
    if state.clock is not None:   # the game clock: the end at time, who ran out (clock_text)
        from comando_host.text import clock_text
        text = "\n".join([text] + clock_text.status_lines(state))
    line = dice_line(events)
    if line:
        text += "\n" + line
    return text, None


def session_outcome(events, state):
    """What a table session waits for, or once it is over its result in the one wording
    (comando_host.text.record.Record.result: the count and who won)."""
    from comando import session
    if state.stage != session.OVER:
        return session.waiting(state)
    from comando_host.text.record import Record
    rec = Record()
    for ev in events:
        rec.feed(ev)
    return rec.result() or session.waiting(state)


def _stored_game(args):
    """The id of the stored game ``args.file`` names, and its first record (None when it has
    none); ValueError (one line, exit 2) when unknown or when it starts from a snapshot."""
    from comando_host.store.db import Store
    store = Store(args.db, create=False)
    gid = store.find_game(args.file)
    if store.has_snapshot(gid):
        raise ValueError(_("{gid} starts from a snapshot of the device: it cannot be replayed "
                           "from the start").format(gid=gid))
    return store, gid


def _first_event(path):
    """The first event of a log file, or None when there is none or a line is not one (replay()
    then names it); only the lines up to it are read."""
    from comando_host.store.inputfile import LineReader
    try:
        with LineReader(path, what=_("game log")) as reader:
            for _n, ev in elog.iter_lines(reader, path, HEADERS):
                return ev
    except ValueError:   # InputError too: replay() says it
        return None
    return None


def _is_session(first) -> bool:
    """A log of the device's table session: its `new` names no board."""
    return bool(first) and first.get("t") == "new" and "board" not in first


def _file_events(path):
    """Every event of a (table session's) log file, or None when a line is not one."""
    from comando_host.store.inputfile import read_bytes
    try:
        return [ev for _n, ev in log_lines(read_bytes(path, what=_("game log")), path)]
    except ValueError:   # InputError too: replay() says it
        return None


def run(args) -> int:
    import os
    looks_like_path = os.sep in args.file or "." in os.path.basename(args.file)
    stored = not os.path.exists(args.file) and not looks_like_path
    store = gid = None
    if stored:
        store, gid = _stored_game(args)
        name, first = gid, store.first_event(gid)
    elif os.path.exists(args.file):
        name, first = args.file, _first_event(args.file)
    else:
        name, first = args.file, None
    # a table session's log is a device journal's size: folded from a list, as it was
    events = (store.events(gid) if stored else _file_events(args.file)) if _is_session(first) \
        else None
    if events:
        text, err = _session_replay(events, name)
        if err:
            print(err, file=sys.stderr)
            return 1
        print(text)
        return 0
    if stored:  # a stored engine game (by id or a prefix of it): replay it as the log it is
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, name + ".jsonl")
            with open(path, "w", encoding="utf-8") as f:
                for r in store.iter_records(gid):   # row by row: never the whole game
                    f.write(json.dumps(r[1]) + "\n")
            state, err = replay(path)
    else:
        state, err = replay(args.file)
    if err:
        print(err, file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(state.to_dict(), sort_keys=True))
        return 0
    lang.use_table(state.rules.id)
    print(_("{rules} on the board {board} ({id}), {events}").format(
        rules=state.rules.name, board=state.board.name, id=state.board.id,
        events=engine_text.events_word(state.seq)))
    print(engine_text.status(state))
    if state.clock is not None:   # the game clock: the end at time, who ran out (clock_text)
        from comando_host.text import clock_text
        for line in clock_text.status_lines(state):
            print(line)
    if "dice" in state.options:   # the table's own dice: which rolls were the table's
        evs = [r[1] for r in store.iter_records(gid)] if stored else _file_events(args.file)
        line = dice_line(evs or [])
        if line:
            print(line)
    if args.countries:
        print(engine_text.countries(state))
    return 0
