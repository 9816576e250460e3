"""The live page (``comando web``): the server (``app``) and its static files, what the page shows
of a stored game (``pageview``), what it may enter (``pageinput``, ``attackodds``, ``handdeal``),
who may talk to it (``guard``), and its commands on their way to a linked device
(``pagecommands``).
"""
