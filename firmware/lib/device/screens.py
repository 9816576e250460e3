"""The screens: new game, turn, dice, T.E.G. II battle, war-potential track, sync, settings.

Buttons: UP/DOWN change the value or selection, OK confirms / opens the menu, BACK goes back,
ROLL is the big button (roll, roll again). A long ROLL attacks until conquest (or the stop).
Each screen draws the whole 128x64 frame; the driver sends only what changed.
"""

from comando import session as S
from comando import situations as SIT
from comando import turns as T
from device import ui
from device.buttons import PRESS, LONG, REPEAT
from device.hal import UP, DOWN, OK, BACK, ROLL

RULESETS = ("teg", "revancha", "war", "risk", "teg2")
RULESET_NAMES = {"teg": "T.E.G.", "revancha": "La Revancha", "war": "WAR", "risk": "Risk",
                 "teg2": "T.E.G. II"}
# States of the odds DP per slice of the display task: about 10 ms on a Pico (viper kernel), and
# every attack up to 50 against 50 fits one slice, so its percent is in the first frame.
ODDS_SLICE = 2600

COLOURS = {
    "teg": ("blue", "red", "black", "yellow", "green", "magenta"),
    "revancha": SIT.COLOURS,
    "war": ("blue", "red", "black", "yellow", "green", "white"),
    "risk": ("red", "blue", "green", "yellow", "black", "grey"),
}


def wp(st, s):
    """T.E.G. II: power ``s``'s war potential, SUs held, rocket offered / held (session.track)."""
    return st.track["wp"][s]


def su(st, s):
    return st.track["su"][s]


def offered(st, s):
    return st.track["offer"][s]


def rockets(st, s):
    return st.track["rockets"][s]


def is_step(kind):
    return kind == PRESS or kind == REPEAT


def cap(s):
    return s[:1].upper() + s[1:] if s else s


def power_name(colour):
    if colour in T.TEG2_POWERS:
        return T.TEG2_POWER_NAMES[T.TEG2_POWERS.index(colour)]
    return cap(colour)


class Screen:
    live = False  # True: redrawn twice a second even without a press (the sync status)

    def __init__(self, app):
        self.app = app

    def draw(self, fb):
        pass

    def button(self, b, kind):
        pass

    def event(self, ev):
        pass

    def work(self) -> bool:
        """One slice of background work (the display task calls it when nothing needs drawing);
        True while more remains. A screen sets ``app.dirty`` when a result should be shown."""
        return False


def home_screen(app):
    if app.state.stage is None:
        return NewGame(app)
    if app.state.stage == S.BATTLE:
        return Battle(app)
    return Turn(app)


# ---------------------------------------------------------------------------------------------
class Menu(Screen):
    """A list of (label, callable) items; OK runs one, BACK closes."""

    title = "Menu"

    def __init__(self, app, title, items):
        Screen.__init__(self, app)
        self.title = title
        self.items = items
        self.sel = 0

    def draw(self, fb):
        ui.header(fb, self.title)
        ui.menu(fb, [it[0] for it in self.items], self.sel)

    def button(self, b, kind):
        if b == UP and is_step(kind):
            self.sel = (self.sel - 1) % len(self.items)
        elif b == DOWN and is_step(kind):
            self.sel = (self.sel + 1) % len(self.items)
        elif b == OK and kind == PRESS:
            self.app.pop()
            self.items[self.sel][1]()
        elif b == BACK and kind == PRESS:
            self.app.pop()


class Confirm(Menu):
    def __init__(self, app, title, what, fn):
        Menu.__init__(self, app, title, (("No", lambda: None), (what, fn)))


# ---------------------------------------------------------------------------------------------
def NewGame(app):
    """The new-game screen (device.newgame: its code is dropped once the game starts)."""
    from device.newgame import NewGame as cls
    return cls(app)


