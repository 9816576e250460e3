"""T.E.G. II figures: presses for one power's whole round on the simulated device, and whole
engine games played by the bot.

    .venv/bin/python bench/bench_teg2.py            (also run by `make bench`)

1. On the simulator (the firmware as `make firmware` builds it, MicroPython unix port), in the
   4-player game of tests/device_scripts/teg2_game4.txt, the USA's round 1: its addition, the
   declaration of its combat, its battle command, the end of its turn (and the presses of the whole
   combat, the defender's command included); then the final count's presses per token; the
   battle command on board 2 of the 8-player game (teg2_game8.txt); the smallest heap the whole
   6-player advanced game (teg2_game6.txt) runs in; and the live heap peak of each scripted game
   (4, 6, 8 players, the whole world map, hidden objectives, a rocket) to its final count.
2. Engine games (`comando play --ruleset teg2` with `bot`): 2, 4, 6 (advanced) and 10 players on the
   house map, to the final count: events and time per game.
"""

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))

from comando_host.pico import firmware  # noqa: E402
from bench_device import presses_for, runs, smallest_heap  # noqa: E402


def script(name):
    with open(os.path.join(ROOT, "tests", "device_scripts", name)) as f:
        return [ln.strip() for ln in f]


def upto(lines, comment):
    return lines[:lines.index(comment)]


def device(lib):
    lines = script("teg2_game4.txt")
    r1 = upto(lines, "# round 1: start it, close the grants, every power adds its 7 armies")
    start = r1 + ["ok", "ok"]
    n_add, _ = presses_for(start, ["ok"], lib, "place")
    adds = start + ["ok x4"]
    n_decl, _ = presses_for(adds, ["roll", "ok", "ok", "ok", "roll"], lib, "declare")
    declared = adds + ["roll", "ok", "ok", "ok", "roll"]
    n_pass, _ = presses_for(declared, ["ok", "ok", "up x3", "ok", "ok", "up x5", "ok"], lib, "lock")
    n_cmd = 11
    dial = ["ok", "ok", "up x3", "ok", "ok", "up x5", "ok"]
    n_rest, new = presses_for(declared + dial, ["ok", "up x2", "ok", "up x2", "ok", "down", "ok",
                                                "ok"], lib, "reveal")
    n_end, _ = presses_for(declared + dial + ["ok", "up x2", "ok", "up x2", "ok", "down", "ok", "ok"],
                           ["ok"], lib, "end")
    own = n_add + n_decl + (n_pass - 2) + n_end
    print("device: the USA's round 1 in a 4-player T.E.G. II game (teg2_game4.txt):")
    print("  add its armies %d, declare a combat %d, its battle command 3/0/5 %d, end its turn %d:"
          " %d presses of its own" % (n_add, n_decl, n_pass - 2, n_end, own))
    print("  the whole combat (declare, the fight/pass screens, both commands, the result): %d"
          % (n_decl + n_pass + n_rest))
    print("  one battle command: %d presses (goal <= 12)" % (n_pass - 2))
    count = upto(lines, "png count")
    n_yes, _ = presses_for(count, ["up", "ok"], lib, "score")
    n_no, _ = presses_for(count, ["ok"], lib, "score")
    print("  final count: %d presses for an achieved token, %d for one not achieved "
          "(20 tokens with 4 players)" % (n_yes, n_no))
    assert n_cmd == n_pass - 2
    # 8 players on both boards: USA 2's battle command on board 2 (the same dial as the USA's)
    eight = [ln for ln in script("teg2_game8.txt") if not ln.startswith("png")]
    b2 = upto(eight, "# board 2's powers end their turns")
    i = b2.index("up x3", [j for j, ln in enumerate(b2) if ln.startswith("# USA 2 attacks")][0])
    # (the dial starts after the declaration and the fight/pass screens)
    n_b2, _ = presses_for(b2[:i], ["up x3", "ok", "ok", "up x5", "ok"], lib, "lock")
    print("device, 8 players on both boards (teg2_game8.txt): USA 2's battle command 3/0/5 on "
          "board 2: %d presses (goal <= 12)" % n_b2)
    six = [ln for ln in script("teg2_game6.txt") if not ln.startswith("png")]  # PNGs: harness only
    ref = runs(six, "1m", lib)
    heap = smallest_heap(six, ref.events(), lib, step=8)
    st = ref.stats()
    print("smallest heap for the whole 6-player advanced game (teg2_game6.txt, mpy bundle, 64-bit "
          "unix port): %sk; live heap peak at 1 MiB %dk" % (heap, st["mem_max"] // 1024))
    print("live heap peak of each whole game to its final count (1 MiB heap, PNGs left out):")
    for name, label in (("teg2_game4.txt", "4 players basic, a combat"),
                        ("teg2_game6.txt", "6 players advanced"),
                        ("teg2_game8.txt", "8 players on both boards, a combat"),
                        ("teg2_world.txt", "4 players, the whole world map"),
                        ("teg2_hidden.txt", "3 players, hidden objectives"),
                        ("teg2_rocket.txt", "4 players, whole world, a rocket launched")):
        lines = [ln for ln in script(name) if not ln.startswith("png")]
        sim = runs(lines, "1m", lib)
        last = sim.events()[-1]
        print("  %-54s %3dk  (%d presses, last event %s)" % (label + " (" + name + ")",
                                                           sim.stats()["mem_max"] // 1024,
                                                           sim.stats()["presses"], last["t"]))


def engine():
    from comando import engine as E
    from comando.board import load_board
    from comando.dice import SeededDice
    from comando.engine.bot import Bot, play
    b = load_board("teg2_house")
    powers = ["usa", "ussr", "china", "japan", "weurope", "eeurope"]
    games = [("2 players (4 powers)", [("Ana", "usa"), ("Beto", "ussr"), ("Ana", "china"),
                                       ("Beto", "japan")], None),
             ("4 players basic", [(p.upper(), p) for p in powers[:4]], None),
             ("6 players advanced", [(p.upper(), p) for p in powers], {"level": "advanced"}),
             ("10 players, two boards", [("A%d" % i, p) for i, p in enumerate(powers[:5])]
              + [("B%d" % i, p) for i, p in enumerate(powers[:5])], {"level": "medium"})]
    print("engine: bot games on the house map to the final count (seed 5)")
    for label, players, opts in games:
        t0 = time.time()
        g = E.new_game(b, "teg2", players, opts, rng=SeededDice(5))
        play(g, Bot(g.rng), limit=20000)
        dt = time.time() - t0
        s = g.state
        assert s.phase == "over"
        print("  %-24s %4d events, %.3f s, totals %s, winner %s"
              % (label, len(g.log), dt, s.x["tot"], ", ".join(s.rules.sides(s)[1][w]
                                                                for w in s.x["win"])))


def main():
    engine()
    out = os.path.join(ROOT, "build", "bench-firmware")
    firmware.build(out, include_sim=True, quiet=True)
    device(os.path.join(out, "lib"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
