"""The table's own deck (option ``deck`` = 1, issue 12): the players draw country cards from the
physical deck and the device records the card drawn, so the engine's ``draw`` (Risk: the turn's
``end`` or ``regroup``) names the card instead of taking the shuffled deck's top. The laptop folds
the same event to the same hands; a card in a hand, or no card named, is refused and changes
nothing; trades work from a hand so recorded.

teg-classic.txt "Requesting a country card" (one card after a conquest, two after the third
trade-in) and "Adding armies by trade-in"; war.txt "Card Conquest"; risk-online-12-maps.txt ("a
player who conquers ... receives a card at the end of the turn"); teg-la-revancha.txt, country
cards. The deck running out: the discards are reshuffled (the table does it; any of them may come
next)."""

from comando import engine
from comando.board import load_board, board_path
from comando.dice import SeededDice
from comando.engine import rand
from comando.engine.bot import Bot
from comando.errors import IllegalMove

MPY_HEAP = "3m"

COLOURS = {"teg": ("blue", "red", "black", "yellow"), "war": ("white", "red", "black", "blue"),
           "risk": ("red", "blue", "green", "yellow"),
           "revancha": ("white", "black", "red", "blue")}


def table_game(rs, seed):
    b = load_board(board_path(rs))
    players = [(c, c) for c in COLOURS[rs]]
    return engine.new_game(b, rs, players, {"deck": 1}, rng=SeededDice(seed))


def pick(dice, n):
    return rand.below(dice, n)


def play(rs, seed, limit=4000):
    g = table_game(rs, seed)
    bot = Bot(SeededDice(seed + 7))
    dice = SeededDice(seed + 99)
    drawn = trades = 0
    while g.state.phase != "over" and len(g.log) < limit:
        st = g.state
        a = bot.action(st)
        if a is None:
            break
        rules = st.rules
        if a["t"] == "end" and not rules.regroup_chain and rules.card_due(st, st.cur):
            a = {"t": "draw", "p": st.cur}   # the bot asks the engine's deck: the table's draws
        if a["t"] == "draw" or (a["t"] in ("end", "regroup") and rules.regroup_chain
                                and rules.card_due(st, st.cur)):
            pool = sorted(rules.card_pool(st))
            a = dict(a)
            a["card"] = pool[pick(dice, len(pool))]
            top = (st.deck or st.discard)[-1]
            ev = g.act(a)
            assert ev["card"] == a["card"] and "sh" not in ev
            assert a["card"] in g.state.hands[ev["p"]] and a["card"] not in g.state.deck
            drawn += a["card"] != top
            continue
        trades += a["t"] == "trade"
        g.act(a)
    return g, drawn, trades


def check_game(rs, seed):
    g, drawn, trades = play(rs, seed)
    st = g.state
    assert st.phase == "over" and st.winner >= 0, (rs, seed, st.phase)
    assert drawn > 0        # cards other than the engine's top were drawn
    assert trades > 0       # and traded in
    # the laptop folds the log to the same game
    assert engine.fold(g.log).to_dict() == st.to_dict()
    # every card is in exactly one place
    cards = list(st.deck) + list(st.discard)
    for h in st.hands:
        cards += h
    assert sorted(cards) == sorted(set(cards))


def test_teg_with_the_tables_deck_plays_to_a_victory():
    check_game("teg", 3)


def test_war_with_the_tables_deck_plays_to_a_victory():
    check_game("war", 4)


def test_risk_names_the_card_at_the_turns_end():
    check_game("risk", 5)


def test_revancha_with_the_tables_deck_plays_to_a_victory():
    check_game("revancha", 6)


def first_draw(rs, seed):
    """A game on the table's deck brought to its first turn with a card due."""
    g = table_game(rs, seed)
    bot = Bot(SeededDice(seed + 7))
    while True:
        st = g.state
        a = bot.action(st)
        if a["t"] == "end" and not st.rules.regroup_chain and st.rules.card_due(st, st.cur):
            a = {"t": "draw", "p": st.cur}
        if a["t"] == "draw" or (a["t"] in ("end", "regroup") and st.rules.regroup_chain
                                and st.rules.card_due(st, st.cur)):
            return g, a
        g.act(a)


def test_a_card_in_a_hand_or_none_named_is_refused_and_nothing_changes():
    for rs in ("teg", "risk"):
        g, a = first_draw(rs, 2)
        st = g.state
        before = st.to_dict()
        p = st.cur
        if rs == "teg":
            assert a["t"] == "draw"
        held = [c for h in st.hands for c in h]
        bad = []
        if held:
            bad.append(dict(a, card=held[0]))
        bad.append(dict(a))                   # no card named
        bad.append(dict(a, card=st.n + 40))   # no such card
        bad.append(dict(a, card="x"))
        for act in bad:
            if "card" not in act and rs == "teg":
                act.pop("card", None)
            try:
                engine.make(st, act, SeededDice(1))
            except IllegalMove as exc:
                msg = str(exc)
                assert "\n" not in msg and ("card" in msg), msg
            else:
                raise AssertionError("accepted %r" % (act,))
            assert st.to_dict() == before
        # a good one: any card of the deck, not only its top
        c = sorted(st.deck)[0]
        ev = g.act(dict(a, card=c))
        assert c in g.state.hands[p] and ev["card"] == c


def test_the_deck_out_the_discards_are_the_tables_deck():
    g, a = first_draw("teg", 8)
    st = g.state
    # every card but one leaves the deck for the discard pile: the table reshuffles them
    st.discard = list(st.deck[1:])
    st.deck = st.deck[:1]
    last = st.deck[0]
    g.act(dict(a, card=last))
    assert not g.state.deck and last in g.state.hands[a["p"]]
