"""Risk, the online ruleset (rules/risk-online-12-maps.txt), as an engine ruleset plug-in: ``RULES``.

The rulebook has no section headings; messages cite it by the rule's own words. What it says and
what this module does:
- seat caps per map (``tables.seats.max``); a table too big opens on the smallest map that fits
  (``choose_board``);
- territories dealt at random one at a time, one army each; a reserve per player (40/35/30/25/20
  for 2..6 on World, proportional on smaller maps, or the board's ``tables.starting_reserves``);
  automatic deployment scatters it at random (stored in the deal) or, by hand, three at a time in
  rotation;
- reinforcements: territories // 3, minimum 3, plus each whole region's bonus (placed anywhere);
  every army is placed before the first attack;
- cards: a territory and a symbol (three kinds) plus two wildcards (``n`` and ``n + 1``); sets of
  three alike, one of each, or any with a wild; handed in at the start of the turn before placing;
  two of the set's armies go on a held territory named by a card; escalating (4, 6, 8, 10, 12, 15,
  then +5, counted over the whole table) or fixed (4 infantry, 6 cavalry, 8 artillery, 10 mixed);
  five cards force a set before placing; an elimination leaving six or more forces sets at once,
  in mid-assault, down to four cards (five would force another before placing), and their armies
  are placed before attacking on;
- attack: up to 3 dice, defence up to 2, the defender may choose fewer (option ``defdice`` =
  "choose") or rolls all (``auto``); move in at least the dice rolled, at most all but one;
- one regroup along a chain of one's own territories, which ends the turn; a card is drawn at the
  end of a turn with a conquest;
- a player with no territory is out; the conqueror keeps their cards; the last player holding
  territory wins; a walk-out leaves the territories neutral (unowned, armies in place);
- the diplomacy panel: public, non-binding entries (``dip``).
The opener is drawn at random at the deal (the rulebook names none; online tables draw the order).
"""

from comando.errors import IllegalMove, RulesError
from comando.texts import refused
from comando.engine import rand
from comando.engine.rules import Rules
from comando import rulebook, rulebook_armies

WILDCARDS = 2
DIP_KINDS = ("truce", "carve", "break", "note")


