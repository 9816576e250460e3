"""The device's screens, one module per part of the game (base is the leaf all of them import).

A screen opens another with ``screen(app, name)``: the module that defines it is imported only
then, so the heap holds only the screens the game in play uses (a T.E.G. II game never loads the
dice screen, a La Revancha game never the battle clocks), and no screen module imports the one
that opens it (no import circle). This package stays a table: importing a screen module runs it.
"""

# what screen(app, name) builds -> the module that defines it: a module of this package by its
# short name (an interned name on MicroPython, not a heap string like "device.screens.dice"), or
# a whole dotted name
WHERE = {
    "Eliminate": "eliminate",
    "Dice": "dice",
    "TableRoll": "table_roll",
    "Situation": "situation", "CrisisResult": "situation",
    "NewGame": "newgame",
    "Armies": "armies",
    "Sync": "menus", "Settings": "menus",
    "Grants": "teg2", "Track": "teg2",
    "BattleSetup": "teg2", "Battle": "teg2",
    "Launch": "teg2",
    "hardware_menu": "device.selftest",  # Menu > Hardware: self-test, OLED controller, I2C
    "MapTurn": "map",
    "ClubOffer": "cluboffer",   # (opened by device.link: a club's round offered by the laptop)
}


# The turn screen of a ruleset with stages or lines of its own (a subclass of
# device.screens.turn.Turn, named Turn); the others play device.screens.turn's.
TURN = {"revancha": "revancha", "teg2": "teg2_turn"}


def module(name):
    """The whole name of a module named in WHERE, TURN or device.app.SCREENS."""
    return name if "." in name else "device.screens." + name


def screen(app, name):
    """A new screen ``name`` (a key of WHERE) for ``app``, its module imported on first use."""
    return getattr(__import__(module(WHERE[name]), None, None, (name,)), name)(app)
