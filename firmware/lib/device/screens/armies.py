"""Armies to place: the countries held (dialled on the turn screen) plus the bonus of each
continent ticked as held here (the loaded board's bonuses). A calculator: nothing is journaled.
Imported when the turn menu opens it, so the turn and dice screens do not carry it in RAM."""

from device import ui
from device.buttons import PRESS
from device.hal import UP, DOWN, OK, BACK
from device.screens.base import Screen, cap, is_step, held_counts, held_continents, reinforce
from comando.texts import say


def continent_label(board, c):
    """A continent in at most 10 plain characters (the font has no accents), from its id:
    america_del_sur -> Am.Sur, north_america -> N.America, oceania -> Oceania."""
    words = [w for w in board.continent_id(c).split("_") if w not in ("del", "do", "de")]
    if len(words) == 1:
        return ui.fit(cap(words[0]), 10)
    head = "Am." if words[0] == "america" else cap(words[0][:1]) + "."
    return ui.fit(head + cap(words[-1]), 10)


class Armies(Screen):
    """Armies to place: UP/DOWN pick a continent, OK ticks it as held (its bonus is added); the
    countries held are dialled with UP/DOWN on the turn screen."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.sel = 0

    def draw(self, fb):
        app = self.app
        st = app.state
        b = app.board
        p = st.cur
        k = held_counts(app)[p]
        k = k if k >= 0 else (b.n // st.n)
        ui.header(fb, say("ar_place") % reinforce(app, p, k))
        mask = held_continents(app)[p]
        items = ["%s %s +%d" % ("x" if mask >> c & 1 else "-", continent_label(b, c),
                                b.continent_bonus(c)) for c in range(b.continents)]
        ui.menu(fb, items, self.sel, rows=3)
        ui.tight(fb, say("ar_held") % k, 0, 44)
        ui.footer(fb, say("ar_foot"))

    def button(self, b, kind):
        app = self.app
        n = app.board.continents
        if b in (UP, DOWN) and is_step(kind):
            self.sel = (self.sel + (1 if b == DOWN else -1)) % n
        elif b == OK and kind == PRESS:
            masks = held_continents(app)
            masks[app.state.cur] ^= 1 << self.sel
        elif b == BACK and kind == PRESS:
            app.pop()
