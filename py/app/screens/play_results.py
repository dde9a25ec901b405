"""The table's result panels (app/results.py): what the panel and the "Last
trick" buttons show, telling a screen reader, and the bots' wait while a
result is on screen. A part of the play screen (screens/play.py)."""

from __future__ import annotations

import asyncio
from typing import Any, Optional

from .. import dom, render
from ..results import Results, last_of_each, pause_seconds

CONTINUE = '[data-ui="moment-continue"]'


class PlayResults:
    app: Any
    flow: Any
    gen: int
    results: Optional[Results]
    told: Optional[tuple]

    # and, from the play screen: draw(focus=None), focus_table()

    def results_html(self) -> tuple[str, str]:
        """The results panel and the "Last trick"-style buttons."""
        if self.results is None or self.flow is None:
            return "", ""
        m = self.flow.match
        pause = pause_seconds(self.app.settings.get("pause"), self.app.fast)
        if pause == 0:  # results are not shown (only asked for): they count as seen
            self.results.dismiss_pending(m)
        shown, review = self.results.shown(m)
        panel = render.moment_panel(shown, review, pause)
        names = [] if m.is_over() else list(last_of_each(m))
        return panel, render.recap_buttons(names, self.results.review if review else None)

    def tell(self) -> None:
        """Say a new result to a screen reader, and put focus on its Continue."""
        if self.results is None or self.flow is None:
            return
        m = self.flow.match
        pending = self.results.pending(m)
        key = self.results.key(m) if pending else None
        if key is not None and key != self.told:
            dom.announce(" ".join(f"{p.title}. {p.lines[-1] if p.lines else ''}" for p in pending))
            el = dom.qs(CONTINUE, dom.root())
            active = dom.qs(":focus")
            typing = active is not None and str(active.tagName) in ("INPUT", "TEXTAREA", "SELECT")
            if el is not None and not typing:
                el.focus(dom.no_scroll())
        self.told = key

    def after_results(self) -> None:
        self.draw()
        self.focus_table()

    async def hold(self, gen: int) -> None:
        """While a result shows, wait: until Continue, a move, or the pause the
        player chose; when the pause runs out the result goes."""
        if self.results is None or self.flow is None:
            return
        m = self.flow.match
        if not self.results.pending(m):
            return
        limit = pause_seconds(self.app.settings.get("pause"), self.app.fast)
        if limit == 0:
            return
        key = self.results.key(m)
        waited = 0.0
        while gen == self.gen and self.results.key(m) == key and (limit is None or waited < limit):
            await asyncio.sleep(0.1)
            waited += 0.1
        if gen == self.gen and self.results.key(m) == key and self.results.pending(m):
            self.results.dismiss(m)
            self.after_results()
