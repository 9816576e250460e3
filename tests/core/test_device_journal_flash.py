"""The journal on raw flash sectors (device/journal_flash.py, issue 14): an append is one page
program and never an erase; a power cut at any byte of a journal write restores the events written
whole; sectors are erased ahead at idle; a new game keeps the previous one; a full pool refuses
with a message and loses nothing; an old-format journal.log goes on in its file until the next
new game; a bad line mid-journal keeps the damaged game for the laptop's restore. On a NOR model
(erase = 0xFF, a program clears bits only). Runs on CPython and on the MicroPython unix port."""

MPY_HEAP = "2m"

from mpytest import raises

from comando import journal as codec
from comando import journal_read
from comando import session as S
from comando.session import replay
from device.app import App
from device.hal.simflash import SimPool
from device.journal import StorageFull
from device import journal_flash as F
from device import journal_flash_read as R
import devicekit as K


class PowerCut(Exception):
    pass


class Nor:
    """count sectors of NOR flash in RAM; ``cut = (n, k)``: the n-th program from now stops
    after k bytes of its buffer (the power goes)."""

    def __init__(self, count=8):
        self.count = count
        self.data = bytearray(b"\xff" * (count * 4096))
        self.erases = self.programs = 0
        self.cut = None

    def readblocks(self, b, buf, off=0):
        at = b * 4096 + off
        buf[:] = self.data[at:at + len(buf)]

    def writeblocks(self, b, buf, off=None):
        assert off is not None and off % 256 == 0 and len(buf) % 256 == 0, (off, len(buf))
        at = b * 4096 + off
        n = len(buf)
        torn = False
        if self.cut is not None:
            self.cut = (self.cut[0] - 1, self.cut[1])
            if self.cut[0] == 0:
                n = min(n, self.cut[1])
                torn = True
        for i in range(n):
            self.data[at + i] &= buf[i]
        self.programs += 1
        if torn:
            self.cut = None
            raise PowerCut()

    def ioctl(self, op, arg=0):
        if op == 4:
            return self.count
        if op == 6:
            self.data[arg * 4096:(arg + 1) * 4096] = b"\xff" * 4096
            self.erases += 1
            return 0
        return None


class FlashHal(K.TestHal):
    def __init__(self, root, nor):
        K.TestHal.__init__(self, root)
        self.nor = nor

    def journal_pool(self):
        return SimPool(self.nor)


def boot(root, nor):
    app = App(FlashHal(root, nor))
    app.boot()
    return app


def ready(app):
    while app.journal.idle():
        pass


def play(app, events):
    for ev in events:
        app.journal.append(ev)
        S.apply(app.state, ev)


def lines(app):
    with app.journal.open_read() as f:
        return f.read()


def test_appends_are_page_programs_never_erases_and_boot_restores_them():
    events = K.teg_events()
    nor = Nor(8)
    root = K.tempdir("fl1")
    try:
        app = boot(root, nor)
        assert app.journal._st() is not None
        ready(app)
        assert len(app.journal._st().ready) == F.READY
        erases = nor.erases
        programs = nor.programs
        play(app, events)
        assert nor.erases == erases          # nothing erased on the way
        assert nor.programs == programs + len(events)   # one program per event
        again = boot(root, nor)
        assert again.state.seq == len(events) and again.journal.problem is None
        assert again.state.to_dict() == replay.fold(events).to_dict()
        assert lines(again) == K.journal_bytes(events)
    finally:
        K.rmtree(root)


def test_a_game_longer_than_a_sector_reads_back_as_one_stream():
    events = K.teg_events()
    big = events * 1
    nor = Nor(8)
    root = K.tempdir("fl2")
    try:
        app = boot(root, nor)
        j = app.journal
        # 120 copies of an event's line with consecutive seqs: about 3 sectors
        evs = []
        for i in range(120):
            ev = dict(big[i % len(big)])
            ev["seq"] = i + 1
            evs.append(ev)
            j.append(ev)
            if i % 10 == 0:
                j.idle()
        assert len(j.store.chain) >= 3
        data = K.journal_bytes(evs)
        assert lines(app) == data
        with j.open_read() as f:       # seek into the middle of a later sector (the link does)
            at = len(K.journal_bytes(evs[:100]))
            f.seek(at)
            assert journal_read.decode(f.readline())["seq"] == 101
            # the lines after it, read one by one to the end (across the sector's end)
            after = [journal_read.decode(f.readline())["seq"] for _ in range(19)]
            assert after == list(range(102, 121))
            assert f.readline() == b""
        # a reader kept open (the link's) sees what is appended after it reached the end,
        # in the same sector and across a new one
        f = j.open_read()
        assert f.read() == data
        more = []
        for i in range(120, 170):
            ev = dict(big[i % len(big)])
            ev["seq"] = i + 1
            more.append(ev)
            j.append(ev)
            j.idle()
            if i % 10 == 0:
                assert f.read() == K.journal_bytes(more)
                more = []
        assert f.read() == K.journal_bytes(more)
        f.close()
        evs = [journal_read.decode(ln) for ln in lines(app).splitlines(True)]
        assert len(evs) == 170
        # a fresh boot finds the same chain
        again = App(FlashHal(root, nor))
        got = []
        again.journal.restore(got.append)
        assert got == evs
    finally:
        K.rmtree(root)


