"""La Revancha's turn screen: the situation card rules the round (the crisis roll, extra
reinforcements). The card's screen and the crisis roll's are device.screens.situation."""

from comando import session as S
from comando.rulesets.revancha import situations as SIT
from device import ui
from device.hal import OK, ROLL
from device.screens import screen
from device.screens.base import colour_name
from device.screens import turn
from comando.texts import say


class Turn(turn.Turn):
    """The turn screen with La Revancha's stages: CRISIS (everybody rolls) and EXTRA (each
    player dials the countries held and adds the extra reinforcements)."""

    def __init__(self, app):
        turn.Turn.__init__(self, app)
        self.countries = 10  # extra reinforcements: countries held

    def round_line(self, fb, st):
        ui.center(fb, say("rv_card"), 36)

    def round_started(self):
        self.app.push(screen(self.app, "Situation"))

    def phase_line(self, st, cur):
        if st.sit >= 0:  # the situation card rules the round
            from device.screens.situation import card_label
            label = card_label(st.sit)
            return say("rv_nocard") % ui.fit(label, 8) if cur in st.barred else ui.fit(label, 16)
        return self.phase()

    def draw_crisis(self, fb, st, right):
        ui.header(fb, "CRISIS", right)
        ui.center(fb, say("tu_all"), 16)
        ui.center(fb, say("rv_lowest"), 28)
        ui.footer(fb, say("tu_roll"))

    def press_crisis(self, b, st):
        if b in (OK, ROLL) and self.app.act({"t": "crisis"}):
            self.app.push(screen(self.app, "CrisisResult"))

    def draw_extra(self, fb, st, right):
        cur = st.cur
        ui.header(fb, say("rv_extra"), right)
        fb.text(ui.fit(colour_name(st.colours[cur]), 8), 0, 12, 1)
        fb.text(say("rv_ctry"), 0, 22, 1)
        ui.big(fb, str(self.countries), 80, 12, 2)
        ui.center(fb, say("rv_adds") % SIT.extra_armies(self.countries), 36)
        ui.footer(fb, say("rv_count"))

    def dial(self, st, step):
        if st.stage == S.EXTRA:
            self.countries = max(1, self.countries + step)
        else:
            turn.Turn.dial(self, st, step)

    def press_extra(self, b, st):
        if b == OK:
            self.app.act({"t": "extra", "p": st.cur, "c": self.countries})
