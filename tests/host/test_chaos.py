"""The chaos harness (issue 6 "Must show"): seeded fault schedules between device and host ends.

The benchmark-sized run (1,000 schedules) is bench/bench_link.py; here 50 schedules run in
`make test`: zero lost, duplicated or divergent events, secrets never stored, every command once.
"""

from comando_host.link.chaos import Proxy, World, random_faults, run_many, summarize


def test_fifty_seeded_schedules_converge():
    s = summarize(run_many(range(50)))
    assert s["failed"] == [], s
    assert s["lost"] == s["duplicated"] == s["divergent"] == s["leaked"] == 0
    assert s["events"] > 5000
    # the schedules really did hurt the link
    f = s["faults"]
    assert f["dropped"] and f["corrupted"] and f["duplicated"] and f["delayed"] and f["cut"]
    assert s["resets"] and s["crashes"] and s["cuts"] and s["snapshots"]
    assert s["bad_frames"] > 0


def test_schedule_replays_exactly_from_its_seed():
    a = World(7).run()
    b = World(7).run()
    assert a == b


def test_proxy_faults_are_what_they_say():
    import random
    from comando import link as L
    f = dict(random_faults(random.Random(1)), drop=1.0)
    p = Proxy(random.Random(1), f)
    p.send(L.encode(L.ACK, 1) * 5, 0.0)
    assert p.recv(10.0) == b"" and p.stats["dropped"] == 5
    f = dict(f, drop=0, corrupt=0, dup=1.0, delay=0, split=0, noise=0)
    p = Proxy(random.Random(1), f)
    p.send(L.encode(L.ACK, 1), 0.0)
    assert p.recv(10.0) == L.encode(L.ACK, 1) * 2
    p.cut = True
    p.send(L.encode(L.ACK, 2), 0.0)
    assert p.recv(10.0) == b""


def test_schedules_with_the_host_writer_thread_converge():
    """The same faults with the host committing on its writer thread (as `comando connect`)."""
    s = summarize(run_many(range(100, 120), writer=True))
    assert s["failed"] == [], s
    assert s["lost"] == s["duplicated"] == s["divergent"] == 0 and s["crashes"]
