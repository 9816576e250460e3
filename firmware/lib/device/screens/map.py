"""Map mode's turn screen: the game on the map, by country (device.mapmode, comando.engine).

One list of countries at a time, the cursor on the usual choice (comando.engine.picks):
- claim (2-3 players): the free countries; OK claims one;
- placing: the player's countries, those facing an enemy first; OK places one army, holding OK
  all it may place there (the hold's first PRESS places one, its LONG the rest); ROLL trades a
  set in (the first set the hand holds; also on the first attack list and while moving in, when
  the rules force a trade: Risk after an elimination);
- attacking: the countries that can attack, OK, then that country's enemy neighbours, OK (or
  ROLL) rolls; the result stays on screen and ROLL repeats the same attack (one press); after a
  conquest UP/DOWN set the armies moving in, OK confirms; the target list's footer says the
  armies needed for 80% against the country under the cursor (issue 26, ``need80``);
- BACK (on the first list) opens the turn menu: regroup, a missile (La Revancha), end the turn;
  a long OK ends the turn (the country card is taken first when the turn earned one). The
  device's deck: the card drawn is shown (country and symbol) until the next press; the table's
  own deck (option deck=1): the player dials the card drawn on the list of those still in the
  deck, OK records it;
- La Revancha: BACK on the placement list buys a missile on the country under the cursor (from
  the armies to place, or replacing six); the turn menu's Missile fires one (the player's
  countries with missiles, then the targets within reach). Pacts, aggression pacts and
  condominiums are the table's (docs/architecture.md, "Map mode on the device").
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
from device.screens.base import Screen, Menu, is_step, colour_name
from comando.texts import say

# the header's word for each mode (texts keys)
MODE_WORDS = {"claim": "md_claim", "place": "md_place", "attack": "md_attack", "result": "md_attack",
              "movein": "md_movein", "regroup": "md_regroup", "card": "md_card", "pick": "md_pick",
              "missile": "md_missile"}


NEED_P = 0.8        # the chance the target list's "need N for 80%" is for
NEED_MAX_DEF = 10   # defenders beyond which it shows none: the float DP (comando.odds_need)
# must not stall the Pico's loop, which has no FPU (10 defenders: about 25 x 10 states)


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


def first_trade(st, p):
    """The first trade the hand allows: a set of three (La Revancha: any exchange its rules list,
    continent cards too), or None."""
    rules = st.rules
    opts = getattr(rules, "exchange_options", None)
    if opts is not None:
        for cs, ks in opts(st, p):
            a = {"t": "trade", "p": p, "cards": list(cs)}
            if ks:
                a["cc"] = list(ks)
            try:
                engine.check(st, a)
                return a
            except IllegalMove:
                pass
        return None
    h = st.hands[p]
    k = len(h)
    for i in range(k):
        for j in range(i + 1, k):
            for m in range(j + 1, k):
                if rules.is_set(st, (h[i], h[j], h[m])):
                    return {"t": "trade", "p": p, "cards": [h[i], h[j], h[m]]}
    return None


def legal(st, a):
    try:
        if a["t"] == "attack":   # (a game of the table's dice: once the table tells a result)
            picks.check_attack(st, a)
        else:
            engine.check(st, a)
    except IllegalMove:
        return False
    return True


def card_text(st, c):
    """A card as the screen shows it: (country, symbol words)."""
    b = st.board
    if c >= st.n:
        return ("wildcard", "")
    names = getattr(b, "card_symbols", None) or {}
    return (b.name(c), "+".join(str(names.get(x, x)).split(":")[0] for x in b.symbol(c)))


class MapTurn(Screen):
    @property
    def live(self):
        """A clocked game's screen is redrawn twice a second: its countdown moves."""
        return self.app.state.clock is not None

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
        self.shown = None   # (player, card): the card the device's deck just dealt, on screen
        self.picking = None  # the table's deck: the action that takes the card dialled ({} draw)
        self.firing = False  # La Revancha: the missile lists
        self.needs = {}     # (ruleset, defenders, dice mods) -> armies needed for 80%
        self.bot_next = None  # a bot's turn (device.botturn): ((seq, player), its next action)
        self.bot_last = None  # the bot's last event (its roll shown above the next words)
        self.bot_mods = False  # device.botturn loaded: forgotten on a human's turn

    def sync(self):
        """A new list (another phase, level, country or player) puts the cursor on its first
        entry: the usual choice. The same list keeps it (OK again places on the same country).
        A new turn starts the screen afresh (Risk's regroup ends a turn without an end event)."""
        st = self.app.state
        turn = (st.cur, st.turns)
        if turn != self.turn:
            self.turn = turn
            self.regroup = False
            self.firing = False
            self.picking = None
            self.level = 0
            self.last = {}
            if self.bot_mods and not self.bot_seat():
                # a human's turn: the bot's code leaves the heap (device.botturn)
                self.bot_mods = False
                self.bot_next = self.bot_last = None
                from device import botturn
                self.app.forget(*botturn.MODULES)
        key = (self.mode(), self.level, self.src, st.cur)
        if key != self.key:
            self.key = key
            self.sel = 0

    def bot_seat(self):
        """True on the turn of a seat the engine's bot plays (the new event's ``bot``)."""
        st = self.app.state
        bots = getattr(st, "bots", None)
        return bool(bots) and st.phase != "over" and 0 <= st.cur < len(bots) and bots[st.cur] == 1

    def botturn(self):
        """device.botturn, loaded on a bot's turn or for a hint."""
        self.bot_mods = True
        from device import botturn
        return botturn

    # -- what the screen offers now --------------------------------------------------------------
    def mode(self):
        st = self.app.state
        if st.phase == "over":
            return "over"
        if st.pending is not None:
            return "movein"
        if self.picking is not None:
            return "pick"
        if st.phase == "claim":
            return "claim"
        if st.phase == "place" or (st.phase == "add" and st.to_place()):
            return "place"
        if self.firing:
            return "missile"
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
            its = front_first(st, p)
            if st.rules.missiles:   # blockades: only where the rules let new armies go
                its = [c for c in its if legal(st, {"t": "place", "p": p, "c": c, "n": 1})]
            return its
        if m == "pick":
            return sorted(st.rules.card_pool(st))
        if m == "missile":
            if self.level == 0:
                mis = st.x["mis"]
                return [c for c in range(st.n) if st.owner[c] == p and mis[c] > 0
                        and self.missile_targets(c)]
            return self.missile_targets(self.src)
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

    def missile_targets(self, f):
        st = self.app.state
        p = st.cur
        out = []
        for to, d in st.board.within(f, 3):
            if st.owner[to] != p and legal(st, {"t": "missile", "p": p, "f": f, "to": to}):
                out.append(to)
        out.sort(key=lambda c: -st.armies[c])   # the strongest first: a missile's usual aim
        return out

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, fb):
        self.sync()
        st = self.app.state
        b = st.board
        if self.shown is not None:
            who = colour_name(st.colours[self.shown[0]])
            name, sym = card_text(st, self.shown[1])
            ui.header(fb, say("mp_card") % who[:8])
            ui.center(fb, ui.fit(name, 16), 20)
            ui.center(fb, ui.fit(sym, 16), 32)
            ui.footer(fb, say("mp_next"))
            return
        if self.picking is None and self.bot_seat():
            self.botturn().draw(self, fb)
            return
        m = self.mode()
        who = colour_name(st.colours[st.cur]) if st.cur >= 0 else ""
        if m == "over":
            ui.header(fb, say("tu_over"))
            won = colour_name(st.colours[st.winner]) if st.winner >= 0 else say("mp_nobody")
            ui.center(fb, won, 20)
            ui.center(fb, say("tu_wins"), 32)
            ui.footer(fb, say("mp_newgame"))
            return
        right = "R%d" % st.round if st.round else say("mp_setup")
        if m == "place":
            right = "+%d" % st.to_place()
        left = "%s %s" % (who[:7], say(MODE_WORDS[m]))
        # the round (or the armies to place) where it fits beside the title
        if st.clock is None:
            ui.header(fb, left, right if len(left) + len(right) < 16 else "")
        else:   # the title bar's right end is the clock's (device.clockview)
            if m == "place":
                left = "%s %s" % (who[:7], right)
            ui.header(fb, left)
            from device import clockview
            clockview.header_clock(fb, self.app, st)
        if m == "movein":
            pe = st.pending
            fb.text(ui.fit(b.short(pe[1]), 16), 0, 12, 1)
            ui.big(fb, str(self.move), 48, 24)
            fb.text("%d-%d" % (pe[2], pe[3]), 88, 28, 1)
            ui.footer(fb, say("mp_go"))
            return
        if m == "result":
            self.draw_result(fb)
            return
        if m == "regroup" and self.level == 2:
            fb.text(ui.fit("%s>%s" % (b.short(self.src), b.short(self.dst)), 16), 0, 12, 1)
            ui.big(fb, str(self.count), 48, 26)
            ui.footer(fb, say("mp_move"))
            return
        if m == "card":
            ui.center(fb, say("mp_taken"), 24)
            ui.footer(fb, say("mp_holdend"))
            return
        its = self.items()
        if not its:
            ui.center(fb, say("mp_nothing"), 24)
            ui.footer(fb, say("mp_holdend") if m in ("attack", "regroup") else "")
            return
        self.sel = min(self.sel, len(its) - 1)
        rows = []
        for c in its:
            if m == "pick":
                name, sym = card_text(st, c)
                rows.append("%-9s %s" % (b.short(c) if c < st.n else name, sym[:5]))
                continue
            own = st.owner[c]
            mark = "" if own == st.cur or own < 0 else "*"
            rows.append("%-10s%s%3d" % (b.short(c), mark, st.armies[c]))
        if self.level == 1 and m in ("attack", "missile"):
            fb.text(ui.fit(b.short(self.src) + " %d >" % st.armies[self.src], 16), 0, 10, 1)
            ui.menu(fb, rows, self.sel, y=19, rows=4)
        else:
            ui.menu(fb, rows, self.sel)
        hint = say({"claim": "mh_claim", "place": "mh_place",
                     "attack": "mh_pickmenu" if self.level == 0 else "mh_attack",
                     "regroup": "mh_regroup", "pick": "mh_pick",
                     "missile": "mh_pickm" if self.level == 0 else "mh_fire"}[m])
        if m == "attack" and self.level == 1:
            n = self.need80(its[self.sel])
            if n is not None:
                hint = say("mh_need") % n
        sit = st.x.get("sit", -1) if isinstance(st.x, dict) else -1
        if m == "attack" and self.level == 0 and sit is not None and sit >= 0:
            from device.screens.situation import card_label
            hint = card_label(sit)
        ui.footer(fb, hint)

    def need80(self, to):
        """The fewest armies giving at least 80% of taking ``to`` as it stands (the round's Snow
        or Tailwind counted; comando.odds_need, the lean form of comando.odds_chain.need, imported
        on first use), kept per question; None where the game has no dice, or more than
        NEED_MAX_DEF defend."""
        st = self.app.state
        from comando.combat import RULES
        rs = getattr(st.rules, "combat", None)
        d = st.armies[to]
        x = st.x if isinstance(st.x, dict) else {}
        if rs not in RULES or not 1 <= d <= NEED_MAX_DEF or x.get("cd"):
            return None
        mods = st.rules.dice_mods(st)
        key = (rs, d, mods)
        if key not in self.needs:
            from comando import odds_need
            if len(self.needs) > 15:
                self.needs = {}
            self.needs[key] = odds_need.need(rs, NEED_P, d, mods)
        return self.needs[key]

    def draw_result(self, fb):
        st = self.app.state
        b = st.board
        e = self.last
        f, to = e["f"], e["to"]
        fb.text(ui.fit("%s %d>%s %d" % (b.short(f), st.armies[f], b.short(to), st.armies[to]), 16),
                0, 10, 1)
        x = 0   # the dice on pages 3-4: two pages of bytes per die, not three
        for v in e["ad"]:
            ui.die(fb, x, 24, v, True)
            x += 16
        x = 72
        for v in e["dd"]:
            ui.die(fb, x, 24, v, False)
            x += 16
        # the table told its losses (faces of 0, blank dice): the event's; else the faces'
        al, dl = (e["al"], e["dl"]) if "al" in e else compare(e["ad"], e["dd"])
        fb.text("-%d" % al, 0, 40, 1)
        fb.text("-%d" % dl, 72, 40, 1)
        ui.footer(fb, say("mp_again"))

    # -- buttons ---------------------------------------------------------------------------------
    def button(self, b, kind):
        self.sync()
        app = self.app
        if self.shown is not None:   # the card shown: any press puts it away
            if kind == PRESS:
                self.shown = None
            return
        if b == BACK and kind == LONG:   # a human's hint: the bot's suggestion for this step
            if not self.bot_seat() and self.app.state.phase != "over":
                self.botturn().hint(app)
            return
        if self.picking is None and self.bot_seat():
            self.botturn().button(self, b, kind)
            return
        m = self.mode()
        if m == "over":
            if b == OK and kind == PRESS:
                from device.screens import screen
                app.push(screen(app, "NewGame"))
            return
        if b == OK and kind == LONG and m in ("attack", "result", "regroup", "card", "movein",
                                              "missile"):
            self.end_turn()
            return
        if b == ROLL and kind == PRESS and (m in ("place", "movein") or
                                            (m == "attack" and self.level == 0)):
            self.trade()   # a set in: at the turn's start, or when the rules force one now
            return
        if m == "movein":
            self.press_movein(b, kind)
            return
        if m == "result":
            self.press_result(b, kind)
            return
        if m == "regroup" and self.level == 2:
            self.press_regroup_count(b, kind)
            return
        its = self.items()
        if b in (UP, DOWN) and is_step(kind) and its:
            self.sel = (self.sel + (1 if b == DOWN else -1)) % len(its)
            return
        if b == BACK and kind == PRESS:
            self.press_back(m, its)
            return
        if not its or b not in (OK, ROLL):
            return
        self.press_country(m, b, kind, its[min(self.sel, len(its) - 1)])

    # (button's parts, one per mode: each takes the press button() has not already handled)
    def press_movein(self, b, kind):
        """The armies moving into a conquered country: UP/DOWN the count, OK moves them."""
        app = self.app
        st = app.state
        pe = st.pending
        if self.move < pe[2] or self.move > pe[3]:
            self.move = pe[3]
        if b in (UP, DOWN) and is_step(kind):
            self.move = max(pe[2], min(pe[3], self.move + (1 if b == UP else -1)))
        elif b == OK and kind == PRESS:
            if app.act({"t": "move", "p": st.cur, "n": self.move}):
                self.after_attack()

    def press_result(self, b, kind):
        """An attack's dice on the glass: ROLL again, OK another target, BACK another source."""
        st = self.app.state
        if b == ROLL and kind == PRESS:
            a = {"t": "attack", "p": st.cur, "f": self.last["f"], "to": self.last["to"]}
            if not legal(st, a) and first_trade(st, st.cur) is not None:
                self.trade()   # the rules force a set now (Risk, after an elimination)
            else:
                self.attack(self.last["f"], self.last["to"])
        elif b == OK and kind == PRESS:
            self.last = {}
            self.level = 1 if picks.targets(st, self.src, st.cur) else 0
            self.sel = 0
        elif b == BACK and kind == PRESS:
            self.last = {}
            self.level = 0
            self.sel = 0

    def press_regroup_count(self, b, kind):
        """A regroup's count: UP/DOWN it, OK moves the armies (Risk: then the card), BACK."""
        app = self.app
        st = app.state
        most = st.rules.regroup_movable(st, self.src)
        if b in (UP, DOWN) and is_step(kind):
            self.count = max(1, min(most, self.count + (1 if b == UP else -1)))
        elif b == OK and kind == PRESS:
            a = {"t": "regroup", "p": st.cur, "f": self.src, "to": self.dst, "n": self.count}
            if st.rules.regroup_chain and self.card_from_table():
                self.picking = a   # Risk: the regroup ends the turn with the card drawn
                return
            p = st.cur
            ev = app.act(a)
            if ev:
                self.level = 0
                self.sel = 0
                self.show_card(p, ev)
        elif b == BACK and kind == PRESS:
            self.level = 1

    def press_back(self, m, its):
        """BACK on a list: a level up, out of a pick or a missile, the turn's menu, or (placing
        in La Revancha) the missile menu of the country chosen."""
        app = self.app
        st = app.state
        if self.level > 0:
            self.level -= 1
            self.sel = 0
        elif m == "pick":
            self.picking = None
        elif m == "missile":
            self.firing = False
        elif m in ("attack", "regroup"):
            # (the hold's LONG: the hint)
            app.push(Menu(app, say("mp_turn"), self.menu_items(), lambda: self.button(BACK, LONG)))
        elif m == "place" and st.rules.missiles and its:
            c = its[min(self.sel, len(its) - 1)]
            app.push(Menu(app, say("mp_mison") % st.board.short(c)[:5], (
                (say("mp_newforc"), lambda: self.arm(c, "r")),
                (say("mp_for6"), lambda: self.arm(c, "m"))), lambda: self.button(BACK, LONG)))

    def press_country(self, m, b, kind, c):
        """OK (or ROLL, LONG) on the country ``c`` of the list, in mode ``m``."""
        app = self.app
        st = app.state
        if m == "pick" and b == OK and kind == PRESS:
            self.take_card(c)
        elif m == "missile" and b == OK and kind == PRESS:
            if self.level == 0:
                self.src = c
                self.level = 1
                self.sel = 0
            elif app.act({"t": "missile", "p": st.cur, "f": self.src, "to": c}):
                self.firing = False
                self.level = 0
                self.sel = 0
        elif m == "claim" and b == OK and kind == PRESS:
            app.act({"t": "claim", "p": st.cur, "c": c})
            self.sel = 0
        elif m == "place" and b == OK:
            self.press_place(kind, c)
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

    def press_place(self, kind, c):
        """OK on a country while placing: a PRESS places one army, its LONG the rest there."""
        app = self.app
        st = app.state
        if kind == PRESS:
            # a hold begins with this PRESS: its LONG places the rest on the same country
            self.held = (st.cur, st.seq + 1, c)
            app.act({"t": "place", "p": st.cur, "c": c, "n": 1})
        elif kind == LONG:
            if self.held != (st.cur, st.seq, c):
                return   # the PRESS placed the turn's last army: this hold is done
            cont = st.board.continent_of(c)
            n = min(st.to_place(), st.reserve + st.cres[cont])
            if n > 0:
                app.act({"t": "place", "p": st.cur, "c": c, "n": n})

    def trade(self):
        st = self.app.state
        a = first_trade(st, st.cur)
        if a is None:
            if self.mode() == "place":   # elsewhere ROLL trades only when there is a set
                self.app.show_toast(say("mp_noset"), 2500)
        else:
            self.app.act(a)

    def arm(self, c, src):
        st = self.app.state
        self.app.act({"t": "arm", "p": st.cur, "c": c, "k": 1, "src": src})

    def attack(self, f, to):
        st = self.app.state
        a = {"t": "attack", "p": st.cur, "f": f, "to": to}
        if st.options.get("dice", "device") != "device":
            # the table's own dice (comando.table_dice): the table rolls, the table_roll screen
            # asks its result (the likeliest preselected) and the attack carries it; an attack
            # the rules refuse is said before the table rolls
            try:
                picks.check_attack(st, a)
            except IllegalMove as exc:
                self.app.show_toast(str(exc), 3500)
                return
            from device.screens import screen
            scr = screen(self.app, "TableRoll")
            scr.open_map(a, lambda told: self.attacked(self.app.act(told), f))
            self.app.push(scr)
            return
        self.attacked(self.app.act(a), f)

    def attacked(self, ev, f):
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
        its = [(say("mp_regroup"), self.start_regroup), (say("tu_end"), self.end_turn)]
        if self.app.state.rules.missiles:
            its.insert(1, (say("mp_missile"), self.start_firing))
        return its

    def start_firing(self):
        self.firing = True
        self.level = 0
        self.sel = 0

    def start_regroup(self):
        self.regroup = True
        self.level = 0
        self.sel = 0

    def card_from_table(self):
        """True when the turn earned a card that the player draws from the table's deck."""
        st = self.app.state
        return bool(st.rules.opt(st, "deck")) and st.rules.card_due(st, st.cur)

    def show_card(self, p, ev):
        """The device is the deck: the card it dealt stays on screen until the next press."""
        st = self.app.state
        if "card" in ev and not st.rules.opt(st, "deck"):
            self.shown = (p, ev["card"])

    def take_card(self, c):
        """The card dialled from the table's deck: the pending Risk end or regroup takes it, else
        a draw, and the turn ends."""
        app = self.app
        st = app.state
        p = st.cur
        a = self.picking
        self.picking = None
        if a:
            a = dict(a)
            a["card"] = c
            if app.act(a):
                self.__init__(app)
            return
        if app.act({"t": "draw", "p": p, "card": c}) and app.act({"t": "end", "p": p}):
            self.__init__(app)

    def end_turn(self):
        app = self.app
        st = app.state
        p = st.cur
        rules = st.rules
        if self.card_from_table():
            # the card the turn earned: the player draws it from the table's deck and dials it
            self.picking = {"t": "end", "p": p} if rules.regroup_chain else {}
            self.regroup = self.firing = False
            self.level = 0
            return
        drawn = None
        if not rules.regroup_chain and rules.card_due(st, p):
            drawn = app.act({"t": "draw", "p": p})   # the card the turn earned, on the way out
        ev = app.act({"t": "end", "p": p})
        if ev:
            self.__init__(app)
            self.show_card(p, drawn or ev)

