"""Map mode's turn screen: the game on the map, by country (device.mapmode, comando.engine).

One list of countries at a time, the cursor on the usual choice (comando.engine.picks):
- claim (2-3 players): the free countries; OK claims one;
- placing: the player's countries, those facing an enemy first; OK places one army, holding OK
  all it may place there (the hold's first PRESS places one, its LONG the rest); ROLL trades a
  set in (the first set the hand holds; also on the first attack list and while moving in, when
  the rules force a trade: Risk after an elimination);
- attacking: the countries that can attack, OK, then that country's enemy neighbours, OK (or
  ROLL) rolls; the result stays on screen and ROLL repeats the same attack (one press); after a
  conquest UP/DOWN set the armies moving in, OK confirms;
- BACK (on the first list) opens the turn menu: regroup, end the turn; a long OK ends the turn
  (the country card is taken first when the turn earned one).
Every action goes through app.act (the engine's check: an illegal one is a message, nothing
changes).
"""

from comando import engine
from comando.combat import compare
from comando.engine import picks
from comando.errors import IllegalMove
from device import ui
from device.buttons import PRESS, LONG
from device.hal import UP, DOWN, OK, BACK, ROLL
from device.screens.base import Screen, Menu, is_step, cap


def front_first(st, p):
    """The player's countries, those bordering an enemy first (placements go to the front)."""
    b = st.board
    front, back = [], []
    for c in range(st.n):
        if st.owner[c] != p:
            continue
        if any(st.owner[j] != p for j in b.neighbours(c)):
            front.append(c)
        else:
            back.append(c)
    return front + back


def first_set(st, p):
    h = st.hands[p]
    k = len(h)
    for i in range(k):
        for j in range(i + 1, k):
            for m in range(j + 1, k):
                if st.rules.is_set(st, (h[i], h[j], h[m])):
                    return [h[i], h[j], h[m]]
    return None


