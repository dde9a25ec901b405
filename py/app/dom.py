"""The DOM helpers: the one place (with storage, the clipboard, downloads and
the bot worker's client) where the app touches the browser."""

from __future__ import annotations

from typing import Any, Callable, Optional

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

try:  # JavaScript null arrives as pyodide.ffi.jsnull (falsy, but not None)
    from pyodide.ffi import JsNull
except ImportError:  # older Pyodide: null is None
    JsNull = type(None)

# Attributes that say which control had keyboard focus, to find it again when
# the control itself was replaced.
FOCUS_KEYS = ("data-action", "data-step", "data-ui", "data-id", "name", "id")

_PROXIES: list = []


def nil(value: Any) -> bool:
    """True for Python None and JavaScript null/undefined."""
    return value is None or isinstance(value, JsNull)


def qs(selector: str, root: Any = None) -> Any:
    found = (js.document if nil(root) else root).querySelector(selector)
    return None if nil(found) else found


def attr(el: Any, name: str) -> Optional[str]:
    """An attribute's value as text, or None."""
    value = el.getAttribute(name)
    return None if nil(value) else str(value)


def closest(el: Any, selector: str) -> Any:
    if nil(el) or not hasattr(el, "closest"):
        return None
    found = el.closest(selector)
    return None if nil(found) else found


def set_flag(name: str, on: bool) -> None:
    el = js.document.documentElement
    if name == "data-ready" and on:
        # Ready once laid out and painted: static/boot.js turns data-ready-soon
        # into data-ready after the next frame (coalitionsBoot.readySoon).
        boot = getattr(js.window, "coalitionsBoot", None)
        soon = getattr(boot, "readySoon", None) if not nil(boot) else None
        if not nil(soon):
            el.setAttribute("data-ready-soon", "")
            soon()
            return
    if on:
        el.setAttribute(name, "")
    else:
        el.removeAttribute(name)
        if name == "data-ready":
            el.removeAttribute("data-ready-soon")


def no_scroll() -> Any:
    return to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries)


def js_object(values: dict) -> Any:
    return to_js(values, dict_converter=js.Object.fromEntries)


def listen(target: Any, kind: str, fn: Callable[[Any], None]) -> None:
    proxy = create_proxy(fn)
    _PROXIES.append(proxy)
    target.addEventListener(kind, proxy)


def console_info(*parts: object) -> None:
    js.console.info(" ".join(str(p) for p in parts))


def today_iso() -> str:
    d = js.Date.new()
    return f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d}"


def when_text(ms: Any) -> str:
    if not ms:
        return ""
    try:
        d = js.Date.new(ms)
        return (f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d} "
                f"{int(d.getHours()):02d}:{int(d.getMinutes()):02d}")
    except Exception:
        return ""


def now_ms() -> float:
    return float(js.Date.now())


def page_base() -> str:
    """The page's URL without the hash (works at / and under a sub-path)."""
    return str(js.location.href).split("#", 1)[0]


def reduced_motion() -> bool:
    try:
        return bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:
        return False


def set_screen(route_name: str, ready: bool = True, game_over: bool = False, embed: bool = False,
               cover: bool = False) -> None:
    js.document.documentElement.setAttribute("data-route", route_name)
    set_flag("data-embed", embed)
    set_flag("data-cover", cover)
    set_flag("data-game-over", game_over)
    set_flag("data-ready", ready)


def root() -> Any:
    return js.document.getElementById("app")


def paint(html: str, keep_focus: bool = True, focus: Optional[str] = None) -> None:
    """Make the screen show `html`: a keyed patch (static/patch.js) keeps every
    node that did not change, so focus, scroll and selection survive. Focus
    goes to `focus` (a selector) if given, else back to the control that had
    it if that control was replaced. Focusing makes the browser bring its
    styles up to date at once, so it is done in a task of its own, right after
    this one: a redraw and the style pass it causes never add up in one task."""
    app = root()
    active = js.document.activeElement
    sig = None
    if keep_focus and not nil(active) and app.contains(active) and active != app:
        sig = tuple(attr(active, name) for name in FOCUS_KEYS)
        if not any(sig):
            sig = None
    patch = getattr(js.window, "coalitionsPatch", None)
    if nil(patch):  # static/patch.js has not loaded: replace (it keeps logs at their end itself)
        app.innerHTML = html
    else:
        patch(app, html)
    if focus or sig is not None:
        soon(lambda: refocus(sig, focus))


def refocus(sig: Optional[tuple], focus: Optional[str]) -> None:
    """After a patch: focus `focus` if it is on the screen, else the control
    with the signature `sig` if focus was lost with the node that had it."""
    app = root()
    found = qs(focus, app) if focus else None
    current = js.document.activeElement
    still = not nil(current) and app.contains(current) and current != app
    if found is None and sig is not None and not still:
        name = FOCUS_KEYS[[bool(v) for v in sig].index(True)]
        for el in app.querySelectorAll(f"[{name}]"):
            if tuple(attr(el, n) for n in FOCUS_KEYS) == sig:
                found = el
                break
    if found is not None and not found.hasAttribute("disabled"):
        found.focus(no_scroll())
    elif (sig is not None and not still) or (focus and found is None and not still):
        app.focus(no_scroll())  # (a control that kept its node, a board's square, keeps the focus)


def soon(fn: Callable[[], Any]) -> None:
    """Call `fn` in a task of its own, after this one (so that what it costs,
    focus asking the browser for a style pass, say, is not added to this task's)."""
    js.setTimeout(create_once_callable(fn), 0)


def after_paint(fn: Callable[[], Any]) -> None:
    """Call `fn` once the next frame has been painted (an animation frame, then a task)."""
    js.requestAnimationFrame(create_once_callable(lambda _time: soon(fn)))


def focus_first(selectors: tuple[str, ...]) -> None:
    """Put keyboard focus on the first control found, unless a control of the
    screen already has it."""
    app = root()
    active = js.document.activeElement
    if not nil(active) and active != app and active != js.document.body and app.contains(active):
        return
    for selector in selectors:
        target = qs(selector, app)
        if target is not None:
            target.focus(no_scroll())
            return


def announce(text: str) -> None:
    """Say `text` to a screen reader (the table's live region)."""
    box = qs("[data-announce]", root())
    if box is not None:
        box.textContent = text


def in_frame() -> bool:
    """Is the page inside another page's frame?"""
    try:
        return bool(js.window.self != js.window.top)
    except Exception:  # a browser that will not even compare: assume a frame
        return True
