"""`comando play --option dice=table` (issue 26): the table rolls its own dice and the REPL asks
the result of each attack (commands/play/tabledice.py): the losses, the likeliest listed first
(Enter or `ok` takes it), or the faces; a result the dice cannot give is one line naming the rule
and nothing is played; the log records the roll as the table's (`tb`), and `comando replay`
tells it from the device's. Rule source: teg-classic.txt "DEVELOPMENT OF AN ATTACK" (one army
lost per pair compared)."""

from comando import engine, table_dice as TD
from comando.board import board_path, load_board
from comando.dice import SeededDice
from comando.engine.bot import Bot

from comando_host.web.pageview import PageGame

from play_tools import events, repl, run_cli, save_log

PLAYERS = [("Ana", "red"), ("Beto", "blue"), ("Caro", "black")]


def before_an_attack(opts, seed=3):
    """A seeded bot game stopped where the bot would attack first, its log opened with ``opts``
    (the bot plays only the device's dice; no roll was made yet). Returns (game, its attack)."""
    g = engine.new_game(load_board(board_path("teg")), "teg", PLAYERS, None, rng=SeededDice(seed))
    bot = Bot(SeededDice(seed + 100))
    for _ in range(3000):
        a = bot.action(g.state)
        if a["t"] == "attack":
            log = [dict(e) for e in g.log]
            if opts:
                log[0]["opt"] = dict(opts)
            return engine.Game(g.state.board, events=log), a
        g.act(a)
    raise AssertionError("no attack")


def test_the_table_tells_the_losses(monkeypatch, capsys, tmp_path):
    g, a = before_an_attack({"dice": "table"})
    log = save_log(g, tmp_path)
    s = g.state
    att, dfn = s.armies[a["f"]], s.armies[a["to"]]
    na, nd = s.rules.attack_dice(s, a["f"], a["to"], a)
    outs = TD.results(att, dfn, na, nd)
    k = min(na, nd)
    cn = s.board.name
    line = "attack %s %s" % (cn(a["f"]).replace(" ", "_"), cn(a["to"]).replace(" ", "_"))
    out = repl(monkeypatch, capsys, [line, "%d-%d" % (k + 1, 0), "ok"], "--resume", log)
    assert "the table rolls" in out and "Enter for %d-%d" % outs[0][:2] in out
    assert "compare %d pairs" % k in out     # the impossible result, one line naming the rule
    ev = events(log)[-1]
    assert ev["t"] == "attack" and ev["tb"] == 1 and (ev["al"], ev["dl"]) == outs[0][:2]
    assert ev["ad"] == [0] * na and ev["dd"] == [0] * nd
    assert len([e for e in events(log) if e["t"] == "attack"]) == 1   # the refused one: nothing
    rc, text, err = run_cli(capsys, ["replay", log])
    assert rc == 0, err
    assert "the table's dice" in text
    # the page: the battle marked as the table's, its losses in the luck chart (no faces: "?")
    evs = events(log)
    v = PageGame([("event", e) for e in evs], "g").view()
    b = v["battles"][-1]
    assert b["tb"] == 1 and (b["al"], b["dl"]) == outs[0][:2] and b["ad"] == [0] * na
    assert v["luck"][ev["p"]]["lost"] == outs[0][0]
    assert not any("tb" in x for x in v["battles"][:-1])   # the device's rolls: unmarked


