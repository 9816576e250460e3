"""The device link endpoint (firmware/lib/device/link.py) with fakes, on both runtimes.

Issue 6 "Build" (device endpoint): LinkEndpoint(serial, journal, app); the app publishes after
journaling and the host's commands go through app.submit; non-blocking serial.
"""

MPY_HEAP = "768k"

from fakedevice import App, Hal, Journal, Pipe, rmtree, tmpdir

from comando import sync as S
from device.link import JournalSource, LinkEndpoint


class Host:
    def __init__(self, port):
        self.port = port
        self.stored = {}
        self.results = {}
        self.errors = []
        self.sync = S.HostSync(lambda g: max(self.stored.get(g, {0: 0})), now=0)
        self.sync.hello()
        self.t = 0.0

    def step(self, dt=0.01):
        self.t += dt
        data = self.port.read(1 << 16)
        if data:
            self.sync.feed(data, self.t)
        else:
            self.sync.tick(self.t)
        top = None
        for d in self.sync.take_deliveries():
            if d[0] == "event":
                self.stored.setdefault(self.sync.game, {})[d[1]["seq"]] = d[1]
                top = d[1]["seq"]
            elif d[0] == "result":
                self.results[d[1]] = (d[2], d[3])
            elif d[0] == "error":
                self.errors.append(d[1])
        if top:
            self.sync.stored(top)
        out = self.sync.take()
        if out:
            self.port.write(out)


def setup(cap=1 << 20):
    root = tmpdir("link")
    j = Journal(Hal(root))
    app = App(j)
    dport, hport = Pipe.pair(cap)
    link = LinkEndpoint(dport, j, app, board="teg-classic")
    app.link = link
    return root, j, app, link, Host(hport), dport


def run(link, host, n=60):
    for _ in range(n):
        link.step()
        host.step()


def test_endpoint_streams_the_journal_and_takes_commands():
    root, j, app, link, host, _ = setup()
    try:
        for i in range(70):
            app.submit({"t": "roll", "p": i % 3, "d": [1 + i % 6]})
        run(link, host)
        g = host.stored[link.game]
        assert len(g) == 70 and g[70]["d"] == [1 + 69 % 6]
        assert link.game.startswith("g") and link.up
        cid = host.sync.submit({"t": "conquer", "c": 9})
        bad = host.sync.submit({"t": "bad"})
        run(link, host, 20)
        assert host.results[cid] == (71, None)
        assert host.results[bad] == (None, "bad is not a move")
        assert j.last_seq == 71
    finally:
        rmtree(root)


def test_journal_source_reads_back_any_seq():
    root = tmpdir("src")
    try:
        j = Journal(Hal(root))
        for s in range(1, 200):
            j.append({"seq": s, "t": "x", "i": s * 3})
        src = JournalSource(j)
        for s in (1, 2, 150, 33, 34, 199, 64, 65, 5):
            assert src.get(s)["i"] == s * 3
        assert src.get(0) is None and src.get(200) is None
        assert 33 in src.index and src.index[1] == 0
        src.release()
        assert src.snapshot() == (199, {})
    finally:
        rmtree(root)


def test_a_reboot_resumes_from_the_journal_with_the_same_game():
    root, j, app, link, host, dport = setup()
    try:
        for i in range(10):
            app.submit({"t": "roll"})
        run(link, host, 10)
        game = link.game
        # reboot: a new endpoint on the same journal; more events while the host is away
        link2 = LinkEndpoint(dport, j, app)
        app.link = link2
        assert link2.game == game
        for i in range(5):
            app.submit({"t": "roll"})
        run(link2, host, 60)
        assert len(host.stored[game]) == 15
    finally:
        rmtree(root)


def test_output_nobody_reads_is_bounded():
    root, j, app, link, host, dport = setup()
    try:
        dport.accept = False
        for i in range(300):
            app.submit({"t": "roll", "s": "x" * 20})
        for _ in range(20):
            link.step()
        assert len(link.out) <= 4096
        dport.accept = True
        link.sync.tick(link.now() + 10)  # time passes: the host side also comes back
        run(link, host, 200)
        assert len(host.stored[link.game]) == 300
    finally:
        rmtree(root)


def test_new_game_gets_a_new_id():
    root, j, app, link, host, _ = setup()
    try:
        app.submit({"t": "new"})
        run(link, host, 10)
        g1 = link.game
        j.archive()
        app.submit({"t": "new"})
        run(link, host, 20)
        assert link.game != g1 and host.stored[link.game][1]["t"] == "new"
    finally:
        rmtree(root)


