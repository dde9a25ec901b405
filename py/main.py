"""PyScript entry point: load the app package and draw the first screen."""

import asyncio
import os
import sys

import js

# pyscript.toml writes the game's wheel here, as it is; Python imports from it
# (zipimport) without unpacking it.
WHEEL = os.path.abspath("coalitions.whl")
if WHEEL not in sys.path:
    sys.path.insert(0, WHEEL)


def _boot(method, *args):
    boot = getattr(js.window, "coalitionsBoot", None)
    if boot is not None:
        getattr(boot, method)(*args)


def _probe():
    # Only when a test or scripts/list_stdlib_modules.py asks, by defining
    # window.coalitionsProbe before the page's scripts run.
    from app.browser import nil

    probe = getattr(js.window, "coalitionsProbe", None)
    if not nil(probe):
        from pyodide.ffi import create_proxy

        from app import stdlib

        probe.stdlibModules = create_proxy(stdlib.imported_modules)
        probe.stdlibFetched = create_proxy(stdlib.fetched)
        probe.importModule = create_proxy(lambda name: bool(__import__(name)))
        probe.stackSwitching = create_proxy(_stack_switching)


def _stack_switching():
    # Whether this Pyodide runs calls into Python on stacks of their own (it
    # must not: pyodide/start.mjs, withoutStackSwitching).
    import pyodide_js

    return bool(pyodide_js._module.jspiSupported)


_store = None  # the saves, once opened here (the app is handed them)


def _saved_game(save_id):
    """The game of the save `save_id` (a reload of a game under way), or None."""
    global _store
    from app.localstore import open_store

    if _store is None:
        _store = open_store()
    return _store.game_of(save_id)


def _controlled():
    """Whether a service worker controls the page."""
    try:
        return bool(js.navigator.serviceWorker.controller)
    except Exception:  # no service workers here
        return False


async def main():
    _boot("stage", "rules")
    await asyncio.sleep(0)  # let the page show the stage before the imports
    try:
        from app.wheel import install

        install(WHEEL)  # each module read once (see app/wheel.py)
        from app import stdlib

        # the standard library beyond the shipped part, fetched if ever imported,
        # and the games' parts: put in place before the first screen if an
        # earlier visit fetched them (Cache Storage answers during the imports)
        library = stdlib.install(js.URL.new("pyodide/", js.document.baseURI).href)
        restoring = library.restore() if library is not None else None
        # and the parts this address's first screen imports, asked for now
        # rather than one by one as its modules are imported
        from app.routes import parse, parts_needed

        # (under the service worker, Cache Storage holds them all: restored above;
        # a saved game's part is the one its save names)
        needed = [] if _controlled() else parts_needed(parse(str(js.location.hash)), _saved_game)
        fetching = library.parts.prefetch(needed) if library is not None and library.parts and needed else None
        from app.browser import start

        for waiting in (restoring, fetching):
            if waiting is not None:
                await waiting

        start(_store)
        _probe()
    except Exception as exc:  # nothing was drawn: say so, and report the bug
        import traceback

        js.console.error("Coalitions failed to start: " + "".join(traceback.format_exception(exc)))
        _boot("fail", f"The game could not start ({type(exc).__name__}: {exc}). Reload the page to try again.")


_task = asyncio.ensure_future(main())
