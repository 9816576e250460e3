"""Counts in words: "1 army", "2 armies", "1 point". The one place a printed count and its noun
agree, on the Pico and the laptop alike (comando_host.text.wording is this), so no line reads
"1 armies". Tiny on purpose: the rules import it where they word a refusal."""

_IRREGULAR = {"army": "armies", "country": "countries", "territory": "territories",
              "battery": "batteries", "ally": "allies", "copy": "copies", "entry": "entries",
              "aircraft": "aircraft", "SU": "SU", "border": "borders"}


def plural(noun):
    if noun in _IRREGULAR:
        return _IRREGULAR[noun]
    for end in ("s", "x", "ch", "sh"):   # (MicroPython's endswith takes no tuple)
        if noun.endswith(end):
            return noun + "es"
    return noun + "s"


def noun(n, singular, many=None):
    """``singular`` for a count of one (or minus one), else its plural (``many`` if given)."""
    return singular if n in (1, -1) else (many or plural(singular))


def count(n, singular, many=None):
    """``n`` and its noun: count(1, "army") == "1 army", count(3, "army") == "3 armies"."""
    return "%s %s" % (n, noun(n, singular, many))
