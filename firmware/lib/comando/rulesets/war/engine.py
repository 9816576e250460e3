"""WAR (rules/war.txt) as an engine ruleset plug-in: ``RULES``.

Sections cited: "Objective Cards", "Distribution of Armies and Territories", "The Game",
"Receiving Armies", "How to Attack", "Territory Conquest", "Moves", "Card Conquest",
"Card Trading", "Notes", "Elimination of a Competitor", "End of the Game".

Cards are ints: a territory card is its country's index; the wildcards are ``n`` and ``n + 1``
(the deck holds the territory cards and two wildcards: "44 territory cards (including 2
wildcards)"). Where the rulebook is silent the choice is written next to the code:
- objectives are the board's (``board.objectives``); a destroy objective naming one's own colour,
  or whose target falls to another hand, becomes its ``fallback`` (the board's edition prints
  "conquer 24 territories"); without a board fallback, 24 territories;
- a player left alone on the map (every other eliminated) wins: nobody is left to play against;
- the trade value table is the board's ``tables.trade_in`` (TABLE II), else
  ``comando.rulebook.WAR_TRADE_IN``: 4, 6, 8, 10, 12, 15 and then +5 (the printed TABLE II the
  reference data records; the text gives "4, 6, 8, and so on").
"""

from comando.errors import IllegalMove, RulesError
from comando.texts import refused
from comando.engine import rand
from comando.engine.rules import Rules
from comando import turns, rulebook
from comando.rulesets.war.table import deal_seat, first_player

# The book's order (war.txt, Armies: "the six available (white, red, black, blue, yellow and green)"):
# the laptop's default seats; the registry's order is the device's menu. The same six colours
# (tests/host/test_hand_kept_lists.py).
COLOURS = ("white", "red", "black", "blue", "yellow", "green")
FALLBACK_TOTAL = 24
WILDCARDS = 2


