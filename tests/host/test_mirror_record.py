"""The table record on the laptop (comando_host/text/record.py): every event of the table session
(comando/session) and of the map engine (comando/engine) told in a player's words; the mirror's
header fields; secrets never shown; `comando games` / `comando show` / the text export's comments.

Event types and fields: docs/engine.md, "Table session (device default)" and "Engine: events, reducer, rulesets".
"""

import re

import pytest

from comando import dice_mods
from comando import combat, session as S
from comando.session import replay
from comando.dice import SeededDice
from comando.rulesets.teg2.commit import commit
from comando_host.store import notation
from comando_host.text.record import Record, raw, tell
from comando_host.store.db import Store
from comando_host.text.view import GameView

NONCE0, NONCE1 = "11" * 16, "22" * 16


def _texts(events, board=None):
    return {e.seq: e.text for e in tell(events, board)}


def _teg_table():
    t = replay.Table("teg", ["blue", "red", "black", "yellow"], {"board": "teg"}, rng=SeededDice(3))
    t.act({"t": "first", "r": [[2, 5, 4, 4]]})
    for _ in range(8):
        t.act({"t": "place", "p": t.state.cur})
    t.act({"t": "round"})
    return t


def test_teg_session_events_read_like_a_table_record():
    t = _teg_table()
    t.act({"t": "roll", "p": 1, "d": 2, "a": 4, "b": 2,
           "r": combat.record("teg", 4, 2, [6, 5, 2], [4, 4])})
    t.act({"t": "card", "p": 1})
    t.act({"t": "end", "p": 1})
    t.act({"t": "out", "p": 0, "by": 2})
    t.act({"t": "end", "p": 2})
    t.act({"t": "end", "p": 3})
    t.act({"t": "round"})
    t.act({"t": "undo", "to": t.events[-2]["seq"]})
    t.act({"t": "round"})
    t.act({"t": "win", "p": 1})
    x = _texts(t.events)
    assert x[1] == "new game: T.E.G. with blue, red, black, yellow; board T.E.G. classic (teg)"
    assert x[2] == "opening roll: blue 2, red 5, black 4, yellow 4 - red starts"
    assert x[3] == "red placed 5 armies (placement round 1) - black next"
    assert x[10] == "blue placed 3 armies (placement round 2) - placement is over"
    assert x[11] == "round 1, in order red, black, yellow, blue"
    assert x[12] == ("red attacks black: 3 dice 6 5 2 vs 2 dice 4 4 - attacker loses 0, "
                     "defender loses 2; conquered (4 left in the attacking country)")
    assert x[13] == "red draws a country card"
    assert x[14] == "red ends the turn - black's turn"
    assert x[15] == "blue is eliminated by black"
    assert x[17] == "yellow ends the turn - round 1 is over"
    assert x[19] == "undo: back to the table as it was after #17"
    assert x[21] == "red won"  # record.result_words: one wording everywhere
    for text in x.values():
        assert "=" not in text  # never the raw fields


def test_a_roll_names_the_countries_when_the_board_is_loaded():
    from comando.board import load_board
    t = _teg_table()
    b = t.board = load_board("teg")  # the session checks the border too
    f, to = b.find("Argentina"), b.find("Chile")
    t.act({"t": "roll", "p": 1, "d": 2, "a": 3, "b": 1, "f": f, "to": to,
           "r": combat.record("teg", 3, 1, [3, 1], [5])})
    text = tell(t.events)[-1].text
    assert text.startswith("red attacks black (Argentina -> Chile): 2 dice 3 1 vs 1 die 5")
    assert text.endswith("attacker loses 1, defender loses 0 (now 2 v 1)")


def _revancha_deck(top):
    return list(top) + [c for c in range(50) if c not in top]


