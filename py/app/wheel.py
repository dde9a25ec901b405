"""Importing the page's modules from the game's wheel, each read once.

The page does not unpack the wheel: ``py/main.py`` puts the file on
``sys.path`` and Python's zip importer reads each module from it. That
importer, asked for a module, decompresses and unmarshals its bytecode once
to name the module's file and again to run it. Every module of our wheel has
its bytecode beside its source (``pkg/mod.pyc``, written by build.py), so the
file's name is known without reading it; `install` gives the wheel an
importer that says so, and the page's start reads each module once.
"""

from __future__ import annotations

import sys
import zipimport
from typing import Callable


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

    def hook(path: str) -> WheelImporter:
        if path == wheel or path.startswith(wheel + "/"):
            return WheelImporter(path)
        raise ImportError("not in the game's wheel")

    sys.path_hooks.insert(0, hook)
    for path in list(sys.path_importer_cache):
        if path == wheel or path.startswith(wheel + "/"):
            del sys.path_importer_cache[path]
    return hook
