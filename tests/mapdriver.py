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
    """``board``: Risk's map to pick on the board field (None: World); ``deck``: the Map field's
    choice, 1 the device is the deck, 2 the table's own deck (the driver draws from a seeded
    physical deck and dials the card)."""

    def __init__(self, seed=5, players=4, serial=None, pace=0.0, ruleset="teg", board=None,
                 deck=1, draw=False):
        self.ruleset = ruleset
        # the Map field's 5th and 6th steps: the table's own dice (losses; faces): the table's
        # throws are seeded dice, told on the table_roll screen (``told``: presses per roll)
        self.table_dice = SeededDice(seed + 55)
        self.told = []
        self.draw = draw       # draw the screen after every press; its words kept in ``frames``
        self.frames = []
        self.board = board
        self.deck = deck
        self.table_deck = SeededDice(seed + 77)   # the physical deck's shuffle
        self.shown = []        # the cards the device showed as the deck
        self.dialled = []      # the cards dialled from the table's deck
        self.root = K.tempdir("mapdrv")
        self.seed = seed
        hal = self.hal = K.TestHal(self.root)
        hal.serial = serial        # a StdioSerial: the device's link end talks over it
        self.app = App(hal, dice=SeededDice(seed))
        # the driver reads the screens' English words ("'s card", "OK: the card drawn"): Settings >
        # Language English, whatever the game's home language (issue 24)
        self.app.settings.lang = "en"
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
        self._press(b, kind)

    def _press(self, b, kind):
        """The press on the app (a long one: PRESS, then LONG), the screen drawn when asked, and
        a message it brings dismissed by an OK press (``_dismissing`` told first)."""
        self.presses += 1
        if kind == LONG:
            self.app.press(b, PRESS)
            self.app.run_after_press()
            if self.app.toast is not None:
                self.toasts.append(self.app.toast[0])
                self.app.toast = None
        self.app.press(b, kind)
        self.app.run_after_press()
        if self.draw:
            self.render()
        if self.app.toast is not None:     # a message: the next press only dismisses it
            self.toasts.append(self.app.toast[0])
            self._dismissing()
            self.presses += 1
            self.app.press(OK, PRESS)

    def _dismissing(self):
        """The OK press that dismisses a message is about to be made (Scripted writes it)."""

    def render(self):
        """What the display task does between two presses; the words drawn, in drawing order."""
        fb = self.app.fb
        words = []
        text = fb.text

        def rec(s, x, y, c=1):
            words.append(s)
            text(s, x, y, c)
        fb.text = rec
        try:
            self.app.draw()
        finally:
            del fb.text
        self.frames.append("".join(words))

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
        # (UP/DOWN from 4), board (Risk: UP to the map wanted), OK through the seats, Map: on
        # (UP once) or own deck (twice), ROLL
        from device.screens.base import RULESETS
        for _ in range(RULESETS.index(self.ruleset)):
            self.press(UP)
        self.press(OK)
        for _ in range(abs(players - 4)):
            self.press(UP if players > 4 else DOWN)
        self.press(OK)
        ng = self.app.top()
        if self.board is not None:
            for _ in range(20):
                if ng.board_id() == self.board:
                    break
                self.press(UP)
            assert ng.board_id() == self.board, ng.board_id()
        while ng.field != ng.MAP:
            self.press(OK)
        for _ in range(self.deck):
            self.press(UP)
        self.press(ROLL)
        assert self.app.map, "map mode did not start: %s" % (self.toasts[-1:],)

    def tell(self):
        """The table's own dice: when an attack opened the table_roll screen, the table throws
        (seeded dice) and tells the result the way a person would: the losses the shorter way
        round the list of results (OK takes it), or each face dialled the shorter way from 1."""
        from comando.combat import losses
        from comando.engine import rand
        scr = self.app.top()
        if type(scr).__name__ != "TableRoll":
            return
        before = self.presses
        ad = sorted(rand.roll(self.table_dice, scr.na), reverse=True)
        dd = sorted(rand.roll(self.table_dice, scr.nd), reverse=True)
        if scr.faces:
            for i, v in enumerate(ad + dd):
                k = (v - scr.faces[i]) % 6
                for _ in range(k if k <= 3 else 6 - k):
                    self.press(UP if k <= 3 else DOWN)
                self.press(OK)
        else:
            al, dl = losses(scr.att, scr.dfn, ad, dd)
            k = [o[:2] for o in scr.outs].index((al, dl))
            p = scr.ring.index(k)
            n = len(scr.ring)
            for _ in range(p if p <= n - p else n - p):
                self.press(DOWN if p <= n - p else UP)
            self.press(OK)
        self.told.append(self.presses - before)

    # -- one intent ------------------------------------------------------------------------
    def dial_card(self):
        """The table's deck: the player draws a card (a seeded pick among those still in the
        deck) and dials it on the device's list."""
        from comando.engine import rand
        scr = self.app.top()
        its = scr.items()
        c = sorted(its)[rand.below(self.table_deck, len(its))]
        self.goto(its, c)
        self.press(OK)
        self.dialled.append(c)

    def do(self, a):
        app = self.app
        st = app.state
        scr = app.top()
        if scr.shown is not None:          # the device's deck showed a card: OK puts it away
            self.shown.append(scr.shown[1])
            self.press(OK)
        t = a["t"]
        seq = st.seq
        before = self.presses
        press = getattr(self, "_do_" + ("end" if t == "draw" else t), None)
        if press is None:
            raise AssertionError("no presses for %r" % (a,))
        press(a, scr, st, before)
        if app.state.seq == seq:
            raise AssertionError("%r made no event (presses: %d; %s; screen %s level %d)"
                                 % (a, self.presses - before, self.toasts[-1:], scr.mode(),
                                    scr.level))
        self.pump()
        if self.pace:
            import time
            time.sleep(self.pace)

    # the presses of each action type (do() calls them: the action, the map screen, the state,
    # the presses before it)
    def _do_end(self, a, scr, st, before):      # and draw
        self.press(OK, LONG)
        if scr.picking is not None:
            self.dial_card()

    def _do_claim(self, a, scr, st, before):
        self.goto(scr.items(), a["c"])
        self.press(OK)

    def _do_place(self, a, scr, st, before):
        c, n = a["c"], a["n"]
        self.goto(scr.items(), c)
        most = min(st.to_place(), st.reserve + st.cres[st.board.continent_of(c)])
        if n == most:
            self.press(OK, LONG)
        else:
            for _ in range(n):
                self.press(OK)

    def _do_trade(self, a, scr, st, before):
        self.press(ROLL)

    def _do_arm(self, a, scr, st, before):      # La Revancha: BACK on the placement list, a missile
        self.goto(scr.items(), a["c"])
        self.press(BACK)
        if a.get("src") == "m":
            self.press(DOWN)
        self.press(OK)

    def _do_missile(self, a, scr, st, before):
        if scr.mode() == "result":
            self.press(BACK)
        while scr.level > 0:
            self.press(BACK)
        self.press(BACK)               # the turn menu: Regroup, Missile, End turn
        self.press(DOWN)
        self.press(OK)
        self.goto(scr.items(), a["f"])
        self.press(OK)
        self.goto(scr.items(), a["to"])
        self.press(OK)

    def _do_move(self, a, scr, st, before):
        while scr.move != a["n"]:
            self.press(UP if a["n"] > scr.move else DOWN)
        self.press(OK)

    def _do_attack(self, a, scr, st, before):
        f, to = a["f"], a["to"]
        if scr.mode() == "result" and (scr.last["f"], scr.last["to"]) == (f, to):
            self.press(ROLL)
            self.tell()
            self.repeats.append(self.presses - before)
            return
        if scr.mode() == "result":
            self.press(BACK)
        if scr.level == 1 and scr.src != f:
            self.press(BACK)
        if scr.level == 0:
            self.goto(scr.items(), f)
            self.press(OK)
        self.goto(scr.items(), to)
        self.press(OK)
        self.tell()
        self.new.append(self.presses - before)

    def _do_regroup(self, a, scr, st, before):
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
        if scr.picking is not None:    # Risk: the regroup ends the turn with its card
            self.dial_card()


