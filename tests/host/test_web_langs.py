"""The page in es, pt_BR and en (issue 24), in Debian's chromium through playwright: a game's page
speaks its ruleset's home language (T.E.G.: Spanish, WAR: Portuguese) unless the switch or
$COMANDO_LANG chose one; <html lang>, the headings, the buttons and the numbers (12,5) in the
page's language, its words from the catalogues (GET /api/texts/CODE); golden pictures
page-teg-4p-es.png and page-war-4p-pt_BR.png in tests/golden/web/. Screenshots are also saved
under $COMANDO_SHOTS when it is set (the report's, outside the repository)."""

import json
import os
import urllib.error
import urllib.request

import pytest

from browser import browser, open_page, same_picture  # noqa: F401  (browser: the fixture)

from comando_host.store.demo_games import bot_events, store_game
from comando_host.store.db import Store
from comando_host.web.app import Background


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("langs") / "langs.db")
    store = Store(path)
    store_game(store, "teg-4p", bot_events("teg", 4, 3)[:300])
    store_game(store, "war-4p", bot_events("war", 4, 11)[:260])
    store.close()
    return path


def page_words(page):
    return page.evaluate("""() => ({
        lang: document.documentElement.lang,
        heads: Array.from(document.querySelectorAll("aside h2")).filter((h) => h.offsetParent)
                    .map((h) => h.textContent.trim()),
        live: document.getElementById("live").textContent,
        title: document.title,
        luck: document.getElementById("luckrows").textContent,
        switch: document.getElementById("lang").value,
        options: Array.from(document.querySelectorAll("#lang option")).map((o) => o.textContent),
        placeholder: document.getElementById("incountry").getAttribute("placeholder")})""")


def shoot(page, name):
    png = page.screenshot()
    where = os.environ.get("COMANDO_SHOTS")
    if where:
        os.makedirs(where, exist_ok=True)
        with open(os.path.join(where, name), "wb") as f:
            f.write(png)
    return png


def opened(browser, url, want):  # noqa: F811
    page, errors = open_page(browser, url)
    page.wait_for_function("window.__comando.mapReady && window.__comando.applied > 0 && "
                           f"window.__comando.lang === {json.dumps(want)}")
    page.wait_for_timeout(150)
    return page, errors


@pytest.mark.parametrize("gid, code, heads, live, luck_word, golden", [
    ("teg-4p", "es", ["Jugadores", "Suerte armies lost", "Últimas batallas", "Registro"], "En vivo",
     "esperado", "page-teg-4p-es.png"),
    ("war-4p", "pt_BR", ["Jogadores", "Sorte", "Últimas batalhas", "Registro"], "Ao vivo",
     "esperado", "page-war-4p-pt_BR.png"),
])
def test_a_games_page_speaks_its_home_language(browser, db, monkeypatch, gid, code, heads,  # noqa: F811
                                                live, luck_word, golden):
    monkeypatch.delenv("COMANDO_LANG")   # nothing chosen: the game's own language
    srv = Background(db).start()
    page, errors = opened(browser, srv.url + "?game=" + gid, code)
    try:
        words = page_words(page)
        png = shoot(page, golden)
    finally:
        page.close()
        srv.stop()
    assert not errors
    assert words["lang"] == code.replace("_", "-")
    assert [h.split()[0] for h in words["heads"]] == [h.split()[0] for h in heads]
    assert words["live"] == live and words["switch"] == ""
    assert words["title"] == {"es": "Comando - el mapa de la mesa", "pt_BR": "Comando - o mapa da mesa"}[code]
    # the luck rows: "perdió 12 / esperado 11,4": the decimal comma of es-AR and pt-BR
    assert luck_word in words["luck"] and "," in words["luck"] and "." not in words["luck"]
    assert words["options"] == [{"es": "el de la partida", "pt_BR": "o do jogo"}[code],
                                "English", "Español", "Português"]
    ok, why = same_picture(png, golden)
    assert ok, why


