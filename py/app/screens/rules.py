"""A game's rules page: the rules in plain words, every interpretation, the
walkthroughs."""

from __future__ import annotations

from coalitions.core.errors import CoalitionsError
from coalitions.registry import get_game

from .. import dom, render
from .base import Screen


class RulesScreen(Screen):
    name = "rules"

    def show(self) -> None:
        try:
            game = get_game(self.route.args[0])
        except CoalitionsError as exc:
            self.problem("Unknown game", str(exc))
            return
        wts = [(name, rec.get("title") or name) for name, rec in self.app.walkthroughs(game).items()]
        fn = getattr(game, "guide", None)
        dom.paint(render.rules_page(game.metadata(), fn() if callable(fn) else None, wts))
        dom.set_screen("rules")
