"""The link misfiles and crashes (issue 23): each event under the game of the frame that carried
it, a snapshot that does not continue the events refused, ``connect PATH`` to a pty never
attached to another program once its device went away."""

import os
import pty
import subprocess
import sys
import time
import tty

import pytest

from comando import link as L
from comando import sync as S
from comando_host.link.host import HostLink
from comando_host.store.db import Store
from comando_host.link.transport import PipeTransport


class Device:
    """A DeviceSync on a MemorySource behind a transport, pumped by hand; ``new_game`` starts
    another game with a journal of its own (seq from 1 again), as the device does."""

    def __init__(self, transport, game="g1"):
        self.t = transport
        self.src = S.MemorySource()
        self.sync = S.DeviceSync(self.src, game, "teg-classic", "0.1.0", now=time.monotonic())

    def play(self, events):
        for ev in events:
            self.src.append(ev)
        self.sync.publish(time.monotonic())

    def new_game(self, game):
        self.src = S.MemorySource()
        self.sync.source = self.src
        self.sync.new_game(game, "teg-classic")

    def poll(self):
        data = self.t.read()
        if data:
            self.sync.feed(data, time.monotonic())
        else:
            self.sync.tick(time.monotonic())
        for cid, action in self.sync.take_commands():
            self.sync.command_done(cid, self.src.append(action)["seq"])
        self.send()

    def send(self):
        out = self.sync.take()
        if out:
            self.t.write(out)


def pump(host, dev, rounds=100):
    for _ in range(rounds):
        dev.poll()
        host.poll()
        host.settle()


def rolls(n, base=0):
    return [{"t": "roll", "p": (base + i) % 2, "d": [(base + i) % 6 + 1]} for i in range(n)]


@pytest.fixture
def store(tmp_path):
    s = Store(str(tmp_path / "c.db"))
    yield s
    s.close()


@pytest.mark.parametrize("writer", [False, True])
@pytest.mark.parametrize("new_game_known", [False, True])
def test_one_read_with_the_last_events_of_a_game_and_the_next_games_hello(store, writer,
                                                                          new_game_known):
    # main: FOREIGN KEY constraint failed (g2 not stored yet), or g1's events filed under g2
    if new_game_known:
        store.ensure_game("g2", "teg-classic")
    h, d = PipeTransport.pair()
    host = HostLink(h, store, writer=writer)
    dev = Device(d)
    dev.play(rolls(5))
    pump(host, dev, 30)
    assert len(store.events("g1")) == 5
    # the last events of g1, then the device's hello for g2: written before the host reads
    dev.play(rolls(3, 5))
    dev.new_game("g2")
    dev.send()
    assert L.HELLO in [f[0] for f in L.Decoder().feed(bytes(h.inbox))][-1:]
    host.poll()
    host.settle()
    dev.play(rolls(4, 100))
    pump(host, dev, 40)
    host.close()
    assert [e["seq"] for e in store.events("g1")] == list(range(1, 9))
    assert [(e["t"], e["d"]) for e in store.events("g1")] == [(e["t"], e["d"]) for e in rolls(8)]
    assert [(e["seq"], e["d"]) for e in store.events("g2")] == \
        [(i + 1, e["d"]) for i, e in enumerate(rolls(4, 100))]
    assert dev.sync.acked == 4 and host.sync.game == "g2"


@pytest.mark.parametrize("state", [{"junk": True}, {"seq": 7}, ["x"], "junk"])
def test_a_snapshot_ahead_of_the_events_it_does_not_continue_is_refused(store, state):
    # main: the events it jumped over (2 of 28) were never stored, and the junk state was
    h, d = PipeTransport.pair()
    host = HostLink(h, store, writer=False)
    lines = []
    host.log = lines.append
    dev = Device(d)
    dev.play(rolls(10))
    pump(host, dev, 20)
    assert len(store.events("g1")) == 10
    dev.play(rolls(18, 10))
    dev.send()
    # a valid-CRC snapshot frame with junk state, two events ahead, before the events
    h.inbox[:0] = L.encode(L.SNAPSHOT, 12, {"game": "g1", "state": state})
    pump(host, dev, 40)
    assert [e["seq"] for e in store.events("g1")] == list(range(1, 29))
    assert all(r[0] == "event" for r in store.records("g1"))
    assert host.view.errors and "refused a snapshot at #12" in host.view.errors[-1]
    assert dev.sync.acked == 28


