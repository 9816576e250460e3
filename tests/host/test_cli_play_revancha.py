"""`comando play --ruleset revancha` driven by stdin scripts (rules/teg-la-revancha.txt): the
issue's acceptance game (`bot 5000` to a victory, `comando replay` naming the winner and why),
missiles ("Attacks with Missiles"), exchanges ("3) By exchange"), blockades, pacts, situation
cards, a clear one-line refusal quoting the rule for each illegal action, export/import."""


from comando import engine
from comando.board import board_path, load_board
from comando.dice import SeededDice
from comando.rulesets.revancha import missiles
from comando.rulesets.revancha.bot import RevanchaBot
from comando_host.text.wording import count
from play_tools import events, repl, run_cli as run, save_log

PLAYERS = [("A", "white"), ("B", "black"), ("C", "red")]




def advance(pred, seeds=range(1, 12), players=PLAYERS, limit=4000, opts=None):
    b = load_board(board_path("revancha"))
    for seed in seeds:
        g = engine.new_game(b, "revancha", players, opts, rng=SeededDice(seed))
        bot = RevanchaBot(SeededDice(seed + 100), missile_every=0)
        for _ in range(limit):
            s = g.state
            if s.phase == "over":
                break
            if pred(s):
                return g
            g.act(bot.action(s))
    raise AssertionError("no seeded game reached the wanted state")


def test_the_issues_acceptance_game(capsys, tmp_path):
    """`comando play --ruleset revancha --players A:white,B:black,C:red --seed 3 --log g.jsonl`
    with `bot 5000` ends in a victory; `comando replay g.jsonl` names the winner and why."""
    log = str(tmp_path / "g.jsonl")
    rc, out, err = run(capsys, ["play", "--ruleset", "revancha", "--players", "A:white,B:black,C:red",
                                "--seed", "3", "--log", log], "bot 5000\n")
    assert rc == 0, err
    assert "Game over:" in out and " won." in out
    rc, out, err = run(capsys, ["replay", log])
    assert rc == 0, err
    assert "T.E.G. La Revancha" in out
    won = [line for line in out.splitlines() if line.startswith("Game over:")]
    why = [line for line in out.splitlines() if line.startswith("why: ")]
    assert won and why, out
    assert "secret objective" in why[0] or "common objective: " in why[0]


def test_missiles_armed_fired_and_refused_with_the_rule(monkeypatch, capsys, tmp_path):
    g = advance(lambda s: s.phase == "add" and s.reserve >= 7 and not s.hands[s.cur])
    s = g.state
    p = s.cur
    b = g.board
    # a front country of the player on turn and a target in range with armies to spare
    best = None
    for f in s.countries_of(p):
        for to, d in b.within(f, 3):
            if s.owner[to] != p and s.armies[to] > missiles.damage(b, d) and not s.x["mis"][to]:
                best = (f, to, d)
                break
        if best:
            break
    f, to, d = best
    far = [c for c in range(s.n) if s.owner[c] != p and b.distance(f, c, 3) is None][0]
    path = save_log(g, tmp_path)
    left = s.reserve - 6
    out = repl(monkeypatch, capsys, [
        "missile %s %s" % (b.cid(f), b.cid(to)),           # placement first
        "arm 1 %s" % b.cid(f),
        "place %d %s" % (left, b.cid(f)),
        "missile %s %s" % (b.cid(f), b.cid(far)),
        "missile %s %s" % (b.cid(f), b.cid(to)),
        "status", "blockades", "situation", "cards"], "--resume", path)
    assert "places 1 missile on %s (from the new forces)" % b.name(f) in out
    assert "illegal: Place your %d remaining armies" % (s.reserve) in out
    assert ('is out of range from %s (teg-la-revancha.txt, Attacks with Missiles: "Missiles have a '
            'range of up to three borders' % b.name(f)) in out
    assert "fires a missile from %s at %s (%d border" % (b.name(f), b.name(to), d) in out
    assert "%s destroyed" % count(missiles.damage(b, d), "army") in out   # "1 army destroyed"
    assert "continent cards: none" in out
    evs = events(path)
    assert [e["t"] for e in evs[-3:]] == ["arm", "place", "missile"]


