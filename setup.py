"""The wheel's data: pyproject.toml says everything else (setuptools reads both).

build_py compiles the laptop's catalogues (host/comando_host/locale/<code>/LC_MESSAGES/comando.po)
into the wheel's .mo beside each .po, after the catalogues' check (comando_host.text.catalogues:
a text missing or a format field wrong fails the build); an editable install compiles nothing,
the checkout's .po are compiled on first use into the user's cache (comando_host.text.lang).

build_py also copies what the commands read besides the two packages' code into the wheel's
comando_host/share/, laid out as in the checkout (comando_host.resources finds it there): the
boards and their layouts, the device's code (firmware/: main.py, the manifests, lib/comando,
lib/device) and the enclosure's STL. MANIFEST.in puts the same files in the sdist, so a wheel
built from the sdist is the same (tests/host/test_install.py checks both).
"""

import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

# (folder of the checkout, the file endings taken from it and its subfolders)
SHARE = (
    ("boards", (".json",)),
    ("firmware", (".py", ".txt")),
    ("hardware/stl", (".stl",)),
)


def share_files(top="."):
    """The checkout's files the wheel's comando_host/share/ holds, as paths relative to ``top``."""
    out = []
    for folder, ends in SHARE:
        for dirpath, dirs, names in os.walk(os.path.join(top, folder)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            out += [os.path.relpath(os.path.join(dirpath, n), top) for n in sorted(names)
                    if n.endswith(ends)]
    return out


def compile_catalogues(build_lib):
    """Each comando.po of the checkout compiled into build_lib's comando_host/locale, once the
    check finds every text in every language with its format fields."""
    import sys
    sys.path.insert(0, "host")
    try:
        from comando_host.text import catalogues
    finally:
        sys.path.pop(0)
    here = os.path.join("host", "comando_host", "locale")
    problems = catalogues.problems(here)
    if problems:
        raise SystemExit("setup.py: the catalogues are not ready (make lang-check):\n  "
                         + "\n  ".join(problems))
    from babel.messages.mofile import write_mo
    for code in catalogues.languages(here):
        po = os.path.join(here, code, "LC_MESSAGES", "comando.po")
        mo = os.path.join(build_lib, "comando_host", "locale", code, "LC_MESSAGES", "comando.mo")
        os.makedirs(os.path.dirname(mo), exist_ok=True)
        with open(mo, "wb") as f:
            write_mo(f, catalogues._read(po))


class build_py_with_share(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return   # an editable install reads the checkout itself
        compile_catalogues(self.build_lib)
        dest = os.path.join(self.build_lib, "comando_host", "share")
        if os.path.isdir(dest):
            shutil.rmtree(dest)   # no file a previous build left behind
        files = share_files()
        if not any(f.endswith("main.py") for f in files):
            raise SystemExit("setup.py: no firmware/main.py here: build from the checkout or its sdist")
        for rel in files:
            target = os.path.join(dest, rel)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(rel, target)


setup(cmdclass={"build_py": build_py_with_share}, scripts=["host/scripts/comando"])
