"""A 12-territory Risk-shaped test board (three regions; infantry/cavalry/artillery cards; seats
capped at 5) for test_engine_risk until boards/ ships the World map; the same tests run on World
when it exists."""

REGIONS = (("north", 3, ["alaska", "alberta", "ontario", "quebec"]),
           ("south", 2, ["venezuela", "peru", "brazil", "argentina"]),
           ("east", 4, ["ural", "siberia", "china", "india"]))
SYM = ["infantry", "cavalry", "artillery"]


def board_dict(cap=5, bid="risk_test"):
    countries = []
    k = 0
    for cont, _, ids in REGIONS:
        for cid in ids:
            countries.append({"id": cid, "name": cid[0].upper() + cid[1:], "short": cid[:10],
                              "continent": cont, "symbols": [SYM[k % 3]]})
            k += 1
    borders = [["alaska", "alberta"], ["alberta", "ontario"], ["ontario", "quebec"],
               ["alaska", "ontario"], ["quebec", "venezuela"], ["venezuela", "peru"],
               ["venezuela", "brazil"], ["peru", "brazil"], ["peru", "argentina"],
               ["brazil", "argentina"], ["alaska", "siberia"], ["siberia", "ural"],
               ["siberia", "china"], ["ural", "china"], ["china", "india"], ["brazil", "india"]]
    return {
        "schema": "comando-board/1", "id": bid, "name": "Risk test map", "rulesets": ["risk"],
        "complete": True,
        "card_symbols": {"infantry": "infantry", "cavalry": "cavalry", "artillery": "artillery"},
        "continents": [{"id": c, "name": c[0].upper() + c[1:], "short": c, "bonus": b}
                       for c, b, _ in REGIONS],
        "countries": countries, "borders": borders,
        "tables": {"seats": {"min": 2, "max": cap}},
    }


def board(cap=5, bid="risk_test"):
    from comando.board import load_board
    return load_board(board_dict(cap, bid))
