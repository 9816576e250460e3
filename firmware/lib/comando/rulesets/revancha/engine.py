"""T.E.G. La Revancha (rules/teg-la-revancha.txt) as an engine ruleset plug-in: ``RULES``.

Built on the T.E.G. classic plug-in where the books agree (the deal's die rolls, attacks, the
move-in, regrouping, a card after a conquest and two after the third exchange, pacts as a public
ledger). What La Revancha adds lives in small modules of this package: ``objectives`` (the
board's 19 cards, 45 countries, 2- and 3-player variants), ``cards`` (symbols, super and continent
cards, 6/10/15/20 exchanges), ``missiles``, ``blockades``; the situation deck is
``comando.rulesets.revancha.situations`` (the device's table session uses the same code).

Events beyond the base ones: ``arm`` (missiles placed from the new forces or replacing armies),
``missile`` (a detonation), ``trade`` with continent cards (``cc``), ``regroup`` with missiles
(``m``). The round's situation card is turned by the event that opens the round (the last setup
placement, or the ``end`` that wraps the round): it carries the crisis dice (``cr``) and a
reshuffled situation deck (``ssh``) when the deck ran out. Decisions where the rulebook is silent
are in docs/architecture.md ("La Revancha").
"""

from comando.errors import IllegalMove, RulesError
from comando.texts import refused
from comando.engine import rand
from comando.engine.rules import Rules
from comando.rulesets.teg.engine import TegRules, pick_top, resolve_rolls, _perm
from comando import combat, rulebook, rulebook_armies
from comando.rulesets.revancha import situations as sit
from comando.rulesets.revancha import blockades, missiles, objectives
from comando.rulesets.revancha import cards as exchanges
from comando.rulesets.revancha import condominium as cdm
from comando.rulesets.revancha.pact_rules import PactRules
from comando.rulesets.revancha import quotes
from comando.rulesets.revancha.quotes import BOOK
from comando.rulesets.revancha.aggression import moves as _condo

# The kind of each situation card, looked up once (every attack asks).
CARD_KINDS = tuple(sit.kind(c) for c in range(sit.DECK_SIZE))
COLOURS = ("white", "black", "red", "blue", "yellow", "green")



