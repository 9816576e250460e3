"""The link until the laptop speaks: what device.app starts once the first screen is on the glass.

The link's code (device.link, comando.sync, comando.link: about 17 KB of bytecode in a Pico's
heap, where .mpy code loads) is imported when the first byte that can start a frame (``~``,
comando.link) arrives, and that byte and what follows it are handed to the link. A laptop always
speaks first: a host hellos on opening the port and every second until linked
(comando.sync.HostSync), so do the doctor's probe and the stop-for-REPL frame; it is answered as
before, and a table that plays without a laptop never carries the link in its heap. Until then a
game's first event gets its game id here, as the link would have given it (device.gameid).
"""

try:
    import asyncio
except ImportError:  # pragma: no cover
    import uasyncio as asyncio

FRAME = b"~"


def _drop(*names):
    """device.app.forget's way (importing device.app here would be a circle): out of sys.modules
    and the package, unless loaded from source (the simulator on firmware/lib, where importing it
    again would compile it again)."""
    import sys
    for name in names:
        mod = sys.modules.get(name)
        if mod is None or str(getattr(mod, "__file__", ".mpy")).endswith(".py"):
            continue
        sys.modules.pop(name)
        pkg = sys.modules.get("device")
        attr = name.rpartition(".")[2]
        if pkg is not None and getattr(pkg, attr, None) is mod:
            delattr(pkg, attr)


class LinkWait:
    """Stands in for device.link.LinkEndpoint (the members the app and the Sync screen use)."""

    up = False
    acked = 0

    def __init__(self, serial, journal, app):
        self.serial = serial
        self.journal = journal
        self.app = app
        self.sync = self  # the Sync screen reads link.sync.acked: nothing acked yet
        self.live = None  # the LinkEndpoint, once loaded

    def publish(self, event):
        if self.live is not None:
            self.live.publish(event)
        elif event.get("seq", 0) == 1:
            from device import gameid
            gameid.new(self.journal)
            # once a game: not kept for the rest of it (nor the journal's reader, which gameid
            # used to read the first line)
            _drop("device.gameid", "device.journal_flash_read")

    def status(self):
        return "no laptop yet"

    def step(self):
        """Read what came; at the first frame byte load the link and hand it over. True when
        there was traffic."""
        if self.live is not None:
            return self.live.step()
        data = self.serial.read(512)
        at = data.find(FRAME)
        if at < 0:
            return bool(data)  # line noise before any frame: the link's decoder would drop it
        try:
            from device.link import LinkEndpoint
        except ImportError:  # a build without the link
            return True
        live = LinkEndpoint(self.serial, self.journal, self.app)
        live.pending = data[at:]
        self.live = live
        if self.app is not None and getattr(self.app, "link", None) is self:
            self.app.link = live
        return live.step()

    async def run(self):
        sleep_ms = getattr(asyncio, "sleep_ms", None)
        while self.live is None:
            self.step()
            if sleep_ms is not None:
                await sleep_ms(10)
            else:
                await asyncio.sleep(0.01)
        await self.live.run()