def test_strict_stops_at_an_illegal_missile_and_the_log_is_unchanged(capsys, tmp_path):
    g = advance(lambda s: s.phase == "attack" and s.round >= 2)
    s = g.state
    path = save_log(g, tmp_path)
    n = len(events(path))
    mine = s.countries_of(s.cur)[0]
    other = [c for c in g.board.neighbours(mine) if s.owner[c] != s.cur] or \
        [c for c in range(s.n) if s.owner[c] != s.cur]
    rc, out, err = run(capsys, ["play", "--resume", path, "--strict"],
                       "missile %s %s\n" % (g.board.cid(mine), g.board.cid(other[0])))
    assert rc == 2
    assert 'illegal: %s has no missile (teg-la-revancha.txt, Attacks with Missiles: "Each missile may be detonated only once")' % g.board.name(mine) in err
    assert len(events(path)) == n


def test_exchange_once_per_round_quoted(monkeypatch, capsys, tmp_path):
    """"No player may make more than one exchange per round\""""
    def ready(s):
        if s.phase != "add" or len(s.hands[s.cur]) + len(s.rules.held_continents(s, s.cur)) < 4:
            return False
        opts = s.rules.exchange_options(s, s.cur)
        for o in opts:
            for o2 in opts:
                if not set(o[0]) & set(o2[0]) and not set(o[1]) & set(o2[1]):
                    return True
        return False
    g = advance(ready, seeds=range(1, 40), limit=6000)
    s = g.state
    b = g.board
    opts = s.rules.exchange_options(s, s.cur)
    first = opts[0]
    pairs = [(o, o2) for o in opts for o2 in opts
             if not set(o[0]) & set(o2[0]) and not set(o[1]) & set(o2[1])]
    first = pairs[0][0]
    second = [pairs[0][1]]
    path = save_log(g, tmp_path)
    words = lambda o: " ".join([b.cid(c) for c in o[0]] + [b.continent_id(k) for k in o[1]])
    assert second, opts  # two disjoint exchanges in hand: the second is refused
    script = ["trade " + words(first)]
    if second:
        script.append("trade " + words(second[0]))
    out = repl(monkeypatch, capsys, script, "--resume", path)
    assert "exchanges" in out and "armies to place" in out
    if second:
        assert ('illegal: You already made an exchange this round (teg-la-revancha.txt, Equivalence of '
                'COUNTRY and CONTINENT CARDS: "No player may make more than one exchange per round")') in out


def test_pact_forms_and_ruled_out_pact(monkeypatch, capsys, tmp_path):
    g = advance(lambda s: s.phase == "attack" and s.round >= 2)
    s = g.state
    b = g.board
    p = s.cur
    q = [x for x in range(s.np) if x != p and s.alive[x]][0]
    mine = s.countries_of(p)[0]
    far = [c for c in range(s.n) if s.owner[c] == q and b.distance(mine, c, 3) is None][0]
    path = save_log(g, tmp_path)
    out = repl(monkeypatch, capsys, [
        "pact %s continent asia" % s.names[q],
        "pact %s borders asia africa" % s.names[q],
        "pact %s border %s %s" % (s.names[q], b.cid(mine), b.cid(far)),
        "pacts", "pact %s zone %s" % (s.names[q], b.cid(mine))], "--resume", path)
    assert "do not attack each other in Asia" in out
    assert "across the Asia - África borders" in out or "across the Asia - Africa borders" in out
    assert "no more than three borders between the two" in out
    assert "From the third exchange on" in out


def test_export_import_round_trip_folds(capsys, tmp_path):
    log = str(tmp_path / "g.jsonl")
    rc, _, err = run(capsys, ["play", "--ruleset", "revancha", "--seed", "4", "--log", log], "bot 30\n")
    assert rc == 0, err
    db = str(tmp_path / "c.db")
    rc, out, err = run(capsys, ["import", log, "--db", db, "--as", "rev1"])
    assert rc == 0, err
    out_path = str(tmp_path / "x.jsonl")
    rc, _, err = run(capsys, ["export", "rev1", "--format", "jsonl", "-o", out_path, "--db", db])
    assert rc == 0, err
    rc, out, err = run(capsys, ["replay", out_path])
    assert rc == 0, err and "T.E.G. La Revancha" in out
    rc, out2, err = run(capsys, ["replay", log])
    assert out2.splitlines()[1:] == out.splitlines()[1:]


