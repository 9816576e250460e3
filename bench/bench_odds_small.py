"""Small exact odds in-process on CPython, the cases a table asks most (issue 28).

    .venv/bin/python bench/bench_odds_small.py [--runs N] [--peer-minerva DIR]

Prints `odds_small NAME VALUE` lines: the median of N calls of comando.odds.conquest per case, in
milliseconds: a new question (the outcome lists the host keeps across calls, its recent answers
cleared), cold (both cleared: what each call cost before issue 28), and the same question asked
again (answered from the recent answers, a copy). ``--peer-minerva DIR`` also times
a checkout of the public Minerva project (github.com/kalgynirae/Minerva, its
minerva.probability.calculate_invasion) taken from DIR, outside this project, on the same
cases in the same run, one call of each in turn, and prints the ratio of those medians.
"""

import argparse
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))

from comando import odds  # noqa: E402

CASES = [("risk", 3, 2), ("risk", 5, 5), ("risk", 10, 10), ("teg", 10, 10), ("risk", 30, 30)]


def median_ms(fn, runs):
    ts = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts) * 1000


def median_pair_ms(mine, theirs, runs):
    """Medians of ``mine`` and ``theirs`` (ms), called in turn ``runs`` times each."""
    ta, tb = [], []
    clock = time.perf_counter
    for _ in range(runs):
        t0 = clock()
        mine()
        t1 = clock()
        theirs()
        t2 = clock()
        ta.append(t1 - t0)
        tb.append(t2 - t1)
    return statistics.median(ta) * 1000, statistics.median(tb) * 1000


def new_question(rs, a, d):
    odds._RECENT.clear()
    return odds.conquest(rs, a, d)


def cold(rs, a, d):
    for kept in odds._KEPT:
        kept.clear()
    return new_question(rs, a, d)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3000, help="calls per case (median reported)")
    ap.add_argument("--peer-minerva", metavar="DIR", help="a Minerva checkout to time beside")
    args = ap.parse_args(argv)
    peer = None
    if args.peer_minerva:
        sys.path.insert(0, args.peer_minerva)
        try:
            from minerva.probability import calculate_invasion as peer
        except ImportError as exc:
            print(f"bench_odds_small: no Minerva in {args.peer_minerva}: {exc}", file=sys.stderr)
            return 2
    for rs, a, d in CASES:
        name = f"{rs}_{a}v{d}"
        odds.conquest(rs, a, d)  # warm: the kept lists are built once per process
        kept = median_ms(lambda: new_question(rs, a, d), args.runs)
        fresh = median_ms(lambda: cold(rs, a, d), max(1, args.runs // 3))
        again = median_ms(lambda: odds.conquest(rs, a, d), args.runs)
        print(f"odds_small {name}_ms {kept:.4f}")
        print(f"odds_small {name}_cold_ms {fresh:.4f}")
        print(f"odds_small {name}_asked_again_ms {again:.4f}")
        if peer is not None and rs == "risk":
            # interleaved, one call of each in turn, so a change of the machine's load falls on both
            kept, theirs = median_pair_ms(lambda: new_question(rs, a, d), lambda: peer(a, d),
                                          args.runs)
            print(f"odds_small {name}_interleaved_ms {kept:.4f}")
            print(f"odds_small {name}_minerva_ms {theirs:.4f}")
            print(f"odds_small {name}_ratio_to_minerva {kept / theirs:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