class RevanchaRules(PactRules):
    id = "revancha"
    name = "T.E.G. La Revancha"
    book = BOOK
    combat = "revancha"
    colours = COLOURS
    min_players = 2
    max_players = 6
    max_hand = 5
    first_round_reinforces = False
    # pacts: enforce the pact ledger; common: the common objective's countries; right: which seat
    # "the player on the right" is (-1 previous, 1 next); situations: 0 plays without the deck
    # (every round classic combat); zones: 1 requires the third exchange for an international zone.
    # condo: 1 counts a country in condominium for each holder, 0 for neither (condominium.owner_view).
    defaults = {"pacts": 1, "common": 45, "right": -1, "situations": 1, "zones": 1, "condo": 0,
                "deck": 0}
    set_word = "exchange"
    set_rule = "these cards are neither three equal symbols nor three different ones"

    missiles = True
    continent_pacts = True
    condominiums = True
    continent_deck = True
    trade_verb = "exchanges"

    def make_bot(self, src):
        from comando.rulesets.revancha.bot import RevanchaBot
        return RevanchaBot(src)

    def bot_wants(self, bot, state, p, w):
        """Not T.E.G. classic's objectives: La Revancha's own player (revancha/bot.py) weighs its
        objectives; the shared bot treats every country alike here."""

    # ------------------------------------------------------------------ helpers
    def cite(self, section):
        # the base rules' section names -> this rulebook's section and its words (quotes.txt)
        return " (%s, %s)" % (BOOK, quotes.section(section))

    def small(self, state):
        return False  # La Revancha deals every country at any table size (no claim phase)

    def situation(self, state):
        c = state.x.get("sit", -1)
        return c if c is not None and c >= 0 else None

    def objs_of(self, state, p):
        o2 = state.x.get("o2")
        if o2:
            return [state.obj[p], o2[p]]
        return [state.obj[p]]

    def resting(self, state, p):
        return sit.regroup_error(self.situation(state), state.colours[p]) is not None

    def rest_check(self, state, p, what):
        if self.resting(state, p):
            raise refused(IllegalMove, 147, state.who(p), what, self.quote("rest"))

    def placeable(self, state, c, p):
        """``p`` may put new armies on ``c`` now (its own, not blockaded, not an international zone)."""
        return state.owner[c] == p and not blockades.blockaded(state, c) \
            and self.zone_pact(state, c, p) is None

    # ------------------------------------------------------------------ setup
    def check_new(self, board, players, options):
        TegRules.check_new(self, board, players, options)
        o = options or {}
        if o.get("right", -1) not in (-1, 1):
            raise refused(RulesError, 148, o.get("right"))
        for k in ("situations", "zones", "pacts", "condo"):
            if o.get(k, 1) not in (0, 1):
                raise refused(RulesError, 149, k, o.get(k))
        if not isinstance(o.get("common", 45), int) or not 1 <= o.get("common", 45) <= board.n:
            raise refused(RulesError, 150, board.n, o.get("common"))

    def setup(self, state, src):
        n = state.n
        np_ = state.np
        e: dict = {"t": "deal"}
        e["order"] = rand.shuffled(src, range(n))
        left = n % np_
        if left:
            # "If 5 people play, 2 cards will be left over; ... each player rolls a die, and the two
            # remaining cards are given to the players who obtained the highest numbers."
            e["xr"], _ = pick_top(src, range(np_), left)
        e["fr"], _ = pick_top(src, range(np_), 1)
        e["deck"] = rand.shuffled(src, range(n))
        pool = objectives.pool(state.board, np_)
        k = 2 if np_ == 2 else 1
        picked = rand.shuffled(src, range(len(pool)))[:np_ * k]
        e["obj"] = [pool[i] for i in picked]
        if self.opt(state, "situations"):
            e["sd"] = sit.shuffle(src)
        return [e]

    def check_deal(self, state, a):
        if state.round != 0 or state.deck or state.owner.count(-1) != state.n:
            raise refused(IllegalMove, 151)
        n = state.n
        np_ = state.np
        if not _perm(a.get("order"), n):
            raise refused(IllegalMove, 152)
        if n % np_:
            resolve_rolls(a.get("xr") or [], range(np_), n % np_)
        resolve_rolls(a.get("fr") or [], range(np_), 1)
        if not _perm(a.get("deck"), n):
            raise refused(IllegalMove, 153)
        pool = objectives.pool(state.board, np_)
        k = 2 if np_ == 2 else 1
        objs = a.get("obj")
        if isinstance(objs, list) and len(objs) == np_ * k and objs.count(-1) == np_ * k:
            pass  # sealed (comando.engine.secret): the laptop's fold does not know them
        elif not isinstance(objs, list) or len(objs) != np_ * k or len(set(objs)) != np_ * k \
                or any(o not in pool for o in objs):
            from comando.wording import count   # (a refusal's words: off the heap otherwise)
            raise refused(IllegalMove, 154, count(k, "different secret objective"), len(pool), np_)
        if self.opt(state, "situations"):
            sd = a.get("sd")
            if not isinstance(sd, list):
                raise refused(IllegalMove, 155)
            try:
                sit.check_order(sd)
            except RulesError as exc:
                raise refused(IllegalMove, 156, exc)

    def apply_deal(self, state, e):
        # the deal itself as in T.E.G. (first player, the cards' order, the dice for the leftover
        # countries, objectives, the first round's armies); then La Revancha's own ledgers
        TegRules.apply_deal(self, state, e)
        n = state.n
        np_ = state.np
        b = state.board
        objs = e["obj"]
        x = state.x
        if len(objs) == 2 * np_:
            x["o2"] = objs[np_:]
        x["mis"] = [0] * n          # missiles per country
        x["mm"] = [0] * n           # missiles regrouped into a country this turn (they stay)
        x["cch"] = [-1] * b.continents  # continent card holder per continent
        x["ccu"] = [0] * np_        # continent cards each seat has used (bit per continent)
        x["xr"] = [0] * np_         # the round of each seat's last exchange
        x["sd"] = list(e.get("sd") or [])
        x["sit"] = -1
        x["bar"] = []               # seats a crisis bars from drawing a card this round
        x["cq"] = 0                 # continents where the player on turn conquered (bits)
        x["ext"] = 0                # 1 while the extra reinforcements are placed
        x["nocard"] = [0] * np_     # 1: the next card earned is lost (a forgotten zone, no cards)

    def setup_amount(self, state, p, sround):
        # "First Round": 8 then 4; "5. Playing with 2 or 3 People": 18 in one round for two
        # (the board's tables.starting_reserves, else comando.rulebook.REVANCHA_PLACEMENT).
        rounds = rulebook.placement("revancha", state.np, state.board.tables)
        return rounds[sround] if sround < len(rounds) else None

    # ------------------------------------------------------------------ rounds
    def setup_ends(self, state, amount):
        """True when placing ``amount`` now finishes the setup (the next event opens round 1)."""
        if state.phase != "place" or state.x.get("ext") or state.round != 0:
            return False
        if state.to_place() - amount != 0:
            return False
        s = (state.cur + 1) % state.np
        sr = state.sround + 1 if s == state.first else state.sround
        return self.setup_amount(state, s, sr) is None

    def round_fields(self, state, e, src):
        """Adds to event ``e`` the randomness the round it opens needs: a reshuffled situation
        deck when the deck runs out (``ssh``), the crisis dice (``cr``)."""
        if not self.opt(state, "situations"):
            return e
        deck = state.x.get("sd") or []
        live = self.live_colours(state)
        if sit.reshuffle_due(deck, live) and not isinstance(e.get("ssh"), list):
            e["ssh"] = sit.shuffle(src)
        turned, _ = sit.turn_over(deck, live, e.get("ssh"))
        if sit.needs_crisis_roll(turned[-1]) and not isinstance(e.get("cr"), list):
            e["cr"] = sit.crisis_dice(src, state.alive)
        return e

    def live_colours(self, state):
        return [state.colours[s] for s in range(state.np) if state.alive[s]]

    def check_round_fields(self, state, a):
        """What an event opening a round carries (a reshuffle, crisis dice) must be well formed;
        an action without them gets them drawn by ``make``."""
        sh = a.get("ssh")
        if sh is not None:
            if not isinstance(sh, list):
                raise refused(IllegalMove, 157)
            try:
                sit.check_order(sh)
            except RulesError as exc:
                raise IllegalMove(str(exc))
        cr = a.get("cr")
        if cr is not None:
            if not isinstance(cr, list) or len(cr) != state.np:
                raise refused(IllegalMove, 158)
            for s in range(state.np):
                d = cr[s]
                if state.alive[s] and (not isinstance(d, int) or isinstance(d, bool) or d < 1 or d > 6):
                    raise refused(IllegalMove, 159, d)

    def turn_over(self, state, e):
        """"A) Turn Over a Situation Card": cards naming an absent colour are put aside."""
        x = state.x
        x["bar"] = []
        if not self.opt(state, "situations"):
            x["sit"] = -1
            return
        turned, x["sd"] = sit.turn_over(x["sd"], self.live_colours(state), e.get("ssh"))
        c = turned[-1]
        x["sit"] = c
        if sit.needs_crisis_roll(c):
            x["bar"] = list(sit.crisis_barred(e["cr"]))

    def start_hostilities(self, state, e=None):
        state.round = 1
        state.cur = state.first
        # A victory may be complete from the deal (the 2- and 3-player variants exist for that)
        s = state.first
        for _ in range(state.np):
            if state.alive[s] and self.victory(state, s):
                self.win(state, s)
                return
            s = (s + 1) % state.np
        self.open_round(state, e or {})

    def open_round(self, state, e):
        self.turn_over(state, e)
        card = self.situation(state)
        if sit.needs_extra(card):
            # "Extra reinforcements are placed one player at a time, following the round of the
            # game and before attacks begin."
            state.x["ext"] = 1
            state.cur = state.first
            amt = self.extra_for(state, state.first)
            if amt:
                state.phase = "place"
                state.reserve = amt
                state.cres = [0] * len(state.cres)
                return
            self.next_extra(state)
            return
        self.begin_turn(state)

    def extra_for(self, state, s):
        mine = state.countries_of(s)
        k = len(mine)
        for c in mine:
            if not blockades.blockaded(state, c, k) and self.zone_pact(state, c, s) is None:
                return sit.extra_armies(k)
        return 0

    def next_extra(self, state):
        s = state.cur
        for _ in range(state.np):
            s = (s + 1) % state.np
            if s == state.first:
                break
            if state.alive[s]:
                amt = self.extra_for(state, s)
                if amt:
                    state.cur = s
                    state.phase = "place"
                    state.reserve = amt
                    return
        state.x["ext"] = 0
        state.cur = state.first
        self.begin_turn(state)

    def begin_turn(self, state):
        state.x["cq"] = 0
        state.x["mm"] = [0] * state.n
        Rules.begin_turn(self, state)
        cdm.turn_begins(state)

    def next_turn(self, state, e=None):
        s, wrapped = self.next_seat(state)
        if not wrapped:
            state.cur = s
            self.begin_turn(state)
            return
        # "Second Round and Following": "the player who started the hostilities will now be the
        # last to play, and the one who was second to play ... will now be the first."
        state.round += 1
        f = state.first
        for _ in range(state.np):
            f = (f + 1) % state.np
            if state.alive[f]:
                break
        state.first = f
        state.cur = f
        self.open_round(state, e or {})

    def win(self, state, p):
        state.winner = p
        state.phase = "over"
        state.pending = None

    # ------------------------------------------------------------------ reinforcements
    def reinforcements(self, state, p):
        """"B) Placing Armies on the Map": half the countries (at least 4) and the continents'
        armies, none of them on a blockaded country; a player with nowhere to place gets none."""
        b = state.board
        ov = cdm.owner_view(state, p)
        mine = [c for c in range(state.n) if ov[c] == p]
        k = len(mine)
        free = [c for c in mine if not blockades.blockaded(state, c, k)]
        cres = [0] * b.continents
        if not free:
            return 0, cres
        n = rulebook_armies.reinforcements("revancha", k)
        for c in range(b.continents):
            if b.owns_continent(ov, p, c):
                for m in free:
                    if b.continent_of(m) == c:
                        cres[c] = b.continent_bonus(c)
                        break
        return n, cres

    # ------------------------------------------------------------------ place
    def check_place(self, state, a):
        c = a.get("c")
        if state.x.get("cd") and isinstance(c, int) and 0 <= c < state.n and cdm.row(state, c) is not None \
                and state.owner[c] != a.get("p") and cdm.holds(state, c, a.get("p")):
            # "always in its own countries or in condominium"
            self.with_swaps(state, [c], self.check_place1, state, a)
            return
        self.check_place1(state, a)

    def check_place1(self, state, a):
        Rules.check_place(self, state, a)
        c = a["c"]
        if state.round and blockades.blockader(state, c) >= 0:
            raise refused(IllegalMove, 160, self.cname(state, c), state.who(blockades.blockader(state, c)), self.quote("blockade"))
        if state.phase == "place" and self.setup_ends(state, a["n"]):
            self.check_round_fields(state, a)

    def make_place(self, state, a, src):
        e = dict(a)
        if self.setup_ends(state, a["n"]):
            self.round_fields(state, e, src)
        return e

    def take_reserve(self, state, c, n):
        """``n`` of the armies to place leave the reserve for country ``c`` (its continent's
        armies first)."""
        cont = state.board.continent_of(c)
        k = state.cres[cont]
        if k:
            k = n if n < k else k
            state.cres[cont] -= k
        state.reserve -= n - k

    def apply_place(self, state, e):
        c = e["c"]
        if state.x.get("cd") and state.owner[c] != e["p"]:
            cdm.swap(state, c)
            self.apply_place1(state, e)
            cdm.swap(state, c)
            return
        self.apply_place1(state, e)

    def apply_place1(self, state, e):
        c = e["c"]
        n = e["n"]
        cres = state.cres
        cont = state.board.continent_of(c)
        k = cres[cont]
        if k:  # the continent's armies first (take_reserve, inlined: the most frequent event)
            k = n if n < k else k
            cres[cont] -= k
        state.reserve -= n - k
        state.armies[c] += n
        if state.phase == "place":
            self.after_placing(state, e)

    def after_placing(self, state, e):
        if state.phase == "place" and state.to_place() == 0:
            if state.x.get("ext"):
                self.next_extra(state)
            else:
                s = (state.cur + 1) % state.np
                if s == state.first:
                    state.sround += 1
                state.cur = s
                amount = self.setup_amount(state, s, state.sround)
                if amount is None:
                    self.start_hostilities(state, e)
                else:
                    state.reserve = amount

    # ------------------------------------------------------------------ missiles: placing
    def check_arm(self, state, a):
        p = self.turn(state, a, ("place", "add"))
        c = self.country(state, a)
        k = a.get("k")
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise refused(IllegalMove, 161)
        how = a.get("src")
        per = missiles.table(state.board)[0]
        if state.owner[c] != p:
            raise refused(IllegalMove, 162, self.cname(state, c))
        if state.x.get("cd") and cdm.row(state, c) is not None:
            raise refused(IllegalMove, 163)
        if how == "r":
            cont = state.board.continent_of(c)
            avail = state.reserve + state.cres[cont]
            if per * k > avail:
                from comando.wording import count   # (a refusal's words: off the heap otherwise)
                raise refused(IllegalMove, 164, count(k, "missile"), per * k, avail, self.cname(state, c), self.quote("place_missile"))
            if blockades.blockaded(state, c):
                raise refused(IllegalMove, 165, self.cname(state, c), self.quote("blockade"))
            if self.zone_pact(state, c, p) is not None:
                raise refused(IllegalMove, 166, self.cname(state, c))
            if self.setup_ends(state, per * k):
                self.check_round_fields(state, a)
        elif how == "m":
            if state.armies[c] < per * k + 1:
                from comando.wording import count   # (a refusal's words: off the heap otherwise)
                raise refused(IllegalMove, 167, self.cname(state, c), state.armies[c], count(k, "missile"), per * k, self.quote("occupation"))
        else:
            raise refused(IllegalMove, 168)

    def make_arm(self, state, a, src):
        e = dict(a)
        if a.get("src") == "r" and self.setup_ends(state, missiles.table(state.board)[0] * a["k"]):
            self.round_fields(state, e, src)
        return e

    def apply_arm(self, state, e):
        c = e["c"]
        k = e["k"]
        per = missiles.table(state.board)[0]
        mis = state.x["mis"]
        mis[c] += k
        if e["src"] == "m":
            state.armies[c] -= per * k
            return
        self.take_reserve(state, c, per * k)
        self.after_placing(state, e)

    # ------------------------------------------------------------------ missiles: firing
    def airspace(self, state, p):
        """Borders closed to ``p``'s missiles: its pacts between two neighbouring countries."""
        out = []
        if not state.pacts or not self.enforce_pacts(state):
            return out
        b = state.board
        for pact in state.pacts:
            if pact[1] == "c" and (pact[2] == p or pact[3] == p) and b.is_border(pact[4], pact[5]):
                out.append((pact[4], pact[5]))
        return out

    def missile_range(self, state, p, f, to):
        """(distance, destroyed armies) for a missile from ``f`` at ``to``; distance None when out
        of range (the pacts' airspace avoided)."""
        b = state.board
        rng = missiles.table(b)[1]
        d = missiles.distance(b, f, to, self.airspace(state, p), rng)
        return d, missiles.damage(b, d)

    def check_missile(self, state, a):
        p = self.turn(state, a, ("add", "attack"))
        self.leave_add(state, p, "fire a missile")
        f = self.country(state, a, "f")
        to = self.country(state, a, "to")
        mis = state.x["mis"]
        if state.x.get("cd") and (cdm.row(state, f) is not None or cdm.row(state, to) is not None):
            raise refused(IllegalMove, 169, cdm.quote("cd_name"))
        if state.owner[f] != p:
            raise refused(IllegalMove, 170, self.cname(state, f))
        if state.owner[to] == p:
            raise refused(IllegalMove, 171, self.cname(state, to))
        self.rest_check(state, p, "attack")
        if mis[f] < 1:
            raise refused(IllegalMove, 172, self.cname(state, f), self.quote("no_missile"))
        pact = self.blocking_pact(state, f, to)
        if pact is not None:
            raise refused(IllegalMove, 173, self.cname(state, f), self.cname(state, to), self.describe_pact(state, pact))
        d, dmg = self.missile_range(state, p, f, to)
        if d is None:
            plain = state.board.distance(f, to, 3)
            if plain is not None and self.airspace(state, p):
                raise refused(IllegalMove, 174, self.cname(state, f), self.cname(state, to), self.quote("airspace"))
            raise refused(IllegalMove, 175, self.cname(state, to), self.cname(state, f), self.quote("range"))
        card = self.situation(state)
        err = sit.attack_error(card, state.colours[p], state.colours[state.owner[to]],
                               state.board.continent_of(f) == state.board.continent_of(to))
        if err:
            raise IllegalMove(err + " (%s, Hostilities - Situation Cards)" % BOOK)
        if blockades.blockaded(state, f) and not state.board.is_border(f, to):
            raise refused(IllegalMove, 176, self.cname(state, f), self.quote("blockade_attack"))
        if state.armies[to] <= dmg:
            raise refused(IllegalMove, 177, self.cname(state, to), state.armies[to], self.cname(state, f), dmg, self.quote("fewer"))
        if mis[to] >= mis[f]:
            from comando.wording import count   # (a refusal's words: off the heap otherwise)
            raise refused(IllegalMove, 178, self.cname(state, to), count(mis[to], "missile"), self.cname(state, f), mis[f], self.quote("shield"))

    def make_missile(self, state, a, src):
        e = dict(a)
        e["d"], _ = self.missile_range(state, a["p"], a["f"], a["to"])
        return e

    def apply_missile(self, state, e):
        self.close_pending(state)
        state.phase = "attack"
        d = e.get("d")
        if d is None:
            d, _ = self.missile_range(state, e["p"], e["f"], e["to"])
        state.x["mis"][e["f"]] -= 1
        state.armies[e["to"]] -= missiles.damage(state.board, d)

    # ------------------------------------------------------------------ attack
    def card_kind(self, state):
        """The kind of the round's situation card (situations.CLASSIC when there is none)."""
        c = state.x.get("sit", -1)
        return CARD_KINDS[c] if c is not None and c >= 0 else sit.CLASSIC

    def dice_mods(self, state):
        return sit.KIND_MODS[self.card_kind(state)]

    def attack_dice(self, state, f, to, a):
        mods = self.dice_mods(state)
        att, dfn = state.armies[f], state.armies[to]
        if state.x.get("cd"):  # each side rolls with its own armies in a condominium
            att = cdm.own(state, f, a.get("p"))
            if cdm.row(state, to) is not None:
                vs = a.get("vs")
                if vs is None and f == to:
                    vs = cdm.other(state, to, a.get("p"))
                dfn = cdm.own(state, to, vs)
        if att >= 2 and dfn >= 1:
            return combat.max_dice(self.combat, att, dfn, mods)
        try:
            return combat.dice_counts(self.combat, att, dfn, mods)
        except RulesError as exc:
            raise IllegalMove(str(exc))

    def check_attack(self, state, a):
        ag = state.x.get("ag")
        if ag and a.get("to") == ag[0] and a.get("p") in (ag[1], ag[2]):
            self.check_joint(state, a, ag)
            return
        self.ag_refuse(state, "attack elsewhere")
        if state.x.get("cd"):
            if a.get("f") == a.get("to") and cdm.row(state, a.get("f")) is not None:
                self.check_inside(state, a)
                return
            self.check_condo_attack(state, a)
            sw = self.attack_swaps(state, a)
            if sw:
                self.with_swaps(state, sw, self.check_attack1, state, a)
                return
        self.check_attack1(state, a)

    def apply_attack(self, state, e):
        ag = state.x.get("ag")
        if ag and e["to"] == ag[0] and e["p"] in (ag[1], ag[2]):
            self.apply_joint(state, e, ag)
            return
        if e["f"] == e["to"]:
            self.apply_inside(state, e)
            return
        sw = self.attack_swaps(state, e) if state.x.get("cd") else ()
        for c in sw:
            cdm.swap(state, c)
        Rules.apply_attack(self, state, e)
        for c in sw:
            # a conquered condominium keeps its new holder first (conquer put its rows right)
            if cdm.row(state, c) is not None and not (c == e["to"] and state.owner[c] == e["p"]):
                cdm.swap(state, c)

    def check_attack1(self, state, a):
        k = self.card_kind(state)
        if k == sit.REST:
            p = self.player(state, a)
            if p == state.cur and state.phase in ("add", "attack"):
                self.rest_check(state, p, "attack")
        Rules.check_attack(self, state, a)
        self.border_card_check(state, a["p"], a["f"], a["to"])

    def border_card_check(self, state, p, f, to):
        """OPEN / CLOSED BORDERS: an attack from ``f`` to ``to`` crosses (or stays inside) a
        continent as the round's situation card says."""
        k = self.card_kind(state)
        if k == sit.OPEN or k == sit.CLOSED:
            err = sit.attack_error(state.x["sit"], state.colours[p], state.colours[state.owner[to]],
                                   state.board.is_internal(f, to))
            if err:
                raise IllegalMove(err + " (%s, Hostilities - Situation Cards)" % BOOK)

    def conquer(self, state, p, f, to, e):
        self.taken_from(state, to, state.owner[to])
        Rules.conquer(self, state, p, f, to, e)
        r = cdm.row(state, to)
        if r is not None:
            if r[1] == p:  # "If it manages to expel both occupants, the country will belong to it exclusively."
                state.armies[to] += r[2]
                cdm.drop(state, to)
            else:  # "3. ... a new condominium will be established between the occupant that still remains"
                cdm.expel(state, to)

    # ------------------------------------------------------------------ regroup (missiles too)
    def check_regroup(self, state, a):
        cdr = state.x.get("cdr")
        if cdr and a.get("p") != state.cur and [a.get("to"), a.get("p")] in cdr:
            self.check_ally_regroup(state, a)
            return
        sw = self.regroup_swaps(state, a) if state.x.get("cd") else ()
        if sw:
            self.with_swaps(state, sw, self.check_regroup1, state, a)
            return
        self.check_regroup1(state, a)

    def regroup_swaps(self, state, a):
        return _condo().regroup_swaps(self, state, a)

    def check_regroup1(self, state, a):
        p = self.turn(state, a, ("add", "attack", "regroup"))
        self.ag_refuse(state, "regroup")
        self.rest_check(state, p, "regroup")
        m = a.get("m", 0)
        if not m:
            Rules.check_regroup(self, state, a)
            return
        if not isinstance(m, int) or isinstance(m, bool) or m < 0:
            raise refused(IllegalMove, 179)
        self.leave_add(state, p, "regroup")
        f = self.country(state, a, "f")
        to = self.country(state, a, "to")
        n = a.get("n", 0)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise refused(IllegalMove, 180)
        if state.owner[f] != p or state.owner[to] != p:
            raise refused(IllegalMove, 181, self.cite("B) Regrouping Forces"))
        if f == to or not state.board.is_border(f, to):
            raise refused(IllegalMove, 182, self.cname(state, f), self.cname(state, to), self.cite("B) Regrouping Forces"))
        if n:
            k = self.regroup_movable(state, f)
            if n > k:
                raise refused(IllegalMove, 183, self.cname(state, f), max(k, 0), n, self.cite("B) Regrouping Forces"))
        mis = state.x["mis"]
        free = mis[f] - state.x["mm"][f]
        if m > free:
            from comando.wording import count   # (a refusal's words: off the heap otherwise)
            raise refused(IllegalMove, 184, self.cname(state, f), count(max(free, 0), "missile"), self.cite("B) Regrouping Forces"))
        if self.zone_pact(state, to, p) is not None:
            raise refused(IllegalMove, 185, self.cname(state, to))

    def check_ally_regroup(self, state, a):
        return _condo().check_ally_regroup(self, state, a)

    def apply_regroup(self, state, e):
        if e["p"] != state.cur:  # the ally's regroup into the condominium
            self.close_pending(state)
            state.armies[e["f"]] -= e["n"]
            cdm.add_own(state, e["to"], e["p"], e["n"])
            state.phase = "card"
            return
        sw = self.regroup_swaps(state, e) if state.x.get("cd") else ()
        for c in sw:
            cdm.swap(state, c)
        self.apply_regroup1(state, e)
        for c in sw:
            cdm.swap(state, c)

    def apply_regroup1(self, state, e):
        Rules.apply_regroup(self, state, e) if e.get("n") else self._regroup_phase(state)
        m = e.get("m", 0)
        if m:
            mis = state.x["mis"]
            mis[e["f"]] -= m
            mis[e["to"]] += m
            state.x["mm"][e["to"]] += m

    def _regroup_phase(self, state):
        self.close_pending(state)
        state.phase = "regroup"

    # ------------------------------------------------------------------ exchanges
    def held_continents(self, state, p):
        cch = state.x.get("cch") or ()
        return [k for k in range(len(cch)) if cch[k] == p]

    def exchange_options(self, state, p):
        return exchanges.options(state.board, state.hands[p], self.held_continents(state, p))

    def trade_value(self, state, p):
        return exchanges.value(state.board, state.trades[p])

    def is_set(self, state, cards):
        return exchanges.is_exchange(state.board, list(cards), [])

    def must_trade(self, state, p) -> bool:
        """A hand over five (an eliminated player's cards) must be exchanged, but "No player may
        make more than one exchange per round": after this round's exchange the rest waits for
        the next round instead of blocking the turn."""
        return state.x["xr"][p] != state.round and TegRules.must_trade(self, state, p)

    def check_trade(self, state, a):
        p = self.turn(state, a, ("add",))
        cs = a.get("cards")
        ks = a.get("cc", [])
        if cs is None:
            cs = []
        if not isinstance(cs, list) or not isinstance(ks, list) or not (cs or ks):
            raise refused(IllegalMove, 186)
        for c in cs:
            if not self.is_card(state, c):
                raise refused(IllegalMove, 187, c)
            if c not in state.hands[p]:
                raise refused(IllegalMove, 188, self.cname(state, c))
        if len(set(cs)) != len(cs) or len(set(ks)) != len(ks):
            raise refused(IllegalMove, 189)
        cch = state.x["cch"]
        for k in ks:
            if not isinstance(k, int) or isinstance(k, bool) or k < 0 or k >= len(cch):
                raise refused(IllegalMove, 190, k)
            if cch[k] != p:
                raise refused(IllegalMove, 191, state.board.continent_name(k))
        if state.x["xr"][p] == state.round:
            raise refused(IllegalMove, 192, self.quote("one_exchange"))
        if not exchanges.is_exchange(state.board, cs, ks):
            names = [self.cname(state, c) for c in cs] + [state.board.continent_name(k) for k in ks]
            raise refused(IllegalMove, 193, ", ".join(names), self.quote("exchange"))

    def apply_trade(self, state, e):
        p = e["p"]
        v = self.trade_value(state, p)
        self.close_pending(state)
        cs = e.get("cards") or []
        for c in cs:
            state.bonused[c] = 0
        self.hand_in(state, p, cs)
        x = state.x
        for k in e.get("cc") or ():
            x["cch"][k] = -1
            x["ccu"][p] |= 1 << k
        x["xr"][p] = state.round
        state.reserve += v

    # ------------------------------------------------------------------ country cards
    def check_draw(self, state, a):
        p = self.player(state, a)
        if p == state.cur and p in (state.x.get("bar") or ()) and state.phase != "over":
            raise refused(IllegalMove, 194, state.who(p), self.quote("crisis"))
        Rules.check_draw(self, state, a)
        self.ag_refuse(state, "take a card")
        if (state.x.get("nocard") or [0] * state.np)[p]:
            raise refused(IllegalMove, 195, state.who(p), self.quote("forget"))

    # ------------------------------------------------------------------ end of turn
    def check_end(self, state, a):
        Rules.check_end(self, state, a)
        self.ag_refuse(state, "end your turn")
        if self.next_seat(state)[1]:
            self.check_round_fields(state, a)

    def make_end(self, state, a, src):
        e = dict(a)
        if self.next_seat(state)[1]:
            self.round_fields(state, e, src)
        return e

    def apply_end(self, state, e):
        self.close_pending(state)
        p = state.cur
        cdm.turn_ends(state, p)
        nocard = state.x.get("nocard")
        if nocard and nocard[p] and not state.drew and self.card_right(state, p) is None:
            nocard[p] = 0  # the card these conquests earned is the one lost
        bonus = self.card_bonus(state)
        # "3. If the country is conquered in a later turn, and the card is still kept, the three
        # armies are added at the end of its turn, in the request-card stage."
        for c in self.bonus_cards(state, p):
            state.bonused[c] = 1
            state.armies[c] += bonus
        self.continent_cards(state, p)
        keep = []
        for pact in state.pacts:
            if not (pact[6] == p and pact[7]):
                keep.append(pact)
        state.pacts = keep
        self.next_turn(state, e)

    def continent_cards(self, state, p):
        """"D) Requesting a CONTINENT CARD": a continent conquered with this turn's attacks gives
        its card, unless this player already used it ("it may not use it again")."""
        b = state.board
        x = state.x
        cq = x["cq"]
        cch = x["cch"]
        for k in range(b.continents):
            if (cq >> k) & 1 and cch[k] < 0 and not (x["ccu"][p] >> k) & 1 \
                    and b.owns_continent(cdm.owner_view(state, p), p, k):
                cch[k] = p

    # ------------------------------------------------------------------ victory
    def victory(self, state, p):
        n = cdm.count(state, p)
        if n >= objectives.common_total(state.board, self.opt(state, "common")):
            return True
        objs = self.objs_of(state, p)
        ov = cdm.owner_view(state, p)
        for o in objs:
            if not objectives.met(state, p, o, n, ov):
                return False
        if state.np == 3:
            # "the winner will be the one who has completed its objective plus a minimum of 10
            # extra countries"
            o = objectives.by_id(state.board, objs[0])
            return n >= objectives.size(state.board, o) + objectives.EXTRA_3P
        return True

    def win_reason(self, state, p):
        """Why seat ``p`` won, in words (replay)."""
        n = cdm.count(state, p)
        total = objectives.common_total(state.board, self.opt(state, "common"))
        objs = self.objs_of(state, p)
        ov = cdm.owner_view(state, p)
        if all(objectives.met(state, p, o, None, ov) for o in objs) and (
                state.np != 3 or n >= objectives.size(state.board, objectives.by_id(state.board, objs[0])) + 10):
            what = " and ".join(self.objective_line(state, p, o) for o in objs)
            if state.np == 3:
                what += " plus 10 extra countries (%d held)" % n
            return "secret objective: " + what
        if n >= total:
            return "common objective: %d countries (of %d needed)" % (n, total)
        return "?"

    def set_objective(self, state, p, oid):
        state.obj[p] = oid
        o = objectives.by_id(state.board, oid)
        if o is not None and o.get("type") == "destroy":
            state.target[p] = objectives.target(state, p, o, self.opt(state, "right"))

    def reveal(self, state, objs):
        Rules.reveal(self, state, objs)
        o2 = state.x.get("o2")
        if o2 and len(objs) >= 2 * state.np:
            state.x["o2"] = list(objs[state.np:2 * state.np])

    def on_eliminate(self, state, victim, by):
        # "3. Accidental Destruction of a Color": who had to destroy that colour "must
        # automatically ... switch to the COMMON OBJECTIVE".
        for r in range(state.np):
            if state.target[r] == victim and r != by:
                state.void[r] = 1

    def objective_line(self, state, p, oid):
        o = objectives.by_id(state.board, oid)
        if o is None:
            return "?"
        s = o.get("text") or str(oid)
        if o.get("type") == "destroy":
            t = state.target[p]
            if t >= 0:
                s += " [target: %s]" % state.who(t)
            if state.void[p]:
                s += " - destroyed by another hand: occupy %d countries" % objectives.common_total(
                    state.board, self.opt(state, "common"))
        return s

    def objective_text(self, state, p):
        s = "; and ".join(self.objective_line(state, p, o) for o in self.objs_of(state, p))
        if state.np == 3:
            s += " Plus 10 extra countries."
        return s + " (Or occupy %d countries.)" % objectives.common_total(state.board, self.opt(state, "common"))

RULES = RevanchaRules()
