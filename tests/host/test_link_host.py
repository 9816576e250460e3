"""Host end of the link (issue 6): store, notation, session over a transport, secrets, view."""

import json
import os
import pty
import sqlite3
import tty

import pytest

from comando import link as L
from comando import sync as S
from comando_host import notation
from comando_host.secrets import SecretBook
from comando_host.session import HostSession
from comando_host.store import Store
from comando_host.transport import PipeTransport, Transport, open_transport
from comando_host.view import GameView, describe


class FakeDevice:
    """A DeviceSync on a MemorySource behind a transport, pumped by hand."""

    def __init__(self, transport, game="g1", keep=0, clock=None):
        import time
        self.clock = clock or time.monotonic
        self.src = S.MemorySource(keep)
        self.t = transport
        self.sync = S.DeviceSync(self.src, game, "teg-classic", "0.1.0", now=self.clock())

    def play(self, events):
        for ev in events:
            self.src.append(ev)
        self.sync.publish(self.clock())

    def poll(self):
        data = self.t.read()
        if data:
            self.sync.feed(data, self.clock())
        else:
            self.sync.tick(self.clock())
        for cid, action in self.sync.take_commands():
            ev = self.src.append(action)
            self.sync.command_done(cid, ev["seq"])
        out = self.sync.take()
        if out:
            self.t.write(out)


def pump(host, dev, rounds=200):
    for _ in range(rounds):
        dev.poll()
        host.poll()


@pytest.fixture
def store(tmp_path):
    s = Store(str(tmp_path / "c.db"))
    yield s
    s.close()


def test_store_is_wal_and_full_sync(store):
    assert store.journal_mode == "wal"
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_store_default_path_follows_env(monkeypatch, tmp_path):
    from comando_host import store as st
    monkeypatch.setenv("COMANDO_DB", str(tmp_path / "x.db"))
    assert st.default_path() == str(tmp_path / "x.db")
    monkeypatch.delenv("COMANDO_DB")
    assert st.default_path().endswith("comando.db")


def test_store_events_players_and_divergence(store):
    store.ensure_game("g1", board="teg-classic", fw="0.1")
    evs = [{"seq": 1, "t": "new", "ruleset": "teg", "players": ["Ana", "Beto"]},
           {"seq": 2, "t": "roll", "p": 0, "d": [6, 3]}]
    assert store.add_events("g1", evs) == 2
    assert store.add_events("g1", evs[1:]) == 2    # the same event again is harmless
    with pytest.raises(ValueError, match="differs"):
        store.add_events("g1", [{"seq": 2, "t": "roll", "p": 0, "d": [1, 1]}])
    assert store.events("g1") == evs
    assert store.players("g1") == [(0, "Ana", ""), (1, "Beto", "")]
    assert store.game("g1")["ruleset"] == "teg"
    assert store.find_game("g") == "g1"
    with pytest.raises(ValueError, match="no stored game"):
        store.find_game("zz")


def test_events_survive_another_connection(tmp_path):
    path = str(tmp_path / "d.db")
    s = Store(path)
    s.ensure_game("g1")
    s.add_events("g1", [{"seq": 1, "t": "x"}])
    # no close: a second process-like connection sees what was committed
    other = sqlite3.connect(path)
    assert other.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 1


GAME = [{"seq": 1, "t": "new", "ruleset": "teg", "players": ["Ana", "Beto Díaz"]},
        {"seq": 2, "t": "roll", "p": 0, "d": [6, 3], "note": "two words"},
        {"seq": 3, "t": "attack", "p": 1, "f": 12, "to": 13, "ad": [6, 3, 1], "dd": [4],
         "x": {"k": -1, "ok": True, "none": None}},
        {"seq": 4, "t": "end", "p": 1, "w": "true", "z": "7a"}]


def test_text_notation_round_trip():
    headers = {"id": "g1", "board": "teg-classic", "ruleset": "teg", "fw": "0.1"}
    recs = [("event", e) for e in GAME] + [("snapshot", 9, {"n": 9})]
    text = notation.to_text(headers, recs, [(0, "Ana", "blue")])
    assert '[Game "g1"]' in text and "2 roll d=[6,3] note=\"two words\" p=0" in text
    h, r = notation.parse(text)
    assert h == headers and r == recs
    h2, r2 = notation.parse(notation.to_jsonl(headers, recs))
    assert h2 == headers and r2 == recs