def test_the_switch_changes_the_language_and_is_kept(browser, db, monkeypatch):  # noqa: F811
    monkeypatch.delenv("COMANDO_LANG")
    srv = Background(db).start()
    page, errors = opened(browser, srv.url + "?game=teg-4p", "es")
    try:
        page.select_option("#lang", "pt_BR")
        page.wait_for_function("window.__comando.lang === 'pt_BR'")
        pt = page_words(page)
        page.select_option("#lang", "en")
        page.wait_for_function("window.__comando.lang === 'en'")
        en = page_words(page)
        page.reload()   # the choice is kept on this browser
        page.wait_for_function("window.__comando.applied > 0 && window.__comando.lang === 'en'")
        again = page_words(page)
        page.select_option("#lang", "")   # back to the game's own
        page.wait_for_function("window.__comando.lang === 'es'")
        es = page_words(page)
    finally:
        page.close()
        srv.stop()
    assert not errors
    assert pt["lang"] == "pt-BR" and pt["heads"][0] == "Jogadores" and pt["placeholder"] == "território (digite, Enter)"
    assert en["lang"] == "en" and en["heads"][0] == "Players" and en["live"] == "Live"
    assert "." in en["luck"] and "expected" in en["luck"]
    assert again["switch"] == "en" and again["heads"][0] == "Players"
    assert es["heads"][0] == "Jugadores" and es["switch"] == ""


def test_a_chosen_language_wins_over_the_games(browser, db):  # noqa: F811
    # $COMANDO_LANG=en (the test's default): the T.E.G. game's page stays English
    srv = Background(db).start()
    page, errors = opened(browser, srv.url + "?game=teg-4p", "en")
    try:
        words = page_words(page)
    finally:
        page.close()
        srv.stop()
    assert not errors and words["heads"][0] == "Players" and words["lang"] == "en"


def test_the_catalogue_api(db):
    srv = Background(db).start()
    try:
        with urllib.request.urlopen(srv.url + "api/texts/pt_BR") as r:
            got = json.load(r)
        with pytest.raises(urllib.error.HTTPError) as bad:
            urllib.request.urlopen(srv.url + "api/texts/fr")
        err = json.load(bad.value)
    finally:
        srv.stop()
    assert got["lang"] == "pt_BR" and got["texts"]["Players"] == "Jogadores"
    assert got["langs"] == [["en", "English"], ["es", "Español"], ["pt_BR", "Português"]]
    assert bad.value.code == 404 and err == {"error": "unknown language 'fr': one of en, es, pt_BR"}


def test_two_readers_of_one_game_read_the_servers_lines_each_in_their_own_language(browser, tmp_path):  # noqa: F811
    # two browsers (two chromium processes) on one T.E.G. game, one switched to Spanish, one to
    # Portuguese: the hub words the log and the status for each socket in the language its page
    # chose ({"op": "lang"}), also for an event pushed live while both watch
    from browser import ARGS, CHROMIUM
    path = str(tmp_path / "two.db")
    events = bot_events("teg", 4, 3)
    store = Store(path)
    store_game(store, "teg-two", events[:200])
    store.close()
    srv = Background(path).start()
    other = browser.browser_type.launch(executable_path=CHROMIUM, args=ARGS)
    pages = []
    try:
        es, es_errors = opened(browser, srv.url + "?game=teg-two", "en")   # COMANDO_LANG=en
        pt, pt_errors = opened(other, srv.url + "?game=teg-two", "en")
        pages = [es, pt]
        es.select_option("#lang", "es")
        pt.select_option("#lang", "pt_BR")
        said = {}
        for page, code, word in ((es, "es", "juega "), (pt, "pt_BR", " joga: ")):
            page.wait_for_function(f"window.__comando.lang === {json.dumps(code)} && "
                                   f"document.getElementById('status').textContent.includes({json.dumps(word)})")
        store = Store(path)
        store.add_events("teg-two", events[200:201])   # the next event arrives, pushed to both
        store.close()
        for page in pages:
            page.wait_for_function("document.getElementById('log').textContent.includes('#201')")
        for page, code in ((es, "es"), (pt, "pt_BR")):
            said[code] = page.evaluate("""() => ({
                status: document.getElementById("status").textContent,
                log: Array.from(document.querySelectorAll("#log li")).map((li) => li.textContent)})""")
            shoot(page, f"two-readers-{code}.png")
    finally:
        for page in pages:
            page.close()
        other.close()
        srv.stop()
    assert not es_errors and not pt_errors
    es_log, pt_log = " ".join(said["es"]["log"]), " ".join(said["pt_BR"]["log"])
    assert "ataca a México" in es_log and "ejército pasado" in es_log and "(negro)" in es_log
    assert "ataca México" in pt_log and "exército movido" in pt_log and "(preto)" in pt_log
    assert "attacks" not in es_log + pt_log and "(black)" not in es_log + pt_log
    assert said["es"]["log"][0] != said["pt_BR"]["log"][0]   # the pushed event: each its own words
