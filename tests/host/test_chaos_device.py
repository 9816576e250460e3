"""Chaos with the real device end (issue 6 "Must show": the chaos harness, zero lost, duplicated
or divergent events): the fault proxy between device/link.py under the MicroPython unix port on a
pseudo-terminal (tests/link_device.py, a file journal) and the real HostLink + SQLite store.
Drops, corruption, duplication, delays, byte splits, noise, link cuts, device resets (the
MicroPython process killed and restarted on its journal) and host crashes. The bench-sized run:
`.venv/bin/python bench/bench_link.py --only-device-chaos --device-chaos 200`.
"""

import pytest

from linkdev import PtyDevice

from comando_host.link import chaos_device as C

pytestmark = pytest.mark.slow


def test_seeded_schedules_against_the_real_device_converge(tmp_path):
    results = C.run_many(range(12), PtyDevice, str(tmp_path), parallel=4, chaos_time=1.0)
    s = C.summarize(results)
    assert s["failed"] == [], [r for r in results if not r["ok"]]
    assert s["lost"] == s["duplicated"] == s["divergent"] == s["leaked"] == 0
    assert s["events"] > 500 and s["locks"] > 0 and s["commands"] > 0
    # the schedules really did hurt the link, and every kind of incident happened
    f = s["faults"]
    assert f["dropped"] and f["corrupted"] and f["duplicated"] and f["delayed"] and f["split"]
    assert s["resets"] and s["crashes"] and s["cuts"] and f["cut"]
    assert s["bad_frames"] > 0
