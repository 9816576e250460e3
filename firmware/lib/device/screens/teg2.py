"""T.E.G. II battle command screens: set up a combat, dial three clocks in secret, lock with a
commitment, reveal, show each battle and the war-potential move (rules/teg-ii.txt, "How Combat
Works", "Special Unit", "A Special Case: Retreat").

Secrecy: a player's clocks are on screen only while that player dials them; as soon as the
player locks, the screen shows "locked" and the values are gone. The lock event carries only
``commit(command, nonce)``; the command and nonce stay on the device (secret.json, never
published) until both have locked, then both are revealed and checked by the session.
"""

from comando.rulesets.teg2 import command as C
from comando.rulesets.teg2.table import adds
from device import ui
from device.buttons import PRESS, LONG
from device.hal import UP, DOWN, OK, BACK, ROLL
from device.screens.base import Screen, is_step, main_menu, power_name, offered, su, wp
from comando.texts import say


class BattleSetup(Screen):
    """Region, defender, the armies (and aircraft, at the advanced level) of each side in the
    region. OK: next field; the last OK, or ROLL on any field, declares the combat."""

    FIELDS = ("region", "defender", "att", "def", "att_air", "def_air")

    def __init__(self, app):
        Screen.__init__(self, app)
        st = app.state
        self.field = 0
        self.region = 0
        others = [s for s in st.order if s != st.cur] or [s for s in range(st.n) if s != st.cur]
        self.defender = others[0]
        self.ka = 8
        self.kd = 6
        self.air = [0, 0]

    def regions(self):
        b = self.app.board
        return b.n if b is not None else 50

    def region_name(self, i):
        b = self.app.board
        if b is not None:
            try:
                return b.short(i)
            except Exception:
                return b.cid(i)
        return say("t2_region") % (i + 1)

    def draw(self, fb):
        st = self.app.state
        ui.header(fb, say("t2_battle") % power_name(st.colours[st.cur])[:7])
        a, d = power_name(st.colours[st.cur])[:6], power_name(st.colours[self.defender])[:6]
        armies, air = say("t2_armies"), say("t2_air")
        rows = ((say("t2_where"), self.region_name(self.region)),
                ("vs", power_name(st.colours[self.defender])),
                (a, armies % self.ka), (d, armies % self.kd),
                (a, air % self.air[0]), (d, air % self.air[1]))
        top = 0 if self.field < 5 else 1  # five rows fit; the list scrolls by one for the last
        for i in range(top, top + 5):
            k, v = rows[i]
            y = 10 + (i - top) * 9
            sel = i == self.field
            fb.text(k, 0, y, 1)
            if sel:
                fb.fill_rect(50, y - 1, 78, 9, 1)
            ui.tight(fb, ui.fit(v, 10), 52, y, 0 if sel else 1, 9)
        ui.footer(fb, say("t2_go"))

    def button(self, b, kind):
        app = self.app
        st = app.state
        if b == BACK and kind == PRESS:
            if self.field:
                self.field -= 1
            else:
                app.pop()
        elif b == OK and kind == PRESS and self.field < len(self.FIELDS) - 1:
            self.field += 1
        elif b in (OK, ROLL) and kind == PRESS:
            self.declare()
        elif b in (UP, DOWN) and is_step(kind):
            step = 1 if b == UP else -1
            f = self.FIELDS[self.field]
            if f == "region":
                self.region = (self.region + step) % self.regions()
            elif f == "defender":
                opts = [s for s in st.order if s != st.cur]  # its board's (8-12 players)
                i = opts.index(self.defender)
                self.defender = opts[(i + step) % len(opts)]
            elif f == "att":
                self.ka = max(1, self.ka + step)
            elif f == "def":
                self.kd = max(1, self.kd + step)
            else:  # aircraft: never more than the armies beside them (teg-ii.txt, "Aircraft")
                side = 0 if f == "att_air" else 1
                self.air[side] = max(0, min((self.ka, self.kd)[side], self.air[side] + step))

    def declare(self):
        app = self.app
        st = app.state
        rg = self.app.board.cid(self.region) if self.app.board is not None else "r%d" % (self.region + 1)
        ev = app.act({"t": "declare", "p": st.cur, "d": self.defender, "rg": rg})
        if ev is None:
            return
        app.secret[2] = (self.ka, self.kd, self.air[0], self.air[1])  # beside hidden tokens' secrets
        app.save_secret()
        app.pop()
        app.push(Battle(app))


