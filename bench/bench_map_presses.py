"""Map mode's presses (issue 12): what naming an attack's two countries costs on the device's
buttons, over whole 4-player T.E.G. games (the bot's attacks as the players' intent).

The picker is comando.engine.picks: a list of the player's countries that can attack (usual
choice first), OK, then that country's enemy neighbours (usual choice first), OK rolls. A list's
cursor starts on its first entry and wraps (picks.presses). A repeat attack (the same two
countries again, the last roll conquered nothing) is one ROLL press. Goals: a new attack <= 6
presses on average; a repeat 1.

    .venv/bin/python bench/bench_map_presses.py [--games 10] [--players 4]
"""

import argparse
import sys
import time

from comando import engine
from comando.board import load_board
from comando.dice import SeededDice
from comando.engine import picks
from comando.engine.bot import Bot

COLOURS = ["blue", "red", "black", "yellow", "green", "magenta"]


def one_game(board, players, seed):
    g = engine.new_game(board, "teg", [("P%d" % (i + 1), COLOURS[i]) for i in range(players)],
                        rng=SeededDice(seed))
    bot = Bot(SeededDice(seed + 1000))
    new, repeats, first_hits, lens = [], 0, 0, []
    last = None   # (f, to) of the previous event when it was an attack that left `to` standing
    while g.state.phase != "over" and len(g.log) < 20000:
        st = g.state
        a = bot.action(st)
        if a.get("t") == "attack":
            f, to, p = a["f"], a["to"], a["p"]
            if last == (f, to):
                repeats += 1
            else:
                src = picks.sources(st, p)
                tgt = picks.targets(st, f, p)
                k, j = src.index(f), tgt.index(to)
                new.append(picks.presses(k, len(src)) + picks.presses(j, len(tgt)))
                first_hits += (k == 0) + (j == 0)
                lens.append(len(src))
            g.act(a)
            last = (f, to) if g.state.owner[to] != p else None
        else:
            g.act(a)
            last = None
    return new, repeats, first_hits, lens, len(g.log)


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args(argv)
    board = load_board("teg")
    t0 = time.perf_counter()
    new, repeats, hits, lens, events = [], 0, 0, [], 0
    for seed in range(args.games):
        n, r, h, ln, e = one_game(board, args.players, seed)
        new += n
        repeats += r
        hits += h
        lens += ln
        events += e
    avg = sum(new) / len(new)
    dist = {}
    for x in new:
        dist[x] = dist.get(x, 0) + 1
    print("map mode, %d whole %d-player T.E.G. games (%d events; the bot's attacks as intent): "
          "%d new attacks, %.2f presses on average (goal <= 6; minimum 2), median %d, max %d; "
          "%d repeats at 1 press (ROLL)" % (args.games, args.players, events, len(new), avg,
                                            sorted(new)[len(new) // 2], max(new), repeats))
    print("  the usual choice was first on %.0f%% of the lists; the attacker's list held %.1f "
          "countries on average; presses: %s (%.1f s)"
          % (100.0 * hits / (2 * len(new)), sum(lens) / len(lens),
             ", ".join("%d: %d" % (k, dist[k]) for k in sorted(dist)), time.perf_counter() - t0))
    return 0 if avg <= 6 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