class MapTurn(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.level = 0      # 0: first list; 1: targets (attack) or destinations (regroup); 2: count
        self.regroup = False
        self.sel = 0
        self.src = -1
        self.dst = -1
        self.count = 1
        self.last = {}      # the last attack event (the result shown; ROLL repeats it); {}: none
        self.move = 0       # the armies chosen to move in after a conquest
        self.key = None     # what the list shows: a new list starts on its first entry
        self.held = None    # (player, seq, country) of the placement a hold began with
        self.turn = None    # (player, turn count) the screen's choices belong to

    def sync(self):
        """A new list (another phase, level, country or player) puts the cursor on its first
        entry: the usual choice. The same list keeps it (OK again places on the same country).
        A new turn starts the screen afresh (Risk's regroup ends a turn without an end event)."""
        st = self.app.state
        turn = (st.cur, st.turns)
        if turn != self.turn:
            self.turn = turn
            self.regroup = False
            self.level = 0
            self.last = {}
        key = (self.mode(), self.level, self.src, st.cur)
        if key != self.key:
            self.key = key
            self.sel = 0

    # -- what the screen offers now --------------------------------------------------------------
    def mode(self):
        st = self.app.state
        if st.phase == "over":
            return "over"
        if st.pending is not None:
            return "movein"
        if st.phase == "claim":
            return "claim"
        if st.phase == "place" or (st.phase == "add" and st.to_place()):
            return "place"
        if self.regroup or st.phase == "regroup":
            return "regroup"
        if st.phase == "card":
            return "card"
        if self.last:
            return "result"
        return "attack"

    def items(self):
        st = self.app.state
        p = st.cur
        m = self.mode()
        if m == "claim":
            return [c for c in range(st.n) if st.owner[c] < 0]
        if m == "place":
            return front_first(st, p)
        if m == "attack":
            return picks.sources(st, p) if self.level == 0 else picks.targets(st, self.src, p)
        if m == "regroup":
            b = st.board
            if self.level == 0:
                return [c for c in range(st.n) if st.owner[c] == p
                        and st.rules.regroup_movable(st, c) > 0
                        and any(st.owner[j] == p for j in b.neighbours(c))]
            if st.rules.regroup_chain:   # Risk moves along a chain of the player's territories
                return [j for j in b.chain(st.owner, p, self.src) if j != self.src]
            return [j for j in b.neighbours(self.src) if st.owner[j] == p]
        return []

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, fb):
        self.sync()
        st = self.app.state
        b = st.board
        m = self.mode()
        who = cap(st.colours[st.cur]) if st.cur >= 0 else ""
        if m == "over":
            ui.header(fb, "Game over")
            won = cap(st.colours[st.winner]) if st.winner >= 0 else "nobody"
            ui.center(fb, won, 20)
            ui.center(fb, "wins", 32)
            ui.footer(fb, "OK new game")
            return
        right = "R%d" % st.round if st.round else "setup"
        if m == "place":
            right = "+%d" % st.to_place()
        left = "%s %s" % (who[:7], {"claim": "claim", "place": "place", "attack": "attack",
                                    "result": "attack", "movein": "move in",
                                    "regroup": "regroup", "card": "card"}[m])
        # the round (or the armies to place) where it fits beside the title
        ui.header(fb, left, right if len(left) + len(right) < 16 else "")
        if m == "movein":
            pe = st.pending
            fb.text(ui.fit(b.short(pe[1]), 16), 0, 12, 1)
            ui.big(fb, str(self.move), 48, 24)
            fb.text("%d-%d" % (pe[2], pe[3]), 88, 28, 1)
            ui.footer(fb, "^v armies OK go")
            return
        if m == "result":
            self.draw_result(fb)
            return
        if m == "regroup" and self.level == 2:
            fb.text(ui.fit("%s>%s" % (b.short(self.src), b.short(self.dst)), 16), 0, 12, 1)
            ui.big(fb, str(self.count), 48, 26)
            ui.footer(fb, "^v armies OK move")
            return
        if m == "card":
            ui.center(fb, "card taken", 24)
            ui.footer(fb, "hold OK: end turn")
            return
        its = self.items()
        if not its:
            ui.center(fb, "nothing to do", 24)
            ui.footer(fb, "hold OK: end turn" if m in ("attack", "regroup") else "")
            return
        self.sel = min(self.sel, len(its) - 1)
        rows = []
        for c in its:
            own = st.owner[c]
            mark = "" if own == st.cur or own < 0 else "*"
            rows.append("%-10s%s%3d" % (b.short(c), mark, st.armies[c]))
        if self.level == 1 and m == "attack":
            fb.text(ui.fit(b.short(self.src) + " %d >" % st.armies[self.src], 16), 0, 10, 1)
            ui.menu(fb, rows, self.sel, y=19, rows=4)
        else:
            ui.menu(fb, rows, self.sel)
        hint = {"claim": "OK claim", "place": "OK +1 hold:all",
                "attack": "OK pick BACK menu" if self.level == 0 else "OK/ROLL attack",
                "regroup": "OK pick hold:end"}[m]
        ui.footer(fb, hint)

    def draw_result(self, fb):
        st = self.app.state
        b = st.board
        e = self.last
        f, to = e["f"], e["to"]
        fb.text(ui.fit("%s %d>%s %d" % (b.short(f), st.armies[f], b.short(to), st.armies[to]), 16),
                0, 10, 1)
        x = 0
        for v in e["ad"]:
            ui.die(fb, x, 21, v, True)
            x += 16
        x = 72
        for v in e["dd"]:
            ui.die(fb, x, 21, v, False)
            x += 16
        al, dl = compare(e["ad"], e["dd"])
        fb.text("-%d" % al, 0, 40, 1)
        fb.text("-%d" % dl, 72, 40, 1)
        ui.footer(fb, "ROLL again OK next")

    # -- buttons ---------------------------------------------------------------------------------
    def button(self, b, kind):
        self.sync()
        app = self.app
        st = app.state
        m = self.mode()
        if m == "over":
            if b == OK and kind == PRESS:
                from device.screens import screen
                app.push(screen(app, "NewGame"))
            return
        if b == OK and kind == LONG and m in ("attack", "result", "regroup", "card", "movein"):
            self.end_turn()
            return
        if b == ROLL and kind == PRESS and (m in ("place", "movein") or
                                            (m == "attack" and self.level == 0)):
            self.trade()   # a set in: at the turn's start, or when the rules force one now
            return
        if m == "movein":
            pe = st.pending
            if self.move < pe[2] or self.move > pe[3]:
                self.move = pe[3]
            if b in (UP, DOWN) and is_step(kind):
                self.move = max(pe[2], min(pe[3], self.move + (1 if b == UP else -1)))
            elif b == OK and kind == PRESS:
                if app.act({"t": "move", "p": st.cur, "n": self.move}):
                    self.after_attack()
            return
        if m == "result":
            if b == ROLL and kind == PRESS:
                self.attack(self.last["f"], self.last["to"])
            elif b == OK and kind == PRESS:
                self.last = {}
                self.level = 1 if picks.targets(st, self.src, st.cur) else 0
                self.sel = 0
            elif b == BACK and kind == PRESS:
                self.last = {}
                self.level = 0
                self.sel = 0
            return
        if m == "regroup" and self.level == 2:
            most = st.rules.regroup_movable(st, self.src)
            if b in (UP, DOWN) and is_step(kind):
                self.count = max(1, min(most, self.count + (1 if b == UP else -1)))
            elif b == OK and kind == PRESS:
                if app.act({"t": "regroup", "p": st.cur, "f": self.src, "to": self.dst,
                            "n": self.count}):
                    self.level = 0
                    self.sel = 0
            elif b == BACK and kind == PRESS:
                self.level = 1
            return
        its = self.items()
        if b in (UP, DOWN) and is_step(kind) and its:
            self.sel = (self.sel + (1 if b == DOWN else -1)) % len(its)
            return
        if b == BACK and kind == PRESS:
            if self.level > 0:
                self.level -= 1
                self.sel = 0
            elif m in ("attack", "regroup"):
                app.push(Menu(app, "Turn", self.menu_items()))
            return
        if not its or b not in (OK, ROLL):
            return
        c = its[min(self.sel, len(its) - 1)]
        if m == "claim" and b == OK and kind == PRESS:
            app.act({"t": "claim", "p": st.cur, "c": c})
            self.sel = 0
        elif m == "place" and b == OK and kind == PRESS:
            # a hold begins with this PRESS: its LONG places the rest on the same country
            self.held = (st.cur, st.seq + 1, c)
            app.act({"t": "place", "p": st.cur, "c": c, "n": 1})
        elif m == "place" and b == OK and kind == LONG:
            if self.held != (st.cur, st.seq, c):
                return   # the PRESS placed the turn's last army: this hold is done
            cont = st.board.continent_of(c)
            n = min(st.to_place(), st.reserve + st.cres[cont])
            if n > 0:
                app.act({"t": "place", "p": st.cur, "c": c, "n": n})
        elif m == "attack" and kind == PRESS:
            if self.level == 0 and b == OK:
                self.src = c
                self.level = 1
                self.sel = 0
            elif self.level == 1:
                self.attack(self.src, c)
        elif m == "regroup" and b == OK and kind == PRESS:
            if self.level == 0:
                self.src = c
                self.level = 1
            else:
                self.dst = c
                self.count = st.rules.regroup_movable(st, self.src)
                self.level = 2
            self.sel = 0

    def trade(self):
        st = self.app.state
        cards = first_set(st, st.cur)
        if cards is None:
            if self.mode() == "place":   # elsewhere ROLL trades only when there is a set
                self.app.show_toast("no set of three cards to trade", 2500)
        else:
            self.app.act({"t": "trade", "p": st.cur, "cards": cards})

    def attack(self, f, to):
        st = self.app.state
        ev = self.app.act({"t": "attack", "p": st.cur, "f": f, "to": to})
        if ev is None:
            return
        self.src = f
        st = self.app.state
        if st.pending is not None:
            self.move = st.pending[3]   # the usual choice: everything the rules allow
            self.last = {}
        else:
            self.last = ev              # shown; ROLL repeats it

    def after_attack(self):
        self.last = {}
        self.level = 0
        self.sel = 0

    def menu_items(self):
        return (("Regroup", self.start_regroup), ("End turn", self.end_turn))

    def start_regroup(self):
        self.regroup = True
        self.level = 0
        self.sel = 0

    def end_turn(self):
        app = self.app
        st = app.state
        p = st.cur
        draw = {"t": "draw", "p": p}
        try:   # the card the turn earned, taken on the way out
            engine.check(st, draw)
            app.act(draw)
        except IllegalMove:
            pass
        if app.act({"t": "end", "p": p}):
            self.__init__(app)

