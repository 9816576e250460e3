"""The page's input half (issue 12), in a real headless browser (Debian's chromium, playwright):
page click -> device -> page drawn. The device app (device/app.py with its map screen, in this
process: tests/livemap_tools.py LinkedDevice) plays a map-mode 4-player T.E.G. game whose setup
placements (one army a click) and attacks (two clicks: the country, then its target) are entered
on the page; each goes from the page's socket to the server (checked by the engine), through the
store's command queue to the link (comando_host.web.pagecommands), as a host command frame over the
pty to the device, which journals it and sends it back; the figure is from the click to the page
having drawn the event the device made.

    .venv/bin/python bench/bench_web_input.py [--attacks 40] [--seed 7]
"""

import argparse
import os
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for extra in (os.path.join(ROOT, "tests"), os.path.join(ROOT, "tests", "core"),
              os.path.join(ROOT, "firmware", "lib")):
    sys.path.insert(0, extra)

from browser import browser_missing, launch  # noqa: E402
from livemap_tools import LinkedDevice  # noqa: E402

from comando.engine import picks  # noqa: E402
from comando_host.store.db import Store  # noqa: E402
from comando_host.web.app import Background  # noqa: E402


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q / 100 * (len(xs) - 1))))]


class Pump(threading.Thread):
    """The device's loop (its link task) while the page works; the app has no other user."""

    def __init__(self, drv):
        threading.Thread.__init__(self, daemon=True)
        self.drv = drv
        self.stop = False

    def run(self):
        while not self.stop:
            self.drv.pump(8)
            time.sleep(0.001)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attacks", type=int, default=40)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    why = browser_missing()
    if why:
        print("bench_web_input: " + why)
        return 1
    import mapdriver
    from playwright.sync_api import sync_playwright
    tmp = tempfile.mkdtemp(prefix="bench-web-input-")
    db = os.path.join(tmp, "host.db")
    Store(db).close()
    srv = Background(db).start()
    link = LinkedDevice(db)
    drv = mapdriver.Driver(seed=args.seed, players=4, serial=link.serial())
    app = drv.app
    pump = Pump(drv)
    pump.start()
    times = {"place": [], "attack": []}
    print("bench_web_input: load average %.1f on %d cores" % (os.getloadavg()[0], os.cpu_count()))
    with sync_playwright() as p:
        b = launch(p)
        page = b.new_page(viewport={"width": 1440, "height": 960})
        page.goto(srv.url)
        page.wait_for_function("window.__comando.mapReady && window.__comando.input.mode == "
                               "'device'", timeout=30000)

        def entered(kind, seq):
            t0 = time.time() * 1000.0
            yield
            page.wait_for_function(f"window.__comando.updates.length && "
                                   f"window.__comando.updates.at(-1).seq >= {seq}", timeout=30000)
            t1 = page.evaluate(f"window.__comando.updates.find((u) => u.seq >= {seq}).t")
            times[kind].append(t1 - t0)

        while app.state.phase == "place":
            st = app.state
            c = next(c for c in range(st.n) if st.owner[c] == st.cur
                     and any(st.owner[j] != st.cur for j in st.board.neighbours(c)))
            g = entered("place", st.seq + 1)
            next(g)
            page.click(f"#c{c}")
            next(g, None)
        while len(times["attack"]) < args.attacks and app.state.phase != "over":
            st = app.state
            p = st.cur
            if st.to_place():
                c = next(c for c in range(st.n) if st.owner[c] == p)
                page.fill("#innum", str(st.to_place()))
                g = entered("place", st.seq + 1)
                next(g)
                page.click(f"#c{c}")
                next(g, None)
                page.fill("#innum", "1")
                continue
            if st.pending is not None:
                g = entered("place", st.seq + 1)   # a move-in: one click too
                next(g)
                page.get_by_role("button", name="Move in").first.click()
                next(g, None)
                times["place"].pop()
                continue
            srcs = picks.sources(st, p)
            if not srcs:
                seq = st.seq + 1
                page.get_by_role("button", name="End turn").click()
                page.wait_for_function(f"window.__comando.updates.at(-1).seq >= {seq}")
                continue
            f = srcs[0]
            to = picks.targets(st, f, p)[0]
            page.click(f"#c{f}")
            page.wait_for_function(f"document.getElementById('c{to}').classList.contains"
                                   f"('target')")
            g = entered("attack", st.seq + 1)
            next(g)
            page.click(f"#c{to}")
            next(g, None)
        b.close()
    pump.stop = True
    pump.join(2)
    drv.close()
    link.close()
    srv.stop()
    for kind, label in (("place", "a placement (one click)"),
                        ("attack", "an attack (the second click: the target)")):
        xs = times[kind]
        if xs:
            print("page click -> device -> page drawn, %s: %d samples, p50 %.1f ms, p99 %.1f ms, "
                  "max %.1f ms" % (label, len(xs), pct(xs, 50), pct(xs, 99), max(xs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
