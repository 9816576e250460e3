"""The rulebook quotes the rule tests cite (issue 13, "each with its rulebook quote in a test") are
the rulebooks' own words: each is found, whitespace-normalised, in /work/shared/rules/<book>
(the checkout's ../shared/rules)."""

import os

import pytest

from test_engine_rules_read_right import QUOTES

RULES = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "rules")


def _text(book):
    with open(os.path.join(RULES, book), encoding="utf-8") as f:
        return " ".join(f.read().split())


@pytest.mark.parametrize("book", sorted(QUOTES))
def test_every_quote_is_in_its_rulebook(book):
    text = _text(book)
    for quote in QUOTES[book]:
        assert " ".join(quote.split()) in text, (book, quote)


def test_the_war_card_refusal_no_longer_cites_teg():
    """The old refusal quoted T.E.G. ("trade-in before a sixth card") for a WAR game; WAR's own
    rules (Card Conquest) give the card."""
    assert "sixth" not in _text("war.txt") and "6th" not in _text("war.txt")
