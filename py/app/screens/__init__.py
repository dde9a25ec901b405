"""One module per screen. `screen_for(app, route)` gives a route its screen;
a screen's module is imported the first time it is needed, so that start-up
loads only the screen the page opens on."""

from __future__ import annotations

import importlib
from typing import Any

from .base import FramedScreen, NotFoundScreen, Screen

SCREENS = {
    "home": ("home", "HomeScreen"),
    "new": ("newgame", "NewGameScreen"),
    "play": ("play", "PlayScreen"),
    "review": ("review", "ReviewScreen"),
    "settings": ("settings", "SettingsScreen"),
    "rules": ("rules", "RulesScreen"),
    "walkthrough": ("walkthrough", "WalkthroughScreen"),
    "author": ("author", "AuthorScreen"),
}


def screen_for(app: Any, route: Any, framed: bool = False) -> Screen:
    if framed and not route.embed:
        return FramedScreen(app, route)
    if route.name == "shared":
        return importlib.import_module(f"{__name__}.shared").open_shared(app, route)
    found = SCREENS.get(route.name)
    if found is None:
        return NotFoundScreen(app, route)
    module, name = found
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)(app, route)
