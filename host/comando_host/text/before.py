"""What an event's line reads of the state before it: a light snapshot instead of a copy of the
whole state (a copy per event was a fifth of a bot game's time through `comando play`)."""

from comando_host import games


class EngineBefore:
    """What ``engine_text.event_line`` reads of the state before an event."""

    def __init__(self, st):
        self.owner = list(st.owner)
        self.armies = list(st.armies)
        self.alive = list(st.alive)
        self.pending = st.pending
        self.cur = st.cur
        self.phase = st.phase
        self.round = st.round
        self.names = st.names
        self.colours = st.colours
        self.board = st.board
        self.rules = st.rules
        self.n = st.n
        x = getattr(st, "x", None) or {}
        # La Revancha's condominiums and a joint conquest's move-in (games/revancha.condo_event)
        self.x = {"cd": [list(r) for r in x.get("cd") or ()], "cdm": x.get("cdm")}
        self._to_place = st.to_place()

    def to_place(self):
        return self._to_place

    def who(self, p):
        from comando_host.text.colour_words import who
        return who(self.names[p], self.colours[p])


def before(state):
    """The state before an event, as its line needs it: the light snapshot, or a whole copy for a
    game whose own text module words its events (T.E.G. II reads more of the state before)."""
    if games.get(state.rules.id).text is not None:
        return state.copy()
    return EngineBefore(state)
