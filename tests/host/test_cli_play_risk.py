"""`comando play --ruleset risk` driven by stdin scripts (risk-online-12-maps.txt): the defender's
dice choice (`attack FROM TO def D`), naming the set's cards (wild cards included) and the held
territory for the +2 (`trade ... on COUNTRY`), walk-outs (`walk`), the diplomacy panel (`dip`),
and `status` showing reserves, the set values mode and the neutral territories; each command's bad
input gets a readable message."""

import io

import play_tools
from comando import engine
from play_tools import events, repl, save_log

PLAYERS = [("Ana", "red"), ("Beto", "blue"), ("Caio", "green")]
CHOOSE = {"deploy": "hand", "defdice": "choose"}


def advance(pred, opts=CHOOSE, seeds=range(1, 12), limit=3000):
    """A seeded Risk bot game stopped at the first state where ``pred(state)`` holds."""
    return play_tools.advance(pred, "risk", PLAYERS, opts, seeds, limit)


def save(g, tmp_path):
    return save_log(g, tmp_path, "r.jsonl")


def cid(g, c):
    return g.board.cid(c)


def test_deployment_status_and_reserves(monkeypatch, capsys):
    """By-hand deployment: status lists each reserve, the set values mode, neutral territories."""
    out = repl(monkeypatch, capsys, ["status", "place 3 atlantis", "help", "quit"],
               "--ruleset", "risk", "--board", "risk", "--players", "Ana:red,Beto:blue,Caio:green",
               "--option", "deploy=hand", "--option", "sets=fixed", "--seed", "4")
    assert "reserves still to deploy: Ana 35, Beto 35, Caio 35" in out
    assert "sets: fixed (4 infantry, 6 cavalry, 8 artillery, 10 one of each)" in out
    assert "deployment: hand; defence dice: automatic" in out
    assert "neutral territories: none" in out
    assert "error: risk: no country called 'atlantis'" in out
    assert "attack FROM TO def D        the defender rolls D dice" in out
    assert "walk [PLAYER]" in out and "dip truce PLAYER" in out


def test_defender_dice_choice(monkeypatch, capsys, tmp_path):
    """defdice=choose: `attack FROM TO def 1` rolls one defence die; bad counts are refused."""
    def ready(s):
        if s.phase != "attack" or s.to_place():
            return False
        p = s.cur
        return any(s.armies[c] >= 4 and any(s.owner[m] != p and s.armies[m] >= 2 for m in s.board.neighbours(c))
                   for c in s.countries_of(p))
    g = advance(ready)
    s = g.state
    p = s.cur
    f, to = [(c, m) for c in s.countries_of(p) if s.armies[c] >= 4
             for m in s.board.neighbours(c) if s.owner[m] != p and s.armies[m] >= 2][0]
    log = save(g, tmp_path)
    n0 = len(g.log)
    out = repl(monkeypatch, capsys, [
        "status",
        f"attack {cid(g, f)} {cid(g, to)} def 3",      # at most 2 in Risk
        f"attack {cid(g, f)} {cid(g, to)} 2",          # no announced armies in Risk
        f"attack {cid(g, f)} {cid(g, to)} def",        # the count is missing
        f"attack {cid(g, f)} {cid(g, to)} def one",
        f"attack {cid(g, f)} {cid(g, to)} def 1",
        "quit"], "--resume", log, "--seed", "5")
    assert "defence dice: the defender chooses (attack ... def D)" in out
    assert "illegal: with %d armies the defender may roll 1 to 2 dice, not 3" % s.armies[to] in out
    assert "error: attack FROM TO: no number of armies in Risk (online) (the attacker rolls one die per army" in out
    assert "error: attack FROM TO def D (D: the defender's dice, 1 or 2)" in out
    assert "error: the defender's dice must be a whole number, not 'one'" in out
    assert "(the defender chose 1 die)" in out
    new = events(log)[n0:]
    assert [e["t"] for e in new] == ["attack"]
    assert new[0]["dn"] == 1 and len(new[0]["dd"]) == 1 and len(new[0]["ad"]) == 3


def test_defender_dice_refused_at_an_automatic_table(monkeypatch, capsys, tmp_path):
    g = advance(lambda s: s.phase == "attack" and not s.to_place() and any(
        s.armies[c] >= 2 for c in s.countries_of(s.cur)), opts={"deploy": "auto"})
    s = g.state
    p = s.cur
    f, to = [(c, m) for c in s.countries_of(p) if s.armies[c] >= 2
             for m in s.board.neighbours(c) if s.owner[m] != p][0]
    out = repl(monkeypatch, capsys, [f"attack {cid(g, f)} {cid(g, to)} def 1", "quit"],
               "--resume", save(g, tmp_path), "--seed", "5")
    assert "illegal: Defence is automatic at this table: the defender rolls every die" in out