# ---------------------------------------------------------------------------------------------
class Turn(Screen):
    """Whose turn and what the table does next, by the session's stage. OK does the obvious next
    step (start the round, roll the crisis, end a placement) or opens the menu during a turn."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.countries = 10  # La Revancha extra reinforcements: countries held
        self.turn = None  # ((round, turn index), rolls when the turn was first shown)

    def draw(self, fb):
        st = self.app.state
        rs = st.rs
        stage = st.stage
        name = power_name if rs == "teg2" else cap
        right = ("R%d" % st.rnd) if st.rnd else ""
        if stage == S.OPEN:
            ui.header(fb, RULESET_NAMES[rs], right)
            ui.center(fb, "Who starts?", 16)
            ui.center(fb, "everybody rolls", 28)
            ui.footer(fb, "OK/ROLL: roll")
        elif stage == S.PLACE:
            cur = st.cur
            ui.header(fb, "Placing", right)
            ui.center(fb, name(st.colours[cur]), 13, 2)
            n = S.placement_armies(st)
            if rs == "teg2":
                fb.text("objective %d/5" % (st.pround + 1), 8, 33, 1)
            elif n is not None:
                ui.center(fb, "places %d armies" % n, 33)
            else:
                ui.center(fb, "places armies", 33)
            if self.app.note:
                fb.text(ui.fit(self.app.note, 16), 0, 44, 1)
            ui.footer(fb, "OK: done")
        elif stage == S.ROUND:
            ui.header(fb, RULESET_NAMES[rs], right)
            ui.center(fb, "Round %d" % (st.rnd + 1), 14, 2)
            if rs == "revancha":
                ui.center(fb, "situation card", 36)
            elif self.app.note:
                fb.text(ui.fit(self.app.note, 16), 0, 36, 1)
            ui.footer(fb, "OK: start round")
        elif stage == S.CRISIS:
            ui.header(fb, "CRISIS", right)
            ui.center(fb, "everybody rolls", 16)
            ui.center(fb, "lowest: no card", 28)
            ui.footer(fb, "OK/ROLL: roll")
        elif stage == S.EXTRA:
            cur = st.cur
            ui.header(fb, "Extra armies", right)
            fb.text(ui.fit(cap(st.colours[cur]), 8), 0, 12, 1)
            fb.text("countries", 0, 22, 1)
            ui.big(fb, str(self.countries), 80, 12, 2)
            ui.center(fb, "adds %d" % SIT.extra_armies(self.countries), 36)
            ui.footer(fb, "^v count OK:add")
        elif stage == S.ADD:
            cur = st.cur
            ui.header(fb, "Add armies", right)
            ui.center(fb, power_name(st.colours[cur]), 12, 2)
            extra = []
            if su(st, cur):
                extra.append("SU x%d" % su(st, cur))
            if offered(st, cur):
                extra.append("rocket? ROLL")
            elif rockets(st, cur):
                extra.append("rocket!")
            ui.center(fb, "adds %d armies" % S.teg2_adds(st, cur), 31)
            if extra:
                ui.center(fb, " ".join(extra), 42)
            ui.footer(fb, "OK: done")
        elif stage == S.TURN and rs != "teg2":
            # whose turn, next, the phase of the turn, the armies to place (dialled: UP/DOWN)
            cur = st.cur
            n = len(st.order)
            ui.header(fb, "Round %d" % st.rnd, "%d/%d" % (st.ti + 1, n))
            ui.center(fb, name(st.colours[cur]), 10, 2)
            nxt = st.order[st.ti + 1] if st.ti + 1 < n else None
            fb.text("next:", 0, 27, 1)
            fb.text(ui.fit(name(st.colours[nxt]), 10) if nxt is not None else "new round", 44, 27, 1)
            line = self.phase()
            if rs == "revancha" and st.sit >= 0:  # the situation card rules the round
                line = (ui.fit(SIT.label(st.sit), 8) + " no card") if cur in st.barred \
                    else ui.fit(SIT.label(st.sit), 16)
            ui.tight(fb, line, 0, 36)
            k = self.held(cur)
            ui.tight(fb, "%d ctry: place %d" % (k, reinforce(self.app, cur, k)), 0, 45)
            ui.footer(fb, "^v ROLL atk OK end")
        elif stage == S.TURN:
            cur = st.cur
            n = len(st.order)
            ui.header(fb, "Round %d" % st.rnd, "%d/%d" % (st.ti + 1, n))
            ui.center(fb, name(st.colours[cur]), 12, 2)
            nxt = st.order[st.ti + 1] if st.ti + 1 < n else None
            fb.text("next:", 0, 31, 1)
            fb.text(ui.fit(name(st.colours[nxt]), 10) if nxt is not None else "new round", 44, 31, 1)
            if rs == "teg2":  # war potential in words when the line has room
                extra = (["SU %d" % su(st, cur)] if su(st, cur) else []) + \
                    (["rocket"] if rockets(st, cur) else [])
                pot = ("war potential", "potential", "WP")[min(2, len(extra))]
                ui.tight(fb, " ".join(["%s %d" % (pot, wp(st, cur))] + extra), 0, 42)
            ui.footer(fb, ("ROLL attack" if rs != "teg2" else "ROLL battle") + " OK end")
        elif stage == S.OVER:
            ui.header(fb, "Game over", right)
            if st.winner >= 0:
                ui.center(fb, name(st.colours[st.winner]), 16, 2)
                ui.center(fb, "wins", 36)
            elif rs == "teg2":
                from device.teg2_screens import Track as track
                track.draw_track(fb, st, 12)
            ui.footer(fb, "OK: menu")

    def phase(self):
        """The phase of the turn as the session knows it (comando.session: rolls, carded): the
        turn opens by adding armies (not in the first round of hostilities of T.E.G. and La
        Revancha: teg-classic.txt "6. Continuation of the Game"), then attacks and regroups, then
        the country card."""
        st = self.app.state
        key = (st.rnd, st.ti)
        if self.turn is None or self.turn[0] != key:
            self.turn = (key, st.rolls)  # the rolls counted when this turn was first shown
        if st.carded:
            return "card drawn: end"
        if st.rolls > self.turn[1]:
            return "attack, regroup"
        if st.rnd == 1 and st.rs in ("teg", "revancha"):
            return "attack, regroup"
        return "add, then attack"

    def held(self, seat):
        """Countries the player holds, as dialled on this screen (a calculator, not an event)."""
        counts = held_counts(self.app)
        if counts[seat] < 0:
            b = self.app.board
            counts[seat] = b.n // self.app.state.n if b is not None else 12
        return counts[seat]

    def button(self, b, kind):
        app = self.app
        st = app.state
        stage = st.stage
        if kind == PRESS and b == BACK:
            app.push(turn_menu(app) if stage == S.TURN else main_menu(app))
            return
        if stage == S.EXTRA and b in (UP, DOWN) and is_step(kind):
            self.countries = max(1, self.countries + (1 if b == UP else -1))
            return
        if stage == S.TURN and st.rs != "teg2" and b in (UP, DOWN) and is_step(kind):
            counts = held_counts(app)
            counts[st.cur] = max(1, self.held(st.cur) + (1 if b == UP else -1))
            return
        if kind != PRESS:
            return
        if stage == S.OPEN and b in (OK, ROLL):
            ev = app.act({"t": "first"})
            if ev:
                app.note = "first: %s" % st.colours[st.first]
        elif stage == S.PLACE and b == OK:
            app.act({"t": "place", "p": st.cur})
        elif stage == S.ROUND and b in (OK, ROLL):
            ev = app.act({"t": "round"})
            if ev and st.rs == "revancha":
                app.push(Situation(app))
            elif ev and st.rs == "teg2":
                app.push(Grants(app))
        elif stage == S.CRISIS and b in (OK, ROLL):
            if app.act({"t": "crisis"}):
                app.push(CrisisResult(app))
        elif stage == S.EXTRA and b == OK:
            app.act({"t": "extra", "p": st.cur, "c": self.countries})
        elif stage == S.ADD:
            if b == OK:
                app.act({"t": "place", "p": st.cur})
            elif b == ROLL and offered(st, st.cur):
                app.act({"t": "rocket", "p": st.cur})
        elif stage == S.TURN:
            if b == ROLL:
                if st.rs == "teg2":
                    app.push(BattleSetup(app))
                else:
                    app.push(Dice(app))
            elif b == OK:  # the most frequent action at the table: one press (undo in the menu)
                app.act({"t": "end", "p": st.cur})
        elif stage == S.OVER and b == OK:
            app.push(main_menu(app))


def held_counts(app):
    """Per seat: countries held as last dialled (-1: not yet), and continents ticked held. Kept on
    the app for the game (not journaled: a calculator, see docs/architecture.md)."""
    n = app.state.n
    c = getattr(app, "reinforce", None)
    if c is None or len(c[0]) != n:
        c = ([-1] * n, [0] * n)  # counts, bit mask of continents held
        app.reinforce = c
    return c[0]


def held_continents(app):
    held_counts(app)
    return app.reinforce[1]


def reinforce(app, seat, countries):
    """Armies to place: comando.turns.reinforcements (the rulebooks' divisor and minimum) plus the
    bonus of each continent ticked on the Armies screen (the loaded board's bonuses)."""
    b = app.board
    bonus = 0
    mask = held_continents(app)[seat]
    if b is not None:
        for c in range(b.continents):
            if mask >> c & 1:
                bonus += b.continent_bonus(c)
    return T.reinforcements(app.state.rs, countries, bonus)


def Armies(app):
    """Armies to place with continents ticked (device.armies, imported when opened)."""
    from device.armies import Armies as cls
    return cls(app)


def turn_menu(app):
    st = app.state
    p = st.cur
    items = [("End turn", lambda: app.act({"t": "end", "p": p}))]
    if st.rs == "teg2":
        items.append(("Battle", lambda: app.push(BattleSetup(app))))
        if rockets(st, p):
            items.append(("Launch rocket", lambda: app.push(Launch(app))))
        items.append(("War potential", lambda: app.push(Track(app))))
    else:
        items.append(("Attack (dice)", lambda: app.push(Dice(app))))
        items.append(("Draw card", lambda: app.act({"t": "card", "p": p})))
        items.append(("Eliminated...", lambda: app.push(Eliminate(app))))
        if st.rs != "risk":
            items.append(("%s wins" % cap(st.colours[p]), lambda: app.push(
                Confirm(app, "Victory?", "Yes, %s wins" % st.colours[p],
                        lambda: app.act({"t": "win", "p": p})))))
    items += main_items(app)
    if st.rs != "teg2" and app.board is not None:  # last: the menus' other items keep their place
        items.append(("Armies to place", lambda: app.push(Armies(app))))
    return Menu(app, cap(st.colours[p]) if st.rs != "teg2" else power_name(st.colours[p]), items)


def main_items(app, new_game=True):
    items = []
    if app.state.at > 1:
        items.append(("Undo last", lambda: undo(app)))
    if app.state.rs == "revancha" and app.state.sit >= 0:
        items.append(("Situation card", lambda: app.push(Situation(app))))
    if app.state.rs == "teg2":
        items.append(("War potential", lambda: app.push(Track(app))))
    items += [("Sync", lambda: app.push(Sync(app))),
              ("Settings", lambda: app.push(Settings(app))),
              ("Hardware", lambda: app.push(hardware_menu(app)))]
    if new_game:
        items.append(("New game", lambda: app.push(Confirm(app, "New game?", "Yes, new game",
                                                           lambda: app.push(NewGame(app))))))
    return items


def main_menu(app):
    return Menu(app, "Menu", main_items(app))


def undo(app):
    st = app.state
    prev = [seq for seq, _ in st.hist if seq < st.at]
    if not prev:
        app.show_toast("nothing to undo")
        return
    app.act({"t": "undo", "to": prev[-1]})
    app.home()


class Eliminate(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        st = app.state
        self.choices = [s for s in range(st.n) if st.alive[s] and s != st.cur]
        self.sel = 0

    def draw(self, fb):
        st = self.app.state
        ui.header(fb, "Who is out?")
        ui.menu(fb, [cap(st.colours[s]) for s in self.choices], self.sel)

    def button(self, b, kind):
        st = self.app.state
        if b in (UP, DOWN) and is_step(kind):
            self.sel = (self.sel + (1 if b == DOWN else -1)) % len(self.choices)
        elif b == OK and kind == PRESS:
            self.app.pop()
            self.app.act({"t": "out", "p": self.choices[self.sel], "by": st.cur})
        elif b == BACK and kind == PRESS:
            self.app.pop()


class Situation(Screen):
    """La Revancha: the situation card of the round and what it does."""

    def draw(self, fb):
        st = self.app.state
        ui.header(fb, "Situation", "R%d" % st.rnd)
        if st.sit < 0:
            ui.center(fb, "none", 24)
            return
        label = SIT.label(st.sit)
        ui.center(fb, ui.fit(label, 16), 13, 2 if len(label) <= 8 else 1)
        ui.paragraph(fb, SIT.describe(st.sit), 29, 4)

    def button(self, b, kind):
        if kind == PRESS and b in (OK, BACK, ROLL):
            self.app.pop()


class CrisisResult(Screen):
    def draw(self, fb):
        st = self.app.state
        ui.header(fb, "Crisis roll", "R%d" % st.rnd)
        x = 0
        y = 12
        for s in range(st.n):
            if not st.alive[s]:
                continue
            fb.text(ui.fit(st.colours[s], 6), x, y + 3, 1)
            ui.die(fb, x + 48, y, st.crisis[s], solid=s not in st.barred, size=12)
            y += 14
            if y > 44:
                y = 12
                x = 66
        ui.footer(fb, "outline: no card")

    def button(self, b, kind):
        if kind == PRESS:
            self.app.pop()


# ---------------------------------------------------------------------------------------------
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
        self.stop = app.settings.stop
        self.internal = 0
        self.src = None  # attacking and attacked countries (when a board is loaded)
        self.dst = None
        self.msg = None  # an inline message (an attack the rules refuse): no press is lost to it
        live = [s for s in st.order if s != st.cur] or [s for s in range(st.n) if s != st.cur]
        self.defender = live[0] if live else 0
        self._odds = None

    def fields(self):
        f = ["att", "def", "who", "stop"]
        st = self.app.state
        if self.app.board is not None:
            f += ["from", "to"]
        elif st.rs == "revancha" and st.sit >= 0 and SIT.kind(st.sit) in (SIT.OPEN, SIT.CLOSED):
            f.append("border")
        return f

    def country(self, i):
        return "-" if i is None else self.app.board.short(i)

    def flags(self):
        st = self.app.state
        if st.rs == "revancha":
            return SIT.dice_flags(st.situation())
        return (False, False)

    def odds(self):
        """P(conquest) in whole percent, or None while it is being computed (or not computable).
        The fixed-point DP (comando.odds_fixed) runs in slices of ODDS_SLICE states: one here,
        the rest from work() between the input task's polls, so a big attack never stalls the
        buttons; the percent appears once the last slice is done."""
        key = (self.att, self.dfn, self.stop, self.flags())
        if self._odds is None or self._odds[0] != key:
            job = None
            if self.dfn >= 1 and self.att > self.stop:
                try:
                    from comando.odds_fixed import Conquest
                    snow, tw = key[3]
                    job = Conquest(self.app.state.rs, self.att, self.dfn, snow, tw, self.stop)
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
        who = cap(st.colours[st.cur])[:6] + ">" + cap(st.colours[self.defender])[:6]
        p = self.odds()
        ui.header(fb, who, ("%d%%" % p) if p is not None else "")
        # Laid out on the controller's 8-pixel pages, so a roll rewrites as few pages as it can:
        # page 0 header, 1-2 the armies (big), 3 the losses and the field mark, 4-5 the dice,
        # 6 one line of news, 7 the hint.
        lim = self.limits
        won = lim is not None
        # after a conquest: what stays behind -> what moves in (UP/DOWN), not the roll's counts
        ui.big(fb, str(self.att - self.move if won else self.att), 2, 8, 2)
        ui.center(fb, "move" if won else "vs", 8, 1, 40, 88)
        ds = str(self.move if won else self.dfn)
        ui.big(fb, ds, 126 - ui.width(ds, 2), 8, 2)
        if won:
            pass  # UP/DOWN set the move-in, whatever the field
        elif fld == "att":
            fb.hline(0, 25, 40, 1)
        elif fld == "def":
            fb.hline(88, 25, 40, 1)
        rec = self.last
        if rec is not None and not self.fresh:  # only this attack's last roll: never old dice
            x = 0
            for v in rec["ad"]:
                ui.die(fb, x, 33, v, True)
                x += 16
            x = 128 - 16 * len(rec["dd"]) + 2
            for v in rec["dd"]:
                ui.die(fb, x, 33, v, False)
                x += 16
            al, dl = rec["al"], rec["dl"]
            if self.series:
                al, dl = self.series[1], self.series[2]
            # the losses of each side, between the two counts
            fb.text("-%d" % al if al else " 0", 42, 16, 1)
            fb.text("-%d" % dl if dl else " 0", 70, 16, 1)
        if self.msg:  # below the counts; over them when it needs more than four lines
            y = 28 if len(ui.wrap(self.msg, 16)) <= 4 else 10
            fb.fill_rect(0, y - 2, 128, 66 - y, 0)
            ui.paragraph(fb, self.msg, y, 4 if y == 28 else 6)
            return
        elif lim is not None:  # the move-in is the question now, whatever the field
            lo, hi = lim
            line = ("WON! move %d-%d" % (lo, hi)) if lo < hi else ("WON! moves %d" % lo)
        elif fld == "who":
            line = "def: " + st.colours[self.defender]
        elif fld == "stop":
            line = "stop at %d left" % self.stop
        elif fld == "border":
            line = "same continent" if self.internal else "other continent"
        elif fld == "from":
            line = "from " + self.country(self.src)
        elif fld == "to":
            line = "to " + self.country(self.dst)
        elif self.came and self.fresh:
            line = "from " + self.came
        elif self.series:
            line = "%d rolls" % self.series[0]
        else:
            # quiet while rolling (the losses show beside the counts): fewer bytes per roll
            snow, tw = self.flags()
            line = "snow: def +1" if snow else ("tailwind: att+1" if tw else "")
        fb.text(ui.fit(line, 16), 0, 48, 1)
        ui.tight(fb, "^v move ROLL next" if won else "ROLL  hold:conquer", 0, 56)

    def action(self):
        st = self.app.state
        a = {"t": "roll", "p": st.cur, "d": self.defender, "a": self.att, "b": self.dfn}
        if "border" in self.fields():
            a["in"] = self.internal
        if self.src is not None and self.dst is not None:
            a["f"] = self.src
            a["to"] = self.dst
        return a

    def inline(self, text):
        self.msg = text

    def roll_once(self):
        if self.att < 2:
            self.msg = "needs 2+ armies"
            return False
        ev = self.app.act(self.action(), self.inline)
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
        self.came = "conquered" if moved > stays else "same ctry"
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
        if b == ROLL and kind == PRESS:
            self.series = None
            if self.limits is not None:  # a conquest: the move-in is confirmed, next attack
                self.next_attack()
                return
            self.roll_once()
        elif b == ROLL and kind == LONG:
            # attack until conquest or until the attacker is down to the stop
            n = al = dl = 0
            while self.dfn > 0 and self.att > self.stop and self.att >= 2:
                if not self.roll_once():
                    break
                n += 1
                rec = self.last or {}
                al += rec["al"]
                dl += rec["dl"]
            self.series = (n, al, dl) if n > 1 else None
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
            step = 1 if b == UP else -1
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


# ---------------------------------------------------------------------------------------------
def Grants(app):
    from device.teg2_screens import Grants as cls
    return cls(app)


def Track(app):
    from device.teg2_screens import Track as cls
    return cls(app)


def Sync(app):
    """Screens opened from the menu only (device.screens_menu, imported when opened)."""
    from device.screens_menu import Sync as cls
    return cls(app)


def Settings(app):
    from device.screens_menu import Settings as cls
    return cls(app)


def BattleSetup(app):
    """T.E.G. II screens are imported only when a T.E.G. II game needs them (RAM on the Pico)."""
    from device.teg2_screens import BattleSetup as cls
    return cls(app)


def Battle(app):
    from device.teg2_screens import Battle as cls
    return cls(app)


def Launch(app):
    from device.teg2_screens import Launch as cls
    return cls(app)


def hardware_menu(app):
    """Menu > Hardware (self-test, OLED controller, I2C address, battery): device.selftest."""
    from device.selftest import hardware_menu as menu
    return menu(app)
