"""A seat the engine's bot plays (issue 26): recorded in the game's new event (``bot``: 1; old
logs: every seat human), refused in a table session (a bot needs the map), and the bot's next
action in the words the table carries out, with an attack's odds (comando.engine.botsay). Both
runtimes.

Rule sources: teg-classic.txt "DEVELOPMENT OF AN ATTACK" (attacking until conquest or one army
left: what the odds are of) and "REGROUPING" (the moves a bot's words name)."""

from comando import engine
from comando import session as S
from comando.board import load_board, board_path
from comando.dice import SeededDice
from comando.engine import botsay
from comando.errors import IllegalMove, RulesError
from comando.texts import set_lang

from mpytest import raises

MPY_HEAP = "1m"   # the whole T.E.G. board and a bot game (as test_engine_secret)

SEATS = [{"n": "blue", "c": "blue"}, {"n": "red", "c": "red"},
         {"n": "black", "c": "black", "bot": 1}, {"n": "yellow", "c": "yellow", "bot": 1}]


def _game():
    board = load_board(board_path("teg"))
    return engine.new_game(board, "teg", SEATS, rng=SeededDice(3))


def test_the_bot_seats_are_in_the_new_event_and_the_state():
    g = _game()
    assert [pl.get("bot", 0) for pl in g.log[0]["players"]] == [0, 0, 1, 1]
    assert g.state.bots == [0, 0, 1, 1]
    assert not botsay.is_bot(g.state, 0) and botsay.is_bot(g.state, 3)
    # the fold of the log gives the same seats
    assert engine.fold(g.log, g.state.board).bots == [0, 0, 1, 1]


def test_an_old_log_is_every_seat_human():
    board = load_board(board_path("teg"))
    g = engine.new_game(board, "teg", [("a", "blue"), ("b", "red"), ("c", "black")],
                        rng=SeededDice(3))
    assert "bot" not in str(g.log[0]) and g.state.bots == [0, 0, 0]
    assert not botsay.is_bot(g.state, 2)


def test_a_bad_bot_value_is_refused_by_name():
    board = load_board(board_path("teg"))
    seats = [dict(s) for s in SEATS]
    seats[1]["bot"] = "yes"
    ev = {"t": "new", "rs": "teg", "board": "teg", "players": seats}
    with raises(RulesError, "a seat's bot is 0 or 1"):
        engine.new_state(ev, board)


def test_a_table_session_asking_for_a_bot_is_refused():
    set_lang("en")
    a = S.new_session("teg", ["blue", "red", "black"], {"bots": [2]})
    st = S.Session()
    with raises(IllegalMove, "a bot needs the map"):
        S.check(st, a)
    assert st.stage is None   # nothing changed


def test_the_bots_action_in_words_and_its_odds():
    set_lang("en")
    g = _game()
    st = g.state
    a = botsay.suggest(st)
    assert a == botsay.suggest(st)            # the same state, the same suggestion
    assert a["t"] == "place" and a["p"] == st.cur
    assert botsay.words(st, a) == "%d on %s" % (a["n"], st.board.name(a["c"]))
    engine.check(st, a)                       # the bot's actions are legal
    b = st.board
    f = b.find("Argentina")
    to = b.find("Chile")
    assert botsay.words(st, {"t": "attack", "f": f, "to": to}) == "attacks Chile from Argentina"
    assert botsay.words(st, {"t": "move", "n": 2}) == "moves 2 in"
    assert botsay.words(st, {"t": "end"}) == "ends its turn"
    st.armies[f], st.armies[to] = 4, 1
    pc = botsay.odds(st, {"t": "attack", "f": f, "to": to})
    assert 80 < pc < 100, pc                  # 4 armies against 1: most often taken
    assert botsay.odds(st, {"t": "end"}) is None
    assert botsay.hint(st).startswith("hint: ")


def test_a_bot_game_to_its_end_by_the_suggestions():
    """Every seat follows botsay.suggest (the device's bot turn and the humans' hint): legal at
    every step, a winner in the end."""
    g = _game()
    n = 0
    while g.state.phase != "over":
        g.act(botsay.suggest(g.state))
        n += 1
        assert n < 6000
    assert g.state.winner >= 0
    assert botsay.suggest(g.state) is None and botsay.hint(g.state) is None
