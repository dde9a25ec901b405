"""PyScript entry point: load the app package and draw the first screen."""

import asyncio

import js


def _boot(method, *args):
    boot = getattr(js.window, "coalitionsBoot", None)
    if boot is not None:
        getattr(boot, method)(*args)


async def main():
    _boot("stage", "rules")
    await asyncio.sleep(0)  # let the page show the stage before the imports
    try:
        from app.browser import start

        start()
    except Exception as exc:  # nothing was drawn: say so, and report the bug
        import traceback

        js.console.error("Coalitions failed to start: " + "".join(traceback.format_exception(exc)))
        _boot("fail", f"The game could not start ({type(exc).__name__}: {exc}). Reload the page to try again.")


_task = asyncio.ensure_future(main())
