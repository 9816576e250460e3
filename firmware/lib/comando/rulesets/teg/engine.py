"""T.E.G. classic (rules/teg-classic.txt) as an engine ruleset plug-in: ``RULES``.

Sections cited in messages and tests are the rulebook's: "3. Distribution of Countries and
Objectives", "4. Two Rounds to Add 8 Armies", "5. Beginning of Hostilities", "6. Continuation of the
Game", "7. Pacts", "8. General Considerations", "9. List of Secret Objectives".

Events (all carry ``p``, the acting seat, except new/deal/undo; countries and cards are ints):
- `new`: `rs`, `board`, `players` [{`n`, `c`}], `opt` - options: `deftrade` (defensive trade-in),
  `pacts` (0: ledger only, not enforced), `common` (30)
- `deal`: `order` (countries in deal order), `xr` (leftover-card roll rounds), `fr` (first-player
  roll rounds), `deck`, `obj` - 3.: card j goes to seat j mod n; the two leftovers to the highest
  rolls (ties roll again); 2-3 players: no `order`/`obj`
- `claim`: `c` - 8. Games of 2 or 3: one army at a time, then 50% of one's countries (12 or 8)
- `place`: `c`, `n` - setup rounds 5 then 3; turn reinforcements; continent armies (`cres`) only on
  that continent
- `trade`: `cards` [3] - 4, 7, 10, +5 (per player); wildcards; in `add`, or (deftrade) after a
  conquest: armies go to the last conquest
- `attack`: `f`, `to`, `ad`, `dd` - dice stored; losses via `comando.combat`; a conquest moves 1
  army at once
- `move`: `n` - right after a conquest: total armies in the conquered country, 1..min(3, armies-1);
  any other action accepts the 1
- `regroup`: `f`, `to`, `n` - neighbours, both own; armies that arrived by regroup this turn stay;
  no attack afterwards
- `draw`: `card`, `sh` (a reshuffled discard, when the deck ran out) - 1 conquest (2 after the
  third trade); not with 5 cards; +2 at once on an own country
- `bonus`: `c` - +2 for a held card whose country is yours (once per holding); any left are taken
  automatically at `end`
- `end`: next live seat; first round of hostilities has no adding; a round wraps at the first
  player's seat
- `pact`: `q`, `k` (`c` border `a`-`b`, `w` world, `z` zone `a`) - the table agreed; id = the
  event's seq; listed in `state.pacts`
- `unpact`: `id` - announced rupture: binds until the other party's next turn ends; a third colour
  taking a pact country breaks it
- `undo`: `to` - fold-level: the state after event `to` (never before the deal)
"""

from comando.errors import IllegalMove, RulesError
from comando.texts import refused
from comando.engine import rand
from comando.engine.rules import Rules
from comando import rulebook
from comando.registry import COLOURS as _REGISTRY

COLOURS = _REGISTRY["teg"]  # the registry's: blue, red, black, yellow, green, magenta

# Continent keys and the board ids they may have (the classic board's ids come first).
CONTINENT_IDS = {
    "sa": ("america_del_sur", "south_america", "sudamerica", "sa"),
    "na": ("america_del_norte", "north_america", "norteamerica", "na"),
    "af": ("africa",),
    "oc": ("oceania",),
    "eu": ("europa", "europe"),
    "as": ("asia",),
}

