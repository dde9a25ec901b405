"""A finished game of this browser, stepped through move by move: the
walkthrough player (app.flow.review_flow) over the saved record, from the end
screen and from the saved games on the home page."""

from __future__ import annotations

from typing import Optional

from coalitions.core.errors import CoalitionsError

from .. import render, routes, share
from ..flow import review_flow
from ..session import match_from_text
from .walkthrough import WalkthroughScreen, start_step


class ReviewScreen(WalkthroughScreen):
    name = "review"

    def show(self) -> None:
        if self.flow is None:
            sid = self.route.args[0]
            text = self.saved(sid)
            if text is None:
                return
            try:
                self.flow = review_flow(match_from_text(text), start_step(self.route))
            except CoalitionsError as exc:
                message = str(exc)
                self.problem("This game cannot be reviewed", message[:1].upper() + message[1:] + ".")
                return
        self.draw()

    def crumbs(self, meta: dict) -> Optional[str]:
        sid = self.route.args[0]
        return (f'<p class="crumbs">Review of a finished game · '
                f'<a href="{render.esc(routes.play(sid))}">Back to its end</a> · '
                f'<a href="{render.esc(routes.home())}">Home</a></p>')

    def back_href(self) -> str:
        return routes.review(self.route.args[0])

    def embed_snippet(self) -> str:
        if self.flow is not None and self.flow.payload is None:
            self.flow.payload = share.encode(self.flow.record)  # the link carries the whole game
        return super().embed_snippet()
