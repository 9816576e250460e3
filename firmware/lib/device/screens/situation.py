"""La Revancha's situation card of the round (what it does) and the crisis roll: shown once a
round (or from the menu), so a module of their own, loaded when one opens and dropped once it has
closed (their code is not kept in the heap for the rest of the round)."""

from comando.rulesets.revancha import situations as SIT
from device import ui
from device.buttons import PRESS
from device.hal import OK, BACK, ROLL
from device.screens.base import Screen, colour_name
from comando.texts import say


# A card kind's name is texts' sl_<kind> and what it does sd_<kind> (situations.KINDS: a new kind
# needs its two lines, no list here), in the three lines of 18 the screen has (the rules' sit_*
# lines are longer).


def card_label(card):
    """A situation card's name in the table's words ("Nieve", "Descanso: Negro")."""
    k = SIT.kind(card)
    if k == SIT.REST:
        return say("sl_rest") % colour_name(SIT.rest_colour(card))
    return say("sl_" + SIT.KINDS[k])


class Situation(Screen):
    """La Revancha: the situation card of the round and what it does."""

    def draw(self, fb):
        st = self.app.state
        ui.header(fb, say("si_title"))
        if st.sit < 0:
            ui.center(fb, say("si_none"), 24)
            ui.footer(fb, say("ok_back"))
            return
        kind = SIT.kind(st.sit)
        if kind == SIT.REST:   # the colour that rests, in the table's words
            c = colour_name(SIT.rest_colour(st.sit))
            label = say("sl_rest") % c
            line = say("sd_rest") % c
        else:
            label = say("sl_" + SIT.KINDS[kind])
            line = say("sd_" + SIT.KINDS[kind])
        ui.center(fb, ui.fit(label, 16), 13, 2 if len(label) <= 8 else 1)
        # 18 characters a line (ui.tight): the whole description in three lines
        ui.paragraph(fb, line, 29 if len(label) <= 8 else 23, 3, 18)
        ui.footer(fb, say("si_play"))

    def button(self, b, kind):
        if kind == PRESS and b in (OK, BACK, ROLL):
            self.app.pop()
            _drop()


class CrisisResult(Screen):
    def draw(self, fb):
        st = self.app.state
        ui.header(fb, say("si_crisis"))
        x = 0
        y = 12
        for s in range(st.n):
            if not st.alive[s]:
                continue
            fb.text(ui.fit(colour_name(st.colours[s]).lower(), 6), x, y + 3, 1)
            ui.die(fb, x + 48, y, st.crisis[s], solid=s not in st.barred, size=12)
            y += 14
            if y > 44:
                y = 12
                x = 66
        ui.footer(fb, say("si_nocard"))

    def button(self, b, kind):
        if kind == PRESS:
            self.app.pop()
            _drop()


def _drop():
    # (the screen is off the stack: its module's code can go; device.app.forget)
    from device.app import forget
    forget("device.screens.situation")
