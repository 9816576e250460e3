"""Built-in players for any ruleset built on ``Rules`` (T.E.G. classic, WAR, Risk).

``Bot`` plays to win: it pursues its secret objective (T.E.G. occupy/destroy objectives, WAR's
objective cards) and the common objective (countries count), trades cards as soon as it may,
piles its reinforcements on the border country with the best attack, attacks where the odds of
conquest (``comando.odds``) are good, moves in aggressively and regroups idle armies towards the
front. ``RandomBot`` is the older seeded random player (long games: the benchmark uses it).

Both only propose actions; the engine checks them like any player's, and every action a bot
returns passes ``check`` (it falls back to ``end``, which is legal once everything is placed).
"""

from comando.errors import IllegalMove, RulesError
from comando.engine import check, rand
from comando import odds

# P(conquest) cache shared by the bots: (combat ruleset, attackers, defenders) -> percent.
_PC = {}
_PC_MAX = 600
_CAP = 40  # larger armies are scaled down to this (the odds depend on the ratio by then)


def p_conquer(ruleset, att, dfn):
    """P(conquest) in percent (an int) for ``att`` armies in the attacking country (its
    occupation army included) against ``dfn``, attacking until conquest or one army left."""
    if att < 2:
        return 0
    if dfn < 1:
        return 100
    if att > _CAP or dfn > _CAP:
        m = att if att > dfn else dfn
        att = (att * _CAP + m // 2) // m
        dfn = (dfn * _CAP + m // 2) // m
        if att < 2:
            return 0
        if dfn < 1:
            dfn = 1
    key = (ruleset, att, dfn)
    v = _PC.get(key)
    if v is None:
        if len(_PC) >= _PC_MAX:
            _PC.clear()
        try:
            v = int(odds.p_conquer(ruleset, att, dfn) * 100 + 0.5)
        except RulesError:
            v = 0
        _PC[key] = v
    return v


class _Player:
    """What both bots do alike: seeded picks, asking ``check``, the first legal set."""

    src = None  # a dice source (comando.dice), set by the bot's __init__

    def pick(self, seq):
        return seq[rand.below(self.src, len(seq))] if seq else None

    def legal(self, state, a):
        try:
            check(state, a)
            return True
        except IllegalMove:
            return False

    def enemy_next(self, state, c, p):
        for m in state.board.neighbours(c):
            if state.owner[m] != p:
                return True
        return False

    def trade(self, state, p):
        """The first set that ``check`` accepts (as soon as possible)."""
        h = state.hands[p]
        rules = state.rules
        k = len(h)
        if k < 3:
            return None
        for i in range(k):
            for j in range(i + 1, k):
                for m in range(j + 1, k):
                    cards = [h[i], h[j], h[m]]
                    if rules.is_set(state, cards):
                        a = {"t": "trade", "p": p, "cards": cards}
                        if self.legal(state, a):
                            return a
        return None


    _turn = -1     # the turn (state.turns) the attack count is for
    _attacks = 0   # attacks made this turn, at most self.aggression
    aggression = 0

    def count_turn(self, state):
        if state.turns != self._turn:
            self._turn = state.turns
            self._attacks = 0

    def counted_attack(self, state, p):
        """An attack while the turn's count allows one (``aggression``), or None."""
        if state.phase in ("add", "attack") and self._attacks < self.aggression:
            a = self.attack(state, p)
            if a is not None:
                self._attacks += 1
                return a
        return None

    def attack(self, state, p) -> "dict | None":
        return None  # each bot has its own

    def draw_or_end(self, state, p):
        """The end of a turn: the card a conquest earned (or, with the defensive trade-in, a
        trade first), then end."""
        if not state.drew:
            d = {"t": "draw", "p": p}
            if self.legal(state, d):
                return d
            if state.rules.opt(state, "deftrade") and state.conq:
                t = self.trade(state, p)
                if t is not None:
                    return t
        return {"t": "end", "p": p}


class Bot(_Player):
    """A seeded player that plays to win (see the module docstring).

    ``threshold``: the lowest P(conquest) in percent worth an attack (``eager`` before the turn's
    first conquest, which earns the card). ``chunk``: at most this many armies per placement (0:
    all at once). ``aggression``: attacks per turn at most."""

    def __init__(self, src, aggression=400, chunk=0, threshold=55, eager=40):
        self.src = src
        self.aggression = aggression
        self.chunk = chunk
        self.threshold = threshold
        self.eager = eager
        self._attacks = 0
        self._turn = -1
        self._want = None
        self._want_key = None
        self._floor = 1     # armies each counted country needs (WAR "18 territories with 2 armies")
        self._total = 0     # countries the objective counts (0: none)

    # ------------------------------------------------------------------ helpers
    def pc(self, state, att, dfn):
        return p_conquer(state.rules.combat, att, dfn)

    # ------------------------------------------------------------------ objectives
    def wanted(self, state, p):
        """Weight per country (1: worth taking, 2: counts for the objective, 3: the objective's
        core: a whole continent it needs, or the destroy target's countries)."""
        key = (p, state.turns, sum(state.alive), state.void[p] if state.void else 0)
        w = self._want
        if w is not None and self._want_key == key:
            return w
        w = bytearray(state.n)
        for c in range(state.n):
            w[c] = 1
        self._floor = 1
        self._total = 0
        try:
            state.rules.bot_wants(self, state, p, w)
        except (RulesError, KeyError, IndexError, ValueError):
            pass  # a board without the objective's continents: every country is worth the same
        self._want = w
        self._want_key = key
        return w

    def _mark_continent(self, state, w, cont, v):
        for c in state.board.members(cont):
            if w[c] < v:
                w[c] = v

    def _mark_target(self, state, w, t):
        if t is not None and 0 <= t < state.np and state.alive[t]:
            for c in range(state.n):
                if state.owner[c] == t:
                    w[c] = 3

    def floor(self, state, p):
        """Armies to keep in each country: 1, or the objective's minimum (WAR objective 4) once
        the player holds nearly the countries it counts."""
        self.wanted(state, p)
        if self._floor > 1 and state.count(p) + 3 >= self._total:
            return self._floor
        return 1

    def value(self, state, p, m):
        """How much taking country ``m`` is worth to ``p`` (in tenths)."""
        w = self.wanted(state, p)
        v = 10 * w[m]
        q = state.owner[m]
        b = state.board
        if q >= 0:
            if state.count(q) == 1:
                v += 20  # an elimination: its cards, maybe an objective
            cont = b.continent_of(m)
            mem = b.members(cont)
            mine = 0
            theirs = 0
            for c in mem:
                if state.owner[c] == p:
                    mine += 1
                elif state.owner[c] == q:
                    theirs += 1
            if mine == len(mem) - 1:
                v += 10  # completes the continent
            if theirs == len(mem):
                v += 5   # breaks someone's continent
        return v

    # ------------------------------------------------------------------ the turn
    def action(self, state):
        """The next action for the player whose turn it is (None when the game is over)."""
        if state.phase == "over":
            return None
        own = getattr(state.rules, "bot_action", None)
        if own is not None:  # a ruleset with its own player (T.E.G. II)
            return own(state, self.src)
        p = state.cur
        self.count_turn(state)
        if state.phase == "claim":
            return self.claim(state, p)
        if state.x.get("must"):  # Risk: the mid-assault trade after an elimination
            t = self.trade(state, p)
            if t is not None:
                return t
        if state.phase in ("place", "add"):
            if state.phase == "add":
                t = self.trade(state, p)
                if t is not None:
                    return t
            if state.to_place():
                return self.place(state, p)
        if state.pending is not None:
            return self.move(state, p)
        a = self.counted_attack(state, p)
        if a is not None:
            return a
        if state.rules.regroup_chain:
            r = self.chain_regroup(state, p)
            if r is not None:
                return r
            return {"t": "end", "p": p}
        if state.phase in ("add", "attack", "regroup"):
            r = self.regroup(state, p)
            if r is not None:
                return r
        return self.draw_or_end(state, p)

    def claim(self, state, p):
        """2-3 players: occupy free countries next to one's own, in the continent one leads."""
        b = state.board
        free = [c for c in range(state.n) if state.owner[c] < 0]
        best = None
        for c in free:
            score = 0
            for m in b.neighbours(c):
                if state.owner[m] == p:
                    score += 3
                elif state.owner[m] < 0:
                    score += 1
            for m in b.members(b.continent_of(c)):
                if state.owner[m] == p:
                    score += 2
                elif state.owner[m] >= 0:
                    score -= 2
            score = score * 8 + rand.below(self.src, 8)
            if best is None or score > best[0]:
                best = (score, c)
        if best is None:  # every country taken: the engine left the claim phase already
            return {"t": "end", "p": p}
        return {"t": "claim", "p": p, "c": best[1]}

    def spearhead(self, state, p, opts, extra):
        """The country of ``opts`` where ``extra`` more armies give the best attack."""
        b = state.board
        best = None
        for c in opts:
            a = state.armies[c] + extra
            top = -1
            for m in b.neighbours(c):
                if state.owner[m] != p:
                    s = self.pc(state, a, state.armies[m]) * self.value(state, p, m)
                    if s > top:
                        top = s
            if top < 0:
                continue
            if best is None or top > best[0] or (top == best[0] and state.armies[c] > state.armies[best[1]]):
                best = (top, c)
        return best[1] if best is not None else None

    def place(self, state, p):
        mine = state.countries_of(p)
        b = state.board
        opts = None
        n = state.reserve
        for cont in range(len(state.cres)):
            if state.cres[cont]:
                opts = [c for c in mine if b.continent_of(c) == cont]
                n = state.cres[cont]
                break
        if opts is None:
            opts = mine
            n = state.reserve
        fl = self.floor(state, p)
        if fl > 1:
            for c in opts:  # the objective counts countries with this many armies: top them up
                if state.armies[c] < fl:
                    k = fl - state.armies[c]
                    a = {"t": "place", "p": p, "c": c, "n": k if k < n else n}
                    if self.legal(state, a):
                        return a
        if self.chunk and n > self.chunk:
            n = self.chunk
        c = self.spearhead(state, p, opts, n)
        if c is None:
            c = opts[0]
            for x in opts:
                if state.armies[x] > state.armies[c]:
                    c = x
        a = {"t": "place", "p": p, "c": c, "n": n}
        if self.legal(state, a):
            return a
        for c in opts + mine:  # a zone pact or similar: anywhere legal
            for k in (n, 1):
                a = {"t": "place", "p": p, "c": c, "n": k}
                if self.legal(state, a):
                    return a
        return a

    def attack(self, state, p):
        b = state.board
        thr = self.eager if state.conq == 0 else self.threshold
        cands = []
        for c in range(state.n):
            if state.owner[c] != p or state.armies[c] < 2:
                continue
            for m in b.neighbours(c):
                if state.owner[m] == p:
                    continue
                pc = self.pc(state, state.armies[c], state.armies[m])
                if pc < thr:
                    continue
                # total order (same choice on both runtimes): best score, then country ids
                cands.append((-pc * self.value(state, p, m), c, m))
        if not cands:
            return None
        cands.sort()
        for _, f, to in cands[:6]:
            a = {"t": "attack", "p": p, "f": f, "to": to}
            if self.legal(state, a):
                return a
        return None

    def move(self, state, p):
        """Move in as much as allowed unless the attacking country is still needed where it is."""
        f, to, lo, hi = state.pending[:4]
        b = state.board
        front_to = 0
        for m in b.neighbours(to):
            if state.owner[m] != p:
                front_to += 1
        threat = 0
        for m in b.neighbours(f):
            if state.owner[m] != p and state.armies[m] > threat:
                threat = state.armies[m]
        if front_to == 0 and threat:
            n = lo
        else:
            n = hi
        fl = self.floor(state, p)
        if fl > 1 and state.armies[f] - (n - lo) < fl:
            n = lo + state.armies[f] - fl  # keep the objective's armies behind
            if n < lo:
                n = lo
        return {"t": "move", "p": p, "n": n}

    def distances(self, state, p):
        """Steps from each own country to the nearest own country with an enemy neighbour."""
        b = state.board
        far = 255
        d = bytearray(state.n)
        queue = []
        for c in range(state.n):
            if state.owner[c] == p and self.enemy_next(state, c, p):
                d[c] = 0
                queue.append(c)
            else:
                d[c] = far
        i = 0
        while i < len(queue):
            c = queue[i]
            i += 1
            for m in b.neighbours(c):
                if state.owner[m] == p and d[m] == far:
                    d[m] = d[c] + 1
                    queue.append(m)
        return d

    def regroup(self, state, p):
        """Idle armies one step towards the front (T.E.G., WAR: neighbour moves)."""
        b = state.board
        rules = state.rules
        d = None
        for c in range(state.n):
            if state.owner[c] != p or state.armies[c] < 2:
                continue
            k = rules.regroup_movable(state, c)
            fl = self.floor(state, p)
            if fl > 1 and state.armies[c] - k < fl:
                k = state.armies[c] - fl
            if k <= 0 or self.enemy_next(state, c, p):
                continue
            if d is None:
                d = self.distances(state, p)
            best = None
            for m in b.neighbours(c):
                if state.owner[m] == p and d[m] < d[c]:
                    if best is None or state.armies[m] > state.armies[best]:
                        best = m
            if best is None:
                continue
            a = {"t": "regroup", "p": p, "f": c, "to": best, "n": k}
            if self.legal(state, a):
                return a
        return None

    def chain_regroup(self, state, p):
        """Risk: the turn's one regroup (it ends the turn): the biggest idle stack to the front
        country it can reach where it attacks best."""
        if state.phase not in ("add", "attack") or state.to_place():
            return None
        b = state.board
        src = -1
        for c in range(state.n):
            if state.owner[c] == p and state.armies[c] >= 3 and not self.enemy_next(state, c, p):
                if src < 0 or state.armies[c] > state.armies[src]:
                    src = c
        if src < 0:
            return None
        reach = b.chain(state.owner, p, src)
        front = [c for c in reach if c != src and self.enemy_next(state, c, p)]
        if not front:
            return None
        n = state.armies[src] - 1
        to = self.spearhead(state, p, front, n)
        if to is None:
            return None
        a = {"t": "regroup", "p": p, "f": src, "to": to, "n": n}
        return a if self.legal(state, a) else None


class RandomBot(_Player):
    """A seeded random player (legal actions only): games last long (the benchmark's 100,000
    events). ``focus``: a d6 above this puts all armies on the strongest front."""

    def __init__(self, src, aggression=200, chunk=0, regroups=1, focus=2):
        self.src = src
        self.aggression = aggression  # attacks per turn at most
        self.chunk = chunk            # 0: place everything at once; k: at most k armies a time
        self.regroups = regroups
        self.focus = focus            # d6 above this: all armies on the strongest front
        self._attacks = 0
        self._turn = -1

    def action(self, state):
        """The next action for the player whose turn it is (None when the game is over)."""
        if state.phase == "over":
            return None
        own = getattr(state.rules, "bot_action", None)
        if own is not None:  # a ruleset with its own player (T.E.G. II)
            return own(state, self.src)
        p = state.cur
        self.count_turn(state)
        if state.phase == "claim":
            free = [c for c in range(state.n) if state.owner[c] < 0]
            return {"t": "claim", "p": p, "c": self.pick(free)}
        if state.phase in ("place", "add"):
            if state.phase == "add":
                t = self.trade(state, p)
                if t is not None:
                    return t
            if state.to_place():
                return self.place(state, p)
        if state.pending is not None:
            pe = state.pending
            return {"t": "move", "p": p, "n": pe[2] + rand.below(self.src, pe[3] - pe[2] + 1)}
        a = self.counted_attack(state, p)
        if a is not None:
            return a
        if state.phase in ("add", "attack", "regroup") and self.src.d6() <= self.regroups:
            r = self.regroup(state, p)
            if r is not None:
                return r
        return self.draw_or_end(state, p)

    def place(self, state, p):
        mine = state.countries_of(p)
        b = state.board
        for cont in range(len(state.cres)):
            if state.cres[cont]:
                opts = [c for c in mine if b.continent_of(c) == cont]
                n = state.cres[cont]
                break
        else:
            front = [c for c in mine if self.enemy_next(state, c, p)]
            if front and self.src.d6() > self.focus:
                best = front[0]
                for c in front:
                    if state.armies[c] > state.armies[best]:
                        best = c
                front = [best]
            opts = front or mine
            n = state.reserve
        if self.chunk and n > self.chunk:
            n = 1 + rand.below(self.src, self.chunk)
        for _ in range(8):
            a = {"t": "place", "p": p, "c": self.pick(opts), "n": n}
            if self.legal(state, a):
                return a
        for c in mine:
            for k in (n, 1):
                a = {"t": "place", "p": p, "c": c, "n": k}
                if self.legal(state, a):
                    return a
        return {"t": "place", "p": p, "c": opts[0], "n": n}

    def attack(self, state, p):
        b = state.board
        cands = []
        for c in range(state.n):
            if state.owner[c] == p and state.armies[c] >= 2:
                for m in b.neighbours(c):
                    if state.owner[m] != p and state.armies[c] - 1 >= state.armies[m]:
                        cands.append((c, m))
        # the best odds first: the largest attacker against the smallest defender
        cands.sort(key=lambda fm: (state.armies[fm[1]], -state.armies[fm[0]], fm[0], fm[1]))  # total order: same on both runtimes
        for f, to in cands[:4]:
            a = {"t": "attack", "p": p, "f": f, "to": to}
            if self.legal(state, a):
                return a
        return None

    def regroup(self, state, p):
        b = state.board
        rules = state.rules
        cands = []
        for c in range(state.n):
            if state.owner[c] == p and rules.regroup_movable(state, c) > 0 and not self.enemy_next(state, c, p):
                for m in b.neighbours(c):
                    if state.owner[m] == p:
                        cands.append((c, m))
        if not cands:
            return None
        f, to = cands[rand.below(self.src, len(cands))]  # self.pick, known not empty
        a = {"t": "regroup", "p": p, "f": f, "to": to, "n": rules.regroup_movable(state, f)}
        return a if self.legal(state, a) else None


def play(game, bot, limit=100000, each=None):
    """Let ``bot`` play every seat of ``game`` until someone wins or ``limit`` events."""
    k = 0
    while game.state.phase != "over" and k < limit:
        a = bot.action(game.state)
        ev = game.act(a)
        if each is not None:
            each(game, ev)
        k += 1
    return game
