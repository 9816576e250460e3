"""Plans a whole game as button presses for the simulated device, and the events it must journal.

The planner keeps its own copy of the session (comando.session with the same seeded dice as the
device, COMANDO_SIM_SEED) and knows what each press does on each screen (device/screens/), so
the script it writes follows the game whatever the dice and the situation cards do, and the
events it expects are the reducer's own. Used by tests/host/test_device_game.py and
bench/bench_device.py.
"""

from comando import combat
from comando import session as S
from comando.dice import SeededDice
from comando.errors import IllegalMove

RULESETS = ("teg", "revancha", "war", "risk", "teg2")
COLOURS = {
    "teg": ("blue", "red", "black", "yellow", "green", "magenta"),
    "revancha": ("white", "black", "red", "blue", "yellow", "green"),
}


class Planner:
    def __init__(self, seed):
        self.on_dice = False  # the dice screen is up (it stays up across turns ended from it)
        self.dice = SeededDice(seed)
        self.state = S.Session()
        self.lines = []
        self.events = []

    def press(self, *lines):
        self.lines.extend(lines)

    def act(self, action, toast=True):
        """The event the device makes for ``action``, or None when the rules refuse it (then a
        message box shows, which the next press dismisses: the plan presses BACK for it)."""
        try:
            e = S.make(self.state, action, self.dice)
        except IllegalMove:
            if toast:
                self.press("back")
            return None
        S.apply(self.state, e)
        self.events.append(e)
        return e

    # -- screens ---------------------------------------------------------------------------------
    def new_game(self, ruleset, n, board=True):
        k = RULESETS.index(ruleset)
        self.press("up x%d" % k if k else "# teg", "ok")
        if n != 4:
            self.press("up x%d" % ((n - 4) % 5))
        self.press("ok")
        if not board:
            self.press("up")
        self.press("roll")
        opts = {"board": ruleset} if board else None
        self.act(S.new_session(ruleset, list(COLOURS[ruleset][:n]), opts))

    def to_turn_screen(self):
        if self.on_dice:
            self.press("back")
            self.on_dice = False

    def advance(self):
        """One OK on the turn screen outside a turn: the obvious next step."""
        self.to_turn_screen()
        st = self.state
        stage = st.stage
        if stage == S.OPEN:
            self.press("ok")
            self.act({"t": "first"})
        elif stage == S.PLACE:
            self.press("ok")
            self.act({"t": "place", "p": st.cur})
        elif stage == S.ROUND:
            self.press("ok")
            if self.act({"t": "round"}) and st.rs == "revancha":
                self.press("ok")  # dismiss the situation card
        elif stage == S.CRISIS:
            self.press("ok")
            if self.act({"t": "crisis"}):
                self.press("ok")  # dismiss the crisis dice
        elif stage == S.EXTRA:
            self.press("ok")
            self.act({"t": "extra", "p": st.cur, "c": 10})
        else:
            raise AssertionError("advance() in stage %s" % stage)

    def attack(self, rolls=2, long_roll=False, end=False, armies=(4, 2)):
        """Open the dice screen, set the armies of both countries (UP/DOWN on the attacker's
        count, OK, UP/DOWN on the defender's: the screen opens at 4 against 2), ROLL ``rolls``
        times, optionally hold ROLL (until conquest or 1 left); then hold OK to end the turn
        there (``end``: the dice stay up for the next player)."""
        st = self.state
        p = st.cur
        live = [s for s in st.order if s != p] or [s for s in range(st.n) if s != p]
        d = live[0]
        if not self.on_dice:
            self.press("roll")
            self.on_dice = True
        att, dfn = armies
        for delta in (att - 4, None, dfn - 2):
            if delta is None:
                self.press("ok")
            elif delta:
                self.press("%s x%d" % ("up" if delta > 0 else "down", abs(delta)))

        moved = [0]

        def one():
            nonlocal att, dfn
            if att < 2:
                return False
            e = self.act({"t": "roll", "p": p, "d": d, "a": att, "b": dfn}, toast=False)
            if e is None:
                return False
            att, dfn = e["r"]["a"] - e["r"]["al"], e["r"]["d"] - e["r"]["dl"]
            if dfn == 0:  # the screen asks for the move-in, defaulting to the most allowed
                moved[0] = combat.record_move_limits(e["r"])[1]
            return True

        def tap():
            nonlocal att, dfn
            if dfn == 0:
                # a fresh attack after a conquest (no event): from the country with more armies
                # once the move-in left, against one army
                att = max(att - moved[0], moved[0])
                dfn = 1
            else:
                one()

        for _ in range(rolls):
            self.press("roll")
            tap()
        if long_roll:
            # holding ROLL: the press rolls once, then the long press rolls until conquest
            self.press("long roll")
            tap()
            while dfn > 0 and att > 1:
                if not one():
                    break
        if end:
            self.press("long ok")
            e = self.act({"t": "end", "p": p}, toast=False)
            if e is not None and self.state.stage != S.TURN:
                self.on_dice = False  # the app went home: the turn screen

    def card(self):
        self.to_turn_screen()
        self.press("back", "down x2", "ok")
        self.act({"t": "card", "p": self.state.cur})

    def eliminate(self):
        st = self.state
        choices = [s for s in range(st.n) if st.alive[s] and s != st.cur]
        self.to_turn_screen()
        self.press("back", "down x3", "ok", "ok")
        self.act({"t": "out", "p": choices[0], "by": st.cur})

    def end_turn(self):
        self.to_turn_screen()
        self.press("ok")
        self.act({"t": "end", "p": self.state.cur})

    def win(self):
        self.to_turn_screen()
        self.press("back", "down x4", "ok", "down", "ok")
        self.act({"t": "win", "p": self.state.cur})


def revancha_game(seed=5, players=6, rounds=6):
    """A full La Revancha game on its 72-country board: opening roll, both placement rounds, a
    situation card every round (crisis rolls, extra reinforcements, rest cards as they come),
    attacks with repeat rolls and attacks until conquest, country cards, an elimination, and a
    victory claimed in the last round."""
    pl = Planner(seed)
    pl.new_game("revancha", players)
    while pl.state.stage != S.ROUND:
        pl.advance()
    turn = 0
    while True:
        while pl.state.stage != S.TURN:
            pl.advance()
        if pl.state.rnd > rounds:
            pl.win()
            break
        extra = turn % 4 == 1 or (pl.state.rnd == 3 and turn % 7 == 3 and sum(pl.state.alive) > 4)
        # most turns: a few attacks, then hold OK on the dice screen to end the turn
        armies = (3 + (turn * 5) % 7, 1 + (turn * 3) % 6)  # what the board shows this turn
        pl.attack(rolls=3, long_roll=turn % 3 == 0, end=not extra, armies=armies)
        if extra:
            if turn % 4 == 1:
                pl.card()
            if pl.state.rnd == 3 and turn % 7 == 3 and sum(pl.state.alive) > 4:
                pl.eliminate()
            pl.end_turn()
        turn += 1
    return pl