def test_revancha_situation_cards_crisis_and_extra():
    # rest card of green (49) is turned past with no green at the table; then Snow (20).
    deck = _revancha_deck([49, 20, 28, 32])
    t = replay.Table.__new__(replay.Table)  # the new action carries the deck order (dealt by hand)
    t.state, t.events, t.rng, t.board = S.Session(), [], SeededDice(1), None
    t.act(dict(S.new_session("revancha", ["blue", "red", "black"]), deck=deck))
    t.act({"t": "first", "r": [[6, 3, 3]]})
    for _ in range(6):
        t.act({"t": "place", "p": t.state.cur})
    t.act({"t": "round"})
    t.act({"t": "roll", "p": 0, "d": 1, "a": 3, "b": 1,
           "r": combat.record("revancha", 3, 1, [6, 2], [5, 1], dice_mods.SNOW)})
    for s in t.state.order[:]:
        t.act({"t": "end", "p": s})
    t.act({"t": "round"})                                   # Crisis
    t.act({"t": "crisis", "r": [4, 1, 1]})
    for s in t.state.order[:]:
        t.act({"t": "end", "p": s})
    t.act({"t": "round"})                                   # Extra reinforcements
    t.act({"t": "extra", "p": t.state.cur, "c": 15})
    x = tell(t.events)
    by_t = {}
    for e in x:
        by_t.setdefault(e.t, []).append(e.text)
    assert by_t["round"][0] == ("round 1, in order blue, red, black; situation card: Snow - "
                                "defenders roll one die more (up to 4) (Rest: green turned past: "
                                "that colour is not at the table)")
    assert "(snow)" in by_t["roll"][0]
    assert by_t["round"][1].startswith("round 2, in order red, black, blue; situation card: Crisis")
    assert by_t["crisis"][0] == "crisis roll: blue 4, red 1, black 1 - red and black draw no " \
                                "country card this round"
    assert by_t["extra"][0] == "black holds 15 countries: 7 extra armies - blue next"
    v = GameView()
    for ev in t.events:
        v.event(ev)
    head = "\n".join(v.summary())
    assert "situation card: Extra reinforcements" in head and "T.E.G. La Revancha" in head


def _teg2_table():
    t = replay.Table("teg2", ["usa", "ussr", "china"], None, rng=SeededDice(2))
    while t.state.stage == "place":
        t.act({"t": "place", "p": t.state.cur})
    t.act({"t": "round"})
    while t.state.stage == "add":
        t.act({"t": "place", "p": t.state.cur})
    return t


def test_teg2_commands_stay_hidden_until_revealed_and_the_track_moves():
    t = _teg2_table()
    t.act({"t": "declare", "p": 0, "d": 1, "rg": "Europe"})
    t.act({"t": "lock", "p": 0, "h": commit("3/0/5", NONCE0)})
    t.act({"t": "lock", "p": 1, "h": commit("2/2/2", NONCE1)})
    v = GameView()
    for ev in t.events:
        v.event(ev)
    shown = "\n".join(list(v.log) + v.summary() + list(v.battles))
    assert "T.E.G. II: USA locked a command (hidden)" in shown
    assert "T.E.G. II: USSR locked a command (hidden)" in shown
    assert "combat in Europe: USA (attacks, locked) v USSR (locked)" in shown
    assert "3/0/5" not in shown and "2/2/2" not in shown
    assert commit("3/0/5", NONCE0)[:8] not in shown  # not even the start of the commitment
    t.act({"t": "reveal", "p": 0, "cmd": "3/0/5", "n": NONCE0, "k": 8})
    v.event(t.events[-1])
    assert "2/2/2" not in "\n".join(v.log)  # the other side is still hidden
    t.act({"t": "reveal", "p": 1, "cmd": "2/2/2", "n": NONCE1, "k": 6})
    v.event(t.events[-1])
    last = v.log[-1]
    assert last.startswith("#%d USSR reveals 2/2/2 (6 armies in Europe); combat in Europe: "
                           "USA 3/0/5 vs USSR 2/2/2 - " % t.events[-1]["seq"])
    wp = list(t.state.track["wp"])
    assert "war potential USA 7->%d, USSR 7->%d" % (wp[0], wp[1]) in last
    assert "war potential: USA %d, USSR %d, China 7" % (wp[0], wp[1]) in "\n".join(v.summary())
    assert NONCE0 not in "\n".join(v.log) and NONCE1 not in "\n".join(v.log)
    t.act({"t": "declare", "p": 0, "d": 2, "rg": "Asia"})
    t.act({"t": "retreat", "p": 2})
    x = tell(t.events)
    assert x[-2].text == "USA declares a combat on China in Asia"
    assert x[-1].text == "China retreats from Asia; war potential USA %d->%d, China 7->6" % (
        wp[0], wp[0] + 1 if wp[0] < 11 else 11)
    assert x[0].text == "new game: T.E.G. II with USA, USSR, China; basic level"
    assert x[1].text == "USA placed a token (1 of 5) - USSR next"


