"""A player's statistics page (issue 25): ``GET /players/NAME`` on the real `comando club serve`
over a real throwaway PostgreSQL cluster, public, no login, what `comando club stats` says as
HTML: games, wins by ruleset and seat, luck over time, rivals. Names carrying HTML or SQL are
the text they are: escaped in the page (read by Debian's chromium, where no script of a name
runs), the database untouched."""

import urllib.error
import urllib.parse
import urllib.request

import pytest
from browser import browser, open_page  # noqa: F401  (browser: the module's chromium)
from clubtools import new_table, organiser_token
from test_tournament import bot_game_of, push_game


CLUB = "Stats <club>"
XSS = "<script>alert('x')</script>"
SQL = "Robert'); DROP TABLE results;--"
AMP = 'Ana & "Beto"'
NAMES = [XSS, SQL, AMP, "Caro"]


@pytest.fixture(scope="module")
def club(club_server):
    s = club_server     # the module's club (CLUB) and its server: tests/club/conftest.py
    org = organiser_token(s)
    _, token = new_table(s, org, "table 1")
    for i in range(3):      # three games of the four, the seats turned each time
        seated = NAMES[i:] + NAMES[:i]
        push_game(s, token, "stats-%d" % i, bot_game_of(seated, seed=40 + i))
    return s


def get(server, name, query=""):
    """(status, content type, text) of the player's page."""
    url = server.url + "/players/" + urllib.parse.quote(name, safe="") + query
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.headers.get("content-type"), r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("content-type"), exc.read().decode()


def test_the_page_says_what_the_statistics_say_with_every_name_escaped(club):
    status, answer = club.call("GET", "/api/players/" + urllib.parse.quote(XSS, safe=""))
    assert status == 200 and answer["games"] == 3
    status, ctype, text = get(club, XSS)
    assert status == 200 and ctype.startswith("text/html")
    assert "<script>" not in text                       # the name is never markup
    assert "<h1>&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;</h1>" in text
    assert "<p>3 games, %d won" % answer["wins"] in text
    assert "By ruleset" in text and "By seat" in text and "Luck over time" in text
    assert text.count("<circle") == 3                    # one point a game on the luck line
    for other in (SQL, AMP, "Caro"):                     # every rival, linked to its own page
        href = '/players/%s"' % urllib.parse.quote(other, safe="")
        assert href in text, other
    assert "Ana &amp; &quot;Beto&quot;" in text
    status, _, text = get(club, SQL)
    assert status == 200 and "Robert&#x27;); DROP TABLE results;--" in text
    # the SQL in the name was a name: the results are all there
    status, again = club.call("GET", "/api/players/" + urllib.parse.quote(SQL, safe=""))
    assert status == 200 and again["games"] == 3 and len(again["rivals"]) == 3


def test_an_unknown_player_or_club_is_its_one_line_as_a_page(club):
    status, ctype, text = get(club, "<b>nobody</b>")
    assert status == 404 and ctype.startswith("text/html")
    assert "no player &#x27;&lt;b&gt;nobody&lt;/b&gt;&#x27; at this club" in text
    assert "<b>" not in text
    status, _, text = get(club, "Caro", "?club=" + urllib.parse.quote("<i>x</i>"))
    assert status == 404 and "no club &#x27;&lt;i&gt;x&lt;/i&gt;&#x27;" in text
    status, _, text = get(club, "x" * 300)
    assert status == 400 and "a name of at most" in text
    with urllib.request.urlopen(club.url + "/static/stats.css", timeout=10) as r:
        assert r.status == 200 and r.headers["content-type"].startswith("text/css")


def test_in_chromium_no_name_runs_and_the_page_reads_the_names(club, browser):  # noqa: F811
    dialogs = []
    page, errors = open_page(browser, club.url + "/players/" + urllib.parse.quote(AMP, safe=""))
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    assert page.inner_text("h1") == AMP
    assert XSS in page.inner_text(".rivals")              # the script's text, shown as text
    page.click(".rivals a >> nth=0")                      # a rival's link opens their page
    page.wait_for_load_state()
    assert page.inner_text("h1") in (XSS, SQL, "Caro")
    page.goto(club.url + "/players/" + urllib.parse.quote(XSS, safe=""))
    assert page.inner_text("h1") == XSS
    assert dialogs == [] and errors == []
    assert page.evaluate("getComputedStyle(document.body).margin") == "0px"   # stats.css applies
    page.close()
