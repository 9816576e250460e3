"""A 12-territory WAR-shaped test board (real WAR ids for the rulebook's examples: Brazil,
Venezuela (colombia), Mexico; South America's bonus 2 as in TABLE I). Used by test_engine_war until
boards/war.json (the boards issue) ships; the full-board games run there when it exists."""

SA = ["argentina", "brasil", "chile", "colombia"]
NA = ["mexico", "california", "nova_york", "labrador"]
AF = ["argelia", "egito", "congo", "sudao"]
SYM = ["circulo", "quadrado", "triangulo"]
COLOURS = ["white", "red", "black", "blue", "yellow", "green"]


def board_dict():
    countries = []
    k = 0
    for cont, ids in (("america_do_sul", SA), ("america_do_norte", NA), ("africa", AF)):
        for cid in ids:
            d = {"id": cid, "name": cid[0].upper() + cid[1:].replace("_", " "), "short": cid[:10],
                 "continent": cont, "symbols": [SYM[k % 3]]}
            if cid == "colombia":
                d["aliases"] = ["Venezuela"]
            if cid == "brasil":
                d["aliases"] = ["Brazil"]
            countries.append(d)
            k += 1
    borders = [["argentina", "brasil"], ["argentina", "chile"], ["brasil", "chile"],
               ["brasil", "colombia"], ["chile", "colombia"], ["colombia", "mexico"],
               ["mexico", "california"], ["mexico", "nova_york"], ["california", "nova_york"],
               ["nova_york", "labrador"], ["california", "labrador"], ["brasil", "argelia"],
               ["argelia", "egito"], ["argelia", "congo"], ["egito", "sudao"], ["congo", "sudao"],
               ["argelia", "sudao"]]
    objectives = [
        {"id": 1, "type": "occupy", "continents": ["america_do_sul", "africa"],
         "text": "Conquer South America and Africa."},
        {"id": 2, "type": "occupy", "total": 10, "text": "Conquer 10 territories."},
        {"id": 3, "type": "occupy", "total": 9, "min_armies": 2,
         "text": "Conquer 9 territories with at least two armies each."},
    ]
    for i, c in enumerate(COLOURS):
        objectives.append({"id": 4 + i, "type": "destroy", "colour": c,
                           "fallback": {"type": "occupy", "total": 10},
                           "text": "Destroy the %s armies." % c})
    return {
        "schema": "comando-board/1", "id": "war_test", "name": "WAR test board", "rulesets": ["war"],
        "complete": True,
        "card_symbols": {"circulo": "circle", "quadrado": "square", "triangulo": "triangle"},
        "continents": [
            {"id": "america_do_sul", "name": "America do Sul", "short": "Am. Sul", "bonus": 2},
            {"id": "america_do_norte", "name": "America do Norte", "short": "Am. Norte", "bonus": 5},
            {"id": "africa", "name": "Africa", "short": "Africa", "bonus": 3},
        ],
        "countries": countries, "borders": borders, "objectives": objectives,
        "tables": {"colours": COLOURS, "trade_in": {"values": [4, 6, 8, 10, 12, 15], "then_add": 5}},
    }


def board():
    from comando.board import load_board
    return load_board(board_dict())
