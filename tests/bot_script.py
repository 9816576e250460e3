"""Writes tests/device_scripts/teg_bots.txt: a 4-player T.E.G. map game, two humans (blue, red)
and two bots (black, yellow), to a victory, by presses only (issue 26).

The presses are found by playing the real App in-process (tests/mapdriver.py's Driver, the
device's own dice: SeededDice(SEED), as the simulator's COMANDO_SIM_SEED): on a bot's turn one OK
per action the screen shows (and one to put away a card the device dealt it); on a human's turn
the humans follow the hint (the bot's suggestion, comando.engine.botsay), pressed as a person
would (Driver.do). Along the way a few `png NAME` lines catch each new screen once. Run it again
after a change to what a press does:

    PYTHONPATH=firmware/lib:tests:tests/core .venv/bin/python tests/bot_script.py
"""

import os
import sys

from comando.engine import botsay
from device.buttons import LONG, PRESS
from device.hal import BACK, DOWN, OK, ROLL, UP

import mapdriver

SEED = 11
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "device_scripts", "teg_bots.txt")
# the same game with every seat human (the heap's baseline: tests/heap_games.py): the bots'
# suggestions and the dice are the same, so the same events, by the humans' presses
HUMANS = os.path.join(HERE, "device_scripts", "teg_humans.txt")
NAMES = {UP: "up", DOWN: "down", OK: "ok", BACK: "back", ROLL: "roll"}

HEAD = """# A T.E.G. map game of two humans (blue, red) and two bots (black, yellow) to a victory, by
# presses only (issue 26; written by tests/bot_script.py, played by tests/host/test_device_bots.py).
# New game: OK to the seats; hold BACK on seats 3 and 4 (black, yellow: the bot's, marked *); OK
# to the Map field, UP (on), ROLL starts. On a bot's turn the screen says its next move in words
# and OK applies it once the table has moved the pieces; the humans play the hint's moves (a long
# BACK shows it) by the usual presses.
"""


HEAD_HUMANS = """# The game of teg_bots.txt with every seat human (written by tests/bot_script.py): the same game
# (every seat follows the bot's suggestions; a placement of fewer than all the armies is pressed
# one army at a time, so more events), by the humans' presses only: the heap's baseline against
# the bots' game (tests/heap_games.py).
"""


class Writer(mapdriver.Driver):
    def __init__(self, seed, bots=True):
        self.lines = []
        self.pngs = set()
        self.bots = bots   # False: every seat human, no hints, no frames
        mapdriver.Driver.__init__(self, seed=seed, players=4, deck=1)

    def line(self, s):
        self.lines.append(s)

    def png(self, name):
        if self.bots and name not in self.pngs:
            self.pngs.add(name)
            self.line("png " + name)

    def press(self, b, kind=PRESS):
        self.line(("long " if kind == LONG else "") + NAMES[b])
        self.presses += 1
        if kind == LONG:
            self.app.press(b, PRESS)
            self.app.run_after_press()
        self.app.press(b, kind)
        self.app.run_after_press()
        if self.app.toast is not None:     # a message: the next press only dismisses it
            self.toasts.append(self.app.toast[0])
            self.line("ok")
            self.app.press(OK, PRESS)

    def start(self, players):
        # the device's own language (T.E.G.'s: Spanish), as a fresh device and the chip's heap
        # bench play it (the Driver reads English; nothing here reads the screen's words)
        self.app.settings.lang = None
        self.app.speak()
        for _ in range(5):                 # Game, Players, Board, seat 1, seat 2: OK to seat 3
            self.press(OK)
        if self.bots:
            self.press(BACK, LONG)         # seat 3 (black): the bot's
        self.press(OK)
        if self.bots:
            self.press(BACK, LONG)         # seat 4 (yellow): the bot's
        self.png("bots-new-game")
        self.press(OK)
        self.press(UP)                     # Map: on
        self.press(ROLL)
        assert self.app.map and self.app.state.bots == ([0, 0, 1, 1] if self.bots else [0] * 4), \
            self.toasts

    def hint(self, name):
        """A human's long BACK: the hint, on the glass until the next press."""
        self.line("long back")
        self.app.press(BACK, PRESS)
        self.app.run_after_press()
        self.app.press(BACK, LONG)
        self.app.run_after_press()
        assert self.app.toast is not None
        self.png(name)
        self.line("ok")
        self.app.press(OK, PRESS)
        while self.app.top() is not self.scr:   # (a menu the hold's PRESS opened, if any)
            self.app.pop()

    def turn(self):
        st = self.app.state
        scr = self.scr = self.app.top()
        scr.sync()
        if botsay.is_bot(st, st.cur):
            if scr.shown is not None:
                self.press(OK)             # the card the device dealt: put away
            scr.sync()
            a = botsay.suggest(st)
            name = {"place": "bots-place", "attack": "bots-attack", "move": "bots-move-in",
                    "regroup": "bots-regroup", "end": "bots-end"}.get(a["t"])
            if a["t"] == "attack" and scr.bot_last and scr.bot_last.get("t") == "attack" and \
                    st.pending is None:
                name = "bots-rolled"
            if name:
                self.png(name)
            seq = st.seq
            self.press(OK)
            if self.app.state.seq == seq:
                raise AssertionError("the bot's OK made no event: %r %s" % (a, self.toasts[-1:]))
            return
        a = botsay.suggest(st)
        if not self.bots:
            self.do(a)
            return
        if a["t"] == "place" and "bots-hint-place" not in self.pngs and scr.shown is None:
            self.hint("bots-hint-place")
        if a["t"] == "attack" and "bots-hint-attack" not in self.pngs and scr.shown is None \
                and scr.mode() == "attack" and scr.level == 0:
            self.hint("bots-hint-attack")
        self.do(a)


def main():
    write(True, OUT)
    write(False, HUMANS)


def write(bots, path):
    w = Writer(SEED, bots)
    n = 0
    while w.app.state.phase != "over":
        w.turn()
        n += 1
        assert n < 20000, "no victory"
    w.png("bots-victory")
    st = w.app.state
    out = []
    for ln in w.lines:   # runs of one press as "ok xN"
        if out and out[-1][0] == ln and " " not in ln:   # (the sim's "long X" takes no xN)
            out[-1][1] += 1
        else:
            out.append([ln, 1])
    with open(path, "w") as f:
        f.write(HEAD if bots else HEAD_HUMANS)
        f.write("# winner: %s (seat %d); %d presses, %d events\n" % (
            st.colours[st.winner], st.winner + 1, w.presses, st.seq))
        for ln, k in out:
            f.write(ln + (" x%d" % k if k > 1 else "") + "\n")
        f.write("quit\n")
    print("%s: winner %s, %d presses, %d events, %d lines" % (path, st.colours[st.winner], w.presses,
                                                          st.seq, len(out)))
    w.close()


if __name__ == "__main__":
    sys.exit(main())
