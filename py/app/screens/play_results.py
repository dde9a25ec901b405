"""The table's result panels (app/results.py): what the panel and the "Last
trick" buttons show, telling a screen reader, and the bots' wait while a
result is on screen. A part of the play screen (screens/play.py)."""

from __future__ import annotations

import asyncio
from typing import Any, Optional

from .. import dom, render
from ..pages import countdown_note
from ..results import Results, last_of_each, pause_seconds

CONTINUE = '[data-ui="moment-continue"]'
PANEL = "[data-moment-panel]"


class PlayResults:
    app: Any
    flow: Any
    gen: int
    results: Optional[Results]
    told: Optional[tuple]
    skipping: bool  # "Skip to my turn" was pressed: no pause until the player's turn
    holding: Optional[tuple] = None  # the result a wait counts down now (its Results.key)
    count: Optional[tuple] = None  # (key, seconds left, paused) of that countdown

    # and, from the play screen: draw(focus=None), focus_table()

    def results_html(self) -> tuple[str, str]:
        """The results panel and the "Last trick"-style buttons."""
        if self.results is None or self.flow is None:
            return "", ""
        m = self.flow.match
        pause = self.pause()
        if pause == 0:  # results are not shown (only asked for): they count as seen
            self.results.dismiss_pending(m)
        shown, review = self.results.shown(m)
        if self.skipping and not review:  # "Skip to my turn": they show together on the player's turn
            shown = []
        shown = shown[-4:]  # after a skip, the last few (the log has them all)
        paused = False
        if pause is not None and self.count is not None and self.count[0] == self.results.key(m):
            _, pause, paused = self.count  # a redraw in the middle of the countdown keeps its count
        panel = render.moment_panel(shown, review, pause, paused)
        names = [] if m.is_over() else list(last_of_each(m))
        return panel, render.recap_buttons(names, self.results.review if review else None)

    def pause(self) -> Optional[float]:
        return pause_seconds(self.app.settings.get("pause"), self.app.fast)

    def waiting(self) -> str:
        """What the table waits for while a result holds the bots (the status
        line says it instead of "Bot 2 is thinking…"), or ""."""
        if self.results is None or self.flow is None or not self.results.pending(self.flow.match):
            return ""
        if self.pause() is None:
            return "The bots wait for you: read the result, then press Continue."
        return "The bots wait while the result shows: Continue, or it goes on by itself."

    def tell(self) -> None:
        """Say a new result to a screen reader; with no countdown (until
        Continue), put focus on its Continue. A countdown's panel does not
        take the focus: focus on the panel stops its count."""
        if self.results is None or self.flow is None:
            return
        m = self.flow.match
        pending = self.results.pending(m)
        key = self.results.key(m) if pending else None
        if key is not None and key != self.told:
            dom.announce(" ".join(f"{p.title}. {p.outcome}" for p in pending)
                         + " Press Escape or Continue to go on.")
            el = dom.qs(CONTINUE, dom.root())
            active = dom.qs(":focus")
            typing = active is not None and str(active.tagName) in ("INPUT", "TEXTAREA", "SELECT")
            if el is not None and not typing and self.pause() is None:
                el.focus(dom.no_scroll())
        self.told = key

    def after_results(self) -> None:
        self.draw()
        self.focus_table()

    def panel_paused(self) -> bool:
        """Whether the pointer or the focus is on the result panel (the
        pointer once it has moved there: one that clicked a card where the
        panel then appeared does not count)."""
        panel = dom.qs(PANEL, dom.root())
        if panel is None:
            return False
        if panel.hasAttribute("data-pointer"):  # the pointer moved onto it (static/patch.js)
            return True
        active = dom.qs(":focus")
        return active is not None and bool(panel.contains(active))

    def covered(self) -> bool:
        """Whether the hot-seat cover hides the table (and its result panel) now."""
        return self.flow is not None and self.flow.cover() is not None

    def show_count(self, left: float, paused: bool) -> None:
        note = dom.qs("[data-countdown-note]", dom.root())
        if note is not None:
            note.innerHTML = countdown_note(left, paused)

    async def hold(self, gen: int) -> None:
        """While a result shows, wait: until Continue, a move, or the pause the
        player chose, counted down (stopped while the pointer or the focus is
        on the panel; not begun while the hot-seat cover hides the table); when
        the count runs out the result goes. "Skip to my turn" stops the wait
        (the results then show on the player's turn)."""
        if self.results is None or self.flow is None:
            return
        m = self.flow.match
        if not self.results.pending(m) or self.skipping:
            return
        limit = self.pause()
        if limit == 0:
            return
        key = self.results.key(m)

        def same() -> bool:
            return gen == self.gen and self.results is not None and self.results.key(m) == key and not self.skipping

        if self.holding == key:  # another wait counts this result down: wait with it
            while same():
                await asyncio.sleep(0.1)
            return
        self.holding = key
        left = limit
        shown: Optional[tuple] = None
        try:
            while same() and (left is None or left > 0):
                if left is not None and self.covered():
                    # hot seat: the table is hidden until the next player says who they are; the
                    # count starts in full when they see the result
                    left, paused, shown, self.count = limit, True, None, None
                elif left is not None:
                    paused = self.panel_paused()
                    self.count = (key, left, paused)
                    now = (int(left + 0.999), paused)
                    if now != shown:
                        self.show_count(left, paused)
                        shown = now
                await asyncio.sleep(0.1)
                if left is not None and not paused:
                    left -= 0.1
        finally:
            if self.holding == key:
                self.holding = None
            self.count = None
        if same() and left is not None and left <= 0 and self.results.pending(m):
            self.results.dismiss(m)
            self.after_results()
