"""La Revancha benchmark (issue 10):

1. Seeded bot games (comando.rulesets.revancha.bot.RevanchaBot at every seat) for each table size
   2-6: how many reach a victory (all must), the median events and rounds per game, how the
   winners won (secret objective or 45 countries), missiles fired and exchanges made.
2. The 100,000-event replay on CPython (goal: at most 1 s, as for the other rulesets): one seeded
   long game (6 players, a random player that places 3 armies at a time, so the game runs for
   hundreds of rounds), written as JSONL, parsed + checked + applied (what `comando replay` does);
   then the same fold streamed under the MicroPython unix port (heap capped), when available.

    .venv/bin/python bench/bench_revancha.py [GAMES_PER_SIZE]
"""

import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))

N_EVENTS = 100_000
LONG_SEED = 1
LONG_PLAYERS = 6
GAMES = 10
COLOURS = ("white", "black", "red", "blue", "yellow", "green")

def median(xs):
    xs = sorted(xs)
    k = len(xs)
    return xs[k // 2] if k % 2 else (xs[k // 2 - 1] + xs[k // 2]) / 2


def bot_games(board, games):
    from comando import engine
    from comando.dice import SeededDice
    from comando.engine.bot import play
    from comando.rulesets.revancha.bot import RevanchaBot
    ok = True
    for np_ in range(2, 7):
        lens, rounds, won, objective, missiles, trades = [], [], 0, 0, 0, 0
        t = time.perf_counter()
        for seed in range(games):
            g = engine.new_game(board, "revancha", [("P%d" % i, COLOURS[i]) for i in range(np_)],
                                rng=SeededDice(seed))
            play(g, RevanchaBot(SeededDice(seed + 1000)), limit=50_000)
            s = g.state
            lens.append(len(g.log))
            rounds.append(s.round)
            if s.phase == "over" and s.winner >= 0:
                won += 1
                if s.rules.win_reason(s, s.winner).startswith("secret"):
                    objective += 1
            missiles += sum(1 for e in g.log if e["t"] == "missile")
            trades += sum(1 for e in g.log if e["t"] == "trade")
        dt = time.perf_counter() - t
        ok = ok and won == games
        print("%d players: %d/%d games reach a victory (%d by the secret objective, %d by 45 "
              "countries); median %s events, %s rounds per game; %d missiles fired, %d exchanges; "
              "%.2f s" % (np_, won, games, objective, won - objective, median(lens), median(rounds),
                          missiles, trades, dt))
    return ok


def long_log(board, path):
    from comando import engine
    from comando.dice import SeededDice
    from comando.engine import log as elog
    from comando.engine.bot import RandomBot, play
    from comando.rulesets.revancha.bot import RevanchaBot

    class LongBot(RandomBot):
        trade = RevanchaBot.trade  # La Revancha's exchanges (country and continent cards)

    g = engine.new_game(board, "revancha", [("P%d" % i, COLOURS[i]) for i in range(LONG_PLAYERS)],
                        rng=SeededDice(LONG_SEED))
    play(g, LongBot(SeededDice(LONG_SEED + 1000), chunk=3), limit=N_EVENTS - len(g.log))
    elog.write_log(path, g.log)
    return g


def main(argv):
    from comando import engine
    from comando.board import board_path, load_board
    from comando.engine import log as elog
    games = int(argv[1]) if len(argv) > 1 else GAMES
    board = load_board(board_path("revancha"))
    ok = bot_games(board, games)

    path = os.path.join(tempfile.gettempdir(), "comando-bench-revancha-%d.jsonl" % N_EVENTS)
    t = time.perf_counter()
    g = long_log(board, path)
    print("log: %d events (%s; game %s, round %d), made in %.1f s"
          % (len(g.log), path, "over" if g.state.phase == "over" else "still going", g.state.round,
             time.perf_counter() - t))
    final = g.state.to_dict()
    t = time.perf_counter()
    f = engine.Folder(None, True, False)
    with open(path) as fh:
        for line in fh:
            f.feed(elog.loads(line))
    dt = time.perf_counter() - t
    assert f.state.to_dict() == final
    n = len(g.log)
    print("CPython %s: La Revancha replay, parse + check + apply: %.3f s, %.0f events/s  "
          "(goal <= 1 s: %s)" % (sys.version.split()[0], dt, n / dt, "met" if dt <= 1 else "NOT met"))
    # The machine is shared: the T.E.G. classic 100k log (bench_engine.py) folded right after,
    # under the same load, says what the figure means.
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import bench_engine
    ref = os.path.join(tempfile.gettempdir(), "comando-bench-engine-%d.jsonl" % N_EVENTS)
    if not os.path.exists(ref):
        bench_engine.make_log(ref)
    t = time.perf_counter()
    f = engine.Folder(None, True, False)
    with open(ref) as fh:
        for line in fh:
            f.feed(elog.loads(line))
    dt2 = time.perf_counter() - t
    print("  the same machine, same moment: T.E.G. classic's 100k replay %.3f s (La Revancha / "
          "classic = %.2f)" % (dt2, dt / dt2))

    try:
        r = bench_engine.mpy_replay(path, "revancha")
    except RuntimeError as exc:
        print("MicroPython: %s" % exc)
        return 1
    if isinstance(r, str):
        print("MicroPython: " + r)
        return 0 if ok else 1
    k, dt = r
    print("MicroPython unix port (heap %s): La Revancha replay, streamed: %.2f s, %.0f events/s"
          % (bench_engine.HEAP, dt, k / dt))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
