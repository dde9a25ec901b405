"""The page's entry: one delegated listener per event type, and a router that
gives each ``#/...`` to one screen (app/screens/). Notices and errors are
shown here; everything else belongs to the screens."""

from __future__ import annotations

import asyncio
import traceback
from typing import Any, Coroutine, Optional

import js
from pyodide.ffi import create_once_callable

from coalitions.core.match import Match

from . import dom, render, routes, stdlib
from .bots import Bots
from .localstore import open_store
from .screens import screen_for
from .screens.base import Screen
from .screens.settings import apply_look
from .session import PlaySession
from .storage import Settings, Store

WORKER_DELAY_MS = 1000

# Keys that move focus between the controls of one group of the table.
ARROWS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
GROUP = "[data-choices], [data-hand-cards], .bid-grid, .actions, [data-map], .card-choices, [data-grid]"


class App:
    def __init__(self, store: Optional[Store] = None) -> None:
        self.notices = dom.qs("[data-notices]")  # None if the shell lacks it
        self.store = store if store is not None else open_store()
        self.settings = Settings(self.store)
        self.bots = Bots()
        self.route: Optional[routes.Route] = None
        self.screen: Optional[Screen] = None
        self.session: Optional[PlaySession] = None  # the game last played, kept across screens
        self.last_game: Optional[tuple[str, str]] = None  # (game id, #/play/...) of the table left last
        self.fast = False
        self._walkthroughs: dict[str, dict] = {}
        self._shown_problem: Optional[str] = None
        self._parts_asked: Optional[str] = None  # the address whose parts were fetched before its screen

    # -- start -------------------------------------------------------------------------

    def start(self) -> None:
        self.listen(js.window, "hashchange", lambda event: self.show_route())
        self.listen(js.document, "click", self.on_click)
        self.listen(js.document, "change", lambda event: self.forward(event, "on_change"))
        self.listen(js.document, "input", lambda event: self.forward(event, "on_input"))
        self.listen(js.document, "submit", self.on_submit)
        self.listen(js.document, "keydown", self.on_keydown)
        self.listen(js.window, "storage", self.on_storage)
        self.show_storage_notice()
        apply_look(self.settings)  # as index.html did before the first paint, from the same key
        self.restore_once_kept()
        self.show_route()
        if self.route is not None and not self.route.embed:
            # Once the first screen is interactive, the bot worker loads on its
            # own thread (from the files the page has just loaded), so that the
            # first bot move need not wait for it.
            js.setTimeout(create_once_callable(self.bots.start), WORKER_DELAY_MS)

    def restore_once_kept(self) -> None:
        """On a first visit the service worker keeps the site's files only
        after the first screen. Once it controls the page, put on disk what it
        keeps, as a start does after an earlier visit (`LibraryFinder.restore`):
        a game first opened later in this same page, offline, then finds its
        part. The finders' own requests are synchronous, and Chromium does not
        hand those to a service worker."""
        container = getattr(js.navigator, "serviceWorker", None)
        library = stdlib.installed()
        if dom.nil(container) or library is None or not dom.nil(container.controller):
            return  # no service worker here, or it kept the site before this start (restored then)
        self.listen(container, "controllerchange", lambda event: self.spawn(library.restore()))

    def listen(self, target: Any, kind: str, fn: Any) -> None:
        def handler(event: Any) -> None:
            try:
                fn(event)
            except Exception as exc:  # a bug: show it, never a blank page
                self.fail(exc)

        dom.listen(target, kind, handler)

    def spawn(self, coro: Coroutine) -> "asyncio.Future":
        async def guarded() -> None:
            try:
                await coro
            except Exception as exc:
                self.fail(exc)

        return asyncio.ensure_future(guarded())

    def fail(self, exc: BaseException) -> None:
        details = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        js.console.error("Coalitions: " + details)
        if self.notices is not None:
            self.notices.insertAdjacentHTML("beforeend", render.error_banner(f"{type(exc).__name__}: {exc}", details))
        dom.set_flag("data-ready", True)

    # -- notices ---------------------------------------------------------------------------

    def show_storage_notice(self) -> None:
        problem = self.store.problem
        if not problem and self._shown_problem:  # saving works again
            self._shown_problem = None
            self.clear_notice("storage")
            return
        if not problem or problem == self._shown_problem or self.notices is None:
            return
        self._shown_problem = problem
        old = dom.qs('[data-notice="storage"]', self.notices)
        if old is not None:
            old.remove()
        self.notices.insertAdjacentHTML("beforeend", render.notice(problem, "warn", "storage"))

    def flash(self, text: str, kind: str = "error") -> None:
        """A message about the last thing the player did; it replaces the
        previous one and goes when the screen changes."""
        self.notify(text, kind, "message")

    def notify(self, text: str, kind: str, key: str, extra: str = "") -> None:
        """Show a notice (replacing the one with the same key); `extra` is HTML
        put after its text (a button)."""
        self.clear_notice(key)
        if self.notices is not None:
            self.notices.insertAdjacentHTML("beforeend", render.notice(text, kind, key, extra))

    def clear_flash(self) -> None:
        self.clear_notice("message")

    def clear_notice(self, key: str) -> None:
        old = dom.qs(f'[data-notice="{key}"]', self.notices) if self.notices is not None else None
        if old is not None:
            old.remove()

    # -- routing -------------------------------------------------------------------------------

    def show_route(self) -> None:
        dom.set_flag("data-ready", False)
        route = routes.parse(str(js.location.hash))
        if self.fetch_parts_first(route):
            return
        first = self.route is None
        changed = first or self.route is None or route.path != self.route.path
        if changed:
            self.clear_flash()
            self.clear_notice("moved-on")
        if route.flag("fast"):
            self.fast = True
        self.route = route
        if self.screen is not None:
            self.screen.leave()
        if route.name != "play":
            if self.session is not None:  # the rules page offers the way back to it
                self.last_game = (self.session.match.game.id, routes.play(self.session.save_id))
            self.session = None
        self.screen = screen_for(self, route, framed=dom.in_frame())
        self.screen.show()
        if changed and not first:
            js.window.scrollTo(0, 0)
            if route.name != "play" or self.session is None:
                dom.root().focus(dom.no_scroll())
        title = dom.qs("h1", dom.root())
        name = str(title.textContent).strip() if title is not None else ""
        js.document.title = f"{name} · Coalitions" if name and name != "Coalitions" else "Coalitions"

    def fetch_parts_first(self, route: routes.Route) -> bool:
        """Whether the screen of `route` needs a game's part that is not on
        disk yet (app.wheel): it is then fetched first, asynchronously, and the
        route shown once it has arrived or failed (its import then says so),
        once per address. Offline, the service worker answers that request;
        it never sees the synchronous one the part's import would make, so a
        game first opened offline, while the parts the worker keeps are still
        being put on disk (`restore_once_kept`), would not open."""
        library = stdlib.installed()
        finder = library.parts if library is not None else None
        address = str(js.location.hash)
        if finder is None or self._parts_asked == address:
            return False
        names = routes.parts_needed(route, self.store.game_of)
        if not finder.missing(names):
            return False
        self._parts_asked = address

        async def fetch_then_show() -> None:
            await finder.prefetch(names)
            if str(js.location.hash) == address:  # (another address shows itself)
                self.show_route()

        self.spawn(fetch_then_show())
        return True

    def go(self, hash_text: str, replace: bool = False) -> None:
        if replace:
            js.location.replace(dom.page_base() + hash_text)
        else:
            js.location.hash = hash_text

    def open_game(self, match: Match, replace: bool = False) -> None:
        """Save a new game (new, imported or continued from a link) and open its table."""
        sid = self.store.new_id()
        self.session = PlaySession(match, sid)
        s = self.session
        self.store.save(sid, s.record_text(), s.summary(match.game, dom.now_ms()))
        self.show_storage_notice()
        self.go(routes.play(sid), replace=replace)

    def walkthroughs(self, game: Any) -> dict:
        if game.id not in self._walkthroughs:
            fn = getattr(game, "walkthroughs", None)
            self._walkthroughs[game.id] = (fn() if callable(fn) else None) or {}
        return self._walkthroughs[game.id]

    # -- events ------------------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        el = dom.closest(event.target, "[data-action],[data-step],[data-ui]")
        if el is None or el.hasAttribute("disabled") or self.screen is None:
            return
        action = dom.attr(el, "data-action")
        step = dom.attr(el, "data-step") if el.tagName == "BUTTON" else None
        ui = dom.attr(el, "data-ui") or ""
        if action is not None:
            event.preventDefault()
            self.screen.on_action(action)
        elif step is not None:
            event.preventDefault()
            self.screen.on_step(step)
        elif ui in ("import", "start") or not ui:
            return  # the file picker opens, or the form's submit event does the rest
        else:
            event.preventDefault()
            if ui == "jump":
                dest = js.document.getElementById(dom.attr(el, "data-target") or "")
                if not dom.nil(dest):
                    dest.scrollIntoView()
            elif ui == "reload":
                js.location.reload()
            elif ui == "dismiss-error":
                box = dom.closest(el, "[data-error]")
                if box is not None:
                    box.remove()
            else:
                self.screen.on_ui(ui, el)

    def forward(self, event: Any, method: str) -> None:
        target = event.target
        if dom.nil(target) or not hasattr(target, "getAttribute") or self.screen is None:
            return
        getattr(self.screen, method)(target)

    def on_storage(self, event: Any) -> None:
        key = event.key
        if not dom.nil(key) and str(key) == self.settings.key:
            apply_look(self.settings)  # changed in another tab
        if self.screen is not None and not dom.nil(key):
            self.screen.on_storage(str(key))

    def on_submit(self, event: Any) -> None:
        form = event.target
        if self.screen is None or not form.hasAttribute("data-setup-form"):
            return
        event.preventDefault()
        self.screen.on_submit(form)

    def on_keydown(self, event: Any) -> None:
        if self.screen is None or event.altKey or event.ctrlKey or event.metaKey:
            return
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").upper()
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        key = str(event.key)
        if key in ARROWS and self.move_in_group(target, ARROWS[key], key):
            event.preventDefault()
        elif self.screen.on_key(event):
            event.preventDefault()

    def move_in_group(self, target: Any, delta: int, key: str = "") -> bool:
        """Arrow keys move focus within a group of the table's controls: to
        the next or previous one, or, in a [data-grid] (a board), to the
        nearest one in the arrow's direction as drawn."""
        group = dom.closest(target, GROUP)
        if group is None or dom.closest(target, "[data-table]") is None:
            return False
        items = [el for el in group.querySelectorAll("button:not([disabled])")]
        if target not in items:
            return False
        if group.hasAttribute("data-grid"):
            nxt = nearest_in_direction(target, items, key)
            if nxt is not None:
                nxt.focus()
            return True
        nxt = items[(items.index(target) + delta) % len(items)]
        nxt.focus()
        return True


def nearest_in_direction(target: Any, items: list, key: str) -> Any:
    """The control of `items` nearest to `target` in the arrow's direction, in
    the same row or column as drawn (None at the edge)."""
    here = target.getBoundingClientRect()
    x0, y0 = here.left + here.width / 2, here.top + here.height / 2
    dx, dy = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}[key]
    best, best_d = None, None
    for el in items:
        box = el.getBoundingClientRect()
        x, y = box.left + box.width / 2 - x0, box.top + box.height / 2 - y0
        along, across = x * dx + y * dy, abs(x * dy + y * dx)
        if along > 1 and across < max(here.width, here.height) / 2 and (best_d is None or along < best_d):
            best, best_d = el, along
    return best


APP: Optional[App] = None


def start(store: Optional[Store] = None) -> App:
    """Create the app (with `store` if py/main.py opened it already) and draw the first screen."""
    global APP
    APP = App(store)
    APP.start()
    boot = getattr(js.window, "coalitionsBoot", None)
    if not dom.nil(boot):
        boot.ready()
    return APP


nil = dom.nil  # py/main.py's probe imports it from here
