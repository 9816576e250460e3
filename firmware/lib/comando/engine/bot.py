"""A seeded random player: picks legal actions for any ruleset built on ``Rules``.

Used by the tests (full games from the deal to a victory), the benchmark and demos. It only
proposes actions; the engine checks them like any player's.
"""

from comando.errors import IllegalMove
from comando.engine import check, rand


class Bot:
    def __init__(self, src, aggression=200, chunk=0, regroups=1, focus=2):
        self.src = src
        self.aggression = aggression  # attacks per turn at most
        self.chunk = chunk            # 0: place everything at once; k: at most k armies a time
        self.regroups = regroups
        self.focus = focus            # d6 above this: all armies on the strongest front
        self._attacks = 0
        self._turn = -1

    def pick(self, seq):
        return seq[rand.below(self.src, len(seq))] if seq else None

    def legal(self, state, a):
        try:
            check(state, a)
            return True
        except IllegalMove:
            return False

    def action(self, state):
        """The next action for the player whose turn it is (None when the game is over)."""
        if state.phase == "over":
            return None
        p = state.cur
        if state.turns != self._turn:
            self._turn = state.turns
            self._attacks = 0
        rules = state.rules
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
        if state.phase in ("add", "attack") and self._attacks < self.aggression:
            a = self.attack(state, p)
            if a is not None:
                self._attacks += 1
                return a
        if state.phase in ("add", "attack", "regroup") and self.src.d6() <= self.regroups:
            r = self.regroup(state, p)
            if r is not None:
                return r
        if not state.drew:
            d = {"t": "draw", "p": p}
            if self.legal(state, d):
                return d
            if rules.opt(state, "deftrade") and state.conq:
                t = self.trade(state, p, any_phase=True)
                if t is not None:
                    return t
        return {"t": "end", "p": p}

    def trade(self, state, p, any_phase=False):
        h = state.hands[p]
        rules = state.rules
        k = len(h)
        for i in range(k):
            for j in range(i + 1, k):
                for m in range(j + 1, k):
                    cards = [h[i], h[j], h[m]]
                    if rules.is_set(state, cards):
                        a = {"t": "trade", "p": p, "cards": cards}
                        if self.legal(state, a):
                            return a
        return None

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

    def enemy_next(self, state, c, p):
        for m in state.board.neighbours(c):
            if state.owner[m] != p:
                return True
        return False

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