def test_notation_errors_name_the_line():
    from comando.errors import JournalError
    with pytest.raises(JournalError, match="f.txt:2"):
        notation.parse('[Game "g"]\nthis is not an action\n', "f.txt")
    with pytest.raises(JournalError, match="in order"):
        notation.parse("2 a\n1 b\n", "f.txt")


def test_session_stores_before_acking(store):
    h, d = PipeTransport.pair()
    host = HostSession(h, store)
    dev = FakeDevice(d)
    dev.play([{"t": "roll", "p": i % 2, "d": [i % 6 + 1]} for i in range(50)])
    acks = []
    real = store.add_events

    def spy(game, events, snapshot=None):
        top = real(game, events, snapshot)
        acks.append((top, dev.sync.acked))  # the device cannot have been acked past top yet
        return top

    store.add_events = spy
    pump(host, dev)
    assert store.events("g1") == dev.src.events
    assert all(device_acked < top for top, device_acked in acks)
    assert dev.sync.acked == 50
    assert host.view.count == 50


def test_session_command_round_trip(store):
    h, d = PipeTransport.pair()
    host = HostSession(h, store)
    dev = FakeDevice(d)
    pump(host, dev, 20)
    cid = host.submit({"t": "conquer", "c": 3})
    pump(host, dev, 20)
    assert host.results[cid] == (1, None)
    assert store.events("g1")[0]["cid"] == cid


def test_transport_loop_url():
    t = open_transport("loop://")
    t.write(L.encode(L.ACK, 5))
    assert L.Decoder().feed(t.read()) == [(L.ACK, 5, {})]
    t.close()


def test_transport_pseudo_terminal(store):
    master, slave = pty.openpty()
    tty.setraw(slave)
    name = os.ttyname(slave)
    t = open_transport(name)

    class Master:
        def read(self, n=65536):
            import select
            if select.select([master], [], [], 0)[0]:
                return os.read(master, n)
            return b""

        def write(self, data):
            os.write(master, data)

    host = HostSession(t, store)
    dev = FakeDevice(Master())
    dev.play([{"t": "roll", "p": 0, "d": [3, 3]}] * 5)
    for _ in range(300):
        dev.poll()
        host.poll()
        t.wait(0.001)
        if dev.sync.acked == 5:
            break
    assert len(store.events("g1")) == 5 and dev.sync.acked == 5
    t.close()
    os.close(master)
    os.close(slave)


def test_auto_detect_without_a_pico(monkeypatch):
    from comando_host import transport
    from comando_host.cli import UsageError
    monkeypatch.setattr(transport.serial.tools.list_ports, "comports", lambda: [])
    with pytest.raises(UsageError, match="no Pico"):
        transport.resolve(None)

    class P:
        vid, device = 0x2E8A, "/dev/ttyACM7"
    monkeypatch.setattr(transport.serial.tools.list_ports, "comports", lambda: [P()])
    assert transport.resolve("auto") == "/dev/ttyACM7"


H = "ab" * 32


def test_secret_book_verifies_reveals():
    ok = lambda h, cmd, n: h == H and cmd == "3/0/5" and n == "00" * 16
    book = SecretBook(verify=ok)
    assert book.event({"seq": 1, "t": "lock", "p": 0, "h": H}) is None
    assert "before both" in book.event({"seq": 2, "t": "reveal", "p": 0, "cmd": "3/0/5", "n": "00" * 16})
    book = SecretBook(verify=ok)
    book.event({"seq": 1, "t": "lock", "p": 0, "h": H})
    book.event({"seq": 2, "t": "lock", "p": 1, "h": "cd" * 32})
    assert book.event({"seq": 3, "t": "reveal", "p": 0, "cmd": "3/0/5", "n": "00" * 16}) is None
    msg = book.event({"seq": 4, "t": "reveal", "p": 1, "cmd": "9/9/9", "n": "00" * 16})
    assert msg.startswith("tampering") and "does not match" in msg
    assert "in clear" in SecretBook(verify=ok).event({"seq": 5, "t": "lock", "p": 0, "h": H,
                                                     "cmd": "1/1/1"})


def test_view_never_shows_objectives():
    v = GameView()
    v.event({"seq": 1, "t": "deal", "p": 0, "obj": [3, 5], "objectives": [1, 2], "c": [1, 2]})
    v.event({"seq": 2, "t": "lock", "p": 0, "h": H})
    text = "\n".join(list(v.log) + v.summary())
    assert "obj" not in text and "[3,5]" not in text and H not in text
    assert describe({"seq": 3, "t": "roll", "p": 1, "d": [6]}) == "#3 roll d=[6] p=1"
