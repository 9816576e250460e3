"""comando import FILE: store a game exported as JSON lines or text notation (or a device
journal) on this laptop. The log is folded with its rules first: an illegal log is refused,
naming its first bad event. A device journal whose last line was torn (the power cut mid-write)
is imported up to that line, saying what was dropped."""

import os
import re

from comando_host.cli import UsageError
from comando_host.commands._common import add_db, open_store
from comando_host.text.lang import _, _n

# A game id: what `show`, `export` and `replay` are given back, and a file name on export.
GAME_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


def register(sub):
    p = sub.add_parser("import", help=_("import a game file (jsonl, text notation or a device journal)"))
    p.add_argument("file")
    p.add_argument("--as", dest="game_id", metavar="ID", help=_("store it under this game id "
                   "(letters, digits, '.', '_', '-'; up to 64)"))
    add_db(p)
    p.set_defaults(func=run)


def _is_journal(data: bytes) -> bool:
    head = data.lstrip()[:9]
    return len(head) == 9 and head[8:9] == b" " and all(c in b"0123456789abcdef" for c in head[:8])


def _journal_records(path, data):
    from comando import journal_read as journal
    events, good, problem = journal.scan(data)
    dropped = None
    if problem:
        torn = data.find(b"\n", good) < 0   # the damage is the last line, with no newline
        if not torn:
            raise UsageError(_("%s: %s; nothing imported (events 1-%d are intact: a device "
                             "resync restores the rest)") % (path, problem, len(events))
                             if events else _("%s: %s; nothing imported") % (path, problem))
        dropped = (_("the torn last line (%d bytes after event %d, no newline: the write it "
                   "began never finished)") % (len(data) - good, len(events)))
    return {}, [("event", e) for e in events], dropped


class LogFile:
    """A game file read as it goes, never whole (issue 28: a long log): ``scan()`` checks it
    all in one pass (its format, UTF-8, every line, the order, the fold from its `new`, with
    the messages import always gave and in their order: the whole file read, decoded and
    parsed, then folded) and keeps only the headers and counts; ``records()`` reads its
    records again, for the store, one at a time. A device journal (a flash's size) is read
    whole."""

    CHUNK = 1 << 20

    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)
        self.headers, self.dropped = {}, None
        self.journal = None       # a device journal's records, read whole
        self.jsonl = False
        self.count = 0            # records
        self.events = 0
        self.first_kind = None    # "event" or "snapshot": the first record's
        self.problem = None       # the fold's one line, or None

    def _reader(self):
        from comando_host.store.inputfile import LineReader
        return LineReader(self.path, what=_("game file"))   # regular, size-bound (InputError)

    def _head(self):
        """(the first 9 bytes past leading whitespace, the first non-blank character or None),
        checking the whole file is UTF-8 on the way (UsageError otherwise)."""
        import codecs
        decoder = codecs.getincrementaldecoder("utf-8")()
        head, first, ok = b"", None, True
        with self._reader() as r:
            n = 0
            while True:
                chunk = r.file.read(self.CHUNK)
                n += len(chunk)
                if n > r.limit:          # bounded even if the file grows while it is read
                    raise r.too_big()
                if len(head) < 9:
                    head = (head + chunk).lstrip() if not head else head + chunk
                    head = head[:9]
                if ok:
                    try:
                        text = decoder.decode(chunk, final=not chunk)
                    except UnicodeDecodeError:
                        ok = False
                    else:
                        if first is None and text.lstrip():
                            first = text.lstrip()[0]
                if not chunk:
                    break
        return head, first, ok

    def _lines(self):
        """The file's text lines, split as str.splitlines splits the whole text."""
        with self._reader() as r:
            for raw in r:
                for line in raw.decode("utf-8").splitlines():
                    yield line

    def scan(self):
        from comando_host.store import notation
        head, first, utf8 = self._head()
        if _is_journal(head):
            from comando_host.store.inputfile import read_bytes
            data = read_bytes(self.path, what=_("game file"))
            self.headers, self.journal, self.dropped = _journal_records(self.path, data)
            self.count = len(self.journal)
            self.events = self.count
            self.first_kind = "event" if self.journal else None
            if self.journal:
                self.problem = _fold_problem(r[1] for r in self.journal)
            return
        if not utf8:
            raise UsageError(_("%s is not a text file") % self.path)
        if first is None:
            raise notation.JournalError(_("%s: empty file") % self.name)
        self.jsonl = first == "{"
        order = notation.OrderCheck(self.name)
        fold = _Fold()
        last = [None]

        def remembered():     # a JSONL event's line: the fold keeps it as it is
            for line in self._lines():
                last[0] = line
                yield line
        for r in notation.iter_records(remembered(), self.name, self.headers, self.jsonl):
            order.feed(r)
            if self.first_kind is None:
                self.first_kind = r[0]
            self.count += 1
            if r[0] == "event":
                self.events += 1
                if self.first_kind == "event":
                    fold.feed(r[1], last[0].encode("utf-8") if self.jsonl else None)
        if order.problem is not None:
            raise order.problem
        self.problem = fold.end() if self.first_kind == "event" else None

    def records(self):
        if self.journal is not None:
            return iter(self.journal)
        from comando_host.store import notation
        return notation.iter_records(self._lines(), self.name, {}, self.jsonl)


