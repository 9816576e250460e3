"""The club server's figures (issue 25, first increment): N tables pushing bot games to one
`comando club serve` on loopback, on a throwaway PostgreSQL cluster (Debian's postgresql), with
spectators on its live feed (/ws); the server killed mid-run and restarted.

    .venv/bin/python bench/bench_club.py [--tables 50] [--spectators 20] [--batch 4] [--pace 0.05]

Each table (a thread of this process) pushes its game (a 4-player T.E.G. bot game, sealed as
`comando club join` seals it) `--batch` events every `--pace` seconds, accelerated against a
table's pace, retrying while the server is down. Printed, one `club NAME VALUE` a line:
event_to_spectator_p50_ms / _p99_ms (from a table sending a push to a spectator hearing its
notification; the broadcast page is not in this increment), events, events_per_s, the server's
cpu_s and rss_mb before the kill, restart_gap_s, and after the run lost / duplicated / differing
(every game at the club against its table's events: all three must be 0).
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


class Spectator(threading.Thread):
    def __init__(self, port, heard, stop):
        super().__init__(daemon=True)
        self.port, self.heard, self.stop = port, heard, stop

    def run(self):
        from websockets.sync.client import connect
        while not self.stop.is_set():
            try:
                with connect("ws://127.0.0.1:%d/ws" % self.port, open_timeout=5) as ws:
                    while not self.stop.is_set():
                        try:
                            msg = json.loads(ws.recv(timeout=0.5))
                        except TimeoutError:
                            continue
                        self.heard.append((msg["game"], msg["seq"], time.perf_counter()))
            except Exception:   # the server killed: connect again
                time.sleep(0.2)


def push_table(url, token, gid, events, batch, pace, sent):
    acked = 0
    while acked < len(events):
        chunk = events[acked:acked + batch]
        t = time.perf_counter()
        try:
            status, answer = post(url, token, gid, chunk, timeout=10)
        except Unreachable:
            time.sleep(0.2)
            continue
        if status == 200:
            sent[(gid, answer["acked"])] = t
            acked = answer["acked"]
        elif status == 409 and "missing" in answer:
            acked = answer["missing"] - 1
        else:
            raise SystemExit("bench_club: game %s refused: %s" % (gid, answer.get("error")))
        time.sleep(pace)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--spectators", type=int, default=20)
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--pace", type=float, default=0.05)
    args = ap.parse_args(argv)
    root = tempfile.mkdtemp(prefix="comando-pg-")
    cluster = Cluster(root).start()
    server = None
    try:
        club = Club(cluster.url, max_size=2)
        cid = club.create_club("bench", "org", "bench password")
        games = []
        for i in range(args.tables):
            _, token = club.create_table(cid, "table %d" % (i + 1))
            gid = "bench-%02d" % i
            sealer = Sealer(os.urandom(32), gid)
            games.append((token, gid, [sealer.feed(e) for e in bot_events("teg", 4, seed=i + 1)]))
        port = free_port()
        url = "http://127.0.0.1:%d" % port
        server = start_server(cluster.url, port)
        heard, sent, stop = [], {}, threading.Event()
        specs = [Spectator(port, heard, stop) for _ in range(args.spectators)]
        for s in specs:
            s.start()
        time.sleep(0.5)
        t0 = time.perf_counter()
        tables = [threading.Thread(target=push_table, args=(url, tok, gid, evs, args.batch,
                                                            args.pace, sent), daemon=True)
                  for tok, gid, evs in games]
        for t in tables:
            t.start()
        total = sum(len(evs) for _, _, evs in games)
        # the server killed once about a third of the events are in, and started again
        while len(sent) * args.batch < total // 3 and any(t.is_alive() for t in tables):
            time.sleep(0.05)
        cpu, rss = proc_figures(server.pid)
        server.send_signal(signal.SIGKILL)
        server.wait()
        down = time.perf_counter()
        time.sleep(1.0)
        server = start_server(cluster.url, port)
        gap = time.perf_counter() - down
        for t in tables:
            t.join()
        elapsed = time.perf_counter() - t0
        time.sleep(0.5)
        stop.set()
        lat = sorted((when - sent[(g, s)]) * 1000 for g, s, when in list(heard) if (g, s) in sent)
        lost = duplicated = differing = 0
        for _, gid, evs in games:
            got = club.events(gid)
            seqs = [e["seq"] for e in got]
            duplicated += len(seqs) - len(set(seqs))
            lost += len({e["seq"] for e in evs} - set(seqs))
            differing += sum(1 for a, b in zip(got, evs) if a != b)
        club.close()

        def pct(p):
            return lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")
        print("club tables %d" % args.tables)
        print("club spectators %d" % args.spectators)
        print("club events %d" % total)
        print("club events_per_s %.0f" % (total / elapsed))
        print("club event_to_spectator_p50_ms %.1f" % pct(0.50))
        print("club event_to_spectator_p99_ms %.1f" % pct(0.99))
        print("club server_cpu_s_before_kill %.2f" % cpu)
        print("club server_rss_mb_before_kill %.1f" % rss)
        print("club restart_gap_s %.2f" % gap)
        print("club lost %d" % lost)
        print("club duplicated %d" % duplicated)
        print("club differing %d" % differing)
        return 0 if lost == duplicated == differing == 0 else 1
    finally:
        if server is not None and server.poll() is None:
            server.terminate()
            server.wait(10)
        cluster.stop("immediate")
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
