"""The new-game screen: ruleset, board, players and colours, seat order.

Its own module so that its code leaves the heap once a game is running (``App.new_game`` drops
it); ``device.screens.screen(app, "NewGame")`` imports it on demand.
"""

from comando import session as S
from comando import turns as T
from device import ui
from device.buttons import PRESS, LONG
from device.hal import UP, DOWN, OK, BACK, ROLL
from comando.registry import COLOURS, MAPS
from device.screens.base import Screen, Menu, RULESETS, RULESET_NAMES, is_step, power_name
from device.screens.base import main_items, colour_name
from comando.texts import say


LEVELS = ("basic", "medium", "advanced")
# The Map field: off (the table session: dice and turns), on (the device plays the game on the
# map and is the card deck), own deck (on the map; the players draw from the table's deck and dial
# the card drawn: the engine's option deck=1); then, off the map, the table's own dice (the
# table session's option dice: the table's losses, or its faces for the luck chart; issue 26), and
# on the map with the table's dice (the engine's option dice)
MAP_MODES = ("mm_off", "mm_on", "mm_deck", "mm_tdice", "mm_tface", "mm_mdice",
             "mm_mface")   # (texts keys: said when drawn)
MAP_HINTS = ("mh_off", "mh_on", "mh_deck", "mh_tdice", "mh_tface", "mh_mdice", "mh_mface")
# the Map field's values in UP order (MAP_MODES' order): (map mode, dice: 0 the device's,
# 1 table, 2 table-faces)
MAP_STEPS = ((0, 0), (1, 0), (2, 0), (0, 1), (0, 2), (1, 1), (1, 2))
DICE = ("device", "table", "table-faces")
LEVEL_WORDS = ("lv_basic", "lv_medium", "lv_adv")
# The game clock, set by UP/DOWN on the start field (comando.clock; the closing roll is the end
# at a time limit): its label, its options
CLOCKS = (("no clock", ()), ("30m+closing roll", (("limit", 1800),)),
          ("60m+closing roll", (("limit", 3600),)),
          ("90m+closing roll", (("limit", 5400),)),
          ("2 min per turn", (("turn", 120),)),
          ("90m+roll+3m/turn", (("limit", 5400), ("turn", 180))))
TEG2_PLAYERS = (2, 3, 4, 5, 6, 8, 10, 12)  # 8-12: pairs on both boards (teg-ii.txt, Variants)
# T.E.G. II's board field: the board (its Objectives Table's rows), or the whole world map
TEG2_MAPS = (("ng_americ", "teg2_americas", ()), ("ng_oldw", "teg2_old_world", (("rows", 10),)),
             ("ng_world", None, (("map", "world"),)))


def teg2_seats(n):
    """The seats of an n-player T.E.G. II game: 8-12 players sit a power on each board."""
    if n > 6:
        from comando.rulesets.teg2.pairs import seats
        return seats(T.TEG2_POWERS, n)
    return T.teg2_powers(n)