def _fold_problem(events):
    fold = _Fold()
    for ev in events:
        fold.feed(ev)
    return fold.end()


class _Fold:
    """logcheck.fold_problem of a log fed one event at a time: a map game's fold keeps its
    state (logstream.StreamFolder); a table session's log (a device journal's size) is kept
    and folded as fold_problem folds it."""

    def __init__(self):
        self.first = None
        self.folder = None
        self.session = None
        self.problem = None

    def feed(self, ev, line=None):
        """``line``: the JSON line (bytes) ``ev`` was read from, when it was one."""
        if self.problem is not None:
            return
        if self.first is None:
            self.first = ev
            if not isinstance(ev, dict) or ev.get("t") != "new" or "board" not in ev:
                self.session = []        # not a map game: fold_problem says what it is
            else:
                from comando_host.store.logstream import StreamFolder
                self.folder = StreamFolder()
        if self.session is not None:
            self.session.append(ev)
            return
        from comando.errors import ComandoError, IllegalMove
        try:
            self.folder.feed(ev, line)
        except IllegalMove as exc:        # worded as engine.fold words it
            self.problem = "event %s (%s): %s" % (ev.get("seq", "?"), ev.get("t"), exc)
        except ComandoError as exc:
            self.problem = str(exc)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
            why = _("missing field %s") % exc if isinstance(exc, KeyError) else str(exc)
            self.problem = _("event %s (%s): %s") % (ev.get("seq", "?"), ev.get("t"), why)

    def end(self):
        from comando_host.store.logcheck import fold_problem
        if self.session is not None:
            return fold_problem(self.session)
        if self.first is None:
            return fold_problem([])
        return self.problem


def game_id(args, headers) -> str:
    """The id to store the game under: --as (checked), the file's header, else its name made
    safe."""
    if args.game_id is not None:
        if not GAME_ID.match(args.game_id):
            raise UsageError(_("--as %r is not a game id: letters, digits, '.', '_' and '-', up to "
                             "64, starting with a letter or digit") % args.game_id)
        return args.game_id
    gid = headers.get("id")
    if gid is not None:
        if not isinstance(gid, str) or not GAME_ID.match(gid):
            raise UsageError(_("%s: its game id %r is not a plain id; import it --as another id")
                             % (args.file, gid))
        return gid
    base = os.path.splitext(os.path.basename(args.file))[0]
    gid = re.sub(r"[^A-Za-z0-9._-]+", "-", base).strip("-._")[:64]
    return gid or "imported"


def run(args):
    log = LogFile(args.file)
    log.scan()
    if not log.count:
        raise UsageError(_("%s holds no events") % args.file)
    gid = game_id(args, log.headers)
    if log.problem:   # folded from its `new`; a log from a snapshot cannot be
        raise UsageError(_("%s: not imported: %s") % (args.file, log.problem))
    store = open_store(args, create=True)
    if store.game(gid) and store.last_seq(gid):
        if _same(store.iter_records(gid), log.records()):
            print(_("%s is already stored (%s)") % (gid, _n("{n} event", "{n} events", log.count).format(n=log.count)))
            return 0
        raise UsageError(_("a different game %s is already stored; import it --as another id") % gid)
    headers = log.headers
    store.ensure_game(gid, board=headers.get("board", ""), ruleset=headers.get("ruleset", ""),
                      fw=headers.get("fw", ""), origin="import")
    store.add_records(gid, log.records())   # one transaction, written in batches
    print(_("imported %s: %s") % (gid, _n("{n} event", "{n} events", log.events).format(n=log.events)))
    if log.dropped:
        print(_("dropped: %s") % log.dropped)
    return 0


def _same(stored, records) -> bool:
    """Whether two record streams are equal, read side by side."""
    import itertools
    gap = object()
    for a, b in itertools.zip_longest(stored, records, fillvalue=gap):
        if a != b:
            return False
    return True
