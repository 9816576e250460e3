"""The laptop's language: which one is spoken, and its words from the gettext catalogues.

``_(msgid)`` says an English text in the current language; ``_n(one, many, n)`` a count's.
The catalogues are ``host/comando_host/locale/<code>/LC_MESSAGES/comando.po`` (domain
``comando``; English is the msgid). A wheel carries each ``.mo`` beside its ``.po`` (setup.py
compiles them at build); a checkout has only the ``.po``, compiled on first use with Babel into
the user's cache, under the hash of the ``.po`` (an edited catalogue is compiled again, a stale
``.mo`` is never read). A text a catalogue lacks is said in English, that line only.

Which language (docs/decisions/laptop-languages.md): ``comando --lang CODE``, else
``$COMANDO_LANG`` (the laptop has no config file), else LANGUAGE / LC_ALL / LC_MESSAGES / LANG,
else English. A game's table speaks its ruleset's home language unless --lang or $COMANDO_LANG
chose one (``use_table``). The core's texts (``comando.texts``: the refusals) follow the same
choice.
"""

import os

from comando import texts
from comando.errors import BoardError
from comando.registry import HOME_LANG

DOMAIN = "comando"
ENV = "COMANDO_LANG"
LANGS = texts.LANGS      # en, es, pt_BR: the device's languages are the laptop's
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")

_state = {"lang": "en", "explicit": False}
_loaded: dict = {}       # code -> gettext translations (English when there is none)


class English:
    """English, the msgid itself, as gettext.NullTranslations says it, without importing
    gettext (with its re and locale: a one-shot command's start, issue 28). The other languages
    are gettext's GNUTranslations."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return msgid1 if n == 1 else msgid2


class UnknownLanguage(ValueError):
    """A code that is no language there is: one line naming the ones there are."""


def check(code: str) -> str:
    if code not in LANGS:
        raise UnknownLanguage("unknown language %r: one of %s" % (code, ", ".join(LANGS)))  # english: no language known yet
    return code


def from_locale(value: str) -> str | None:
    """A language there is for a locale name such as es_AR.UTF-8, pt_PT or en_GB@euro (None:
    C, POSIX or a language there is not)."""
    name = value.split(".")[0].split("@")[0]
    if not name or name in ("C", "POSIX"):
        return None
    base = name.split("_")[0].lower()
    if base == "pt":
        return "pt_BR"   # the one Portuguese there is
    return base if base in LANGS else None


def from_environment(environ=None) -> str | None:
    """The language the locale variables ask for, in gettext's order, or None."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in (env.get(var) or "").split(":"):
            code = from_locale(part)
            if code:
                return code
    return None


def choose(flag: str | None = None, environ=None) -> str:
    """Set the laptop's language from --lang, $COMANDO_LANG or the locale; the code chosen.
    UnknownLanguage for a code given in --lang or $COMANDO_LANG that is not a language there is."""
    env = os.environ if environ is None else environ
    if flag:
        code, explicit = check(flag), True
    elif env.get(ENV):
        try:
            code = check(env[ENV])
        except UnknownLanguage as exc:
            raise UnknownLanguage("$%s: %s" % (ENV, exc)) from None
        explicit = True
    else:
        code, explicit = from_environment(env) or "en", False
    _state["explicit"] = explicit
    use(code)
    return code


def use(code: str) -> None:
    """Speak ``code`` from now on (the core's texts too)."""
    _state["lang"] = check(code)
    texts.set_lang(code)


class speaking:
    """``with speaking(code):`` says ``code`` inside the block, then what was said before (the
    page's server words each reader's lines in the language that reader chose; one event loop,
    no await inside). A class, not contextlib's decorator: a one-shot command's start imports
    neither (issue 28)."""

    def __init__(self, code: str):
        self.code = code
        self.old = None

    def __enter__(self):
        self.old = _state["lang"]
        if self.code != self.old:
            use(self.code)
        return self

    def __exit__(self, *exc):
        if self.code != self.old:
            use(self.old)
        return False


def use_table(ruleset: str | None) -> str:
    """A game's table: its ruleset's home language unless --lang or $COMANDO_LANG chose one."""
    if not _state["explicit"] and ruleset in HOME_LANG:
        use(HOME_LANG[ruleset])
    return _state["lang"]


def table_lang(ruleset: str | None, asked: str | None = None) -> str:
    """The language a table of ``ruleset`` speaks for one reader (the page's switch: ``asked``),
    without changing the process's."""
    if asked in LANGS:
        return asked
    if _state["explicit"]:
        return _state["lang"]
    if os.environ.get(ENV) in LANGS:   # a server started in this process without the CLI
        return os.environ[ENV]
    return HOME_LANG.get(ruleset or "", _state["lang"])


def current() -> str:
    return _state["lang"]


