"""Bots off the page's thread: the page's side of ``static/bot-worker.js``.

The worker has a Pyodide of its own with the game's wheel and answers one
bot decision per message, computed by `coalitions.core.bots.choose` from the
seat's view alone (sent as JSON text, see `encode_view`), never the full state.

Use::

    worker = BotWorker()
    worker.start(page_url, wheel_name())   # after the first table is interactive
    ...
    job = app.flow.bot_job(match)          # the seat's view and the bot's level
    if worker.available:
        action = await worker.decide(*job.args())
    else:
        action = await decide_here(*job.args())

`decide` raises `Cancelled` when `cancel()` dropped the request (a new game,
undo, leaving the table) and `BotWorkerError` when the worker failed; after a
failure `available` is False and the caller computes here.

Runs on CPython too (no ``js`` there: `available` is False), so the pure parts
are tested by tests/test_botworker.py.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any, Optional

try:
    import js
    from pyodide.ffi import create_proxy, to_js
except ImportError:  # CPython: no browser
    js = None

from coalitions import __version__
from coalitions.core.bots import choose
from coalitions.registry import get_game

WORKER_PATH = "static/bot-worker.js"


class Cancelled(Exception):
    """The request was dropped by `BotWorker.cancel`; its result is ignored."""


class BotWorkerError(Exception):
    """The worker failed to start, or could not decide."""


def wheel_in_config(config: Any) -> Optional[str]:
    """The game's wheel named in a PyScript config (its ``[files]`` table, as
    build.py writes it: the name carries a hash of the wheel), or None."""
    files = config.get("files") if isinstance(config, dict) else None
    if not isinstance(files, dict):
        return None
    found = [url for url in files
             if isinstance(url, str) and re.fullmatch(r"(?:\./)?coalitions-[0-9][^/]*-py3-none-any\.whl", url)]
    return found[0] if len(found) == 1 else None


def wheel_name(version: str = __version__) -> str:
    """The game's wheel as the page loaded it: read from the page's PyScript
    config, so the worker gets the very file the page runs (its name changes
    with its contents).  Outside a page (CPython) or if the config names no
    single wheel, the unhashed ``coalitions-<version>-py3-none-any.whl``."""
    config = None
    if js is not None:
        try:
            # PyScript's JS module of the page's parsed config (what the
            # `pyscript` package reads too, without importing that package).
            from polyscript import config as page_config  # type: ignore[import-not-found]

            config = json.loads(str(js.JSON.stringify(page_config)))
        except Exception:  # a PyScript without it: the fallback below
            config = None
    return wheel_in_config(config) or f"coalitions-{version}-py3-none-any.whl"


def worker_urls(site_base_url: str, wheel_name: str) -> tuple[str, str]:
    """(worker script URL, wheel URL) for a site whose root is `site_base_url`:
    the root itself (ending in /) or any page there (``.../index.html#/play``)."""
    from .routes import join_url

    root = join_url(site_base_url, "./")
    return join_url(root, WORKER_PATH), join_url(root, wheel_name)


def encode_view(view: dict[str, Any]) -> str:
    """The one encoding of a seat's view for the worker (it json.loads it)."""
    return json.dumps(view, separators=(",", ":"))


def request(request_id: int, game_id: str, level: Optional[str], view: dict[str, Any], seat: int, step: int,
            seed: Optional[int]) -> dict[str, Any]:
    """The message for one decision; the seed goes as text (64-bit seeds do
    not fit a JavaScript number)."""
    return {"id": request_id, "game": game_id, "level": level or "", "view": encode_view(view),
            "seat": seat, "step": step, "seed": "" if seed is None else str(seed)}


async def decide_here(game_id: str, level: Optional[str], view: dict[str, Any], seat: int, step: int,
                      seed: Optional[int]) -> str:
    """The same decision on this thread, after yielding once to the event loop
    (so that a click or a paint waiting since the last move goes first)."""
    await asyncio.sleep(0)
    return str(choose(get_game(game_id), level, view, seat, step, seed))


class BotWorker:
    """One worker for the page's bots. `decide` sends a request; replies that
    arrive for dropped requests (after `cancel`) are ignored."""

    def __init__(self) -> None:
        self._worker: Any = None
        self._failed: Optional[str] = None
        self._next_id = 0
        self._pending: dict[int, asyncio.Future] = {}
        self._proxies: list[Any] = []
        self.ready = False  # the worker has loaded Pyodide and the rules
        self.ready_ms: Optional[float] = None  # the worker's own loading time

    @property
    def available(self) -> bool:
        """Started, not failed, in a browser with workers: `decide` may be used
        (before `ready`, a request waits in the worker until it has loaded)."""
        return self._worker is not None and self._failed is None

    def start(self, site_base_url: str, wheel_name: str, game_id: Optional[str] = None) -> None:
        """Create the worker (once) and have it load Pyodide, the wheel
        `wheel_name` (see `worker_urls`) and the rules of `game_id` if given
        (another game's when it is first asked for). Does nothing on a second call."""
        if self._worker is not None or self._failed is not None:
            return
        if js is None or not hasattr(js, "Worker"):
            self._failed = "no Web Worker here"
            return
        script, wheel_url = worker_urls(site_base_url, wheel_name)
        try:
            self._worker = js.Worker.new(script, _js({"type": "module"}))
            on_message = create_proxy(self._on_message)
            on_error = create_proxy(self._on_error)
            self._proxies = [on_message, on_error]
            self._worker.addEventListener("message", on_message)
            self._worker.addEventListener("error", on_error)
            self._worker.postMessage(_js({"type": "init", "wheel": wheel_url, "game": game_id or ""}))
        except Exception as exc:  # a browser that refuses module workers
            self._fail(f"bot worker: {exc}")

    async def decide(self, game_id: str, level: Optional[str], view: dict[str, Any], seat: int, step: int,
                     seed: Optional[int]) -> str:
        """The bot's action, computed in the worker. Raises `Cancelled` if
        `cancel()` drops it first, `BotWorkerError` if the worker fails."""
        if not self.available:
            raise BotWorkerError(self._failed or "bot worker not started")
        self._next_id += 1
        request_id = self._next_id
        future = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        self._worker.postMessage(_js(request(request_id, game_id, level, view, seat, step, seed)))
        return await future

    def cancel(self) -> None:
        """Drop every pending request: their callers get `Cancelled`, their
        replies are ignored. The worker stays up for the next requests."""
        pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(Cancelled())

    def _on_message(self, event: Any) -> None:
        data = event.data.to_py()
        if "ready" in data:
            if data["ready"]:
                self.ready, self.ready_ms = True, float(data.get("ms") or 0)
            else:
                self._fail(str(data.get("error") or "bot worker failed to load"))
            return
        future = self._pending.pop(data.get("id"), None)
        if future is None or future.done():
            return  # cancelled
        if "error" in data:
            future.set_exception(BotWorkerError(str(data["error"])))
        else:
            future.set_result(str(data["action"]))

    def _on_error(self, event: Any) -> None:
        self._fail(f"bot worker: {getattr(event, 'message', None) or 'failed to start'}")

    def _fail(self, reason: str) -> None:
        self._failed = reason
        self.ready = False
        pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(BotWorkerError(reason))
        if self._worker is not None:
            self._worker.terminate()
        if js is not None:
            js.console.warn(reason)


def _js(value: dict[str, Any]) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries)