class WarRules(Rules):
    id = "war"
    name = "WAR"
    book = "war.txt"
    combat = "war"
    colours = COLOURS
    min_players = 2
    max_players = 6
    max_hand = 5
    first_round_reinforces = True
    defaults = {"pacts": 0, "deck": 0}
    announces_armies = True
    trade_bonus = "each"

    def bot_wants(self, bot, state, p, w):
        from comando.rulesets.war import bot as warbot  # the bot's code loads only when a bot plays
        warbot.want(bot, state, p, w)

    # ------------------------------------------------------------------ cards
    # "The wildcard always gives the player the choice of any one of the 3 figures"
    wildcards = WILDCARDS
    set_word = "trade"
    set_rule = "a trade needs 3 cards with different figures or 3 with the same figure"

    def trade_value(self, state, p):
        # TABLE II (the board's tables.trade_in, else the rulebook's), counted over "all the
        # trades that have occurred in the game"
        return rulebook.nth_trade(rulebook.trade_in(state.board.tables, "war"), state.ttrades)

    # ------------------------------------------------------------------ setup
    def setup(self, state, src):
        np_ = state.np
        rounds = turns.roll_opening(src, np_)
        e = {"t": "deal", "dr": rounds}
        # "removes the wildcards and shuffles the cards, then deals them one at a time clockwise,
        # starting with the player on their left"
        e["order"] = rand.shuffled(src, range(state.n))
        # "puts the wildcards back in, shuffles the cards again"
        e["deck"] = rand.shuffled(src, range(state.n + self.wilds(state)))
        pool = self.objective_pool(state)
        picked = rand.shuffled(src, range(len(pool)))[:np_]
        e["obj"] = [pool[i] for i in picked]
        return [e]

    def objective_pool(self, state):
        """Objective ids left in the draw: "if the number of players is fewer than 6, the
        objectives related to armies that are not in play are removed from the draw"."""
        out = []
        for o in state.board.objectives:
            if o.get("type") == "destroy" and o.get("colour") is not None \
                    and o["colour"] not in state.colours:
                continue
            out.append(o["id"])
        return out

    def objective(self, state, oid):
        for o in state.board.objectives:
            if o["id"] == oid:
                return o
        raise refused(RulesError, 101, state.board.id, oid)

    def check_deal(self, state, a):
        if state.round != 0 or state.deck or state.owner.count(-1) != state.n:
            raise refused(IllegalMove, 102)
        try:
            turns.opening_winner(a.get("dr") or [])
        except (RulesError, TypeError) as exc:
            raise refused(IllegalMove, 103, exc)
        for rnd in a["dr"]:
            if len(rnd) != state.np:
                raise refused(IllegalMove, 104)
        order = a.get("order")
        if not isinstance(order, list) or sorted(order) != list(range(state.n)):
            raise refused(IllegalMove, 105)
        deck = a.get("deck")
        if not isinstance(deck, list) or sorted(deck) != list(range(state.n + self.wilds(state))):
            raise refused(IllegalMove, 106)
        objs = a.get("obj")
        pool = self.objective_pool(state)
        if isinstance(objs, list) and len(objs) == state.np and objs.count(-1) == state.np:
            return  # sealed (comando.engine.secret): the laptop's fold does not know them
        if not isinstance(objs, list) or len(objs) != state.np or len(set(objs)) != state.np \
                or any(o not in pool for o in objs):
            raise refused(IllegalMove, 107)

    def apply_deal(self, state, e):
        n = state.n
        np_ = state.np
        dist = turns.opening_winner(e["dr"])
        state.x["dist"] = dist
        for k in range(n):
            c = e["order"][k]
            state.owner[c] = deal_seat(dist, np_, k)
            state.armies[c] = 1
        state.deck = list(e["deck"])
        for p in range(np_):
            self.set_objective(state, p, e["obj"][p])
        # "The game begins with the player following the one who received the last card"
        state.first = first_player(dist, np_, n)
        state.cur = state.first
        state.bonused = [0] * (n + self.wilds(state))
        self.start_hostilities(state)

    # ------------------------------------------------------------------ first round: place only
    def first_round(self, state, what):
        if state.round == 1:
            raise refused(IllegalMove, 108, what, self.cite("The Game"))

    # ------------------------------------------------------------------ trade
    def check_trade(self, state, a):
        p = self.turn(state, a, ("add",))
        self.check_cards(state, p, a.get("cards"), self.cite("Card Trading"))

    def apply_trade(self, state, e):
        p = e["p"]
        v = self.trade_value(state, p)
        self.close_pending(state)
        for c in e["cards"]:
            # "2 extra soldiers for each traded card that represents a territory they own ...
            # placed, mandatorily, on that territory"
            if c < state.n and state.owner[c] == p:
                state.armies[c] += 2
        self.hand_in(state, p, e["cards"])
        state.reserve += v
        self.check_victory(state, p)

    # ------------------------------------------------------------------ place / attack / moves
    def check_place(self, state, a):
        Rules.check_place(self, state, a)

    def apply_place(self, state, e):
        Rules.apply_place(self, state, e)
        self.check_victory(state, e["p"])

    def check_attack(self, state, a):
        self.first_round(state, "attacks")
        Rules.check_attack(self, state, a)
        n = a.get("n")
        if n is not None and (not isinstance(n, int) or isinstance(n, bool)):
            raise refused(IllegalMove, 109)
        # "The maximum number of armies taking part in each attack is three" (never the occupation army)
        self.attack_dice(state, a["f"], a["to"], a)

    def make_attack(self, state, a, src):
        e = Rules.make_attack(self, state, a, src)
        # Elimination with more than five cards: "the player removes, without looking, the number
        # of cards needed to complete five" - drawn here, stored in the event.
        to = e["to"]
        la, ld = self.resolve(state, e)
        victim = state.owner[to]
        if state.armies[to] - ld <= 0 and victim >= 0 and state.count(victim) == 1:
            hand = state.hands[e["p"]] + state.hands[victim]
            over = len(hand) - self.max_hand
            if over > 0:
                left = list(hand)
                rm = []
                for _ in range(over):
                    rm.append(left.pop(rand.below(src, len(left))))
                e["rm"] = rm
        return e

    def conquer(self, state, p, f, to, e):
        victim = state.owner[to]
        Rules.conquer(self, state, p, f, to, e)
        if victim >= 0 and not state.alive[victim] and state.killer[victim] == p:
            for c in e.get("rm", ()):
                state.hands[p].remove(c)
                state.discard.append(c)

    def check_move(self, state, a):
        Rules.check_move(self, state, a)

    def apply_move(self, state, e):
        Rules.apply_move(self, state, e)
        self.check_victory(state, e["p"])

    def check_regroup(self, state, a):
        self.first_round(state, "moves")
        Rules.check_regroup(self, state, a)

    def apply_regroup(self, state, e):
        Rules.apply_regroup(self, state, e)
        self.check_victory(state, e["p"])

    # ------------------------------------------------------------------ cards drawn
    def hand_full(self, state, p):
        # "A player who conquers one or more territories during their turn is entitled to one
        # territory card at the end of the turn" (war.txt, Card Conquest): no cap at five here;
        # five or more cards oblige a trade at the start of the next turn (Card Trading).
        return False

    def check_draw(self, state, a):
        self.first_round(state, "card")
        Rules.check_draw(self, state, a)

    def apply_draw(self, state, e):
        self.take_card(state, e)  # no +2 for a held territory outside a trade

    def apply_end(self, state, e):
        # WAR has no +2 for holding a card's territory outside a trade: no bonus here.
        self.close_pending(state)
        self.next_turn(state)

    def check_bonus(self, state, a):
        raise refused(IllegalMove, 110, self.cite("Card Trading"))

    # ------------------------------------------------------------------ victory
    def set_objective(self, state, p, oid):
        state.obj[p] = oid
        if oid == -1:
            return  # sealed (comando.engine.secret)
        o = self.objective(state, oid)
        if o.get("type") == "destroy":
            t = state.colours.index(o["colour"]) if o.get("colour") in state.colours else -1
            state.target[p] = t
            if t == p or t < 0:
                state.void[p] = 1  # one's own colour: the fallback objective from the start

    def objective_met(self, state, p):
        if state.obj[p] == -1:
            return False  # sealed: the device's game-ending event reveals it
        o = self.objective(state, state.obj[p])
        if o.get("type") == "destroy":
            t = state.target[p]
            if not state.void[p]:
                return t >= 0 and not state.alive[t] and state.killer[t] == p
            fb = o.get("fallback")
            if not isinstance(fb, dict):
                fb = {"type": "occupy", "total": FALLBACK_TOTAL}
            return state.board.occupation_met(fb, state.owner, p, state.armies)
        return state.board.occupation_met(o, state.owner, p, state.armies)

    def victory(self, state, p):
        # The rulebook ends the game only by objective; it is silent on a player left alone on the
        # map (all others eliminated). Nobody is left to play against: that player wins.
        return self.objective_met(state, p) or (sum(state.alive) == 1 and state.alive[p])

    def check_victory(self, state, p):
        if state.phase != "over" and self.objective_met(state, p):
            state.winner = p
            state.phase = "over"
            state.pending = None

    def on_eliminate(self, state, victim, by):
        # A destroy objective whose colour falls to another hand becomes its fallback.
        for r in range(state.np):
            if state.target[r] == victim and r != by:
                state.void[r] = 1

    def objective_text(self, state, p):
        if state.obj[p] == -1:
            return "Secret (revealed when the game ends)."
        o = self.objective(state, state.obj[p])
        s = o.get("text") or o.get("text_en") or o.get("text_pt") or str(o["id"])
        if o.get("type") == "destroy" and state.void[p]:
            s += " (impossible: conquer %d territories)" % (
                (o.get("fallback") or {}).get("total", FALLBACK_TOTAL)
                if isinstance(o.get("fallback"), dict) else FALLBACK_TOTAL)
        return s


RULES = WarRules()