def test_the_faces_for_the_luck_chart_and_a_device_roll_refused(monkeypatch, capsys, tmp_path):
    g, a = before_an_attack({"dice": "table-faces"})
    log = save_log(g, tmp_path)
    s = g.state
    na, nd = s.rules.attack_dice(s, a["f"], a["to"], a)
    cn = s.board.name
    line = "attack %s %s" % (cn(a["f"]).replace(" ", "_"), cn(a["to"]).replace(" ", "_"))
    faces = "%s / %s" % (" ".join(["6"] * na), " ".join(["1"] * nd))
    out = repl(monkeypatch, capsys, [line, "ok", faces], "--resume", log)
    assert "type the faces" in out and "charts the table's luck" in out
    ev = events(log)[-1]
    assert ev["t"] == "attack" and ev["tb"] == 1 and ev["ad"] == [6] * na
    assert TD.has_faces(ev)
    # a device game refuses a roll marked as the table's
    g2, a2 = before_an_attack({})
    bad = dict(a2, tb=1, al=0, dl=1)
    try:
        g2.act(bad)
    except Exception as exc:   # IllegalMove: one line naming the rule
        assert "rolls the device's dice" in str(exc)
    else:
        raise AssertionError("a table's roll in a device game")


def test_a_bad_dice_option_is_one_line(capsys):
    rc, out, err = run_cli(capsys, ["play", "--option", "dice=bones"], "")
    assert rc == 2 and "device, table, table-faces" in err and len(err.strip().splitlines()) == 1


def test_the_page_enters_the_tables_result():
    """The page's act (comando_host.web.pageinput.action): an attack of a table-dice game carries
    the table's losses or the faces clicked, checked by the core; an impossible one is refused,
    one line naming the rule."""
    from comando.errors import IllegalMove
    from comando_host.web import pageinput
    g, a = before_an_attack({"dice": "table"})
    s = g.state
    page = {"t": "attack", "f": a["f"], "to": a["to"]}
    na, nd = s.rules.attack_dice(s, a["f"], a["to"], a)
    k = min(na, nd)
    for bad, msg in ((page, "give the table's result"),
                     (dict(page, al=k, dl=1), "compare %d pairs" % k),
                     (dict(page, ad=[7] * na, dd=[1] * nd), "faces (1 to 6)")):
        try:
            pageinput.action(s, bad)
        except (IllegalMove, pageinput.Refused) as exc:
            assert msg in str(exc) and "\n" not in str(exc)
        else:
            raise AssertionError(bad)
    act = pageinput.action(s, dict(page, ad=[1] * na, dd=[6] * nd))
    assert act["tb"] == 1 and act["ad"] == [1] * na
    ev = pageinput.make_event(s, act)
    assert (ev.get("ad"), ev.get("dd")) == ([1] * na, [6] * nd)   # the faces clicked, not drawn
    act = pageinput.action(s, dict(page, al=0, dl=k))
    assert act["tb"] == 1 and pageinput.make_event(s, act)["dd"] == [0] * nd


def test_the_tables_dice_asked_in_the_tables_language(monkeypatch, capsys, tmp_path):
    # the question, the prompt and a line that is no result in Spanish; the core's refusal of a
    # result the dice cannot give in Spanish too (comando/texts_es.txt tb_loss)
    monkeypatch.setenv("COMANDO_LANG", "es")
    g, a = before_an_attack({"dice": "table"})
    log = save_log(g, tmp_path)
    s = g.state
    na, nd = s.rules.attack_dice(s, a["f"], a["to"], a)
    outs = TD.results(s.armies[a["f"]], s.armies[a["to"]], na, nd)
    k = min(na, nd)
    cn = s.board.name
    line = "attack %s %s" % (cn(a["f"]).replace(" ", "_"), cn(a["to"]).replace(" ", "_"))
    out = repl(monkeypatch, capsys, [line, "tres", "%d-%d" % (k + 1, 0), "ok"], "--resume", log)
    assert "tira la mesa: %s" % cn(a["f"]) in out
    assert "Enter para %d-%d" % outs[0][:2] in out and "resultado de la mesa> " in out
    assert "el resultado de la mesa: las pérdidas como ATACANTE-DEFENSOR" in out
    assert "comparan %d pares" % k in out
    assert "the table" not in out
    ev = events(log)[-1]
    assert ev["tb"] == 1 and (ev["al"], ev["dl"]) == outs[0][:2]
    rc, text, err = run_cli(capsys, ["replay", log])
    assert rc == 0, err
    assert "los dados de la mesa" in text
