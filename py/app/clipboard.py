"""Copying a field's text: the Clipboard API when the browser allows it, the
old execCommand otherwise; the text is selected in any case, to copy by hand."""

from __future__ import annotations

import asyncio
from typing import Any

import js

from .dom import nil, no_scroll, qs, root

COPIED = "Copied to the clipboard."
NOT_COPIED = ("This browser did not let the page copy: the text is selected, "
              "copy it with Ctrl+C (⌘C on a Mac).")


def _exec_copy() -> bool:
    try:
        return bool(js.document.execCommand("copy"))
    except Exception:  # old API, may be missing or refused
        return False


def _done(ok: bool) -> None:
    box = qs("[data-copy-status]", root())
    if box is None:
        return
    box.textContent = COPIED if ok else NOT_COPIED
    box.setAttribute("data-copied", "yes" if ok else "no")


async def _write(clip: Any, text: str) -> None:
    try:
        await clip.writeText(text)
        ok = True
    except Exception:  # NotAllowedError: no permission, or the page is not focused
        ok = _exec_copy()
    _done(ok)


def copy_from(selector: str) -> None:
    el = qs(selector, root())
    if el is None:
        return
    text = str(el.value)
    el.focus(no_scroll())
    el.select()
    try:
        clip = js.navigator.clipboard
    except AttributeError:
        clip = None
    if nil(clip):
        _done(_exec_copy())
        return
    asyncio.ensure_future(_write(clip, text))
