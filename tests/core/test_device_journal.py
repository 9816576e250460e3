"""The device journal on flash (device/journal.py, device/app.py boot): power loss at every byte
of the last lines restores a consistent prefix; a corrupt tail is dropped and reported; a full
filesystem refuses new events with a message and loses nothing already written. Runs on CPython
and on the MicroPython unix port."""

MPY_HEAP = "2m"

from mpytest import raises

from comando import session as S
from comando.session import replay
from device.app import App
from device.journal import StorageFull
import devicekit as K


def boot(root, free=None):
    app = App(K.TestHal(root, free))
    app.boot()
    return app


def test_power_loss_at_every_byte_of_the_last_lines():
    events = K.teg_events()
    data = K.journal_bytes(events)
    ends = []
    pos = 0
    for e in events:
        pos += len(K.journal_bytes([e]))
        ends.append(pos)
    root = K.tempdir("pl")
    try:
        start = ends[-4]  # the last three lines, cut at every byte
        for cut in range(start, len(data) + 1):
            K.write(root + "/journal.log", data[:cut])
            app = boot(root)
            k = len([e for e in ends if e <= cut])
            assert app.state.seq == k, (cut, app.state.seq, k)
            assert app.state.to_dict() == replay.fold(events[:k]).to_dict()
            # the torn tail is gone from flash too (compaction), and it was reported
            assert K.read(root + "/journal.log") == data[:ends[k - 1]]
            assert (app.journal.problem is None) == (cut == ends[k - 1])
    finally:
        K.rmtree(root)


def test_corrupt_last_line_is_dropped_and_reported_not_a_crash():
    events = K.teg_events()
    data = bytearray(K.journal_bytes(events))
    data[-20] ^= 0x04
    root = K.tempdir("crc")
    try:
        K.write(root + "/journal.log", bytes(data))
        app = boot(root)
        assert app.state.seq == len(events) - 1
        assert "CRC" in app.journal.problem
        assert app.toast is not None and "CRC" in app.toast[0]
        # the game goes on from the restored prefix
        ev = app.submit({"t": "end", "p": app.state.cur}) if app.state.stage == S.TURN else None
        assert ev is None or ev["seq"] == len(events)
    finally:
        K.rmtree(root)


def test_an_event_the_rules_refuse_ends_the_prefix():
    events = K.teg_events()
    bad = dict(events[-1])
    bad["p"] = (bad["p"] + 1) % 4  # not that player's turn
    root = K.tempdir("rules")
    try:
        K.write(root + "/journal.log", K.journal_bytes(events[:-1] + [bad]))
        app = boot(root)
        assert app.state.seq == len(events) - 1
        assert "rules" in app.journal.problem
        assert K.read(root + "/journal.log") == K.journal_bytes(events[:-1])
    finally:
        K.rmtree(root)


def test_full_filesystem_refuses_with_a_message_and_keeps_everything():
    events = K.teg_events()
    root = K.tempdir("full")
    try:
        K.write(root + "/journal.log", K.journal_bytes(events))
        app = boot(root, free=100)  # less than a line plus the reserve
        before = K.read(root + "/journal.log")
        assert app.state.stage == S.ROUND
        with raises(StorageFull):
            app.submit({"t": "round"})
        assert app.state.seq == len(events)  # not applied either
        assert app.act({"t": "round"}) is None
        assert "Storage full" in app.toast[0]
        assert K.read(root + "/journal.log") == before
    finally:
        K.rmtree(root)


