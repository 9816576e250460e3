"""The device's screens, one module per part of the game (base is the leaf all of them import).

A screen opens another with ``screen(app, name)``: the module that defines it is imported only
then, so the heap holds only the screens the game in play uses (a T.E.G. II game never loads the
dice screen, a La Revancha game never the battle clocks), and no screen module imports the one
that opens it (no import circle). This package stays a table: importing a screen module runs it.
"""

# what screen(app, name) builds -> the module that defines it
WHERE = {
    "Eliminate": "device.screens.eliminate",
    "Dice": "device.screens.dice",
    "Situation": "device.screens.situation", "CrisisResult": "device.screens.situation",
    "NewGame": "device.screens.newgame",
    "Armies": "device.screens.armies",
    "Sync": "device.screens.menus", "Settings": "device.screens.menus",
    "Grants": "device.screens.teg2", "Track": "device.screens.teg2",
    "BattleSetup": "device.screens.teg2", "Battle": "device.screens.teg2",
    "Launch": "device.screens.teg2",
    "hardware_menu": "device.selftest",  # Menu > Hardware: self-test, OLED controller, I2C
    "MapTurn": "device.screens.map",
}


# The turn screen of a ruleset with stages or lines of its own (a subclass of
# device.screens.turn.Turn, named Turn); the others play device.screens.turn's.
TURN = {"revancha": "device.screens.revancha", "teg2": "device.screens.teg2_turn"}


def screen(app, name):
    """A new screen ``name`` (a key of WHERE) for ``app``, its module imported on first use."""
    return getattr(__import__(WHERE[name], None, None, (name,)), name)(app)
