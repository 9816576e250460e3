"""Where the commands find what they read besides code: the boards and their layouts, the
device's code (firmware/: main.py, the manifests, lib/comando and lib/device) and the enclosure's
STL, under one root laid out like the source checkout:

- an installed package (a wheel: pip, pipx): ``comando_host/share/``, found as a package
  resource (importlib.resources); setup.py's build_py copies the checkout's files there;
- a source checkout (``pip install -e .``, make venv): the checkout itself.

``COMANDO_BOARDS`` still overrides the boards (comando.board_files looks there first). What the
commands write (the simulated device's journal, a deploy's bundle) goes under build/ in a
checkout and under the user's data and cache folders (platformdirs) for an installed package.
``damaged()`` names an installed file that is missing or cut short (the wheel's RECORD).
"""

import os

# What a player types to mend an installed package (cli.main prints it with what is wrong).
REINSTALL = ("reinstall it: pipx reinstall comando, or pip install --force-reinstall "
             "comando-VERSION-py3-none-any.whl")
_HERE = os.path.dirname(os.path.abspath(__file__))   # .../comando_host


def share_root() -> str | None:
    """The installed package's data folder, or None (a source checkout has none)."""
    # (the package's own folder: a wheel installs as files, never zipped; importlib.resources
    # would cost every command ~12 ms of imports at start)
    share = os.path.join(_HERE, "share")
    return share if os.path.isdir(share) else None


def checkout_root() -> str | None:
    """The source checkout this module runs from (host/comando_host/ beside firmware/), or None."""
    root = os.path.dirname(os.path.dirname(_HERE))
    if os.path.isfile(os.path.join(root, "firmware", "main.py")) and \
            os.path.basename(os.path.dirname(_HERE)) == "host":
        return root
    return None


def root() -> str:
    """The folder holding boards/, firmware/ and hardware/stl/: the installed package's data,
    else the checkout. Never raises (a module may compute paths from it when imported): when
    neither is there, the checkout's place, so the file that is missing is named when opened
    (and cli.main's ``damaged()`` check names it first for an installed package)."""
    return share_root() or checkout_root() or os.path.dirname(os.path.dirname(_HERE))


def installed() -> bool:
    """True when running from an installed package rather than a source checkout."""
    return share_root() is not None


def boards() -> str:
    """The shipped boards (with layout/): $COMANDO_BOARDS when set, else the package's."""
    return os.environ.get("COMANDO_BOARDS") or os.path.join(root(), "boards")


def work_dir(name: str, cache: bool = False, checkout: str = "build") -> str:
    """Where a command keeps ``name`` between runs: build/NAME (CHECKOUT/NAME) in a checkout; in an installed
    package the user's data folder (a device's journal) or, with ``cache``, cache folder (a
    bundle built again when needed). The folder is not created here."""
    if not installed():
        return os.path.join(root(), checkout, name)
    import platformdirs
    base = (platformdirs.user_cache_dir if cache else platformdirs.user_data_dir)("comando",
                                                                                  appauthor=False)
    return os.path.join(base, name)


def version() -> str:
    """The package's version, from its metadata (the one source: pyproject reads it from
    comando.__version__); the module's own when the package is not installed at all."""
    from importlib import metadata
    try:
        return metadata.version("comando")
    except metadata.PackageNotFoundError:
        from comando import __version__
        return __version__


def damaged(modules: bool = True) -> str | None:
    """The first file of the installed package that is missing or not the size the wheel gave
    it (the installer's RECORD), as "PATH is missing" / "PATH is damaged (...)"; None when all
    are whole or this is a source checkout (git keeps that one). ``modules=False`` checks the
    data files only (boards, texts, catalogues, the device's files): a command reads those
    without failing when they are cut short, while a lost or cut module fails at its import or
    its first use, and the command line checks the modules then (cli.main): every command pays
    the data check at start (issue 28), so its loop is kept tight."""
    share = share_root()
    if share is None:
        return None
    site = os.path.dirname(os.path.dirname(share))          # .../site-packages
    stat = os.stat
    for path, size in _record(site):
        if not modules and path.endswith(".py"):
            continue
        try:
            have = stat(path).st_size
        except OSError:
            return "%s is missing" % path
        if size is not None and have != size:
            return "%s is damaged (%d bytes, the package has %d)" % (path, have, size)
    return None


def _record(site: str) -> list:
    """[(path, size or None)] of each file of the comando and comando_host packages that the
    installer's RECORD (the wheel format's CSV: path, hash, size) lists. Read here, not with
    importlib.metadata, whose imports (email...) would add ~40 ms to every command, nor with
    csv (it imports re: issue 28): a line is cut at its commas unless it has a quote (csv's
    quoting of a path holding a comma or a quote), which csv reads."""
    out = []
    for name in os.listdir(site):
        if not (name.startswith("comando-") and name.endswith(".dist-info")):
            continue
        try:
            with open(os.path.join(site, name, "RECORD"), newline="", encoding="utf-8") as f:
                text = f.read()
        except OSError:
            continue   # no RECORD: nothing to check against
        head = site + os.sep
        # (~800 lines, half of them the installer's .pyc: one comprehension drops those)
        for line in [line for line in text.splitlines()
                     if line.startswith(_OURS) and "__pycache__" not in line]:
            if '"' in line:
                import csv
                row = next(csv.reader([line]), [])
                if row[0].split("/", 1)[0] not in _PACKAGES:
                    continue
                path, size = row[0], row[2] if len(row) > 2 else ""
            else:
                path, _, rest = line.partition(",")
                size = rest.partition(",")[2]
            out.append((head + path.replace("/", os.sep), int(size) if size.isdigit() else None))
    return out


_PACKAGES = ("comando", "comando_host")
_OURS = ("comando/", "comando_host/", '"comando')   # (a quoted path starts with its quote)