class RiskRules(Rules):
    id = "risk"
    name = "Risk (online)"
    book = "risk-online-12-maps.txt"
    combat = "risk"
    colours = ()
    min_players = 2
    max_players = 6
    max_hand = 5
    first_round_reinforces = True
    regroup_chain = True
    walk_out = True
    dip_panel = True
    defence_dice_choice = True
    trade_bonus = "one"
    # deck: 1 the players draw from the table's own deck (the turn's card named), 0 the engine's
    defaults = {"deploy": "auto", "sets": "escalating", "defdice": "auto", "pacts": 0, "deck": 0}
    setup_types = ("deal",)

    # ------------------------------------------------------------------ table and map
    def seat_cap(self, board):
        t = board.tables if isinstance(board.tables, dict) else {}
        seats = t.get("seats")
        if isinstance(seats, dict) and isinstance(seats.get("max"), int):
            return seats["max"]
        return self.max_players

    def check_new(self, board, players, options):
        Rules.check_new(self, board, players, options)
        cap = self.seat_cap(board)
        if len(players) > cap:
            raise refused(RulesError, 111, board.name, cap, len(players))
        if (options or {}).get("deploy", "auto") not in ("auto", "hand"):
            raise refused(RulesError, 112)
        if (options or {}).get("sets", "escalating") not in ("escalating", "fixed"):
            raise refused(RulesError, 113)
        if (options or {}).get("defdice", "auto") not in ("auto", "choose"):
            raise refused(RulesError, 114)

    def reserve_for(self, state):
        """The board's ``tables.starting_reserves``, else the rulebook's (comando.rulebook)."""
        return rulebook.risk_reserve(state.np, state.n, state.board.tables)

    def deploy_step(self, state):
        """Armies per turn of deployment by hand (``tables.placement.per_turn``, else 3)."""
        return rulebook.deploy_step(state.board.tables)

    # ------------------------------------------------------------------ setup
    def setup(self, state, src):
        n = state.n
        np_ = state.np
        e = {"t": "deal", "first": rand.below(src, np_)}
        e["order"] = rand.shuffled(src, range(n))
        e["deck"] = rand.shuffled(src, range(n + self.wilds(state)))
        if self.opt(state, "deploy") == "auto":
            owner = self._owners(e["order"], e["first"], n, np_)
            add = [0] * n
            r = self.reserve_for(state)
            for p in range(np_):
                mine = [c for c in range(n) if owner[c] == p]
                for _ in range(r):
                    add[mine[rand.below(src, len(mine))]] += 1
            e["auto"] = add
        return [e]

    def _owners(self, order, first, n, np_):
        owner = [0] * n
        for k in range(n):
            owner[order[k]] = (first + k) % np_
        return owner

    def check_deal(self, state, a):
        if state.round != 0 or state.deck or state.owner.count(-1) != state.n:
            raise refused(IllegalMove, 115)
        n = state.n
        f = a.get("first")
        if not isinstance(f, int) or f < 0 or f >= state.np:
            raise refused(IllegalMove, 116)
        if not isinstance(a.get("order"), list) or sorted(a["order"]) != list(range(n)):
            raise refused(IllegalMove, 117)
        if not isinstance(a.get("deck"), list) or sorted(a["deck"]) != list(range(n + self.wilds(state))):
            raise refused(IllegalMove, 118)
        if self.opt(state, "deploy") == "auto":
            add = a.get("auto")
            if not isinstance(add, list) or len(add) != n:
                raise refused(IllegalMove, 119)
            owner = self._owners(a["order"], f, n, state.np)
            r = self.reserve_for(state)
            for p in range(state.np):
                if sum(add[c] for c in range(n) if owner[c] == p) != r:
                    raise refused(IllegalMove, 120, r, p)

    def apply_deal(self, state, e):
        n = state.n
        owner = self._owners(e["order"], e["first"], n, state.np)
        for c in range(n):
            state.owner[c] = owner[c]
            state.armies[c] = 1 + (e["auto"][c] if "auto" in e else 0)
        state.deck = list(e["deck"])
        state.bonused = [0] * (n + self.wilds(state))
        state.first = e["first"]
        state.cur = state.first
        state.x["must"] = 0
        state.x["placed"] = 0
        state.x["dip"] = []
        state.x["walked"] = 0
        if "auto" in e:
            self.start_hostilities(state)
            return
        r = self.reserve_for(state)
        state.x["left"] = [r] * state.np
        state.phase = "place"
        state.sround = 0
        k = self.deploy_step(state)
        state.reserve = r if r < k else k

    def setup_amount(self, state, p, sround):
        left = state.x.get("left")
        if not left or not any(left):
            return None
        v = left[p]
        k = self.deploy_step(state)
        return v if v < k else k

    def advance_setup(self, state):
        """By hand: three (``deploy_step``) at a time in rotation until nobody has any left."""
        left = state.x["left"]
        for _ in range(state.np):
            s = (state.cur + 1) % state.np
            if s == state.first:
                state.sround += 1
            state.cur = s
            if state.alive[s] and left[s] > 0:
                state.phase = "place"
                k = self.deploy_step(state)
                state.reserve = left[s] if left[s] < k else k
                return
        self.start_hostilities(state)

    def begin_turn(self, state):
        Rules.begin_turn(self, state)
        state.x["placed"] = 0
        state.x["must"] = 0

    def start_hostilities(self, state):
        state.x["left"] = []
        Rules.start_hostilities(self, state)

    # ------------------------------------------------------------------ reinforcements
    def reinforcements(self, state, p):
        """"one for every three territories you hold, with a minimum of three ... plus the bonus for
        each region you hold outright" - placed wherever you like."""
        n = rulebook_armies.reinforcements("risk", state.count(p))
        b = state.board
        for c in range(b.continents):
            if b.owns_continent(state.owner, p, c):
                n += b.continent_bonus(c)
        return n, [0] * b.continents

    # ------------------------------------------------------------------ cards
    wildcards = WILDCARDS
    wild_name = "wild card"
    set_word = "set"
    set_rule = "a set is three of a symbol, one of each, or any with a wild"

    def kind_index(self, state, sym):
        """0 infantry, 1 cavalry, 2 artillery (by name, else by the board's symbol order)."""
        s = sym.lower()
        if s.startswith("inf"):
            return 0
        if s.startswith("cav"):
            return 1
        if s.startswith("art") or s.startswith("can"):
            return 2
        keys = list(state.board.card_symbols) if hasattr(state.board, "card_symbols") else []
        return keys.index(sym) if sym in keys else 0

    def set_value(self, state, cards):
        """The armies a set is worth now."""
        if self.opt(state, "sets") != "fixed":
            # "every set handed in at the table is worth more than the last": the board's
            # tables.trade_in, else the rulebook's 4, 6, 8, 10, 12, 15, +5 (comando.rulebook)
            return rulebook.nth_trade(rulebook.trade_in(state.board.tables, "risk"), state.ttrades)
        fixed = rulebook.fixed_sets(state.board.tables)  # infantry, cavalry, artillery, mixed
        kinds = []
        wild = 0
        for c in cards:
            s = self.symbols(state, c)
            if s is None:
                wild += 1
            else:
                kinds.append(self.kind_index(state, s[0]))
        best = 0
        # a mixed set: the non-wild cards all differ
        if len(set(kinds)) == len(kinds):
            best = fixed[3]
        else:
            for k in range(3):
                if all(x == k for x in kinds):
                    best = max(best, fixed[k])
        return best

    def trade_value(self, state, p):
        return self.set_value(state, state.hands[p][:3])

    def must_trade(self, state, p):
        return len(state.hands[p]) >= self.max_hand and self.has_set(state, state.hands[p])

    def check_trade(self, state, a):
        p = self.turn(state, a, ("add", "attack"))
        cards = a.get("cards")
        self.check_cards(state, p, cards)
        if state.x.get("must"):
            pass  # the mid-assault trade
        elif state.phase != "add":
            raise refused(IllegalMove, 121)
        elif state.x.get("placed"):
            raise refused(IllegalMove, 122)
        c = a.get("c")
        held = [x for x in cards if x < state.n and state.owner[x] == p]
        if c is not None and c not in held:
            raise refused(IllegalMove, 123)

    def apply_trade(self, state, e):
        p = e["p"]
        v = self.set_value(state, e["cards"])
        self.close_pending(state)
        held = [x for x in e["cards"] if x < state.n and state.owner[x] == p]
        self.hand_in(state, p, e["cards"])
        if held:
            # "two of those armies are placed directly on it"
            c = e.get("c", held[0])
            state.armies[c] += 2
            v -= 2
        state.reserve += v
        if state.x.get("must"):
            # down to four or fewer: five would force yet another set before placing
            if len(state.hands[p]) < self.max_hand:
                state.x["must"] = 0
            state.phase = "add"  # the set's armies are placed before the assault goes on

    # ------------------------------------------------------------------ place
    def check_place(self, state, a):
        p = self.turn(state, a, ("place", "add"))
        if state.phase == "add" and self.must_trade(state, p):
            raise refused(IllegalMove, 124, len(state.hands[p]))
        if state.x.get("must"):
            raise refused(IllegalMove, 125, len(state.hands[p]))
        Rules.check_place(self, state, a)

    def apply_place(self, state, e):
        if state.phase == "place":
            state.x["left"][e["p"]] -= e["n"]
        else:
            state.x["placed"] = 1
        Rules.apply_place(self, state, e)

    # ------------------------------------------------------------------ attack
    def attack_dice(self, state, f, to, a):
        if a.get("dn") is not None and self.opt(state, "defdice") != "choose":
            raise refused(IllegalMove, 126)
        if a.get("n") is not None:
            raise refused(IllegalMove, 127)
        return Rules.attack_dice(self, state, f, to, a)

    def check_attack(self, state, a):
        if state.x.get("must"):
            raise IllegalMove("You hold %d cards after the elimination: trade a set now, in the "
                              "middle of the assault" % (len(state.hands[a["p"]])
                                                             if isinstance(a.get("p"), int)
                                                             and 0 <= a["p"] < state.np else 6))
        Rules.check_attack(self, state, a)
        self.attack_dice(state, a["f"], a["to"], a)

    def eliminate(self, state, victim, by):
        Rules.eliminate(self, state, victim, by)
        # "if eliminating somebody leaves you holding six or more, you trade there and then"
        if len(state.hands[by]) >= 6:
            state.x["must"] = 1

    def victory(self, state, p):
        """"The winner is whoever is left as the only player holding territory on the map.\""""
        return sum(state.alive) == 1 and state.alive[p]

    # ------------------------------------------------------------------ regroup ends the turn
    def check_regroup(self, state, a):
        p = self.turn(state, a, ("add", "attack"))
        self.leave_add(state, p, "regroup")
        self._not_must(state, p)
        f = self.country(state, a, "f")
        to = self.country(state, a, "to")
        n = a.get("n")
        if not isinstance(n, int) or isinstance(n, bool):
            raise refused(IllegalMove, 128)
        if state.owner[f] != p:
            raise refused(IllegalMove, 129, self.cname(state, f))
        if state.owner[to] != p or f == to:
            raise refused(IllegalMove, 130, self.cname(state, to))
        if not state.board.connected(state.owner, p, f, to):
            raise refused(IllegalMove, 131, self.cname(state, f), self.cname(state, to))
        if n < 1 or n > state.armies[f] - 1:
            from comando.wording import count
            raise refused(IllegalMove, 132, self.cname(state, f), count(state.armies[f], "army"), state.armies[f] - 1)
        self._check_card_field(state, a)

    def make_regroup(self, state, a, src):
        return self._with_card(state, dict(a), src)

    def apply_regroup(self, state, e):
        self.close_pending(state)
        state.armies[e["f"]] -= e["n"]
        state.armies[e["to"]] += e["n"]
        self._finish_turn(state, e)

    # ------------------------------------------------------------------ end of turn, cards
    def _not_must(self, state, p):
        if state.x.get("must"):
            raise refused(IllegalMove, 133, len(state.hands[p]))

    def check_draw(self, state, a):
        raise refused(IllegalMove, 134)

    def check_bonus(self, state, a):
        raise refused(IllegalMove, 135)

    def check_end(self, state, a):
        p = self.turn(state, a, ("add", "attack"))
        self.leave_add(state, p, "end your turn")
        self._not_must(state, p)
        self._check_card_field(state, a)

    def _check_card_field(self, state, a):
        if "card" in a:
            self._check_card(state, a)
        elif ("seq" in a or self.opt(state, "deck")) and state.conq >= 1 and (state.deck or state.discard):
            raise refused(IllegalMove, 136, a.get("t"), ": name it" if self.opt(state, "deck") else "")

    def card_due(self, state, p):
        return (p == state.cur and state.phase != "over" and state.conq >= 1
                and bool(state.deck or state.discard))

    def check_move(self, state, a):
        Rules.check_move(self, state, a)

    def _with_card(self, state, e, src):
        if state.conq >= 1 and (state.deck or state.discard) and not self.opt(state, "deck"):
            self.top_card(state, e, src)
        return e

    def _check_card(self, state, a):
        if state.conq < 1:
            raise refused(IllegalMove, 137)
        if self.opt(state, "deck"):
            self.check_table_card(state, a)
            return
        top = state.deck[-1] if state.deck else None
        if top is None:
            sh = a.get("sh")
            if not isinstance(sh, list) or sorted(sh) != sorted(state.discard):
                raise refused(IllegalMove, 138)
            top = sh[-1]
        if a["card"] != top:
            raise refused(IllegalMove, 139, a["card"])

    def make_end(self, state, a, src):
        return self._with_card(state, dict(a), src)

    def apply_end(self, state, e):
        self.close_pending(state)
        self._finish_turn(state, e)

    def _finish_turn(self, state, e):
        p = state.cur
        if "card" in e:
            state.hands[p].append(self.pop_card(state, e))
        self.next_turn(state)

    # ------------------------------------------------------------------ walk-outs
    def check_walk(self, state, a):
        self.over(state)
        p = self.player(state, a)
        if not state.alive[p]:
            raise refused(IllegalMove, 140, state.who(p))

    def apply_walk(self, state, e):
        p = e["p"]
        for c in range(state.n):
            if state.owner[c] == p:
                state.owner[c] = -1  # "their territories stay on the board unowned"
        state.alive[p] = 0
        state.discard.extend(state.hands[p])
        state.hands[p] = []
        state.x["walked"] = 1
        live = [s for s in range(state.np) if state.alive[s]]
        if len(live) == 1:
            state.winner = live[0]
            state.phase = "over"
            state.pending = None
            return
        if state.phase == "place":
            state.x["left"][p] = 0
            if state.cur == p:
                self.advance_setup(state)
        elif state.cur == p:
            state.pending = None
            self.next_turn(state)

    # ------------------------------------------------------------------ the diplomacy panel
    def check_dip(self, state, a):
        self.over(state)
        p = self.player(state, a)
        if not state.alive[p]:
            raise refused(IllegalMove, 141, state.who(p))
        k = a.get("k")
        if k not in DIP_KINDS:
            raise refused(IllegalMove, 142, ", ".join(DIP_KINDS), k)
        q = a.get("q", -1)
        if k != "note" and (not isinstance(q, int) or q < 0 or q >= state.np or q == p):
            raise refused(IllegalMove, 143, k)
        text = a.get("text", "")
        if not isinstance(text, str) or len(text) > 120:
            raise refused(IllegalMove, 144)
        if k == "break":
            ref = a.get("ref")
            for d in state.x["dip"]:
                if d[0] == ref and p in (d[1], d[2]) and d[3] in ("truce", "carve"):
                    return
            raise refused(IllegalMove, 145, ref)

    def apply_dip(self, state, e):
        # Non-binding: recorded for everyone to read, never enforced.
        state.x["dip"].append([e.get("seq", state.seq), e["p"], e.get("q", -1), e["k"],
                               e.get("text", "")])

    def enforce_pacts(self, state):
        return False


