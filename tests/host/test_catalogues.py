"""The catalogues' check (issue 24): every text the laptop and the page mark is in the template
and in every language with the same format fields (make lang-check runs the same check; setup.py
runs it before compiling a wheel); a text a language lacks is said in English, that line only;
and no player-facing English is left outside the catalogues in the modules converted so far
(CONVERTED below; page.html's texts all marked)."""

import ast
import os
import re
import shutil

import pytest

from micropython_tools import ROOT

from comando_host.text import catalogues, lang
from comando_host.web import pagetexts

LOCALE = os.path.join(ROOT, "host", "comando_host", "locale")


def extracted():
    """The msgids Babel extracts from the sources now (babel.cfg, make catalogues' keywords)."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg
    with open(os.path.join(ROOT, "babel.cfg"), encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    keywords = {"_": None, "_n": (1, 2), "N_": None, "NP_": ((1, "c"), 2), "T": None, "flaw": (2,)}
    return {m[2] if isinstance(m[2], str) else tuple(m[2])
            for m in extract_from_dir(ROOT, method_map, options_map, keywords=keywords)}


def test_the_template_holds_every_text_the_sources_mark():
    pot = catalogues._read(os.path.join(LOCALE, "comando.pot"))
    in_pot = {m.id if isinstance(m.id, str) else tuple(m.id) for m in pot if m.id}
    now = extracted()
    assert now - in_pot == set(), "texts not in comando.pot: run make catalogues"
    assert in_pot - now == set(), "comando.pot holds texts no source says: run make catalogues"
    assert len(now) > 100


def test_every_language_says_every_text_with_the_same_fields():
    assert catalogues.problems(LOCALE) == []
    assert catalogues.languages(LOCALE) == ["es", "pt_BR"] == [c for c in lang.LANGS if c != "en"]


def test_the_check_names_a_missing_text_a_wrong_field_and_a_fuzzy_one(tmp_path):
    where = tmp_path / "locale"
    shutil.copytree(LOCALE, where)
    po = where / "es" / "LC_MESSAGES" / "comando.po"
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgstr "Ronda {n}"', 'msgstr "Ronda {m}"')
    text = text.replace('msgstr "Suerte"', 'msgstr ""')
    text = text.replace('msgid "Pacts"', '#, fuzzy\nmsgid "Pacts"')
    po.write_text(text, encoding="utf-8")
    found = catalogues.problems(str(where))
    assert "es: 'Round {n}' has the fields {m}, English {n}" in found
    assert "es: 'Luck' is not translated" in found
    assert any(line.startswith("es: 'Pacts' is marked fuzzy") for line in found)
    assert len(found) == 3


@pytest.mark.parametrize("english, fields", [
    ("{n} armies", ["{n}"]), ("%s attack %(to)s", ["%(to)s", "%s"]), ("100%% sure", []),
    ("needed for 80%", []), ("%d of %d", ["%d", "%d"])])
def test_format_fields(english, fields):
    assert catalogues.fields(english) == fields


def test_a_text_a_catalogue_lacks_is_english_that_line_only(tmp_path, monkeypatch):
    where = tmp_path / "locale"
    shutil.copytree(LOCALE, where)
    po = where / "es" / "LC_MESSAGES" / "comando.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Suerte"', 'msgstr ""'),
                  encoding="utf-8")
    monkeypatch.setattr(lang, "LOCALE_DIR", str(where))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(lang, "_loaded", {})
    lang.use("es")
    assert lang._("Luck") == "Luck"
    assert lang._("Players") == "Jugadores"
    assert lang._n("{n} army", "{n} armies", 3).format(n=3) == "3 ejércitos"
    # compiled on first use into the cache, under the .po's hash; the checkout holds no .mo
    mos = [os.path.join(d, f) for d, _, fs in os.walk(tmp_path / "cache") for f in fs]
    assert len(mos) == 1 and mos[0].endswith(os.path.join("es", "LC_MESSAGES", "comando.mo"))
    assert not any(f.endswith(".mo") for _, _, fs in os.walk(where) for f in fs)


# The converted modules: each function listed says no English to a player but through _() / _n().
CONVERTED = {
    "host/comando_host/commands/odds.py": ("render", "_hidden"),
    "host/comando_host/commands/roll.py": ("run_all", "_move_in", "render"),
    "host/comando_host/commands/battle.py": ("_units", "_clock", "_forces", "_losses", "render", "_wp"),
    "host/comando_host/commands/_battle_args.py": ("situation_text", "armies_text"),
    "host/comando_host/text/engine_text.py": ("status", "diplomacy", "countries", "neighbours", "cards",
                                              "continent_cards", "pacts", "event_line", "objective"),
    "host/comando_host/games/revancha.py": ("status_lines", "condo_lines", "condo_text", "blockades_text",
                                            "event_line", "round_note", "condo_event", "situation"),
    "host/comando_host/games/war.py": ("status_lines", "attack_dice"),
    "host/comando_host/commands/show.py": ("replay", "_follow"),
    "host/comando_host/text/outcome.py": ("result_said",),
    "host/comando_host/commands/play/repl.py": ("hand_hint", "draw_before_end", "table_result"),
}
# words that are no language's: the dice's "vs", the rulesets' names, arrows
NEUTRAL = {"vs", "v", "->"}
FORMAT_FIELD = re.compile(r"%[-+ #0]*\d*(?:\.\d+)?[sdf]")


def english_literals(path, names):
    """(line, text) of each string constant with a word in it, in the functions ``names``,
    outside a call of _ / _n and outside subscripts (rec['al'] is a key, not a text)."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    found = []
    for fn in ast.walk(tree):
        if not (isinstance(fn, ast.FunctionDef) and fn.name in names):
            continue
        skip = set()
        for node in ast.walk(fn):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("_", "_n"):
                skip.update(id(n) for n in ast.walk(node))
            if isinstance(node, ast.Subscript):
                skip.update(id(n) for n in ast.walk(node.slice))
            if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
                skip.update(id(n) for n in ast.walk(node.format_spec))
            # keys, not texts: d.get("snow"), s == "att", for s in ("att", "def"), s + "_wp"
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) in ("get", "setdefault"):
                skip.update(id(n) for a in node.args for n in ast.walk(a))
            if isinstance(node, ast.Dict):
                skip.update(id(k) for k in node.keys if k is not None)
                # an action's kind ({"t": "draw"}) is the engine's word, not a text
                skip.update(id(v) for k, v in zip(node.keys, node.values)
                            if isinstance(k, ast.Constant) and k.value == "t")
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "as_json":
                skip.update(id(n) for a in node.args for n in ast.walk(a))   # JSON: no language's
            if isinstance(node, ast.Compare):
                skip.update(id(n) for side in [node.left] + node.comparators for n in ast.walk(side))
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("getattr", "hasattr"):
                skip.update(id(n) for a in node.args for n in ast.walk(a))
            if isinstance(node, ast.For):
                skip.update(id(n) for n in ast.walk(node.iter))
            if isinstance(node, ast.comprehension):
                skip.update(id(n) for n in ast.walk(node.iter))
            if isinstance(node, ast.BinOp) and isinstance(node.right, ast.Constant) \
                    and str(node.right.value).startswith("_"):
                skip.add(id(node.right))
        body = fn.body[1:] if ast.get_docstring(fn) else fn.body
        for stmt in body:
            for node in ast.walk(stmt):
                if id(node) in skip or not isinstance(node, ast.Constant) or not isinstance(node.value, str):
                    continue
                text = FORMAT_FIELD.sub(" ", node.value)
                words = [w for w in text.replace("(", " ").replace(")", " ").split()
                         if any(c.isalpha() for c in w) and w not in NEUTRAL and not w.startswith("--")]
                if words:
                    found.append((node.lineno, node.value))
    return found