def reset() -> None:
    """English, nothing chosen (a test's start; one CLI run after another in one process)."""
    _state["explicit"] = False
    use("en")


def _(msgid: str) -> str:
    return translations(_state["lang"]).gettext(msgid)


# The core's texts it has in English only, said in the laptop's language where the catalogues have
# them (the board validator's problems: comando.board_load's ``flaw``; the device says them as
# they are).
setattr(BoardError, "laptop_say", staticmethod(_))


def _n(one: str, many: str, n: int) -> str:
    return translations(_state["lang"]).ngettext(one, many, n)


def say(code: str, msgid: str) -> str:
    """``msgid`` in ``code`` (not the current language: the page asks for its own)."""
    return translations(code).gettext(msgid)


def catalogue(code: str) -> dict:
    """Every translated text of ``code`` as {English: translation} (the page's words)."""
    found = translations(code)
    table = getattr(found, "_catalog", {})   # GNUTranslations keeps them there
    return {k: v for k, v in table.items() if isinstance(k, str) and k}


def po_path(code: str) -> str:
    return os.path.join(LOCALE_DIR, code, "LC_MESSAGES", DOMAIN + ".po")


def translations(code: str):
    if code not in _loaded:
        _loaded[code] = _load(code)
    return _loaded[code]


def _load(code: str):
    if code == "en":
        return English()
    mo = _mo_path(code)
    if mo is None:
        return English()
    import gettext
    with open(mo, "rb") as f:
        return gettext.GNUTranslations(f)


def _mo_path(code: str) -> str | None:
    """The compiled catalogue of ``code``: an install's, else this checkout's compiled into the
    cache (None: no catalogue, or Babel is missing to compile it: English)."""
    po = po_path(code)
    beside = po[:-3] + ".mo"
    if os.path.exists(beside):
        return beside
    if not os.path.exists(po):
        return None
    import hashlib   # (a checkout's only; CPython's loads OpenSSL: issue 28)
    with open(po, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()[:16]
    cached = os.path.join(cache_dir(), digest, code, "LC_MESSAGES", DOMAIN + ".mo")
    if not os.path.exists(cached):
        try:
            compile_po(po, cached)
        except ImportError:
            return None
    return cached


def cache_dir() -> str:
    from platformdirs import user_cache_dir
    return os.path.join(user_cache_dir("comando"), "locale")


def compile_po(po: str, mo: str) -> None:
    """``po`` compiled into ``mo`` with Babel (written whole, then renamed: two commands starting
    at once never read half a file). Fuzzy and empty translations are left out: English."""
    import contextlib
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    # (Babel prints its parser's warnings on stdout: a command's output is no place for them)
    with open(po, "rb") as f, contextlib.redirect_stdout(io.StringIO()):
        cat = read_po(f)
    os.makedirs(os.path.dirname(mo), exist_ok=True)
    tmp = "%s.%d.tmp" % (mo, os.getpid())
    with open(tmp, "wb") as f:
        write_mo(f, cat)
    os.replace(tmp, mo)


# The decimal mark of each language (es_AR and pt_BR write 12,34): the one number format the
# terminal's tables need; the page formats with the browser's Intl in the page's language.
DECIMAL_MARK = {"en": ".", "es": ",", "pt_BR": ","}


def decimal(x: float, places: int = 2) -> str:
    text = "%.*f" % (places, x)
    return text.replace(".", DECIMAL_MARK.get(_state["lang"], "."))


def N_(msgid: str) -> str:
    """A text marked for the catalogues but said later (the page translates it, or a table of
    words is translated when read)."""
    return msgid


COMMAND_WORD = "command word"   # the catalogues' context of a REPL command's other names (NP_ takes it
# as a literal: Babel reads only literals)


def NP_(context: str, msgid: str) -> str:
    """A text marked with its context (``COMMAND_WORD``: a REPL command), said later."""
    return msgid


def command_word(command: str) -> str:
    """The REPL command's name in the current language (its first word: "colocar" for place;
    the English name where the catalogue has none): the line a hint suggests typing."""
    said = translations(_state["lang"]).pgettext(COMMAND_WORD, command)
    return said.split("|")[0].strip() or command


def command_words(command: str) -> list:
    """The other names of a REPL command in every language there is ("atacar", "ataque" for
    attack): the catalogues' ``command word`` entries, alternatives separated by "|", each also
    without its accents (a keyboard without them: "situacion")."""
    import unicodedata
    out = []
    for code in LANGS:
        if code == "en":
            continue
        said = translations(code).pgettext(COMMAND_WORD, command)
        if said == command:
            continue
        for word in said.split("|"):
            word = word.strip().lower()
            plain = "".join(ch for ch in unicodedata.normalize("NFD", word)
                            if unicodedata.category(ch) != "Mn")
            for w in (word, plain):
                if w and w not in out:
                    out.append(w)
    return out