def test_status_for_the_sync_screen():
    root, j, app, link, host, _ = setup()
    try:
        assert link.status() == "no laptop yet"
        app.dirty = False
        app.submit({"t": "roll"})
        run(link, host, 20)
        assert link.status() == "laptop linked, in sync" and link.acked == 1 and app.dirty
        link.sync.tick(link.now() + 5)   # nothing heard for 5 s
        assert not link.up and link.status() == "laptop lost: playing on alone"
    finally:
        rmtree(root)


def test_after_a_reset_a_repeated_command_is_answered_from_the_journal():
    from comando import link as L
    root, j, app, link, host, dport = setup()
    try:
        for i in range(40):
            app.submit({"t": "roll"})
        run(link, host, 30)
        cmd = L.encode(L.COMMAND, 9001, {"a": {"t": "conquer"}, "after": 40})
        hello = L.encode(L.HELLO, 40, {"v": 1, "game": link.game})
        dport.buf += cmd
        link.step()
        assert j.last_seq == 41
        # reboot: RAM answers are gone; the host repeats the command
        link2 = LinkEndpoint(dport, j, app)
        app.link = link2
        host.port.buf = b""
        dport.buf += hello + cmd
        link2.step()
        assert j.last_seq == 41                     # not applied twice
        out = host.port.read(1 << 16)
        answers = [f for f in L.Decoder().feed(out) if f[0] == L.ACK and f[1] == 9001]
        assert answers and answers[0][2] == {"seq": 41}
    finally:
        rmtree(root)


def test_a_stale_game_id_is_not_reused():
    root, j, app, link, host, dport = setup()
    try:
        app.submit({"t": "new", "n": 1})
        g1 = link.game
        assert LinkEndpoint(dport, j, app).game == g1          # a reboot keeps it
        # a new game journaled while no link ran (no publish): game.id is stale
        j.archive()
        app.link = None
        app.submit({"t": "new", "n": 2})
        g2 = LinkEndpoint(dport, j, app).game
        assert g2 != g1 and g2.startswith("j")
    finally:
        rmtree(root)


def test_garbage_with_ctrl_c_changes_nothing_and_the_stop_frame_stops_the_link_task():
    # issue 14, "Bad input": raw 0x03 bytes are line noise (the app holds Ctrl-C off); the
    # deliberate stop request raises StopForRepl after the round, commands already answered
    from comando import link as L
    from device.link import StopForRepl
    root, j, app, link, host, dport = setup()
    try:
        for i in range(5):
            app.submit({"t": "roll", "p": i % 3, "d": [1 + i % 6]})
        run(link, host)
        for k in range(8):
            dport.buf += b"\r\x03\x03\x01~E 3 {\x03} 0\n" + bytes([3, k, 126, 10])
            run(link, host, 5)
        app.submit({"t": "roll", "p": 1, "d": [6]})
        run(link, host)
        assert sorted(host.stored[link.game]) == list(range(1, 7)) and link.up
        cid = host.sync.submit({"t": "conquer", "c": 9})
        host.step()
        dport.buf += L.encode(L.HELLO, 0, {"v": L.PROTOCOL, "game": "", "stop": S.STOP_FOR_REPL})
        try:
            link.step()
        except StopForRepl:
            pass
        else:
            assert False, "the stop frame did not stop the link task"
        assert isinstance(StopForRepl(), KeyboardInterrupt)  # device.app.main catches it
        assert j.last_seq == 7  # the command that came with it was applied and answered
        host.step()
        assert host.results[cid] == (7, None)
    finally:
        rmtree(root)


def test_the_link_loads_when_the_laptop_first_speaks():
    """device.link_wait: the app starts a stand-in; line noise leaves the link's code unloaded,
    a game started meanwhile gets its id as the link would give it, and the laptop's first frame
    loads the link, which answers it and streams the game under that id."""
    from device import link_wait
    root = tmpdir("linkwait")
    try:
        j = Journal(Hal(root))
        app = App(j)
        dport, hport = Pipe.pair(1 << 20)
        wait = link_wait.LinkWait(dport, j, app)
        app.link = wait
        hport.write(b"\r\x03garbage\r\n")
        assert wait.step() and app.link is wait and wait.live is None
        assert wait.status() == "no laptop yet" and not wait.up and wait.sync.acked == 0
        for i in range(3):
            app.submit({"t": "roll", "p": i, "d": [i + 1]})
        with open(root + "/game.id", "rb") as f:
            gid = f.read().decode().split()[0]
        assert gid.startswith("g")
        host = Host(hport)   # says hello on opening the port
        host.step()
        for _ in range(60):
            wait.step()      # the app's task keeps stepping the stand-in: it hands over
            host.step()
        live = app.link
        assert live is not wait and wait.live is live and live.game == gid and live.up
        assert sorted(host.stored[gid]) == [1, 2, 3]
        app.submit({"t": "roll", "p": 0, "d": [6]})
        run(live, host, 20)
        assert sorted(host.stored[gid]) == [1, 2, 3, 4]
    finally:
        rmtree(root)