# teg-classic.txt, "9. List of Secret Objectives": (whole continents, ((continent, count), ...), extra)
# extra 1: "3 countries that border each other anywhere on the map" (objective 2).
OCCUPY = {
    1: (("af",), (("na", 5), ("eu", 4)), 0),
    2: (("sa",), (("eu", 7),), 1),
    3: (("as",), (("sa", 2),), 0),
    4: (("eu",), (("as", 4), ("sa", 2)), 0),
    5: (("na",), (("oc", 2), ("as", 4)), 0),
    6: ((), (("oc", 2), ("af", 2), ("sa", 2), ("eu", 3), ("na", 4), ("as", 3)), 0),
    7: (("oc", "na"), (("eu", 2),), 0),
    8: (("sa", "af"), (("as", 4),), 0),
    9: (("oc", "af"), (("na", 5),), 0),
}
DESTROY = {10: "blue", 11: "red", 12: "black", 13: "yellow", 14: "green", 15: "magenta"}
TEXT = {
    0: "Occupy every country (2-3 players: the sole and common objective).",
    1: "Occupy Africa, 5 countries of North America and 4 countries of Europe.",
    2: "Occupy South America, 7 countries of Europe and 3 countries that border each other anywhere on the map.",
    3: "Occupy Asia and 2 countries of South America.",
    4: "Occupy Europe, 4 countries of Asia and 2 countries of South America.",
    5: "Occupy North America, 2 countries of Oceania and 4 of Asia.",
    6: "Occupy 2 countries of Oceania, 2 of Africa, 2 of South America, 3 of Europe, 4 of North America and 3 of Asia.",
    7: "Occupy Oceania, North America and 2 countries of Europe.",
    8: "Occupy South America, Africa and 4 countries of Asia.",
    9: "Occupy Oceania, Africa and 5 countries of North America.",
}
COMMON = 30


def _perm(v, n):
    return isinstance(v, list) and len(v) == n and sorted(v) == list(range(n))


def pick_top(src, seats, k):
    """Seats roll one die each; the ``k`` highest win, ties at the cut roll again.
    Returns (rounds, chosen): rounds is a list of flat [seat, die, seat, die, ...] lists."""
    chosen = []
    cands = list(seats)
    rounds = []
    while len(chosen) < k and cands:
        rolls = [(s, src.d6()) for s in cands]
        flat = []
        for s, r in rolls:
            flat.append(s)
            flat.append(r)
        rounds.append(flat)
        cands = top_of_round(flat, k - len(chosen), chosen)
    return rounds, chosen


def top_of_round(flat, need, chosen):
    """Adds to ``chosen`` the seats sure to be among the ``need`` highest of one round; returns the
    tied seats that must roll again (empty when done)."""
    vals = sorted(set(flat[1::2]), reverse=True)
    for v in vals:
        group = [flat[i] for i in range(0, len(flat), 2) if flat[i + 1] == v]
        if len(group) <= need:
            chosen.extend(group)
            need -= len(group)
            if need == 0:
                return []
        else:
            return group
    return []


def resolve_rolls(rounds, seats, k):
    """The seats chosen by stored roll rounds (as ``pick_top`` made them); IllegalMove if the
    rounds are not a valid sequence for these seats."""
    chosen = []
    cands = list(seats)
    for flat in rounds:
        if not cands or not isinstance(flat, list) or sorted(flat[0::2]) != sorted(cands):
            raise refused(IllegalMove, 92)
        for d in flat[1::2]:
            if not isinstance(d, int) or d < 1 or d > 6:
                raise refused(IllegalMove, 93, d)
        cands = top_of_round(flat, k - len(chosen), chosen)
    if cands or len(chosen) != min(k, len(seats)):
        raise refused(IllegalMove, 94)
    return chosen


