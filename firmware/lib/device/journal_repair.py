"""A damaged journal (issue 13): nothing is ever deleted, and the laptop gives back what the
device lost. Imported only when a journal needs repairing or restoring, so a healthy device does
not carry this code in RAM.

- ``repair(journal)``: a torn last line (a write the power cut never finished) is dropped; whole
  lines after the break are kept: the file is renamed ``<name>.bad<N>`` (the first free number),
  the valid prefix written back as the journal, and ``journal.damage`` says what was kept, where
  the rest is and how many lines after the break are intact (the link's hello tells the laptop).
- ``compact(journal)``: the valid prefix written back as the journal (a torn tail cut off).
- ``restore(link, events)``: the events the laptop sent back (``P`` frames), each the backup's
  intact copy when the laptop's confirms it (it keeps the secret part the laptop never saw), else
  the laptop's; checked by the rules, journaled and applied in order. When the device holds what
  the laptop holds, the damage is over and a fresh hello resumes the normal stream.
"""

import os

from comando import journal_read as codec
from comando.errors import JournalError


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def repair(j):
    try:
        whole = whole_lines_after(j)
        if j.store is not None:  # raw flash: the prefix becomes a new game, the old one the backup
            from device.journal_flash_read import rewrite
            old = rewrite(j.store, j.size)
            if whole:
                j.damage = {"kept": j.last_seq, "backup": "flash:%d" % old, "after": whole}
                j.problem = "%s; damaged game kept on flash, %d intact events after it" % (
                    j.problem, whole[0])
        elif whole:
            n = 1
            while _exists("%s.bad%d" % (j.path, n)):
                n += 1
            backup = "%s.bad%d" % (j.path, n)
            os.rename(j.path, backup)
            j.damage = {"kept": j.last_seq, "backup": backup[len(j.hal.root) + 1:],
                        "after": whole}
            j.problem = "%s; damaged file kept as %s, %d intact events after it" % (
                j.problem, j.damage["backup"], whole[0])
            _copy_prefix(j, backup)
        else:
            compact(j)
    except Exception:  # OSError, or no free flash sector for the copy
        j.frozen = "Storage full: journal could not be repaired"


def compact(j):
    """Rewrite the valid prefix into a new file and rename it over the journal (on raw flash:
    into a new game; the old one stays as the previous game)."""
    if j.store is not None:
        from device.journal_flash_read import rewrite
        rewrite(j.store, j.size)
        return
    _copy_prefix(j, j.path)


def _copy_prefix(j, source):
    tmp = j.path + ".new"
    left = j.size
    with j.hal.open(source, "rb") as src:
        with j.hal.open(tmp, "wb") as dst:
            while left > 0:
                chunk = src.read(512 if left > 512 else left)
                if not chunk:
                    break
                dst.write(chunk)
                left -= len(chunk)
    os.rename(tmp, j.path)


def whole_lines_after(j):
    """[intact, lines]: the complete lines after the valid prefix and how many of them pass their
    CRC ([] when only a torn last line follows)."""
    lines = intact = 0
    with j.open_read() as f:
        f.seek(j.size)
        while True:
            line = f.readline()
            if not line or not line.endswith(b"\n"):
                break
            lines += 1
            try:
                codec.decode(line)
                intact += 1
            except JournalError:
                pass
    return [intact, lines] if lines else []


class _Backup:
    """Reads the damaged file forward: the restore asks for its events in order."""

    def __init__(self, j):
        self.f = j.open_backup(j.damage["backup"])
        self.ahead = None

    def event(self, seq, like):
        """The intact copy of event ``seq`` that the laptop's copy ``like`` confirms, or None."""
        from comando.link import redact
        while self.f is not None:
            ev, self.ahead = self.ahead, None
            if ev is None:
                line = self.f.readline()
                if not line:
                    self.f.close()
                    self.f = None
                    return None
                try:
                    ev = codec.decode(line)
                except JournalError:
                    continue
            s = ev.get("seq", 0)
            if s == seq:
                return ev if redact(ev) == like else None
            if s > seq:
                self.ahead = ev
                return None
        return None


def restore(link, events):
    from comando import session as S
    app = link.app
    j = link.journal
    try:
        backup = _Backup(j) if j.damage else None
    except OSError:
        backup = None
    for ev in events:
        if ev.get("seq") != j.last_seq + 1:
            continue
        mine = backup.event(ev["seq"], ev) if backup is not None else None
        ev = mine or ev
        try:
            S.check(app.state, ev, app.board)
        except Exception as exc:  # the rules refuse it: keep what is there, say so
            app.show_toast("restore stopped: %s" % exc, 4000)
            j.damage = link.sync.damage = None
            return
        j.append(ev)
        S.apply(app.state, ev)
        app.dirty = True
    if backup is not None and backup.f is not None:
        backup.f.close()
    if j.last_seq >= link.sync.host_held:
        j.damage = link.sync.damage = None
        app.show_toast("journal restored from the laptop", 3000)
        link.sync.attached = False   # hello again: the laptop acks from here
        link.sync.hello_at = -1e9