@pytest.mark.parametrize("path", sorted(CONVERTED))
def test_no_english_is_left_outside_the_catalogues_in_a_converted_module(path):
    assert english_literals(path, CONVERTED[path]) == []


def test_the_scan_finds_an_english_literal():
    # a function of the module before its conversion still holds them: the scan sees them
    assert english_literals("host/comando_host/commands/battle.py", ("register",))


def test_every_text_of_the_page_is_marked():
    """Each text node of page.html with a word in it is a data-t element's (the brand, the
    rulesets' names and the sample players are no language's)."""
    from html.parser import HTMLParser
    with open(os.path.join(ROOT, "host/comando_host/web/static/page.html"), encoding="utf-8") as f:
        html = f.read()
    marked = {t for _, t in pagetexts.marked_texts(html)}
    neutral = {"Comando", "T.E.G. classic", "T.E.G. La Revancha", "WAR", "Risk", "live",
               "Ana blue Beto red Caro black", "0 / 0"}

    class Texts(HTMLParser):
        def __init__(self):
            super().__init__()
            self.left = []
            self.skip = 0

        def handle_starttag(self, tag, attrs):
            self.skip += tag in ("script", "style")

        def handle_endtag(self, tag):
            self.skip -= tag in ("script", "style")

        def handle_data(self, data):
            text = " ".join(data.split())
            if text and not self.skip and any(c.isalpha() for c in text) \
                    and text not in marked and text not in neutral:
                self.left.append(text)
    t = Texts()
    t.feed(html)
    # the <title> is page.js's to translate (document.title = T(...)): a msgid of the template
    title = "Comando - the table's map"
    assert t.left == [title]
    pot = catalogues._read(os.path.join(LOCALE, "comando.pot"))
    assert pot.get(title) is not None
    assert "Players" in marked and "pick a country by name" in marked   # text and attribute


# -- the completeness scan over commands/, text/ and web/ ------------------------------------------
# Every function's string literals that read as English words (two words or more), outside the
# catalogues' calls (_, _n, N_, NP_, lang._ ...), SQL, markup and a line marked "# english:" (a
# text kept English on purpose: the store's, the JSON's, a developer's protocol line). What each
# module still holds is counted below: the count may only go down (translate a text, then lower
# it); a new English text of a player's fails here. (0: nothing left, the module is done.)
SCANNED = ("host/comando_host/commands", "host/comando_host/commands/play", "host/comando_host/text",
           "host/comando_host/web")
