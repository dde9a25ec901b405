#!/usr/bin/env python3
"""Build Coalitions into a self-contained static site in ``dist/``.

Usage::

    python build.py                      # build dist/
    python build.py serve [--port P] [--prefix /coalitions/] [--cache-seconds N] [--no-gzip]
    python build.py check                # build, then scan dist/ for off-site URLs

The site needs nothing but a static file server: Pyodide, PyScript, the two
wheels Pyodide needs for ``micropip`` and the game's own code are all copied
into ``dist/`` and referenced by relative URLs, so it works offline and under a
sub-path (a GitHub Pages project site, for instance).

Standard library only; runs on Python 3.11+.  Inputs:

* ``index.html``, ``pyscript.toml``, ``sw.js`` (a template), ``static/`` (with
  the stylesheet's sources in ``static/css/``) and ``py/`` from the repository;
* ``node_modules/pyodide`` and ``node_modules/@pyscript/core`` (``npm ci``);
* the ``micropip`` and ``packaging`` wheels, fetched once with pip into
  ``.cache/wheels/`` and checked against the digests pinned below;
* ``stdlib-modules.txt``: the standard-library files shipped as bytecode.

Python is shipped compiled for Pyodide: the wheel carries the bytecode of each
of its modules and no source (``pkg/mod.pyc``, the zip importer's layout: the
page imports from the wheel itself, which it does not unpack), and
``dist/pyodide/python_stdlib.zip`` holds only the files listed in
``stdlib-modules.txt``, as bytecode, stored so that the server's gzip
compresses it; the whole library, ``pyodide/python_stdlib_all-<hash>.zip``,
is fetched only if the app imports a module beyond those
(``py/app/stdlib.py``). Both are compiled by Pyodide under Node
(``scripts/pyodide_compile.mjs``, cached in ``.cache/pyodide/``), so that the
browser does not compile them on every start.

``dist/pyodide/pyodide-lock.json`` lists only those two packages, with the
digests of the shipped files (Pyodide checks them), so asking Pyodide for any
other package fails at once instead of fetching from elsewhere.

``dist/static/app.css`` is written from ``static/css/base.css`` and one sheet
per game, ``static/css/games/<game-id>.css`` (:mod:`buildtools.css`).

``dist/index.html`` carries the home page, and ``dist/pages/rules-<game>.html``
each game's rules page, drawn at build time by the app's own renderers under
CPython, so that they are readable before Python has started; a rules page's
file is fetched only when that page is shown (:mod:`buildtools.prerender`).

``dist/sw.js`` is the service worker that makes the site work offline after
one visit: written from the template ``sw.js`` with the list of files the page
needs to start (:func:`precache_files`) and a cache name stamped with a hash of
their contents (:func:`write_service_worker`).

The pieces live in ``buildtools/``: the wheel and bytecode (``wheel.py``), the
stylesheet (``css.py``), the service worker (``sw.py``), the page's
start-up preloads (``preload.py``), the URL check
(``check.py``), the static server (``serve.py``) and Chromium's launch options
(``chromium.py``).  This file assembles the site and keeps the command line;
the names scripts and tests use are importable from here.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from buildtools.check import check_urls, report as report_urls
from buildtools.chromium import CHROMIUM_ARGS, CHROMIUM_PATH, chromium_launch_options
from buildtools.common import (
    DIST, IGNORED_NAMES, PROJECT_NAME, PY_SRC, PYODIDE_FILES, PYODIDE_SRC, PYSCRIPT_SRC, ROOT,
    BuildError, log, require, sha256_file,
)
from buildtools.csp import csp_hash, page_policy, write_page
from buildtools.css import copy_static, stylesheet_sources, stylesheet_text
from buildtools.prerender import (
    BYTES_MARKER, download_bytes, games_catalogue, insert_pages, prerendered_pages, stamp, write_pages,
)
from buildtools.serve import SiteHandler, SiteServer, make_server, normalize_prefix, serve_forever, serving
from buildtools.sw import (
    PYSCRIPT_AT_START, PYSCRIPT_START_CHUNKS, SW_CACHE_PREFIX, SW_TEMPLATE, ServiceWorker,
    cache_version, precache_files, pyscript_start_files, sw_cache_name, write_service_worker,
)
from buildtools.preload import preload_links, preloaded_files, write_preloads
from buildtools.pyscript_bytecode import stdlib_entries as pyscript_stdlib_entries
from buildtools.snapshot import SNAPSHOT_KEY_MARKER, write_pyodide_start
from buildtools.wheel import (
    GAME_PARTS, PARTS_INDEX, SITE_WHEEL_OMITS, game_of, part_of, STDLIB_ARCHIVE, STDLIB_INDEX, STDLIB_MODULES, WHEEL_FILE, WHEEL_PACKAGES, build_wheel,
    compiled_stdlib, module_names, project_version, python_packages, site_parts, site_wheel, split_stdlib, stdlib_archive,
    stdlib_modules, wheel_name,
)

# Importable from here (scripts and tests use ``build.<name>``).
__all__ = [
    "BuildError", "CHROMIUM_ARGS", "CHROMIUM_PATH", "DIST", "GAME_PARTS", "PARTS_INDEX", "game_of", "part_of", "write_pyodide_start", "PROJECT_NAME", "PYODIDE_FILES", "PYODIDE_SRC",
    "PYSCRIPT_AT_START", "PYSCRIPT_START_CHUNKS", "PYSCRIPT_SRC", "PY_SRC", "ROOT", "STDLIB_ARCHIVE", "STDLIB_INDEX",
    "STDLIB_MODULES", "SITE_WHEEL_OMITS", "module_names", "split_stdlib", "stdlib_archive",
    "SW_CACHE_PREFIX", "SW_TEMPLATE", "ServiceWorker", "SiteHandler", "SiteServer", "VENDORED_WHEELS",
    "WHEEL_PACKAGES", "assemble", "build", "build_wheel", "cache_version", "check_urls", "games_catalogue",
    "chromium_launch_options", "csp_hash", "main", "page_policy", "make_server", "normalize_prefix", "precache_files", "project_version",
    "pyscript_start_files", "python_packages", "serving", "site_parts", "site_wheel", "stdlib_modules", "stylesheet_sources",
    "stylesheet_text", "sw_cache_name", "vendored_wheels", "write_page", "wheel_name", "write_service_worker",
    "preload_links", "preloaded_files", "write_preloads",
]

WHEEL_CACHE = ROOT / ".cache" / "wheels"

# Pure-Python wheels shipped next to pyodide-lock.json so that
# ``loadPackage("micropip")`` works offline.  The npm package holds none, and
# the digests in its lock file are those of Pyodide's own builds, so the lock
# is rewritten with the digests of these files (fetched from PyPI, pinned here).
VENDORED_WHEELS = {
    "micropip": {
        "requirement": "micropip==0.11.1",
        "file_name": "micropip-0.11.1-py3-none-any.whl",
        "sha256": "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
    },
    "packaging": {
        "requirement": "packaging==26.1",
        "file_name": "packaging-26.1-py3-none-any.whl",
        "sha256": "5d9c0669c6285e491e0ced2eee587eaf67b670d94a19e94e3984a481aba6802f",
    },
}


# --------------------------------------------------------------------------
# Inputs


def ensure_node_modules() -> None:
    """Run ``npm ci`` when node_modules lacks the versions pinned in package.json."""
    pins = json.loads((ROOT / "package.json").read_text("utf-8"))["dependencies"]
    stale = []
    for name, version in pins.items():
        manifest = ROOT / "node_modules" / name / "package.json"
        installed = json.loads(manifest.read_text("utf-8"))["version"] if manifest.is_file() else None
        if installed != version:
            stale.append(f"{name} {installed or 'missing'} (want {version})")
    if stale:
        log(f"npm ci: {', '.join(stale)}")
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError("npm is needed to fetch Pyodide and PyScript (install Node.js)")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


def vendored_wheels(cache: Path = WHEEL_CACHE) -> dict[str, Path]:
    """Paths of the pinned wheels, downloading them with pip if not cached."""
    cache.mkdir(parents=True, exist_ok=True)
    missing = [
        spec["requirement"]
        for spec in VENDORED_WHEELS.values()
        if not (cache / spec["file_name"]).is_file()
    ]
    if missing:
        log(f"downloading {', '.join(missing)} into {cache}")
        command = [
            sys.executable, "-m", "pip", "download",
            "--disable-pip-version-check", "--quiet",
            "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
            "--dest", str(cache), *missing,
        ]
        subprocess.run(command, check=True)
    paths = {}
    for name, spec in VENDORED_WHEELS.items():
        path = cache / spec["file_name"]
        if not path.is_file():
            raise BuildError(f"pip did not produce {path}")
        actual = sha256_file(path)
        if actual != spec["sha256"]:
            raise BuildError(
                f"{path.name}: sha256 {actual} does not match the pinned "
                f"{spec['sha256']}; delete {path} and try again"
            )
        paths[name] = path
    return paths


# --------------------------------------------------------------------------
# Site assembly


def write_lock(source: Path, target: Path, wheels: dict[str, Path]) -> None:
    """Copy pyodide-lock.json keeping only the vendored packages, with their digests."""
    lock = json.loads(source.read_text("utf-8"))
    packages = {}
    for name, path in wheels.items():
        entry = dict(lock["packages"][name])
        if entry["file_name"] != path.name:
            raise BuildError(f"lock expects {entry['file_name']}, vendored {path.name}")
        entry["sha256"] = sha256_file(path)
        packages[name] = entry
    for name, entry in packages.items():
        for dep in entry.get("depends", []):
            if dep not in packages:
                raise BuildError(f"{name} depends on {dep}, which is not vendored")
    lock["packages"] = packages
    target.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", "utf-8")


WHEEL_REF = WHEEL_FILE


def write_config(source: Path, target: Path, wheel: str) -> None:
    """Copy pyscript.toml, pointing every reference to our wheel at the file
    ``wheel`` (its name carries its content hash).  The page's Python reads
    the name back from this config for the bot worker (py/app/botworker.py)."""
    text = source.read_text("utf-8")
    if len(WHEEL_REF.findall(text)) != 1:
        raise BuildError(f"{source}: expected one reference to the {PROJECT_NAME} wheel")
    target.write_text(WHEEL_REF.sub(wheel, text), "utf-8")



def assemble(out: Path) -> None:
    """Write the whole site into the empty directory ``out``."""
    version = project_version()
    log(f"version {version}")
    ensure_node_modules()

    page = require(ROOT / "index.html", "the page").read_text("utf-8")
    pages = prerendered_pages()
    (out / "index.html").write_text(insert_pages(page, pages), "utf-8")
    fetched = write_pages(out, pages)
    log(f"{len(pages)} pages drawn at build time: home in index.html, {', '.join(fetched)}")
    policy = write_page(out / "index.html", out / "index.html")
    log(f"index.html: Content-Security-Policy {policy}")
    (out / ".nojekyll").write_text("")

    stylesheet = copy_static(out)
    log(f"{stylesheet.relative_to(out).as_posix()} from {', '.join(p.name for p in stylesheet_sources())}")

    # py/: loose files (main.py) go as they are; packages go into the wheel.
    packages = set(python_packages())
    for item in sorted(require(PY_SRC, "Python sources").iterdir()):
        if item.name in packages or IGNORED_NAMES(str(PY_SRC), [item.name]):
            continue
        (out / "py").mkdir(exist_ok=True)
        if item.is_dir():
            shutil.copytree(item, out / "py" / item.name, ignore=IGNORED_NAMES)
        else:
            shutil.copy2(item, out / "py" / item.name)
    wheel = build_wheel(out, version=version, data=(games_catalogue(),))
    log(f"wheel {wheel.name} ({', '.join(sorted(packages))})")
    write_config(require(ROOT / "pyscript.toml", "PyScript config"), out / "pyscript.toml", wheel.name)

    pyodide = out / "pyodide"
    pyodide.mkdir()
    hint = "run npm ci"
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":
            shipped, archive, whole = split_stdlib(compiled_stdlib(), stdlib_modules(), pyscript_stdlib_entries())
            (pyodide / name).write_bytes(shipped)
            (pyodide / archive).write_bytes(whole)
            log(f"{name}: {len(stdlib_modules())} modules as bytecode, and PyScript's package's;"
                f" the rest on demand from {archive}")
        else:
            shutil.copy2(require(PYODIDE_SRC / name, hint), pyodide / name)
    wheels = vendored_wheels()
    for path in wheels.values():
        shutil.copy2(path, pyodide / path.name)
    write_lock(require(PYODIDE_SRC / "pyodide-lock.json", hint), pyodide / "pyodide-lock.json", wheels)
    log(f"pyodide {json.loads((PYODIDE_SRC / 'package.json').read_text())['version']}"
        f" + {', '.join(p.name for p in wheels.values())}")

    # Only the PyScript files the page loads (its editor, terminal and the
    # rest of PyScript's dist/ never are).
    (out / "pyscript").mkdir()
    for name in pyscript_start_files(require(PYSCRIPT_SRC, hint)):
        shutil.copy2(PYSCRIPT_SRC / name, out / "pyscript" / name)
    log(f"pyscript {json.loads((PYSCRIPT_SRC.parent / 'package.json').read_text())['version']}")

    preloads = write_preloads(out / "index.html", out)
    log(f"index.html: {preloads} start-up preloads (PyScript's modules, config, wheel, entry script)")

    snapshot_key = write_pyodide_start(pyodide, stdlib_modules())
    stamp(out / "index.html", SNAPSHOT_KEY_MARKER, snapshot_key)
    log(f"pyodide/start.mjs: PyScript's interpreter module, Python snapshots of build {snapshot_key}")

    runtime = download_bytes(out, precache_files(out))
    stamp(out / "index.html", BYTES_MARKER, str(runtime))
    log(f"the Python runtime: {runtime / 1e6:.1f} MB to download")
    worker = write_service_worker(out)
    log(f"sw.js: {len(worker.files)} files precached ({worker.size / 1e6:.1f} MB), version {worker.version}")


def build(dist: Path = DIST) -> Path:
    """Build the site into ``dist`` (replaced as a whole at the end) and return it."""
    staging = dist.with_name(f"{dist.name}.partial-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        assemble(staging)
        old = dist.with_name(f"{dist.name}.old-{os.getpid()}")
        if dist.exists():
            dist.rename(old)
        staging.rename(dist)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    size = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    log(f"wrote {dist} ({size / 1e6:.1f} MB)")
    return dist

# --------------------------------------------------------------------------
# Command line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build Coalitions into a self-contained static site in dist/.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build dist/ (the default)")
    serve = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--prefix", default="/", help="serve the site under this path, e.g. /coalitions/")
    serve.add_argument("--cache-seconds", type=int, default=0,
                       help="Cache-Control max-age (0: always revalidate; GitHub Pages uses 600)")
    serve.add_argument("--no-gzip", action="store_true", help="send files uncompressed (default: gzip, as GitHub Pages)")
    serve.add_argument("--no-build", action="store_true", help="serve the existing dist/")
    check = sub.add_parser("check", help="build, then scan dist/ for absolute URLs to other origins")
    check.add_argument("--no-build", action="store_true", help="scan the existing dist/")
    check.add_argument("--verbose", "-v", action="store_true", help="also list harmless mentions")
    args = parser.parse_args(argv)

    try:
        if not getattr(args, "no_build", False):
            build()
    except (BuildError, subprocess.CalledProcessError) as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1

    if args.command == "serve":
        serve_forever(DIST, port=args.port, prefix=args.prefix, cache_seconds=args.cache_seconds,
                      compress=not args.no_gzip)
    elif args.command == "check":
        return report_urls(DIST, verbose=args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
