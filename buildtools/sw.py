"""The service worker that makes the site work offline after one visit.

``dist/sw.js`` is written from the template ``sw.js`` with the list of files
the page needs to start (:func:`precache_files`) and a cache name stamped with
a hash of their contents (:func:`write_service_worker`).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import NamedTuple

from .common import PYODIDE_FILES, ROOT, BuildError, require, sha256_file
from .prerender import PAGES_DIR
from .wheel import site_parts, site_wheel, stdlib_archive

# The service worker's template (dist/sw.js is written from it) and the
# PyScript files the page loads at start: core.js, the chunk it imports, and
# the chunks that chunk imports at once (the config's TOML parser, the error
# and deprecation helpers, and the plugins, which load whether used or not).
# Hashed names are resolved from the imports in core.js and its chunk, so an
# upgrade of PyScript that renames or drops one fails the build.  The editor's
# CodeMirror, the terminal's xterm, zip and the rest of dist/pyscript/ load
# only on demand and are not precached.
SW_TEMPLATE = ROOT / "sw.js"
PYSCRIPT_AT_START = ("core.js", "core.css")
PYSCRIPT_START_CHUNKS = (
    "core", "toml", "error", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal",
)
# Cache names: SW_CACHE_PREFIX + <the worker's scope, as a path> + ":" + version
# (see sw.js and :func:`sw_cache_name`).
SW_CACHE_PREFIX = "coalitions:"


def _chunk_named(base: str, text: str, where: str) -> str:
    names = set(re.findall(r"""["'`]\./(""" + re.escape(base) + r"""-[A-Za-z0-9_-]{6,}\.js)["'`]""", text))
    if len(names) != 1:
        raise BuildError(f"{where}: expected one import of a {base}-<hash>.js chunk, found {sorted(names) or 'none'}"
                         " (PyScript changed: update PYSCRIPT_START_CHUNKS in buildtools/sw.py)")
    return names.pop()


def pyscript_start_files(pyscript: Path) -> list[str]:
    """Names of the files in ``pyscript/`` that the page loads at start."""
    core = (pyscript / "core.js").read_text("utf-8")
    core_chunk = _chunk_named("core", core, "pyscript/core.js")
    text = core + (pyscript / core_chunk).read_text("utf-8")
    names = list(PYSCRIPT_AT_START) + [_chunk_named(base, text, f"pyscript/{core_chunk}")
                                      for base in PYSCRIPT_START_CHUNKS]
    for name in names:
        require(pyscript / name, "PyScript file the page loads at start")
    return names


def precache_files(site: Path) -> list[str]:
    """Paths (relative to the site's root) of the files the page needs to start:
    the shell, ``static/``, the entry script, the config, the game's wheel
    and the games' parts, the rules pages drawn at build time (``pages/``,
    fetched only when shown: they open offline after one visit),
    Pyodide (its module, WebAssembly, standard library and lock file) and
    PyScript's start-up modules.  Not the ``micropip``/``packaging`` wheels,
    which the app never loads."""
    files = ["index.html", "pyscript.toml"]
    for folder in ("static", "py", PAGES_DIR):
        if (site / folder).is_dir():
            files += sorted(p.relative_to(site).as_posix() for p in (site / folder).rglob("*") if p.is_file())
    files.append(site_wheel(site).name)
    # every game's part (buildtools/wheel.py): any game opens offline after one visit
    files += [part.relative_to(site).as_posix() for part in site_parts(site)]
    files += [f"pyodide/{name}" for name in (*PYODIDE_FILES, "pyodide-lock.json", "start.mjs", "snapshot-worker.mjs")]
    files += [f"pyscript/{name}" for name in pyscript_start_files(site / "pyscript")]
    for name in files:
        require(site / name, "a file to precache")
    return files


def on_demand_files(site: Path) -> list[str]:
    """Paths of the files the page fetches only if asked for: the whole
    standard library (py/app/stdlib.py). The worker keeps them once fetched."""
    return [stdlib_archive(site).relative_to(site).as_posix()]


class ServiceWorker(NamedTuple):
    """What :func:`write_service_worker` wrote."""

    path: Path
    version: str  # a hash of the worker and every precached file
    files: list[str]  # precached, relative to the site's root
    size: int  # their total size in bytes


def sw_cache_name(version: str, scope_path: str = "/") -> str:
    """The cache a worker of this ``version`` registered with the scope
    ``scope_path`` (e.g. "/coalitions/") fills: "coalitions:/coalitions/:<version>"."""
    return f"{SW_CACHE_PREFIX}{scope_path}:{version}"


def cache_version(template: bytes, hashes: dict[str, str]) -> str:
    """A hash of the worker's template and of every precached file's name and hash."""
    digest = hashlib.sha256(template)
    digest.update(json.dumps(hashes, sort_keys=True).encode("utf-8"))
    return digest.hexdigest()[:16]


def write_service_worker(site: Path, template: Path = SW_TEMPLATE) -> ServiceWorker:
    """Write ``site/sw.js`` from the template for the files now in ``site``.

    Run it again after changing a file of a built site (a test "deploys a new
    version" that way): the version, hence the cache's name, changes with any
    precached content."""
    source = require(template, "the service worker's template").read_text("utf-8")
    files = precache_files(site)
    hashes = {name: sha256_file(site / name)[:16] for name in files}
    optional = {name: sha256_file(site / name)[:16] for name in on_demand_files(site)}
    version = cache_version(source.encode("utf-8"), {**hashes, **optional})
    text = source
    for marker, value in (('"__VERSION__"', json.dumps(version)),
                          ('{"__PRECACHE__": ""}', json.dumps(hashes, indent=2)),
                          ('{"__ON_DEMAND__": ""}', json.dumps(optional, indent=2))):
        if text.count(marker) != 1:
            raise BuildError(f"{template}: expected {marker} once")
        text = text.replace(marker, value)
    target = site / "sw.js"
    target.write_text(text, "utf-8")
    size = sum((site / name).stat().st_size for name in files)
    return ServiceWorker(target, version, files, size)
