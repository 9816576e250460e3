"""The screens' common ground: the Screen and Menu classes, the helpers every screen uses, the
armies calculator's counts and the home screen. A leaf: it imports no other screen module.

Buttons: UP/DOWN change the value or selection, OK confirms / opens the menu, BACK goes back,
ROLL is the big button (roll, roll again). A long ROLL attacks until conquest (or the stop).
Each screen draws the whole 128x64 frame; the driver sends only what changed.
"""

from comando.registry import IDS, NAMES, POWERS, POWER_NAMES
# (not comando.turns: a map game does not hold the table session's turn order, issue 22)
from comando.rulebook_armies import reinforcements
from device import ui
from device.buttons import PRESS, LONG, REPEAT
from device.hal import UP, DOWN, OK, BACK
from device.screens import screen
from comando.texts import say

# the registry's (comando.rulesets): ids in menu order, short names, colours
RULESETS = IDS
RULESET_NAMES = NAMES


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
    powers = POWERS["teg2"]
    if colour in powers:
        return POWER_NAMES["teg2"][powers.index(colour)]
    if colour[-1:] == "2" and colour[:-1] in powers:  # 8-12 players: board 2's seat
        return power_name(colour[:-1]) + " 2"
    return colour_name(colour)


def colour_name(colour):
    """A colour as the table says it (texts: c_<colour>), capitalised."""
    t = say("c_" + colour)
    return cap(colour if t[:2] == "c_" else t)


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
    if app.map:
        return screen(app, "MapTurn")
    if app.state.stage is None:
        return screen(app, "NewGame")
    from comando.session import BATTLE   # (a table game's: a map game does without it)
    if app.state.stage == BATTLE:
        return screen(app, "Battle")
    from device.screens import TURN, module
    return __import__(module(TURN.get(app.state.rs, "turn")), None, None, ("Turn",)).Turn(app)

# ---------------------------------------------------------------------------------------------
class Menu(Screen):
    """A list of (label, callable) items; OK runs one, BACK closes."""

    title = ""
    def __init__(self, app, title, items, long_back=None):
        Screen.__init__(self, app)
        self.long_back = long_back   # what a hold of BACK does once its PRESS opened this menu
        self.title = title
        self.items = items
        self.sel = 0

    def draw(self, fb):
        ui.header(fb, self.title)
        ui.menu(fb, [it[0] for it in self.items], self.sel, rows=4)
        ui.footer(fb, say("mn_pick"))

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
        elif b == BACK and kind == LONG and self.long_back is not None:
            # a hold of BACK: its PRESS opened this menu, its LONG is the screen's below (the
            # map screen's hint)
            self.app.pop()
            self.long_back()


class Confirm(Menu):
    def __init__(self, app, title, what, fn):
        Menu.__init__(self, app, title, ((say("mn_no"), lambda: None), (what, fn)))

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
    """Armies to place: comando.rulebook_armies.reinforcements (the rulebooks' divisor and minimum) plus the
    bonus of each continent ticked on the Armies screen (the loaded board's bonuses)."""
    b = app.board
    bonus = 0
    mask = held_continents(app)[seat]
    if b is not None:
        for c in range(b.continents):
            if mask >> c & 1:
                bonus += b.continent_bonus(c)
    return reinforcements(app.state.rs, countries, bonus)


def main_items(app, new_game=True):
    items = []
    if app.state.at > 1:
        items.append((say("mn_undo"), lambda: undo(app)))
    if app.state.sit >= 0:  # La Revancha: the round's situation card
        items.append((say("mn_sit"), lambda: app.push(screen(app, "Situation"))))
    if app.state.track:  # T.E.G. II: the war-potential track
        items.append((say("mn_wp"), lambda: app.push(screen(app, "Track"))))
    items += [(say("mn_sync"), lambda: app.push(screen(app, "Sync"))),
              (say("mn_set"), lambda: app.push(screen(app, "Settings"))),
              (say("mn_hw"), lambda: app.push(screen(app, "hardware_menu")))]
    if new_game:
        items.append((say("mn_new"), lambda: app.push(Confirm(app, say("mn_newq"), say("mn_yesnew"),
                                                           lambda: app.push(screen(app, "NewGame"))))))
    return items


def main_menu(app):
    return Menu(app, say("mn_menu"), main_items(app))


def undo(app):
    st = app.state
    prev = [seq for seq, _ in st.hist if seq < st.at]
    if not prev:
        app.show_toast(say("mn_none"))
        return
    app.act({"t": "undo", "to": prev[-1]})
    app.home()
