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
        html = render.rules_page(game.metadata(), fn() if callable(fn) else None, wts)
        last = self.app.last_game
        if last is not None and last[0] == game.id:  # came from a game of this kind: the way back
            back = render.link_button(last[1], "Back to your game", "btn btn-primary btn-small")
            html = html.replace("<h1", f'<p class="back-to-game" data-back-to-game>{back}</p><h1', 1)
        dom.paint(html)
        dom.set_screen("rules")
