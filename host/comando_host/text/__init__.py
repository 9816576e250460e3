"""A game told in words: the table record, the engine game's text views, the shared view of the events,
the one wording of a result, counts in words and numbers typed in words, and text made safe for a
terminal.
"""
