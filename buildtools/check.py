"""The off-site URL scan of a built site (``python build.py check``)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from .common import DIST

TEXT_SUFFIXES = {".html", ".htm", ".css", ".js", ".mjs", ".json", ".toml", ".py", ".txt", ".svg", ".webmanifest"}
URL = re.compile(r"""https?://[^\s"'`<>()\\]+""")
# What comes right before a URL that a browser (or our Python) would request.
FETCH_CONTEXT = {
    ".html": r"""(?:\bsrc\s*=\s*|<link\b[^>]*\bhref\s*=\s*|url\(\s*|@import\s+|\bimport\(\s*|\bfrom\s+|\bfetch\(\s*)""",
    ".css": r"""(?:url\(\s*|@import\s+)""",
    ".js": r"""(?:\bimport\(\s*|\bfrom\s+|\bimport\s+|\bfetch\(\s*|new\s+(?:Worker|URL)\(\s*)""",
    ".py": r"""(?:fetch\(\s*|open_url\(\s*|install\(\s*|loadPackage\(\s*|import_module\(\s*)""",
    ".toml": r"",  # any URL in the PyScript config is loaded
    ".webmanifest": r"",
    ".json": r"",
}
FETCH_CONTEXT[".htm"] = FETCH_CONTEXT[".html"]
FETCH_CONTEXT[".mjs"] = FETCH_CONTEXT[".js"]
HARMLESS = re.compile(r"^https?://www\.w3\.org/")
VENDOR_DIRS = ("pyscript/", "pyodide/")


def _text_sources(dist: Path):
    for path in sorted(dist.rglob("*")):
        rel = path.relative_to(dist).as_posix()
        if path.suffix in TEXT_SUFFIXES:
            yield rel, path.suffix, path.read_text("utf-8", errors="replace")
        elif path.suffix == ".whl" and not rel.startswith(VENDOR_DIRS):
            with zipfile.ZipFile(path) as archive:
                for name in archive.namelist():
                    suffix = Path(name).suffix
                    if suffix in TEXT_SUFFIXES:
                        yield f"{rel}!{name}", suffix, archive.read(name).decode("utf-8", "replace")


def check_urls(dist: Path = DIST) -> tuple[list[str], list[str]]:
    """Scan dist/ for absolute http(s) URLs.

    Returns ``(problems, notes)``.  Problems are URLs in our own files placed
    where they would be requested (``src=``, a stylesheet, ``url(...)``, an
    import or fetch, any value in the PyScript config).  Notes are the other
    mentions: links for people, and defaults inside the vendored Pyodide and
    PyScript bundles, which are not requested since the config names the local
    interpreter.  The browser test checks the requests actually made.
    """
    problems, notes = [], []
    for rel, suffix, text in _text_sources(dist):
        context = None if rel.startswith(VENDOR_DIRS) else FETCH_CONTEXT.get(suffix)
        fetching = re.compile(context + r"""["'`]?$""", re.IGNORECASE) if context is not None else None
        for match in URL.finditer(text):
            url = match.group(0)
            if HARMLESS.match(url):
                continue
            before = text[max(0, match.start() - 200):match.start()]
            bad = fetching is not None and (context == "" or fetching.search(before))
            (problems if bad else notes).append(f"{rel}: {url}")
    return problems, notes


def report(dist: Path = DIST, verbose: bool = False) -> int:
    """Print the scan's findings (``python build.py check``); 1 if anything is fetched off-site."""
    problems, notes = check_urls(dist)
    if verbose:
        for note in notes:
            print(f"note: {note}")
    for problem in problems:
        print(f"FETCHES ANOTHER ORIGIN: {problem}")
    print(f"{len(problems)} off-site fetches, {len(notes)} other off-site mentions "
          f"(defaults in vendored bundles, links)")
    return 1 if problems else 0
