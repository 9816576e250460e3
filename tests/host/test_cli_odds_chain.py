"""`comando odds --chain` and `--need` (issue 26): the figures the command prints, and bad input as
one line naming the rule, exit 2, nothing written. The odds themselves are checked against an
independent recursion and seeded dice in tests/core/test_odds_chain.py; here the command's
numbers are checked against the core's other DP (the forward conquest DP, comando.odds)."""

import json
import os

import pytest

from comando import dice_mods
from comando import odds, odds_chain
from play_tools import run_cli


def _json(capsys, *argv):
    rc, out, err = run_cli(capsys, ["odds", "--json", *argv])
    assert rc == 0, err
    return json.loads(out)


@pytest.mark.parametrize("rs", ["teg", "revancha", "war", "risk"])
def test_chain_json_every_ruleset(capsys, rs):
    got = _json(capsys, "--rules", rs, "--chain", "15", "4", "3", "2")
    want = odds_chain.chain(rs, 15, [4, 3, 2])
    assert got["p_all"] == pytest.approx(want["p_all"], abs=1e-12)
    assert got["exp_left"] == pytest.approx(want["exp_left"], abs=1e-12)
    assert got["defenders"] == [4, 3, 2] and len(got["p_reach"]) == 3
    # the first country of the chain is one plain attack: the forward DP's figure
    assert got["p_reach"][0] == pytest.approx(odds.p_conquer(rs, 15, 4), abs=1e-12)


def test_chain_text_names_the_move_rule(capsys):
    rc, out, _ = run_cli(capsys, ["odds", "--rules", "risk", "--chain", "15", "4", "3", "2"])
    assert rc == 0
    assert "moving in all but one after each conquest" in out
    p = odds_chain.chain("risk", 15, [4, 3, 2])["p_all"]
    assert f"P(take all)      {100 * p:.2f}%" in out
    rc, out, _ = run_cli(capsys, ["odds", "--chain", "15", "4", "3", "2"])
    assert "moving in at most 3 after each conquest" in out  # teg-classic.txt: "the maximum to move is 3"


@pytest.mark.parametrize("rs, p, d", [("teg", 0.8, 5), ("risk", 0.8, 5), ("war", 0.5, 10),
                                      ("revancha", 0.9, 12)])
def test_need_one_attack_is_the_fewest(capsys, rs, p, d):
    got = _json(capsys, "--rules", rs, "--need", str(p), str(d))
    m = got["need"]
    assert odds.p_conquer(rs, m, d) >= p > odds.p_conquer(rs, m - 1, d)
    assert got["p_at_need"] == pytest.approx(odds.p_conquer(rs, m, d), abs=1e-12)


def test_need_snow_asks_for_more(capsys):
    plain = _json(capsys, "--rules", "revancha", "--need", "0.8", "6")["need"]
    snow = _json(capsys, "--rules", "revancha", "--snow", "--need", "0.8", "6")["need"]
    assert snow > plain
    assert odds.p_conquer("revancha", snow, 6, dice_mods.SNOW) >= 0.8


def test_need_chain_and_percent(capsys):
    got = _json(capsys, "--rules", "risk", "--need", "80%", "--chain", "4", "3", "2")
    m = got["need"]
    assert odds_chain.chain("risk", m, [4, 3, 2])["p_all"] >= 0.8
    assert odds_chain.chain("risk", m - 1, [4, 3, 2])["p_all"] < 0.8
    rc, out, _ = run_cli(capsys, ["odds", "--need", "0.8", "--chain", "4", "3", "2"])
    assert rc == 0 and "none: moving in at most 3" in out  # T.E.G.'s capped move: a ceiling


def test_board_chain_names_countries(capsys):
    got = _json(capsys, "--board", "teg", "--chain", "argentina=15", "chile=4", "peru=3")
    assert got["countries"] == ["Argentina", "Chile", "Perú"]
    assert got["p_all"] == pytest.approx(odds_chain.chain("teg", 15, [4, 3])["p_all"])
    got = _json(capsys, "--board", "teg", "--need", "0.05", "--chain", "argentina", "chile=4",
                "peru=3")
    assert got["need"] is not None and got["countries"][0] == "Argentina"


@pytest.mark.parametrize("argv, words", [
    (["--board", "teg", "--chain", "argentina=15", "colombia=4"],
     "Argentina and Colombia do not border on T.E.G. classic"),
    (["--board", "teg", "--chain", "argentina=15", "chile=4", "argentina=2"], "comes twice"),
    (["--board", "teg", "--chain", "argentina=15", "atlantis=4"], "no country called 'atlantis'"),
    (["--board", "teg", "--chain", "argentina=15", "chile"], "COUNTRY=ARMIES"),
    (["--need", "1.5", "5"], "the chance must be above 0 and at most 1, not 1.5"),
    (["--need", "0", "5"], "the chance must be above 0 and at most 1"),
    (["--need", "-0.3", "--chain", "4", "3"], "the chance must be above 0 and at most 1"),
    (["--need", "120%", "5"], "at most 1"),
    (["--need", "nan", "5"], "at most 1"),
    (["--need", "lots", "5"], "--need must be a chance such as 0.8 or 80%"),
    (["--need", "0.8"], "--need P needs the defending armies"),
    (["--chain", "15"], "at least one defender"),
    (["--chain", "15", "4", "0"], "at least 1 army"),
    (["--chain", "1", "4"], "at least 2 armies"),
    (["--chain", "argentina=15", "chile=4"], "country names need --board"),
    (["--chain", "15", "4", "--stop", "3"], "--stop is for one attack"),
    (["--snow", "--chain", "15", "4"], "situation cards"),
    (["--rules", "chess", "--chain", "15", "4"], "unknown ruleset 'chess'"),
    (["--board", "revancha", "--chain", "a=1", "b=2"], "made for T.E.G. La Revancha"),
    ([], "give ATT and DEF"),
])
def test_bad_input_is_one_line_exit_2(capsys, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    rc, out, err = run_cli(capsys, ["odds", *argv])
    assert rc == 2 and words in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert out == "" and os.listdir(tmp_path) == []  # nothing printed as a result, nothing written


RULES = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "rules")
# The passages docs/decisions/odds-chain-and-need.md and tests/core/test_odds_chain.py cite for
# attacking on from a conquered country and for the most that moves in.
QUOTES = {
    "teg-classic.txt": ["he may attack from Spain to Sahara",
                        "he may move one or two more armies to Spain, at most",
                        "remember that the maximum to move is 3"],
    "teg-la-revancha.txt": ["it may attack from Tasmania to Australia",
                            "remember that the maximum to move is 3",
                            "indicates the mechanics to follow throughout the round"],
    "war.txt": ["make a new attack from the conquered territory, still in the same turn",
                "at most equal to the number of armies that took part in the last attack"],
    "risk-online-12-maps.txt": ["You may attack as many times as you like on your turn, from "
                                "wherever you like",
                                "at most everything in the attacking territory bar one"],
}


@pytest.mark.parametrize("book", sorted(QUOTES))
def test_cited_rules_are_the_rulebooks_words(book):
    with open(os.path.join(RULES, book), encoding="utf-8") as f:
        text = " ".join(f.read().split())
    for quote in QUOTES[book]:
        assert quote in text, (book, quote)
