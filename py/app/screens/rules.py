"""A game's rules page: the rules in plain words, every interpretation, the
walkthroughs."""

from __future__ import annotations

from coalitions.core.errors import CoalitionsError
from coalitions.registry import get_game

from .. import dom, routes
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
        dom.paint(rules_html(game, self.app.walkthroughs(game), self.way_back(game.id)))
        dom.set_screen("rules")

    def way_back(self, game_id: str):
        """The table the rules were opened from: the link's ?from= names a saved
        game of this game (so a reload keeps the way back), else the table left
        last; None when neither is a table of this game."""
        sid = self.route.param("from")
        if sid:
            summary = self.app.store.index().get(sid)
            if isinstance(summary, dict) and summary.get("game") == game_id:
                return routes.play(sid)
        last = self.app.last_game
        return last[1] if last is not None and last[0] == game_id else None
