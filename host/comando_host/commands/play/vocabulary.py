"""The words of `comando play`'s prompt: the help, the command names and the words that stand
in them (wildcards, missiles, the defender's dice), the commands another game adds, and the
country names close to a typo."""

from __future__ import annotations

from comando.board import BoardError, search_key
from comando_host import games
from comando_host.text.lang import N_, NP_, _, command_words
from comando_host.text.numwords import looks_numeric


# (said in the table's language: the catalogues' translation of the whole block)
HELP = N_("""commands (COUNTRY: id, name or alias; Tab completes):
  status                      whose turn, phase, armies to place, cards held (and the ruleset's counters)
  map                         the board drawn in the terminal: owners in colour, armies
  map PLAYER | countries [PLAYER]   the countries (of one player) as a table: owner, armies
  neighbours COUNTRY          its neighbours: owner and armies, which it can attack
  cards | objective           the current player's cards / secret objective
  claim COUNTRY               2-3 players: occupy a free country
  place N COUNTRY             add N armies to one of your countries
  trade C1 C2 C3              trade three cards in (country names of the cards; 'wild' for a wildcard)
  attack FROM TO              roll an attack (dice drawn now, stored in the log)
  move N                      after a conquest: N armies in the conquered country
  regroup FROM TO N           move N armies to a neighbouring country of yours
  draw                        take your country card (after a conquest)
  bonus COUNTRY               +2 armies on a country whose card you hold
  end                         end your turn
  pact PLAYER world | pact PLAYER border MINE THEIRS | pact PLAYER zone COUNTRY
  unpact ID | pacts           break a pact (it binds until the other's next turn ends) / list
  bot [turns]                 let the built-in bot play the current turn(s)
  hint                        the bot's suggestion for the current step (an attack's odds), and its command
  undo                        take back the last event (written to the log as an undo event)
  save FILE                   write the log to FILE   |   help   |   quit""")

# (their names in the other languages: the catalogues' "command word" entries, NP_)
COMMANDS = (NP_("command word", "status"), NP_("command word", "map"),
            NP_("command word", "countries"), NP_("command word", "neighbours"),
            NP_("command word", "cards"), NP_("command word", "objective"),
            NP_("command word", "claim"), NP_("command word", "place"),
            NP_("command word", "trade"), NP_("command word", "attack"),
            NP_("command word", "move"), NP_("command word", "regroup"),
            NP_("command word", "draw"), NP_("command word", "bonus"), NP_("command word", "end"),
            NP_("command word", "pact"), NP_("command word", "unpact"),
            NP_("command word", "pacts"), NP_("command word", "bot"), NP_("command word", "hint"),
            NP_("command word", "undo"),
            NP_("command word", "save"), NP_("command word", "help"),
            NP_("command word", "quit"), NP_("command word", "walk"), NP_("command word", "dip"))
MISSILE_WORDS = ("missiles", "missile", "m")
WILD_WORDS = ("wild", "wildcard", "wildcards", "joker", "comodin", "coringa", "*")
DEF_WORDS = ("def", "defend", "defence", "defense", "dn")
DIP_KINDS = ("truce", "carve", "break", "note")


def help_text(rules_id):
    """The common commands, then those the game adds or words its own way (its ``help``), in
    the table's language."""
    extra = games.get(rules_id).help
    return _(HELP) + ("\n\n" + _(extra) if extra else "")   # a game's own: marked N_ where it is


_SPOKEN: dict = {}   # rules id -> {a command's name in es or pt_BR: its English name}


def spoken_commands(rules_id) -> dict:
    """Every other name of the REPL's commands (the common ones and the game's own) in each
    language there is, without accents too ("atacar", "remanejar", "situacion"), mapped to the
    English command; an English name stays itself and is never taken by another's word."""
    found = _SPOKEN.get(rules_id)
    if found is None:
        names = COMMANDS + tuple(games.get(rules_id).commands)
        found = {}
        for cmd in names:
            for word in command_words(cmd):
                if word not in names:
                    found.setdefault(word, cmd)
        _SPOKEN[rules_id] = found
    return found


def english_command(rules_id, word) -> str:
    """The English name of command ``word`` (said in any language), or ``word`` itself."""
    if word in COMMANDS or word in games.get(rules_id).commands:
        return word   # (an English name is itself: the catalogues are not read for it)
    return spoken_commands(rules_id).get(word, word)


def other_games_command(cmd):
    """The id of the game that adds REPL command ``cmd`` (games/<id>.commands), or None."""
    for rid, game in games.every():
        if cmd in game.commands:
            return rid
    return None


def close_countries(board, text, n=3):
    """Ids of the countries whose id, name, short name or alias look like the unknown words of
    ``text`` (a typo: 'argentna' -> argentina); [] when nothing is close."""
    keys = {}
    for i in range(board.n):
        for name in (board.cid(i), board.name(i), board.short(i)) + tuple(board.aliases(i)):
            keys.setdefault(search_key(name), i)
    words = text.split()
    probes = [text] + words + [" ".join(words[j:j + 2]) for j in range(len(words) - 1)
                               if search_key(words[j]) not in keys or search_key(words[j + 1]) not in keys]
    import difflib   # (a typo's cost only: issue 28)
    hits = []
    for probe in probes:
        k = search_key(probe)
        if not k or k in keys:
            continue
        for m in difflib.get_close_matches(k, list(keys), n=n, cutoff=0.7):
            if keys[m] not in hits:
                hits.append(keys[m])
        if hits and probe is text:  # the whole text is a typo of one name: that is the answer
            break
    return [board.cid(i) for i in hits[:n]]


# (one whole line each: "no country called" is worded differently in each language)
UNKNOWN = {"country": N_("{board}: no country called '{name}'"),
           "card": N_("{board}: no card called '{name}'"),
           "card or continent": N_("{board}: no card or continent called '{name}'")}


def unknown(board, what, text):
    """BoardError for an unknown country (or card) name, with the close matches if any, in the
    table's language."""
    near = close_countries(board, text)
    hint = ("; " + _("did you mean {names}?").format(names=_(" or ").join(near))) if near else \
        " " + _("(Tab completes the names; `map` lists them)")
    return BoardError(_(UNKNOWN[what]).format(board=board.id, name=text) + hint)


def is_int(word):
    """A word where a count may stand that reads as a number (whole or not: number() refuses
    what is not whole, rather than reading "5.5" as a country's name)."""
    return looks_numeric(word)
