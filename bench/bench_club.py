"""The club server's figures (issue 25): N tables pushing bot games to `comando club serve`
on loopback, on a throwaway PostgreSQL cluster (Debian's postgresql), with spectators of the
broadcast page (websocket clients of its feed, /ws saying {"op":"cards"} as the page does); the
first of two server processes on the database killed mid-run and restarted, one table cut off
from the club for --cut seconds.

    .venv/bin/python bench/bench_club.py [--tables 50] [--spectators 200] [--batch 4]
                                         [--pace 0.5] [--cut 60] [--servers 2] [--events N]

Each table (a thread of this process) pushes its game (a 4-player T.E.G. bot game, sealed as
`comando club join` seals it) `--batch` events every `--pace` seconds, accelerated against a
table's pace (a person takes seconds an event), retrying while the server is down. Table 1 is cut
off once a quarter of its game is in: for --cut seconds it reaches nothing, then it sends again
from its last batch (as if the club's answer to it was lost in the cut). The spectators run in
processes of their own (asyncio, 50 a process), the plain feed's one with them, so their
reading does not slow the tables' pushes.

Printed, one `club NAME VALUE` a line: event_to_page_p50_ms / _p99_ms (from a table sending a
push to a spectator holding a card of its game at that event or later; pushes sent from a second
before the kill until a second after the restart, and those a spectator missed while away from
the feed (its server killed under it, until it listens again and has read every card anew), are
left out; page_measured says how many count), event_to_spectator_p50_ms / _p99_ms (the same for the plain {"game","seq"} feed, one
spectator of it), events, events_per_s, the first server's cpu_s and rss_mb before the kill,
restart_gap_s, cut_s, and after the run lost / duplicated / differing (every game at the club
against its table's events) and page_stale (spectator and game pairs whose last card is not the
game's last event): all four must be 0.
"""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))

from comando_host.club.db import Club  # noqa: E402
from comando_host.club.join import Unreachable, post  # noqa: E402
from comando_host.club.pgcluster import Cluster, free_port  # noqa: E402
from comando_host.club.seal import Sealer  # noqa: E402
from comando_host.store.demo_games import bot_events  # noqa: E402

SPECTATORS_A_PROCESS = 50


# a spectator's own marks among what it heard: its socket lost, listening again
DOWN, UP = "-down", "-up"