class Launch(Screen):
    """T.E.G. II: launch the rocket this power holds at a region (any distance); it destroys
    every piece there and moves nobody's war potential (teg-ii.txt, "Nuclear Rocket")."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.setup = BattleSetup(app)  # for its region list

    def rows(self):
        """Without a board (no map, the whole world, 8-12 players) the targets are the rows of
        the seat's Objectives Table, then "elsewhere"; 0 with a board."""
        if self.app.board is not None or not self.app.state.tally:
            return 0
        from comando.rulesets.teg2.tally import rows_of
        return rows_of(self.app.state.tally, self.app.state.cur)

    def target(self, event=False):
        """Where the rocket goes, in the table's words (``event``: as the journal keeps it,
        language-neutral: "table row 3", "elsewhere")."""
        i = self.setup.region
        n = self.rows()
        if not n:
            return self.setup.region_name(i)
        if event:
            return "table row %d" % (i + 1) if i < n else "elsewhere"
        return say("t2_row") % (i + 1) if i < n else say("t2_else")

    def draw(self, fb):
        st = self.app.state
        ui.header(fb, say("t2_rocket") % power_name(st.colours[st.cur])[:7])
        ui.center(fb, say("t2_launch"), 14)
        ui.center(fb, ui.fit(self.target(), 16), 26)
        ui.footer(fb, say("t2_fire"))

    def button(self, b, kind):
        app = self.app
        n = self.rows()
        if b in (UP, DOWN) and is_step(kind):
            k = n + 1 if n else self.setup.regions()
            self.setup.region = (self.setup.region + (1 if b == UP else -1)) % k
        elif b == OK and kind == PRESS:
            board = app.board
            app.pop()
            t = app.state.tally
            if n:  # no map: the table row hit (its tokens score nothing), or none
                i = self.setup.region
                app.act({"t": "launch", "p": app.state.cur, "rg": self.target(True),
                         "row": i + 1 if i < n else 0})
                return
            rg = board.cid(self.setup.region) if board is not None else "r%d" % (self.setup.region + 1)
            # a region of the Objectives Table gets the mushroom's row: its tokens score nothing
            table = board.tables.get("objective_regions") if board is not None else None
            row = table.index(rg) + 1 if table and rg in table else 0
            from comando.rulesets.teg2.tally import rows_of
            app.act({"t": "launch", "p": app.state.cur, "rg": rg,
                     "row": row if t and row <= rows_of(t, app.state.cur) else 0})
        elif b == BACK and kind == PRESS:
            app.pop()


