"""Where the bots think: in the bot worker when the browser can run it, else
on the page's thread after yielding to it (so the page draws first).

`decide(job)` returns the bot's action, or None when the move was cancelled
(undo, a new game, leaving the screen) before the answer came."""

from __future__ import annotations

import asyncio
from typing import Optional

from coalitions.core.bots import choose
from coalitions.registry import get_game

from .flow import BotJob


class Bots:
    def __init__(self) -> None:
        self.generation = 0

    def cancel(self) -> None:
        """Drop every pending decision: its answer will be ignored."""
        self.generation += 1

    async def decide(self, job: BotJob) -> Optional[str]:
        gen = self.generation
        await asyncio.sleep(0)
        if gen != self.generation:
            return None
        action = choose(get_game(job.game), job.level, job.view, job.seat, job.step, job.seed)
        return action if gen == self.generation else None
