# What ships to the Pico, in MicroPython's manifest format (as micropython-lib's manifest.py
# files; MicroPython's tools/manifestfile.py): the one list of the device's files. `make
# firmware` and `make deploy` copy what it names (comando_host/pico/firmware.py reads it; main.py goes
# to / and the packages to /lib), and a frozen image can take it as is (FROZEN_MANIFEST).
# The simulator's bundle adds the host-side modules: manifest_sim.py.
# tests/host/test_firmware_manifest.py checks that every module under lib/ is named here or there.

metadata(description="Comando: the table companion's device (Raspberry Pi Pico)", version="0.1.0")

module("main.py")  # boots device.app

# the shared core: all of it (rules, journal, link; every ruleset's package)
package("comando", base_path="lib")

# the app, the Pico's HAL and the screens (not the host-side HALs: manifest_sim.py)
package("device", base_path="lib", files=(
    "__init__.py", "app.py", "app_start.py", "botturn.py", "buttons.py", "canvas.py", "clockview.py",
    "font_accents.py", "journal.py",
    "journal_flash.py", "journal_flash_read.py", "journal_repair.py",
    "gameid.py", "link.py", "link_wait.py", "mapmode.py", "oled.py", "oled_diff.py", "table_board.py",
    "pins.py", "resume.py", "selftest.py", "stdio_serial.py", "ui.py",
    "hal/__init__.py", "hal/pico.py", "hal/picoflash.py",
    "screens/__init__.py", "screens/base.py", "screens/turn.py", "screens/eliminate.py", "screens/dice.py",
    "screens/revancha.py", "screens/situation.py", "screens/teg2.py", "screens/teg2_turn.py", "screens/objectives.py",
    "screens/menus.py", "screens/newgame.py", "screens/armies.py", "screens/map.py", "screens/table_roll.py",
    "screens/cluboffer.py",
))
