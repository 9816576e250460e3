"""The turn screen: whose turn and what the table does next, by the session's stage; and the
"who is out?" picker of the turn menu."""

from comando import session as S
from comando.rulesets.revancha import situations as SIT
from device import ui
from device.buttons import PRESS
from device.hal import UP, DOWN, OK, BACK, ROLL
from device.screens import screen
from device.screens.base import (Screen, RULESET_NAMES, cap, is_step, power_name, su, wp,
                                 offered, rockets, held_counts, reinforce)
from device.screens.menus import main_menu, turn_menu


def turn_of(rnd, k, n):
    """The header's right side: "turn 2/4" when the round number leaves room for it."""
    text = "turn %d/%d" % (k, n)
    return text if len("Round %d" % rnd) + len(text) <= 15 else "%d/%d" % (k, n)


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
        elif stage == S.PLACE and rs == "teg2" and st.tally is not None:
            from device.screens.objectives import draw_tokens
            draw_tokens(self, fb)
        elif stage == S.COUNT:
            from device.screens.objectives import draw_count
            draw_count(self, fb)
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
            from comando.rulesets.teg2.table import adds
            ui.center(fb, "adds %d armies" % adds(st, cur), 31)
            if extra:
                ui.center(fb, " ".join(extra), 42)
            ui.footer(fb, "OK: done")
        elif stage == S.TURN and rs != "teg2":
            # whose turn, next, the phase of the turn, the armies to place (dialled: UP/DOWN)
            cur = st.cur
            n = len(st.order)
            ui.header(fb, "Round %d" % st.rnd, turn_of(st.rnd, st.ti + 1, n))
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
            ui.tight(fb, "%d countries: +%d" % (k, reinforce(self.app, cur, k)), 0, 45)
            ui.footer(fb, "^v ROLL atk OK end")
        elif stage == S.TURN:
            cur = st.cur
            n = len(st.order)
            ui.header(fb, "Round %d" % st.rnd, turn_of(st.rnd, st.ti + 1, n))
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
        elif stage == S.OVER and rs == "teg2":
            from device.screens.objectives import draw_over
            draw_over(fb, st)
        elif stage == S.OVER:
            ui.header(fb, "Game over", right)
            if st.winner >= 0:
                ui.center(fb, name(st.colours[st.winner]), 16, 2)
                ui.center(fb, "wins", 36)
            elif rs == "teg2":
                from device.screens.teg2 import Track as track
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
        if st.rs == "teg2" and (stage == S.COUNT or (stage == S.PLACE and st.tally is not None)):
            from device.screens import objectives as obj
            (obj.press_count if stage == S.COUNT else obj.press_tokens)(self, b, kind)
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
            if st.rs == "teg2" and st.rnd == 0:  # the tokens are placed: their code can go
                from device.app import forget
                forget("device.screens.objectives", "comando.rulesets.teg2.tally")
            ev = app.act({"t": "round"})
            if ev and st.rs == "revancha":
                app.push(screen(app, "Situation"))
            elif ev and st.rs == "teg2":
                app.push(screen(app, "Grants"))
        elif stage == S.CRISIS and b in (OK, ROLL):
            if app.act({"t": "crisis"}):
                app.push(screen(app, "CrisisResult"))
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
                    app.push(screen(app, "BattleSetup"))
                else:
                    app.push(screen(app, "Dice"))
            elif b == OK:  # the most frequent action at the table: one press (undo in the menu)
                app.act({"t": "end", "p": st.cur})
        elif stage == S.OVER and b == OK:
            app.push(main_menu(app))

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