def test_power_cut_at_every_byte_of_the_last_lines():
    events = K.teg_events()
    root = K.tempdir("fl3")
    try:
        for back in (4, 3, 2):   # (the event after it is written next)
            k = len(events) - back          # the event being written when the power goes
            line = codec.encode(events[k])
            for cut in range(0, 256 + len(line), 7 if back > 2 else 1):
                nor = Nor(6)
                app = boot(root, nor)
                ready(app)
                play(app, events[:k])
                nor.cut = (1, cut)
                try:
                    app.journal.append(events[k])
                    whole = True
                except StorageFull:
                    whole = False
                again = boot(root, nor)
                want = k + 1 if whole or nor.cut is not None else k
                assert again.state.seq in (k, k + 1), (back, cut, again.state.seq)
                if again.state.seq == k + 1:   # all its bytes landed before the cut
                    assert lines(again) == K.journal_bytes(events[:k + 1])
                else:
                    assert lines(again) == K.journal_bytes(events[:k]), (back, cut)
                    assert want == k
                assert again.state.to_dict() == replay.fold(events[:again.state.seq]).to_dict()
                # the game goes on: the next event is written and read back after a reboot
                ready(again)
                seq = again.state.seq
                play(again, events[seq:seq + 1])
                third = boot(root, nor)
                assert third.state.seq == seq + 1 and third.journal.problem is None, (back, cut)
                assert lines(third) == K.journal_bytes(events[:seq + 1])
    finally:
        K.rmtree(root)


def test_a_torn_first_line_of_a_sector_and_a_torn_header():
    events = K.teg_events()
    root = K.tempdir("fl4")
    try:
        for cut in (0, 5, 12, 17, 23, 24, 40):
            nor = Nor(6)
            app = boot(root, nor)
            ready(app)
            nor.cut = (1, cut)      # the game's very first write: header + first line
            with raises(StorageFull):
                app.journal.append(events[0])
            again = boot(root, nor)
            assert again.state.seq == 0, cut
            ready(again)
            play(again, events[:3])
            assert boot(root, nor).state.seq == 3
    finally:
        K.rmtree(root)


def test_idle_erases_one_sector_per_call_and_a_new_game_keeps_the_previous():
    events = K.teg_events()
    nor = Nor(8)
    root = K.tempdir("fl5")
    try:
        app = boot(root, nor)
        store = app.journal._st()
        before = nor.erases
        assert app.journal.idle() and nor.erases == before + 1 or not store.dirty
        ready(app)
        play(app, events)
        first = store.game
        app.journal.archive()
        app.state = S.Session()
        play(app, events[:3])
        assert store.prev == first and store.game == first + 1
        again = boot(root, nor)
        assert again.state.seq == 3
        assert again.journal._st().prev == first
        with R.reader(again.journal._st(), first) as f:   # the previous game is still readable
            assert f.read() == K.journal_bytes(events)
        # a third game: the first one's sectors are erased again for reuse, one per idle call
        again.journal.archive()
        store = again.journal._st()
        assert first not in store.games and store.dirty
        store.ready = []
        e0 = nor.erases
        assert again.journal.idle() and nor.erases == e0 + 1     # one erase per call
        again.state = S.Session()
        play(again, events[:2])
        assert nor.erases == e0 + 1     # the append used the sector erased at idle
        assert boot(root, nor).state.seq == 2
    finally:
        K.rmtree(root)


def test_a_full_pool_refuses_with_a_message_and_keeps_everything():
    events = K.teg_events()
    nor = Nor(1)
    root = K.tempdir("fl6")
    try:
        app = boot(root, nor)
        ready(app)
        j = app.journal
        evs = []
        with raises(StorageFull):
            for i in range(200):
                ev = dict(events[i % len(events)])
                ev["seq"] = i + 1
                j.append(ev)
                evs.append(ev)
        assert 30 < len(evs) < 200
        assert "Storage full" in str(j.frozen or "Storage full")
        got = []
        App(FlashHal(root, nor)).journal.restore(got.append)
        assert got == evs
    finally:
        K.rmtree(root)