def aggression_ready(s):
    """The player on turn, an ally and a third player's country bordering both (2+ armies each)."""
    if s.phase != "attack" or s.round < 2:
        return False
    b = s.board
    p = s.cur
    for to in range(s.n):
        r = s.owner[to]
        if r == p or s.armies[to] != 1:
            continue
        mine = [f for f in b.neighbours(to) if s.owner[f] == p and s.armies[f] >= 4]
        theirs = [f for f in b.neighbours(to) if s.owner[f] not in (p, r) and s.armies[f] >= 3]
        if mine and theirs:
            return (to, mine[0], theirs[0])
    return False


def test_aggression_pact_and_condominium_from_the_cli(monkeypatch, capsys, tmp_path):
    """teg-la-revancha.txt, Aggression Pacts and Condominiums: `pact ALLY aggression TARGET MINE
    THEIRS`, the rolls in the book's order (the CLI rolls for the ally out of its turn), `move N M`,
    the ally's regroup, `condo`, `condo break`, `status`."""
    g = advance(aggression_ready)
    s = g.state
    b = g.board
    to, mine, theirs = aggression_ready(s)
    q = s.owner[theirs]
    path = save_log(g, tmp_path)
    script = ["attack %s %s" % (b.cid(theirs), b.cid(to)),
              "pact %s aggression %s %s %s" % (s.names[q], b.cid(to), b.cid(mine), b.cid(theirs)),
              "end"]
    script += ["attack %s %s" % (b.cid(mine), b.cid(to)), "attack %s %s" % (b.cid(theirs), b.cid(to))] * 3
    script += ["move 2 2", "regroup %s %s 1" % (b.cid(theirs), b.cid(to)), "condo",
               "condo break %s" % b.cid(to), "status"]
    out = repl(monkeypatch, capsys, script, "--resume", path)
    assert "aggression pact: " in out
    assert "is not yours" in out  # the ally may not roll before the pact
    assert 'obliged to attack the "attacked" country' in out  # no end before the conquest
    # the seeded game: the third roll takes it (the ally rolled in between)
    assert "in condominium: %s 1, %s 1; non-aggression inside" % (s.names[s.cur], s.names[q]) in out.replace(
        " (%s)" % s.colours[s.cur], "").replace(" (%s)" % s.colours[q], "")
    assert "name the occupant you attack (vs)" in out
    assert "%s (%s) moves 1 from %s to %s; " % (s.names[q], s.colours[q], b.name(theirs), b.name(to)) in out
    assert "in condominium: %s (%s) 2, %s (%s) 3; pact broken, binds until" % (
        s.names[s.cur], s.colours[s.cur], s.names[q], s.colours[q]) in out


def test_option_pacts_0_bot_game_makes_no_aggression_pact(capsys, tmp_path):
    """`comando play --ruleset revancha --option pacts=0` and `bot`: a table without pacts
    (teg-la-revancha.txt, 1. Pacts: "The rules allow pacts to be proposed between players"; an
    aggression pact is one: "A player may join an opponent to conquer a country of a third
    party", Aggression Pacts and Condominiums). The same seed with pacts makes several."""
    made = {}
    for opts in ([], ["--option", "pacts=0"]):
        log = str(tmp_path / ("g%d.jsonl" % len(opts)))
        rc, out, err = run(capsys, ["play", "--ruleset", "revancha", "--seed", "1", *opts,
                                    "--db", ":memory:", "--log", log], "bot 900\nquit\n")
        assert rc == 0, err
        made[bool(opts)] = sum(e["t"] in ("aggress", "pact") for e in events(log))
    assert made[False] >= 1 and made[True] == 0, made
