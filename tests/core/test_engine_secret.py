"""Sealed secret objectives (comando.engine.secret), as map mode plays them (issue 12): the deal's
objectives travel in its secret part with a public commitment each; the laptop folds the link's
form of every event (comando.link.redact) without them; the event that ends the game reveals
them, so both folds reach the same winner.

teg-classic.txt "3. Distribution of Countries and Objectives" and "9. List of Secret
Objectives"; war.txt "Objectives" / "End of the Game"; teg-la-revancha.txt, secret objectives
(two each with two players). Risk deals no objective (risk-online-12-maps.txt: the last player
holding territory wins): its deal has nothing to seal."""

from comando import engine
from comando.board import load_board, board_path
from comando.dice import SeededDice
from comando.engine import secret
from comando.engine.bot import Bot
from comando.link import redact

MPY_HEAP = "2m"

HIDDEN = ("obj", "target", "void")


def counter_source():
    k = [0]

    def src(n):
        k[0] += 1
        return bytes([(k[0] * 7 + i) & 255 for i in range(n)])
    return src


def public(state):
    d = state.to_dict()
    for k in HIDDEN:
        del d[k]
    if "o2" in d["x"]:
        del d["x"]["o2"]
    return d


def play_sealed(rs, colours, seed, bot=None, limit=6000):
    """The device's game (sealed deal, reveal at the end) and the laptop's fold of what the link
    carries, compared at every event. Returns (device state, laptop state, sealed deal, last)."""
    board = load_board(board_path(rs))
    g = engine.new_game(board, rs, [("P%d" % i, colours[i]) for i in range(len(colours))],
                        rng=SeededDice(seed))
    src = g.rng
    dev = engine.Folder(board, True, False)
    lap = engine.Folder(board, True, False)
    deal = None
    for ev in g.log:
        if ev["t"] == "deal":
            secret.seal(ev, counter_source())
            deal = ev
        dev.feed(ev)
        sent = redact(ev)
        assert "sec" not in sent and "obj" not in sent
        lap.feed(sent)
    seq = g.log[-1]["seq"]
    g = None
    bot = bot or Bot(SeededDice(seed + 1000))
    ev = None
    n = 0
    while dev.state.phase != "over" and n < limit:
        st = dev.state
        ev = engine.make(st, bot.action(st), src)
        seq += 1
        ev["seq"] = seq
        secret.reveal_if_ending(st, ev, engine.apply)
        dev.feed(ev)
        lap.feed(redact(ev))
        assert public(lap.state) == public(dev.state), seq
        if "rv" not in ev:
            assert lap.state.obj.count(-1) == lap.state.np and lap.state.winner == -1
        n += 1
    assert dev.state.phase == "over" and "rv" in ev
    return dev.state, lap.state, deal, ev


def check_end(dev, lap, deal, last):
    assert lap.winner == dev.winner >= 0
    assert lap.to_dict() == dev.to_dict()
    rv = last["rv"]
    assert rv["obj"] == deal["sec"]["obj"]
    for i in range(len(deal["oh"])):
        assert secret.verify(deal["oh"][i], rv["obj"][i], rv["on"][i])
    # the ending event without its reveal: the laptop would not know the objective winner
    bare = dict(last)
    del bare["rv"]
    return bare


def test_teg_four_players_sealed_to_the_same_winner():
    dev, lap, deal, last = play_sealed("teg", ("blue", "red", "black", "yellow"), 7)
    check_end(dev, lap, deal, last)
    assert len(deal["oh"]) == 4 and "obj" not in redact(deal)


def test_war_sealed_to_the_same_winner():
    dev, lap, deal, last = play_sealed("war", ("white", "red", "black"), 2)
    check_end(dev, lap, deal, last)


def test_revancha_sealed_to_the_same_winner():
    from comando.rulesets.revancha.bot import RevanchaBot
    cols = ("blue", "red", "black", "yellow")
    dev, lap, deal, last = play_sealed("revancha", cols, 3, RevanchaBot(SeededDice(1003)))
    check_end(dev, lap, deal, last)


def test_a_sealed_deal_folds_with_unknown_objectives_and_no_false_winner():
    board = load_board(board_path("teg"))
    g = engine.new_game(board, "teg", [("A", "blue"), ("B", "red"), ("C", "black"),
                                       ("D", "yellow")], rng=SeededDice(11))
    deal = secret.seal(dict(g.log[1]), counter_source())
    s = engine.fold([g.log[0], redact(deal)], board)
    assert s.obj == [-1, -1, -1, -1] and s.target == [-1, -1, -1, -1]
    for p in range(4):
        assert not s.rules.victory(s, p)   # only the public common objective could win
        assert "Secret" in s.rules.objective_text(s, p)
    # the device's fold of the journal's sealed deal knows them
    d = engine.fold([g.log[0], deal], board)
    assert d.obj == deal["sec"]["obj"] and d.obj == g.state.obj


def test_risk_deals_nothing_to_seal():
    board = load_board(board_path("risk"))
    g = engine.new_game(board, "risk", [("A", "red"), ("B", "blue"), ("C", "green")],
                        rng=SeededDice(1))
    deal = dict(g.log[1])
    assert "obj" not in deal
    assert secret.seal(deal) == deal and "sec" not in deal


def test_commitments_bind_the_objective_and_the_nonce():
    n = "0f" * 16
    h = secret.commit(12, n)
    assert len(h) == 64 and secret.verify(h, 12, n)
    assert not secret.verify(h, 13, n) and not secret.verify(h, 12, "1f" * 16)
    assert not secret.verify(h, 12, "0f")          # a short nonce proves nothing
    assert not secret.verify(None, 12, n)
