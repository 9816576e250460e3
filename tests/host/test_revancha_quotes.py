"""Every rule La Revancha's refusals quote is the rulebook's own words: each fragment of each
quote (the parts between "...") is found, whitespace-normalised, in
/work/shared/rules/teg-la-revancha.txt (the checkout's ../shared/rules)."""

import os
import re

from comando.rulesets.revancha import quotes as words

BOOK = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "rules",
                    "teg-la-revancha.txt")


def _text():
    with open(BOOK, encoding="utf-8") as f:
        # (the book's en dashes are hyphens in the quotes: the device's font has no en dash)
        return " ".join(f.read().replace("\u2013", "-").split())


def _fragments(quote):
    return [" ".join(x.split()).strip(" .,\"") for x in quote.split("...") if x.strip(" .,\"")]


def test_every_quote_and_section_is_in_the_rulebook():
    text = _text()
    # (quotes.txt, beside the module: what a refusal reads)
    quotes = [q for _sec, q in words.quotes().values()]
    sections = [sec for sec, _q in words.quotes().values()]
    assert len(quotes) >= 27 and len(words.sections()) >= 13   # (the ones the code asks for)
    for cited in words.sections().values():
        m = re.match(r'^(.*?): "(.*)"$', cited)
        if m:
            sections.append(m.group(1))
            quotes.append(m.group(2))
        else:
            sections.append(cited)
    for q in quotes:
        for frag in _fragments(q.replace("\\'", "'")):
            assert frag in text, (q, frag)
    for sec in sections:
        assert sec.split(", ")[0] in text, sec
