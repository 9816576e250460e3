"""Folding a long log with the state in memory, not every event (issue 28: a 100,000-event
replay under 40 MiB peak).

engine.Folder keeps each effective event as a dict (about 450 bytes each in CPython) so an
``undo`` can fold again without its undone tail. StreamFolder is the same fold, the same
checks and messages, but keeps those events as their compact JSON lines (about 90 bytes each)
and decodes them only when an undo folds again. ``lines(f, name)`` reads a log file line by line
with its size bound (comando_host.store.inputfile), so nothing holds the whole file either."""

from __future__ import annotations

import bisect
import json
from array import array

from comando import engine
from comando.engine import log as elog
from comando.errors import IllegalMove


_ENCODE = json.JSONEncoder(separators=(",", ":")).encode   # one encoder: none made per event


class PackedEvents:
    """A list of events kept as compact JSON lines (bytes): append, len, iteration and indexing
    give back dicts equal to the ones appended."""

    __slots__ = ("_lines",)

    def __init__(self, events=()):
        self._lines = []
        for ev in events:
            self.append(ev)

    def append(self, ev, line=None) -> None:
        """Keep ``ev``; ``line``, when given, is the JSON line (bytes) it was read from."""
        self._lines.append(line if line is not None else _ENCODE(ev).encode("utf-8"))

    def __len__(self) -> int:
        return len(self._lines)

    def __iter__(self):
        for line in self._lines:
            yield json.loads(line)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [json.loads(line) for line in self._lines[i]]
        return json.loads(self._lines[i])

    @classmethod
    def of(cls, packed, n):
        """The first ``n`` events of ``packed``, their lines shared (no decoding)."""
        out = cls()
        out._lines = packed._lines[:n]
        return out

    def __eq__(self, other):
        return list(self) == list(other)


class StreamFolder(engine.Folder):
    """engine.Folder whose history (``effective``) is a PackedEvents: the same fold, the same
    undo and the same errors, in a fifth of the memory. An undo folds again from the last
    checkpoint before its target (a copy of the state every MARK events, State.copy as the
    page's slider uses it; at most MARKS of them, further apart as the game grows), not from
    ``new``: decoding the lines again costs no more than engine.Folder's fold of its dicts."""

    MARK = 500
    MARKS = 16      # at most this many checkpoints: past it, every other goes, twice apart

    def __init__(self, board=None, verify=True):
        engine.Folder.__init__(self, board, verify, keep=True)
        self.effective = PackedEvents()
        self._seqs = array("q")  # the effective events' seqs: where an undo cuts (a list
        #                          once one is not a 64-bit int)
        self._marks = []         # (len(effective), a copy of the state then), oldest first
        self._every = self.MARK  # events between two checkpoints

    def feed(self, ev, line=None):
        """engine.Folder.feed; ``line``: the JSON line ``ev`` was read from, kept as it is
        (no encoding again)."""
        t = ev.get("t")
        if t == "undo" and self.state is not None:
            return self._undo(ev)
        if t == "new":
            st = engine.Folder.feed(self, ev)
            self.effective = PackedEvents([ev])
            self._seqs, self._marks, self._every = array("q"), [], self.MARK
            self._add_seq(ev)
            return st
        self.keep = False          # Folder.feed appends no dict: the line is kept here
        try:
            st = engine.Folder.feed(self, ev)
        finally:
            self.keep = True
        self.effective.append(ev, line)
        self._add_seq(ev)
        n = len(self.effective)
        if n % self._every == 0 and isinstance(self._seqs, array):
            self._marks.append((n, st.copy()))
            if len(self._marks) > self.MARKS:   # a long game: its copies stay few
                self._marks = self._marks[1::2]
                self._every *= 2
        return st

    def _add_seq(self, ev):
        """Keep the seq; a seq that is not a 64-bit int, or below the one before (a log edited
        by hand), makes ``_seqs`` a list: undo then filters as Folder does, with no checkpoint."""
        q = ev.get("seq", 0)
        seqs = self._seqs
        if isinstance(seqs, array):
            if type(q) is int and -(1 << 63) <= q < (1 << 63) and (not seqs or q >= seqs[-1]):
                seqs.append(q)
                return
            self._seqs = list(seqs)
            self._marks = []
        self._seqs.append(q)

    def _undo(self, ev):
        # engine.Folder's undo: the events up to ``to`` folded again without the undone tail
        st = self.state
        to = ev.get("to")
        if not isinstance(to, int) or to < self.base or to >= st.seq:
            raise IllegalMove("undo: nothing to undo before event %r" % (to,))
        seqs = self._seqs
        if not isinstance(seqs, array):   # Folder's own filter and fold, from ``new``
            keep = [e for e in self.effective if e.get("seq", 0) <= to]
            f = engine.Folder(self.board, verify=False, keep=False)
            for e in keep:
                f.feed(e)
            if f.state is None:
                raise IllegalMove("undo: the log must begin with a new event")
            self.effective = PackedEvents(keep)
            self._seqs = [e.get("seq", 0) for e in keep]
        else:
            n = bisect.bisect_right(seqs, to)   # seqs that only grow: the kept prefix
            while self._marks and self._marks[-1][0] > n:
                self._marks.pop()
            f = engine.Folder(self.board, verify=False, keep=False)
            start = 0
            if self._marks:
                start, mark = self._marks[-1]
                f.state = mark.copy()
            for e in self.effective[start:n]:
                f.feed(e)
            if f.state is None:
                raise IllegalMove("undo: the log must begin with a new event")
            self.effective = PackedEvents.of(self.effective, n)
            del seqs[n:]
        self.state = f.state
        self.state.seq = ev.get("seq", st.seq)
        return self.state


def events(lines, name, headers=()):
    """(lineno, event, line) of a log's bytes lines, read as they come (elog.iter_lines: blank
    lines and header objects skipped; ValueError "NAME:LINE: problem"); ``line`` is the bytes
    the event was read from."""
    last = [None]

    def remembered():
        for raw in lines:
            last[0] = raw
            yield raw
    for lineno, ev in elog.iter_lines(remembered(), name, headers):
        yield lineno, ev, last[0]
