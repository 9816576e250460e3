"""The table's own dice (issue 26): presses per roll over whole games, on the device's picker.

Whole games of T.E.G., La Revancha, WAR and Risk are played by the map engine's bot (seeded: the
same figures every run); every roll of them is entered as a table would enter it on the dice
screen (device/screens/table_roll.py):

- ``dice`` table (losses): ROLL opens the picker, OK takes the result; the likeliest is
  preselected and the k-th likeliest is (k + 1) // 2 UP/DOWN presses away
  (comando.table_dice.ring). Presses = 2 + that. The goal: at most 3 on average.
- ``dice`` table-faces (the luck chart): ROLL, each die dialled from 1 (UP/DOWN, wrapping: the
  shorter way), OK between dice, OK/ROLL at the end. Presses = 2 + dice - 1 + the dialling.

The dice counts of each roll are the game's own (La Revancha's 4 dice and its Snow and Tailwind,
WAR's announced armies, Risk's defender's dice); its result is the one the bot's dice gave.
A roll of fewer dice than the armies allow (WAR's bot announcing fewer, Risk's defender rolling
fewer) costs the dice screen's count field too (device/screens/dice.py): OK x4 to it and UP/DOWN
to the count, counted as ``choice`` presses (0 when the bots never choose fewer).

Map mode (``map_*``): whole 4-player map games by presses on the real app (tests/mapdriver.py,
the Map field's map+dice and map+face), the table's throws seeded dice; a roll costs the press
that attacks (OK on the target, or ROLL to repeat), then the picker's presses (the shorter way
round the results, OK).
Prints ``NAME VALUE`` lines. Run: ``.venv/bin/python bench/bench_table_dice.py``
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "firmware", "lib"))
sys.path.insert(0, os.path.join(HERE, "..", "host"))
for _extra in ("tests", os.path.join("tests", "core")):   # mapdriver, devicekit
    sys.path.insert(0, os.path.join(HERE, "..", _extra))

from comando import combat, dice_mods, engine, table_dice as TD  # noqa: E402
from comando.board import load_board  # noqa: E402
from comando.dice import SeededDice  # noqa: E402
from comando.engine.bot import Bot  # noqa: E402
from comando.errors import RulesError  # noqa: E402
from comando_host import games  # noqa: E402
from device.screens.table_roll import FACE  # noqa: E402

GAMES = (("teg", 4), ("teg", 6), ("revancha", 4), ("war", 4), ("risk", 4))
SEEDS = (1, 2, 3)
MAP_GAMES = (("teg", 4), ("revancha", 4), ("war", 4), ("risk", 4))
MAP_SEEDS = (5, 6)


def _outcomes(rs, att, dfn, na, nd):
    """The picker's list for a roll of ``na`` against ``nd`` dice (the modifiers found from them)."""
    for mods in (dice_mods.NONE, dice_mods.SNOW, dice_mods.TAILWIND):
        try:
            a, d, outs = TD.outcomes(rs, att, dfn, mods, na if rs in ("war",) else None,
                                     nd if rs == "risk" else None)
        except RulesError:
            continue
        if (a, d) == (na, nd):
            return outs
    raise RuntimeError("no dice rule gives %d/%d dice for %d vs %d in %s" % (na, nd, att, dfn, rs))


def _face_presses(faces):
    n = 0
    for f in faces:
        k = (f - FACE) % 6
        n += k if k <= 3 else 6 - k
    return n


def rolls(rs, players, seed):
    """(presses by losses, presses by faces) of every roll of one whole bot game."""
    cols = games.get(rs).demo_colours
    g = engine.new_game(load_board(rs), rs, [("P%d" % (i + 1), cols[i]) for i in range(players)],
                        rng=SeededDice(seed))
    bot = Bot(SeededDice(seed + 1000))
    out = []
    while g.state.phase != "over" and len(g.log) < 20000:
        a = bot.action(g.state)
        before = None
        if a.get("t") == "attack":
            before = (g.state.armies[a["f"]], g.state.armies[a["to"]])
        g.act(a)
        e = g.log[-1]
        if before is None or e.get("t") != "attack":
            continue
        att, dfn = before
        na, nd = len(e["ad"]), len(e["dd"])
        got = combat.losses(att, dfn, e["ad"], e["dd"])
        outs = _outcomes(rs, att, dfn, na, nd)
        k = [o[:2] for o in outs].index(got)
        choice = _choice_presses(rs, att, dfn, na, nd)
        out.append((2 + TD.presses(k) + choice,
                    2 + na + nd - 1 + _face_presses(e["ad"] + e["dd"]) + choice, choice))
    return out, g.state.phase == "over"


def _choice_presses(rs, att, dfn, na, nd):
    """The dice screen's count field (WAR's announcement, Risk's defender's dice) when a side
    rolls fewer than the most: OK x4 to the field, the count stepped down from the most."""
    for snow, tw in ((False, False), (True, False), (False, True)):
        a, d = combat.max_dice(rs, att, dfn, snow, tw)
        if a >= na and d >= nd and (a == na or rs == "war") and (d == nd or rs == "risk"):
            break
    fewer = (a - na) + (d - nd)
    return 4 + fewer if fewer else 0


def map_rolls(rs, players, seed, steps):
    """(presses per roll, rolls, over) of one whole map game with the table's dice."""
    import mapdriver
    d = mapdriver.play(seed=seed, players=players, ruleset=rs, deck=steps)
    try:
        return [1 + t for t in d.told], d.app.state.phase == "over"
    finally:
        d.close()


def map_main():
    every = {5: [], 6: []}
    for rs, n in MAP_GAMES:
        for steps, what in ((5, "losses"), (6, "faces")):
            mine = []
            whole = 0
            for seed in MAP_SEEDS:
                r, over = map_rolls(rs, n, seed, steps)
                mine += r
                whole += over
            every[steps] += mine
            name = "map_%s_%dp_%s" % (rs, n, what)
            print("%s_games %d" % (name, whole))
            print("%s_rolls %d" % (name, len(mine)))
            print("%s_presses_per_roll %.2f" % (name, sum(mine) / len(mine)))
    los, fac = every[5], every[6]
    print("map_presses_per_roll %.3f" % (sum(los) / len(los)))
    print("map_presses_per_roll_max %d" % max(los))
    print("map_faces_presses_per_roll %.2f" % (sum(fac) / len(fac)))


def main():
    every = []
    for rs, n in GAMES:
        mine = []
        whole = 0
        for seed in SEEDS:
            r, over = rolls(rs, n, seed)
            mine += r
            whole += over
        every += mine
        name = "%s_%dp" % (rs, n)
        print("%s_games %d" % (name, whole))
        print("%s_rolls %d" % (name, len(mine)))
        print("%s_presses_per_roll %.2f" % (name, sum(m[0] for m in mine) / len(mine)))
        print("%s_faces_presses_per_roll %.2f" % (name, sum(m[1] for m in mine) / len(mine)))
    avg = sum(m[0] for m in every) / len(every)
    print("all_rolls %d" % len(every))
    print("presses_per_roll %.3f" % avg)
    print("presses_per_roll_max %d" % max(m[0] for m in every))
    print("one_press_answers_pct %.1f" % (100.0 * sum(m[0] == 2 for m in every) / len(every)))
    print("faces_presses_per_roll %.2f" % (sum(m[1] for m in every) / len(every)))
    print("rolls_with_a_count_chosen %d" % sum(m[2] > 0 for m in every))
    if "--no-map" not in sys.argv:
        map_main()
    print("goal_met %d" % (avg <= 3))
    return 0 if avg <= 3 else 1


if __name__ == "__main__":
    sys.exit(main())
