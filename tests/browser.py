"""The real headless browser for the live page's tests and bench: Debian's chromium (apt; .ci/run
installs it) driven by playwright, which cannot download a browser of its own here.

``need_browser()`` skips a test on a developer machine without chromium, and FAILS it under CI
(CI=true), where every test must run. ``same_picture`` is the tolerant pixel comparison of a
screenshot with its committed golden (tests/golden/web/); COMANDO_UPDATE_GOLDEN=1 rewrites them.
"""

import os
import shutil

import pytest

CHROMIUM = os.environ.get("COMANDO_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--font-render-hinting=none", "--hide-scrollbars",
        "--force-color-profile=srgb", "--disable-lcd-text"]
GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden", "web")


def browser_missing():
    if not os.path.exists(CHROMIUM):
        return f"chromium is not installed ({CHROMIUM}; apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    return None


def need_browser():
    why = browser_missing()
    if why:
        if os.environ.get("CI"):
            pytest.fail(why + ": CI must run the browser tests (.ci/run installs chromium)")
        pytest.skip(why)


def launch(p):
    return p.chromium.launch(executable_path=CHROMIUM, args=ARGS)


def same_picture(png: bytes, name: str, max_bad=0.004, tol=48):
    """(ok, text): the share of pixels differing by more than ``tol`` in some channel must be at
    most ``max_bad`` (antialiasing and font hinting move a few edge pixels between machines)."""
    import io

    from PIL import Image, ImageChops
    path = os.path.join(GOLDEN, name)
    if os.environ.get("COMANDO_UPDATE_GOLDEN") or not os.path.exists(path):
        if not os.environ.get("COMANDO_UPDATE_GOLDEN") and os.environ.get("CI"):
            return False, f"{path} is missing (COMANDO_UPDATE_GOLDEN=1 writes it)"
        os.makedirs(GOLDEN, exist_ok=True)
        with open(path, "wb") as f:
            f.write(png)
        return True, f"wrote {path}"
    new = Image.open(io.BytesIO(png)).convert("RGB")
    old = Image.open(path).convert("RGB")
    if new.size != old.size:
        return False, f"{name}: size {new.size} != golden {old.size}"
    r, g, b = ImageChops.difference(new, old).split()
    most = ImageChops.lighter(ImageChops.lighter(r, g), b)   # the largest channel difference
    diff = most.point(lambda v: 255 if v > tol else 0)
    bad = sum(diff.histogram()[255:]) / (new.size[0] * new.size[1])
    if bad > max_bad:
        new.save(path.replace(".png", ".new.png"))
        return False, (f"{name}: {bad:.2%} of pixels differ (at most {max_bad:.2%}); the new "
                       f"picture is {path.replace('.png', '.new.png')}")
    return True, f"{name}: {bad:.3%} of pixels differ"


VIEWPORT = {"width": 1440, "height": 960}


@pytest.fixture(scope="module")
def browser():
    """One chromium per test module (import this fixture into the module)."""
    need_browser()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


def open_page(browser, url):
    """A page at ``url`` and the list its script errors are collected into."""
    page = browser.new_page(viewport=VIEWPORT)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page, errors