CALLS = ("_", "_n", "N_", "NP_", "say")
SQL = re.compile(r"\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|PRAGMA|BEGIN|ALTER|COMMIT|ROLLBACK)\b")


def _words(text):
    text = re.sub(r"\{[^}]*\}", " ", FORMAT_FIELD.sub(" ", text))
    return [w for w in re.split(r"[\s(),;:\[\]|=]+", text) if sum(c.isalpha() for c in w) >= 2]


def player_english(path):
    """(line, text) of each English text of ``path``'s functions a player may read."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        source = f.read()
    lines = source.splitlines()
    tree = ast.parse(source)
    said = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in CALLS:
                said.update(id(n) for n in ast.walk(node))
    names = {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    out = []
    for line, text in english_literals(path, names):
        if SQL.match(text) or "<" in text or len(_words(text)) < 2:
            continue
        if "# english:" in lines[line - 1] or (line < len(lines) and lines[line - 1].rstrip().endswith("(")
                                                and "# english:" in lines[line]):
            continue
        out.append((line, text))
    # (english_literals does not know the catalogues' calls by attribute: lang._ ...)
    marked = {(n.lineno, n.value) for n in ast.walk(tree) if id(n) in said and isinstance(n, ast.Constant)}
    return [x for x in out if x not in marked]


def scanned_modules():
    return sorted(os.path.relpath(os.path.join(d, f), ROOT) for d in (os.path.join(ROOT, s) for s in SCANNED)
                  for f in os.listdir(d) if f.endswith(".py"))


# the English left in each module (host/comando_host/...) when this scan was made (issue 24):
# boards, club, doctor, the odds tables and the commands' --help are the rest of the work
LEFT = {
    'commands/__init__.py': 0,
    'commands/_battle_args.py': 0,
    'commands/_common.py': 0,
    'commands/_odds_chain.py': 0,
    'commands/_parser.py': 0,
    'commands/_plain.py': 0,
    'commands/battle.py': 0,
    'commands/boards.py': 0,
    'commands/club.py': 0,
    'commands/connect.py': 0,
    'commands/deploy.py': 0,
    'commands/doctor.py': 0,
    'commands/export.py': 0,
    'commands/games.py': 0,
    'commands/import.py': 0,
    'commands/odds.py': 0,
    'commands/play/__init__.py': 0,
    'commands/play/clubround.py': 0,
    'commands/play/completion.py': 0,
    'commands/play/gamesetup.py': 0,
    'commands/play/logfiles.py': 0,
    'commands/play/repl.py': 0,
    'commands/play/tabledice.py': 0,
    'commands/play/vocabulary.py': 0,
    'commands/replay.py': 0,
    'commands/roll.py': 0,
    'commands/run.py': 0,
    'commands/show.py': 0,
    'commands/sim.py': 0,
    'commands/uf2.py': 0,
    'commands/web.py': 0,
    'text/__init__.py': 0,
    'text/board_words.py': 0,
    'text/before.py': 0,
    'text/catalogues.py': 0,
    'text/clock_text.py': 0,
    'text/colour_words.py': 0,
    'text/engine_text.py': 0,
    'text/lang.py': 0,
    'text/numwords.py': 0,
    'text/outcome.py': 0,
    'text/power_words.py': 0,
    'text/record.py': 0,
    'text/refusals.py': 0,
    'text/textsafe.py': 0,
    'text/view.py': 0,
    'text/wording.py': 0,
    'web/__init__.py': 0,
    'web/app.py': 0,
    'web/attackodds.py': 0,
    'web/guard.py': 0,
    'web/handdeal.py': 0,
    'web/pagecommands.py': 0,
    'web/pageinput.py': 0,
    'web/pagetexts.py': 0,
    'web/pageview.py': 0,
}
ENGLISH_LEFT = {"host/comando_host/" + k: v for k, v in LEFT.items()}


def test_the_scan_sees_every_module_and_a_new_english_text(tmp_path):
    assert set(scanned_modules()) == set(ENGLISH_LEFT)
    # a text a player reads added to a finished module is found; the same through _() is not
    done = tmp_path / "done.py"
    done.write_text('def f(n):\n    return _("{n} armies left").format(n=n)\n', encoding="utf-8")
    assert player_english(str(done)) == []
    done.write_text('def f(n):\n    return "%d armies left" % n\n', encoding="utf-8")
    assert player_english(str(done)) == [(2, "%d armies left")]


@pytest.mark.parametrize("path", sorted(ENGLISH_LEFT))
def test_no_more_english_than_counted_is_left_outside_the_catalogues(path):
    left = player_english(path)
    assert len(left) <= ENGLISH_LEFT[path], (
        "%s: English a player reads outside the catalogues (use _()): %s" % (path, left[ENGLISH_LEFT[path]:]))
    assert len(left) == ENGLISH_LEFT[path], "%s: %d left now: lower ENGLISH_LEFT" % (path, len(left))
