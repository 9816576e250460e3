"""`comando play --resume`: the events of a log file (checked whole; a torn last line set aside
in LOG.torn, never deleted) or of a game in the store."""

from __future__ import annotations

from comando.engine import log as elog
from comando_host.cli import UsageError
from comando_host.commands.replay import log_lines, replay_bytes
from comando_host.text.lang import _


def torn_tail(data):
    """(valid_bytes, torn_bytes) when the log's last line is cut short (no newline, not an
    event: the write was interrupted), else None."""
    if not data or data.endswith(b"\n"):
        return None
    cut = data.rfind(b"\n") + 1
    try:
        elog.loads(data[cut:].decode("utf-8"))
        return None          # a whole event that only lacks its newline
    except (ValueError, UnicodeError):
        return data[:cut], data[cut:]


def resume_torn(path, allow, interactive):
    """Offer to go on from the valid lines of a log whose last line is torn; the torn bytes are
    kept in PATH.torn, never deleted. The lines before it must be JSON events (UTF-8) before
    anything is changed: else the file is refused as it is (a file of something else)."""
    from comando_host.store.inputfile import read_bytes
    torn = torn_tail(read_bytes(path, what=_("game log")))
    if torn is None:
        return
    good, tail = torn
    lines = good.count(b"\n")
    try:
        for _line in log_lines(good, path):
            pass
    except ValueError as exc:
        raise UsageError(_("{why}; not a game log torn at its end: the file was left as it is").format(
            why=exc)) from None
    what = _("{path}: the last line is torn ({n} bytes after line {lines}, no newline: "
             "its write never finished)").format(path=path, n=len(tail), lines=lines)
    if not allow:
        if not interactive:
            raise UsageError(_("{what}; to continue from the {lines} valid lines, add --drop-torn").format(
                what=what, lines=lines))
        answer = input(_("{what}.\nContinue from the {lines} valid lines (the torn bytes are "
                         "kept in {path}.torn)? [y/N] ").format(what=what, lines=lines, path=path))
        # (English's y/yes are understood in every language, beside the language's own)
        if answer.strip().lower() not in ("y", "yes", _("y"), _("yes")):
            raise UsageError(_("{what}; not resumed").format(what=what))
    import os
    with open(path + ".torn", "ab") as f:
        f.write(tail)
        f.flush()
        os.fsync(f.fileno())
    tmp = path + ".resume-tmp"
    with open(tmp, "wb") as f:   # the log is replaced whole (a crash leaves the old one)
        f.write(good)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    print(_("{path}: the torn last line ({n} bytes) was set aside in {path}.torn; "
            "going on from line {lines}").format(path=path, n=len(tail), lines=lines))


def resume_events(args, interactive):
    """(events, game id or None, log path or None) of --resume: a log file (checked whole,
    its torn last line handled) or the id of a stored game (comando games)."""
    import os
    from comando_host.store.inputfile import read_bytes
    path = args.resume
    looks_like_path = os.sep in path or "." in os.path.basename(path)
    if not os.path.lexists(path) and not looks_like_path:
        return stored_events(args) + (args.log,)
    data = read_bytes(path, what=_("game log"))     # InputError: one line
    torn = torn_tail(data)
    if torn is not None:
        # the lines before the torn one follow the rules, else nothing is changed
        _state, err = replay_bytes(torn[0], path)
        if err:
            raise UsageError(_("{why}; the file was left as it is").format(why=err))
        resume_torn(path, args.drop_torn, interactive)
        data = torn[0]
    _state, err = replay_bytes(data, path)  # the whole log is legal, or the line that is not
    if err:
        raise UsageError(err)
    return [ev for _n, ev in log_lines(data, path)], None, args.log or path


def stored_events(args):
    """(events, id) of the stored game --resume names (an id or a unique prefix)."""
    from comando_host.store.db import Store
    store = Store(args.db, create=False)
    try:
        gid = store.find_game(args.resume)
        records = store.records(gid)
    finally:
        store.close()
    events = [r[1] for r in records if r[0] == "event"]
    if any(r[0] == "snapshot" for r in records):
        raise UsageError(_("{gid} starts from a snapshot of the device: it cannot be resumed "
                           "from the start").format(gid=gid))
    if not events or events[0].get("t") != "new" or "board" not in events[0]:
        raise UsageError(_("{gid} is not a game of the map engine (a table session of the "
                           "device?): comando play cannot resume it").format(gid=gid))
    return events, gid