def test_malformed_commands_are_refused_in_one_line_and_change_nothing():
    # issue 12: the live page's events reach the device as C frames (the host's commands); a
    # garbled frame is dropped (the host resends it), a command the app cannot take is refused
    # with one line, and the journal does not change
    from comando import link as L
    root, j, app, link, host, dport = setup()
    try:
        app.submit({"t": "roll", "p": 0, "d": [3]})
        run(link, host)
        submit = app.submit

        def tripping(action):   # an action of a shape the app trips over (not a rules error)
            if action.get("t") == "trip":
                raise KeyError("c")
            return submit(action)

        app.submit = tripping
        frame = L.encode(L.COMMAND, 900, {"a": {"t": "conquer", "c": 9}, "after": 1})
        flip = b"0" if frame[-3:-2] != b"0" else b"1"
        bad = link.sync.bad_frames
        dport.buf += frame[:-3] + flip + frame[-2:]        # a CRC that does not match
        run(link, host, 5)
        assert link.sync.bad_frames == bad + 1 and j.last_seq == 1
        dport.buf += L.encode(L.COMMAND, 901, {"after": 1})    # no action in it
        run(link, host, 5)
        assert [e.get("m") for e in host.errors] == ["command without an action"]
        trip = host.sync.submit({"t": "trip", "c": "nine"})
        illegal = host.sync.submit({"t": "bad"})
        run(link, host, 20)
        assert host.results[trip][0] is None
        assert host.results[trip][1].startswith("malformed trip command (KeyError")
        assert host.results[illegal] == (None, "bad is not a move")
        assert j.last_seq == 1 and link.up
        ok = host.sync.submit({"t": "conquer", "c": 9})     # and the link carries on
        run(link, host, 20)
        assert host.results[ok] == (2, None)
    finally:
        rmtree(root)


def test_button_only_commands_are_refused_before_the_app_sees_them():
    # issue 23: a laptop's lock or reveal of a T.E.G. II battle command (or any sealed part) is
    # refused by the endpoint in one line; the app never sees it, the journal does not change
    # (comando.link.button_only; the rules themselves would take this reveal)
    from comando import session as Z
    from comando.rulesets.teg2 import commit
    from comando.session import replay
    root, j, app, link, host, dport = setup()
    try:
        t = replay.Table("teg2", ["usa", "ussr", "china"])
        while t.state.stage == Z.PLACE:
            t.act({"t": "place", "p": t.state.cur})
        t.act({"t": "round"})
        for p in list(t.state.order):
            t.act({"t": "place", "p": p})
        t.act({"t": "declare", "p": t.state.cur, "d": (t.state.cur + 1) % 3, "rg": "Chile"})
        a, d = t.state.battle["a"], t.state.battle["d"]
        t.act({"t": "lock", "p": a, "h": commit.commit("3/0/5", "11" * 16)})
        t.act({"t": "lock", "p": d, "h": commit.commit("1/1/1", "22" * 16)})
        reveal = {"t": "reveal", "p": a, "cmd": "3/0/5", "n": "11" * 16, "k": 8}
        Z.check(t.state, reveal)
        fake = app.state
        app.state = t.state
        seen = []
        submit = app.submit
        app.submit = lambda action: seen.append(action) or submit(action)
        run(link, host)
        cids = [host.sync.submit(reveal), host.sync.submit({"t": "lock", "p": d, "h": "0" * 64}),
                host.sync.submit({"t": "conquer", "c": 9, "sec": {"cmd": "1/1/1"}})]
        run(link, host, 20)
        why = [host.results[c] for c in cids]
        assert [w[0] for w in why] == [None, None, None]
        assert why[0][1].startswith("only the device's buttons may reveal a battle command")
        assert why[1][1].startswith("only the device's buttons may lock a battle command")
        assert why[2][1].endswith("carries no 'sec'")
        assert seen == [] and j.last_seq == 0 and link.up
        app.state = fake   # a public command still goes through
        ok = host.sync.submit({"t": "conquer", "c": 9})
        run(link, host, 20)
        assert host.results[ok] == (1, None) and len(seen) == 1
    finally:
        rmtree(root)
