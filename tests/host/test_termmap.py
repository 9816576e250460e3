"""The board in the terminal (comando_host.terminal.termmap) and `comando play`'s `map` and `neighbours`."""

import io
import re
import sys

import pytest

from comando import engine
from comando.board import load_board
from comando.dice import SeededDice
from comando_host.maps import geometry, svgmap
from comando_host.terminal import termmap
from comando_host.cli import main
from comando_host.store.demo_games import bot_game

ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.mark.parametrize("bid", ["teg", "revancha", "war", "risk", "teg2_americas",
                                 "teg2_old_world"])
def test_codes_are_unique_and_every_country_is_drawn(bid):
    b = load_board(bid)
    codes = termmap.codes(b)
    assert len({c.lower() for c in codes}) == b.n and all(len(c) == 3 for c in codes)
    lay = geometry.load_layout(b)
    owner = [i % 3 for i in range(b.n)]
    armies = [i % 9 + 1 for i in range(b.n)]
    text = termmap.render(lay, owner, armies, ["blue", "red", "black"], colour=False)
    for i in range(b.n):   # code, armies, the owner's seat letter: each country once
        assert len(re.findall(r"(?<!\w)%s\s*%d%s" % (re.escape(codes[i]), armies[i],
                                                     "ABC"[owner[i]]), text)) == 1, codes[i]
    assert "A = blue %d" % owner.count(0) in text


def test_the_picture_keeps_the_layout_order():
    # West is left, north is up: Alaska's token sits left of Kamchatka's, Islandia above Sudafrica
    b = load_board("teg")
    lay = geometry.load_layout(b)
    text = termmap.render(lay, [0] * b.n, [1] * b.n, ["blue"], colour=False)
    rows = text.splitlines()

    def where(code):
        for r, line in enumerate(rows):
            k = line.find(code + "  1A")
            if k >= 0:
                return r, k
        raise AssertionError(code)
    assert where("Ala")[1] < where("Kam")[1]
    assert where("Isl")[0] < where("Sud")[0]


def test_colour_is_the_owners():
    g = bot_game("teg", 4, 3, limit=120)
    s = g.state
    lay = geometry.load_layout(s.board)
    text = termmap.render(lay, s.owner, s.armies, s.colours, colour=True)
    for p, col in enumerate(s.colours):
        r, gg, b = (int(svgmap.PLAYER[col][0][k:k + 2], 16) for k in (1, 3, 5))
        assert f"48;2;{r};{gg};{b}m" in text
    assert "ABCD"[0] + " =" not in ANSI.sub("", text)   # the seat letters are for plain text only


def play(monkeypatch, capsys, script):
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    monkeypatch.setenv("COMANDO_COLOR", "0")
    rc = main(["play", "--seed", "3", "--players", "Ana:red,Beto:blue,Caro:black,Dani:yellow"])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_play_map_and_neighbours(monkeypatch, capsys):
    rc, out, err = play(monkeypatch, capsys, "map\nneighbours Brasil\nneighbours\n"
                        "neighbours atlantis\ncountries Ana\nquit\n")
    assert rc == 0
    # the state after the seeded deal: fold the same game to know the owners
    g = engine.new_game(load_board("teg"), "teg", [("Ana", "red"), ("Beto", "blue"),
                        ("Caro", "black"), ("Dani", "yellow")], rng=SeededDice(3))
    s = g.state
    b = s.board
    assert "A = Ana (red) %d" % s.count(0) in out
    bra = b.index("brasil")
    block = out[out.index("Brasil: "):].splitlines()
    assert len(block) > len(b.neighbours(bra))
    for line, j in zip(block[1:], b.neighbours(bra)):
        assert line.strip().startswith(b.name(j))
        enemy = s.owner[j] != s.owner[bra]
        assert line.endswith("<- enemy") == enemy
    assert "error: neighbours COUNTRY" in out + err
    assert "no country called 'atlantis'" in out + err
    ana = [ln for ln in out.splitlines() if ln.endswith(("  1", "  2")) and "Ana (red)" in ln]
    assert len(ana) == s.count(0)
