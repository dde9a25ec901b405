"""The pages readable before Python starts: the home page and each game's
rules page, drawn at build time by the app's own renderers (``app.pages``)
under CPython.  The home page goes into ``index.html`` as
``<template data-page="home">``; each rules page into a file of its own,
``pages/rules-<game>.html`` (the markup alone), which a first visit fetches
only if it shows that page.  The inline script after ``<main>`` puts the page
the address asks for into ``<main id="app">``: the home page before the first
paint, a rules page as soon as its file arrives (if Python has not drawn and
nothing else was asked for meanwhile); static/boot.js does the same on a link
followed before Python is ready; Python's first drawing of the same page then
patches that markup in place (static/patch.js), so nothing flashes and nothing
is drawn twice.  The service worker precaches the rules pages' files
(buildtools/sw.py) once the first screen is drawn, so they open offline.

Also the number of bytes the page downloads to start (``data-download-bytes``
on the loading panel), from which static/boot.js shows its progress.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .common import PY_SRC, BuildError

PAGES_MARKER = "<!-- prerendered pages -->"
# The folder of the pages fetched when shown (the rules pages), in the site.
PAGES_DIR = "pages"
# The page index.html carries inline; every other one is a file in PAGES_DIR.
INLINE_PAGE = "home"
BYTES_MARKER = "{download-bytes}"

# What the inline script says on the home page of a browser holding saves,
# until Python lists them.
EMPTY_SAVES = '<p class="empty" data-saves-empty>'


def _app_modules():
    """app.pages and the registry, imported from py/ (the rules package and
    the app's pure-Python modules import nothing from the browser)."""
    path = str(PY_SRC)
    if path not in sys.path:
        sys.path.insert(0, path)
    from app import render  # noqa: F401 (app.render imports app.pages at its end)
    from app import catalogue, pages
    from coalitions.registry import all_games

    return pages, catalogue, all_games


def page_key(name: str, *args: str) -> str:
    """The key of a page: "home", "rules/<game>" (as the inline script derives it from the address)."""
    return "/".join((name, *args))


def prerendered_pages() -> dict[str, str]:
    """{key: HTML} of every page drawn at build time."""
    pages, catalogue, all_games = _app_modules()
    games = all_games()
    walkthroughs = {game.id: (getattr(game, "walkthroughs", None) or dict)() or {} for game in games}
    home = pages.home_page(catalogue.from_registry(), [])
    # Importing a file needs Python: the field is off until Python draws the page (without the flag).
    field = 'data-ui="import"'
    if home.count(field) != 1 or home.count(EMPTY_SAVES) != 1:
        raise BuildError("app.pages.home_page changed: update buildtools/prerender.py")
    out = {"home": home.replace(field, field + " disabled", 1)}
    for game in games:
        out[page_key("rules", game.id)] = pages.rules_html(game, walkthroughs[game.id])
    return out


def games_catalogue() -> tuple[str, bytes]:
    """(its file in the wheel, its bytes) of the games' catalogue
    (``app/catalogue.py``), computed from the game packages now."""
    _, catalogue, _ = _app_modules()
    return catalogue.FILE, catalogue.encode(catalogue.from_registry())


def checked(html: str) -> str:
    """``html`` if it can go into a template or be put in the page as it is:
    it holds no ``<script>`` and cannot close a template."""
    if "<script" in html.lower() or "</template" in html.lower():
        raise BuildError("a prerendered page holds a <script> or </template>")
    return html


def page_file(key: str) -> str:
    """The file of the page ``key`` in the site: "rules/<game>" is
    "pages/rules-<game>.html" (as the inline script derives it from the address)."""
    return f"{PAGES_DIR}/{key.replace('/', '-')}.html"


def insert_pages(page: str, pages: dict[str, str]) -> str:
    """index.html's text with the home page's template in place of its marker."""
    if page.count(PAGES_MARKER) != 1:
        raise BuildError(f"index.html: expected {PAGES_MARKER} once")
    return page.replace(PAGES_MARKER, f'<template data-page="{INLINE_PAGE}">{checked(pages[INLINE_PAGE])}</template>')


def write_pages(site: Path, pages: dict[str, str]) -> list[str]:
    """Write each page but the home page to its file (:func:`page_file`) in
    ``site``; returns their paths in the site."""
    written = []
    for key, html in pages.items():
        if key != INLINE_PAGE:
            path = site / page_file(key)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(checked(html), "utf-8")
            written.append(page_file(key))
    return written


def download_bytes(site: Path, files: list[str]) -> int:
    """The size of the Python runtime: of the files the page needs to start
    (``files``, the service worker's list), all but the page and its
    ``static/`` files, which it has before the runtime starts downloading, and
    the pages fetched when shown (``pages/``)."""
    return sum((site / name).stat().st_size for name in files
               if name != "index.html" and not name.startswith(("static/", f"{PAGES_DIR}/")))


def stamp(index: Path, marker: str, value: str) -> None:
    """Write ``value`` over ``marker``, which the page must hold once (values
    known only late in the build: outside any inline script, whose hash the
    page's policy already holds)."""
    text = index.read_text("utf-8")
    if text.count(marker) != 1:
        raise BuildError(f"index.html: expected {marker} once")
    index.write_text(text.replace(marker, value), "utf-8")
