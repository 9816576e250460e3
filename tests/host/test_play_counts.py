"""`comando play`: a count that is not a whole number is refused as a count, in one line, and
nothing is played (issue 23, "Small ones": "place 5.5 argentina" read "no country called '5.5
argentina'")."""

import pytest

from comando_host.text.numwords import looks_numeric
from play_tools import run_cli

PLAYERS = "Ana:red,Beto:blue,Caro:black,Dani:yellow"


@pytest.mark.parametrize("line, what, word", [
    ("place 5.5 argentina", "the count of armies to place", "5.5"),
    ("place argentina 5,5", "the count of armies to place", "5,5"),
    ("place 1/2 argentina", "the count of armies to place", "1/2"),
    ("place 2e1 argentina", "the count of armies to place", "2e1"),
    ("place .5 argentina", "the count of armies to place", ".5"),
    ("bot 1.5", "the count of bot turns", "1.5"),
])
def test_a_count_not_whole_is_refused_as_a_count(capsys, line, what, word):
    rc, out, err = run_cli(capsys, ["play", "--seed", "3", "--players", PLAYERS, "--db", ":memory:"],
                           line + "\nstatus\n")
    assert rc == 0 and err == ""
    said = [ln for ln in out.splitlines() if ln.startswith("error:")]
    assert said == ["error: %s must be a whole number, not '%s'" % (what, word)], out
    assert "no country called" not in out
    assert "places" not in out          # nothing was played: Ana still has her 5 to place
    assert out.count("armies to place: 5") == 2


def test_a_whole_count_still_places_and_strict_stops_in_one_line(capsys):
    rc, out, err = run_cli(capsys, ["play", "--seed", "3", "--players", PLAYERS, "--db", ":memory:"],
                           "place +2 argentina\nplace argentina 3\n")
    assert rc == 0 and "Ana (red) places 2 on Argentina" in out and "places 3 on Argentina" in out
    rc, out, err = run_cli(capsys, ["play", "--strict", "--seed", "3", "--players", PLAYERS,
                                    "--db", ":memory:"], "place 5.5 argentina\n")
    assert rc == 2 and err.strip().splitlines() == [
        "comando play: error: line 1 (place 5.5 argentina): the count of armies to place must be "
        "a whole number, not '5.5'"]


def test_teg2_counts_not_whole_are_refused_as_counts(capsys):
    rc, out, err = run_cli(capsys, ["play", "--ruleset", "teg2", "--seed", "3", "--db", ":memory:"],
                           "place 2.5 usa\n")
    assert "error: the count of units to place must be a whole number, not '2.5'" in out


def test_what_reads_as_a_number():
    for w in ("5", "-2", "+5", "5.5", "5,5", ".5", "2e3", "1/2"):
        assert looks_numeric(w), w
    for w in ("argentina", "5a", "gran", "#3", "", "e5", "1/"):
        assert not looks_numeric(w), w