def test_trade_a_set_with_a_wild_card_and_the_plus_two(monkeypatch, capsys, tmp_path):
    """A set with a wild card: 'wild' names it; 'on COUNTRY' puts the 2 armies on a held territory
    of the set; other territories and bad sets are refused with the rule."""
    def ready(s):
        p = s.cur
        if s.phase != "add" or s.x.get("placed") or s.round < 2:
            return False
        h = s.hands[p]
        return any(c >= s.n for c in h) and len([c for c in h if c < s.n and s.owner[c] == p]) >= 1 and len(h) >= 3
    g = advance(ready)
    s = g.state
    p = s.cur
    h = s.hands[p]
    held = [c for c in h if c < s.n and s.owner[c] == p]
    others = [c for c in h if c < s.n and c != held[0]]
    second = others[0] if others else [c for c in h if c >= s.n and c != h[0]][0]
    set_words = ["wild", cid(g, held[0]), "wild" if second >= s.n else cid(g, second)]
    not_mine = [c for c in range(s.n) if s.owner[c] != p][0]
    log = save(g, tmp_path)
    n0 = len(g.log)
    before = s.armies[held[0]]
    value = s.rules.set_value(s, [c for c in h if c >= s.n][:1] + [held[0], second])
    out = repl(monkeypatch, capsys, [
        "status",
        "trade wild",                                              # too few
        "trade " + " ".join(set_words) + " on " + cid(g, not_mine),  # not a card of the set
        "trade " + " ".join(set_words) + " on",                      # no territory named
        "trade " + " ".join(set_words) + " " + cid(g, not_mine),     # four cards
        "trade " + " ".join(set_words) + " on " + cid(g, held[0]),
        "status",
        "quit"], "--resume", log, "--seed", "6")
    assert "error: trade: name three cards (you hold: " in out and "wild card" in out
    assert "illegal: The 2 armies go on a territory you hold that one of the three cards names" in out
    assert "error: trade ... on COUNTRY: name the territory for the 2 armies" in out
    assert "error: trade: three cards, not more" in out
    assert f"(+2 on {g.board.name(held[0])}); {value - 2} armies to place" in out
    new = events(log)[n0:]
    assert [e["t"] for e in new] == ["trade"]
    ev = new[0]
    assert ev["c"] == held[0] and any(c >= s.n for c in ev["cards"])
    st = engine.fold(events(log))
    assert st.armies[held[0]] == before + 2 and st.ttrades == s.ttrades + 1


def test_walk_out_neutral_territories_and_the_diplomacy_panel(monkeypatch, capsys, tmp_path):
    """Entries on the public panel (truce, note, break), a walk-out leaving its territories
    neutral (status lists them), and bad inputs for `dip` and `walk`."""
    g = advance(lambda s: s.phase == "add" and s.round >= 2 and sum(s.alive) == 3)
    s = g.state
    p = s.cur
    other = [q for q in range(3) if q != p]
    a, b = s.names[other[0]], s.names[other[1]]
    k = s.count(other[1])
    log = save(g, tmp_path)
    n0 = len(g.log)
    seq = g.log[-1]["seq"] + 1
    out = repl(monkeypatch, capsys, [
        "dip",
        f"dip truce {a} no attacks across the Bering strait",
        "dip truce",                      # nobody named
        "dip hug " + a,                   # unknown kind
        "dip note",                       # empty note
        "dip note trading cards soon",
        f"dip as {a} note I accept",
        "dip break 999",                  # no such entry
        f"dip break {seq}",
        "dip",
        "walk Zed",                       # unknown player
        f"walk {b}",
        f"walk {b}",                      # already out
        "status",
        "quit"], "--resume", log, "--seed", "7")
    assert "The diplomacy panel is empty" in out
    me = f"{s.names[p]} ({s.colours[p]})"
    assert f"diplomacy #{seq}: {me} -> {a} ({s.colours[other[0]]}): truce: no attacks across the Bering strait (public, not binding)" in out
    assert "error: dip truce PLAYER [TEXT]: name the other player" in out
    assert "error: dip 'hug': the panel takes truce, carve, break or note (see help)" in out
    assert "error: dip note TEXT: write the note" in out
    assert f"error: dip break ID: there is no truce or carve-up #999 of {s.names[p]}'s to break (see 'dip')" in out
    assert f"break #{seq}" in out
    assert "Diplomacy panel (public, not binding):" in out and f"  #{seq} {me} -> " in out
    assert f"{a} ({s.colours[other[0]]}): note: I accept" in out
    assert "error: no player called 'Zed'" in out
    assert f"{b} ({s.colours[other[1]]}) walks out: {k} territories stay neutral" in out
    assert f"illegal: {b} ({s.colours[other[1]]}) is already out of the game" in out
    assert f"neutral territories: {k} (" in out and "(walked out)" in out
    new = events(log)[n0:]
    assert [e["t"] for e in new] == ["dip", "dip", "dip", "dip", "walk"]
    st = engine.fold(events(log))
    assert sum(1 for c in range(st.n) if st.owner[c] < 0) == k and len(st.x["dip"]) == 4