def test_an_old_format_journal_goes_on_in_its_file_until_the_next_game():
    events = K.teg_events()
    nor = Nor(4)
    root = K.tempdir("fl7")
    try:
        K.write(root + "/journal.log", K.journal_bytes(events[:-1]))
        app = boot(root, nor)
        assert not app.journal.flash and app.state.seq == len(events) - 1
        app.journal.append(events[-1])
        assert K.read(root + "/journal.log") == K.journal_bytes(events)
        app.journal.archive()     # New game: the old file is kept aside, the new game on flash
        assert app.journal._st() is not None
        assert K.read(root + "/journal.log.old") == K.journal_bytes(events)
        app.state = S.Session()
        play(app, events[:2])
        again = boot(root, nor)
        assert again.journal._st() is not None and again.state.seq == 2
    finally:
        K.rmtree(root)


def test_a_bad_line_mid_journal_keeps_the_damaged_game_for_the_restore():
    from device import journal_repair
    events = K.teg_events()
    n = len(events)
    nor = Nor(6)
    root = K.tempdir("fl8")
    try:
        app = boot(root, nor)
        ready(app)
        play(app, events)
        store = app.journal._st()
        b = store.chain[0]
        at = b * 4096 + F.HDR + len(K.journal_bytes(events[:4])) + 12
        nor.data[at] &= 0xFE if nor.data[at] & 1 else 0x00     # a bit of line 5 cleared
        again = boot(root, nor)
        assert again.state.seq == 4
        damage = again.journal.damage
        assert damage["kept"] == 4 and damage["backup"].startswith("flash:")
        assert damage["after"] == [n - 5, n - 4]
        assert lines(again) == K.journal_bytes(events[:4])
        # the restore reads the intact copies from the damaged game
        from comando.link import redact
        bk = journal_repair._Backup(again.journal)
        assert bk.event(6, redact(events[5])) == events[5]
    finally:
        K.rmtree(root)


def test_a_press_is_on_flash_when_submit_returns_and_a_full_pool_refuses_first():
    """App.submit(defer=True) (a press, docs/decisions/event-on-flash-before-picture.md): the
    event's line is on flash when submit returns, before anything draws it; only its publication
    (and undo snapshot) wait for the picture. At the end of the pool the refusal comes before
    anything changes: nothing lost, nothing frozen, the state as it was, nothing to publish."""
    events = K.teg_events()[:11]   # the opening, the placements, the round: a turn is on
    nor = Nor(1)
    root = K.tempdir("fl9")
    try:
        app = boot(root, nor)
        ready(app)
        play(app, events)
        app.deferring = True
        made = []
        refused = False
        for _ in range(300):
            p = app.state.cur
            seq = app.state.seq
            try:
                ev = app.submit({"t": "roll", "p": p, "d": (p + 1) % 4, "a": 6, "b": 3}, defer=True)
            except StorageFull:
                refused = True
                assert app.state.seq == seq and not app.unpublished
                break
            assert lines(app).splitlines(True)[-1] == codec.encode(ev)   # before any picture
            assert app.unpublished == [ev]
            made.append(ev)
            app.flush()
        assert refused and len(made) > 10 and app.journal.frozen is None
        got = []
        App(FlashHal(root, nor)).journal.restore(got.append)
        assert got == events + made
    finally:
        K.rmtree(root)


def test_a_press_whose_write_fails_is_never_applied_and_shows_the_error():
    """The page program of a press's line fails (the power cut model raising mid-program): the
    press shows the error instead of its result (App.act), the state is as before the press,
    nothing waits to be published, the journal is frozen, and the next boot folds the journal
    without the event (its torn line dropped)."""
    events = K.teg_events()[:11]
    nor = Nor(2)
    root = K.tempdir("fl10")
    try:
        app = boot(root, nor)
        ready(app)
        play(app, events)
        app.deferring = True
        before = app.state.to_dict()
        p = app.state.cur
        nor.cut = (1, 40)   # the next program stops after 40 bytes
        assert app.act({"t": "roll", "p": p, "d": (p + 1) % 4, "a": 6, "b": 3}) is None
        assert app.toast is not None and app.toast[0].startswith("Storage full: write failed")
        assert app.state.to_dict() == before and app.events_made == 0
        assert not app.unpublished and not app.unremembered and app.journal.frozen
        again = boot(root, nor)
        assert again.state.seq == events[-1]["seq"]
        assert lines(again) == K.journal_bytes(events)
    finally:
        K.rmtree(root)
