"""T.E.G. II (rules/teg-ii.txt) as an engine ruleset plug-in on a board the table describes:
``RULES``.

The whole game: the objective tokens ("Choosing Objectives"), the rounds ("Length of a Game"),
additions by war potential with the SU and the rocket ("War Potential Level", "Special Unit",
"Nuclear Rocket", advanced "Additions"), combats declared in a region with reinforcements and the
retreat ("Movements and Combats", "A Special Case: Retreat", "Attrition Rule"), resolved by the
battle commands (comando.rulesets.teg2.battle), rockets, and the final count ("End of the Game"), at the
three levels and for 2 to 12 players ("Variants").

Events (players act in turn; ``p`` is the seat acting):

    {"t": "start"}                                         setup: the table is laid out
    {"t": "token", "p", "k": 0..4, "c"}                     an objective token on the table
    {"t": "place", "p", "c", "n", "f": "u"|"a"|"s"}        add units (armies/ships), aircraft, the SU
    {"t": "rocket", "p", "c"}                              take the offered rocket, place it
    {"t": "attack", "p", "c", "q", "b": [[from, n, air, su], ...]}   declare war, bring reinforcements
    {"t": "defend", "p": q, "b": [...]}                     the defender's reinforcements
    {"t": "retreat", "p": q, "m": [[to, n, air, su], ...]}  the defender retreats instead
    {"t": "fight", "p", "a": "3/0/5", "d": "1/2/2"}        both battle commands, shown together
    {"t": "launch", "p", "c", "cl": seat or -1}             a rocket (cl: counter-launched by that seat)
    {"t": "end", "p"}                                       the seat's addition / attack turn is over

The state's ``x`` holds the ruleset's lists (copied before each change, so a ``State.copy`` taken
earlier never sees later events): ``u``/``a``/``s`` units, aircraft and SUs (flat, region*np+seat),
``wp`` the war potential per power, ``tok`` the tokens (flat, seat*5+k -> region), ``rk`` the
rockets on the board ([holder, region]), ``hr`` had a rocket, ``boom`` mushrooms, ``war`` the
combat under way [region, attacker, defender, stage] and, at the end, ``pts``/``tot``/``win``.
Table rules the book leaves open are options (``defaults``), written in docs/architecture.md.
"""

from comando.errors import BattleCommandError, IllegalMove, RulesError
from comando.engine.rules import Rules
from comando.rulesets.teg2.battle import combat as resolve_combat, move_wp
from comando.rulesets.teg2.track import POWERS, POWER_NAMES, GAME_LEVELS, BASIC, ADVANCED, WP_START, \
    SU_TOKENS
from comando.rulesets.teg2 import objectives as objs
from comando.rulesets.teg2 import rounds, forces, rockets

NT = objs.NTOKENS
MAPS = ("", "americas", "old_world", "world")
TIES = ("share", "wp")
RULE_ADD = ("rules/teg-ii.txt, Course of Play: \"1. ADDITION of armies, and after everyone has "
            "added them: 2. MOVEMENTS AND COMBATS.\"")
RULE_GREAT = ("rules/teg-ii.txt, Choosing Objectives: no pieces are placed in the great powers' "
              "territories; Board: \"Regions without a name take no part in the game\"")


def _ints(v, k):
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < k


class _Geo:
    """What the rules need of a board, worked out once: halves, sea regions, Objectives Tables."""

    def __init__(self, board):
        t = board.tables if isinstance(board.tables, dict) else {}
        n = board.n
        sea_c = t.get("sea")
        if not isinstance(sea_c, list):
            sea_c = ["sea"]
        self.sea = [1 if board.continent_id(board.continent_of(r)) in sea_c else 0
                    for r in range(n)]
        halves = t.get("halves")
        self.half = [0] * n
        self.tables = []
        self.half_names = []
        if isinstance(halves, list) and halves:
            for h in range(len(halves)):
                conts = halves[h].get("continents") or []
                for r in range(n):
                    if board.continent_id(board.continent_of(r)) in conts:
                        self.half[r] = h
                self.tables.append(self._table(board, halves[h].get("objective_regions")))
                self.half_names.append(halves[h].get("name") or halves[h].get("id") or str(h))
        else:
            self.tables.append(self._table(board, t.get("objective_regions")))
            self.half_names.append(board.name if isinstance(board.name, str) else board.id)

    def _table(self, board, ids):
        out = []
        for cid in ids or ():
            if cid is None:
                return None  # a partial table: the engine cannot play it
            out.append(board.index(cid))
        return out


