"""`comando boards list|show|check|new` (host CLI over comando.board)."""

import json

import pytest

from comando_host.cli import main

SHIPPED = ["revancha", "risk", "risk_africa", "risk_americas", "risk_asia", "risk_canaries", "risk_europe",
           "risk_iberia", "risk_mediterranean", "risk_north_america", "risk_oceania", "risk_spain",
           "risk_westeros", "teg", "teg2_americas", "teg2_house", "teg2_old_world", "war"]


def run(capsys, *argv):
    code = main(["boards", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_list_shows_every_board_with_counts(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["id", "name"]
    ids = [line.split()[0] for line in lines[1:]]
    assert ids == SHIPPED
    teg = [line for line in lines if line.startswith("teg ")][0]
    assert " 50 " in teg and " 6 " in teg and " 89 " in teg
    assert "(incomplete)" in [line for line in lines if line.startswith("teg2_americas")][0]


def test_show_human(capsys):
    code, out, _ = run(capsys, "show", "teg")
    assert code == 0
    assert "T.E.G. classic (teg)" in out
    assert "50 countries, 6 continents, 89 borders" in out
    francia = [line for line in out.splitlines() if "[francia]" in line][0]
    assert "Espana" in francia  # its neighbours, by short name
    assert "Occupy 30 countries." in out


def test_show_json_round_trips_the_graph(capsys):
    code, out, _ = run(capsys, "show", "revancha", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["counts"] == {"countries": 72, "continents": 7, "borders": 135, "islands": 15}
    assert len(data["countries"]) == 72 and len(data["borders"]) == 135
    nz = [c for c in data["countries"] if c["id"] == "nueva_zelandia"][0]
    assert nz["neighbours"] == ["tasmania"] and nz["island"] is True
    assert len(data["objectives"]) == 19


def test_show_with_edition_option(capsys):
    code, out, _ = run(capsys, "show", "revancha", "--json", "--option", "uruguay_nigeria")
    assert code == 0
    data = json.loads(out)
    assert ["nigeria", "uruguay"] in [sorted(b) for b in data["borders"]]
    assert data["options"] == ["uruguay_nigeria"]


def test_show_unknown_board_is_one_line_exit_2(capsys):
    code, out, err = run(capsys, "show", "atlantis")
    assert code == 2
    assert "unknown board 'atlantis'" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "show", "revancha", "--option", "nope")
    assert code == 2 and "unknown edition option 'nope'" in err


def test_check_valid_files_exit_0(capsys, tmp_path):
    import glob
    from comando.board import boards_dir
    files = sorted(glob.glob(boards_dir() + "/*.json"))
    code, out, _ = run(capsys, "check", *files)
    assert code == 0
    assert out.count(": ok - ") == len(SHIPPED)


def test_check_broken_file_lists_every_problem_exit_1(capsys, tmp_path):
    from comando.board import boards_dir
    data = json.load(open(boards_dir() + "/teg.json", encoding="utf-8"))
    data["borders"][12] = ["chile", "chiel"]
    data["countries"][3]["continent"] = "atlantis"
    bad = tmp_path / "x.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    good = boards_dir() + "/war.json"
    code, out, _ = run(capsys, "check", str(bad), good)
    assert code == 1
    assert f"{bad}: borders[12]: unknown country 'chiel'" in out
    assert f"{bad}: countries[3] 'colombia': unknown continent 'atlantis'" in out
    assert "war.json: ok" in out


def test_check_missing_and_bad_json(capsys, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"id": "x", "countries": [', encoding="utf-8")
    code, out, _ = run(capsys, "check", str(broken), str(tmp_path / "none.json"))
    assert code == 1
    assert "not valid JSON" in out and "cannot open the board file" in out


def test_new_template_is_checked_by_the_same_validator(capsys, tmp_path):
    path = tmp_path / "house.json"
    code, out, _ = run(capsys, "new", "--out", str(path), "--countries", "4",
                       "--continents", "2", "--id", "house", "--name", "House map")
    assert code == 0 and "wrote" in out
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1
    assert "countries[0] 'country_1': has no borders" in out
    # The table fills it in: a ring of four, one of them lopsided first.
    data = json.loads(path.read_text(encoding="utf-8"))
    ring = {"country_1": ["country_2", "country_4"], "country_2": ["country_1", "country_3"],
            "country_3": ["country_2", "country_4"], "country_4": ["country_3"]}
    for c in data["countries"]:
        c["neighbours"] = ring[c["id"]]
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1
    assert "asymmetric border: 'country_1' lists 'country_4' but 'country_4' does not list" in out
    data["countries"][3]["neighbours"].append("country_1")
    data["countries"][0]["short"] = "Home"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0, out
    code, out, _ = run(capsys, "show", str(path), "--json")
    shown = json.loads(out)
    assert shown["id"] == "house" and shown["counts"]["borders"] == 4


def test_new_from_a_partial_board(capsys, tmp_path):
    path = tmp_path / "my-americas.json"
    code, _, _ = run(capsys, "new", "--from", "teg2_americas", "--out", str(path))
    assert code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert "borders" not in data
    atl = [c for c in data["countries"] if c["id"] == "atlantic"][0]
    assert atl["neighbours"] == ["caribbean"]
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0, out  # still the partial board, marked incomplete
    assert "(incomplete)" in out


def test_new_refuses_to_overwrite(capsys, tmp_path):
    path = tmp_path / "b.json"
    path.write_text("{}", encoding="utf-8")
    code, _, err = run(capsys, "new", "--out", str(path))
    assert code == 2 and "exists" in err
    code, _, err = run(capsys, "new", "--countries", "3", "--continents", "5")
    assert code == 2 and "--continents" in err


def test_new_to_stdout_is_valid_json(capsys):
    code, out, _ = run(capsys, "new", "--countries", "6", "--continents", "2")
    assert code == 0
    data = json.loads(out)
    assert len(data["countries"]) == 6 and data["counts"] == {"countries": 6, "continents": 2}
    for c in data["countries"]:
        assert len(c["short"]) <= 10


@pytest.mark.parametrize("bid", SHIPPED)
def test_shipped_files_are_in_the_streaming_layout(bid):
    """Shipped files keep one entry per line in comando.board.ORDER (the device streams them):
    re-dumping a file with the CLI's writer gives the same text."""
    from comando.board import boards_dir
    from comando_host.commands.boards import dumps_board
    path = f"{boards_dir()}/{bid}.json"
    text = open(path, encoding="utf-8").read()
    assert dumps_board(json.loads(text)) == text
