"""Bot benchmark: how long the built-in player (comando.engine.bot.Bot) takes to finish games.

For each ruleset on its shipped board (teg, war, risk) and each table size, SEEDS seeded games are
played by the bot at every seat until a victory (or LIMIT events). Prints, per table: games won,
events per game (median / 90th percentile / max), rounds (median) and CPython time per game
(median / max), plus how often the T.E.G. win was a secret objective, the common objective or the
whole map (2-3 players). Run: `.venv/bin/python bench/bench_bot.py [SEEDS]`.
"""

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware", "lib"))

SEEDS = 20
LIMIT = 20000
COLOURS = {"teg": ("blue", "red", "black", "yellow", "green", "magenta"),
           "war": ("white", "red", "black", "blue", "yellow", "green"),
           "risk": ("red", "blue", "green", "yellow", "black", "grey")}


def pct(sorted_vals, q):
    return sorted_vals[min(len(sorted_vals) - 1, int(len(sorted_vals) * q))]


def main(argv):
    from comando import engine
    from comando.board import board_path, load_board
    from comando.dice import SeededDice
    from comando.engine.bot import Bot

    seeds = int(argv[1]) if len(argv) > 1 else SEEDS
    print("bot games to a victory, %d seeds per table (limit %d events)" % (seeds, LIMIT))
    print("%-5s %2s %5s %7s %7s %7s %7s %9s %9s  %s" % ("rules", "np", "won", "ev.med", "ev.p90",
                                                        "ev.max", "rounds", "s.med", "s.max", "how"))
    for rs in ("teg", "war", "risk"):
        board = load_board(board_path(rs))
        for np_ in range(2, 7):
            evs, rounds, secs = [], [], []
            won = 0
            how = {}
            for seed in range(seeds):
                t = time.perf_counter()
                g = engine.new_game(board, rs, [("P%d" % i, COLOURS[rs][i]) for i in range(np_)],
                                    rng=SeededDice(seed))
                bot = Bot(SeededDice(seed + 1000))
                k = 0
                while g.state.phase != "over" and k < LIMIT:
                    g.act(bot.action(g.state))
                    k += 1
                secs.append(time.perf_counter() - t)
                s = g.state
                evs.append(k)
                rounds.append(s.round)
                if s.phase == "over":
                    won += 1
                    if rs == "teg":
                        if np_ <= 3:
                            kind = "map"
                        elif s.count(s.winner) >= s.rules.opt(s, "common"):
                            kind = "common"
                        else:
                            kind = "secret"
                    elif rs == "war":
                        kind = "objective" if s.rules.objective_met(s, s.winner) else "alone"
                    else:
                        kind = "last"
                    how[kind] = how.get(kind, 0) + 1
            evs.sort()
            rounds.sort()
            secs.sort()
            print("%-5s %2d %2d/%-2d %7d %7d %7d %7d %9.3f %9.3f  %s"
                  % (rs, np_, won, seeds, pct(evs, 0.5), pct(evs, 0.9), evs[-1], pct(rounds, 0.5),
                     pct(secs, 0.5), secs[-1], " ".join("%s %d" % kv for kv in sorted(how.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