_GEO = {}


class Teg2Rules(Rules):
    id = "teg2"
    at_time = None   # the clock is the table session's (its count at time: the table's answers)
    name = "T.E.G. II"
    book = "teg-ii.txt"
    colours = POWERS
    min_players = 2
    max_players = 12
    setup_types = ("start",)
    default_board = "teg2_house"  # the project's own complete map (the printed ones are partial)
    defaults = {"level": BASIC, "map": "", "rounds": 0, "iv": objs.IV_DEFAULT, "ni": "nobody",
                "ctl": objs.CTL_DEFAULT, "tie": "share"}

    # ------------------------------------------------------------------ board and seats
    def geo(self, board):
        g = _GEO.get(id(board))
        if g is None or g[0] is not board:
            g = (board, _Geo(board))
            _GEO[id(board)] = g
        return g[1]

    def level(self, state):
        return self.ostr(state, "level")

    def oint(self, state, key) -> int:
        v = self.opt(state, key)
        return v if isinstance(v, int) else self.defaults[key]

    def ostr(self, state, key) -> str:
        v = self.opt(state, key)
        return v if isinstance(v, str) else self.defaults[key]

    def power(self, state, p):
        return rounds.power_index(state.colours[p])

    def pname(self, state, p):
        pw = POWER_NAMES[self.power(state, p)]
        if state.names[p].lower() == pw.lower():
            return pw
        return "%s (%s)" % (state.names[p], pw)

    def groups(self, state):
        np_ = state.np
        if np_ >= 8:
            k = np_ // 2
            return [list(range(k)), list(range(k, np_))]
        return [list(range(np_))]

    def group_of(self, state, p):
        gs = self.groups(state)
        return 0 if len(gs) == 1 else (0 if p < len(gs[0]) else 1)

    def area(self, state, r):
        """The half of the board region ``r`` is played in, or -1 when it is out of play."""
        geo = self.geo(state.board)
        m = self.opt(state, "map")
        h = geo.half[r]
        if state.np >= 8 or m == "world" or len(geo.tables) == 1:
            return h
        want = 1 if m == "old_world" else 0
        return h if h == want else -1

    def in_area(self, state, p, r):
        a = self.area(state, r)
        if a < 0:
            return False
        if state.np >= 8:
            return a == self.group_of(state, p)
        return True

    def neighbours(self, state, r):
        world = self.ostr(state, "map") == "world" and state.np < 8
        half = self.geo(state.board).half
        return [m for m in state.board.neighbours(r) if world or half[m] == half[r]]

    def table(self, state, g):
        geo = self.geo(state.board)
        k = rounds.powers_per_board(state.np)
        if state.np == 2 or (state.np == 4 and self.two_player(state)):
            k = 4
        if self.opt(state, "map") == "world" and state.np < 8:
            return objs.in_play_world(geo.tables[:2], k)
        if state.np >= 8:
            return objs.in_play(geo.tables[g], k)
        h = 1 if self.opt(state, "map") == "old_world" and len(geo.tables) > 1 else 0
        return objs.in_play(geo.tables[h], k)

    def two_player(self, state):
        n = state.names
        return state.np == 4 and n[0] == n[2] and n[1] == n[3] and n[0] != n[1]

    def sides(self, state):
        """Who scores together: a seat each; the 2-player game one player's two powers; with 8-12
        players the pair of seats of one power ("the points of each pair are added together")."""
        if state.np >= 8:
            return [self.power(state, p) for p in range(state.np)], \
                [POWER_NAMES[self.power(state, p)] for p in range(state.np // 2)]
        if self.two_player(state):
            return [0, 1, 0, 1], [state.names[0], state.names[1]]
        return list(range(state.np)), [state.names[p] for p in range(state.np)]

    def check_new(self, board, players, options):
        o = self._checked_options(options)
        if not board.complete:
            raise RulesError("board %s is partial (\"complete\": false): the engine needs every "
                             "region and border; describe your printed board (comando boards new "
                             "--from %s) or play the house board teg2_house" % (board.id, board.id))
        np_ = len(players)
        cols = [pl["c"] for pl in players]
        for c in cols:
            if c not in POWERS:
                raise RulesError("unknown power %r: T.E.G. II powers are %s" % (c, ", ".join(POWERS)))
        geo = self.geo(board)
        self._check_seating(board, players, cols, geo)
        if o["map"] in ("old_world", "world") and len(geo.tables) < 2:
            raise RulesError("map %s needs a board with both halves (teg2_house)" % o["map"])
        if np_ >= 8 and o["map"] not in ("", "world"):
            raise RulesError("%d players play both boards: no map option" % np_)
        for t in geo.tables:
            if t is None:
                raise RulesError("board %s has a partial Objectives Table (null entries)" % board.id)
        k = rounds.powers_per_board(np_)
        rounds.rounds_for(k, o["rounds"])

    def _checked_options(self, options):
        """The game's options over the defaults; RulesError naming a wrong one."""
        for k in options or {}:
            if k not in self.defaults:
                raise RulesError("unknown option %r for T.E.G. II (options: %s)"
                                 % (k, ", ".join(sorted(self.defaults))))
        o = dict(self.defaults)
        o.update(options or {})
        if o["level"] not in GAME_LEVELS:
            raise RulesError("option level: basic, medium or advanced, not %r" % (o["level"],))
        if o["map"] not in MAPS:
            raise RulesError("option map: americas, old_world or world, not %r" % (o["map"],))
        if o["tie"] not in TIES:
            raise RulesError("option tie: share (tied players share the win) or wp (the higher war "
                             "potential wins the tie), not %r" % (o["tie"],))
        objs.check_options(o["iv"], o["ni"], o["ctl"])
        if not isinstance(o["rounds"], int) or isinstance(o["rounds"], bool):
            raise RulesError("option rounds takes a whole number (4 or 8 when 4 play)")
        return o

    def _check_seating(self, board, players, cols, geo):
        """The powers seated (``cols``, one a player) as the rulebook seats them: in its order,
        the 2-player game's four, or pairs on both boards (rules/teg-ii.txt, Variants)."""
        np_ = len(players)
        idx = [rounds.power_index(c) for c in cols]
        if np_ in (3, 4, 5, 6):
            for i in range(1, np_):
                if idx[i] <= idx[i - 1]:
                    raise RulesError("seat the powers in the rulebook's order (USA, USSR, China, "
                                     "Japan, Western Europe, Eastern Europe), each once: %s"
                                     % ", ".join(cols))
            names = [pl["n"] for pl in players]
            if np_ == 4 and names[0] == names[2] and names[1] == names[3] and names[0] != names[1] \
                    and cols != ["usa", "ussr", "china", "japan"]:
                raise RulesError("the 2-player game: one plays the USA and China, the other the USSR "
                                 "and Japan (rules/teg-ii.txt, For 2 Players)")
        elif np_ in (8, 10, 12):
            k = np_ // 2
            if cols[:k] != list(POWERS[:k]) or cols[k:] != list(POWERS[:k]):
                raise RulesError("%d players form %d pairs, one board each: seat %s on the first "
                                 "board and the same on the second (rules/teg-ii.txt, For More "
                                 "Than 6 Players)" % (np_, k, ", ".join(POWERS[:k])))
            if len(geo.tables) < 2:
                raise RulesError("%d players need both boards: board %s has one" % (np_, board.id))
        elif np_ == 2:
            raise RulesError("the 2-player game seats 4 powers: one player plays the USA and China, "
                             "the other the USSR and Japan (comando play seats them from 2 names)")
        else:
            raise RulesError("T.E.G. II is played by 2 to 6 players, or 8, 10 or 12 in pairs on two "
                             "boards, not %d (rules/teg-ii.txt, Variants)" % np_)

    def seat_players(self, players):
        """`comando play` with 2 names: the 2-player game seats them as 4 powers."""
        if len(players) == 2:
            a, b = players[0][0], players[1][0]
            return [(a, "usa"), (b, "ussr"), (a, "china"), (b, "japan")]
        return players

    # ------------------------------------------------------------------ state helpers
    def _w(self, state):
        """Copy the ruleset's lists before a change (copy-on-write)."""
        x = {}
        for k in state.x:
            v = state.x[k]
            if isinstance(v, list):
                v = [list(e) if isinstance(e, list) else e for e in v]
            x[k] = v
        state.x = x
        return x

    def u(self, state, r, p):
        return state.x["u"][r * state.np + p]

    def forces_at(self, state, r, p):
        i = r * state.np + p
        x = state.x
        return x["u"][i], x["a"][i], x["s"][i]

    def rocket_of(self, state, p):
        for e in state.x["rk"]:
            if e[0] == p:
                return e
        return None

    def actor(self, state):
        """The seat that acts now (a defender answers the declaration; a captured rocket's taker
        launches), or -1 when the game is over."""
        if state.phase == "over":
            return -1
        x = state.x
        if x.get("must", -1) >= 0:
            return x["must"]
        w = x.get("war")
        if w and w[3] == 0:
            return w[2]
        return state.cur

    def order(self, state):
        g = self.groups(state)[state.x["g"]]
        r = state.sround if state.phase == "objectives" else state.round - 1
        return rounds.order(g, r)

    def rounds_total(self, state):
        return rounds.rounds_for(rounds.powers_per_board(state.np), self.oint(state, "rounds"))

    def phase_hint(self, state):
        if state.phase == "add":
            x = state.x
            from comando.wording import count
            s = " and has %s to add" % count(x["left"], "unit") if x["left"] else ""
            if x["sul"]:
                s += " and the SU to place"
            return s
        return ""

    def act_check(self, state, a, phases):
        """The common checks: the game goes on, the seat exists and may act now."""
        self.over(state)
        p = self.player(state, a)
        x = state.x
        t = a.get("t")
        if x.get("must", -1) >= 0 and not (t == "launch" and p == x["must"]):
            raise IllegalMove("%s must launch the captured rocket now: %s"
                              % (self.pname(state, x["must"]), rockets.RULE_LAUNCH))
        if state.phase not in phases:
            raise IllegalMove("%s is not allowed now: the game is in the %s stage%s"
                              % (t, state.phase, self.phase_hint(state)))
        return p

    def my_turn(self, state, p, a):
        if p != state.cur:
            raise IllegalMove("It is %s's turn, not %s's" % (self.pname(state, state.cur),
                                                            self.pname(state, p)))

    def region(self, state, a, p, key="c"):
        c = self.country(state, a, key)
        if not self.in_area(state, p, c):
            raise IllegalMove("%s is not on the board in play for %s: %s"
                              % (self.cname(state, c), self.pname(state, p), RULE_GREAT))
        return c

    # ------------------------------------------------------------------ setup
    def setup(self, state, src):
        return [{"t": "start"}]

    def check_start(self, state, a):
        if "u" in state.x:
            raise IllegalMove("the table is already laid out")

    def apply_start(self, state, e):
        n, np_ = state.n, state.np
        state.x = {"u": [0] * (n * np_), "a": [0] * (n * np_), "s": [0] * (n * np_),
                   "wp": [WP_START] * len(POWERS), "tok": [-1] * (np_ * NT), "hr": [0] * np_,
                   "rk": [], "boom": [0] * n, "g": 0, "pos": 0, "left": 0, "sul": 0, "rko": 0,
                   "war": None, "must": -1, "na": 0, "R": self.rounds_total(state)}
        state.phase = "objectives"
        state.round = 0
        state.sround = 0
        state.cur = self.order(state)[0]

    # ------------------------------------------------------------------ the sequence
    def begin_seat(self, state):
        x = state.x
        p = state.cur
        if state.phase == "add":
            lvl = x["wp"][self.power(state, p)]
            on_board = 0
            np_ = state.np
            for r in range(state.n):
                on_board += x["s"][r * np_ + p]
            g = rounds.grants(lvl, self.level(state), x["hr"][p], on_board, SU_TOKENS)
            x["left"] = g["units"]
            x["sul"] = g["su"]
            x["rko"] = g["rocket"]
            state.reserve = g["units"]
        else:
            x["left"] = x["sul"] = x["rko"] = 0
            state.reserve = 0
        x["na"] = 0

    def advance(self, state):
        x = state.x
        order = self.order(state)
        x["pos"] += 1
        if x["pos"] < len(order):
            state.cur = order[x["pos"]]
            self.begin_seat(state)
            return
        x["pos"] = 0
        ng = len(self.groups(state))
        if state.phase == "objectives":
            x["g"] += 1
            if x["g"] == ng:
                x["g"] = 0
                state.sround += 1
                if state.sround == NT:
                    state.round = 1
                    state.phase = "add"
        elif state.phase == "add":
            state.phase = "attack"
        else:
            x["g"] += 1
            if x["g"] == ng:
                x["g"] = 0
                state.round += 1
                if state.round > x["R"]:
                    state.round = x["R"]
                    self.final_count(state)
                    return
            state.phase = "add"
        state.cur = self.order(state)[0]
        self.begin_seat(state)

    # ------------------------------------------------------------------ objectives
    def check_token(self, state, a):
        p = self.act_check(state, a, ("objectives",))
        self.my_turn(state, p, a)
        c = self.country(state, a)
        regions = self.table(state, self.group_of(state, p))
        placed = state.x["tok"][p * NT:(p + 1) * NT]
        names = [self.cname(state, r) for r in range(state.n)]
        objs.check_token(placed, a.get("k"), c, regions, names)
        done = placed.count(-1)
        if done != NT - state.sround:
            raise IllegalMove("one token per placement round: you placed yours for this round")

    def apply_token(self, state, e):
        x = self._w(state)
        x["tok"][e["p"] * NT + e["k"]] = e["c"]
        self.advance(state)

    # ------------------------------------------------------------------ additions
    def check_place(self, state, a):
        p = self.act_check(state, a, ("add",))
        self.my_turn(state, p, a)
        c = self.region(state, a, p)
        x = state.x
        n = a.get("n")
        f = a.get("f", "u")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise IllegalMove("place: give a number of units, 1 or more")
        if x["boom"][c]:
            raise IllegalMove("%s has the atomic mushroom: %s" % (self.cname(state, c),
                                                                rockets.RULE_MUSHROOM))
        u, air, su = self.forces_at(state, c, p)
        if f == "s":
            if not x["sul"]:
                raise IllegalMove("you have no SU to place: one is added when the round finds you "
                                  "at level 5 (rules/teg-ii.txt, Special Unit)")
            if n != 1:
                raise IllegalMove("the SU is one unit")
            if su:
                raise IllegalMove("your SU is already in %s: a battle command holds one SU"
                                  % self.cname(state, c))
            return
        if f not in ("u", "a"):
            raise IllegalMove("place: what is added is units (u), aircraft (a) or the SU (s)")
        if n > x["left"]:
            from comando.wording import count
            raise IllegalMove("you have %s to add, not %d (rules/teg-ii.txt, War Potential "
                              "Level%s)" % (count(x["left"], "unit"), n, "; advanced Additions: level + 3"
                                            if self.level(state) == ADVANCED else ""))
        if f == "a":
            if self.level(state) != ADVANCED:
                raise IllegalMove("no aircraft: %s" % forces.RULE_AIR_LEVEL)
            if air + n > u:
                raise IllegalMove("%d aircraft in %s refused: %d of your units there: %s"
                                  % (air + n, self.cname(state, c), u, forces.RULE_AIR_CAP))

    def apply_place(self, state, e):
        x = self._w(state)
        i = e["c"] * state.np + e["p"]
        f = e.get("f", "u")
        if f == "s":
            x["s"][i] += 1
            x["sul"] = 0
            return
        x["a" if f == "a" else "u"][i] += e["n"]
        x["left"] -= e["n"]
        state.reserve = x["left"]

    def check_rocket(self, state, a):
        p = self.act_check(state, a, ("add",))
        self.my_turn(state, p, a)
        c = self.region(state, a, p)
        x = state.x
        rockets.check_take(x["rko"], x["hr"][p], self.u(state, c, p), self.cname(state, c),
                           x["boom"][c])

    def apply_rocket(self, state, e):
        x = self._w(state)
        x["rk"].append([e["p"], e["c"]])
        x["hr"][e["p"]] = 1
        x["rko"] = 0

    # ------------------------------------------------------------------ combat
    def view(self, state):
        return _View(self, state)

    def check_attack(self, state, a):
        p = self.act_check(state, a, ("attack",))
        self.my_turn(state, p, a)
        x = state.x
        if x["war"]:
            raise IllegalMove("a combat is under way in %s: finish it first"
                              % self.cname(state, x["war"][0]))
        c = self.region(state, a, p)
        q = a.get("q")
        if not _ints(q, state.np) or q == p:
            raise IllegalMove("attack: whom? give another power at the table")
        if self.group_of(state, q) != self.group_of(state, p):
            raise IllegalMove("%s plays on the other board" % self.pname(state, q))
        u, air, su = self.forces_at(state, c, p)
        if u + su < 1:
            raise IllegalMove("no attack in %s: \"to attack, they must have at least one army in "
                              "that region\" (rules/teg-ii.txt, Movements and Combats)"
                              % self.cname(state, c))
        qu, qa, qs = self.forces_at(state, c, q)
        if qu + qs < 1:
            raise IllegalMove("%s has no forces in %s to attack" % (self.pname(state, q),
                                                                   self.cname(state, c)))
        b = a.get("b", [])
        if not isinstance(b, list):
            raise IllegalMove("attack: reinforcements are a list of moves")
        forces.check_reinforcements(self.view(state), p, c, b, self.level(state),
                                    "attacker's reinforcement")

    def make_attack(self, state, a, src):
        return dict(a)  # no dice in T.E.G. II: the base's make_attack rolls them

    def bring(self, state, x, p, c, moves):
        np_ = state.np
        lvl = self.level(state)
        lost = 0
        for m in moves:
            fi = m[0] * np_ + p
            x["u"][fi] -= m[1]
            x["a"][fi] -= m[2]
            x["s"][fi] -= m[3]
            arrive, k = forces.arrivals(m, lvl)
            lost += k
            ti = c * np_ + p
            x["u"][ti] += arrive
            x["a"][ti] += m[2]
            x["s"][ti] += m[3]
        return lost

    def apply_attack(self, state, e):
        x = self._w(state)
        self.bring(state, x, e["p"], e["c"], e.get("b", []))
        x["war"] = [e["c"], e["p"], e["q"], 0]
        x["na"] += 1

    def defender(self, state, a):
        p = self.act_check(state, a, ("attack",))
        w = state.x["war"]
        if not w or w[3] != 0:
            raise IllegalMove("%s: no declaration of war waits for the defender's answer" % a.get("t"))
        if p != w[2]:
            raise IllegalMove("%s answers this declaration, not %s" % (self.pname(state, w[2]),
                                                                      self.pname(state, p)))
        return p, w

    def check_defend(self, state, a):
        p, w = self.defender(state, a)
        b = a.get("b", [])
        if not isinstance(b, list):
            raise IllegalMove("defend: reinforcements are a list of moves")
        forces.check_reinforcements(self.view(state), p, w[0], b, self.level(state),
                                    "defender's reinforcement")

    def apply_defend(self, state, e):
        x = self._w(state)
        w = x["war"]
        self.bring(state, x, e["p"], w[0], e.get("b", []))
        w[3] = 1

    def check_retreat(self, state, a):
        p, w = self.defender(state, a)
        m = a.get("m")
        if not isinstance(m, list):
            raise IllegalMove("retreat: the moves are a list of [region, units, aircraft, su]")
        forces.check_retreat(self.view(state), p, w[0], m, self.level(state))

    def apply_retreat(self, state, e):
        x = self._w(state)
        c, att, p = x["war"][0], x["war"][1], x["war"][2]
        np_ = state.np
        for m in e["m"]:
            ti = m[0] * np_ + p
            x["u"][ti] += m[1]
            x["a"][ti] += m[2]
            x["s"][ti] += m[3]
        fi = c * np_ + p
        x["u"][fi] = x["a"][fi] = x["s"][fi] = 0
        for rk in x["rk"]:
            if rk[0] == p and rk[1] == c and e["m"]:
                rk[1] = e["m"][0][0]  # the rocket goes along with the retreat (table rule)
        self.move_power(state, x, att, 1)
        self.move_power(state, x, p, -1)
        x["war"] = None

    def move_power(self, state, x, p, step):
        i = self.power(state, p)
        x["wp"][i] = move_wp(x["wp"][i], step)

    def combat_record(self, state, a):
        x = state.x
        c, att, dfn = x["war"][0], x["war"][1], x["war"][2]
        au, aa, asu = self.forces_at(state, c, att)
        du, da, dsu = self.forces_at(state, c, dfn)
        try:
            return resolve_combat(a.get("a"), a.get("d"), au, du, aa, da, asu, dsu,
                                  x["wp"][self.power(state, att)], x["wp"][self.power(state, dfn)],
                                  self.pname(state, att), self.pname(state, dfn))
        except BattleCommandError as exc:
            raise IllegalMove("%s (rules/teg-ii.txt, How Combat Works)" % exc)

    def check_fight(self, state, a):
        p = self.act_check(state, a, ("attack",))
        w = state.x["war"]
        if not w or w[3] != 1:
            raise IllegalMove("fight: %s" % ("the defender answers first (defend or retreat)"
                                            if w else "declare war first (attack)"))
        if p != w[1]:
            raise IllegalMove("the attacker %s sends the fight" % self.pname(state, w[1]))
        self.combat_record(state, a)

    def apply_fight(self, state, e):
        rec = self.combat_record(state, e)
        x = self._w(state)
        c, att, dfn = x["war"][0], x["war"][1], x["war"][2]
        np_ = state.np
        for p, side in ((att, "att"), (dfn, "def")):
            i = c * np_ + p
            x["u"][i] = rec[side + "_left"]["armies"]
            x["a"][i] = rec[side + "_left"]["aircraft"]
            x["s"][i] -= rec[side + "_lost"]["su"]
        self.move_power(state, x, att, rec["att_move"])
        self.move_power(state, x, dfn, rec["def_move"])
        x["war"] = None
        x["last"] = [rec["att_cmd"], rec["def_cmd"], rec["att_won"], rec["def_won"], att, dfn]
        took = rockets.after_combat(c, att, dfn, np_, x["u"], x["s"], x["rk"])
        order = self.order(state)
        for t in took:
            # the taker "must launch it in this same round": at once when its attack turn is over
            if t != state.cur and t in order and order.index(t) < x["pos"]:
                x["must"] = t

    # ------------------------------------------------------------------ rockets
    def check_launch(self, state, a):
        p = self.act_check(state, a, ("attack", "add"))
        x = state.x
        mine = self.rocket_of(state, p)
        turn = (state.phase == "attack" and p == state.cur and not x["war"]) or p == x["must"]
        c = self.region(state, a, p)
        rockets.check_launch(mine is not None, x["hr"][p], turn, self.cname(state, c),
                             x["boom"][c])
        cl = a.get("cl", -1)
        if cl != -1:
            if not _ints(cl, state.np) or cl == p or self.rocket_of(state, cl) is None:
                raise IllegalMove("counter-launch: %s holds no rocket on the board"
                                  % (self.pname(state, cl) if _ints(cl, state.np) else repr(cl)))
            if self.group_of(state, cl) != self.group_of(state, p):
                raise IllegalMove("counter-launch: %s plays on the other board"
                                  % self.pname(state, cl))

    def apply_launch(self, state, e):
        x = self._w(state)
        p = e["p"]
        x["rk"].remove(self.rocket_of(state, p))
        cl = e.get("cl", -1)
        if cl >= 0:
            x["rk"].remove(self.rocket_of(state, cl))  # both explode in the air
        else:
            rockets.explode(e["c"], state.np, x["u"], x["a"], x["s"], x["rk"], x["boom"])
        if x["must"] == p:
            x["must"] = -1

    # ------------------------------------------------------------------ end
    def check_end(self, state, a):
        p = self.act_check(state, a, ("add", "attack"))
        self.my_turn(state, p, a)
        x = state.x
        if state.phase == "add":
            if x["left"] or x["sul"]:
                from comando.wording import count
                raise IllegalMove("add your %s%s before you end: %s"
                                  % (count(x["left"], "unit"), " and the SU" if x["sul"] else "", RULE_ADD))
            return
        if x["war"]:
            raise IllegalMove("a combat is under way in %s: finish it first"
                              % self.cname(state, x["war"][0]))
        if self.rocket_of(state, p) is not None:
            raise IllegalMove("you still hold a rocket: %s" % rockets.RULE_LAUNCH)

    def apply_end(self, state, e):
        self._w(state)
        self.advance(state)

    # ------------------------------------------------------------------ the final count
    def units_for_count(self, state):
        x = state.x
        return [x["u"][i] + x["s"][i] for i in range(len(x["u"]))]

    def final_count(self, state):
        x = state.x
        pts, detail = objs.score(x["tok"], self.units_for_count(state), state.np, x["boom"],
                                 objs.tokens_from_table(state.board.tables),
                                 self.oint(state, "iv"), self.ostr(state, "ni"),
                                 self.oint(state, "ctl"))
        side, names = self.sides(state)
        tot = [0] * len(names)
        wps = [0] * len(names)
        seen = []
        for p in range(state.np):
            tot[side[p]] += pts[p]
            pw = self.power(state, p)
            if (side[p], pw) not in seen:
                seen.append((side[p], pw))
                wps[side[p]] += x["wp"][pw]
        win = objs.winners(tot, wps if self.opt(state, "tie") == "wp" else None)
        x["pts"] = pts
        x["det"] = detail
        x["tot"] = tot
        x["win"] = win
        state.phase = "over"
        state.winner = side.index(win[0])
        state.reserve = 0

    def standings(self, state):
        """Lines of the final count: each side's points, the winner(s) marked *."""
        x = state.x
        if "tot" not in x:
            return []
        from comando.wording import count
        side, names = self.sides(state)
        out = ["Final count (%s):" % "; ".join(objs.describe(self.oint(state, "iv"),
                                                             self.ostr(state, "ni"),
                                                             self.oint(state, "ctl")))]
        for p in range(state.np):
            got = []
            for d in x["det"]:
                if d[0] == p:
                    got.append("%s %s %s" % (objs.token_name(d[1]), self.cname(state, d[2]),
                                             "yes" if d[3] else "no"))
            out.append("  %s: %s (%s)" % (self.pname(state, p), count(x["pts"][p], "point"),
                                          ", ".join(got)))
        for s in range(len(names)):
            out.append("%s %s: %s" % ("*" if s in x["win"] else " ", names[s],
                                      count(x["tot"][s], "point")))
        return out  # the winners (* above) are worded by the host, in one place (record.py)

    # ------------------------------------------------------------------ no cards, no pacts
    def _none(self, state, a):
        raise IllegalMove("T.E.G. II has no %s (rules/teg-ii.txt)" % a.get("t"))

    check_trade = check_draw = check_bonus = check_move = check_regroup = check_claim = _none
    check_pact = check_unpact = _none

    def bot_action(self, state, src):
        from comando.rulesets.teg2.bot import action
        return action(state, src)


class _View:
    """What comando.rulesets.teg2.forces asks of a game state."""

    def __init__(self, rules, state):
        self.r = rules
        self.s = state

    def neighbours(self, r):
        return self.r.neighbours(self.s, r)

    def name(self, r):
        return self.r.cname(self.s, r)

    def is_sea(self, r):
        return self.r.geo(self.s.board).sea[r]

    def units(self, r, p):
        return self.s.x["u"][r * self.s.np + p]

    def air(self, r, p):
        return self.s.x["a"][r * self.s.np + p]

    def su(self, r, p):
        return self.s.x["s"][r * self.s.np + p]


RULES = Teg2Rules()
