"""The registry: the facts of the rulesets Comando plays, data only, on the ground floor of the
core (it imports nothing): the generic modules (comando.engine, comando.session, comando.combat,
comando.turns, comando.board_files), the device and the laptop read a game's id, names, seats,
colours and board here, and reach its rule code only through its plug-in (the package
``comando.rulesets.<id>``: ``engine.py`` for the map engine, ``table.py`` for the table session).
A new game is a row in each table here and its package.
"""

# The ids, in the order the device's new-game screen offers them.
IDS = ("teg", "revancha", "war", "risk", "teg2")

# Short names (the device's 16-column header) and full names (the host, messages).
NAMES = {"teg": "T.E.G.", "revancha": "La Revancha", "war": "WAR", "risk": "Risk",
         "teg2": "T.E.G. II"}
TITLES = {"teg": "T.E.G. classic", "revancha": "T.E.G. La Revancha", "war": "WAR",
          "risk": "Risk (online)", "teg2": "T.E.G. II"}

# Each game's home language (comando.texts.LANGS): the table speaks it unless the players chose
# another (the device's Settings > Language): the T.E.G. boxes are Argentine, WAR is Brazilian.
HOME_LANG = {"teg": "es", "revancha": "es", "teg2": "es", "war": "pt_BR", "risk": "en"}

# Players seated (T.E.G. II: two players play four powers, comando.turns.teg2_powers).
SEATS = {"teg": (2, 6), "revancha": (2, 6), "war": (2, 6), "risk": (2, 6), "teg2": (2, 6)}

# The armies' colours in the order the device offers them (T.E.G. II seats powers instead:
# comando.rulesets.teg2.track.POWERS).
COLOURS = {
    "teg": ("blue", "red", "black", "yellow", "green", "magenta"),
    "revancha": ("white", "black", "red", "blue", "yellow", "green"),
    "war": ("blue", "red", "black", "yellow", "green", "white"),
    "risk": ("red", "blue", "green", "yellow", "black", "grey"),
}

# The powers a ruleset seats instead of colours, in playing order (T.E.G. II: teg-ii.txt, the USA
# first); comando.turns.teg2_powers() says which play with fewer players.
POWERS = {"teg2": ("usa", "ussr", "china", "japan", "weurope", "eeurope")}
# ... and their names, in the same order
POWER_NAMES = {"teg2": ("USA", "USSR", "China", "Japan", "Western Europe", "Eastern Europe")}

# Rulesets whose round opener moves one seat on after every round of play (comando.turns).
ROTATING = ("revancha", "teg2")

# The board each ruleset plays on unless the table picks another.
BOARDS = {"teg": "teg", "revancha": "revancha", "war": "war", "risk": "risk",
          "teg2": "teg2_americas"}

# Rulesets whose table picks one of several maps (the package's maps.py: ids(), table_map():
# Risk's twelve, opened on the smallest that seats the table).
MAPS = ("risk",)

# Which reducers play it: the table session (comando.session, the table's turns and dice, no
# map: the package's table.py) plays every ruleset; the map engine (comando.engine, every country
# on the map: the package's engine.py) plays these.
ENGINE = ("teg", "war", "risk", "revancha", "teg2")
