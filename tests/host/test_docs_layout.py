"""The docs stay a guide a newcomer can use (issue 27): the README short, docs/architecture.md a
map, every link between the pages resolving, every decision file in the same shape.

The layout itself is told in docs/architecture.md, "Conventions of the docs"."""

import os
import re

from micropython_tools import ROOT

README_MAX = 250
ARCHITECTURE_MAX = 400
# The rulebooks a decision may name (/work/shared/rules/, as the tests cite them).
RULEBOOKS = ("teg-classic.txt", "teg-la-revancha.txt", "war.txt", "risk-online-12-maps.txt",
             "teg-ii.txt")
NO_PASSAGE = "no rulebook passage"

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def _lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")


def _doc_pages():
    """README.md, bench/README.md and every .md under docs/: the pages a reader moves between."""
    pages = [os.path.join(ROOT, "README.md"), os.path.join(ROOT, "bench", "README.md")]
    for top, dirs, files in os.walk(os.path.join(ROOT, "docs")):
        dirs.sort()
        pages += [os.path.join(top, f) for f in sorted(files) if f.endswith(".md")]
    return pages


def _prose(path):
    """The page's lines outside fenced code blocks (a shell example is not a link)."""
    out, fenced = [], False
    for line in _lines(path):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            out.append(line)
    return out


def _slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`|\*|_(?=\W)|(?<=\W)_", "", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(path):
    seen, anchors = {}, set()
    for line in _prose(path):
        m = HEADING.match(line)
        if not m:
            continue
        base = _slug(m.group(2))
        n = seen.get(base, 0)
        seen[base] = n + 1
        anchors.add(base if n == 0 else "%s-%d" % (base, n))
    return anchors


def _links(path):
    for number, line in enumerate(_prose(path), 1):
        for m in LINK.finditer(line):
            target = m.group(1) or m.group(2)
            if re.match(r"[a-z][a-z0-9+.-]*:", target):   # http:, https:, mailto:
                continue
            yield number, target


def test_readme_is_a_short_guide():
    n = len(_lines(os.path.join(ROOT, "README.md")))
    assert n <= README_MAX, "README.md has %d lines (at most %d)" % (n, README_MAX)


def test_architecture_is_a_map():
    n = len(_lines(os.path.join(ROOT, "docs", "architecture.md")))
    assert n <= ARCHITECTURE_MAX, "docs/architecture.md has %d lines (at most %d)" % (
        n, ARCHITECTURE_MAX)


def test_every_relative_link_resolves():
    """Every file and heading a page links to exists (README, bench/README.md, docs/**)."""
    problems, checked = [], 0
    for page in _doc_pages():
        here = os.path.dirname(page)
        for number, target in _links(page):
            checked += 1
            path, _, anchor = target.partition("#")
            full = os.path.normpath(os.path.join(here, path)) if path else page
            where = "%s:%d: %s" % (os.path.relpath(page, ROOT), number, target)
            if not os.path.exists(full):
                problems.append(where + " (no such file)")
            elif anchor and full.endswith(".md") and anchor not in _anchors(full):
                problems.append(where + " (no such heading)")
    assert checked > 100, checked
    assert not problems, "\n".join(problems)


def test_the_readme_links_every_game_guide():
    """A player finds each game's guide from the README (the ids of the rulesets registry)."""
    text = "\n".join(_lines(os.path.join(ROOT, "README.md")))
    for rid in ("teg", "revancha", "war", "risk", "teg2"):
        assert os.path.exists(os.path.join(ROOT, "docs", "games", rid + ".md")), rid
        assert "docs/games/%s.md" % rid in text, rid


def test_every_decision_has_a_title_and_names_its_rulebook():
    folder = os.path.join(ROOT, "docs", "decisions")
    names = sorted(f for f in os.listdir(folder) if f.endswith(".md") and f != "README.md")
    assert len(names) >= 50, names
    problems = []
    for name in names:
        lines = _lines(os.path.join(folder, name))
        if not re.match(r"# \S", lines[0]):
            problems.append("%s: the first line is not a title ('# ...')" % name)
        text = "\n".join(lines)
        if not any(book in text for book in RULEBOOKS) and NO_PASSAGE not in text.lower():
            problems.append("%s: names no rulebook and does not say %r" % (name, NO_PASSAGE))
    assert not problems, "\n".join(problems)


def test_the_decisions_index_lists_files_that_exist():
    index = os.path.join(ROOT, "docs", "decisions", "README.md")
    listed = [t for _n, t in _links(index) if t.endswith(".md")]
    assert len(listed) >= 50, listed
    for target in listed:
        assert os.path.exists(os.path.join(os.path.dirname(index), target)), target
