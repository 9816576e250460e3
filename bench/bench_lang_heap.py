"""The heap a language takes (issue 24): the six-player La Revancha game of bench_device.py (72
countries, every press scripted), played by the real firmware under the MicroPython unix port in
English and again in Spanish (Settings > Language on flash), its lowest free heap in each.

    .venv/bin/python bench/bench_lang_heap.py

The texts are read from flash a line at a time (comando/texts*.txt; the last 24 lines asked are
kept), so a language's words are not heap for as long as a module is loaded: Spanish should cost
no more than English beyond those lines, whatever the number of languages.
"""

import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))

from comando_host.pico import firmware  # noqa: E402
from comando_host.pico.simulator import run_script  # noqa: E402
from device_driver import revancha_game  # noqa: E402

SEED = 5
HEAP_K = 1024


def play(lang, plan, lib, heap_k=HEAP_K):
    """(live heap peak after the display's collect, the journal as planned) in ``lang``."""
    root = tempfile.mkdtemp(prefix="bench-lang-")
    with open(os.path.join(root, "settings.json"), "w") as f:
        f.write('{"lang": "%s"}' % lang)
    sim = run_script(plan.lines, root=root, seed=SEED, heap="%dk" % heap_k, lib=lib, timeout=600)
    return sim.stats()["mem_max"], sim.events() == plan.events


def main():
    out = os.path.join(ROOT, "build", "bench-firmware")
    firmware.build(out, include_sim=True, quiet=True)
    lib = os.path.join(out, "lib")
    plan = revancha_game(seed=SEED, players=6, rounds=6)
    print("six-player La Revancha game, %d events, %d-KiB heap (64-bit unix port, mpy bundle)"
          % (len(plan.events), HEAP_K))
    peaks = {}
    for lang in ("en", "es", "pt_BR"):
        peak, same = play(lang, plan, lib)
        assert same, "the %s game's journal is not the plan's" % lang
        peaks[lang] = peak
        print("  %-5s live heap peak %6d bytes, lowest free heap %6d bytes"
              % (lang, peak, HEAP_K * 1024 - peak))
    print("  es - en: %+d bytes; pt_BR - en: %+d bytes"
          % (peaks["es"] - peaks["en"], peaks["pt_BR"] - peaks["en"]))
    return peaks


if __name__ == "__main__":
    main()
