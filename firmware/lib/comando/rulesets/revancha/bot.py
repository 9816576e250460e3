"""The built-in La Revancha player: ``comando.engine.bot.Bot`` (reinforce the best front, attack
on good odds, move in, regroup to the front) taught this edition: its secret objective(s) from the
board, exchanges with country and continent cards, missiles (bought with the new forces, fired at
the strongest enemy in range before the dice), blockades (never placing where the rules forbid:
it asks ``check`` like any player)."""

from comando.engine import rand
from comando.engine.bot import Bot
from comando.rulesets.revancha import missiles, objectives


class RevanchaBot(Bot):
    """``missile_every``: buy a missile when the new forces reach this many armies (0: never)."""

    def __init__(self, src, aggression=400, chunk=0, threshold=55, eager=40, missile_every=14):
        Bot.__init__(self, src, aggression, chunk, threshold, eager)
        self.missile_every = missile_every

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

    # ------------------------------------------------------------------ the turn
    def action(self, state):
        if state.phase == "over":
            return None
        p = state.cur
        self.count_turn(state)
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
        a = self.counted_attack(state, p)
        if a is not None:
            return a
        if state.phase in ("add", "attack", "regroup"):
            r = self.regroup(state, p)
            if r is not None:
                return r
        return self.draw_or_end(state, p)
