"""Importing the page's modules from the game's wheel, each read once.

The page does not unpack the wheel: ``py/main.py`` puts the file on
``sys.path`` and Python's zip importer reads each module from it. That
importer, asked for a module, decompresses and unmarshals its bytecode once
to name the module's file and again to run it. Every module of our wheel has
its bytecode beside its source (``pkg/mod.pyc``, written by build.py), so the
file's name is known without reading it; `install` gives the wheel an
importer that says so, and the page's start reads each module once.

Each game's own modules (its rules, bots and renderer, but the package's
``__init__``) are not in the wheel but in a part of their own beside it,
``games/<game>-<hash>.zip`` (build.py; ``app/parts.json`` in the wheel names
each part and its modules): a table reads only its own game's. `PartFinder`
imports them from the part, which it fetches the first time one of them is
imported, or finds on disk: `PartFinder.restore` puts there, at start, the
parts that Cache Storage holds (the service worker precaches every part;
a synchronous request, which the finder makes, does not go through it).
"""

from __future__ import annotations

import json
import os
import sys
import zipimport
from collections.abc import Awaitable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any, Callable

# Archives imported from with a WheelImporter: the wheel and the parts put on disk.
_ARCHIVES: set[str] = set()


# The wheel `install` was given.
_WHEEL: list[str] = []


def _ours(path: str) -> bool:
    return any(path == archive or path.startswith(archive + "/") for archive in _ARCHIVES)


class WheelImporter(zipimport.zipimporter):
    """A zip importer for a wheel with ``mod.pyc`` beside each ``mod.py``."""

    def get_filename(self, fullname: str) -> str:
        name = fullname.rpartition(".")[2]
        path = f"{self.archive}/{self.prefix}{name}"
        return f"{path}/__init__.pyc" if self.is_package(fullname) else f"{path}.pyc"


def install(wheel: str) -> Callable[[str], WheelImporter]:
    """Import from `wheel` (a path on sys.path) with a `WheelImporter` from
    now on, including the packages already imported from it. Returns the path
    hook added to ``sys.path_hooks``."""

    _ARCHIVES.add(wheel)
    _WHEEL[:] = [wheel]

    def hook(path: str) -> WheelImporter:
        if _ours(path):
            return WheelImporter(path)
        raise ImportError("not in the game's wheel")

    sys.path_hooks.insert(0, hook)
    for path in list(sys.path_importer_cache):
        if path == wheel or path.startswith(wheel + "/"):
            del sys.path_importer_cache[path]
    return hook


def wheel_data(name: str) -> bytes | None:
    """The bytes of the file ``name`` (``app/parts.json``) of the wheel given
    to `install`; None without such a wheel or file (CPython, the tests)."""
    if not _WHEEL:
        return None
    try:
        return zipimport.zipimporter(_WHEEL[0]).get_data(name)
    except (OSError, zipimport.ZipImportError):
        return None


# The wheel's file naming each part and its modules (buildtools/wheel.py, PARTS_INDEX).
PARTS_INDEX = "app/parts.json"


class PartFinder:
    """On ``sys.meta_path``: imports a game's own modules from its part (see
    the module's docstring), fetching the part with ``fetch`` (a URL's bytes,
    OSError if that fails) the first time, relative to ``site_url``."""

    def __init__(self, site_url: str, parts: dict[str, list[str]], folder: str,
                 fetch: Callable[[str], bytes]) -> None:
        self.site_url = site_url.rstrip("/") + "/"
        self.part_of = {module: part for part, modules in parts.items() for module in modules}
        self.parts = sorted(parts)
        self.folder = folder
        self.fetch = fetch
        self.fetched: list[str] = []

    def path(self, part: str) -> str:
        """Where the part ``part`` (``games/<game>-<hash>.zip``) is put on disk."""
        return os.path.join(self.folder, part.rpartition("/")[2])

    def put(self, part: str, data: bytes) -> str:
        path = self.path(part)
        os.makedirs(self.folder, exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(data)
        _ARCHIVES.add(path)
        return path

    def ready(self, part: str) -> str:
        """The part on disk, fetched first if it is not there."""
        path = self.path(part)
        if path not in _ARCHIVES:
            if not os.path.isfile(path):
                self.put(part, self.fetch(self.site_url + part))
                self.fetched.append(part)
            _ARCHIVES.add(path)
        return path

    def restore(self) -> Awaitable[int]:
        """Put on disk the parts Cache Storage holds (an earlier visit's
        service worker precached them); awaited, how many it put. Cache
        Storage is asked for all of them at once, now: the answers arrive
        while the caller goes on (the page imports its modules meanwhile)."""
        import js

        asked = []
        if hasattr(js, "caches"):
            for part in self.parts:
                if not os.path.isfile(self.path(part)):
                    try:
                        asked.append((part, js.caches.match(self.site_url + part)))
                    except Exception:  # storage blocked: fetched when needed
                        continue

        return self._put_arrived(asked, lambda part, response: bool(response))

    def missing(self, names: Sequence[str]) -> list[str]:
        """The parts named ``names`` (as `prefetch` takes them) not on disk."""
        return [part for part in self.parts
                if part.rpartition("/")[2].rpartition("-")[0] in names and not os.path.isfile(self.path(part))]

    def prefetch(self, names: Sequence[str]) -> Awaitable[int]:
        """Ask now, asynchronously, for the parts named ``names`` (``<game>``,
        ``<game>.guide``, ``app.reading``: `app.routes.parts_needed`) that
        are not on disk; awaited, put on disk those that arrived, and how
        many. A part that failed is fetched when first imported, as before."""
        import js

        asked = [(part, js.fetch(self.site_url + part)) for part in self.missing(names)]

        # (not there, or Cache Storage gave it meanwhile: left alone)
        return self._put_arrived(asked, lambda part, response: bool(response.ok)
                                 and not os.path.isfile(self.path(part)))

    async def _put_arrived(self, asked: list[tuple[str, Any]], wanted: Callable[[str, Any], bool]) -> int:
        """Await each (part, answer) of `asked` (a JavaScript promise of a
        Response, or of nothing) and put on disk the parts whose response is
        `wanted`; how many. One that fails (storage blocked, offline, an
        unreadable entry) is left to the fetch at its first import."""
        put = 0
        for part, answer in asked:
            try:
                response = await answer
                if not wanted(part, response):
                    continue
                self.put(part, (await response.arrayBuffer()).to_bytes())
            except Exception:
                continue
            put += 1
        return put

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        part = self.part_of.get(fullname)
        if part is None:
            return None
        try:
            archive = self.ready(part)
        except OSError as error:
            raise ModuleNotFoundError(
                f"No module named {fullname!r} here: it is in {part}, which could not be loaded ({error})",
                name=fullname) from None
        folder = fullname.rpartition(".")[0].replace(".", "/")
        return WheelImporter(f"{archive}/{folder}/").find_spec(fullname)

    def invalidate_caches(self) -> None:
        pass


def install_parts(site_url: str, fetch: Callable[[str], bytes]) -> PartFinder | None:
    """Put a `PartFinder` on ``sys.meta_path`` for the parts named by the
    index of the wheel given to `install` (once; the one already there
    otherwise); None without such a wheel or index."""
    for finder in sys.meta_path:
        if isinstance(finder, PartFinder):
            return finder
    data = wheel_data(PARTS_INDEX)
    try:
        parts = json.loads(data) if data is not None else None
    except ValueError:
        return None
    if parts is None:
        return None
    finder = PartFinder(site_url, parts, os.path.join(os.path.dirname(_WHEEL[0]), "coalitions-parts"), fetch)
    sys.meta_path.append(finder)
    return finder
