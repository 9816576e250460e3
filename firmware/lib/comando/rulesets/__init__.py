"""The game plug-ins: one package per ruleset, ``comando.rulesets.<id>``: ``engine.py`` (the map
engine's plug-in, ``comando.engine``), ``table.py`` (the table session's, ``comando.session``) and
whatever else that game needs. The top floor of the core: a game's modules import the generic
ones, never the other way round (the generic modules reach a game through its plug-in's hooks, and
read the games' facts from comando.registry; tests/host/test_core_floors.py keeps it). Importing
``comando.rulesets.<id>.<module>`` runs this file and the game's ``__init__`` first (MicroPython as
CPython): so both stay docstring only or empty, and a game in play loads only its own code.
"""