class HalfWriteFile:
    """A file on a filesystem that fills up in the middle of a write."""

    def __init__(self, f):
        self.f = f

    def write(self, data):
        self.f.write(data[:len(data) // 2])
        raise OSError(28)

    def flush(self):
        self.f.flush()

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.f.close()


def test_write_failing_half_way_freezes_the_journal_and_boot_repairs_it():
    events = K.teg_events()
    root = K.tempdir("half")
    try:
        K.write(root + "/journal.log", K.journal_bytes(events[:-1]))
        hal = K.TestHal(root)
        app = App(hal)
        app.boot()
        real_open = hal.open
        hal.open = lambda path, mode="rb": HalfWriteFile(open(path, mode)) if "a" in mode else real_open(path, mode)
        with raises(StorageFull):
            app.submit({"t": "end", "p": app.state.cur})
        hal.open = real_open
        # no line is ever appended after a torn one
        with raises(StorageFull):
            app.submit({"t": "end", "p": app.state.cur})
        again = boot(root)
        assert again.state.seq == len(events) - 1
        assert "torn" in again.journal.problem
        assert K.read(root + "/journal.log") == K.journal_bytes(events[:-1])
        ev = again.submit({"t": "end", "p": again.state.cur})
        assert ev["seq"] == len(events)
    finally:
        K.rmtree(root)


def test_a_bad_crc_mid_file_keeps_the_damaged_file_aside_and_reports_the_rest():
    """Issue 13: a CRC mismatch on line 5 deleted the valid events after it. Now the valid
    prefix is the journal, the damaged file is kept whole as journal.log.bad1 (then .bad2), and
    the repair report (told to the laptop in the hello) says how many intact lines follow."""
    events = K.teg_events()
    n = len(events)
    data = bytearray(K.journal_bytes(events))
    start = len(K.journal_bytes(events[:4]))
    data[start + 12] ^= 0x01        # a flipped bit in line 5
    root = K.tempdir("mid")
    try:
        K.write(root + "/journal.log", bytes(data))
        app = boot(root)
        assert app.state.seq == 4
        assert K.read(root + "/journal.log") == K.journal_bytes(events[:4])
        assert K.read(root + "/journal.log.bad1") == bytes(data)   # nothing deleted
        damage = app.journal.damage
        assert damage == {"kept": 4, "backup": "journal.log.bad1", "after": [n - 5, n - 4]}
        assert "journal.log.bad1" in app.journal.problem
        assert "%d intact events" % (n - 5) in app.journal.problem
        # the same damage again: a second numbered backup, the first kept
        K.write(root + "/journal.log", bytes(data))
        again = boot(root)
        assert again.journal.damage["backup"] == "journal.log.bad2"
        assert K.read(root + "/journal.log.bad1") == bytes(data)
        # a torn last line alone keeps no backup (that write never finished)
        K.write(root + "/journal.log", K.journal_bytes(events)[:-3])
        third = boot(root)
        assert third.journal.damage is None and "torn" in third.journal.problem
    finally:
        K.rmtree(root)


def test_the_repair_report_reaches_the_laptop_in_the_hello():
    from comando import sync as Y
    from comando import link as L
    src = Y.MemorySource()
    dev = Y.DeviceSync(src, "g1")
    dev.damage = {"kept": 4, "backup": "journal.log.bad1", "after": [9, 10]}
    dev.tick(5.0)
    frames = L.Decoder(4096).feed(dev.take())
    hello = [p for t, s, p in frames if t == L.HELLO][0]
    assert hello["damaged"]["backup"] == "journal.log.bad1"
    host = Y.HostSync(lambda game: 14)
    host.feed(L.encode(L.HELLO, 4, hello), 5.0)
    msgs = [d[1]["m"] for d in host.take_deliveries() if d[0] == "error"]
    assert any("damaged after event 4" in m and "journal.log.bad1" in m and "1-14" in m
               for m in msgs), msgs


def test_the_laptop_restores_what_a_damaged_journal_lost():
    """Issue 13: after the repair above, the laptop (which holds every event) sends the lost ones
    back when the link comes up; the device checks each with the rules, journals it (its intact
    copy from the backup where there is one) and ends with the whole game again."""
    from comando import sync as Y
    from device.link import LinkEndpoint
    from fakedevice import Pipe
    events = K.teg_events()
    n = len(events)
    full = K.journal_bytes(events)
    data = bytearray(full)
    data[len(K.journal_bytes(events[:4])) + 12] ^= 0x01
    root = K.tempdir("restore")
    try:
        K.write(root + "/journal.log", bytes(data))
        app = boot(root)
        assert app.state.seq == 4 and app.journal.damage
        dport, hport = Pipe.pair()
        link = LinkEndpoint(dport, app.journal, app)
        app.link = link
        gid = link.game
        stored = {}
        host = Y.HostSync(lambda g: n if g == gid else 0, now=0.0,
                          events_for=lambda g, after: [e for e in events if e["seq"] > after])
        host.hello()
        t = 0.0
        for _ in range(400):
            link.step()
            t += 0.01
            got = hport.read(1 << 16)
            if got:
                host.feed(got, t)
            else:
                host.tick(t)
            top = 0
            for d in host.take_deliveries():
                if d[0] == "event":
                    stored[d[1]["seq"]] = d[1]
                    top = d[1]["seq"]
            if top:
                host.stored(top)
            out = host.take()
            if out:
                hport.write(out)
            if app.state.seq == n and not app.journal.damage:
                break
        assert app.state.seq == n
        assert app.journal.damage is None and link.sync.damage is None
        assert K.read(root + "/journal.log") == full
        assert app.state.to_dict() == replay.fold(events).to_dict()
        assert K.read(root + "/journal.log.bad1") == bytes(data)   # the damaged copy stays
        assert host.diverged == 0
    finally:
        K.rmtree(root)
