"""What only the device's buttons may enter (issue 23; comando.link.button_only, declared by each
ruleset's plug-in): T.E.G. II's battle-command locks and reveals ("How Combat Works": "Each does
so in secret, indicating it with the hands of their clocks"), its hidden objective tokens and
their count ("Playing with Secret Objectives"), any action carrying a sealed part, a map game's
deal naming the secret objectives. Everything public stays open to the laptop.
docs/decisions/link-button-only-actions.md."""

MPY_HEAP = "384k"  # T.E.G. II sessions with their logs (the Table keeps every event)

from comando import engine
from comando import link as L
from comando import session as Z
from comando.board import load_board
from comando.dice import SeededDice
from comando.rulesets.teg2 import commit as teg2_commit
from comando.rulesets.teg2 import tally
from comando.session import replay

POWERS = ["usa", "ussr", "china"]
NA, ND = "11" * 16, "22" * 16
ROWS = [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [1, 3, 5, 6, 2]]


def table(opts=None):
    return replay.Table("teg2", list(POWERS), opts, rng=SeededDice(3))


def to_battle(t):
    """The objective rounds (open tokens by row), round 1's additions, a combat declared."""
    while t.state.stage == Z.PLACE:
        p = t.state.cur
        k = tally.placed(t.state.tally, p)
        t.act({"t": "place", "p": p, "k": k, "row": ROWS[p][k]})
    t.act({"t": "round"})
    for p in list(t.state.order):
        t.act({"t": "place", "p": p})
    cur = t.state.cur
    t.act({"t": "declare", "p": cur, "d": (cur + 1) % 3, "rg": "Chile"})
    return t.state.battle["a"], t.state.battle["d"]


def test_battle_command_locks_and_reveals_are_button_only():
    t = table()
    a, d = to_battle(t)
    st = t.state
    lock = {"t": "lock", "p": a, "h": teg2_commit.commit("3/0/5", NA)}
    Z.check(st, lock)   # the rules would take it: the link must refuse it before them
    why = L.button_only(st, lock)
    assert why == "only the device's buttons may lock a battle command: it is its player's secret"
    assert L.button_only(st, {"t": "lock", "p": d, "h": "0" * 64}) == why
    t.act(lock)
    t.act({"t": "lock", "p": d, "h": teg2_commit.commit("1/1/1", ND)})
    reveal = {"t": "reveal", "p": a, "cmd": "3/0/5", "n": NA, "k": 8}
    Z.check(t.state, reveal)   # it matches its lock: the rules would take it
    assert L.button_only(t.state, reveal).startswith(
        "only the device's buttons may reveal a battle command")
    # the public actions of a combat stay open to the laptop
    assert L.button_only(st, {"t": "retreat", "p": d}) is None
    assert L.button_only(st, {"t": "end", "p": a}) is None


def test_hidden_tokens_are_placed_and_counted_on_the_buttons_only():
    t = table({"secret": 1})
    st = t.state
    h = tally.commit(4, 1, NA)
    place = {"t": "place", "p": 0, "row": 1, "h": h}
    Z.check(st, place)
    why = L.button_only(st, place)
    assert why == ("only the device's buttons may place a hidden objective token: it stays its "
                   "player's secret until the count")
    assert L.button_only(st, {"t": "place", "p": 0, "row": 1, "k": 4}) == why
    nonces = {}
    while t.state.stage == Z.PLACE:
        p = t.state.cur
        k = tally.placed(t.state.tally, p)
        n = "%02d" % (p * 5 + k) * 16
        nonces[(p, k)] = n
        t.act({"t": "place", "p": p, "row": ROWS[p][k], "h": tally.commit(k, ROWS[p][k], n)})
    # the round's additions are public: a laptop may enter them
    t.act({"t": "round"})
    assert L.button_only(t.state, {"t": "place", "p": t.state.cur}) is None
    while t.state.stage not in (Z.COUNT, Z.OVER):
        if t.state.stage != Z.ADD:
            t.act({"t": "round"})
        for p in list(t.state.order):
            t.act({"t": "place", "p": p})
        for p in list(t.state.order):
            t.act({"t": "end", "p": p})
    p = t.state.cur
    score = {"t": "score", "p": p, "i": 0, "ok": 1, "k": 0, "n": nonces[(p, 0)]}
    Z.check(t.state, score)
    assert L.button_only(t.state, score).startswith(
        "only the device's buttons may turn a hidden objective token face up")
    assert L.button_only(t.state, {"t": "score", "p": p, "i": 0, "ok": 1}) is not None


def test_open_tokens_and_their_count_stay_open_to_the_laptop():
    """Without the secret option the device journals each token face up at once: nothing is
    sealed, so a laptop may enter it (and answer the count)."""
    t = table()
    assert L.button_only(t.state, {"t": "place", "p": 0, "k": 4, "row": 1}) is None
    # a commitment offered in an open game is refused all the same: it would seal a token
    assert L.button_only(t.state, {"t": "place", "p": 0, "row": 1, "h": "0" * 64}) is not None


def test_sealed_parts_are_refused_on_any_action():
    st = Z.Session()
    Z.apply(st, Z.make(st, Z.new_session("teg", ["blue", "red"])))
    for k in ("sec", "rv", "oh"):
        why = L.button_only(st, {"t": "end", "p": 0, k: {"obj": [1, 2]}})
        assert why == ("only the device's buttons may enter a secret: a command from the laptop "
                       "carries no %r" % k)
    assert L.button_only(st, {"t": "end", "p": 0}) is None
    # no game yet (a new game comes from the laptop too), or no state at all
    assert L.button_only(Z.Session(), Z.new_session("teg", ["blue", "red"])) is None
    assert L.button_only(None, {"t": "end"}) is None
    assert L.button_only(None, {"t": "end", "sec": {}}) is not None


def test_a_map_deal_naming_the_secret_objectives_is_refused():
    """A map game's objectives are dealt and sealed by the device (comando.engine.secret); the
    table's own deal, entered on the laptop's page, leaves them unknown (-1)."""
    g = engine.Game(load_board("teg"), SeededDice(1))
    g.record({"t": "new", "rs": "teg", "board": "teg",
              "players": [{"n": c, "c": c} for c in ("blue", "red", "black", "yellow")]})
    st = g.state
    why = L.button_only(st, {"t": "deal", "obj": [3, 7, 1, 9]})
    assert why == ("only the device deals the secret objectives: a deal from the laptop leaves "
                   "them unknown (-1)")
    assert L.button_only(st, {"t": "deal", "obj": [-1, -1, -1, -1]}) is None
    assert L.button_only(st, {"t": "place", "p": 0, "c": 3, "n": 1}) is None
