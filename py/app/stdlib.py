"""The standard library beyond the part the site ships at start.

The site's ``pyodide/python_stdlib.zip`` (what Pyodide mounts as
``/lib/python3XY.zip``) holds only the modules the app imports, as bytecode
(build.py, stdlib-modules.txt). The whole library is beside it,
``pyodide/python_stdlib_all-<hash>.zip``; the module ``_coalitions_stdlib``
that build.py writes into the shipped zip names that file and the modules only
it has. `install` puts a finder last on ``sys.meta_path``: the first time an
import asks for one of those modules (a bot or a feature that imports more
than the list says), it fetches the whole library once, puts it in the place
of the shipped zip (a superset: what was imported from it stays valid) and
lets the usual finders import from it.

Imports are synchronous, so the fetch is too: a synchronous
``XMLHttpRequest``, which the page's thread and a worker both allow, but which
Chromium does not send through the service worker. So the finder then asks
for the file again asynchronously (`keep`; the HTTP cache answers), which the
service worker does see and keeps; and a later start that finds it in Cache
Storage puts it in place before the app imports anything (`restore`), so such
an import also works offline afterwards.
"""

from __future__ import annotations

import _codecs
import importlib
import importlib.machinery
import json
import sys
from collections.abc import Awaitable, Callable, Sequence
from types import ModuleType
from typing import Any

from .wheel import PartFinder, install_parts

Fetch = Callable[[str], bytes]


def mounted_library() -> str:
    """Where Pyodide mounts the standard library: ``/lib/python3XY.zip``."""
    return f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"


def fetch_bytes(url: str) -> bytes:
    """The body of ``url``, fetched synchronously (OSError if that fails).

    A page's thread may not ask a synchronous request for an ArrayBuffer, so
    the body comes as text decoded as x-user-defined, where each byte 0x80 to
    0xFF is the character U+F780 to U+F7FF, and is encoded back with that
    character map (`_x_user_defined`). The codec machinery of ``_codecs`` is
    built in: no module of the library is looked up while it is missing."""
    import js

    request = js.XMLHttpRequest.new()
    request.open("GET", url, False)
    request.overrideMimeType("text/plain; charset=x-user-defined")
    try:
        request.send(None)
    except Exception as error:  # a network error: offline and not cached
        raise OSError(f"{url}: {error}") from None
    if request.status != 200:
        raise OSError(f"{url}: HTTP {request.status}")
    text: str = request.responseText
    return bytes(_codecs.charmap_encode(text, "strict", _x_user_defined())[0])


def _x_user_defined() -> Any:
    """The encoding map of the x-user-defined character set (see `fetch_bytes`)."""
    return _codecs.charmap_build("".join(chr(b) if b < 0x80 else chr(0xF700 + b) for b in range(256)))


def keep(url: str) -> None:
    """Ask for ``url`` asynchronously, for the service worker to keep it."""
    import js

    js.fetch(url).catch(lambda error: None)


class LibraryFinder:
    """Last on ``sys.meta_path``: fetches the whole library the first time a
    module only it has is imported (see the module's docstring)."""

    def __init__(self, url: str, modules: frozenset[str], fetch: Fetch = fetch_bytes,
                 target: str | None = None, keep: Callable[[str], None] = keep,
                 parts: PartFinder | None = None) -> None:
        self.url = url
        self.parts = parts
        self.modules = modules
        self.fetch = fetch
        self.keep = keep
        self.target = target or mounted_library()
        self.fetched = False
        self.failure: str | None = None

    def put(self, data: bytes) -> None:
        """Put the whole library ``data`` in the shipped zip's place."""
        with open(self.target, "wb") as handle:
            handle.write(data)
        self.fetched = True
        # Every zip importer re-reads the directory of the archive now in the
        # shipped one's place; modules already imported keep their code.
        importlib.invalidate_caches()

    def restore(self) -> Awaitable[bool]:
        """Put the whole library in place if Cache Storage holds it (it was
        fetched on an earlier visit), and the games' parts it holds
        (`app.wheel.PartFinder.restore`); awaited, whether it put the library.
        Cache Storage is asked now, and answers while the caller goes on."""
        import js

        parts = self.parts.restore() if self.parts is not None else None
        answer = None
        if not self.fetched and hasattr(js, "caches"):
            try:
                answer = js.caches.match(self.url)
            except Exception:  # storage blocked: fetched when needed
                answer = None

        async def put_it() -> bool:
            if parts is not None:
                await parts
            if answer is None:
                return self.fetched
            try:
                response = await answer
                if not response:
                    return False
                self.put((await response.arrayBuffer()).to_bytes())
            except Exception:  # storage blocked or the entry unreadable: fetched when needed
                return False
            return True

        return put_it()

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if self.fetched or fullname not in self.modules:
            return None
        try:
            data = self.fetch(self.url)
        except OSError as error:
            self.failure = str(error)
            raise ModuleNotFoundError(
                f"No module named {fullname!r} here: it is in the standard library's remaining modules,"
                f" which could not be loaded ({error})", name=fullname) from None
        self.put(data)
        try:
            self.keep(self.url)
        except Exception:  # no fetch here: nothing to keep it
            pass
        return importlib.machinery.PathFinder.find_spec(fullname, path)

    def invalidate_caches(self) -> None:
        pass


# The module build.py writes into the shipped zip (buildtools/wheel.py, STDLIB_INDEX).
INDEX = "_coalitions_stdlib"


def install(base_url: str) -> LibraryFinder | None:
    """Put a `LibraryFinder` last on ``sys.meta_path`` for the library named by
    the shipped zip's index, ``base_url`` being the URL of the site's
    ``pyodide/`` folder, and before it the finder of the games' parts
    (`app.wheel.install_parts`). None where there is no index (a Python with
    its whole library, as in the tests)."""
    parts = install_parts(base_url.rstrip("/").rpartition("/")[0] + "/", fetch_bytes)
    try:
        index: Any = importlib.import_module(INDEX)
    except ImportError:
        return None
    already = installed()
    if already is not None:
        return already
    finder = LibraryFinder(base_url.rstrip("/") + "/" + index.ARCHIVE, frozenset(index.MODULES), parts=parts)
    sys.meta_path.append(finder)
    return finder


def installed() -> LibraryFinder | None:
    """The `LibraryFinder` `install` put on ``sys.meta_path``, or None."""
    return next((finder for finder in sys.meta_path if isinstance(finder, LibraryFinder)), None)


def imported_modules() -> str:
    """The standard library's modules imported so far, as JSON: [[path in
    python_stdlib.zip (as .py), how it was loaded: "pyc", "py" or "frozen"
    (built into the interpreter, though __file__ names the zip)], ...].
    A module loaded from the fetched whole library counts as "py" unless it was
    listed (then it is in both as bytecode). Not the site's INDEX."""
    mount = mounted_library() + "/"
    found = set()
    for module_name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None) or ""
        if path.startswith(mount) and module_name != INDEX:
            name = path[len(mount):]
            spec = getattr(module, "__spec__", None)
            if getattr(spec, "origin", None) == "frozen":
                how = "frozen"
            else:
                how = "pyc" if name.endswith(".pyc") else "py"
            found.add((name[:-1] if name.endswith(".pyc") else name, how))
    return json.dumps(sorted(found))


def fetched() -> bool:
    """Whether this Python fetched the whole library (see `LibraryFinder`)."""
    return any(isinstance(finder, LibraryFinder) and finder.fetched for finder in sys.meta_path)
