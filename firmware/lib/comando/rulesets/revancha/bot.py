"""The built-in La Revancha player: ``comando.engine.bot.Bot`` (reinforce the best front, attack
on good odds, move in, regroup to the front) taught this edition: its secret objective(s) from the
board, exchanges with country and continent cards, missiles (bought with the new forces, fired at
the strongest enemy in range before the dice), blockades (never placing where the rules forbid:
it asks ``check`` like any player), aggression pacts (an ally's neighbouring armies turning poor
odds on a wanted country into good ones; it plays every seat, so the ally's consent is its own)."""

from comando.engine import rand
from comando.engine.bot import Bot
from comando.rulesets.revancha import condominium as cdm, missiles, objectives


class RevanchaBot(Bot):
    """``missile_every``: buy a missile when the new forces reach this many armies (0: never)."""

    def __init__(self, src, aggression=400, chunk=0, threshold=55, eager=40, missile_every=14):
        Bot.__init__(self, src, aggression, chunk, threshold, eager)
        self.missile_every = missile_every
        self._pacted = -1  # the turn (state.turns) of its last aggression pact: one a turn

    # ------------------------------------------------------------------ objectives
    def wanted(self, state, p):
        key = (p, state.turns, sum(state.alive), state.void[p])
        w = self._want
        if w is not None and self._want_key == key:
            return w
        w = bytearray(state.n)
        for c in range(state.n):
            w[c] = 1
        b = state.board
        for oid in state.rules.objs_of(state, p):
            o = objectives.by_id(b, oid)
            if o is None:
                continue
            if o.get("type") == "destroy":
                if not state.void[p]:
                    self._mark_target(state, w, state.target[p])
                continue
            for cid in o.get("countries_in") or {}:
                self._mark_continent(state, w, b.continent_index(cid), 2)
            for cid in o.get("continents") or ():
                self._mark_continent(state, w, b.continent_index(cid), 3)
            if o.get("islands"):
                for c in b.islands():
                    if w[c] < 2:
                        w[c] = 2
        self._want = w
        self._want_key = key
        return w

    # ------------------------------------------------------------------ cards
    def trade(self, state, p):
        if state.phase != "add":
            return None
        for cs, ks in state.rules.exchange_options(state, p):
            a = {"t": "trade", "p": p, "cards": cs}
            if ks:
                a["cc"] = ks
            if self.legal(state, a):
                return a
        return None

    # ------------------------------------------------------------------ missiles
    def arm(self, state, p):
        """A missile from the new forces on the front country that reaches the most enemy armies."""
        if not self.missile_every or state.reserve < self.missile_every:
            return None
        b = state.board
        best = None
        for c in state.countries_of(p):
            if not self.enemy_next(state, c, p):
                continue
            score = 0
            for m, d in b.within(c, 3):
                if state.owner[m] != p and state.armies[m] > missiles.damage(b, d):
                    score += missiles.damage(b, d) * self.wanted(state, p)[m]
            if score and (best is None or score > best[0]):
                best = (score, c)
        if best is None:
            return None
        a = {"t": "arm", "p": p, "c": best[1], "k": 1, "src": "r"}
        return a if self.legal(state, a) else None

    def fire(self, state, p):
        """The detonation that destroys the most wanted armies (the nearest first)."""
        mis = state.x["mis"]
        b = state.board
        best = None
        for f in range(state.n):
            if mis[f] < 1 or state.owner[f] != p:
                continue
            for to, d in b.within(f, 3):
                if state.owner[to] == p or state.owner[to] < 0:
                    continue
                dmg = missiles.damage(b, d)
                if state.armies[to] <= dmg or mis[to] >= mis[f]:
                    continue
                s = (dmg * 10 + state.armies[to]) * self.value(state, p, to)
                if best is None or s > best[0]:
                    best = (s, f, to)
        if best is None:
            return None
        a = {"t": "missile", "p": p, "f": best[1], "to": best[2]}
        return a if self.legal(state, a) else None

    def place(self, state, p):
        """``Bot.place``; a seat left with only shares of condominiums places there ("always in
        its own countries or in condominium", B) Placing Armies on the Map). A condominium whose
        pact is broken is won only from inside ("Countries in condominium may only be conquered
        by their holders from inside, after the pact is broken", Aggression Pacts and
        Condominiums): while p's share there is too small to attack its rival on good odds, the
        new armies go there (otherwise a table whose fronts are all such condominiums only
        grows: hypothesis found one placing and ending for 20,000 events)."""
        for r in state.x.get("cd") or ():
            c = r[0]
            if r[3] != -2 or not cdm.holds(state, c, p):
                continue
            mine = cdm.own(state, c, p)
            if mine >= 2 and self.pc(state, mine, cdm.own(state, c, cdm.other(state, c, p))) >= self.threshold:
                continue
            for n in (state.reserve, 1):
                b = {"t": "place", "p": p, "c": c, "n": n}
                if self.legal(state, b):
                    return b
        a = Bot.place(self, state, p) if state.countries_of(p) else None
        if a is not None and self.legal(state, a):
            return a
        for r in state.x.get("cd") or ():  # its own countries all blockaded, or none left
            if cdm.holds(state, r[0], p):
                for n in (state.reserve, 1):
                    b = {"t": "place", "p": p, "c": r[0], "n": n}
                    if self.legal(state, b):
                        return b
        if a is None:  # nowhere at all: ``check`` names why
            a = {"t": "place", "p": p, "c": -1, "n": state.reserve}
        return a

    # ------------------------------------------------------------------ aggression pacts
    def pact_attack(self, state, p):
        """``aggress`` on a country p's objectives want (``wanted`` >= 2) that p's best neighbour
        is unlikely to take alone but would with an ally's best neighbour beside it. None in a
        game without pacts (option pacts=0): "The rules allow pacts to be proposed between
        players" (1. Pacts) is the table's choice, and an aggression pact is one ("A player may
        join an opponent", Aggression Pacts and Condominiums)."""
        if not state.rules.enforce_pacts(state):
            return None
        if self._pacted == state.turns or state.x.get("ag") or state.x.get("cdm"):
            return None
        b = state.board
        w = self.wanted(state, p)
        owner = state.owner
        armies = state.armies
        best = None
        for to in range(state.n):
            r = owner[to]
            if r < 0 or r == p or w[to] < 2:
                continue
            f = g = -1
            for m in b.neighbours(to):
                o = owner[m]
                if o == p and armies[m] >= 2 and (f < 0 or armies[m] > armies[f]):
                    f = m
            if f < 0 or self.pc(state, armies[f], armies[to]) >= self.threshold:
                continue
            for m in b.neighbours(to):
                o = owner[m]
                if o != p and o != r and o >= 0 and armies[m] >= 2 and (g < 0 or armies[m] > armies[g]):
                    g = m
            if g < 0:
                continue
            pc = self.pc(state, armies[f] + armies[g] - 1, armies[to])
            if pc >= self.threshold and (best is None or pc * w[to] > best[0]):
                best = (pc * w[to], to, f, g)
        if best is None:
            return None
        a = {"t": "aggress", "p": p, "q": owner[best[3]], "to": best[1], "a": best[2], "b": best[3]}
        if not self.legal(state, a):
            return None
        self._pacted = state.turns
        return a

    def condo_action(self, state, p):
        """Condominiums: break the pact in one p wants whole, then fight inside on good odds; a
        third party's condominium next door is attacked naming its weaker occupant."""
        rows = state.x.get("cd")
        if not rows:
            return None
        w = self.wanted(state, p)
        for r in rows:
            c = r[0]
            if not cdm.holds(state, c, p):
                continue
            o = cdm.other(state, c, p)
            mine = cdm.own(state, c, p)
            if r[3] == -1 and w[c] >= 2:
                a = {"t": "cbreak", "p": p, "c": c}
            elif r[3] == -2 and mine >= 2 and self.pc(state, mine, cdm.own(state, c, o)) >= self.threshold:
                a = {"t": "attack", "p": p, "f": c, "to": c, "vs": o}
            else:
                continue
            if self.legal(state, a):
                return a
        owner = state.owner
        armies = state.armies
        for r in rows:
            c = r[0]
            if cdm.holds(state, c, p):
                continue
            h, k = state.owner[c], r[1]  # the row's two occupants
            vs = h if cdm.own(state, c, h) <= cdm.own(state, c, k) else k
            d = cdm.own(state, c, vs)
            for f in state.board.neighbours(c):
                if owner[f] == p and armies[f] >= 2 and cdm.row(state, f) is None \
                        and self.pc(state, armies[f], d) >= self.threshold:
                    a = {"t": "attack", "p": p, "f": f, "to": c, "vs": vs}
                    if self.legal(state, a):
                        return a
        return None

    def joint(self, state):
        """The joint attack under way (the party whose roll it is), or the move-in after a joint
        conquest (two armies of each where the rules allow), else None."""
        ag = state.x.get("ag")
        if ag and ag[6]:
            q = ag[5]
            return {"t": "attack", "p": q, "f": ag[3] if q == ag[1] else ag[4], "to": ag[0]}
        if state.x.get("cdm"):
            for n, m in ((2, 2), (2, 1), (1, 2), (1, 1)):
                a = {"t": "move", "p": state.cur, "n": n, "m": m}
                if self.legal(state, a):
                    return a
        return None

    # ------------------------------------------------------------------ the turn
    def action(self, state):
        if state.phase == "over":
            return None
        p = state.cur
        self.count_turn(state)
        j = self.joint(state)
        if j is not None:
            return j
        if state.phase in ("place", "add"):
            if state.phase == "add":
                t = self.trade(state, p)
                if t is not None:
                    return t
            if state.to_place():
                if rand.below(self.src, 2) == 0:
                    a = self.arm(state, p)
                    if a is not None:
                        return a
                return self.place(state, p)
        if state.pending is not None:
            return self.move(state, p)
        if state.phase in ("add", "attack") and self._attacks < self.aggression:
            a = self.fire(state, p)
            if a is not None:
                self._attacks += 1
                return a
        if state.phase in ("add", "attack") and self._attacks < self.aggression:
            a = self.pact_attack(state, p)
            if a is not None:
                self._attacks += 1
                return a
        a = self.counted_attack(state, p)
        if a is not None:
            return a
        if state.phase in ("add", "attack") and self._attacks < self.aggression:
            a = self.condo_action(state, p)
            if a is not None:
                self._attacks += 1
                return a
        if state.phase in ("add", "attack", "regroup"):
            r = self.regroup(state, p)
            if r is not None:
                return r
        return self.draw_or_end(state, p)