class Battle(Screen):
    """The declared combat: retreat or fight, then each side's command in turn, then the result."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.dial = None
        self.result = None
        self.asked = False  # the defender chose to fight

    def side_seat(self, side):
        b = self.app.state.battle
        return b["a"] if side == 0 else b["d"]

    def ks(self):
        v = self.app.secret.get(2)
        return (v[0], v[1]) if v else (8, 6)

    def aircraft(self, side):
        v = self.app.secret.get(2)
        return v[2 + side] if v and len(v) > 3 else 0

    def next_side(self):
        b = self.app.state.battle
        for side in (0, 1):
            if b["h"][side] is None:
                return side
        return None

    def draw(self, fb):
        st = self.app.state
        if self.result is not None or st.battle is None:
            draw_result(fb, st)
            return
        b = st.battle
        a, d = power_name(st.colours[b["a"]]), power_name(st.colours[b["d"]])
        if self.dial is not None:
            self.dial.draw(fb)
            return
        ui.header(fb, ui.fit(a, 7) + ">" + ui.fit(d, 7))
        side = self.next_side()
        if side == 0 and not self.asked:
            ui.center(fb, ui.fit(d, 8), 12, 2 if len(d) <= 8 else 1)
            ui.center(fb, say("t2_fightq"), 32)
            ui.footer(fb, say("t2_fight"))
            return
        locked = [x is not None for x in b["h"]]
        fb.text("%s %s" % (ui.fit(a, 8), say("t2_locked") if locked[0] else "..."), 0, 13, 1)
        fb.text("%s %s" % (ui.fit(d, 8), say("t2_locked") if locked[1] else "..."), 0, 23, 1)
        if side is not None:
            ui.center(fb, say("t2_pass") % power_name(st.colours[self.side_seat(side)]), 36)
            ui.footer(fb, say("t2_clocks"))
        else:
            ui.footer(fb, say("t2_reveal"))

    def button(self, b, kind):
        app = self.app
        st = app.state
        if self.result is not None or st.battle is None:
            if kind == PRESS:
                app.home()
            return
        if self.dial is not None:
            self.dial.button(b, kind)
            return
        side = self.next_side()
        if kind != PRESS:
            return
        if side == 0 and not self.asked:
            if b in (OK, ROLL):
                self.asked = True
            elif b == BACK:
                if app.act({"t": "retreat", "p": st.battle["d"]}):
                    self.result = True
            return
        if b in (OK, ROLL):
            if side is not None:
                self.dial = Dial(app, self, side)
            else:
                self.reveal()
        elif b == BACK:
            app.push(main_menu(app))

    def locked(self, side, cmd, nonce, h, k):
        app = self.app
        app.secret[side] = (cmd, nonce, k)
        app.save_secret()  # the secret is on flash before the lock is journaled
        ev = app.act({"t": "lock", "p": self.side_seat(side), "h": h})
        self.dial = None
        if ev is None:
            del app.secret[side]
            return
        if self.next_side() is None:
            self.reveal()

    def reveal(self):
        app = self.app
        for side in (0, 1):
            cmd, nonce, k = app.secret[side]
            if app.state.battle is None:
                break
            if app.act({"t": "reveal", "p": self.side_seat(side), "cmd": cmd, "n": nonce, "k": k}) is None:
                return
        for key in (0, 1, 2):  # the combat's secrets; hidden objective tokens keep theirs
            app.secret.pop(key, None)
        app.save_secret()
        self.result = True


class Dial(object):
    """Three clocks for one side. UP/DOWN turn the selected clock (0..11, +, SU when the power
    holds one); OK moves to the next clock and, on the third, locks; BACK goes to the previous
    clock; a long OK locks at once."""

    def __init__(self, app, battle, side):
        self.app = app
        self.battle = battle
        self.side = side
        st = app.state
        self.seat = battle.side_seat(side)
        self.k = battle.ks()[side]
        self.values = [0, 0, 0]
        self.cur = 0
        self.options = [str(i) for i in range(12)] + ["+"]
        if st.track["su"][self.seat]:
            self.options.append("SU")
        self.air = battle.aircraft(side)
        if self.air:  # all the aircraft on one clock, the armies on the other two
            self.options.append("A%d" % self.air)

    def command(self):
        return "/".join(self.options[v] for v in self.values)

    def draw(self, fb):
        st = self.app.state
        ui.header(fb, power_name(st.colours[self.seat])[:6], say("t2_armies") % self.k)
        for i in range(3):
            x = 4 + i * 42
            t = self.options[self.values[i]]
            if i == self.cur:
                fb.fill_rect(x - 2, 13, 40, 24, 1)
                ui.center(fb, t, 17, 2, x - 2, x + 38, 0)
            else:
                fb.rect(x - 2, 13, 40, 24, 1)
                ui.center(fb, t, 17, 2, x - 2, x + 38, 1)
        used = 0
        plus = False
        for v in self.values:
            t = self.options[v]
            if t == "+":
                plus = True
            elif t != "SU" and t[0] != "A":
                used += int(t)
        left = self.k - used
        fb.text((say("t2_takes") % left) if plus else (say("t2_left") % left), 0, 42, 1)
        ui.footer(fb, say("t2_lock"))

    def button(self, b, kind):
        if b in (UP, DOWN) and is_step(kind):
            n = len(self.options)
            self.values[self.cur] = (self.values[self.cur] + (1 if b == UP else -1)) % n
        elif b == OK and kind == PRESS:
            if self.cur < 2:
                self.cur += 1
            else:
                self.lock()
        elif b == OK and kind == LONG:
            self.lock()
        elif b == BACK and kind == PRESS:
            if self.cur:
                self.cur -= 1
            else:
                self.battle.dial = None

    def lock(self):
        from comando.rulesets.teg2 import commit as teg2_commit
        app = self.app
        text = self.command()
        try:
            C.resolve(text, self.k, self.air, None, power_name(app.state.colours[self.seat]))
        except ValueError as exc:
            app.show_toast(str(exc), 4000)
            return
        cmd, nonce, h = teg2_commit.lock(text, app.hal.urandom)
        self.values = [0, 0, 0]  # nothing of the command stays on screen
        self.battle.locked(self.side, cmd, nonce, h, self.k)


def draw_result(fb, st):
    lb = st.lastbattle
    if lb is None:
        ui.header(fb, say("t2_btitle"))
        return
    a, d = power_name(st.colours[lb["a"]]), power_name(st.colours[lb["d"]])
    if lb.get("retreat"):
        ui.header(fb, say("t2_retr") % ui.fit(d, 8))
        ui.center(fb, say("t2_nobat"), 20)
    else:
        w = lb["winner"]
        ui.header(fb, (say("tu_wins2") % ui.fit(a, 9)) if w == "att" else
                  (say("tu_wins2") % ui.fit(d, 9)) if w == "def" else say("t2_nowin"))
        from comando.rulesets.teg2 import battle as teg2_battle
        rec = teg2_battle.combat(lb["att"], lb["def"])
        fb.text(ui.fit(a, 5), 0, 12, 1)
        fb.text(ui.fit(d, 5), 0, 22, 1)
        fb.text(say("t2_lost"), 0, 32, 1)
        for i, bt in enumerate(rec["battles"]):
            x = 44 + i * 28
            fb.text(bt["att"], x, 12, 1)
            fb.text(bt["def"], x, 22, 1)
            fb.text("%d/%d" % (bt["att_lost"], bt["def_lost"]), x, 32, 1)
            if bt["win"] == "att":
                fb.rect(x - 2, 10, 26, 11, 1)
            elif bt["win"] == "def":
                fb.rect(x - 2, 20, 26, 11, 1)
        fb.text(say("t2_total") % (lb["lost"][0], lb["lost"][1]), 0, 43, 1)
    wa, wd = lb["wp"]
    fb.hline(0, 54, 128, 1)
    fb.text(say("t2_wpline") % (a[:4], wa, d[:4], wd), 0, 56, 1)


# ---------------------------------------------------------------------------------------------
# T.E.G. II screens pushed from the turn screen (round-start grants, the war-potential track)

class Grants(Screen):
    """T.E.G. II round start: armies, SU and rocket grants by war-potential level."""

    def draw(self, fb):
        st = self.app.state
        ui.header(fb, say("tu_round") % st.rnd, say("t2_grants"))
        y = 11
        for s in sorted(st.order):  # 8-12 players: the board adding now
            line = "%-6s+%-2d" % (power_name(st.colours[s])[:6], adds(st, s))
            if su(st, s):
                line += " SU%d" % su(st, s)
            if offered(st, s):
                line += say("t2_rock")
            fb.text(line, 0, y, 1)
            y += 9

    def button(self, b, kind):
        if kind == PRESS:
            self.app.pop()


class Track(Screen):
    """T.E.G. II war-potential track: every power's level (3..11) as a bar."""

    @staticmethod
    def draw_track(fb, st, y0):
        y = y0
        n = st.n // 2 if st.opts.get("players", 0) > 6 else st.n  # pairs share their level
        for s in range(n):
            fb.text(power_name(st.colours[s])[:5], 0, y, 1)
            ui.bar(fb, 44, y, 64, 8, wp(st, s), 3, 11)
            fb.text("%2d" % wp(st, s), 111, y, 1)
            y += 9 if n > 4 else 10

    def draw(self, fb):
        st = self.app.state
        ui.header(fb, say("mn_wp"), "R%d" % st.rnd)
        Track.draw_track(fb, st, 11)

    def button(self, b, kind):
        if kind == PRESS:
            self.app.pop()