class TegRules(Rules):
    id = "teg"
    name = "T.E.G. classic"
    book = "teg-classic.txt"
    combat = "teg"
    colours = COLOURS
    min_players = 2
    max_players = 6
    max_hand = 5
    # deftrade: the defensive trade-in variant; pacts: enforce the pact ledger; common: the common
    # objective's country count; deck: 1 the players draw from the table's own deck and a draw
    # names the card (the device records it), 0 the engine's shuffled deck.
    defaults = {"deftrade": 0, "pacts": 1, "common": COMMON, "deck": 0}

    def must_trade(self, state, p) -> bool:
        """"While he holds 5 or fewer cards there is no obligation to carry out a trade-in; but
        it is obligatory to do so before receiving the 6th card" (teg-classic.txt, Adding armies
        by trade-in): check_draw refuses a sixth card; only a hand already over five (the cards
        of an eliminated player) must trade before the turn goes on."""
        h = state.hands[p]
        return len(h) > self.max_hand and self.has_set(state, h) and not self.opt(state, "deftrade")

    def bot_wants(self, bot, state, p, w):
        from comando.rulesets.teg import bot as tegbot  # the bot's code loads only when a bot plays
        tegbot.want(bot, state, p, w, OCCUPY, DESTROY)

    def small(self, state):
        """2-3 players: countries claimed one at a time, conquest of the whole map to win."""
        return state.np <= 3

    # ------------------------------------------------------------------ setup
    def setup(self, state, src):
        n = state.n
        np_ = state.np
        e: dict = {"t": "deal"}
        if not self.small(state):
            e["order"] = rand.shuffled(src, range(n))
            left = n % np_
            if left:
                e["xr"], _ = pick_top(src, range(np_), left)
        e["fr"], _ = pick_top(src, range(np_), 1)
        e["deck"] = rand.shuffled(src, range(n))
        if not self.small(state):
            objs = rand.shuffled(src, range(1, 16))
            e["obj"] = objs[:np_]
        return [e]

    def check_deal(self, state, a):
        if state.round != 0 or state.deck or state.owner.count(-1) != state.n or state.phase != "place":
            raise refused(IllegalMove, 95)
        n = state.n
        np_ = state.np
        if not self.small(state):
            if not _perm(a.get("order"), n):
                raise refused(IllegalMove, 96)
            left = n % np_
            if left:
                resolve_rolls(a.get("xr") or [], range(np_), left)
            objs = a.get("obj")
            if isinstance(objs, list) and len(objs) == np_ and objs.count(-1) == np_:
                pass  # sealed (comando.engine.secret): the laptop's fold does not know them
            elif not isinstance(objs, list) or len(objs) != np_ or len(set(objs)) != np_ or \
                    min(objs) < 1 or max(objs) > 15:
                raise refused(IllegalMove, 97)
        resolve_rolls(a.get("fr") or [], range(np_), 1)
        if not _perm(a.get("deck"), n):
            raise refused(IllegalMove, 98)

    def apply_deal(self, state, e):
        n = state.n
        np_ = state.np
        state.first = resolve_rolls(e["fr"], range(np_), 1)[0]
        state.cur = state.first
        state.deck = list(e["deck"])
        if self.small(state):
            state.phase = "claim"
            return
        order = e["order"]
        per = n // np_
        for j in range(per * np_):
            state.owner[order[j]] = j % np_
            state.armies[order[j]] = 1
        if n % np_:
            extra = resolve_rolls(e["xr"], range(np_), n % np_)
            for i in range(len(extra)):
                c = order[per * np_ + i]
                state.owner[c] = extra[i]
                state.armies[c] = 1
        for p in range(np_):
            self.set_objective(state, p, e["obj"][p])
        state.phase = "place"
        state.sround = 0
        state.reserve = self.setup_amount(state, state.cur, 0)

    def check_claim(self, state, a):
        self.turn(state, a, ("claim",))
        c = self.country(state, a)
        if state.owner[c] >= 0:
            raise refused(IllegalMove, 99, self.cname(state, c), state.who(state.owner[c]), self.cite("8. Games of 2 or 3 players"))

    def apply_claim(self, state, e):
        c = e["c"]
        state.owner[c] = e["p"]
        state.armies[c] = 1
        state.cur = (state.cur + 1) % state.np
        if -1 not in state.owner:
            state.phase = "place"
            state.sround = 0
            state.cur = state.first
            state.reserve = self.setup_amount(state, state.cur, 0)

    def setup_amount(self, state, p, sround):
        if self.small(state):
            # "a number of armies equal to 50% of the countries occupied initially"
            return state.count(p) // 2 if sround == 0 else None
        # "4. Two Rounds to Add 8 Armies": 5 then 3 (the board's tables.starting_reserves, else
        # comando.rulebook.TEG_PLACEMENT)
        rounds = rulebook.placement("teg", state.np, state.board.tables)
        return rounds[sround] if sround < len(rounds) else None

    # ------------------------------------------------------------------ cards
    def trade_value(self, state, p):
        """4, 7, 10, then +5, per player ("C. By trade-in"): the board's ``tables.trade_in``, else
        the rulebook's (comando.rulebook.TEG_TRADE_IN)."""
        return rulebook.nth_trade(rulebook.trade_in(state.board.tables, "teg"), state.trades[p])

    def card_right(self, state, p):
        need = 2 if state.trades[p] >= 3 else 1
        if state.conq >= need:
            return None
        if need == 1:
            return "You conquered no country this turn: no card"
        return "After your third trade-in a card needs 2 conquests in the turn; you made %d" % state.conq

    # ------------------------------------------------------------------ objectives
    def continent_index(self, board, key):
        cache = getattr(board, "_teg_cont", None)
        if cache is None:
            cache = {}
            for c in range(board.continents):
                cid = board.continent_id(c)
                for k in CONTINENT_IDS:
                    if cid in CONTINENT_IDS[k]:
                        cache[k] = c
            try:
                board._teg_cont = cache
            except AttributeError:
                pass
        if key not in cache:
            raise refused(RulesError, 100, board.id, key)
        return cache[key]

    def occupies(self, state, p, o):
        b = state.board
        whole, counts, extra = OCCUPY[o]
        cnt = [0] * b.continents
        owner = state.owner
        for c in range(state.n):
            if owner[c] == p:
                cnt[b.continent_of(c)] += 1
        for k in whole:
            ci = self.continent_index(b, k)
            if cnt[ci] < len(b.members(ci)):
                return False
        for k, need in counts:
            if cnt[self.continent_index(b, k)] < need:
                return False
        if extra:
            return self.triangle(state, p, cnt)
        return True

    def triangle(self, state, p, cnt):
        """Objective 2's "3 countries that border each other": outside South America, and leaving
        7 European countries besides them (read as countries beyond the rest of the objective)."""
        b = state.board
        sa = self.continent_index(b, "sa")
        eu = self.continent_index(b, "eu")
        own = [c for c in range(state.n) if state.owner[c] == p and b.continent_of(c) != sa]
        for x in own:
            for y in b.neighbours(x):
                if y <= x or state.owner[y] != p or b.continent_of(y) == sa:
                    continue
                for z in b.neighbours(y):
                    if z <= y or state.owner[z] != p or b.continent_of(z) == sa or not b.is_border(x, z):
                        continue
                    k = 0
                    for m in (x, y, z):
                        if b.continent_of(m) == eu:
                            k += 1
                    if cnt[eu] - k >= 7:
                        return True
        return False

    def victory(self, state, p):
        n = state.count(p)
        if self.small(state):
            return n == state.n
        if n >= self.opt(state, "common"):
            return True
        o = state.obj[p]
        if o in OCCUPY:
            return self.occupies(state, p, o)
        if o in DESTROY and not state.void[p]:
            t = state.target[p]
            return not state.alive[t] and state.killer[t] == p
        return False

    def set_objective(self, state, p, oid):
        state.obj[p] = oid
        if oid in DESTROY:
            col = DESTROY[oid]
            t = state.colours.index(col) if col in state.colours else -1
            if t < 0 or t == p:
                t = (p - 1) % state.np  # "the player seated to his right"
            state.target[p] = t

    def on_eliminate(self, state, victim, by):
        # teg-classic.txt, 8. "Accidental Destruction of a Colour": the player whose objective was
        # to destroy that colour passes to the common objective.
        for r in range(state.np):
            if state.target[r] == victim and r != by:
                state.void[r] = 1

    def objective_text(self, state, p):
        o = state.obj[p]
        if self.small(state):
            return TEXT[0]
        if o == -1:
            return "Secret (revealed when the game ends)."
        if o in DESTROY:
            t = state.target[p]
            s = "Destroy the %s army" % state.colours[t]
            if DESTROY[o] != state.colours[t]:
                s += " (card: %s; impossible, so the player to your right)" % DESTROY[o]
            if state.void[p]:
                s += " - made impossible by another hand: occupy %d countries" % self.opt(state, "common")
            return s + "."
        return TEXT.get(o, "?")


RULES = TegRules()
