"""A device and a host sync wired together in memory with a fake clock (core tests helper)."""

from comando import sync as S


class Pair:
    def __init__(self, keep=0, game="g1", now=0.0, dev_pace=1.0):
        self.src = S.MemorySource(keep)
        self.t = now
        # the device's clock runs at dev_pace times the host's (the emulated chip runs below
        # real time): its beats and timeouts go by its own clock
        self.dev_pace = dev_pace
        self.dev_t = now
        self.dev = S.DeviceSync(self.src, game, "teg", "0.1", now=now)
        self.games = {}     # game -> {seq: event}
        self.snaps = {}     # game -> [(seq, state)]
        self.results = {}
        self.errors = []
        self.links = []
        self.host = S.HostSync(self.held, now=now)
        self.d2h = None     # optional filters: bytes -> bytes
        self.h2d = None
        self.refuse = ()

    def held(self, game):
        evs = self.games.get(game)
        top = max(evs) if evs else 0
        for s, _ in self.snaps.get(game, ()):
            top = max(top, s)
        return top

    def new_host(self):
        self.host = S.HostSync(self.held, now=self.t)
        self.host.hello()

    def new_device(self):
        self.dev = S.DeviceSync(self.src, self.dev.game, "teg", "0.1", now=self.dev_t)

    def play(self, n, t="roll"):
        for i in range(n):
            self.src.append({"t": t, "i": i})
        self.dev.publish(self.dev_t)

    def ingest(self):
        top = None
        for d in self.host.take_deliveries():
            kind = d[0]
            game = self.host.game
            if kind == "event":
                ev = d[1]
                g = self.games.setdefault(game, {})
                assert ev["seq"] not in g, "duplicate stored"
                g[ev["seq"]] = ev
                top = ev["seq"]
            elif kind == "snapshot":
                self.snaps.setdefault(game, []).append((d[1], d[2]["state"]))
                top = d[1]
            elif kind == "result":
                self.results[d[1]] = (d[2], d[3])
            elif kind == "error":
                self.errors.append(d[1])
            elif kind == "link":
                self.links.append((self.t, d[1]))
        if top is not None:
            self.host.stored(top)

    def step(self, dt=0.02, link=True):
        self.t += dt
        self.dev_t += dt * self.dev_pace
        self.dev.tick(self.dev_t)
        self.host.tick(self.t)
        out = self.dev.take()
        if link and out:
            if self.d2h:
                out = self.d2h(out)
            self.host.feed(out, self.t)
        self.ingest()
        back = self.host.take()
        if link and back:
            if self.h2d:
                back = self.h2d(back)
            self.dev.feed(back, self.dev_t)
        for cid, action in self.dev.take_commands():
            if action["t"] in self.refuse:
                self.dev.command_failed(cid, "refused " + action["t"])
            else:
                ev = self.src.append(action)
                self.dev.command_done(cid, ev["seq"])

    def run(self, seconds, dt=0.02, link=True):
        end = self.t + seconds
        while self.t < end:
            self.step(dt, link)

    def in_sync(self):
        g = self.games.get(self.dev.game, {})
        start = self.src.first()
        for s, _ in self.snaps.get(self.dev.game, ()):
            start = max(start, s + 1)
        if self.held(self.dev.game) != self.src.last():
            return False
        for seq in range(start, self.src.last() + 1):
            if g.get(seq) != self.src.get(seq):
                return False
        return True
