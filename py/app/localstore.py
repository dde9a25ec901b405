"""localStorage, behind app.storage's backend interface: every failure is a
StorageError, and a browser without working storage gets None (the app then
keeps games in memory and says so)."""

from __future__ import annotations

from typing import Any, Optional

import js
from pyodide.ffi import JsException

from . import storage
from .dom import console_info, nil


class LocalBackend:
    """localStorage, with every failure turned into a StorageError."""

    def __init__(self, ls: Any) -> None:
        self.ls = ls

    def get(self, key: str) -> Optional[str]:
        try:
            value = self.ls.getItem(key)
        except JsException as exc:
            raise storage.StorageError(str(exc)) from None
        return None if nil(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self.ls.setItem(key, value)
        except JsException as exc:
            text = str(exc)
            raise storage.StorageError(text, full="quota" in text.lower()) from None

    def remove(self, key: str) -> None:
        try:
            self.ls.removeItem(key)
        except JsException as exc:
            raise storage.StorageError(str(exc)) from None

    def keys(self) -> list[str]:
        try:
            n = int(self.ls.length)
            return [str(self.ls.key(i)) for i in range(n)]
        except JsException as exc:
            raise storage.StorageError(str(exc)) from None


def site_prefix() -> str:
    """The localStorage key prefix of this copy of the site (see app.storage)."""
    return storage.prefix_for(str(js.location.pathname))


def probe() -> Optional[LocalBackend]:
    """A LocalBackend if localStorage works here, else None."""
    try:
        ls = js.window.localStorage
        if nil(ls):
            return None
        key = site_prefix() + "probe"
        ls.setItem(key, "1")
        ok = ls.getItem(key) == "1"
        ls.removeItem(key)
        return LocalBackend(ls) if ok else None
    except Exception as exc:  # JsException (SecurityError, QuotaExceededError) or missing API
        console_info("Coalitions: localStorage is not available:", exc)
        return None


def open_store() -> storage.Store:
    return storage.Store(probe(), site_prefix())
