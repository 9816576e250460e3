"""The turn menu's "who is out?" picker: a screen of its own module, loaded when the menu opens it
and dropped once it has closed (an elimination happens a few times a game: its code is not kept
in the heap for the rest of it)."""

from device import ui
from device.buttons import PRESS
from device.hal import UP, DOWN, OK, BACK
from device.screens.base import Screen, is_step, colour_name
from comando.texts import say


class Eliminate(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        st = app.state
        self.choices = [s for s in range(st.n) if st.alive[s] and s != st.cur]
        self.sel = 0

    def draw(self, fb):
        st = self.app.state
        ui.header(fb, say("el_who"))
        ui.menu(fb, [colour_name(st.colours[s]) for s in self.choices], self.sel)

    def button(self, b, kind):
        st = self.app.state
        if b in (UP, DOWN) and is_step(kind):
            self.sel = (self.sel + (1 if b == DOWN else -1)) % len(self.choices)
        elif b == OK and kind == PRESS:
            self.app.pop()
            self.app.act({"t": "out", "p": self.choices[self.sel], "by": st.cur})
            _drop()
        elif b == BACK and kind == PRESS:
            self.app.pop()
            _drop()


def _drop():
    # (the screen is off the stack: its module's code can go; device.app.forget)
    from device.app import forget
    forget("device.screens.eliminate")