def start_server(url, port):
    proc = subprocess.Popen([sys.executable, "-m", "comando_host", "club", "serve", "--db-url",
                             url, "--port", str(port)], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if "serving" not in line:
        raise SystemExit("bench_club: the server did not start")
    return proc


def proc_figures(pid):
    """(cpu seconds, peak RSS MiB) of a process, from /proc."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    rss = 0.0
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM:"):
                rss = int(line.split()[1]) / 1024
    return cpu, rss


def spectate(port, first, n, out):
    """The broadcast page's spectators ``first`` .. ``first + n - 1``, websocket clients in this
    process (asyncio; with the first, -1: the plain feed's), until stdin closes: then each
    card heard, one ``SPECTATOR GAME SEQ TIME`` a line, to ``out``."""
    import asyncio

    from websockets.asyncio.client import connect
    heard = []

    def snapshot():
        import urllib.request
        with urllib.request.urlopen("http://127.0.0.1:%d/api/broadcast" % port, timeout=30) as r:
            return json.loads(r.read())["cards"]

    async def one(i, stop):
        """Spectator ``i`` of the page (-1: of the plain feed, which says nothing)."""
        while not stop.is_set():
            try:
                async with connect("ws://127.0.0.1:%d/ws" % port, open_timeout=5,
                                   max_queue=None) as ws:
                    if i >= 0:
                        await ws.send('{"op":"cards"}')
                        # then every table's card, as the page does when it (re)connects: a
                        # game that ended while this spectator was away is shown whole
                        got = await loop.run_in_executor(None, snapshot)
                        now = time.monotonic()
                        heard.extend((i, c["game"], c["seq"], now) for c in got)
                    heard.append((i, UP, 0, time.monotonic()))   # listening (again) from now
                    async for text in ws:
                        now = time.monotonic()
                        # {"game":ID,"seq":N,...} (club/live.py writes it so): its head read
                        # alone, so 200 readers on this machine's cores keep up with the feed
                        head = json.loads(text[:text.index(',"card"')] + "}") if i >= 0 \
                            else json.loads(text)
                        heard.append((i, head["game"], head["seq"], now))
            except Exception:   # the server killed: connect again
                heard.append((i, DOWN, 0, time.monotonic()))
                await asyncio.sleep(0.2)

    loop = None

    async def main():
        nonlocal loop
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        tasks = [asyncio.create_task(one(i, stop))
                 for i in range(first - 1 if first == 0 else first, first + n)]
        await loop.run_in_executor(None, sys.stdin.read)
        stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())
    with open(out, "w") as f:
        for i, g, s, t in heard:
            f.write("%d %s %d %.6f\n" % (i, g, s, t))


class Cut:
    """Table 1's cut: from ``at`` events acked on, ``seconds`` of nothing reaching the club."""

    def __init__(self, gid, at, seconds):
        self.gid, self.at, self.seconds = gid, at, seconds
        self.done = False
        self.began = None


def push_table(url, token, gid, events, batch, pace, sent, cut=None):
    acked = 0
    while acked < len(events):
        if cut is not None and cut.gid == gid and not cut.done and acked >= cut.at:
            cut.began = time.monotonic()
            time.sleep(cut.seconds)            # cut off: nothing leaves the table
            cut.done = True
            acked = max(0, acked - batch)      # the last answer lost in the cut: sent again
        chunk = events[acked:acked + batch]
        t = time.monotonic()
        try:
            status, answer = post(url, token, gid, chunk, timeout=10)
        except Unreachable:
            time.sleep(0.2)
            continue
        if status == 200:
            sent.setdefault((gid, answer["acked"]), t)
            acked = answer["acked"]
        elif status == 409 and "missing" in answer:
            acked = answer["missing"] - 1
        else:
            raise SystemExit("bench_club: game %s refused: %s" % (gid, answer.get("error")))
        time.sleep(pace)


def away(heard):
    """Each listener's spans away from the feed: from losing its socket (DOWN) to listening
    again (UP, after the snapshot a page takes on reconnecting); an unended span runs on."""
    spans, since = {}, {}
    for who, g, _, t in sorted(heard, key=lambda c: c[3]):
        if g == DOWN and who not in since:
            since[who] = t
        elif g == UP and who in since:
            spans.setdefault(who, []).append((since.pop(who), t))
    for who, t in since.items():
        spans.setdefault(who, []).append((t, float("inf")))
    return spans


def latencies(sent, heard, leave_out, trace=None):
    """ms from each push sent to the first card (or notification) heard of its game at its
    event or later, per listener; pushes sent inside ``leave_out`` (start, end), or while that
    listener was away from the feed (a server killed under it: it reconnects and reads every
    card anew, which the page shows whole), not counted. ``trace``: a list that gets each
    (push sent, game, ack, listener, ms) counted."""
    import bisect
    pushes = {}
    for (gid, ack), t0 in sent.items():
        if not leave_out[0] <= t0 <= leave_out[1]:
            pushes.setdefault(gid, []).append((ack, t0))
    spans = away(heard)
    by = {}
    for who, g, s, t in heard:
        if g not in (UP, DOWN):
            by.setdefault((who, g), []).append((t, s))
    out = []
    for (who, g), got in by.items():
        got.sort()
        top, most = [], 0
        for _, s in got:        # the highest event this listener had seen of the game, by then
            most = max(most, s)
            top.append(most)
        gone = spans.get(who, ())
        for ack, t0 in pushes.get(g, ()):
            if any(a <= t0 <= b for a, b in gone):
                continue
            i = bisect.bisect_left(top, ack)
            if i < len(got):
                out.append((got[i][0] - t0) * 1000)
                if trace is not None:
                    trace.append((t0, g, ack, who, out[-1]))
    return sorted(out)


def count(text):
    """An argument of 0 or more (argparse says which one is wrong, on one line)."""
    if not text.isdigit():
        raise argparse.ArgumentTypeError("%r is not a count of 0 or more" % text)
    return int(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--spectators", type=int, default=200)
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--pace", type=float, default=0.5)
    ap.add_argument("--cut", type=float, default=60.0, help="seconds table 1 is cut off")
    ap.add_argument("--servers", type=int, default=2, help="server processes on the database")
    ap.add_argument("--events", type=count, default=0, metavar="N",
                    help="each table's game cut to its first N events (0: whole): a short run,"
                         " its figures mostly the start burst (every table's first push at once)")
    ap.add_argument("--trace", metavar="FILE",
                    help="write every push counted for the page, one 'T GAME SEQ SPECTATOR MS' a"
                         " line (T: seconds from the tables' start; the kill and the cut marked)")
    ap.add_argument("--spectate", nargs=4, metavar=("PORT", "FIRST", "N", "OUT"),
                    help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.spectate:
        port, first, n, out = args.spectate
        spectate(int(port), int(first), int(n), out)
        return 0
    root = tempfile.mkdtemp(prefix="comando-pg-")
    cluster = Cluster(root).start()
    servers, watchers = [], None
    try:
        club = Club(cluster.url, max_size=2)
        cid = club.create_club("bench", "org", "bench password")
        games = []
        for i in range(args.tables):
            _, token = club.create_table(cid, "table %d" % (i + 1))
            gid = "bench-%02d" % i
            sealer = Sealer(os.urandom(32), gid)
            evs = bot_events("teg", 4, seed=i + 1)[:args.events or None]
            games.append((token, gid, [sealer.feed(e) for e in evs]))
        # the tables push to the servers in turn, the spectators read them in turn: a spectator
        # of either sees every table (page_stale) through PostgreSQL's NOTIFY
        ports = [free_port() for _ in range(max(1, args.servers))]
        urls = ["http://127.0.0.1:%d" % p for p in ports]
        servers = [start_server(cluster.url, p) for p in ports]
        sent = {}
        # SPECTATORS_A_PROCESS readers a process: they use every core the machine has
        outs, watchers = [], []
        for first in range(0, max(1, args.spectators), SPECTATORS_A_PROCESS):
            n = min(SPECTATORS_A_PROCESS, args.spectators - first)
            outs.append(os.path.join(root, "cards-%d.txt" % first))
            watchers.append(subprocess.Popen([sys.executable, os.path.abspath(__file__),
                                              "--spectate", str(ports[first // SPECTATORS_A_PROCESS
                                                                     % len(ports)]),
                                              str(first), str(n),
                                              outs[-1]], stdin=subprocess.PIPE, text=True))
        time.sleep(2.0 + args.spectators / 100)   # every spectator connected
        cut = Cut(games[0][1], len(games[0][2]) // 4, args.cut)
        t0 = time.monotonic()
        tables = [threading.Thread(target=push_table, args=(urls[i % len(urls)], tok, gid, evs,
                                                            args.batch, args.pace, sent, cut),
                                   daemon=True) for i, (tok, gid, evs) in enumerate(games)]
        for t in tables:
            t.start()
        total = sum(len(evs) for _, _, evs in games)
        # the first server killed once about a third of the events are in, and started again
        while len(sent) * args.batch < total // 3 and any(t.is_alive() for t in tables):
            time.sleep(0.05)
        cpu, rss = proc_figures(servers[0].pid)
        down = time.monotonic()
        servers[0].send_signal(signal.SIGKILL)
        servers[0].wait()
        time.sleep(1.0)
        servers[0] = start_server(cluster.url, ports[0])
        up = time.monotonic()
        gap = up - down
        for t in tables:
            t.join()
        elapsed = time.monotonic() - t0
        time.sleep(1.0)
        for w in watchers:
            w.stdin.close()
        for w in watchers:
            w.wait(120)
        watchers = None
        cards = []
        for out in outs:
            with open(out) as f:
                for line in f:
                    who, g, s, t = line.split()
                    cards.append((int(who), g, int(s), float(t)))
        window = (down - 1.0, up + 1.0)
        trace = [] if args.trace else None
        page = latencies(sent, [c for c in cards if c[0] >= 0], window, trace)
        if trace is not None:
            with open(args.trace, "w") as f:
                f.write("# kill %.3f restart %.3f cut %.3f\n" % (down - t0, up - t0,
                                                               cut.began - t0 if cut.began else -1))
                for t, g, ack, who, ms in sorted(trace):
                    f.write("%.3f %s %d %d %.1f\n" % (t - t0, g, ack, who, ms))
        feed = latencies(sent, [c for c in cards if c[0] < 0], window)
        lost = duplicated = differing = 0
        last = {}
        for _, gid, evs in games:
            got = club.events(gid)
            seqs = [e["seq"] for e in got]
            duplicated += len(seqs) - len(set(seqs))
            lost += len({e["seq"] for e in evs} - set(seqs))
            differing += sum(1 for a, b in zip(got, evs) if a != b)
            last[gid] = evs[-1]["seq"]
        seen = {}
        for who, g, s, _ in cards:
            if who < 0:
                continue
            seen[(who, g)] = max(seen.get((who, g), 0), s)
        stale = sum(1 for who in range(args.spectators) for g in last
                    if seen.get((who, g)) != last[g])
        club.close()

        def pct(lat, p):
            return lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")
        print("club servers %d" % len(servers))
        print("club tables %d" % args.tables)
        print("club spectators %d" % args.spectators)
        print("club events %d" % total)
        print("club events_per_s %.0f" % (total / elapsed))
        print("club cards_heard %d" % sum(1 for c in cards if c[0] >= 0 and c[1] not in (UP, DOWN)))
        print("club page_measured %d" % len(page))
        print("club event_to_page_p50_ms %.1f" % pct(page, 0.50))
        print("club event_to_page_p99_ms %.1f" % pct(page, 0.99))
        print("club event_to_spectator_p50_ms %.1f" % pct(feed, 0.50))
        print("club event_to_spectator_p99_ms %.1f" % pct(feed, 0.99))
        print("club server_cpu_s_before_kill %.2f" % cpu)
        print("club server_rss_mb_before_kill %.1f" % rss)
        print("club restart_gap_s %.2f" % gap)
        print("club cut_s %.0f" % (args.cut if cut.done else 0))
        print("club lost %d" % lost)
        print("club duplicated %d" % duplicated)
        print("club differing %d" % differing)
        print("club page_stale %d" % stale)
        return 0 if lost == duplicated == differing == stale == 0 else 1
    finally:
        for w in watchers or ():
            w.kill()
        for server in servers:
            if server.poll() is None:
                server.terminate()
                server.wait(10)
        cluster.stop("immediate")
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