def test_teg2_round_grants_rockets_and_the_end():
    t = _teg2_table()
    r = Record()
    for ev in t.events:
        r.feed(ev)
    rnd = [e for e in tell(t.events) if e.t == "round"][0]
    assert rnd.text == "round 1, in order USA, USSR, China; armies to add: USA 7, USSR 7, China 7"
    # a rocket offered at this round's start (war potential 4 or 10): set on both copies
    for st in (t.state, r.state):
        st.stage = "add"
        st.track["offer"][0] = 1
    t.act({"t": "rocket", "p": 0})
    assert r.feed(t.events[-1]).text == "USA takes the nuclear rocket"
    for st in (t.state, r.state):
        st.stage = "turn"
    t.act({"t": "launch", "p": 0, "rg": "Siberia"})
    assert r.feed(t.events[-1]).text == "USA launches its nuclear rocket at Siberia"
    assert r.feed({"seq": 99, "t": "end", "p": 0}).text == "USA ends the turn - USSR's turn"


def test_war_and_risk_session_wording():
    t = replay.Table("war", ["blue", "red"], None, rng=SeededDice(3))
    t.act({"t": "first", "r": [[3, 5]]})
    x = _texts(t.events)
    assert x[2] == "opening roll: blue 3, red 5 - red deals the territories, %s starts" % (
        t.state.colours[t.state.first])
    t = replay.Table("risk", ["blue", "red"], {"territories": 6}, rng=SeededDice(3))
    t.act({"t": "first", "r": [[6, 1]]})
    t.act({"t": "place", "p": 0})
    t.act({"t": "walk", "p": 1})
    x = _texts(t.events)
    assert x[1] == "new game: Risk with blue, red; 6 territories, armies deployed by hand"
    assert x[3] == "blue deployed 3 armies (2 left in reserve) - red next"
    assert x[4] == "red walks out (its territories stay, neutral) - blue won"


def test_every_engine_event_type_is_told_and_objectives_never_shown():
    from comando import engine
    from comando.board import load_board
    from comando.engine import bot
    seen = {}
    for rs in ("teg", "war", "risk"):
        g = engine.new_game(load_board(rs), rs, [{"n": "Ana", "c": "blue"}, {"n": "Beto", "c": "red"},
                                                 {"n": "Cris", "c": "black"}], None, SeededDice(4))
        bot.play(g, bot.Bot(SeededDice(9)), limit=400)
        for e in tell(g.log):
            seen.setdefault((rs, e.t), e.text)
            assert "obj" not in e.text.lower() and "secret" not in e.text.lower()
            assert e.text != raw(g.log[e.seq - 1]), (rs, e.t, e.text)
    for key in (("teg", "attack"), ("teg", "move"), ("teg", "place"), ("teg", "end"),
                ("teg", "claim"), ("war", "draw"), ("risk", "regroup")):
        assert key in seen, key
    assert re.match(r"^(Ana|Beto|Cris) \((blue|red|black)\): \S.* attacks ", seen[("teg", "attack")])
    assert seen[("teg", "deal")].startswith("the countries are dealt")


def test_view_header_board_ruleset_turn_round():
    t = _teg_table()
    v = GameView()
    v.hello({"game": "g1", "board": "", "fw": "0.1.0"}, 0)
    for ev in t.events:
        v.event(ev)
    head = v.summary()
    assert head[0] == "game g1   T.E.G.   board T.E.G. classic (teg)   firmware 0.1.0"
    assert head[1] == "players: blue, ▶ red, black, yellow"
    assert head[2].startswith("round 1   turn: red   stage: turn")
    assert head[3] == "now: it is red's turn"
    assert v.result() == "round 1, red to play"
    assert v.rolls[-1].startswith("#2 opening roll: blue 2, red 5")


def test_view_continues_from_a_snapshot():
    t = _teg_table()
    v = GameView()
    v.snapshot(t.state.seq, t.state.to_dict())
    t.act({"t": "end", "p": 1})
    v.event(t.events[-1])
    assert v.log[-1] == "#%d red ends the turn - black's turn" % t.events[-1]["seq"]
    assert "board T.E.G. classic" in v.summary()[0]


def test_secret_fields_never_reach_the_record():
    r = Record()
    for ev in ({"seq": 1, "t": "deal", "p": 0, "obj": [3, 5], "objectives": [1, 2], "secret": 9},
               {"seq": 2, "t": "lock", "p": 0, "h": "ab" * 32, "sec": {"cmd": "1/1/1"}}):
        text = r.feed(ev).text
        assert "obj" not in text and "[3,5]" not in text and "1/1/1" not in text
        assert "ab" * 32 not in text and "secret" not in text


