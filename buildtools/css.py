"""The site's one stylesheet, ``static/app.css``, written from its sources.

``static/css/base.css`` holds what every page and every game's table share;
``static/css/games/<game-id>.css`` the rules of one game's table.  The build
writes them, base first and then the games in name order, into one file (one
request, as the page links it), each part after a ``/* css/... */`` comment.
A new game adds its sheet under ``static/css/games/`` and touches nothing else.
The sources are not copied into ``dist/``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from .common import IGNORED_NAMES, STATIC_SRC, BuildError, require

STYLESHEET = "app.css"  # written into dist/static/, linked by index.html
CSS_DIR = "css"  # the sources, under static/
BASE_SHEET = "base.css"
GAME_SHEETS = "games"


def stylesheet_sources(static: Path = STATIC_SRC) -> list[Path]:
    """``css/base.css``, then every ``css/games/*.css`` in name order."""
    css = static / CSS_DIR
    base = require(css / BASE_SHEET, "the shared stylesheet")
    return [base, *sorted((css / GAME_SHEETS).glob("*.css"), key=lambda path: path.name)]


def stylesheet_text(static: Path = STATIC_SRC) -> str:
    """The sources of :func:`stylesheet_sources` joined, each after a comment naming it."""
    parts = []
    for path in stylesheet_sources(static):
        name = path.relative_to(static).as_posix()
        parts.append(f"/* {name} */\n{path.read_text('utf-8').strip()}\n")
    return "\n".join(parts)


def copy_static(out: Path, static: Path = STATIC_SRC) -> Path:
    """Copy ``static/`` into ``out/static`` without the stylesheet's sources,
    and write ``out/static/app.css`` from them; returns that file."""
    if (static / STYLESHEET).exists():
        raise BuildError(f"{static / STYLESHEET} is written by the build: put its rules in "
                         f"{static / CSS_DIR / BASE_SHEET} or {static / CSS_DIR / GAME_SHEETS}/<game-id>.css")
    text = stylesheet_text(static)
    target = out / "static"
    shutil.copytree(static, target, ignore=_ignore_css_sources(static))
    (target / STYLESHEET).write_text(text, "utf-8")
    return target / STYLESHEET


def _ignore_css_sources(static: Path):
    def ignore(folder: str, names: list[str]) -> set[str]:
        skipped = set(IGNORED_NAMES(folder, names))
        if Path(folder) == static:
            skipped.add(CSS_DIR)
        return skipped
    return ignore
