"""The turn screen: whose turn and what the table does next, by the session's stage, and its
menu (the menu's "who is out?" picker is device.screens.eliminate)."""

from comando import session as S
from device import ui
from device.buttons import PRESS
from device.hal import UP, DOWN, OK, BACK, ROLL
from device.screens import screen
from device.screens.base import (Screen, Menu, Confirm, RULESET_NAMES, is_step, held_counts,
                                 reinforce)
from device.screens.base import main_items, main_menu, colour_name
from comando.texts import say


def turn_of(rnd, k, n):
    """The header's right side: "turn 2/4" when the round number leaves room for it."""
    line = say("tu_turn") % (k, n)
    return line if len(say("tu_round") % rnd) + len(line) <= 15 else "%d/%d" % (k, n)


class Turn(Screen):
    """Whose turn and what the table does next, by the session's stage: a ``draw_<stage>`` and a
    ``press_<stage>`` method each. OK does the obvious next step (start the round, end a
    placement) or opens the menu during a turn. T.E.G., WAR and Risk play this screen as it is;
    a ruleset with stages or lines of its own subclasses it in its screen module (WHERE_TURN)."""

    name = staticmethod(colour_name)  # a seat on screen: its colour (T.E.G. II: its power)
    attack = "Dice"           # the screen ROLL opens during a turn
    armies = True             # the turn menu offers the Armies to place calculator

    def __init__(self, app):
        Screen.__init__(self, app)
        self.turn = None  # ((round, turn index), rolls when the turn was first shown)
        self.pick = 0     # the winner at time, as dialled (a game clock's end)

    @property
    def live(self):
        """A clocked game's screen is redrawn twice a second: its countdown moves."""
        return self.app.state.clock is not None

    def draw(self, fb):
        st = self.app.state
        ck = st.clock
        if ck is not None:
            from device import clockview
            if st.stage == S.ROUND and ck["due"]:
                clockview.draw_closing(fb, st)
                return
            if st.stage == S.OVER and ck["at"] and st.winner < 0:
                clockview.draw_at_time(fb, st, self.pick % st.n, self.name)
                return
        fn = getattr(self, "draw_" + str(st.stage), None)
        if fn is not None:
            fn(fb, st, ("R%d" % st.rnd) if st.rnd else "")
        if ck is not None and st.stage != S.OVER:
            from device import clockview
            clockview.header_clock(fb, self.app, st)
            if st.stage == S.ROUND and ck["last"]:
                clockview.last_roll(fb, st)

    def draw_open(self, fb, st, right):
        ui.header(fb, RULESET_NAMES[st.rs], right)
        ui.center(fb, say("tu_who"), 16)
        ui.center(fb, say("tu_all"), 28)
        ui.footer(fb, say("tu_roll"))

    def draw_place(self, fb, st, right):
        cur = st.cur
        ui.header(fb, say("tu_placing"), right)
        ui.center(fb, self.name(st.colours[cur]), 13, 2)
        self.place_line(fb, st)
        if self.app.note:
            fb.text(ui.fit(self.app.note, 16), 0, 44, 1)
        ui.footer(fb, say("ok_done"))

    def place_line(self, fb, st):
        n = S.placement_armies(st)
        if n is not None:
            ui.center(fb, say("tu_places") % n, 33)
        else:
            ui.center(fb, say("tu_placesn"), 33)

    def draw_round(self, fb, st, right):
        ui.header(fb, RULESET_NAMES[st.rs], right)
        rnd = say("tu_round") % (st.rnd + 1)
        ui.center(fb, rnd, 14, 2 if ui.width(rnd, 2) <= ui.W else 1)
        self.round_line(fb, st)
        ui.footer(fb, say("tu_start"))

    def round_line(self, fb, st):
        if self.app.note:
            fb.text(ui.fit(self.app.note, 16), 0, 36, 1)

    def draw_turn(self, fb, st, right):
        # whose turn, next, the phase of the turn, the armies to place (dialled: UP/DOWN)
        cur = st.cur
        n = len(st.order)
        name = self.name
        if st.clock is None:
            ui.header(fb, say("tu_round") % st.rnd, turn_of(st.rnd, st.ti + 1, n))
        else:   # the title bar's right end is the clock's (device.clockview)
            ui.header(fb, "R%d %d/%d" % (st.rnd, st.ti + 1, n))
        ui.center(fb, name(st.colours[cur]), 10, 2)
        nxt = st.order[st.ti + 1] if st.ti + 1 < n else None
        fb.text(say("tu_next"), 0, 27, 1)
        fb.text(ui.fit(name(st.colours[nxt]), 10) if nxt is not None else say("tu_newrnd"), 44, 27, 1)
        ui.tight(fb, self.phase_line(st, cur), 0, 36)
        k = self.held(cur)
        ui.tight(fb, say("tu_held") % (k, reinforce(self.app, cur, k)), 0, 45)
        ui.footer(fb, say("tu_foot"))

    def phase_line(self, st, cur) -> str:
        return self.phase()

    def draw_over(self, fb, st, right):
        ui.header(fb, say("tu_over"), right)
        if st.winner >= 0:
            ui.center(fb, self.name(st.colours[st.winner]), 16, 2)
            ui.center(fb, say("tu_wins"), 36)
        else:
            self.over_body(fb, st)
        ui.footer(fb, say("ok_menu"))

    def over_body(self, fb, st):
        """The game-over screen without a winner (T.E.G. II: the final war potentials)."""

    def phase(self) -> str:
        """The phase of the turn as the session knows it (comando.session: rolls, carded): the
        turn opens by adding armies (not in the first round of hostilities of T.E.G. and La
        Revancha: teg-classic.txt "6. Continuation of the Game"), then attacks and regroups, then
        the country card."""
        st = self.app.state
        key = (st.rnd, st.ti)
        if self.turn is None or self.turn[0] != key:
            self.turn = (key, st.rolls)  # the rolls counted when this turn was first shown
        if st.carded:
            return say("ph_card")
        if st.rolls > self.turn[1]:
            return say("ph_attack")
        if st.rnd == 1 and not st.rules.first_round_adds:
            return say("ph_attack")
        return say("ph_add")

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
        ck = st.clock
        if ck is not None and self.clock_button(b, kind, st, ck):
            return
        if kind == PRESS and b == BACK:
            app.push(self.menu() if st.stage == S.TURN else main_menu(app))
            return
        if b in (UP, DOWN) and is_step(kind):
            self.dial(st, 1 if b == UP else -1)
            return
        if kind != PRESS:
            return
        fn = getattr(self, "press_" + str(st.stage), None)
        if fn is not None:
            fn(b, st)

    def clock_button(self, b, kind, st, ck):
        """The clock's screens: the closing roll (ROLL/OK), the winner at time (UP/DOWN, OK).
        True when the press was theirs."""
        if st.stage == S.ROUND and ck["due"]:
            if kind == PRESS and b in (OK, ROLL) and self.app.act({"t": "close"}):
                from device import clockview
                self.app.note = clockview.closing_note(st)
            return kind == PRESS and b != BACK
        if st.stage == S.OVER and ck["at"] and st.winner < 0:
            if b in (UP, DOWN) and is_step(kind):
                step = 1 if b == UP else -1
                for _ in range(st.n):
                    self.pick = (self.pick + step) % st.n
                    if st.alive[self.pick]:
                        break
                return True
            if kind == PRESS and b == OK:
                p = self.pick % st.n
                self.app.push(Confirm(self.app, "Won at time?", "Yes, %s wins" % st.colours[p],
                                      lambda: self.app.act({"t": "win", "p": p})))
                return True
        return False

    def dial(self, st, step):
        """UP/DOWN: during a turn, the countries the player holds (for the armies to place)."""
        if st.stage == S.TURN:
            counts = held_counts(self.app)
            counts[st.cur] = max(1, self.held(st.cur) + step)

    def press_open(self, b, st):
        if b in (OK, ROLL):
            ev = self.app.act({"t": "first"})
            if ev:
                self.app.note = say("tu_first") % colour_name(st.colours[st.first])

    def press_place(self, b, st):
        if b == OK:
            self.app.act({"t": "place", "p": st.cur})

    def press_round(self, b, st):
        if b in (OK, ROLL) and self.app.act({"t": "round"}):
            self.round_started()

    def round_started(self):
        """A round has begun (La Revancha shows its situation card, T.E.G. II its grants)."""

    def press_turn(self, b, st):
        if b == ROLL:
            self.app.push(screen(self.app, self.attack))
        elif b == OK:  # the most frequent action at the table: one press (undo in the menu)
            self.app.act({"t": "end", "p": st.cur})

    def press_over(self, b, st):
        if b == OK:
            self.app.push(main_menu(self.app))

    # -- the turn menu (BACK during a turn) --------------------------------------------------------
    def menu(self):
        app = self.app
        st = app.state
        p = st.cur
        items = [(say("tu_end"), lambda: app.act({"t": "end", "p": p}))]
        items += self.turn_items(st, p)
        items += main_items(app)
        if self.armies and app.board is not None:  # last: the menus' other items keep their place
            items.append((say("tu_armies"), lambda: app.push(screen(app, "Armies"))))
        return Menu(app, self.name(st.colours[p]), items)

    def turn_items(self, st, p):
        app = self.app
        items = [(say("tu_dice"), lambda: app.push(screen(app, "Dice"))),
                 (say("tu_draw"), lambda: app.act({"t": "card", "p": p})),
                 (say("tu_elim"), lambda: app.push(screen(app, "Eliminate")))]
        if not st.rules.claim_error(st):
            items.append((say("tu_wins2") % colour_name(st.colours[p]), lambda: app.push(
                Confirm(app, say("tu_victq"), say("tu_yeswin") % colour_name(st.colours[p]),
                        lambda: app.act({"t": "win", "p": p})))))
        return items
