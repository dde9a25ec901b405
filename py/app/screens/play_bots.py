"""The bots' moves at the table, at a pace a person can follow: each
automatic move stays on show for the pace chosen (Settings or the new-game
screen) before the next one is made, the bot's thinking in the worker
counting towards it; the status line says what the last one did (a move that
writes many lines is one step, told by its first line), and "Skip to my turn"
jumps over the pace and the result panels until a person must decide. A part
of the play screen (screens/play.py)."""

from __future__ import annotations

import asyncio
from typing import Any, Optional

from .. import dom
from ..bots import pace_override, report_move
from ..flow import next_auto
from ..pace import bot_delay, move_summary, wait_left
from ..render import esc, ui_button
from ..results import public_log


def now_s() -> float:
    return dom.now_ms() / 1000.0


class PlayBots:
    app: Any
    flow: Any
    gen: int
    busy: bool
    picked: Any
    staged: Optional[str]
    results: Any
    skipping: bool = False  # "Skip to my turn": no pace and no result panel until a person must decide
    shown_at: Optional[float] = None  # when the last move (a person's or a bot's) was drawn, in seconds
    last_move: str = ""  # what the last automatic move did, while the bots play

    # and, from the play screen: draw(focus=None), focus_table(), save(), moved_on(), hold(gen)

    def run_bots(self) -> None:
        if self.flow is None:
            return
        self.skipping = False
        if not self.flow.next_auto_pending():
            self.app.spawn(self.hold(self.gen))  # a result on the player's turn goes after the pause too
            return
        self.busy = True
        self.picked = self.staged = None
        self.shown_at = now_s()  # the move that set the bots going is on show from now
        dom.set_flag("data-ready", False)
        self.app.spawn(self.bot_loop(self.gen))

    def delay(self) -> float:
        return bot_delay(self.app.settings.get("bot_speed"), self.app.fast, pace_override())

    async def pace(self, gen: int) -> None:
        """Wait until the last move has been on show for the pace (not while skipping)."""
        while gen == self.gen and not self.skipping:
            left = wait_left(self.delay(), self.shown_at, now_s())
            if left <= 0:
                return
            await asyncio.sleep(min(left, 0.1))

    def skip(self) -> None:
        """"Skip to my turn": the bots go on without a pause; the results they
        reach wait, and show together on the player's turn."""
        if not self.busy or self.skipping:
            return
        self.skipping = True
        self.draw()

    def pace_html(self) -> str:
        """The status line's part while the bots play: what the last automatic
        move did, and "Skip to my turn" (when a person sits at the table)."""
        if not self.busy or self.flow is None:
            return ""
        out = ""
        if self.last_move:
            out += f'<p class="last-move" data-last-move>{esc(self.last_move)}</p>'
        people = any(p.get("kind") == "human" for p in self.flow.match.players)
        label, note = self.flow.skip_words()
        if self.skipping:
            out += f'<span class="skipping" data-skipping>{note}</span>'
        elif people:
            out += ui_button("skip-bots", label, "btn btn-small btn-quiet skip-bots")
        return f'<div class="pace" data-pace>{out}</div>' if out else ""

    async def bot_loop(self, gen: int) -> None:
        flow = self.flow
        assert flow is not None
        try:
            while gen == self.gen:
                auto = next_auto(flow.match)
                if auto is None:
                    break
                action = None
                if auto.job is not None:
                    action = await self.app.bots.decide(auto.job)
                    if action is None:  # cancelled: the table moved on
                        return
                if self.results is not None and self.results.pending(flow.match) and not self.skipping:
                    await self.hold(gen)  # a result on screen: the bots wait
                    self.shown_at = now_s()  # then the table, without the panel, for a pace
                if gen != self.gen:
                    return
                await self.pace(gen)
                if gen != self.gen or self.moved_on():
                    return
                before = len(public_log(flow.match))
                if not flow.apply_auto(auto, action):
                    return
                self.last_move = move_summary(flow.match, auto.seat, before)
                self.save()
                await asyncio.sleep(0)  # each step its own task: the page stays responsive
                if gen != self.gen:
                    return
                self.draw()
                self.shown_at = now_s()
                report_move()
                await asyncio.sleep(0)
        finally:
            if gen == self.gen:
                self.busy = False
                self.skipping = False
                self.last_move = ""
                self.draw()
                dom.soon(lambda: None if gen != self.gen or self.busy else self.focus_table())  # focus: a task of its own
                self.app.spawn(self.hold(gen))
