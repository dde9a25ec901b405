"""Where the bots think: in the bot worker (static/bot-worker.js, a Pyodide
of its own) when the browser can run it, else on the page's thread after
yielding to it. Either way a bot gets its seat's view and nothing more.

`decide(job)` returns the bot's action, or None when the move was cancelled
(undo, a new game, leaving the table) before the answer came."""

from __future__ import annotations


from typing import Optional

import js

from . import dom
from .botworker import BotWorker, BotWorkerError, Cancelled, decide_here, wheel_name
from .flow import BotJob


class Bots:
    def __init__(self) -> None:
        self.worker = BotWorker()
        self.generation = 0

    def start(self, game_id: Optional[str] = None) -> None:
        """Start the worker (once): called when a table is on screen, so the
        first load does not wait for it; it loads the rules of `game_id` then."""
        self.worker.start(dom.page_base(), wheel_name(), game_id)

    def start_after_paint(self, game_id: Optional[str] = None) -> None:
        """`start` once the table just drawn is on screen. Starting the worker
        sets the browser compiling Pyodide on other threads, which on a
        machine with few cores competes with laying out and painting the
        page's first frame. A decision asked for before then starts the
        worker at once."""
        dom.after_paint(lambda: self.start(game_id))

    def cancel(self) -> None:
        """Drop every pending decision: its answer will be ignored."""
        self.generation += 1
        self.worker.cancel()

    async def decide(self, job: BotJob) -> Optional[str]:
        gen = self.generation
        args = job.args()
        self.start(args[0])
        loading = self.worker.available and not self.worker.ready  # the answer waits for the worker to load
        started = float(js.performance.now())
        action: Optional[str]
        try:
            if self.worker.available:
                action = await self.worker.decide(*args)
            else:
                action = await decide_here(*args)
        except Cancelled:
            return None
        except BotWorkerError as error:  # the worker failed: this decision (and the next ones, if it is gone) made here
            js.console.warn(f"Coalitions: the bot worker could not decide ({error}); deciding on the page's thread")
            action = await decide_here(*args)
        report(float(js.performance.now()) - started, loading)
        return action if gen == self.generation else None


def report(ms: float, loading: bool = False) -> None:
    """Hand the time of one bot decision to a benchmark that asked for it by
    setting ``window.coalitionsBench`` to an array (scripts/bench_bots_browser.py);
    a decision asked for while the worker was still loading goes to
    ``window.coalitionsBenchLoading`` instead when the page defines that array
    too (its time is mostly the load)."""
    bench = getattr(js.window, "coalitionsBenchLoading", None) if loading else None
    if dom.nil(bench):
        bench = getattr(js.window, "coalitionsBench", None)
    if not dom.nil(bench):
        bench.push(ms)


def pace_override() -> Optional[float]:
    """Seconds between two bot moves that the page was told to use whatever
    the settings say (``window.coalitionsBotPace``, set before the page's
    scripts run: the browser tests play at 0), or None."""
    value = getattr(js.window, "coalitionsBotPace", None)
    if dom.nil(value):
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def report_move() -> None:
    """Note the moment an automatic move is drawn, for a benchmark that asked
    by setting ``window.coalitionsPaceLog`` to an array (scripts/bench_bot_pace.py)."""
    log = getattr(js.window, "coalitionsPaceLog", None)
    if not dom.nil(log):
        log.push(float(js.performance.now()))