RULES = RiskRules()


def choose_board(players, board_ids=None, load=None):
    """The board a Risk table of ``players`` opens on: the first of ``board_ids`` if it seats them,
    else the smallest map (fewest territories; a tie goes to the earlier id) that does. ``load``
    loads a board by id. RulesError when no map seats them (rulesets/risk/maps.py's rule)."""
    if load is None:
        from comando.board import load_board as load
    if not board_ids:
        raise refused(RulesError, 146)
    from comando.rulesets.risk.maps import smallest_fit
    return smallest_fit(players, [load(b) for b in board_ids], RULES.seat_cap)


def maps(load=None):
    """The ids of the twelve maps in the rulebook's order ("Spain ..., Westeros ..., World ...,
    ... the Canaries"): World's ``tables.maps`` (data in boards/risk.json), else World alone."""
    if load is None:
        from comando.board import load_board as load
    t = load("risk").tables
    ids = t.get("maps") if isinstance(t, dict) else None
    return list(ids) if isinstance(ids, list) and ids else ["risk"]


def table_board(players, asked, load=None):
    """"If the room fills past that cap, the game opens on the smallest map the whole table fits
    on": the map ``asked`` for if it seats ``players``, else the smallest of the twelve that does
    (equal sizes: the rulebook's order)."""
    ids = [asked] + [m for m in maps(load) if m != asked]
    return choose_board(players, ids, load)


def table_options(players, asked, load=None):
    """The table session's options for a Risk table of ``players`` that asked for map ``asked``:
    the map it opens on (``table_board``), its size (the reserves are proportional to it) and its
    seat cap."""
    b = table_board(players, asked, load)
    return {"board": b.id, "territories": b.n, "seats": RULES.seat_cap(b)}
