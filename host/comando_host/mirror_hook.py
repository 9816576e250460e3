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
    from comando_host.store import Store
    return Store()


def live_page(path, port=8765):
    """Serve the live map page (comando web) on 127.0.0.1 in a thread of this process, reading
    the store at ``path``; print its address (nothing is opened). None without the web extra."""
    try:
        from comando_host.web.app import Background
    except ImportError:
        print("comando run: the live page needs the web extra (pip install -e '.[web]')")
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
    if port is None:
        return linked_demo()
    from comando_host.mirror import Mirror
    from comando_host.session import HostSession
    from comando_host.store import Store
    from comando_host.transport import open_transport
    if sim is None:  # a real Pico: the mirror in the foreground
        transport = open_transport(port)
        store = Store()
        live_page(store.path)
        session = HostSession(transport, store)
        try:
            return Mirror(session, port=port).run()
        except KeyboardInterrupt:
            return 0
        finally:
            session.close()
            transport.close()
    fit = getattr(sim, "layout", None)
    if fit is None:  # a caller that laid nothing out: fit this terminal
        from comando_host.termfit import layout, terminal_size
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
        session = HostSession(transport, store)
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


def linked_demo(seconds: float = 20.0) -> int:
    """The demo without a terminal: the simulated device and the host mirror over a pty."""
    from comando_host.mirror import Mirror
    from comando_host.session import HostSession
    from comando_host.simulator import ROOT, Simulator
    from comando_host.transport import open_transport
    store = _store("demo-host.db")
    page = live_page(store.path)
    sim = Simulator(root=os.path.join(ROOT, "build", "demo-linked-device"), fresh=True,
                    script=DEMO_SCRIPT, seed=2026).start()
    transport = open_transport(sim.port)
    print("comando run: the laptop mirror, linked to the simulated device on %s:" % sim.port)
    try:
        session = HostSession(transport, store)
        mirror = Mirror(session, tty=False)
        end = time.monotonic() + seconds
        want = None
        while time.monotonic() < end:
            if not session.poll():
                transport.wait(0.01)
            mirror.update()
            n = len(sim.events())
            if n >= 6 and session.sync.game and store.last_seq(session.sync.game) == n:
                if want == n:
                    break
                want = n
                time.sleep(0.4)
        session.close()
        game = session.sync.game
        same = bool(game) and store.events(game) == sim.events()
        print("  the laptop stored %d events of game %s in %s; equal to the device journal: %s"
              % (store.last_seq(game) if game else 0, game, store.path, "yes" if same else "NO"))
    finally:
        transport.close()
        sim.stop()
        if page is not None:
            page.stop()
    return 0
