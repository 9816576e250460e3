"""The board validator: each broken-file case raises BoardError naming file, entry and problem."""

from comando.board import load_board, check_board, SHORT_MAX
from comando.errors import BoardError
from mpytest import raises, remove_quietly, temp_name

MPY_HEAP = "320k"


def tiny():
    """A valid 4-country board: a square a-b-c-d-a, two continents."""
    return {
        "schema": "comando-board/1",
        "id": "tiny", "name": "Tiny", "rulesets": ["teg"],
        "counts": {"countries": 4, "continents": 2, "borders": 4, "islands": 1},
        "card_symbols": {"x": "cross", "o": "ring"},
        "continents": [
            {"id": "north", "name": "North", "bonus": 2, "countries": 2},
            {"id": "south", "name": "South", "bonus": 3, "countries": 2},
        ],
        "countries": [
            {"id": "a", "name": "Alpha", "short": "Alpha", "continent": "north", "symbols": ["x"]},
            {"id": "b", "name": "Bravo", "short": "Bravo", "continent": "north", "symbols": ["o"],
             "aliases": ["Brava"]},
            {"id": "c", "name": "Charlie", "short": "Charlie", "continent": "south",
             "island": True},
            {"id": "d", "name": "Delta", "short": "Delta", "continent": "south"},
        ],
        "borders": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]],
        "tables": {"colours": ["red", "blue"], "seats": {"min": 2, "max": 2}},
        "objectives": [
            {"id": 1, "type": "occupy", "continents": ["north"], "countries_in": {"south": 1}},
            {"id": 2, "type": "destroy", "colour": "red", "fallback": "right"},
        ],
        "common_objective": {"type": "occupy", "total": 3},
    }


def fails(data, *parts):
    """load_board raises BoardError whose message has the label and every part."""
    with raises(BoardError, "x.json: ") as e:
        load_board(data, label="x.json")
    for p in parts:
        assert p in str(e.value), (p, str(e.value))
    return str(e.value)


def test_the_tiny_board_is_valid():
    assert check_board(tiny(), label="x.json") == []
    b = load_board(tiny())
    assert b.n == 4 and b.continents == 2 and b.islands() == (2,)
    assert b.find("brava") == 1


def test_unknown_country_in_a_border():
    d = tiny()
    d["borders"][3] = ["d", "chiel"]
    msg = fails(d, "borders[3]: unknown country 'chiel'")
    assert msg.startswith("x.json: borders[3]: unknown country 'chiel'")


def test_duplicate_country_id():
    d = tiny()
    d["countries"][3]["id"] = "a"
    fails(d, "countries[3] 'a'", "duplicate country id 'a'", "countries[0]")


def test_duplicate_continent_id():
    d = tiny()
    d["continents"][1]["id"] = "north"
    fails(d, "continents[1] 'north'", "duplicate continent id")


def test_duplicate_border():
    d = tiny()
    d["borders"].append(["b", "a"])
    d["counts"]["borders"] = 5
    fails(d, "borders[4]", "duplicate border b-a")


def test_self_border():
    d = tiny()
    d["borders"].append(["c", "c"])
    fails(d, "borders[4]", "self border: 'c' borders itself")


def test_asymmetric_border_in_neighbour_lists():
    d = tiny()
    del d["borders"]
    d["countries"][0]["neighbours"] = ["b", "d"]
    d["countries"][1]["neighbours"] = ["a", "c"]
    d["countries"][2]["neighbours"] = ["b", "d"]
    d["countries"][3]["neighbours"] = ["c"]  # forgets a
    fails(d, "countries[0] 'a'.neighbours", "asymmetric border: 'a' lists 'd' but 'd' does not list 'a'")


def test_symmetric_neighbour_lists_load():
    d = tiny()
    del d["borders"]
    d["countries"][0]["neighbours"] = ["b", "d"]
    d["countries"][1]["neighbours"] = ["a", "c"]
    d["countries"][2]["neighbours"] = ["b", "d"]
    d["countries"][3]["neighbours"] = ["c", "a"]
    b = load_board(d)
    assert b.is_border(0, 3) and b.is_border(3, 0) and not b.is_border(0, 2)


def test_both_border_forms_rejected():
    d = tiny()
    d["countries"][0]["neighbours"] = ["b"]
    fails(d, "borders", "not both")


def test_country_with_no_continent():
    d = tiny()
    del d["countries"][2]["continent"]
    fails(d, "countries[2] 'c'", "no continent")


def test_country_with_unknown_continent():
    d = tiny()
    d["countries"][2]["continent"] = "atlantis"
    fails(d, "countries[2] 'c'", "unknown continent 'atlantis'")


def test_disconnected_map():
    d = tiny()
    d["borders"] = [["a", "b"], ["c", "d"]]
    d["counts"]["borders"] = 2
    fails(d, "borders", "the map is not connected", "'c', 'd' cannot be reached from 'a'")


def test_country_without_borders():
    d = tiny()
    d["borders"] = [["a", "b"], ["b", "c"]]
    d["counts"]["borders"] = 2
    fails(d, "countries[3] 'd'", "has no borders")


def test_declared_country_count_disagrees():
    d = tiny()
    d["counts"]["countries"] = 50
    fails(d, "counts.countries", "declares 50 but the file has 4")


def test_declared_border_and_island_counts_disagree():
    d = tiny()
    d["counts"]["borders"] = 5
    d["counts"]["islands"] = 15
    errors = check_board(d, label="x.json")
    assert "x.json: counts.borders: declares 5 but the file has 4" in errors
    assert "x.json: counts.islands: declares 15 but the file has 1" in errors