def play(seed=5, players=4, limit=6000, serial=None, pace=0.0, ruleset="teg", board=None,
         deck=1, draw=False):
    """A whole game by presses; the Driver (its counts) and the device's final state."""
    d = Driver(seed, players, serial, pace, ruleset, board, deck, draw)
    bot = d.app.state.rules.make_bot(SeededDice(seed + 1000))
    if hasattr(bot, "pact_attack"):
        # La Revancha: aggression pacts and condominiums are the table's, not entered on the
        # device (docs/device.md, "Map mode"; docs/decisions/revancha-on-the-device.md): its players make none here
        bot.pact_attack = lambda state, p: None
        bot.condo_action = lambda state, p: None
    n = 0
    while d.app.state.phase != "over" and n < limit:
        d.do(_intent(bot, d.app.state))
        n += 1
    return d


def _intent(bot, state):
    """The bot's next action, decided as in a game of the device's dice (comando.engine.botsay
    .decide); the driver tells the table's result on the table_roll screen."""
    from comando.engine import botsay
    return botsay.decide(bot, state)


# -- a game as a button script ------------------------------------------------------------------
NAMES = {UP: "up", DOWN: "down", OK: "ok", BACK: "back", ROLL: "roll"}


class Scripted(Driver):
    """The Driver, every press also written as a line of the simulator's button script ("ok",
    "long ok"), so the same game can be played by buttons on the simulator and the emulated
    chip (their dice are the same SeededDice(seed), COMANDO_SIM_SEED). The device speaks its
    own language, as a fresh one does (nothing here reads the screen's words)."""

    def __init__(self, *args, **kw):
        self.lines = []
        Driver.__init__(self, *args, **kw)

    def start(self, players):
        self.app.settings.lang = None
        self.app.speak()
        Driver.start(self, players)

    def restart(self):
        """The device powered off and on: a new App on the same storage, the game folded from
        its journal, the dice from their seed again (as the simulator's and the chip's are)."""
        self.app = App(self.hal, dice=SeededDice(self.seed))
        self.app.boot()
        assert self.app.map, "the restarted device is not in the map game"

    def press(self, b, kind=PRESS):
        self.lines.append(("long " if kind == LONG else "") + NAMES[b])
        self._press(b, kind)      # (no link to pump: the script is the whole game)

    def _dismissing(self):
        self.lines.append("ok")


