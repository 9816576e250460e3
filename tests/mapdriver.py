"""Plays a map-mode game on the device app by button presses (the device bench and tests).

The real App (device.app) runs in-process on a HAL with no hardware (tests/core/devicekit.py);
a player's intent each step is the engine bot's action on the device's own state
(comando.engine.bot.Bot), and ``Driver.do(action)`` turns it into the presses a person would make
on the map screen (device/screens/map.py): move the cursor the short way round a list, OK, ROLL,
a long OK. Every press goes through App.press, so what is counted is what the screens need.
"""

import devicekit as K

from comando.dice import SeededDice
from device.app import App
from device.buttons import LONG, PRESS
from device.hal import BACK, DOWN, OK, ROLL, UP


class Driver:
    def __init__(self, seed=5, players=4, serial=None, pace=0.0, ruleset="teg"):
        self.ruleset = ruleset
        self.root = K.tempdir("mapdrv")
        hal = K.TestHal(self.root)
        hal.serial = serial        # a StdioSerial: the device's link end talks over it
        self.app = App(hal, dice=SeededDice(seed))
        self.app.boot()
        self.pace = pace           # seconds between two actions (a person is slower still)
        if serial is not None:
            self.app.start_link()
        self.presses = 0
        self.toasts = []
        self.new = []          # presses of each new attack (both countries named)
        self.repeats = []      # presses of each repeat attack
        self.start(players)

    def close(self):
        K.rmtree(self.root)

    # -- presses ---------------------------------------------------------------------------
    def pump(self, rounds=4):
        """The link's share of the device's loop (its asyncio task on the device)."""
        link = self.app.link
        if link is not None:
            for _ in range(rounds):
                if not link.step():
                    break

    def press(self, b, kind=PRESS):
        """One press; a long one is what the buttons give for a hold: PRESS, then LONG."""
        self.pump()
        self.presses += 1
        if kind == LONG:
            self.app.press(b, PRESS)
            self.app.run_after_press()
            if self.app.toast is not None:
                self.toasts.append(self.app.toast[0])
                self.app.toast = None
        self.app.press(b, kind)
        self.app.run_after_press()
        if self.app.toast is not None:     # a message: the next press only dismisses it
            self.toasts.append(self.app.toast[0])
            self.presses += 1
            self.app.press(OK, PRESS)

    def goto(self, items, want):
        """Move the map screen's cursor to ``want`` (the shorter way round), no OK."""
        scr = self.app.top()
        scr.sync()   # what the display does between two presses on the device
        k = items.index(want)
        n = len(items)
        cur = min(scr.sel, n - 1)
        down = (k - cur) % n
        up = (cur - k) % n
        for _ in range(down if down <= up else up):
            self.press(DOWN if down <= up else UP)

    def start(self, players):
        # New game: the ruleset (UP steps through teg, revancha, war, risk...), players
        # (UP/DOWN from 4), board -> map mode
        from device.screens.base import RULESETS
        for _ in range(RULESETS.index(self.ruleset)):
            self.press(UP)
        self.press(OK)
        for _ in range(abs(players - 4)):
            self.press(UP if players > 4 else DOWN)
        self.press(OK)
        if self.ruleset == "risk":
            # Risk's board field cycles its twelve maps (no map mode there): the map game is
            # started as the laptop would, with the engine's new action
            from device.mapmode import new_action
            self.app.new_game(new_action("risk", "risk", list(self.app.top().cols)))
            self.app.run_after_press()
            assert self.app.map, "map mode did not start"
            return
        for _ in range(20):   # the board field: UP past no map to map mode
            if self.app.top().mapmode:
                break
            self.press(UP)
        self.press(ROLL)
        assert self.app.map, "map mode did not start"

    # -- one intent ------------------------------------------------------------------------
    def do(self, a):
        app = self.app
        st = app.state
        scr = app.top()
        t = a["t"]
        seq = st.seq
        before = self.presses
        if t in ("end", "draw"):
            self.press(OK, LONG)
        elif t == "claim":
            self.goto(scr.items(), a["c"])
            self.press(OK)
        elif t == "place":
            c, n = a["c"], a["n"]
            self.goto(scr.items(), c)
            most = min(st.to_place(), st.reserve + st.cres[st.board.continent_of(c)])
            if n == most:
                self.press(OK, LONG)
            else:
                for _ in range(n):
                    self.press(OK)
        elif t == "trade":
            self.press(ROLL)
        elif t == "move":
            while scr.move != a["n"]:
                self.press(UP if a["n"] > scr.move else DOWN)
            self.press(OK)
        elif t == "attack":
            f, to = a["f"], a["to"]
            if scr.mode() == "result" and (scr.last["f"], scr.last["to"]) == (f, to):
                self.press(ROLL)
                self.repeats.append(self.presses - before)
            else:
                if scr.mode() == "result":
                    self.press(BACK)
                if scr.level == 1 and scr.src != f:
                    self.press(BACK)
                if scr.level == 0:
                    self.goto(scr.items(), f)
                    self.press(OK)
                self.goto(scr.items(), to)
                self.press(OK)
                self.new.append(self.presses - before)
        elif t == "regroup":
            if scr.mode() == "result":
                self.press(BACK)
            while scr.level > 0:
                self.press(BACK)
            if scr.mode() != "regroup":
                self.press(BACK)          # the turn menu; its cursor is on Regroup
                self.press(OK)
            self.goto(scr.items(), a["f"])
            self.press(OK)
            self.goto(scr.items(), a["to"])
            self.press(OK)
            while scr.count != a["n"]:
                self.press(UP if a["n"] > scr.count else DOWN)
            self.press(OK)
        else:
            raise AssertionError("no presses for %r" % (a,))
        if app.state.seq == seq:
            raise AssertionError("%r made no event (presses: %d; %s)"
                                 % (a, self.presses - before, self.toasts[-1:]))
        self.pump()
        if self.pace:
            import time
            time.sleep(self.pace)


def play(seed=5, players=4, limit=6000, serial=None, pace=0.0, ruleset="teg"):
    """A whole game by presses; the Driver (its counts) and the device's final state."""
    from comando.engine.bot import Bot
    d = Driver(seed, players, serial, pace, ruleset)
    bot = Bot(SeededDice(seed + 1000))
    n = 0
    while d.app.state.phase != "over" and n < limit:
        d.do(bot.action(d.app.state))
        n += 1
    return d