def _store_games(db):
    s = Store(db)
    t = _teg_table()
    t.act({"t": "roll", "p": 1, "d": 2, "a": 4, "b": 2,
           "r": combat.record("teg", 4, 2, [6, 5, 2], [4, 4])})
    s.ensure_game("ga1b2c3", fw="0.1.0")
    s.add_events("ga1b2c3", t.events)
    w = replay.Table("war", ["green", "red"], None, rng=SeededDice(3))
    w.act({"t": "first", "r": [[3, 5]]})
    w.act({"t": "place", "p": w.state.cur})
    w.act({"t": "place", "p": w.state.cur})
    w.act({"t": "round"})
    w.act({"t": "win", "p": w.state.cur})
    s.ensure_game("gwar0001", fw="0.1.0")
    s.add_events("gwar0001", w.events)
    tg = _teg2_table()
    tg.act({"t": "declare", "p": 0, "d": 1, "rg": "Europe"})
    tg.act({"t": "lock", "p": 0, "h": commit("3/0/5", NONCE0)})
    s.ensure_game("gteg2", fw="0.1.0")
    s.add_events("gteg2", tg.events)
    s.close()
    return w.state.colours[w.state.winner]


def _cli(argv, capsys):
    from comando_host.cli import main
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_games_is_aligned_with_players_and_results(tmp_path, capsys):
    db = str(tmp_path / "c.db")
    winner = _store_games(db)
    code, out, _ = _cli(["games", "--db", db], capsys)
    lines = out.splitlines()
    assert code == 0 and lines[0].split()[:4] == ["game", "started", "ruleset", "board"]
    row = {ln.split()[0]: ln for ln in lines[1:]}
    assert "T.E.G." in row["ga1b2c3"] and "teg" in row["ga1b2c3"]
    assert "blue, red, black, yellow" in row["ga1b2c3"] and "round 1, red to play" in row["ga1b2c3"]
    assert "WAR" in row["gwar0001"] and "%s won" % winner in row["gwar0001"]
    assert "T.E.G. II" in row["gteg2"] and "USA, USSR, China" in row["gteg2"]
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", row["gteg2"])
    col = lines[0].index("players")
    assert all(ln[col - 2:col] == "  " and ln[col] != " " for ln in lines)  # aligned


def test_cli_show_tells_the_game_and_keeps_commands_secret(tmp_path, capsys):
    db = str(tmp_path / "c.db")
    _store_games(db)
    code, out, _ = _cli(["show", "ga1", "--db", db], capsys)
    assert code == 0
    assert "game ga1b2c3   T.E.G.   board T.E.G. classic (teg)" in out
    assert "result: round 1, red to play" in out
    assert "#2 opening roll: blue 2, red 5, black 4, yellow 4 - red starts" in out
    assert "#12 red attacks black: 3 dice 6 5 2 vs 2 dice 4 4" in out
    code, out, _ = _cli(["show", "gteg2", "--db", db], capsys)
    assert "USA locked a command (hidden)" in out and "3/0/5" not in out
    assert commit("3/0/5", NONCE0) not in out
    code, out, _ = _cli(["show", "gwar", "--db", db, "--tail", "1"], capsys)
    assert out.rstrip().splitlines()[-1].endswith(" won")
    code, out, _ = _cli(["show", "ga1", "--db", db, "--raw", "--tail", "1"], capsys)
    assert out.rstrip().splitlines()[-1].startswith("#12 roll a=4 b=2 d=2 p=1")


def test_text_export_comments_tell_the_events_and_import_ignores_them(tmp_path, capsys):
    db = str(tmp_path / "c.db")
    _store_games(db)
    out_file = str(tmp_path / "g.txt")
    assert _cli(["export", "ga1b2c3", "--format", "text", "-o", out_file, "--db", db], capsys)[0] == 0
    text = open(out_file, encoding="utf-8").read()
    assert "2 first r=[[2,5,4,4]]\n; opening roll: blue 2, red 5, black 4, yellow 4 - red starts\n" in text
    h, recs = notation.parse(text)
    assert [r[1] for r in recs] == Store(db).events("ga1b2c3")
    code, out, _ = _cli(["export", "gteg2", "--format", "text", "--db", db], capsys)
    comments = "\n".join(ln for ln in out.splitlines() if ln.startswith(";"))
    assert "USA locked a command (hidden)" in comments and "3/0/5" not in comments


