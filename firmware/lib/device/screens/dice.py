"""The dice screen (T.E.G., La Revancha, WAR, Risk): one attack after another on one screen."""

from comando import session as S
from device import ui
from device.buttons import PRESS, LONG
from device.hal import UP, DOWN, OK, BACK, ROLL
from device.screens.base import Screen, is_step, colour_name
from comando.texts import say

# States of the odds DP per slice of the display task: about 10 ms on the emulated RP2040 (viper
# kernel), and every attack up to 50 against 50 fits one slice, so its percent is in the first
# frame.
ODDS_SLICE = 2600


class Dice(Screen):
    """Attacker and defender armies, the dice as faces, losses, the new counts and the odds of
    the next roll, all on one screen. ROLL rolls; ROLL again repeats with the new counts (one
    press). A long ROLL attacks until conquest or until the attacker is down to ``stop``.
    UP/DOWN change the selected field; OK selects the next field (attacker, defender armies,
    defending colour, stop, border); BACK returns to the turn."""

    def __init__(self, app):
        Screen.__init__(self, app)
        st = app.state
        self.att = 4
        self.dfn = 2
        self.field = 0
        self.last = None  # the last roll record (this screen's)
        self.fresh = True  # no roll in this attack yet (no dice on screen)
        self.move = 0  # after a conquest: armies moving into the conquered country (UP/DOWN)
        self.limits = None  # after a conquest: (min, max) move-in of the ruleset
        self.came = None  # the next attack: "conquered" or "same" country (said once)
        self.series = None  # (rolls, att lost, def lost) of a long attack
        self.halted = None  # where a long attack stopped without a conquest
        self._run = [0, 0, 0]  # (rolls, att lost, def lost) of a long attack under way
        self.stop = app.settings.stop
        self.internal = 0
        self.src = None  # attacking and attacked countries (when a board is loaded)
        self.dst = None
        self.msg = None  # an inline message (an attack the rules refuse): no press is lost to it
        live = [s for s in st.order if s != st.cur] or [s for s in range(st.n) if s != st.cur]
        self.defender = live[0] if live else 0
        self._odds = None
        # the dice a side chose where its rules let it (0: the most the armies allow): WAR's
        # attacker announces 1-3 armies (war.txt "How to Attack"), Risk's defender rolls 1 or 2
        # (risk-online-12-maps.txt; the game's option defdice=choose)
        self.na = 0
        self.nd = 0

    def fields(self):
        f = ["att", "def", "who", "stop"]
        st = self.app.state
        from comando.combat import RULES
        r = RULES.get(st.rs)
        if r is not None and r["att_choice"]:
            f.append("na")
        if r is not None and r["def_choice"] and st.opts.get("defdice") == "choose":
            f.append("nd")
        if self.app.board is not None:
            f += ["from", "to"]
        elif st.sit >= 0:  # La Revancha: a situation card that rules by borders asks which
            from comando.rulesets.revancha import situations as SIT
            if SIT.kind(st.sit) in (SIT.OPEN, SIT.CLOSED):
                f.append("border")
        return f

    def country(self, i):
        return "-" if i is None else self.app.board.short(i)

    def mods(self):
        """The dice modifiers in effect (comando.dice_mods: the round's situation card)."""
        st = self.app.state
        return st.rules.dice_mods(st)

    def counts(self):
        """(attack dice, defence dice) of the next roll: the most the armies allow, or fewer
        where a side chose fewer (``na``, ``nd``)."""
        from comando.combat import max_dice
        a, d = max_dice(self.app.state.rs, self.att, self.dfn, self.mods())
        return (self.na if 0 < self.na < a else a), (self.nd if 0 < self.nd < d else d)

    def chosen(self):
        """(the attacker's announced dice, the defender's chosen dice) for the roll's action and
        the table's outcomes: None for a side rolling the most (or not choosing)."""
        fields = self.fields()
        a, d = self.counts()
        return (a if "na" in fields and 0 < self.na <= a else None,
                d if "nd" in fields and 0 < self.nd <= d else None)

    def odds(self):
        """P(conquest) in whole percent, or None while it is being computed (or not computable).
        The fixed-point DP (comando.odds_fixed) runs in slices of ODDS_SLICE states: one here,
        the rest from work() between the input task's polls, so a big attack never stalls the
        buttons; the percent appears once the last slice is done."""
        key = (self.att, self.dfn, self.stop, self.mods())
        if self._odds is None or self._odds[0] != key:
            job = None
            if self.dfn >= 1 and self.att > self.stop:
                try:
                    from comando.odds_fixed import Conquest
                    job = Conquest(self.app.state.rs, self.att, self.dfn, key[3], self.stop)
                except (ImportError, ValueError, MemoryError):
                    job = None
            self._odds = (key, job)
            if job is not None:
                self._slice(job)
        job = self._odds[1]
        return job.percent() if job is not None and job.done else None

    def _slice(self, job):
        try:
            job.step(ODDS_SLICE)
        except MemoryError:
            self._odds = (self._odds[0] if self._odds else None, None)

    def work(self):
        odds = self._odds
        job = odds[1] if odds is not None else None
        if job is None or job.done:
            return False
        self._slice(job)
        if job.done or self._odds is not odds:
            self.app.dirty = True  # the percent is ready (or will not come): show it
        return True

    def draw(self, fb):
        st = self.app.state
        fields = self.fields()
        fld = fields[self.field % len(fields)]
        who = colour_name(st.colours[st.cur])[:6] + ">" + colour_name(st.colours[self.defender])[:6]
        p = self.odds()
        ui.header(fb, who, ("%d%%" % p) if p is not None else "")
        # Laid out on the controller's 8-pixel pages, so a roll rewrites as few pages as it can:
        # page 0 header, 1-2 the armies (big), 3 the losses and the field mark, 4-5 the dice,
        # 6 one line of news, 7 the hint. A die's top and middle pips are on page 4 and its
        # bottom ones alone on page 5, which a new face then leaves as it was whenever its bottom
        # row is the old one's (1; 2 or 3; 4, 5 or 6): about two rolls in five per die.
        lim = self.limits
        won = lim is not None
        # after a conquest: what stays behind -> what moves in (UP/DOWN), not the roll's counts
        left = str(self.att - self.move if won else self.att)
        ui.big(fb, left, 2, 8, 2)
        ds = str(self.move if won else self.dfn)
        ui.big(fb, ds, 126 - ui.width(ds, 2), 8, 2)
        if won:
            # the outcome in large type between the counts (when they leave room for it); under
            # them, which count stays and which moves in
            x0, x1 = 4 + ui.width(left, 2), 124 - ui.width(ds, 2)
            won_s = say("di_won")
            ui.center(fb, won_s, 8, 2 if x1 - x0 >= ui.width(won_s, 2) else 1, x0, x1)
            fb.text(say("di_stays"), 0, 24, 1)
            ui.right(fb, say("di_moves"), 24)
        else:
            ui.center(fb, "vs", 8, 1, 40, 88)
            if fld == "att":
                fb.hline(0, 25, 40, 1)
            elif fld == "def":
                fb.hline(88, 25, 40, 1)
        self.draw_dice(fb, st, won)
        if self.msg:  # below the counts; over them when it needs more than three lines
            y = 28 if len(ui.wrap(self.msg, 16)) <= 3 else 10
            fb.fill_rect(0, y - 2, 128, 66 - y, 0)
            ui.paragraph(fb, self.msg, y, 3 if y == 28 else 5)
            ui.footer(fb, say("di_armies") if self.att < 2 else say("di_goon"))
            return
        line = self.news(st, fld, lim)
        fb.text(ui.fit(line, 16), 0, 48, 1)
        ui.tight(fb, say("di_move") if won else say("di_hold"), 0, 56)

    def draw_dice(self, fb, st, won):
        """Page 4-5: this attack's last roll (and the losses between the counts), or the dice a
        new attack is about to roll, blank."""
        rec = self.last
        if rec is not None and not self.fresh:  # only this attack's last roll: never old dice
            x = 0
            for v in rec["ad"]:
                ui.die(fb, x, 32, v, True)
                x += 16
            x = 128 - 16 * len(rec["dd"]) + 2
            for v in rec["dd"]:
                ui.die(fb, x, 32, v, False)
                x += 16
            al, dl = rec["al"], rec["dl"]
            if self.series:
                al, dl = self.series[1], self.series[2]
            if not won:  # the losses of each side, between the two counts
                fb.text("-%d" % al if al else " 0", 42, 16, 1)
                fb.text("-%d" % dl if dl else " 0", 70, 16, 1)
        elif self.att >= 2 and self.dfn >= 1:
            # a new attack: the dice each side is about to roll, blank; the roll then only puts
            # the pips in (a third fewer bytes on the bus than six dice drawn from nothing)
            na, nd = self.counts()
            for i in range(na):
                ui.die(fb, 16 * i, 32, 0, True)
            for i in range(nd):
                ui.die(fb, 130 - 16 * (nd - i), 32, 0, False)

    def news(self, st, fld, lim):
        """Page 6's one line: the move-in question, the field's value, or what the roll says."""
        if lim is not None:  # the move-in is the question now, whatever the field
            lo, hi = lim
            line = (say("di_may") % (lo, hi)) if lo < hi else (say("di_must") % lo)
        elif fld == "who":
            line = say("di_def") % colour_name(st.colours[self.defender])
        elif fld == "stop":
            line = say("di_stop") % self.stop
        elif fld == "na":
            line = say("di_na") % self.counts()[0]
        elif fld == "nd":
            line = say("di_nd") % self.counts()[1]
        elif fld == "border":
            line = say("di_same") if self.internal else say("di_other")
        elif fld == "from":
            line = say("di_from") % self.country(self.src)
        elif fld == "to":
            line = say("di_to") % self.country(self.dst)
        elif self.came and self.fresh:
            line = say("di_from") % say(self.came)
        elif self.halted:
            line = self.halted
        elif self.series:
            line = say("di_rolls") % self.series[0]
        else:
            # quiet while rolling (the losses show beside the counts): fewer bytes per roll
            mods = self.mods()
            if mods:
                from comando.dice_mods import line as mods_line
                line = say(mods_line(mods))
            else:
                line = ""
        return line

    def step_field(self, fld, step):
        """UP (+1) / DOWN (-1) on field ``fld``: the counts, the defender, the stop, the border,
        the countries."""
        app = self.app
        st = app.state
        if fld in ("att", "def"):
            self.fresh = True
        self.series = None
        if fld == "att":
            self.att = max(1, self.att + step)
        elif fld == "def":
            self.dfn = max(1, self.dfn + step)
        elif fld == "who":
            opts = [s for s in range(st.n) if st.alive[s] and s != st.cur]
            i = opts.index(self.defender) if self.defender in opts else 0
            self.defender = opts[(i + step) % len(opts)]
        elif fld == "stop":
            self.stop = max(1, self.stop + step)
            app.settings.stop = self.stop
        elif fld in ("na", "nd"):
            self.step_dice(fld, step)
        elif fld == "border":
            self.internal ^= 1
        elif fld == "from":
            n = self.app.board.n
            self.src = 0 if self.src is None else (self.src + step) % n
            self.dst = None
        elif fld == "to" and self.src is not None:
            nb = self.app.board.neighbours(self.src)
            i = nb.index(self.dst) if self.dst in nb else -1
            self.dst = nb[(i + step) % len(nb)]

    def step_dice(self, fld, step):
        """The dice a side chose (``na``, ``nd``): 1 to the most the armies allow, wrapping
        (announced or chosen per roll)."""
        from comando.combat import max_dice
        i = 0 if fld == "na" else 1
        most = max_dice(self.app.state.rs, self.att, self.dfn, self.mods())[i]
        n = (self.counts()[i] - 1 + step) % most + 1 if most > 0 else 0
        if fld == "na":
            self.na = n
        else:
            self.nd = n
        self.fresh = True

    def action(self):
        st = self.app.state
        a = {"t": "roll", "p": st.cur, "d": self.defender, "a": self.att, "b": self.dfn}
        if "border" in self.fields():
            a["in"] = self.internal
        if self.src is not None and self.dst is not None:
            a["f"] = self.src
            a["to"] = self.dst
        na, nd = self.chosen()
        if na is not None:
            a["na"] = na
        if nd is not None:
            a["nd"] = nd
        return a

    def inline(self, text):
        self.msg = text

    def told(self):
        """True when the table rolls its own dice (the ``dice`` option): ROLL asks its result."""
        o = self.app.state.opts
        return "dice" in o and o["dice"] != "device"

    def ask_table(self):
        """Open the table's result (device.screens.table_roll), which rolls through
        roll_once(record) when told."""
        if self.att < 2:
            self.msg = say("di_needs")
            return
        from device.screens import screen
        scr = screen(self.app, "TableRoll")
        try:
            scr.open(self)
        except ValueError as exc:   # RulesError: these counts cannot roll
            self.msg = str(exc)
            return
        self.series = None
        self.app.push(scr)

    def roll_once(self, told=None):
        """One roll (``told``: the table's record of it, comando.table_dice)."""
        if self.att < 2:
            self.msg = say("di_needs")
            return False
        a = self.action()
        if told is not None:
            a["r"] = told
        ev = self.app.act(a, self.inline)
        if ev is None:
            return False
        rec = ev["r"]
        self.last = rec
        self.fresh = False
        self.att = rec["a"] - rec["al"]
        self.dfn = rec["d"] - rec["dl"]
        self.came = None
        if self.dfn == 0:
            self.conquered(rec)
        return True

    def _series_step(self):
        run = self._run
        if self.dfn > 0 and self.att > self.stop and self.att >= 2 and self.roll_once():
            run[0] += 1
            rec = self.last or {}
            run[1] += rec["al"]
            run[2] += rec["dl"]
            self.app.after_press = self._series_step   # the next roll, next turn
            return
        n, al, dl = run
        self.series = (n, al, dl) if n > 1 else None
        if self.dfn > 0 and self.limits is None and n:
            # the attack stopped short of a conquest: say where (1 against 1 cannot go on)
            self.halted = say("di_halted") % (self.att, self.dfn)

    def conquered(self, rec):
        """Ask for the move-in (the ruleset's limits, comando.combat.move_limits), defaulting to
        the most it allows: the usual choice, and it keeps the attack going from where it can."""
        try:
            from comando import combat
            self.limits = combat.record_move_limits(rec)
        except ValueError:  # RulesError: nothing can move (cannot happen: the attacker had 2+)
            self.limits = (0, 0)
        self.move = self.limits[1]

    def next_attack(self):
        """After a conquest: the move-in leaves the attacking country and the next attack goes on
        from whichever country has more armies (the conquered one holds the moved armies), against
        one army until the defender's count is dialled (the OK field is the defender's). The last
        roll's dice go: they belong to the attack before."""
        stays, moved = self.att - self.move, self.move
        self.came = "di_conq" if moved > stays else "di_samec"   # (texts keys)
        self.att = moved if moved > stays else stays
        if moved > stays and self.dst is not None:
            self.src = self.dst
        self.dst = None
        self.dfn = 1
        self.limits = None
        self.move = 0
        self.fresh = True
        self.last = None
        self.field = 1  # the defender's count: UP/DOWN dials it at once

    def button(self, b, kind):
        app = self.app
        st = app.state
        fields = self.fields()
        fld = fields[self.field % len(fields)]
        if kind == PRESS:
            self.msg = None
            self.halted = None
        if b == ROLL and kind == PRESS:
            self.series = None
            if self.limits is not None:  # a conquest: the move-in is confirmed, next attack
                self.next_attack()
                return
            if self.told():
                self.ask_table()
                return
            self.roll_once()
        elif b == ROLL and kind == LONG and self.told():
            return   # the table rolls: no attack of many rolls (each roll is the table's)
        elif b == ROLL and kind == LONG:
            # attack until conquest or until the attacker is down to the stop: one roll a turn
            # of the input loop (app.after_press), the buttons sampled between rolls
            self._run = [0, 0, 0]
            self._series_step()
        elif b == OK and kind == PRESS:
            self.field = (self.field + 1) % len(fields)
        elif b == OK and kind == LONG:
            # end the turn without leaving the dice: the next player attacks from here
            self.field = (self.field - 1) % len(fields)  # undo the PRESS that began the hold
            if app.act({"t": "end", "p": st.cur}):
                if app.state.stage == S.TURN:
                    self.__init__(app)
                else:
                    app.home()
        elif b == BACK and kind == PRESS:
            app.pop()
        elif b in (UP, DOWN) and is_step(kind) and self.limits is not None:
            lo, hi = self.limits or (0, 0)  # after a conquest UP/DOWN set the move-in
            self.move = max(lo, min(hi, self.move + (1 if b == UP else -1)))
        elif b in (UP, DOWN) and is_step(kind):
            self.step_field(fld, 1 if b == UP else -1)
