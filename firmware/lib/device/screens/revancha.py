"""La Revancha's screens: its turn screen (the situation card rules the round: the crisis roll,
extra reinforcements), the situation card of the round and the crisis roll."""

from comando import session as S
from comando.rulesets.revancha import situations as SIT
from device import ui
from device.buttons import PRESS
from device.hal import OK, BACK, ROLL
from device.screens import screen
from device.screens.base import Screen, cap
from device.screens import turn


class Turn(turn.Turn):
    """The turn screen with La Revancha's stages: CRISIS (everybody rolls) and EXTRA (each
    player dials the countries held and adds the extra reinforcements)."""

    def __init__(self, app):
        turn.Turn.__init__(self, app)
        self.countries = 10  # extra reinforcements: countries held

    def round_line(self, fb, st):
        ui.center(fb, "situation card", 36)

    def round_started(self):
        self.app.push(screen(self.app, "Situation"))

    def phase_line(self, st, cur):
        if st.sit >= 0:  # the situation card rules the round
            return (ui.fit(SIT.label(st.sit), 8) + " no card") if cur in st.barred \
                else ui.fit(SIT.label(st.sit), 16)
        return self.phase()

    def draw_crisis(self, fb, st, right):
        ui.header(fb, "CRISIS", right)
        ui.center(fb, "everybody rolls", 16)
        ui.center(fb, "lowest: no card", 28)
        ui.footer(fb, "OK/ROLL: roll")

    def press_crisis(self, b, st):
        if b in (OK, ROLL) and self.app.act({"t": "crisis"}):
            self.app.push(screen(self.app, "CrisisResult"))

    def draw_extra(self, fb, st, right):
        cur = st.cur
        ui.header(fb, "Extra armies", right)
        fb.text(ui.fit(cap(st.colours[cur]), 8), 0, 12, 1)
        fb.text("countries", 0, 22, 1)
        ui.big(fb, str(self.countries), 80, 12, 2)
        ui.center(fb, "adds %d" % SIT.extra_armies(self.countries), 36)
        ui.footer(fb, "^v count OK:add")

    def dial(self, st, step):
        if st.stage == S.EXTRA:
            self.countries = max(1, self.countries + step)
        else:
            turn.Turn.dial(self, st, step)

    def press_extra(self, b, st):
        if b == OK:
            self.app.act({"t": "extra", "p": st.cur, "c": self.countries})


class Situation(Screen):
    """La Revancha: the situation card of the round and what it does."""

    def draw(self, fb):
        st = self.app.state
        ui.header(fb, "Situation card")
        if st.sit < 0:
            ui.center(fb, "none", 24)
            ui.footer(fb, "OK: back")
            return
        label = SIT.label(st.sit)
        ui.center(fb, ui.fit(label, 16), 13, 2 if len(label) <= 8 else 1)
        # 18 characters a line (ui.tight): the whole description in three lines
        ui.paragraph(fb, SIT.describe(st.sit), 29 if len(label) <= 8 else 23, 3, 18)
        ui.footer(fb, "OK: play the round")

    def button(self, b, kind):
        if kind == PRESS and b in (OK, BACK, ROLL):
            self.app.pop()


class CrisisResult(Screen):
    def draw(self, fb):
        st = self.app.state
        ui.header(fb, "Crisis roll")
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
