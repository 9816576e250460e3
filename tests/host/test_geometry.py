"""Board geometry (boards/layout/ID.json, comando_host.maps.geometry), the SVG renderer
(comando_host.maps.svgmap) and `comando boards check|svg` over them."""

import json
import math
import os
import shutil
import xml.etree.ElementTree as ET

import pytest

from comando import board as core
from comando.errors import BoardError
from comando_host.maps import geometry, svgmap
from comando_host.cli import main

SHIPPED = ["revancha", "risk", "teg", "teg2_americas", "teg2_house", "teg2_old_world", "war"]
NS = "{http://www.w3.org/2000/svg}"


def _data(bid):
    with open(geometry.layout_path(bid), encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.parametrize("bid", core.list_boards())
def test_every_shipped_board_has_a_valid_layout(bid):
    # every board in boards/ (issue 12: "every board in boards/ gets a schematic layout")
    b = core.load_board(bid)
    lay = geometry.load_layout(b)
    assert len(lay.xy) == b.n and len(lay.colour) == b.continents
    # readable: no two countries closer than the label gap, every point inside the canvas
    for i in range(b.n):
        assert 0 <= lay.xy[i][0] <= lay.width and 0 <= lay.xy[i][1] <= lay.height
        for j in range(i + 1, b.n):
            assert math.dist(lay.xy[i], lay.xy[j]) >= geometry.MIN_GAP


def test_the_files_hold_one_country_a_line():
    # one entry a line, so two branches adding or moving countries merge line by line
    for bid in core.list_boards():
        with open(geometry.layout_path(bid), encoding="utf-8") as f:
            lines = f.read().splitlines()
        b = core.load_board(bid)
        for i in range(b.n):
            assert sum(1 for ln in lines if ln.strip().startswith('"%s": [' % b.cid(i))) == 1


def _problems(bid, change):
    data = _data(bid)
    change(data)
    return geometry.check_layout(data, core.load_board(bid), "x.json")


def test_each_problem_is_named():
    b = core.load_board("teg")
    assert _problems("teg", lambda d: d["countries"].pop("chile")) == \
        ["x.json: countries: no position for 'chile'"]
    assert _problems("teg", lambda d: d["countries"].update(atlantis=[5, 5])) == \
        ["x.json: countries.atlantis: not a country of teg"]
    assert _problems("teg", lambda d: d["countries"].update(chile=[5000, 5])) == \
        ["x.json: countries.chile: [5000, 5] is outside the 1200x700 canvas"]
    assert _problems("teg", lambda d: d["countries"].update(chile="here")) == \
        ["x.json: countries.chile: must be [x, y] (two integers)"]
    near = _problems("teg", lambda d: d["countries"].update(chile=[335, 620]))
    assert any("countries.argentina: " in e and "from chile" in e for e in near), near
    assert _problems("teg", lambda d: d["continents"]["asia"].update(colour="yellow")) == \
        ["x.json: continents.asia.colour: must be a #rrggbb colour"]
    assert _problems("teg", lambda d: d["continents"].pop("asia")) == \
        ["x.json: continents: no entry for 'asia'"]
    assert _problems("teg", lambda d: d.update(board="war"))[0] == \
        "x.json: board: 'war' is not the board's id 'teg'"
    assert _problems("teg", lambda d: d["wrap"].append(["alaska", "japon"])) == \
        ["x.json: wrap[2]: alaska and japon do not border"]
    # Chile-Australia drawn straight across the map crosses countries on its way
    across = _problems("teg", lambda d: d["wrap"].remove(["chile", "australia"]))
    assert across and all("the border chile-australia is drawn across it" in e for e in across)
    assert b.n == 50


def test_read_layout_raises_one_line_with_the_count(tmp_path):
    data = _data("risk")
    data["countries"].pop("peru")
    data["countries"].pop("brazil")
    p = tmp_path / "risk.json"
    p.write_text(json.dumps(data))
    with pytest.raises(BoardError) as exc:
        geometry.read_layout(str(p), core.load_board("risk"))
    assert str(exc.value) == f"{p}: countries: no position for 'peru' (and 1 more)"
    assert len(exc.value.errors) == 2
    p.write_text("{nope")
    with pytest.raises(BoardError, match="not JSON"):
        geometry.read_layout(str(p), core.load_board("risk"))


def test_svg_draws_every_country_border_and_continent():
    b = core.load_board("revancha")
    lay = geometry.load_layout(b)
    owner = ["red" if i % 2 else "blue" for i in range(b.n)]
    armies = [i % 7 + 1 for i in range(b.n)]
    root = ET.fromstring(svgmap.render(lay, {"owner": owner, "armies": armies,
                                             "badges": ["M2" if i == 3 else "" for i in range(b.n)]}))
    groups = [g for g in root.iter(NS + "g") if g.get("class", "").startswith("country")]
    assert [g.get("data-id") for g in groups] == [b.cid(i) for i in range(b.n)]
    for i, g in enumerate(groups):
        x, y = lay.xy[i]
        assert g.get("transform") == f"translate({x},{y})"
        disc = g.find(NS + "circle")
        assert disc.get("fill") == svgmap.PLAYER[owner[i]][0]
        texts = {t.get("class"): t.text for t in g.iter(NS + "text")}
        assert texts["army"] == str(armies[i])
        assert texts["name"] == b.short(i)
    assert {t.text for g in groups[3:4] for t in g.iter(NS + "text")} >= {"M2"}
    lines = [ln for ln in root.iter(NS + "line") if "border" in ln.get("class", "")]
    # a wrap border is two stubs, every other border one line
    assert len(lines) == len(b.borders()) + len(lay.wrap)
    conts = [t.text for t in root.iter(NS + "text") if t.get("class") == "cont"]
    assert "Europa +8" in conts and len(conts) == b.continents


def test_cli_svg_and_check(tmp_path, capsys):
    out = tmp_path / "teg.svg"
    assert main(["boards", "svg", "teg", "--out", str(out)]) == 0
    root = ET.parse(out).getroot()
    assert root.get("data-board") == "teg"
    assert sum(1 for g in root.iter(NS + "g") if g.get("data-id")) == 50
    # a board copied with a broken layout beside it: check names the layout's problem, exit 1
    d = tmp_path / "boards"
    (d / "layout").mkdir(parents=True)
    shutil.copy(core.board_path("war"), d / "war.json")
    data = _data("war")
    data["countries"]["brasil"] = [-4, 10]
    (d / "layout" / "war.json").write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["boards", "check", str(d / "war.json")]) == 1
    text = capsys.readouterr().out
    assert "countries.brasil: [-4, 10] is outside the 1200x700 canvas" in text
    assert main(["boards", "svg", str(d / "war.json")]) == 2
    assert "outside the 1200x700 canvas" in capsys.readouterr().err
    os.remove(d / "layout" / "war.json")
    assert main(["boards", "check", str(d / "war.json")]) == 0
    assert "no layout" in capsys.readouterr().out
    # no layout file: the map is drawn from a layout computed from the graph, and said so
    assert main(["boards", "svg", str(d / "war.json")]) == 0
    out, err = capsys.readouterr()
    assert "computed from the board's graph" in err and out.count('class="country') == 42
    # `boards layout` writes that layout as a file `boards check` accepts
    assert main(["boards", "layout", str(d / "war.json"), "-o", str(d / "layout" / "war.json")]) == 0
    assert main(["boards", "check", str(d / "war.json")]) == 0
    assert "layout ok" in capsys.readouterr().out
    assert main(["boards", "layout", "war", "-o", str(d / "layout" / "war.json")]) == 2
    assert "exists (--force to overwrite)" in capsys.readouterr().err


@pytest.mark.parametrize("bid", SHIPPED)
def test_a_layout_computed_from_the_graph_passes_the_checker(bid):
    # what a new board (a house board, a map another branch adds) gets before anyone draws it
    b = core.load_board(bid)
    data = geometry.auto_layout(b)
    assert geometry.check_layout(data, b) == []
    assert geometry.auto_layout(b) == data   # deterministic
    assert json.loads(geometry.dumps_layout(data)) == data