def test_a_snapshot_past_a_rotated_journal_is_still_taken(store):
    # the device's journal keeps 20 events: a laptop 40 behind gets the state, then the rest
    h, d = PipeTransport.pair()
    dev = Device(d)
    dev.src.keep = 20
    dev.play(rolls(60))
    host = HostLink(h, store, writer=False)
    pump(host, dev, 40)
    recs = store.records("g1")
    assert recs[0][0] == "snapshot" and recs[0][1] == 60 and recs[0][2]["seq"] == 60
    dev.play(rolls(3, 60))
    pump(host, dev, 20)
    assert [e["seq"] for e in store.events("g1")] == [61, 62, 63] and dev.sync.acked == 63


class MasterIO:
    """The device's end of a pty: the master's fd, read without blocking."""

    def __init__(self, fd):
        self.fd = fd

    def read(self, n=65536):
        import select
        if select.select([self.fd], [], [], 0)[0]:
            return os.read(self.fd, n)
        return b""

    def write(self, data):
        os.write(self.fd, data)


def _pty_number(name):
    return int(name.rsplit("/", 1)[1])


def _take_pty_number(target, seconds=5.0):
    """Open ptys (as another program would) until one gets ``target``'s number; the lower free
    numbers are held meanwhile (the kernel gives the lowest free one). (master, slave) or None."""
    held, end = [], time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            m, s = pty.openpty()
            name = os.ttyname(s)
            if name == target:
                return m, s
            if _pty_number(name) < _pty_number(target):
                held.append((m, s))
                continue
            os.close(m)
            os.close(s)
            time.sleep(0.02)
        return None
    finally:
        for fds in held:
            for fd in fds:
                os.close(fd)


def test_connect_to_a_pty_stops_when_its_device_goes_away_and_never_takes_the_reused_number(
        tmp_path):
    import threading
    master, slave = pty.openpty()
    tty.setraw(master)
    tty.setraw(slave)
    name = os.ttyname(slave)
    db = str(tmp_path / "c.db")
    proc = subprocess.Popen([sys.executable, "-m", "comando_host.cli", "connect", name, "--db", db,
                             "--seconds", "10"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    dev = Device(MasterIO(master))
    dev.play(rolls(5))
    stop = threading.Event()

    def device_loop():
        while not stop.is_set():
            dev.poll()
            time.sleep(0.005)

    t = threading.Thread(target=device_loop, daemon=True)
    t.start()
    end = time.monotonic() + 15
    while dev.sync.acked < 5 and time.monotonic() < end:
        time.sleep(0.02)
    stop.set()
    t.join(2)
    assert dev.sync.acked == 5
    os.close(slave)
    os.close(master)           # the simulator is gone: its pty number is free once connect lets go
    other = _take_pty_number(name)
    if other is None:
        proc.kill()
        proc.wait()
        pytest.skip("another program on this machine took pty number %s first" % name)
    om, os_ = other             # another program's terminal, on the same path
    tty.setraw(om)
    got = b""
    try:
        end = time.monotonic() + 3.5   # main reopened the path every second
        while time.monotonic() < end:
            import select
            if select.select([om], [], [], 0.05)[0]:
                got += os.read(om, 4096)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(om)
        os.close(os_)
    assert got == b"", "connect wrote into another program's pty: %r" % got[:80]
    assert proc.returncode == 1
    assert "went away" in err and name in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    s = Store(db)
    try:
        assert [g[0] for g in s.games()] == ["g1"] and len(s.events("g1")) == 5
    finally:
        s.close()