@pytest.mark.parametrize("rs", ["teg", "revancha", "war", "risk"])
def test_random_sessions_are_always_told_in_words(rs):
    """Seeded random table sessions: every event gets a worded line (never the raw fallback)."""
    import random
    cols = ["blue", "red", "black"]
    t = replay.Table(rs, cols, {"territories": 9} if rs == "risk" else None, rng=SeededDice(7))
    rnd = random.Random(rs)
    for _ in range(150):
        st = t.state
        cands = [{"t": "first"}, {"t": "place", "p": st.cur}, {"t": "round"}, {"t": "crisis"},
                 {"t": "extra", "p": st.cur, "c": rnd.randint(3, 20)}, {"t": "card", "p": st.cur},
                 {"t": "end", "p": st.cur},
                 {"t": "roll", "p": st.cur, "d": (st.cur + 1) % 3, "a": rnd.randint(2, 8),
                  "b": rnd.randint(1, 5)}]
        ok = []
        for a in cands:
            try:
                S.check(st, a)
                ok.append(a)
            except Exception:
                pass
        if not ok:
            break
        t.act(rnd.choice(ok))
    for e, ev in zip(tell(t.events), t.events):
        assert e.text != raw(ev) and "=" not in e.text, e


class _Session:
    """What mirror.render reads of a HostLink."""

    def __init__(self, view):
        self.view = view

    def status(self):
        return {"up": True, "device_last": self.view.last_seq, "held": self.view.last_seq,
                "stored": self.view.count, "bad_frames": 0, "duplicates": 0, "downs": 0}


def test_mirror_screen_wraps_long_entries_and_fits_a_small_region():
    from comando_host.terminal.mirror import render
    t = _teg_table()
    for _ in range(3):
        t.act({"t": "roll", "p": 1, "d": 2, "a": 4, "b": 3,
               "r": combat.record("teg", 4, 3, [6, 5, 2], [4, 4, 1])})
    t.act({"t": "end", "p": 1})
    v = GameView()
    for ev in t.events:
        v.event(ev)
    full = render(_Session(v), 60, color=False)
    assert all(len(x) <= 60 for x in full)
    assert "  #12 red attacks black: 3 dice 6 5 2 vs 3 dice 4 4 1 -" in full
    assert any(x.startswith("      ") and "defender loses 3" in x for x in full)  # wrapped on
    small = render(_Session(v), 60, color=False, height=14)
    assert len(small) <= 14
    assert small[-1].startswith("  #15 red ends the turn - black's turn")  # the newest stays
    assert "now: it is black's turn" in "\n".join(small)


def test_an_unknown_event_type_is_told_raw_and_the_record_goes_on():
    t = _teg_table()
    r = Record()
    for ev in t.events:
        r.feed(ev)
    odd = {"seq": 12, "t": "emote", "p": 1, "k": "cheer", "obj": 4}
    assert r.feed(odd).text == "emote k=cheer p=1"
    t.act({"t": "end", "p": 1})
    ev = dict(t.events[-1], seq=13)
    assert r.feed(ev).text == "red ends the turn - black's turn"


def test_the_table_record_in_the_tables_language():
    # the same T.E.G. table told in Spanish and in Portuguese (issue 24): the boxes' words
    # (teg-classic.txt, "6. Continuation of the Game": atacar, tarjeta de país)
    from comando_host.text import lang
    t = _teg_table()
    t.act({"t": "roll", "p": 1, "d": 2, "a": 4, "b": 2,
           "r": combat.record("teg", 4, 2, [6, 5, 2], [4, 4])})
    t.act({"t": "card", "p": 1})
    t.act({"t": "end", "p": 1})
    try:
        lang.use("es")
        x = _texts(t.events)
        assert x[2] == "tirada inicial: azul 2, rojo 5, negro 4, amarillo 4 - empieza rojo"
        assert x[11].startswith("ronda 1, en el orden ")
        assert "ataca a" in x[12] and "3 dados 6 5 2 vs 2 dados 4 4" in x[12]
        assert "el atacante pierde 0, el defensor pierde 2; conquistado (quedan 4 en el país atacante)" in x[12]
        assert x[13].endswith(" saca una tarjeta de país")
        assert " - turno de " in x[14]
        lang.use("pt_BR")
        x = _texts(t.events)
        assert x[1].startswith("nova partida: T.E.G. com ")
        assert "o atacante perde 0, o defensor perde 2" in x[12]
        assert x[13].endswith(" pega uma carta de território")
    finally:
        lang.use("en")
    assert _texts(t.events)[13] == "red draws a country card"


def test_the_stores_result_stays_english_whatever_the_table_speaks():
    # the store's summary row (view.result) is language-neutral: the same words in es as in en
    from comando_host.text import lang
    t = _teg_table()
    t.act({"t": "win", "p": 1})
    r = Record()
    for ev in t.events:
        r.feed(ev)
    english = r.result()
    try:
        lang.use("es")
        r = Record()
        for ev in t.events:
            r.feed(ev)
        assert r.result() == english == "red won"
        assert r.outcome() == "ganó rojo"     # a line a player reads: the table's words
    finally:
        lang.use("en")
