"""A stand-in device for the link end-to-end tests and the bench, run under MicroPython.

    micropython tests/link_device.py DIR [--backlog N] [--play N] [--every MS] [--seconds S] [--locks K]
    micropython tests/link_device.py DIR --events FILE.jsonl [--every MS] [--seconds S]

Its serial is its own stdin/stdout (as USB CDC stdio on the Pico; the caller gives it the master
of a pseudo-terminal). The journal is a file in DIR (kept across runs, so a restarted device
resumes from it); the app numbers and journals actions; the link is the real
firmware/lib/device/link.py endpoint over the firmware's serial reader (device/stdio_serial.py),
and the stop-for-REPL frame ends it with "stopped for the REPL N" on stderr, exit status 0. With --play it publishes N events, one every MS ms, each
stamped with the wall clock in microseconds ("us") so the host can measure the latency; with
--locks K every K-th is a T.E.G. II lock with a secret part (the link must strip it).
With --events it publishes the events of a game log instead (a map game: the live page's bench
and browser test), one every MS ms, stamped the same way.
"""

import sys

sys.path.insert(0, "tests/core")

import time

from fakedevice import App, Hal, Journal

from comando import journal_read
from device.link import LinkEndpoint, StopForRepl
from device.stdio_serial import StdioSerial


def restore(j):
    try:
        with open(j.path, "rb") as f:
            def each(ev):
                j.last_seq = ev["seq"]
            count, good, problem = journal_read.scan_stream(f, each)
        j.size = good
    except OSError:
        pass


def main(argv):
    root = argv[1]
    opts = {"--backlog": 0, "--play": 0, "--every": 10, "--seconds": 30, "--locks": 0}
    script = []
    i = 2
    while i < len(argv):
        if argv[i] == "--events":
            import json
            with open(argv[i + 1]) as f:
                script = [json.loads(line) for line in f if line.strip()]
            opts["--play"] = len(script)
        else:
            opts[argv[i]] = int(argv[i + 1])
        i += 2
    j = Journal(Hal(root))
    restore(j)
    app = App(j)
    for k in range(opts["--backlog"]):
        ev = {"seq": j.last_seq + 1, "t": "roll", "p": k % 4, "d": [1 + k % 6, 1 + k % 5]}
        j.append(ev)
    # the firmware's own serial reader: a raw 0x03 is a byte (the app holds Ctrl-C off)
    link = LinkEndpoint(StdioSerial(sys.stdin.buffer, sys.stdout.buffer), j, app,
                        board="teg-classic")
    app.link = link
    if j.last_seq and not link.game:
        link.game = link._new_game_id()
        link.sync.new_game(link.game, "teg-classic")
    start = time.ticks_ms()
    played = 0
    next_at = 0
    acked = -1
    up = False
    while time.ticks_diff(time.ticks_ms(), start) < opts["--seconds"] * 1000:
        now = time.ticks_diff(time.ticks_ms(), start)
        if played < opts["--play"] and now >= next_at:
            if script:
                ev = dict(script[played])
                ev.pop("seq", None)
                ev["us"] = time.time_ns() // 1000
                app.submit(ev)
            elif opts["--locks"] and played % opts["--locks"] == 3:
                # a T.E.G. II lock with its secret part: only the commitment may cross the link
                app.submit({"t": "lock", "p": played % 2, "h": "%064x" % played,
                            "sec": {"cmd": "3/0/5", "n": "%032x" % played}})
            else:
                app.submit({"t": "roll", "p": played % 4, "d": [1 + played % 6],
                            "us": time.time_ns() // 1000})
            played += 1
            next_at = now + opts["--every"]
        try:
            busy = link.step()
        except StopForRepl:  # the laptop's stop-for-REPL frame (device.app.main does the same)
            sys.stderr.write("stopped for the REPL %d\n" % j.last_seq)
            return 0
        if link.up != up:
            up = link.up
            sys.stderr.write("link %s %d\n" % ("up" if up else "down", time.ticks_ms()))
        if link.sync.acked != acked:  # what the host has acknowledged, for the tests
            acked = link.sync.acked
            sys.stderr.write("acked %d\n" % acked)
        if not busy:
            time.sleep_ms(1)
    return 0


sys.exit(main(sys.argv))
