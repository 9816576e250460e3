"""T.E.G. classic in the table session: the base rules as they are (teg-classic.txt: two
placement rounds, a fixed opener, the dice of comando.combat)."""

from comando.session.rules import TableRules


class TegTable(TableRules):
    id = "teg"
    first_round_adds = False


RULES = TegTable()
