"""A game's rules page: the rules in plain words, every interpretation, the
walkthroughs."""

from __future__ import annotations

from coalitions.core.errors import CoalitionsError
from coalitions.registry import get_game

from .. import dom
from ..pages import rules_html
from .base import Screen


class RulesScreen(Screen):
    name = "rules"

    def show(self) -> None:
        try:
            game = get_game(self.route.args[0])
        except CoalitionsError as exc:
            self.problem("Unknown game", str(exc))
            return
        last = self.app.last_game
        back = last[1] if last is not None and last[0] == game.id else None  # came from a table: the way back
        dom.paint(rules_html(game, self.app.walkthroughs(game), back))
        dom.set_screen("rules")
