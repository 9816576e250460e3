"""The page's words: the catalogue of one language as the JSON page.js reads, and the texts of
page.html marked for translation, for Babel's extraction.

page.html marks a text to translate with ``data-t`` (the element's text is the msgid) and its
attributes with ``data-ta="title,placeholder"`` (each named attribute's value is one); page.js and
input.js wrap theirs in ``T("...")``. All of them are msgids of the one ``comando`` catalogue
(babel.cfg), so the page and the terminal say a word the same way.
"""

from __future__ import annotations

from html.parser import HTMLParser

from comando import texts
from comando_host.text import lang


def page_texts(code: str) -> dict:
    """What ``GET /api/texts/CODE`` answers: the language, the ones there are (each in its own
    words, the switch's), and every text translated, {English: translation}."""
    lang.check(code)
    return {"lang": code, "langs": [[c, n] for c, n in zip(texts.LANGS, texts.NAMES)],
            "texts": lang.catalogue(code)}


class _Marked(HTMLParser):
    """The texts page.html marks: (line, text) in the order they appear."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list = []
        self._open: list = []   # [line, text so far] of each data-t element still open

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        line = self.getpos()[0]
        for name in (a.get("data-ta") or "").split(","):
            name = name.strip()
            if name and a.get(name):
                self.found.append((line, a[name]))
        if "data-t" in a:
            self._open.append([line, ""])

    def handle_data(self, data):
        if self._open:
            self._open[-1][1] += data

    def handle_endtag(self, tag):
        if self._open:
            line, text = self._open.pop()
            text = " ".join(text.split())
            if text:
                self.found.append((line, text))


def marked_texts(html: str) -> list:
    parser = _Marked()
    parser.feed(html)
    parser.close()
    return parser.found


def extract_html(fileobj, keywords, comment_tags, options):
    """A Babel extraction method (babel.cfg names it): page.html's marked texts."""
    html = fileobj.read().decode(options.get("encoding", "utf-8"))
    for line, text in marked_texts(html):
        yield line, None, text, []
