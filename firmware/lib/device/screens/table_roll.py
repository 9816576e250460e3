"""The table's own dice (the New game's Map field: own dice, faces; comando.table_dice): the
dice screen's ROLL opens this screen instead of rolling, and it asks the table's result.

Losses (``dice`` table): the results these dice can give, the likeliest preselected, so OK (or
ROLL) takes it at one press; DOWN the second likeliest, UP the third (the list wraps: the k-th
likeliest is (k + 1) // 2 presses away, docs/decisions/table-dice.md). Faces (``table-faces``,
the table's luck charted): each die dialled by UP/DOWN, OK to the next die, ROLL when all are
told. BACK returns to the dice without a roll. Only results the dice can give are offered, so a
roll told here is never refused. Its own module: a game of the device's dice never loads it.
"""

from device import ui
from device.buttons import PRESS
from device.hal import UP, DOWN, OK, BACK, ROLL
from device.screens.base import Screen, is_step, colour_name
from comando.texts import say

FACE = 1   # where each face starts: from any start the faces average 1.5 presses away (wrapping)


_none = lambda rec: False  # noqa: E731  (no roll to make before open())


class TableRoll(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        # the roll the dice screen that opened this one is about to make (open()): the armies,
        # the defender, the round's dice modifiers (comando.dice_mods), and its roll_once(record)
        self.att = 0
        self.dfn = 0
        self.defender = 0
        self.mods = 0
        self.done = _none
        self.outs: list = []   # comando.table_dice.outcomes: (att lost, def lost, ways), likeliest first
        self.ring = [0]    # the outcomes' indexes in DOWN order (comando.table_dice.ring)
        self.pos = 0       # where in ring the selection is
        self.na = 0
        self.nd = 0
        self.total = 1     # 6 ** dice: the throws the ways count among
        self.faces: list = []   # faces mode: the attacker's dice, then the defender's
        self.at = 0        # faces mode: the die being dialled
        self.action = None  # map mode: the engine's attack being told (open_map)
        self.chose = (None, None)   # the dice screen's chosen dice (Dice.chosen)

    def open(self, dice):
        """Ask the result of the roll the dice screen ``dice`` is about to make: True when
        asked, False (the dice screen says why) when these counts cannot roll."""
        from comando import table_dice as TD
        st = self.app.state
        mods = dice.mods()
        # the dice a side chose (WAR's announced armies, Risk's defender's): the results follow
        self.chose = dice.chosen()
        na, nd, outs = TD.outcomes(st.rs, dice.att, dice.dfn, mods, self.chose[0], self.chose[1])
        self.mods = mods
        self.ask(dice.att, dice.dfn, dice.defender, na, nd, outs, TD.mode(st.opts), dice.roll_once)
        return True

    def open_map(self, action, done):
        """Map mode (device.screens.map): ask the table's result of the engine's attack
        ``action`` (its dice counts the ruleset's, comando.engine's attack_dice); ``done`` gets
        the action with the result in it (``tb``, and ``al``/``dl`` or the faces ``ad``/``dd``),
        for the engine to check and apply."""
        from comando import table_dice as TD
        st = self.app.state
        f, to = action["f"], action["to"]
        na, nd = st.rules.attack_dice(st, f, to, action)
        att, dfn = st.armies[f], st.armies[to]
        self.action = action
        self.ask(att, dfn, st.owner[to], na, nd, TD.results(att, dfn, na, nd),
                 TD.mode(st.options), done)

    def ask(self, att, dfn, defender, na, nd, outs, mode, done):
        from comando import table_dice as TD
        self.att, self.dfn, self.defender = att, dfn, defender
        self.na, self.nd, self.outs = na, nd, outs
        self.done = done
        self.ring = TD.ring(len(outs))
        self.total = 6 ** (na + nd)
        self.faces = [FACE] * (na + nd) if mode == "table-faces" else []
        self.at = 0
        self.pos = 0

    def picked(self):
        """(attacker losses, defender losses, ways) of what is selected (faces: what they give)."""
        if self.faces:
            from comando.combat import losses
            al, dl = losses(self.att, self.dfn, self.faces[:self.na], self.faces[self.na:])
            return al, dl, 0
        return self.outs[self.ring[self.pos]]

    def record(self):
        if self.action is not None:   # map mode: the engine's attack with the table's result
            a = dict(self.action)
            a["tb"] = 1
            if self.faces:
                a["ad"] = sorted(self.faces[:self.na], reverse=True)
                a["dd"] = sorted(self.faces[self.na:], reverse=True)
            else:
                a["al"], a["dl"] = self.picked()[:2]
            return a
        from comando import table_dice as TD
        st = self.app.state
        if self.faces:
            return TD.faces_record(st.rs, self.att, self.dfn, self.faces[:self.na],
                                   self.faces[self.na:], self.mods)
        al, dl, _ = self.picked()
        return TD.record(st.rs, self.att, self.dfn, al, dl, self.mods, self.chose[0],
                         self.chose[1])

    def draw(self, fb):
        st = self.app.state
        who = colour_name(st.colours[st.cur])[:6] + ">" + colour_name(st.colours[self.defender])[:6]
        al, dl, ways = self.picked()
        pc = (ways * 200 + self.total) // (2 * self.total)   # the chance of what is selected
        ui.header(fb, who, "" if self.faces else "%d%%" % pc)
        # the dice screen's places: the counts, the losses between them, the dice under them
        ui.big(fb, str(self.att), 2, 8, 2)
        ds = str(self.dfn)
        ui.big(fb, ds, 126 - ui.width(ds, 2), 8, 2)
        fb.text("-%d" % al if al else " 0", 42, 16, 1)
        fb.text("-%d" % dl if dl else " 0", 70, 16, 1)
        for i in range(self.na):
            ui.die(fb, 16 * i, 32, self.faces[i] if self.faces else 0, True)
        for i in range(self.nd):
            v = self.faces[self.na + i] if self.faces else 0
            ui.die(fb, 130 - 16 * (self.nd - i), 32, v, False)
        if self.faces:
            x = 16 * self.at if self.at < self.na else 130 - 16 * (self.na + self.nd - self.at)
            fb.fill_rect(x, 28, 14, 2, 1)   # over the die being dialled
            last = self.at == self.na + self.nd - 1
            fb.text(ui.fit(say("tr_die") % (self.at + 1, self.na + self.nd), 16), 0, 48, 1)
            ui.tight(fb, say("tr_fdone") if last else say("tr_fnext"), 0, 56)
            return
        k = self.ring[self.pos]
        fb.text(ui.fit(say("tr_which") % (k + 1, len(self.outs)), 16), 0, 48, 1)
        ui.tight(fb, say("tr_hint"), 0, 56)

    def button(self, b, kind):
        if kind != PRESS and not (b in (UP, DOWN) and is_step(kind)):
            return   # (a long ROLL's hold began on the dice screen: not a second answer)
        if b == BACK:
            self.app.pop()
        elif b in (UP, DOWN):
            step = 1 if b == DOWN else -1
            if self.faces:
                i = self.at
                self.faces[i] = (self.faces[i] - 1 - step) % 6 + 1   # UP: higher
            else:
                self.pos = (self.pos + step) % len(self.ring)
        elif b == OK and self.faces and self.at < self.na + self.nd - 1:
            self.at += 1
        elif b == OK or b == ROLL:
            rec = self.record()
            done = self.done
            self.app.pop()
            done(rec)