def scripted(seed=5, players=5, rounds=3, ruleset="revancha", restart_at=None):
    """A map game of ``players`` by the engine bot's intents (no pacts: the table's) over
    ``rounds`` whole rounds of hostilities after the setup, as button scripts: a list of legs,
    the second (when ``restart_at``, a round) starting at that round's first press, for a device
    restarted there (its game folded from the journal). Returns (legs, {seq, round: the final
    state's; events: the journal's})."""
    d = Scripted(seed, players, ruleset=ruleset)
    bot = d.app.state.rules.make_bot(SeededDice(seed + 1000))
    if hasattr(bot, "pact_attack"):
        bot.pact_attack = lambda state, p: None
        bot.condo_action = lambda state, p: None
    cut = None
    st = d.app.state
    while st.phase != "over" and st.round <= rounds:
        if restart_at is not None and cut is None and st.round == restart_at:
            cut = len(d.lines)
            d.restart()
        d.do(_intent(bot, st))
        st = d.app.state
    legs = [d.lines] if cut is None else [d.lines[:cut], d.lines[cut:]]
    import os
    from comando.journal_read import read_file
    events = read_file(os.path.join(d.root, "journal.log"))[0]
    d.close()
    return legs, {"seq": st.seq, "round": st.round, "events": events}
