"""Lists written out by hand, held to what they list (issue 27): each test names what drifted.

A list is written out where deriving it would cost the Pico's heap or a module it must not import
(the device app's SCREENS: a directory listing at run time), or where its order means something
of its own (WAR's engine seats in the book's order, the device's menu in the registry's).
Everything else reads the registry (``comando.registry``) and is not repeated here."""

import os

from comando import combat, engine
from comando.board import load_board
from comando.board_files import list_boards
from comando.errors import RulesError
from comando.registry import COLOURS, IDS, POWERS, SEATS
from comando_host import games
from comando_host.pico import firmware

SCREENS_DIR = os.path.join(firmware.LIB, "device", "screens")


def screen_modules():
    return sorted(n[:-3] for n in os.listdir(SCREENS_DIR)
                  if n.endswith(".py") and n != "__init__.py")


def test_the_apps_screens_list_is_the_screens_package():
    from device import app
    listed = list(app.SCREENS)
    assert len(listed) == len(set(listed)), "device.app.SCREENS names a screen twice: %s" % listed
    package = screen_modules()
    missing = sorted(set(package) - set(listed))
    extra = sorted(set(listed) - set(package))
    assert not missing, ("device.app.SCREENS lacks %s (modules of firmware/lib/device/screens/: "
                         "the app would never forget them)" % ", ".join(missing))
    assert not extra, "device.app.SCREENS names %s, not in device/screens/" % ", ".join(extra)
    assert listed[-1] == "base", "device.app.SCREENS must end with base (drop_screens keeps it)"


def test_the_screens_table_names_modules_that_exist():
    from device import screens
    for table, names in (("WHERE", screens.WHERE.values()), ("TURN", screens.TURN.values())):
        for name in names:
            path = os.path.join(firmware.LIB, *screens.module(name).split(".")) + ".py"
            assert os.path.isfile(path), ("device.screens.%s names %s, which is no module (%s)"
                                          % (table, name, os.path.relpath(path, firmware.ROOT)))


def test_every_screen_ships_to_the_pico():
    ships = set(firmware.manifest())
    missing = ["lib/device/screens/%s.py" % n for n in screen_modules()
               if "lib/device/screens/%s.py" % n not in ships]
    assert not missing, "firmware/manifest.py does not ship %s (the Pico opens every screen)" % missing


def test_combat_rulesets_are_the_registrys_with_dice_combat():
    with_dice = tuple(i for i in IDS if i in combat.RULES)
    assert set(combat.RULES) <= set(IDS), "combat.RULES has %s, not in the registry" % (
        sorted(set(combat.RULES) - set(IDS)))
    assert combat.RULESETS == with_dice, ("combat.RULESETS %s is not the registry's rulesets with "
                                          "combat.RULES, in the registry's order: %s"
                                          % (combat.RULESETS, with_dice))
    for rid in set(IDS) - set(combat.RULES):
        try:
            combat.rules(rid)
        except RulesError as exc:
            assert "no dice combat" in str(exc), exc
        else:
            raise AssertionError("combat.rules(%r) gives rules the registry does not list" % rid)


def test_the_engines_colours_are_the_registrys():
    for rid, colours in COLOURS.items():
        plug = tuple(engine.get_rules(rid).colours)
        if not plug:          # Risk's engine takes any colour; its maps list the registry's
            continue
        assert set(plug) == set(colours), ("%s: the engine's colours %s are not the registry's %s"
                                           % (rid, plug, colours))
    # the same order too where the engine's list is the registry's (WAR's keeps the book's order:
    # war.txt, Armies)
    for rid in ("teg", "revancha"):
        assert tuple(engine.get_rules(rid).colours) == COLOURS[rid], rid


def test_the_powers_are_the_registrys():
    from comando.rulesets.teg2 import track
    assert tuple(track.POWERS) == POWERS["teg2"]
    assert tuple(engine.get_rules("teg2").colours) == POWERS["teg2"]


def test_each_boards_colours_are_its_rulesets():
    for bid in list_boards():
        board = load_board(bid)
        listed = (board.tables or {}).get("colours") if isinstance(board.tables, dict) else None
        if not listed:
            continue
        for rid in board.rulesets:
            want = COLOURS.get(rid) or POWERS.get(rid)
            if want is None:
                continue
            assert set(listed) == set(want), ("boards/%s.json: tables.colours %s are not %s's %s "
                                              "(comando.registry)" % (bid, listed, rid, want))


def test_the_demo_games_seat_colours_their_game_has():
    for rid, game in games.every():
        if rid not in COLOURS:        # T.E.G. II seats powers: its demo games are not played
            continue
        seats = game.demo_colours
        wrong = [c for c in seats if c not in COLOURS[rid]]
        assert not wrong, "comando_host/games/%s: demo_colours %s are not %s colours" % (rid, wrong, rid)
        assert len(set(seats)) == len(seats) >= SEATS[rid][1], (
            "comando_host/games/%s: demo_colours %s seat fewer than %d players" % (rid, seats, SEATS[rid][1]))


def test_the_repls_command_words_are_its_commands():
    from comando_host.commands.play.repl import KeyboardGame
    from comando_host.commands.play.vocabulary import COMMANDS
    methods = {n[3:] for n in dir(KeyboardGame) if n.startswith("do_")} | {"quit"}
    assert len(set(COMMANDS)) == len(COMMANDS)
    assert set(COMMANDS) == methods, (
        "comando_host/commands/play/vocabulary.py COMMANDS (Tab, typo hints) lacks %s, names %s "
        "with no do_ method" % (sorted(methods - set(COMMANDS)), sorted(set(COMMANDS) - methods)))
