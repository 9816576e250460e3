"""Whether a game log follows the rules it names: folded from its `new` with the map engine
(comando.engine, a `new` that names a board) or the device's table session (comando.session).
What `import` and `play --resume` check before they take a log in."""

from __future__ import annotations

from comando_host.text.lang import _


def fold_problem(events) -> str | None:
    """None when ``events`` (a whole log from its `new`) fold, else one line naming the first
    event that does not follow the rules ("event 7 (attack): ...")."""
    from comando.errors import ComandoError
    if not events:
        return _("no events")
    first = events[0]
    if not isinstance(first, dict) or first.get("t") != "new":
        return _("event %s (%s): a game log starts with a new game") % (
            first.get("seq", "?") if isinstance(first, dict) else "?",
            first.get("t") if isinstance(first, dict) else first)
    try:
        if "board" in first:
            from comando import engine
            engine.fold(events)
        else:
            from comando.session import replay
            replay.fold(events)
    except ComandoError as exc:
        return str(exc)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        # a malformed field the rules do not name themselves: say which event
        at = _first_failing(events)
        why = _("missing field %s") % exc if isinstance(exc, KeyError) else str(exc)
        return "%s: %s" % (at, why) if at else why
    return None


def _first_failing(events) -> str:
    """The first event at which folding a malformed log breaks (for a message)."""
    from comando import engine
    from comando.session import replay
    fold = engine.fold if "board" in events[0] else replay.fold
    for n in range(1, len(events) + 1):
        try:
            fold(events[:n])
        except Exception:
            ev = events[n - 1]
            return "event %s (%s)" % (ev.get("seq", "?"), ev.get("t"))
    return ""
