"""The catalogues' check: every text of the template in every language, with the same format
fields (``%s``, ``%(name)d``, ``{name}``) as its English, nothing fuzzy or left empty.

Run by ``make lang-check`` (``python -m comando_host.text.catalogues``), by setup.py before it
compiles the ``.mo`` of a wheel, and by tests/host/test_catalogues.py: a catalogue that would say
a text wrongly fails the build, never a player's game. Needs Babel (the test and build deps).
"""

from __future__ import annotations

import os
import re
import sys

FIELD = re.compile(r"%(?:\([A-Za-z_]\w*\))?[-+ #0]*\d*(?:\.\d+)?[sdifrx%]|\{[A-Za-z_]\w*\}")
TEMPLATE = "comando.pot"


def fields(text: str) -> list:
    """The format fields of ``text``, sorted ("%%" is a percent sign, no field)."""
    return sorted(f for f in FIELD.findall(text) if f != "%%")


def _read(path):
    import contextlib
    import io

    from babel.messages.pofile import read_po
    # Babel prints a warning for each plural of a template (no language, so no plural count)
    with open(path, "rb") as f, contextlib.redirect_stdout(io.StringIO()):
        return read_po(f)


def languages(locale_dir: str) -> list:
    return sorted(d for d in os.listdir(locale_dir)
                  if os.path.exists(os.path.join(locale_dir, d, "LC_MESSAGES", "comando.po")))


def problems(locale_dir: str, template=None) -> list:
    """One line per problem; [] when every language says every text of the template."""
    pot = template if template is not None else _read(os.path.join(locale_dir, TEMPLATE))
    out = []
    for code in languages(locale_dir):
        path = os.path.join(locale_dir, code, "LC_MESSAGES", "comando.po")
        po = _read(path)
        for msg in pot:
            if not msg.id:
                continue
            ids = msg.id if isinstance(msg.id, (list, tuple)) else (msg.id,)
            got = po.get(msg.id, msg.context)
            if got is None or not got.string or not any(got.string if isinstance(got.string, (list, tuple)) else (got.string,)):
                out.append("%s: %r is not translated" % (code, ids[0]))  # english: the build's check, a developer's
                continue
            if got.fuzzy:
                out.append("%s: %r is marked fuzzy (check it, then drop the mark)" % (code, ids[0]))  # english: build check
            strings = got.string if isinstance(got.string, (list, tuple)) else (got.string,)
            for i, s in enumerate(strings):
                english = ids[min(i, len(ids) - 1)]
                if not s:
                    out.append("%s: %r has an empty plural form %d" % (code, ids[0], i))  # english: build check
                elif fields(s) != fields(english) and not (len(ids) > 1 and i == 0 and
                                                           set(fields(s)) <= set(fields(ids[1]))):
                    out.append("%s: %r has the fields %s, English %s" % (  # english: the build's check, a developer's
                        code, ids[0], " ".join(fields(s)) or "none", " ".join(fields(english)) or "none"))
        for msg in po:
            if msg.id and pot.get(msg.id, msg.context) is None:
                key = msg.id[0] if isinstance(msg.id, (list, tuple)) else msg.id
                out.append("%s: %r is not in the template (make catalogues)" % (code, key))  # english: build check
    return out


def main(argv=None) -> int:
    here = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")
    found = problems(here)
    for line in found:
        print("catalogues: " + line, file=sys.stderr)
    if found:
        return 1
    print("catalogues: %s say every text of %s" % (", ".join(languages(here)), TEMPLATE))  # english: build check
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
