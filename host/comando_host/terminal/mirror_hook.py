"""The laptop mirror alongside the device for ``comando run`` (``make run``).

``run.py`` (the device's command) calls ``mirror_hook(port, sim)`` once the device is up:
- a Pico (sim is None): the mirror runs in this terminal until Ctrl-C (like ``comando connect``);
- the interactive simulator (it draws the device in the top-left of the terminal): the mirror
  runs in a thread and draws beside the device picture (or below it on a narrow terminal);
- the scripted demo without a terminal (port is None): a short linked demo on the simulator,
  printed as plain lines, checking that the laptop's copy equals the device journal; exits.
"""

from __future__ import annotations

import os
import sys
import threading
import time

DEMO_SCRIPT = ["roll", "wait 150", "roll", "wait 150", "ok", "wait 100", "ok", "wait 100",
               "ok", "wait 100", "ok", "wait 100", "ok", "wait 100", "roll", "wait 100",
               "roll", "wait 100", "wait 60000"]


def _store(default_name=None):
    """The one game database (``$COMANDO_DB`` or the per-user one): what ``make run`` records is
    listed by ``comando games`` with what ``play``, ``connect`` and ``import`` recorded."""
    from comando_host.store.db import Store
    return Store()


def live_page(path, port=8765):
    """Serve the live map page (comando web) on 127.0.0.1 in a thread of this process, reading
    the store at ``path``; print its address (nothing is opened). None without the web extra."""
    try:
        from comando_host.web.app import Background
    except ImportError:
        from comando_host.howto import install_extra
        print("comando run: the live page needs the web extra (%s)" % install_extra("web"))
        return None
    for p in (port, 0):   # the usual port, else any free one
        try:
            srv = Background(path, port=p).start()
        except OSError:
            continue
        print("comando run: the live map page: %s" % srv.url,   # short: an 80-column terminal
              flush=True)
        return srv
    return None


def mirror_hook(port, sim):
    if port is None:   # (beside the scripted device's directory: one demo per --dir)
        return linked_demo(root=sim.root + "-linked" if sim is not None else None)
    from comando_host.terminal.mirror import Mirror
    from comando_host.link.host import HostLink
    from comando_host.store.db import Store
    from comando_host.link.transport import open_transport
    if sim is None:  # a real Pico: the mirror in the foreground
        transport = open_transport(port)
        store = Store()
        live_page(store.path)
        session = HostLink(transport, store)
        try:
            return Mirror(session, port=port).run()
        except KeyboardInterrupt:
            return 0
        finally:
            session.close()
            transport.close()
    fit = getattr(sim, "layout", None)
    if fit is None:  # a caller that laid nothing out: fit this terminal
        from comando_host.terminal.termfit import layout, terminal_size
        fit = layout(*terminal_size())
    store = _store("sim-host.db")
    log = open(os.path.join(sim.root, "mirror.log"), "w")

    def place(mirror, fit):
        """The mirror where the layout puts it: a region of the terminal, or (no room) the log
        file. Called again on every resize."""
        if fit.region is None:
            mirror.out, mirror.tty, mirror.region = log, False, None
        else:
            mirror.out, mirror.tty, mirror.region = sys.stdout, True, fit.region
            mirror.drawn = 0.0

    def worker():
        transport = open_transport(port)
        session = HostLink(transport, store)
        mirror = Mirror(session, out=log, tty=False, port=port)
        place(mirror, fit)
        sim.relayout = lambda new: place(mirror, new)
        mirror.run(stop=lambda: not sim.running())
        session.close()
        transport.close()
        log.close()

    th = threading.Thread(target=worker, name="mirror", daemon=True)
    th.start()
    return None


def linked_demo(seconds: float = 60.0, root: str | None = None) -> int:
    """The demo without a terminal: a simulated device and the host mirror over a pty. Checks
    that the laptop's copy of the game equals the device's journal; 1 when it does not (said in
    one line on stderr), else 0. ``root``: the device's directory (default build/)."""
    from comando_host.terminal.mirror import Mirror
    from comando_host.link.host import HostLink
    from comando_host import resources
    from comando_host.pico.simulator import Simulator
    from comando_host.link.transport import open_transport
    from comando_host.text.wording import count
    store = _store("demo-host.db")
    page = live_page(store.path)
    sim = Simulator(root=root or resources.work_dir("demo-linked-device"), fresh=True,
                    script=DEMO_SCRIPT, seed=2026).start()
    transport = None
    received = []
    try:
        transport = open_transport(sim.port)
        print("comando run: a second simulated device plays a few moves, linked to the laptop "
              "mirror over the pty %s:" % sim.port)
        session = HostLink(transport, store)
        session.on_receive = received.append     # each event that came over the link, in order
        mirror = Mirror(session, tty=False)
        end = time.monotonic() + seconds
        settled_at = None
        seen, seen_at = None, time.monotonic()
        while time.monotonic() < end:
            if not session.poll():
                transport.wait(0.01)
            mirror.update()
            game, journal = session.sync.game, sim.events()
            now = time.monotonic()
            copy = store.events(game) if game else []
            if (len(journal), len(received), len(copy)) != seen:
                seen, seen_at = (len(journal), len(received), len(copy)), now
            # done when the laptop's copy is the device's journal and stays so a moment (the
            # device may still be journaling its last presses)
            if len(journal) >= 6 and copy == journal:
                if settled_at is None:
                    settled_at = now
                elif now - settled_at >= 0.4:
                    break
            else:
                settled_at = None
                # everything journaled came over the link and nothing (the journal, the link,
                # the store) moved for 3 s, yet the copy differs: waiting longer cannot mend it
                # (the check below says so)
                if len(journal) >= 6 and len(received) >= len(journal) and now - seen_at >= 3.0:
                    break
        session.close()
        game, journal = session.sync.game, sim.events()
        stored = store.events(game) if game else []
    finally:
        if transport is not None:
            transport.close()
        sim.stop()
        if page is not None:
            page.stop()
    what = ("the device journaled %s of game %s; it sent %s over the link and the laptop stored "
            "%s in %s" % (count(len(journal), "event"), game or "(none: no hello came)",
                          count(len(received), "event"), count(len(stored), "event"), store.path))
    if game and stored == journal:
        print("  %s: the laptop's copy equals the device's journal" % what)
        return 0
    differ = next((i for i, (a, b) in enumerate(zip(stored, journal)) if a != b),
                  min(len(stored), len(journal)))
    print("comando run: error: the demo's check failed: %s, which is not the device's journal "
          "(they differ from event #%d on)" % (what, differ + 1), file=sys.stderr)
    return 1
