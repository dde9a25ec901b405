"""One module per screen. `screen_for(app, route)` gives a route its screen."""

from __future__ import annotations

from typing import Any

from .base import FramedScreen, NotFoundScreen, Screen
from .home import HomeScreen
from .newgame import NewGameScreen
from .play import PlayScreen
from .rules import RulesScreen
from .shared import open_shared
from .walkthrough import WalkthroughScreen

SCREENS = {
    "home": HomeScreen,
    "new": NewGameScreen,
    "play": PlayScreen,
    "rules": RulesScreen,
    "walkthrough": WalkthroughScreen,
}


def screen_for(app: Any, route: Any, framed: bool = False) -> Screen:
    if framed and not route.embed:
        return FramedScreen(app, route)
    if route.name == "shared":
        return open_shared(app, route)
    return SCREENS.get(route.name, NotFoundScreen)(app, route)
