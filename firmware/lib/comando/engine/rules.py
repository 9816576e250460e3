"""The base of every ruleset plug-in: the common war-game turn, written against small hooks.

A ruleset module ``comando.engine.<id>`` defines ``RULES = SomeRules()`` where ``SomeRules``
subclasses ``Rules`` and overrides the hooks (see docs/architecture.md, "Engine"). Event types are
dispatched by name: ``check_<t>``, ``make_<t>`` (optional: draws randomness), ``apply_<t>``.
Checking a pact and reading one are in ``pact_moves``, loaded at the first pact (issue 22).
"""

from comando.errors import IllegalMove, RulesError
from comando.texts import refused
from comando.engine import rand
from comando import combat
from comando import rulebook_armies  # reinforcements (not comando.turns: the table session's)

ACTIVE = ("add", "attack", "regroup", "card")


def _pacts():
    from comando.engine import pact_moves
    return pact_moves


def _int(a, key, what):
    v = a.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise refused(IllegalMove, 16, a.get("t"), what, key)
    return v


class Rules:
    id = "base"
    name = "base rules"
    # The winner-at-time rules (comando.clock.winners; the first is the default):
    # docs/decisions/game-clock.md (the rulebooks are silent on time); None: no clock here
    at_time = ("countries", "armies")
    book = "rules"
    combat = "teg"   # the comando.combat ruleset id for dice, losses and move-in
    colours = ()
    min_players = 2
    max_players = 6
    max_hand = 5
    first_round_reinforces = False
    defaults = {}
    setup_types = ("deal",)  # event types made by setup(): undo never goes back past them
    # What a game has beyond the classic rules (the bot, the device's map screen and the host's
    # REPL and texts ask these instead of testing ruleset ids):
    regroup_chain = False  # a regroup runs along a chain of one's own countries and ends the turn
    walk_out = False       # a player may walk out, its countries staying neutral (Risk online)
    dip_panel = False      # a public, non-binding diplomacy panel (Risk online)
    defence_dice_choice = False  # the defender may choose its dice: 'attack ... def D' (Risk)
    announces_armies = False     # the attacker announces how many armies attack (WAR)
    trade_bonus = ""       # +2 armies come with a trade: on "each" traded country held (WAR), on
    #                        "one" the player names (Risk); "": with the card drawn (T.E.G.)
    missiles = False       # missiles: bought, fired, carried in a regroup (La Revancha)
    condominiums = False   # aggression pacts and countries in condominium (La Revancha)
    continent_pacts = False  # pacts over a continent or a continent's borders (La Revancha)
    continent_deck = False   # continent cards beside the country cards (La Revancha)
    trade_verb = "trades in"  # the texts' verb for handing in cards

    def button_only(self, state, a):
        """Why ``a`` may not come from the laptop (comando.link.button_only), or None: the secret
        objectives are the device's to deal and seal (comando.engine.secret); a deal the table made
        and the laptop's page entered leaves them unknown (-1)."""
        if a.get("t") == "deal":
            objs = a.get("obj")
            if isinstance(objs, list) and any(o != -1 for o in objs):
                return ("only the device deals the secret objectives: a deal from the laptop leaves "
                        "them unknown (-1)")
        return None

    # ------------------------------------------------------------------ helpers
    def cite(self, section):
        return " (%s: %s)" % (self.book, section)

    def cname(self, state, c):
        return state.board.name(c)

    def opt(self, state, key):
        if key in state.options:
            return state.options[key]
        return self.defaults.get(key)

    def player(self, state, a):
        p = a.get("p")
        if not isinstance(p, int) or isinstance(p, bool) or p < 0 or p >= state.np:
            raise refused(IllegalMove, 17, a.get("t"), p, state.np - 1)
        return p

    def country(self, state, a, key="c"):
        c = a.get(key)
        if not isinstance(c, int) or isinstance(c, bool) or c < 0 or c >= state.n:
            raise refused(IllegalMove, 18, a.get("t"), c)
        return c

    def over(self, state):
        if state.phase == "over":
            if state.winner >= 0:
                raise refused(IllegalMove, 19, state.who(state.winner))
            raise refused(IllegalMove, 20)

    def turn(self, state, a, phases):
        self.over(state)
        p = self.player(state, a)
        if p != state.cur:
            raise refused(IllegalMove, 21, state.who(state.cur), state.who(p))
        if state.phase not in phases:
            raise refused(IllegalMove, 22, a.get("t"), state.who(p), state.phase, self.phase_hint(state))
        return p

    def phase_hint(self, state):
        if state.phase in ("place", "add") and state.to_place():
            from comando.wording import count
            return " and has %s to place" % count(state.to_place(), "army")
        if state.phase == "claim":
            return " (claim a free country)"
        return ""

    def leave_add(self, state, p, what):
        """Checks before a player leaves the add phase (attack, regroup, draw, end)."""
        if state.phase != "add":
            return
        left = state.to_place()
        if left:
            cont = [state.board.continent_name(c) for c in range(len(state.cres)) if state.cres[c]]
            extra = (" (%s on %s)" % (", ".join(str(state.cres[c]) for c in range(len(state.cres))
                                               if state.cres[c]), ", ".join(cont))) if cont else ""
            raise refused(IllegalMove, 23, left, extra, what, self.cite("adding armies"))
        if self.must_trade(state, p):
            raise refused(IllegalMove, 24, len(state.hands[p]), what, self.cite("trade-in before a sixth card"))

    # ------------------------------------------------------------------ hooks
    def check_new(self, board, players, options):
        if len(players) < self.min_players or len(players) > self.max_players:
            raise refused(RulesError, 25, self.name, self.min_players, self.max_players, len(players))
        seen = []
        for pl in players:
            c = pl["c"]
            if self.colours and c not in self.colours:
                raise refused(RulesError, 26, c, self.name, ", ".join(self.colours))
            if c in seen:
                raise refused(RulesError, 27, c)
            if pl.get("bot", 0) not in (0, 1):
                raise refused(RulesError, 28, pl.get("bot"))
            seen.append(c)
        options = options or {}
        if "turn" in options or "budget" in options or "limit" in options or "end" in options \
                or "attime" in options:
            from comando.engine import clocked
            clocked.options(self, options)
        if "dice" in options:   # the table's own dice (comando.table_dice)
            from comando import table_dice
            table_dice.check_option(options)
        for k in options:
            if k in ("turn", "budget", "limit", "end", "attime", "dice"):
                continue   # the game clock's (comando.clock), the table's dice
            if k not in self.defaults:
                raise refused(RulesError, 29, k, self.name, ", ".join(sorted(self.defaults)) or "none")
            v, d = options[k], self.defaults[k]
            if isinstance(d, int) and (not isinstance(v, int) or isinstance(v, bool)):
                raise refused(RulesError, 30, k, d, v)

    def setup(self, state, src):
        """The made events that follow ``new`` (deal, objectives...)."""
        return []

    def setup_amount(self, state, p, sround) -> "int | None":
        """Armies seat ``p`` places in setup round ``sround``; None when setup is over."""
        return None

    def reinforcements(self, state, p):
        """(free armies, per-continent list) at the start of a turn."""
        n = rulebook_armies.reinforcements(self.id, state.count(p))
        b = state.board
        cres = [0] * b.continents
        for c in range(b.continents):
            if b.owns_continent(state.owner, p, c):
                cres[c] = b.continent_bonus(c)
        return n, cres

    def trade_value(self, state, p) -> int:
        return 4

    # Separate wildcards after the country cards (WAR, Risk): card ints n .. n+wilds-1; a board's
    # tables may give their number. T.E.G. has none (its wildcards are country cards).
    wildcards = 0
    wild_name = "wildcard"
    # What a trade is called and the rule a set follows, in the rulebook's words (IllegalMove text).
    set_word = "trade-in"
    set_rule = "these cards are neither three equal symbols nor three different ones"

    def wilds(self, state):
        if not self.wildcards:
            return 0
        t = state.board.tables if isinstance(state.board.tables, dict) else {}
        w = t.get("wildcards")
        return w if isinstance(w, int) and not isinstance(w, bool) and w >= 0 else self.wildcards

    def is_card(self, state, c):
        return isinstance(c, int) and not isinstance(c, bool) and 0 <= c < state.n + self.wilds(state)

    def card_name(self, state, c):
        return self.wild_name if c >= state.n else self.cname(state, c)

    def check_cards(self, state, p, cards, cite=""):
        """IllegalMove unless ``cards`` are three different cards that ``p`` holds and that make
        a set (one rule for every ruleset's trade)."""
        if not isinstance(cards, list) or len(cards) != 3:
            raise refused(IllegalMove, 31, self.set_word, cite)
        for c in cards:
            if not self.is_card(state, c):
                raise refused(IllegalMove, 32, c)
        if cards[0] == cards[1] or cards[1] == cards[2] or cards[0] == cards[2]:
            raise refused(IllegalMove, 33, self.set_word)
        for c in cards:
            if c not in state.hands[p]:
                raise refused(IllegalMove, 34, self.card_name(state, c))
        if not self.is_set(state, cards):
            raise refused(IllegalMove, 35, ", ".join(self.card_name(state, c) for c in cards), self.set_rule, cite)

    def symbols(self, state, card):
        if card >= state.n:
            return None  # a separate wildcard stands for any symbol
        s = state.board.symbol(card)
        if isinstance(s, str):
            if s in ("comodin", "wild", "joker", "*", "coringa", "all"):
                return None
            return (s,)
        s = tuple(s)
        if len(s) != 1:
            return None  # a card with every symbol is a wildcard
        return s

    def is_set(self, state, cards):
        syms = []
        for c in cards:
            s = self.symbols(state, c)
            if s is None:
                return True
            syms.append(s[0])
        if syms[0] == syms[1] == syms[2]:
            return True
        return syms[0] != syms[1] and syms[1] != syms[2] and syms[0] != syms[2]

    def has_set(self, state, hand):
        k = len(hand)
        for i in range(k):
            for j in range(i + 1, k):
                for m in range(j + 1, k):
                    if self.is_set(state, (hand[i], hand[j], hand[m])):
                        return True
        return False

    def hand_full(self, state, p):
        """True when ``p`` may not take a card before trading (a sixth card is never held)."""
        return len(state.hands[p]) >= self.max_hand

    def must_trade(self, state, p):
        """True when the player may not go on without trading (a sixth card is coming)."""
        h = state.hands[p]
        return len(h) >= self.max_hand and self.has_set(state, h) and not self.opt(state, "deftrade")

    def card_right(self, state, p):
        """None when the player may take a card, else the reason why not."""
        if state.conq < 1:
            return "You conquered no country this turn: no card"
        return None

    def dice_mods(self, state) -> int:
        """The dice modifiers in effect now (comando.dice_mods; La Revancha's situation card), 0
        for none."""
        return 0

    def attack_dice(self, state, f, to, a):
        """(attack dice, defence dice) via comando.combat; ``n``/``dn`` in the action are the
        attacker's / defender's choice where the ruleset allows one (WAR, Risk)."""
        try:
            return combat.dice_counts(self.combat, state.armies[f], state.armies[to],
                                      att_dice=a.get("n"), def_dice=a.get("dn"))
        except RulesError as exc:
            raise IllegalMove(str(exc))

    def resolve(self, state, e):
        """(attacker losses, defender losses) of the stored dice: comando.combat.losses (or the
        losses the table told: comando.table_dice)."""
        if "al" in e and e.get("tb"):
            return e["al"], e["dl"]
        return combat.losses(state.armies[e["f"]], state.armies[e["to"]], e["ad"], e["dd"])

    def movein_limits(self, state, f, to, ev):
        """(min, max) armies moving into a conquered country; ``state.armies[f]`` is after the roll."""
        return combat.move_limits(self.combat, state.armies[f], len(ev["ad"]))

    def make_bot(self, src):
        """The game's built-in player (comando.engine.bot.Bot unless the game has its own)."""
        from comando.engine.bot import Bot
        return Bot(src)

    def bot_wants(self, bot, state, p, w):
        """Weigh the countries player ``p``'s objective needs for ``comando.engine.bot.Bot``
        (``w``: 1 each already; the game's own bot.py raises them). Default: none stand out."""

    def regroup_movable(self, state, c):
        m = state.moved[c]
        return state.armies[c] - (m if m > 1 else 1)

    def next_seat(self, state):
        """(next live seat, True when the round wrapped past the first player's seat)."""
        s = state.cur
        wrapped = False
        for _ in range(state.np):
            s = (s + 1) % state.np
            if s == state.first:
                wrapped = True
            if state.alive[s]:
                return s, wrapped
        return state.cur, True

    def victory(self, state, p) -> bool:
        return False

    def set_objective(self, state, p, oid):
        """Seat ``p``'s dealt objective (an id, or secret.UNKNOWN while sealed)."""
        state.obj[p] = oid

    def reveal(self, state, objs):
        """Sealed objectives revealed (comando.engine.secret): set the ones this fold did not know
        as the deal would have, then void the destroy objectives whose colour fell to another
        hand meanwhile (what on_eliminate does when the target is known)."""
        for p in range(state.np):
            if state.obj[p] != -1:
                continue
            self.set_objective(state, p, objs[p])
            t = state.target[p]
            if 0 <= t != p and not state.alive[t] and state.killer[t] != p:
                state.void[p] = 1

    def on_eliminate(self, state, victim, by):
        pass

    def begin_turn(self, state):
        state.turns += 1
        state.conq = 0
        state.last = -1
        state.drew = 0
        state.pending = None
        state.moved = [0] * state.n
        for pact in state.pacts:
            if pact[6] == state.cur:
                pact[7] = 1
        if state.round == 1 and not self.first_round_reinforces:
            state.phase = "attack"
            state.reserve = 0
            state.cres = [0] * len(state.cres)
        else:
            state.phase = "add"
            state.reserve, state.cres = self.reinforcements(state, state.cur)

    def start_hostilities(self, state):
        state.round = 1
        state.cur = state.first
        if not state.alive[state.cur]:
            state.cur, _ = self.next_seat(state)
        self.begin_turn(state)

    def advance_setup(self, state):
        """After a seat finished its setup placement: the next seat, round or the first turn."""
        s = (state.cur + 1) % state.np
        if s == state.first:
            state.sround += 1
        state.cur = s
        amount = self.setup_amount(state, s, state.sround)
        if amount is None:
            self.start_hostilities(state)
        else:
            state.phase = "place"
            state.reserve = amount

    def close_pending(self, state):
        state.pending = None

    # ------------------------------------------------------------------ place
    def check_place(self, state, a):
        p = self.turn(state, a, ("place", "add"))
        c = self.country(state, a)
        n = _int(a, "n", "the number of armies")
        if state.owner[c] != p:
            raise refused(IllegalMove, 36, self.cname(state, c), self.cite("adding armies"))
        if n < 1:
            raise refused(IllegalMove, 37)
        cont = state.board.continent_of(c)
        avail = state.reserve + state.cres[cont]
        if n > avail:
            if state.to_place() > avail:
                from comando.wording import count
                raise refused(IllegalMove, 38, count(avail, "more army", "more armies"), self.cname(state, c), n, state.to_place() - avail, self.cite("continent armies go to that continent"))
            from comando.wording import count
            raise refused(IllegalMove, 39, count(avail, "army"), n)
        z = self.zone_pact(state, c, p)
        if z is not None:
            raise refused(IllegalMove, 40, self.cname(state, c), z[0])

    def apply_place(self, state, e):
        c = e["c"]
        n = e["n"]
        cont = state.board.continent_of(c)
        k = state.cres[cont]
        if k:
            k = n if n < k else k
            state.cres[cont] -= k
        state.reserve -= n - k
        state.armies[c] += n
        if state.phase == "place" and state.to_place() == 0:
            self.advance_setup(state)

    # ------------------------------------------------------------------ trade
    def check_trade(self, state, a):
        p = self.turn(state, a, ACTIVE)
        self.check_cards(state, p, a.get("cards"), self.cite("trade-in"))
        if state.phase != "add":
            if not self.opt(state, "deftrade"):
                raise refused(IllegalMove, 41, self.cite("trade-in"))
            if state.drew:
                raise refused(IllegalMove, 42, self.cite("defensive trade-in"))
            if state.conq < 1 or state.last < 0 or state.owner[state.last] != p:
                raise refused(IllegalMove, 43, self.cite("defensive trade-in"))

    def hand_in(self, state, p, cards):
        """A traded set leaves ``p``'s hand for the discard, and the trade counts (the player's
        own count and the table's): every ruleset's trade does this, then adds its armies."""
        h = state.hands[p]
        for c in cards:
            h.remove(c)
            state.discard.append(c)
        state.trades[p] += 1
        state.ttrades += 1

    def apply_trade(self, state, e):
        p = e["p"]
        v = self.trade_value(state, p)
        self.close_pending(state)
        for c in e["cards"]:
            state.bonused[c] = 0
        self.hand_in(state, p, e["cards"])
        if state.phase == "add":
            state.reserve += v
        else:
            # the defensive trade-in: "after attacking and before requesting a card" - the
            # turn is at its card stage now, its armies neither attack nor regroup
            state.armies[state.last] += v
            state.phase = "card"

    # ------------------------------------------------------------------ attack
    def check_attack(self, state, a):
        p = self.turn(state, a, ("add", "attack"))
        self.leave_add(state, p, "attack")
        f = self.country(state, a, "f")
        to = self.country(state, a, "to")
        b = state.board
        if state.owner[f] != p:
            raise refused(IllegalMove, 44, self.cname(state, f))
        if state.owner[to] == p:
            raise refused(IllegalMove, 45, self.cname(state, to))
        if not b.is_border(f, to):
            raise refused(IllegalMove, 46, self.cname(state, f), self.cname(state, to), self.cite("attacking"))
        if state.armies[f] < 2:
            raise refused(IllegalMove, 47, self.cname(state, f), self.cite("attacking armies"))
        pact = self.blocking_pact(state, f, to)
        if pact is not None:
            raise refused(IllegalMove, 48, self.cname(state, f), self.cname(state, to), self.describe_pact(state, pact))
        if "dice" in state.options or "tb" in a:   # the table's own dice (comando.table_dice)
            na, nd = self.attack_dice(state, f, to, a)
            from comando import table_dice
            try:
                if table_dice.check_attack(state.options.get("dice", "device"), state.armies[f],
                                           state.armies[to], na, nd, a):
                    return   # the losses told: no faces
            except RulesError as exc:
                raise IllegalMove(str(exc))
        if "ad" in a or "dd" in a:
            na, nd = self.attack_dice(state, f, to, a)
            self.check_dice(a.get("ad"), na, "attacker")
            self.check_dice(a.get("dd"), nd, "defender")

    def check_dice(self, dice, n, who):
        if not isinstance(dice, list) or len(dice) != n:
            raise refused(IllegalMove, 49, who, n, dice)
        for d in dice:
            if not isinstance(d, int) or d < 1 or d > 6:
                raise refused(IllegalMove, 50, d)

    def make_attack(self, state, a, src):
        """Draws the dice, unless the action carries them (dice rolled by hand at the table,
        already checked by ``check_attack``)."""
        e = dict(a)
        if "ad" in a and "dd" in a:
            return e
        na, nd = self.attack_dice(state, a["f"], a["to"], a)
        if "al" in a:   # the table told its losses: each side's dice kept as faces of 0
            e["ad"] = [0] * na
            e["dd"] = [0] * nd
            return e
        e["ad"] = rand.roll(src, na)
        e["dd"] = rand.roll(src, nd)
        return e

    def apply_attack(self, state, e):
        self.close_pending(state)
        state.phase = "attack"
        p = e["p"]
        f = e["f"]
        to = e["to"]
        la, ld = self.resolve(state, e)
        state.armies[f] -= la
        state.armies[to] -= ld
        if state.armies[to] <= 0:
            self.conquer(state, p, f, to, e)

    def conquer(self, state, p, f, to, e):
        victim = state.owner[to]
        lo, hi = self.movein_limits(state, f, to, e)
        if self.zone_pact(state, to, p) is not None:
            hi = lo
        state.owner[to] = p
        state.armies[f] -= lo
        state.armies[to] = lo
        state.pending = [f, to, lo, hi] if hi > lo else None
        state.conq += 1
        state.last = to
        self.pacts_after_conquest(state, to, p)
        if victim >= 0 and state.count(victim) == 0:
            self.eliminate(state, victim, p)
        if self.victory(state, p):
            state.winner = p
            state.phase = "over"
            state.pending = None

    def eliminate(self, state, victim, by):
        state.alive[victim] = 0
        state.killer[victim] = by
        state.hands[by].extend(state.hands[victim])
        state.hands[victim] = []
        state.pacts = [q for q in state.pacts if q[2] != victim and q[3] != victim]
        self.on_eliminate(state, victim, by)

    # ------------------------------------------------------------------ move-in
    def check_move(self, state, a):
        self.turn(state, a, ("attack",))
        pe = state.pending
        if pe is None:
            raise refused(IllegalMove, 51)
        n = _int(a, "n", "the number of armies")
        if n < pe[2] or n > pe[3]:
            raise refused(IllegalMove, 52, pe[2], pe[3], self.cname(state, pe[1]), n, self.cite("conquest"))

    def apply_move(self, state, e):
        pe = state.pending
        extra = e["n"] - pe[2]
        state.armies[pe[0]] -= extra
        state.armies[pe[1]] += extra
        state.pending = None

    # ------------------------------------------------------------------ regroup
    def check_regroup(self, state, a):
        p = self.turn(state, a, ("add", "attack", "regroup"))
        self.leave_add(state, p, "regroup")
        f = self.country(state, a, "f")
        to = self.country(state, a, "to")
        n = _int(a, "n", "the number of armies")
        if state.owner[f] != p:
            raise refused(IllegalMove, 53, self.cname(state, f))
        if state.owner[to] != p:
            raise refused(IllegalMove, 54, self.cname(state, to), self.cite("regrouping"))
        if f == to or not state.board.is_border(f, to):
            raise refused(IllegalMove, 55, self.cname(state, f), self.cname(state, to), self.cite("regrouping"))
        if n < 1:
            raise refused(IllegalMove, 56)
        k = self.regroup_movable(state, f)
        if n > k:
            m = state.moved[f]
            if m:
                from comando.wording import count
                raise refused(IllegalMove, 57, self.cname(state, f), count(state.armies[f], "army"), m, max(k, 0), self.cite("regrouping"))
            from comando.wording import count
            raise refused(IllegalMove, 58, self.cname(state, f), count(state.armies[f], "army"), max(k, 0), self.cite("regrouping"))
        z = self.zone_pact(state, to, p)
        if z is not None:
            raise refused(IllegalMove, 59, self.cname(state, to), z[0])

    def apply_regroup(self, state, e):
        self.close_pending(state)
        n = e["n"]
        state.armies[e["f"]] -= n
        state.armies[e["to"]] += n
        state.moved[e["to"]] += n
        state.phase = "regroup"

    # ------------------------------------------------------------------ cards
    def check_draw(self, state, a):
        p = self.turn(state, a, ACTIVE)
        self.leave_add(state, p, "take a card")
        if state.drew:
            raise refused(IllegalMove, 60)
        why = self.card_right(state, p)
        if why:
            raise IllegalMove(why + self.cite("requesting a country card"))
        if self.hand_full(state, p):
            raise refused(IllegalMove, 61, len(state.hands[p]), self.cite("trade-in before a sixth card"))
        if not state.deck and not state.discard:
            raise refused(IllegalMove, 62)
        if self.opt(state, "deck"):
            self.check_table_card(state, a)
        elif "card" in a:
            top = state.deck[-1] if state.deck else None
            sh = a.get("sh")
            if top is None:
                if not isinstance(sh, list) or sorted(sh) != sorted(state.discard):
                    raise refused(IllegalMove, 63)
                top = sh[-1]
            if a["card"] != top:
                raise refused(IllegalMove, 64, a["card"])

    def top_card(self, state, e, src):
        """``e`` with the card a draw takes: the deck's top, or, when the deck is out, the top of
        the reshuffled discards (stored as ``sh``)."""
        if not state.deck:
            e["sh"] = rand.shuffled(src, state.discard)
            e["card"] = e["sh"][-1]
        else:
            e["card"] = state.deck[-1]
        return e

    def check_table_card(self, state, a):
        """Option ``deck`` = 1, the table's own deck: the player drew a card from the physical
        deck and the action names it (``card``): one still in the deck (the discards when the deck
        is out: the table reshuffles them), in nobody's hand."""
        c = a.get("card")
        if "card" not in a:
            raise refused(IllegalMove, 65, a.get("t"))
        pool = state.deck or state.discard
        if not isinstance(c, int) or isinstance(c, bool) or c not in pool:
            raise refused(IllegalMove, 66, a.get("t"), self.card_label(state, c))

    def card_label(self, state, c):
        if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < state.n:
            return state.board.name(c)
        return "%r" % (c,)

    def card_pool(self, state):
        """The cards a draw may take now (the table's deck: any of them; the device's: the top)."""
        return list(state.deck or state.discard)

    def card_due(self, state, p):
        """True when ``p`` may take a country card now (a map screen asks at the turn's end)."""
        pool = state.deck or state.discard
        if not pool:
            return False
        a = {"t": "draw", "p": p}
        if self.opt(state, "deck"):
            a["card"] = pool[0]
        try:
            self.check_draw(state, a)
        except IllegalMove:
            return False
        return True

    def make_draw(self, state, a, src):
        if self.opt(state, "deck"):
            return dict(a)   # the card the player drew from the table's deck
        return self.top_card(state, dict(a), src)

    def pop_card(self, state, e):
        """The card an event takes off the deck: the one named from the table's deck (option
        ``deck``), else the top (the discards reshuffled as ``sh`` when the deck is out)."""
        if "sh" not in e and "card" in e and self.opt(state, "deck"):
            if not state.deck:   # the table reshuffled its discards
                state.deck = state.discard
                state.discard = []
            state.deck.remove(e["card"])
            return e["card"]
        if not state.deck:
            state.deck = list(e["sh"])
            state.discard = []
        return state.deck.pop()

    def take_card(self, state, e):
        """The drawn card into the hand."""
        self.close_pending(state)
        card = self.pop_card(state, e)
        state.hands[e["p"]].append(card)
        state.drew = 1
        state.phase = "card"
        return card

    def apply_draw(self, state, e):
        p = e["p"]
        card = self.take_card(state, e)
        if state.owner[card] == p and not state.bonused[card]:
            state.bonused[card] = 1
            state.armies[card] += 2

    def bonus_cards(self, state, p):
        return [c for c in state.hands[p] if state.owner[c] == p and not state.bonused[c]]

    def check_bonus(self, state, a):
        p = self.turn(state, a, ("attack", "regroup", "card"))
        c = self.country(state, a)
        if c not in state.hands[p]:
            raise refused(IllegalMove, 67, self.cname(state, c))
        if state.owner[c] != p:
            raise refused(IllegalMove, 68, self.cname(state, c), self.cite("what the card is for"))
        if state.bonused[c]:
            raise refused(IllegalMove, 69, self.cname(state, c), self.cite("what the card is for"))

    def apply_bonus(self, state, e):
        self.close_pending(state)
        c = e["c"]
        state.bonused[c] = 1
        state.armies[c] += 2
        # "added at the end of that turn, in the stage of requesting a card": the turn is at its
        # card stage, the two armies neither attack nor regroup
        state.phase = "card"

    # ------------------------------------------------------------------ end of turn
    def check_end(self, state, a):
        p = self.turn(state, a, ACTIVE)
        self.leave_add(state, p, "end your turn")

    def next_turn(self, state):
        """The turn passes to the next seat in turn order (a new round when it wraps)."""
        s, wrapped = self.next_seat(state)
        if wrapped:
            state.round += 1
        state.cur = s
        self.begin_turn(state)

    def apply_end(self, state, e):
        self.close_pending(state)
        p = state.cur
        for c in self.bonus_cards(state, p):
            state.bonused[c] = 1
            state.armies[c] += 2
        keep = []
        for pact in state.pacts:
            if not (pact[6] == p and pact[7]):
                keep.append(pact)
        state.pacts = keep
        self.next_turn(state)

    # ------------------------------------------------------------------ pacts
    def check_pact(self, state, a):
        return _pacts().check_pact(self, state, a)

    def apply_pact(self, state, e):
        state.pacts.append([e.get("seq", state.seq), e["k"], e["p"], e["q"], e.get("a", -1), e.get("b", -1), -1, 0])

    def check_unpact(self, state, a):
        return _pacts().check_unpact(self, state, a)

    def apply_unpact(self, state, e):
        for pact in state.pacts:
            if pact[0] == e["id"]:
                other = pact[3] if e["p"] == pact[2] else pact[2]
                pact[6] = other
                pact[7] = 0

    def enforce_pacts(self, state):
        v = self.opt(state, "pacts")
        return v is None or bool(v)

    def blocking_pact(self, state, f, to):
        if not state.pacts or not self.enforce_pacts(state):
            return None
        p = state.owner[f]
        q = state.owner[to]
        for pact in state.pacts:
            k = pact[1]
            if {pact[2], pact[3]} != {p, q}:
                continue
            if k == "w":
                return pact
            if k == "c" and {pact[4], pact[5]} == {f, to}:
                return pact
        return None

    def zone_pact(self, state, c, p):
        if not state.pacts or not self.enforce_pacts(state):
            return None
        for pact in state.pacts:
            if pact[1] == "z" and pact[4] == c and (pact[2] == p or pact[3] == p):
                return pact
        return None

    def pacts_after_conquest(self, state, c, p):
        if not state.pacts:
            return
        keep = []
        for pact in state.pacts:
            k = pact[1]
            broken = False
            if k == "c":
                if (pact[4] == c and p != pact[2]) or (pact[5] == c and p != pact[3]):
                    broken = True
            elif k == "z":
                if pact[4] == c and p != pact[2] and p != pact[3]:
                    broken = True
            if not broken:
                keep.append(pact)
        state.pacts = keep

    def describe_pact(self, state, pact):
        return _pacts().describe_pact(self, state, pact)