def test_declared_continent_size_disagrees():
    d = tiny()
    d["continents"][0]["countries"] = 3
    fails(d, "continents[0] 'north'", "declares 3 countries but the file has 2")


def test_objective_naming_unknown_continent():
    d = tiny()
    d["objectives"][0]["continents"] = ["atlantis"]
    fails(d, "objectives[0]", "unknown continent 'atlantis'")


def test_objective_counts_unknown_continent_and_too_many():
    d = tiny()
    d["objectives"][0]["countries_in"] = {"lemuria": 2, "south": 3}
    errors = check_board(d, label="x.json")
    assert "x.json: objectives[0]: unknown continent 'lemuria'" in errors
    assert "x.json: objectives[0]: asks for 3 countries of 'south', which has only 2" in errors


def test_objective_naming_unknown_country_and_colour():
    d = tiny()
    d["objectives"][0]["countries"] = ["zz"]
    d["objectives"][1]["colour"] = "purple"
    errors = check_board(d, label="x.json")
    assert "x.json: objectives[0]: unknown country 'zz'" in errors
    assert [e for e in errors if "objectives[1]" in e and "unknown colour 'purple'" in e]


def test_short_name_too_long_or_not_ascii():
    d = tiny()
    d["countries"][1]["short"] = "Bravissimo!"
    fails(d, "countries[1] 'b'", "short name", "1-%d printable ASCII" % SHORT_MAX)
    d = tiny()
    d["countries"][1]["short"] = "Bravó"
    fails(d, "countries[1] 'b'", "short name")


def test_ambiguous_alias():
    d = tiny()
    d["countries"][3]["aliases"] = ["ALPHA"]
    fails(d, "countries[3] 'd'", "'ALPHA' also matches 'a'")


def test_unknown_card_symbol_and_key():
    d = tiny()
    d["countries"][0]["symbols"] = ["star"]
    d["countries"][1]["contnent"] = "north"
    errors = check_board(d, label="x.json")
    assert [e for e in errors if "countries[0] 'a'" in e and "unknown card symbol 'star'" in e]
    assert [e for e in errors if "countries[1] 'b'" in e and "unknown key 'contnent'" in e]


def test_every_error_is_listed():
    d = tiny()
    d["borders"][0] = ["a", "nope"]
    d["countries"][2]["continent"] = "mars"
    with raises(BoardError, "and 1 more problem") as e:
        load_board(d, label="x.json")
    errs = getattr(e.value, "errors", None)
    if errs is not None:
        assert len(errs) == 2


def test_bad_json_and_missing_file():
    with raises(BoardError, "cannot open the board file"):
        load_board("/nonexistent/dir/board.json")
    assert check_board("/nonexistent/dir/board.json")[0].endswith("cannot open the board file")


def _write(path, text):
    f = open(path, "w")
    f.write(text)
    f.close()


def test_any_json_layout_and_key_order_loads_the_same():
    # The loader streams files whose keys follow comando.board.ORDER, one entry per line or
    # spread over lines, and parses any other order whole: all give the same board.
    import json
    d = tiny()
    one_line = json.dumps(d)
    spread = json.dumps(d).replace("[", "[\n").replace(",", ",\n  ").replace("{", "{\n ")
    keys = list(d)
    keys.reverse()
    backwards = "{" + ", ".join(json.dumps(k) + ": " + json.dumps(d[k]) for k in keys) + "}"
    seen = []
    for text in (one_line, spread, backwards):
        path = temp_name("board-layout", ".json")
        try:
            _write(path, text)
            b = load_board(path)
        finally:
            remove_quietly(path)
        seen.append((b.n, b.continents, b.borders(), b.find("Brava"), b.islands(),
                     len(b.objectives), b.tables["colours"]))
    assert seen[0] == seen[1] == seen[2], seen


def test_broken_json_names_the_file():
    path = temp_name("board-broken", ".json")
    try:
        _write(path, '{"schema": "comando-board/1", "id": "x", "countries": [{"id": "a",}\n')
        with raises(BoardError, path + ": not valid JSON"):
            load_board(path)
        _write(path, '{"schema": "comando-board/1", "id": "x", "countries": [\n  {"id": "a"}\n')
        with raises(BoardError, "not valid JSON"):
            load_board(path)
    finally:
        remove_quietly(path)


def test_missing_sections_are_named():
    errors = check_board({"id": "x", "name": "X"}, label="x.json")
    assert "x.json: continents: missing or empty" in errors
    assert "x.json: countries: missing or empty" in errors
    d = tiny()
    del d["borders"]
    fails(d, "borders: missing or empty")
    d = tiny()
    del d["name"]
    fails(d, "name: missing or not a string")


def test_a_byte_order_mark_is_accepted():
    # Some editors (Windows Notepad) start UTF-8 files with a BOM.
    import json
    d = tiny()
    d["countries"][0]["name"] = "Álpha"
    path = temp_name("board-bom", ".json")
    try:
        f = open(path, "w", encoding="utf-8")
        f.write("\ufeff" + json.dumps(d))
        f.close()
        b = load_board(path)
        assert b.name(0) == "Álpha" and b.find("alpha") == 0
        keys = list(d)
        keys.reverse()
        f = open(path, "w", encoding="utf-8")
        f.write("\ufeff{" + ", ".join(json.dumps(k) + ": " + json.dumps(d[k]) for k in keys) + "}")
        f.close()
        assert load_board(path).n == 4  # the whole-parse path too
    finally:
        remove_quietly(path)
