"""The catalogue of the games: what a page that lists the games reads of each
(of its metadata: id, title, designer, player counts, summary; the titles of
its walkthroughs), as data, so that listing them imports no game.

In the browser each game's own modules are a part fetched the first time one
is imported (app/wheel.py); listing the games from their classes, as the
registry gives them, would import every game's package and so fetch all five
parts on the home page. ``build.py`` writes the catalogue into the site's
wheel as FILE (buildtools/wheel.py), computed by `from_registry` from the game
packages as they are at build time: nothing is written by hand, and a new game
is listed by adding its folder. `games` reads that file, or, where there is
none (CPython, the tests), computes the same list from the registry.
tests/test_build.py checks that the built catalogue equals what the packages
say.
"""

from __future__ import annotations

import json
from typing import Any

# The catalogue's file in the site's wheel.
FILE = "app/catalogue.json"

# What a game's card reads of its metadata (app.render.game_card); the rest
# (options, bot levels) is for the game's own pages, which import the game.
LISTED = ("id", "title", "designer", "min_players", "max_players", "players_text", "summary")

Entry = dict[str, Any]  # {"meta": {LISTED of Game.metadata()}, "walkthroughs": [[name, title], ...]}

_READ: list[list[Entry]] = []


def from_registry() -> list[Entry]:
    """The catalogue from the game classes (imports every game), in catalogue
    order, as JSON reads it back (lists, not tuples)."""
    from coalitions.registry import all_games

    from . import render  # noqa: F401 (imports app.pages, which needs it first)
    from .pages import walkthrough_titles

    entries = []
    for game in all_games():
        fn = getattr(game, "walkthroughs", None)
        walkthroughs = (fn() if callable(fn) else None) or {}
        meta = game.metadata()
        entries.append({"meta": {key: meta[key] for key in LISTED}, "walkthroughs": walkthrough_titles(walkthroughs)})
    result: list[Entry] = json.loads(encode(entries))
    return result


def encode(entries: list[Entry]) -> bytes:
    """The catalogue's file: ``entries`` as JSON (UTF-8)."""
    return json.dumps(entries, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def games() -> list[Entry]:
    """The catalogue: the wheel's file (read once), else `from_registry`."""
    if not _READ:
        from .wheel import wheel_data

        data = wheel_data(FILE)
        if data is None:
            return from_registry()
        _READ.append(json.loads(data))
    return _READ[0]
