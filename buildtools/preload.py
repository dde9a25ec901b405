"""The start-up preloads of ``dist/index.html``: the files PyScript asks for
one after another once it has loaded (its chunks, its config, the game's
wheel named in that config and the entry script), asked for by the page's
head at once instead, so that a host's round trips overlap rather than add
up. Pyodide's own files are preloaded by ``index.html`` itself (their names
do not change); these carry hashes, so the build writes them in place of
the marker ``<!-- start-up preloads -->``."""

from __future__ import annotations

import re
from pathlib import Path

from .common import BuildError
from .sw import pyscript_start_files
from .wheel import site_wheel

MARKER = "<!-- start-up preloads -->"


def preloaded_files(site: Path) -> list[tuple[str, str]]:
    """(path relative to the site, kind) of each file to preload: ``module``
    for PyScript's modules, ``fetch`` for what it fetches."""
    config = (site / "pyscript.toml").read_text("utf-8")
    wheel = site_wheel(site).name
    if f'"./{wheel}"' not in config:
        raise BuildError(f"{site}/pyscript.toml does not name the wheel {wheel}")
    modules = [f"pyscript/{name}" for name in pyscript_start_files(site / "pyscript")
               if name.endswith(".js") and name != "core.js"]  # core.js: a script of the page already
    return [(path, "module") for path in modules] + [
        ("pyscript.toml", "fetch"), (wheel, "fetch"), ("py/main.py", "fetch")]


def preload_links(files: list[tuple[str, str]]) -> str:
    """The ``<link>`` elements for `preloaded_files`, one a line."""
    lines = []
    for path, kind in files:
        if kind == "module":
            lines.append(f'<link rel="modulepreload" href="./{path}">')
        else:  # PyScript's fetch(): CORS mode, same-origin credentials, as `crossorigin` says
            lines.append(f'<link rel="preload" href="./{path}" as="fetch" crossorigin="anonymous">')
    return "\n".join(lines)


def write_preloads(page: Path, site: Path) -> int:
    """Put the preloads into ``page`` (the site's index.html) in place of the
    marker, or in place of those written before; returns how many."""
    text = page.read_text("utf-8")
    files = preloaded_files(site)
    block = f"{MARKER}\n{preload_links(files)}\n<!-- /start-up preloads -->"
    written = re.compile(re.escape(MARKER) + r"(?:\n.*?<!-- /start-up preloads -->)?", re.S)
    if len(written.findall(text)) != 1:
        raise BuildError(f"{page}: expected one {MARKER!r}")
    page.write_text(written.sub(lambda _match: block, text), "utf-8")
    return len(files)
