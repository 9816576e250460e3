"""T.E.G. II's turn screen: the objective tokens placed, ADD (every power adds its armies by war
potential; ROLL takes an offered rocket), turns of battles (ROLL opens a battle command), the
final count and the winner. A module of its own, beside the battle screens (device.screens.teg2,
dropped when the rounds end) and the tokens' screens (device.screens.objectives)."""

from comando import session as S
from comando.rulesets.teg2.table import adds
from device import ui
from device.buttons import PRESS
from device.hal import BACK, OK, ROLL
from device.screens import screen
from device.screens import turn
from device.screens.base import offered, power_name, rockets, su, wp
from comando.texts import say


class Turn(turn.Turn):
    """The turn screen with T.E.G. II's stages: the objectives placed, ADD (every power adds its
    armies by war potential; ROLL takes an offered rocket), turns of battles (ROLL opens a battle
    command), and the final war potentials when the game ends on points."""

    name = staticmethod(power_name)
    attack = "BattleSetup"
    armies = False

    def button(self, b, kind):
        st = self.app.state
        tokens = st.stage == S.COUNT or (st.stage == S.PLACE and st.tally is not None)
        if tokens and not (kind == PRESS and b == BACK):  # the objective tokens: their module
            from device.screens import objectives as obj
            (obj.press_count if st.stage == S.COUNT else obj.press_tokens)(self, b, kind)
            return
        turn.Turn.button(self, b, kind)

    def draw_place(self, fb, st, right):
        if st.tally is not None:
            from device.screens.objectives import draw_tokens
            draw_tokens(self, fb)
        else:
            turn.Turn.draw_place(self, fb, st, right)

    def place_line(self, fb, st):
        fb.text(say("t2_obj") % (st.pround + 1), 8, 33, 1)

    def draw_count(self, fb, st, right):
        from device.screens.objectives import draw_count
        draw_count(self, fb)

    def draw_over(self, fb, st, right):
        from device.screens.objectives import draw_over
        draw_over(fb, st)

    def press_round(self, b, st):
        if b in (OK, ROLL) and st.rnd == 0:  # the tokens are placed: their code can go
            from device.app import forget
            forget("device.screens.objectives", "comando.rulesets.teg2.tally")
        turn.Turn.press_round(self, b, st)

    def round_started(self):
        self.app.push(screen(self.app, "Grants"))

    def draw_add(self, fb, st, right):
        cur = st.cur
        ui.header(fb, say("t2_add"), right)
        ui.center(fb, power_name(st.colours[cur]), 12, 2)
        extra = []
        if su(st, cur):
            extra.append(say("t2_sux") % su(st, cur))
        if offered(st, cur):
            extra.append(say("t2_rockq"))
        elif rockets(st, cur):
            extra.append(say("t2_rockx"))
        ui.center(fb, say("t2_adds") % adds(st, cur), 31)
        if extra:
            ui.center(fb, " ".join(extra), 42)
        ui.footer(fb, say("ok_done"))

    def press_add(self, b, st):
        if b == OK:
            self.app.act({"t": "place", "p": st.cur})
        elif b == ROLL and offered(st, st.cur):
            self.app.act({"t": "rocket", "p": st.cur})

    def draw_turn(self, fb, st, right):
        cur = st.cur
        n = len(st.order)
        name = power_name
        ui.header(fb, say("tu_round") % st.rnd, turn.turn_of(st.rnd, st.ti + 1, n))
        ui.center(fb, name(st.colours[cur]), 12, 2)
        nxt = st.order[st.ti + 1] if st.ti + 1 < n else None
        fb.text(say("tu_next"), 0, 31, 1)
        if nxt is None:  # 8-12 players: board 2 plays after board 1
            nxt_s = say("t2_board2") if st.n > 6 and st.cur < st.n // 2 else say("tu_newrnd")
        else:
            nxt_s = ui.fit(name(st.colours[nxt]), 10)
        fb.text(nxt_s, 44, 31, 1)
        # war potential in words when the line has room
        extra = ([say("t2_su") % su(st, cur)] if su(st, cur) else []) + \
            ([say("t2_rockt")] if rockets(st, cur) else [])
        pot = say(("t2_wp", "t2_pot", "t2_wpab")[min(2, len(extra))])
        ui.tight(fb, " ".join(["%s %d" % (pot, wp(st, cur))] + extra), 0, 42)
        ui.footer(fb, say("t2_foot"))

    def dial(self, st, step):
        pass  # no countries to dial: armies come from the war potential

    def turn_items(self, st, p):
        app = self.app
        items = [("Battle", lambda: app.push(screen(app, "BattleSetup")))]
        if rockets(st, p):
            items.append(("Launch rocket", lambda: app.push(screen(app, "Launch"))))
        items.append(("War potential", lambda: app.push(screen(app, "Track"))))
        return items