class NewGame(Screen):
    """Ruleset, players and colours, seat order, map mode. OK steps through the fields; ROLL
    starts from any field (a table that only wants dice presses nothing more than before: the Map
    field comes after the seats and is off by default)."""

    FIELDS = ("ruleset", "players", "board", "seats", "map", "start")
    SEATS = 3
    MAP = 4
    START = 5

    def __init__(self, app):
        Screen.__init__(self, app)
        self.rs = 0
        self.n = 4
        self.field = 0
        self.seat = 0
        self.use_board = 1  # the ruleset's shipped board; 0: no map, the table plays by counts
        self.level = 0  # T.E.G. II: basic, medium, advanced; +3 hidden objectives (the seats field)
        self.map = -1       # Risk: which of the twelve maps (rulesets/risk/maps.py); -1: World
        # map mode, the device plays the game on the map with the engine (device.mapmode): 0 off
        # (the default), 1 on, 2 on with the table's own card deck (MAP_MODES)
        self.mapmode = 0
        self.dice = 0       # DICE's index: the table session's dice (the Map field, off the map)
        self.maps = None
        self.t2map = 0  # T.E.G. II: TEG2_MAPS' index
        self.clock = 0  # CLOCKS' index (UP/DOWN on the start field)
        self.cols = list(self.palette()[:self.n])
        self.bots = [0] * len(self.cols)   # 1: the engine's bot plays the seat (map mode)
        self.backed = None  # (seat): the seat a BACK press left; its hold's LONG comes back

    def maps_of(self):
        """The maps module of a ruleset of the registry's MAPS (comando.rulesets.<id>.maps)."""
        return __import__("comando.rulesets.%s.maps" % self.ruleset(), None, None, ("ids",))

    def risk_maps(self):
        if self.maps is None:
            try:
                self.maps = self.maps_of().ids()
            except (OSError, ValueError):  # no World board on the device: World alone
                self.maps = ["risk"]
            if self.map < 0:
                self.map = self.maps.index("risk") if "risk" in self.maps else 0
        return self.maps

    def board_id(self):
        if not self.use_board:
            return None
        if self.powers():
            return None if self.n > 6 else TEG2_MAPS[self.t2map][1]
        if self.ruleset() in MAPS:
            maps = self.risk_maps()
            return maps[self.map]
        from comando.registry import BOARDS
        return BOARDS.get(self.ruleset())

    def map_ok(self):
        """Map mode is offered for the rulesets whose map game the device's map screen plays
        (the engine's, seated by colour: T.E.G., La Revancha, WAR, Risk; not T.E.G. II)."""
        from comando.registry import ENGINE
        return self.ruleset() in ENGINE and not self.powers()

    def step_map(self, step):
        if not self.map_ok():
            self.mapmode = 0
            return
        cur = (self.mapmode, self.dice)
        i = MAP_STEPS.index(cur) if cur in MAP_STEPS else 0
        self.mapmode, self.dice = MAP_STEPS[(i + step) % len(MAP_STEPS)]
        if self.mapmode and not self.use_board:
            self.use_board = 1   # a map game needs its board
            if self.ruleset() in MAPS:
                self.map = -1
                self.maps = None
                self.risk_maps()

    def step_board(self, step):
        """UP/DOWN on the board field: the ruleset's board or no map (the table plays by
        counts); Risk: each of its twelve maps in the rulebook's order, then no map. No map
        turns map mode off. T.E.G. II: its boards, no map, then map mode here (its own field)."""
        if self.powers():  # T.E.G. II: the Americas, the Old World, the world, no map, map mode
            if self.n > 6:
                return  # both boards, one device
            order = ((1, 0, 0), (1, 0, 1), (1, 0, 2), (0, 0, 0), (1, 1, 0))
            cur = (self.use_board, self.mapmode, self.t2map if self.use_board else 0)
            i = order.index(cur) if cur in order else 0
            self.use_board, self.mapmode, self.t2map = order[(i + step) % len(order)]
            return
        if self.ruleset() not in MAPS:
            self.use_board = 1 - self.use_board
            if not self.use_board:
                self.mapmode = 0
            return
        k = len(self.risk_maps()) + 1  # (sets self.map first)
        pos = ((self.map if self.use_board else k - 1) + step) % k
        self.use_board = 1 if pos < k - 1 else 0
        self.map = pos if self.use_board else 0
        if not self.use_board:
            self.mapmode = 0

    def board_label(self):
        if self.powers() and self.use_board and not self.mapmode:
            return say("ng_2boards") if self.n > 6 else say(TEG2_MAPS[self.t2map][0])
        bid = _short_id(self.board_id())
        if bid and self.mapmode and self.powers():
            return bid + ":map"   # T.E.G. II's map mode is on its board field
        return bid or say("ng_nomap")

    def ruleset(self):
        return RULESETS[self.rs]

    def powers(self):
        """True when the ruleset seats powers in a fixed order (T.E.G. II), not colours."""
        return self.ruleset() not in COLOURS

    def palette(self):
        if self.powers():
            return teg2_seats(self.n if self.n >= 2 else 2)
        return COLOURS[self.ruleset()]

    def reset_colours(self):
        self.cols = list(self.palette()[:self.n]) if not self.powers() else list(self.palette())
        self.bots = [0] * len(self.cols)
        self.seat = 0

    def draw(self, fb):
        self.app.speak(self.ruleset())   # auto: the language of the game on the Game field
        ui.header(fb, say("mn_new"), say("ng_of") % (self.field + 1))
        rs = self.ruleset()
        rows = ((say("ng_game"), RULESET_NAMES[rs]), (say("ng_players"), str(self.n)),
                (say("ng_board"), self.board_label()))
        for i, (k, v) in enumerate(rows):
            y = 11 + i * 9
            sel = self.field == i
            fb.text(k, 0, y, 1)
            if sel:
                fb.fill_rect(62, y - 1, 66, 9, 1)
            fb.text(ui.fit(v, 8), 64, y, 0 if sel else 1)
        if self.field >= self.MAP and not self.powers():
            # the map field in the seats' place (they were set on the field before)
            sel = self.field == self.MAP
            fb.text(say("ng_map"), 0, 38, 1)
            if sel:
                fb.fill_rect(62, 37, 66, 9, 1)
            cur = (self.mapmode, self.dice)
            m = MAP_STEPS.index(cur) if cur in MAP_STEPS else 0
            fb.text(ui.fit(say(MAP_MODES[m]), 8), 64, 38, 0 if sel else 1)
            if not self.clock_line(fb):
                ui.tight(fb, say(MAP_HINTS[m]) if self.map_ok() else say("ng_nomapm"), 0, 47)
            self.foot(fb, rs)
            return
        if self.powers():  # the powers play in the book's order: the seats field is the level
            sel = self.field == self.SEATS
            fb.text(say("ng_level"), 0, 38, 1)
            if sel:
                fb.fill_rect(62, 37, 66, 9, 1)
            fb.text(say(LEVEL_WORDS[self.level % 3]), 64, 38, 0 if sel else 1)
            if not self.clock_line(fb):
                fb.text(say("ng_hidden") if self.level >= 3 else
                        ui.fit(" ".join(power_name(c)[:3] for c in self.cols[:6]), 16), 0, 47, 1)
            self.foot(fb, rs)
            return
        # seats in clockwise order: numbered, two to a row up to four players, else three to a
        # row (names cut to 5); the selected seat inverted when editing
        per = 2 if len(self.cols) <= 4 else 3
        w = 128 // per
        for i, c in enumerate(self.cols):
            label = power_name(c) if self.powers() else colour_name(c).lower()
            bot = i < len(self.bots) and self.bots[i]   # a bot's seat: "*" (held BACK)
            label = ui.fit("%d%s%s" % (i + 1, "*" if bot else " ", label), 8) if per == 2 else \
                ui.fit(("*" if bot else "") + label, 5)
            x = (i % per) * w
            y = 37 + (i // per) * 8
            tx = x + (per == 3)  # two to a row: 8 characters fill the half exactly
            if self.field == self.SEATS and i == self.seat:
                fb.fill_rect(x, y - 1, w - 1, 9, 1)
                fb.text(label, tx, y, 0)
            else:
                fb.text(label, tx, y, 1)
        self.foot(fb, rs)

    def clock_line(self, fb):
        """The start field's clock line (once a clock is dialled): True when drawn."""
        if self.field != self.START or not self.clock:
            return False
        fb.fill_rect(0, 46, 128, 8, 1)
        ui.center(fb, CLOCKS[self.clock][0], 46, c=0)
        return True

    def foot(self, fb, rs):
        if self.field == self.START:
            ui.footer(fb, say("ng_start"))
        elif self.field == self.SEATS:
            ui.footer(fb, say("ng_lvnext") if self.powers() else say("ng_colnext"))
        elif self.field == self.MAP:
            ui.footer(fb, say("ng_mapnext"))
        else:
            ui.footer(fb, say("ng_next"))

    def button(self, b, kind):
        backed, self.backed = self.backed, None
        if b == BACK and kind == LONG and backed is not None:
            # a hold of BACK on a seat: its PRESS stepped back a field; the seat becomes the
            # bot's (again: a human's) and the seats field comes back
            self.field, self.seat = self.SEATS, backed
            self.bots[backed] = 1 - self.bots[backed]
        elif b == ROLL and kind == PRESS or b == OK and kind == LONG:
            self.start()
        elif b == BACK and kind == PRESS:
            self.back()
        elif b == OK and kind == PRESS:
            self.ok()
        elif is_step(kind) and b in (UP, DOWN):
            self.step_field(1 if b == UP else -1)

    def back(self):
        """BACK: the field before, or out (home, or the menu when there is no game yet). On a
        seat it remembers which, for a hold of BACK (the seat's bot)."""
        if self.field == self.SEATS and not self.powers():
            self.backed = self.seat
        if self.field > 0:
            self.field -= 1
            if self.field == self.MAP and not self.map_ok():
                self.field -= 1
        elif self.app.state.stage is not None:
            self.app.home()
        else:  # no game yet: settings, hardware (OLED kind, self-test), sync
            self.app.push(Menu(self.app, say("mn_menu"), main_items(self.app, new_game=False)))

    def ok(self):
        """OK: the next seat's colour, the next field, or the start."""
        if self.field == self.SEATS and not self.powers() and self.seat < self.n - 1:
            self.seat += 1
            return
        if self.field == self.START:
            self.start()
            return
        self.field += 1
        if self.field == self.SEATS:
            self.seat = 0
        if self.field == self.MAP and not self.map_ok():
            self.field += 1   # T.E.G. II: no map mode on this screen

    def step_field(self, step):
        """UP (+1) / DOWN (-1) on the field the cursor is on."""
        if self.field == self.START:
            self.clock = (self.clock + step) % len(CLOCKS)
            return
        if self.field == 0:
            self.rs = (self.rs + step) % len(RULESETS)
            self.n = max(2, min(6, self.n))
            if self.mapmode and not self.map_ok():
                self.mapmode = 0
            self.reset_colours()
        elif self.field == 1:
            self.step_players(step)
        elif self.field == 2:
            self.step_board(step)
        elif self.field == self.MAP:
            self.step_map(step)
        elif self.field == self.SEATS and self.powers():
            # basic, medium, advanced, then the same with hidden objectives
            self.level = (self.level + step) % (2 * len(LEVELS))
        elif self.field == self.SEATS:
            self.step_colour(step)

    def step_players(self, step):
        if self.powers():
            i = TEG2_PLAYERS.index(self.n) if self.n in TEG2_PLAYERS else 2
            self.n = TEG2_PLAYERS[(i + step) % len(TEG2_PLAYERS)]
            if self.n > 6:  # both boards on this device: no map mode, no board file
                self.use_board, self.mapmode = 1, 0
        else:
            self.n = 2 + (self.n - 2 + step) % 5
        self.reset_colours()

    def step_colour(self, step):
        # the seat's colour cycles through the colours nobody else has taken
        pal = self.palette()
        cur = pal.index(self.cols[self.seat])
        for k in range(1, len(pal) + 1):
            c = pal[(cur + step * k) % len(pal)]
            if c not in self.cols:
                self.cols[self.seat] = c
                break

    def start(self):
        rs = self.ruleset()
        opts = {}
        for k, v in CLOCKS[self.clock][1]:
            opts[k] = v
        if self.powers():
            cols = list(teg2_seats(self.n))
            opts["players"] = self.n
            if self.n <= 6 and self.use_board and not self.mapmode:
                for k, v in TEG2_MAPS[self.t2map][2]:
                    opts[k] = v
            if self.level % 3:
                opts["level"] = LEVELS[self.level % 3]
            if self.level >= 3:
                opts["secret"] = 1
        else:
            cols = list(self.cols)
            if self.dice and not self.mapmode:
                opts["dice"] = DICE[self.dice]
            bots = [i for i in range(len(cols)) if i < len(self.bots) and self.bots[i]]
            if bots and not self.mapmode:
                opts["bots"] = bots   # the table session refuses it: a bot needs the map
        bid = self.board_id()
        if bid and rs in MAPS:
            # "If the room fills past that cap, the game opens on the smallest map the whole
            # table fits on": the table session gets that map, its size and its seat cap
            from comando.errors import RulesError
            try:
                h = self.maps_of().table_map(len(cols), bid)
            except (RulesError, OSError, ValueError) as exc:
                self.app.show_toast(str(exc), 3500)
                return
            opts["territories"] = h.n
            opts["seats"] = h.seats
            bid = h.id
        if bid and self.mapmode and (self.map_ok() or self.powers()):
            from device.mapmode import new_action
            mo = {}
            for k, v in CLOCKS[self.clock][1]:
                mo[k] = v
            if self.mapmode == 2:
                mo["deck"] = 1
            if self.dice:   # the table's own dice on the map (comando.table_dice)
                mo["dice"] = DICE[self.dice]
            self.app.new_game(new_action(rs, bid, cols, mo or None, self.bots))
            return
        if bid:
            opts["board"] = bid
        self.app.new_game(S.new_session(rs, cols, opts or None))


def _short_id(bid):
    """A board id as the 8-character field shows it: Risk's maps without their prefix."""
    return bid[5:] if bid and bid.startswith("risk_") else bid