def test_last_walk_out_ends_the_game_and_other_rulesets_refuse_risk_inputs(monkeypatch, capsys, tmp_path):
    out = repl(monkeypatch, capsys, ["walk", "walk", "status", "quit"], "--ruleset", "risk",
               "--board", "risk", "--players", "Ana:red,Beto:blue,Caio:green", "--seed", "3")
    assert out.count("walks out:") == 2 and "is the last player standing" in out
    assert "Game over: " in out
    out = repl(monkeypatch, capsys, ["walk", "dip note hi", "attack argentina chile 2",
                                     "trade wild chile peru", "trade chile peru brasil on chile", "quit"],
               "--players", "Ana:red,Beto:blue,Caro:black,Dani:yellow", "--seed", "3")
    assert "error: T.E.G. classic has no walk-outs (Risk only)" in out
    assert "error: T.E.G. classic has no diplomacy panel (Risk only); T.E.G. has 'pact'" in out
    assert "error: attack FROM TO: no number of armies in T.E.G. classic (the dice follow the armies)" in out
    assert "error: T.E.G. classic has no separate wildcards: name the country on each card" in out
    assert "error: 'on COUNTRY' is for Risk sets" in out


def test_tab_completion_of_risk_inputs(monkeypatch):
    """Tab completes the new words: dip kinds, player names for walk, 'def' in an attack, 'wild'
    and the held cards in a trade."""
    import pytest
    readline = pytest.importorskip("readline")
    from comando_host.commands.play import KeyboardGame, completer_for
    g = advance(lambda s: s.phase == "add" and any(c >= s.n for c in s.hands[s.cur]))
    s = g.state
    sess = KeyboardGame(g, out=io.StringIO())
    completer_for(sess)
    complete = readline.get_completer()

    def all_of(line, text):
        monkeypatch.setattr(readline, "get_line_buffer", lambda: line)
        out = []
        while True:
            w = complete(text, len(out))
            if w is None:
                return out
            out.append(w)
    assert all_of("wa", "wa") == ["walk"]
    assert all_of("di", "di") == ["dip"]
    assert all_of("dip ", "") [:5] == ["as", "truce", "carve", "break", "note"]
    assert all_of("dip tr", "tr") == ["truce"]
    assert all_of("walk B", "B") == ["Beto"]
    assert all_of("attack alaska kamchatka d", "d") == ["def"]
    assert "wild" in all_of("trade w", "w")
    held = [g.board.cid(c) for c in s.hands[s.cur] if c < s.n]
    if held:
        assert all_of("trade ", "")[:len(held)] == held


def test_a_few_turns_chain_regroup_ends_the_turn(monkeypatch, capsys, tmp_path):
    """A few bot turns, then a chain regroup typed at the prompt ends the turn (a card is taken
    after a conquest); a regroup between unconnected territories is refused with the rule."""
    def ready(s):
        if s.phase not in ("add", "attack") or s.to_place() or s.x.get("must"):
            return False
        p = s.cur
        for c in s.countries_of(p):
            if s.armies[c] >= 2:
                chain = s.board.chain(s.owner, p, c)
                if len(chain) >= 3:
                    return True
        return False
    g = advance(ready)
    s = g.state
    p = s.cur
    f = [c for c in s.countries_of(p) if s.armies[c] >= 2 and len(s.board.chain(s.owner, p, c)) >= 3][0]
    chain = s.board.chain(s.owner, p, f)
    to = [c for c in chain if c != f][-1]
    far = [c for c in s.countries_of(p) if c not in chain]
    log = save(g, tmp_path)
    n0 = len(g.log)
    script = []
    if far:
        script.append(f"regroup {cid(g, f)} {cid(g, far[0])} 1")
    script += [f"regroup {cid(g, f)} {cid(g, to)} {s.armies[f]}",   # one must stay
               f"regroup {cid(g, f)} {cid(g, to)} 1", "bot 3", "status", "quit"]
    out = repl(monkeypatch, capsys, script, "--resume", log, "--seed", "8")
    if far:
        assert "are not joined by a chain of your own territories" in out
    assert f"illegal: {g.board.name(f)} has {s.armies[f]} armies: move 1 to {s.armies[f] - 1}, one always stays behind" in out
    assert f"moves 1 from {g.board.name(f)} to {g.board.name(to)}; the turn is over" in out
    new = events(log)[n0:]
    assert new[0]["t"] == "regroup" and ("card" in new[0]) == (s.conq >= 1)
    st = engine.fold(events(log))
    assert st.turns >= s.turns + 3 or st.phase == "over"


def test_default_players_take_the_boards_colours(monkeypatch, capsys):
    """Risk names no colours of its own: players without one get the board's (risk.json)."""
    out = repl(monkeypatch, capsys, ["quit"], "--ruleset", "risk", "--seed", "1")
    assert "Player1 (red)" in out and "Player4 (yellow)" in out
    out = repl(monkeypatch, capsys, ["quit"], "--ruleset", "risk", "--players", "Ana,Beto", "--seed", "1")
    assert "Ana (red)" in out and "Beto (blue)" in out and "reserves" not in out
