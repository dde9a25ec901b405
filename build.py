#!/usr/bin/env python3
"""Build Coalitions into a self-contained static site in ``dist/``.

Usage::

    python build.py                      # build dist/
    python build.py serve [--port P] [--prefix /coalitions/] [--cache-seconds N]
    python build.py check                # build, then scan dist/ for off-site URLs

The site needs nothing but a static file server: Pyodide, PyScript, the two
wheels Pyodide needs for ``micropip`` and the game's own code are all copied
into ``dist/`` and referenced by relative URLs, so it works offline and under a
sub-path (a GitHub Pages project site, for instance).

Standard library only; runs on Python 3.11+.  Inputs:

* ``index.html``, ``pyscript.toml``, ``sw.js`` (a template), ``static/`` and
  ``py/`` from the repository;
* ``node_modules/pyodide`` and ``node_modules/@pyscript/core`` (``npm ci``);
* the ``micropip`` and ``packaging`` wheels, fetched once with pip into
  ``.cache/wheels/`` and checked against the digests pinned below;
* ``stdlib-modules.txt``: the standard-library files shipped as bytecode.

Python is shipped compiled for Pyodide: the wheel carries the bytecode of each
of its modules, and ``dist/pyodide/python_stdlib.zip`` is Pyodide's own with
the listed files as bytecode, both compiled by Pyodide under Node
(``scripts/pyodide_compile.mjs``, cached in ``.cache/pyodide/``), so that the
browser does not compile them on every start.

``dist/pyodide/pyodide-lock.json`` lists only those two packages, with the
digests of the shipped files (Pyodide checks them), so asking Pyodide for any
other package fails at once instead of fetching from elsewhere.

``dist/sw.js`` is the service worker that makes the site work offline after
one visit: written from the template ``sw.js`` with the list of files the page
needs to start (:func:`precache_files`) and a cache name stamped with a hash of
their contents (:func:`write_service_worker`).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import functools
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import zipfile
from pathlib import Path
from typing import NamedTuple
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
PY_SRC = ROOT / "py"
WHEEL_CACHE = ROOT / ".cache" / "wheels"
PYODIDE_SRC = ROOT / "node_modules" / "pyodide"
# Bytecode compiled by Pyodide under Node (scripts/pyodide_compile.mjs), kept
# between builds under a name derived from its inputs.
BYTECODE_CACHE = ROOT / ".cache" / "pyodide"
PYODIDE_COMPILE = ROOT / "scripts" / "pyodide_compile.mjs"
# The standard-library files the site ships as bytecode (the rest stay .py, as
# Pyodide publishes them): what the app imports to start and play every game.
# scripts/list_stdlib_modules.py writes it; a browser test checks it is complete.
STDLIB_MODULES = ROOT / "stdlib-modules.txt"
PYSCRIPT_SRC = ROOT / "node_modules" / "@pyscript" / "core" / "dist"

PROJECT_NAME = "coalitions"
# Packages of py/ shipped in the wheel (with or without an __init__.py);
# loose files such as py/main.py are copied to dist/py/ as they are.
WHEEL_PACKAGES = ("coalitions", "app")
DEFAULT_VERSION = "0.1.0"

# Files of the npm ``pyodide`` package that the browser needs.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)

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
SW_CACHE_PREFIX = "coalitions-"

# Chromium as used by the tests and benchmarks (Debian's package).
CHROMIUM_PATH = "/usr/bin/chromium"
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-gpu",
    "--no-first-run",
    "--disable-sync",
)

# Zip entries get this fixed time so that a rebuild of unchanged sources gives
# byte-identical wheels (good for HTTP caches).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

IGNORED_NAMES = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*~")


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


class BuildError(RuntimeError):
    pass


# --------------------------------------------------------------------------
# Inputs


def project_version(py_src: Path = PY_SRC) -> str:
    """``__version__`` from ``py/coalitions/__init__.py`` (read, not imported)."""
    init = py_src / PROJECT_NAME / "__init__.py"
    if init.is_file():
        match = re.search(
            r"""^__version__\s*=\s*["']([^"']+)["']""", init.read_text("utf-8"), re.MULTILINE
        )
        if match:
            return match.group(1)
    return DEFAULT_VERSION


def wheel_name(version: str) -> str:
    return f"{PROJECT_NAME}-{version}-py3-none-any.whl"


def python_packages(py_src: Path = PY_SRC) -> list[str]:
    """Top-level packages under ``py/`` that go into the wheel: ``coalitions``,
    ``app`` and any other directory with an ``__init__.py``."""
    return sorted(
        p.name for p in py_src.iterdir()
        if p.is_dir() and (p.name in WHEEL_PACKAGES or (p / "__init__.py").is_file())
    )


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


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


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
# Bytecode for Pyodide
#
# Pyodide's python_stdlib.zip holds the standard library as sources, and the
# wheel holds ours: without bytecode the browser compiles every module it
# imports on every start (about as long as Pyodide takes to boot). Bytecode must
# come from Pyodide's own Python (3.14; the format changes with each minor
# version), so Node runs Pyodide to compile it (scripts/pyodide_compile.mjs).
# Unchecked hash-based .pyc files (PEP 552) are never compared with a source.


def _pyodide_compile(source_zip: Path, target: Path, *extra: str) -> None:
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node.js is needed to compile Python for Pyodide (install nodejs)")
    partial = target.with_name(target.name + f".partial-{os.getpid()}")
    command = [node, str(PYODIDE_COMPILE), "--pyodide", str(PYODIDE_SRC),
               "--in", str(source_zip), "--out", str(partial), *extra]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        raise BuildError(f"compiling for Pyodide failed: {done.stderr.strip()[-2000:]}")
    partial.replace(target)


def _cached_compile(kind: str, inputs: list[bytes], make) -> Path:
    """The cached file for these inputs (with the compiler and Pyodide's version), made by ``make(path)`` once."""
    digest = hashlib.sha256()
    for part in (PYODIDE_COMPILE.read_bytes(), (PYODIDE_SRC / "package.json").read_bytes(), *inputs):
        digest.update(hashlib.sha256(part).digest())
    target = BYTECODE_CACHE / f"{kind}-{digest.hexdigest()[:20]}.zip"
    if not target.is_file():
        BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
        make(target)
    return target


def stdlib_modules(path: Path = STDLIB_MODULES) -> list[str]:
    """The files of python_stdlib.zip listed to ship as bytecode."""
    return [line.strip() for line in path.read_text("utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def compiled_stdlib() -> Path:
    """Pyodide's python_stdlib.zip with the files of stdlib-modules.txt as bytecode."""
    stock = _require(PYODIDE_SRC / "python_stdlib.zip", "run npm ci")
    listed = _require(STDLIB_MODULES, "scripts/list_stdlib_modules.py writes it")
    return _cached_compile(
        "python_stdlib", [stock.read_bytes(), listed.read_bytes()],
        lambda target: _pyodide_compile(stock, target, "--stdlib", "--only", str(listed)))


def wheel_bytecode(sources: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """``pkg/__pycache__/mod.cpython-3XY.pyc`` entries for the ``.py`` files among ``sources``."""
    python = [(name, data) for name, data in sources if name.endswith(".py")]
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        for name, data in python:
            archive.writestr(_zip_info(name), data)

    def make(target: Path) -> None:
        source_zip = target.with_name(target.name + f".in-{os.getpid()}")
        source_zip.write_bytes(packed.getvalue())
        try:
            _pyodide_compile(source_zip, target)
        finally:
            source_zip.unlink(missing_ok=True)

    cached = _cached_compile("bytecode", [packed.getvalue()], make)
    with zipfile.ZipFile(cached) as archive:
        return [(info.filename, archive.read(info)) for info in archive.infolist()]


# --------------------------------------------------------------------------
# The project's wheel


def _record_hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def _zip_info(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def build_wheel(out_dir: Path, py_src: Path = PY_SRC, version: str | None = None, bytecode: bool = True) -> Path:
    """Write ``coalitions-<version>-py3-none-any.whl`` holding every package in
    ``py/``, with Pyodide's bytecode of each module unless ``bytecode`` is false
    (other Pythons ignore it: its cache tag is Pyodide's)."""
    version = version or project_version(py_src)
    packages = python_packages(py_src)
    if PROJECT_NAME not in packages:
        raise BuildError(f"{py_src / PROJECT_NAME / '__init__.py'} is missing")
    entries: list[tuple[str, bytes]] = []
    for package in packages:
        for path in sorted((py_src / package).rglob("*")):
            rel = path.relative_to(py_src)
            if path.is_dir() or "__pycache__" in rel.parts or path.suffix in {".pyc", ".pyo"}:
                continue
            entries.append((rel.as_posix(), path.read_bytes()))
    if bytecode:
        entries += wheel_bytecode(entries)

    dist_info = f"{PROJECT_NAME}-{version}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {PROJECT_NAME}\n"
        f"Version: {version}\n"
        "Summary: Five tabletop games about alliances, coalitions and elections.\n"
        "License: MIT\n"
        "Requires-Python: >=3.11\n"
    )
    wheel_meta = (
        "Wheel-Version: 1.0\n"
        "Generator: coalitions-build\n"
        "Root-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    )
    entries.append((f"{dist_info}/METADATA", metadata.encode("utf-8")))
    entries.append((f"{dist_info}/WHEEL", wheel_meta.encode("utf-8")))
    entries.append((f"{dist_info}/top_level.txt", "".join(p + "\n" for p in packages).encode()))

    record_name = f"{dist_info}/RECORD"
    record = io.StringIO()
    for name, data in entries:
        record.write(f"{name},{_record_hash(data)},{len(data)}\n")
    record.write(f"{record_name},,\n")
    entries.append((record_name, record.getvalue().encode("utf-8")))

    target = out_dir / wheel_name(version)
    with zipfile.ZipFile(target, "w") as archive:
        for name, data in entries:
            archive.writestr(_zip_info(name), data)
    return target


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


WHEEL_REF = re.compile(re.escape(PROJECT_NAME) + r"-[0-9][^\"'/\s]*?-py3-none-any\.whl")


def write_config(source: Path, target: Path, version: str) -> None:
    """Copy pyscript.toml, pointing every reference to our wheel at this version."""
    text = source.read_text("utf-8")
    target.write_text(WHEEL_REF.sub(wheel_name(version), text), "utf-8")


def _require(path: Path, hint: str) -> Path:
    if not path.exists():
        raise BuildError(f"{path} is missing ({hint})")
    return path


def assemble(out: Path) -> None:
    """Write the whole site into the empty directory ``out``."""
    version = project_version()
    log(f"version {version}")
    ensure_node_modules()

    shutil.copy2(_require(ROOT / "index.html", "the page"), out / "index.html")
    write_config(_require(ROOT / "pyscript.toml", "PyScript config"), out / "pyscript.toml", version)
    (out / ".nojekyll").write_text("")

    static = ROOT / "static"
    if static.is_dir():
        shutil.copytree(static, out / "static", ignore=IGNORED_NAMES)

    # py/: loose files (main.py) go as they are; packages go into the wheel.
    packages = set(python_packages())
    for item in sorted(_require(PY_SRC, "Python sources").iterdir()):
        if item.name in packages or IGNORED_NAMES(str(PY_SRC), [item.name]):
            continue
        (out / "py").mkdir(exist_ok=True)
        if item.is_dir():
            shutil.copytree(item, out / "py" / item.name, ignore=IGNORED_NAMES)
        else:
            shutil.copy2(item, out / "py" / item.name)
    wheel = build_wheel(out, version=version)
    log(f"wheel {wheel.name} ({', '.join(sorted(packages))})")

    pyodide = out / "pyodide"
    pyodide.mkdir()
    hint = "run npm ci"
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":
            shutil.copyfile(compiled_stdlib(), pyodide / name)
        else:
            shutil.copy2(_require(PYODIDE_SRC / name, hint), pyodide / name)
    wheels = vendored_wheels()
    for path in wheels.values():
        shutil.copy2(path, pyodide / path.name)
    write_lock(_require(PYODIDE_SRC / "pyodide-lock.json", hint), pyodide / "pyodide-lock.json", wheels)
    log(f"pyodide {json.loads((PYODIDE_SRC / 'package.json').read_text())['version']}"
        f" + {', '.join(p.name for p in wheels.values())}")

    shutil.copytree(
        _require(PYSCRIPT_SRC, hint), out / "pyscript",
        ignore=shutil.ignore_patterns("*.map"),
    )
    log(f"pyscript {json.loads((PYSCRIPT_SRC.parent / 'package.json').read_text())['version']}")

    worker = write_service_worker(out)
    log(f"sw.js: {len(worker.files)} files precached ({worker.size / 1e6:.1f} MB), cache {worker.cache}")


# --------------------------------------------------------------------------
# Service worker (offline after one visit)


def _chunk_named(base: str, text: str, where: str) -> str:
    names = set(re.findall(r"""["'`]\./(""" + re.escape(base) + r"""-[A-Za-z0-9_-]{6,}\.js)["'`]""", text))
    if len(names) != 1:
        raise BuildError(f"{where}: expected one import of a {base}-<hash>.js chunk, found {sorted(names) or 'none'}"
                         " (PyScript changed: update PYSCRIPT_START_CHUNKS in build.py)")
    return names.pop()


def pyscript_start_files(pyscript: Path) -> list[str]:
    """Names of the files in ``pyscript/`` that the page loads at start."""
    core = (pyscript / "core.js").read_text("utf-8")
    core_chunk = _chunk_named("core", core, "pyscript/core.js")
    text = core + (pyscript / core_chunk).read_text("utf-8")
    names = list(PYSCRIPT_AT_START) + [_chunk_named(base, text, f"pyscript/{core_chunk}")
                                      for base in PYSCRIPT_START_CHUNKS]
    for name in names:
        _require(pyscript / name, "PyScript file the page loads at start")
    return names


def precache_files(site: Path) -> list[str]:
    """Paths (relative to the site's root) of the files the page needs to start:
    the shell, ``static/``, the entry script, the config, the game's wheel,
    Pyodide (its module, WebAssembly, standard library and lock file) and
    PyScript's start-up modules.  Not the ``micropip``/``packaging`` wheels,
    which the app never loads."""
    files = ["index.html", "pyscript.toml"]
    for folder in ("static", "py"):
        if (site / folder).is_dir():
            files += sorted(p.relative_to(site).as_posix() for p in (site / folder).rglob("*") if p.is_file())
    wheels = sorted(p.name for p in site.glob(f"{PROJECT_NAME}-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise BuildError(f"{site}: expected one {PROJECT_NAME} wheel, found {wheels}")
    files += wheels
    files += [f"pyodide/{name}" for name in (*PYODIDE_FILES, "pyodide-lock.json")]
    files += [f"pyscript/{name}" for name in pyscript_start_files(site / "pyscript")]
    for name in files:
        _require(site / name, "a file to precache")
    return files


class ServiceWorker(NamedTuple):
    """What :func:`write_service_worker` wrote."""

    path: Path
    cache: str  # the cache name, "coalitions-<hash>"
    files: list[str]  # precached, relative to the site's root
    size: int  # their total size in bytes


def cache_version(template: bytes, hashes: dict[str, str]) -> str:
    """A hash of the worker's template and of every precached file's name and hash."""
    digest = hashlib.sha256(template)
    digest.update(json.dumps(hashes, sort_keys=True).encode("utf-8"))
    return digest.hexdigest()[:16]


def write_service_worker(site: Path, template: Path = SW_TEMPLATE) -> ServiceWorker:
    """Write ``site/sw.js`` from the template for the files now in ``site``.

    Run it again after changing a file of a built site (a test "deploys a new
    version" that way): the cache name changes with any precached content."""
    source = _require(template, "the service worker's template").read_text("utf-8")
    files = precache_files(site)
    hashes = {name: sha256_file(site / name)[:16] for name in files}
    version = cache_version(source.encode("utf-8"), hashes)
    text = source
    for marker, value in (('"__VERSION__"', json.dumps(version)),
                          ('{"__PRECACHE__": ""}', json.dumps(hashes, indent=2))):
        if text.count(marker) != 1:
            raise BuildError(f"{template}: expected {marker} once")
        text = text.replace(marker, value)
    target = site / "sw.js"
    target.write_text(text, "utf-8")
    size = sum((site / name).stat().st_size for name in files)
    return ServiceWorker(target, SW_CACHE_PREFIX + version, files, size)


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
# Off-site URL scan


TEXT_SUFFIXES = {".html", ".htm", ".css", ".js", ".mjs", ".json", ".toml", ".py", ".txt", ".svg", ".webmanifest"}
URL = re.compile(r"""https?://[^\s"'`<>()\\]+""")
# What comes right before a URL that a browser (or our Python) would request.
FETCH_CONTEXT = {
    ".html": r"""(?:\bsrc\s*=\s*|<link\b[^>]*\bhref\s*=\s*|url\(\s*|@import\s+|\bimport\(\s*|\bfrom\s+|\bfetch\(\s*)""",
    ".css": r"""(?:url\(\s*|@import\s+)""",
    ".js": r"""(?:\bimport\(\s*|\bfrom\s+|\bimport\s+|\bfetch\(\s*|new\s+(?:Worker|URL)\(\s*)""",
    ".py": r"""(?:fetch\(\s*|open_url\(\s*|install\(\s*|loadPackage\(\s*|import_module\(\s*)""",
    ".toml": r"",  # any URL in the PyScript config is loaded
    ".webmanifest": r"",
    ".json": r"",
}
FETCH_CONTEXT[".htm"] = FETCH_CONTEXT[".html"]
FETCH_CONTEXT[".mjs"] = FETCH_CONTEXT[".js"]
HARMLESS = re.compile(r"^https?://www\.w3\.org/")
VENDOR_DIRS = ("pyscript/", "pyodide/")


def _text_sources(dist: Path):
    for path in sorted(dist.rglob("*")):
        rel = path.relative_to(dist).as_posix()
        if path.suffix in TEXT_SUFFIXES:
            yield rel, path.suffix, path.read_text("utf-8", errors="replace")
        elif path.suffix == ".whl" and not rel.startswith(VENDOR_DIRS):
            with zipfile.ZipFile(path) as archive:
                for name in archive.namelist():
                    suffix = Path(name).suffix
                    if suffix in TEXT_SUFFIXES:
                        yield f"{rel}!{name}", suffix, archive.read(name).decode("utf-8", "replace")


def check_urls(dist: Path = DIST) -> tuple[list[str], list[str]]:
    """Scan dist/ for absolute http(s) URLs.

    Returns ``(problems, notes)``.  Problems are URLs in our own files placed
    where they would be requested (``src=``, a stylesheet, ``url(...)``, an
    import or fetch, any value in the PyScript config).  Notes are the other
    mentions: links for people, and defaults inside the vendored Pyodide and
    PyScript bundles, which are not requested since the config names the local
    interpreter.  The browser test checks the requests actually made.
    """
    problems, notes = [], []
    for rel, suffix, text in _text_sources(dist):
        context = None if rel.startswith(VENDOR_DIRS) else FETCH_CONTEXT.get(suffix)
        fetching = re.compile(context + r"""["'`]?$""", re.IGNORECASE) if context is not None else None
        for match in URL.finditer(text):
            url = match.group(0)
            if HARMLESS.match(url):
                continue
            before = text[max(0, match.start() - 200):match.start()]
            bad = fetching is not None and (context == "" or fetching.search(before))
            (problems if bad else notes).append(f"{rel}: {url}")
    return problems, notes


# --------------------------------------------------------------------------
# Static server


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves one directory under a path prefix, like a static host would."""

    prefix = "/"
    cache_seconds = 0
    quiet = False

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".toml": "text/plain",
        ".py": "text/plain",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".svg": "image/svg+xml",
        ".webmanifest": "application/manifest+json",
    }

    def translate_path(self, path: str) -> str:
        route = unquote(urlsplit(path).path)
        return super().translate_path("/" + route[len(self.prefix):])

    def send_head(self):
        route = unquote(urlsplit(self.path).path)
        if self.prefix != "/" and route in ("/", self.prefix.rstrip("/")):
            self.send_response(302)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not route.startswith(self.prefix):
            self.send_error(404, "Not found")
            return None
        return super().send_head()

    def list_directory(self, path):
        self.send_error(404, "Not found")
        return None

    def end_headers(self):
        if self.cache_seconds > 0:
            self.send_header("Cache-Control", f"max-age={self.cache_seconds}")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    site_url = ""

    def handle_error(self, request, client_address):
        # A browser that stops reading (navigation, closed page) is not an error.
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def normalize_prefix(prefix: str) -> str:
    return "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"


def make_server(
    directory: Path = DIST,
    port: int = 0,
    prefix: str = "/",
    cache_seconds: int = 0,
    quiet: bool = True,
    host: str = "127.0.0.1",
) -> SiteServer:
    """An HTTP server for ``directory`` on ``host:port`` (0 picks a free port)."""
    handler = type(
        "Handler",
        (SiteHandler,),
        {"prefix": normalize_prefix(prefix), "cache_seconds": cache_seconds, "quiet": quiet},
    )
    server = SiteServer((host, port), functools.partial(handler, directory=str(directory)))
    server.site_url = f"http://{host}:{server.server_address[1]}{handler.prefix}"
    return server


@contextlib.contextmanager
def serving(directory: Path = DIST, **options):
    """Serve ``directory`` in a background thread; yields the site's URL."""
    server = make_server(directory, **options)
    thread = threading.Thread(target=server.serve_forever, name="dist-server", daemon=True)
    thread.start()
    try:
        yield server.site_url
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def chromium_launch_options(headless: bool = True) -> dict:
    """Keyword arguments for Playwright's ``chromium.launch`` with Debian's chromium."""
    return {"executable_path": CHROMIUM_PATH, "headless": headless, "args": list(CHROMIUM_ARGS)}


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
        server = make_server(DIST, port=args.port, prefix=args.prefix,
                             cache_seconds=args.cache_seconds, quiet=False)
        print(f"Serving {DIST} at {server.site_url}  (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    elif args.command == "check":
        problems, notes = check_urls(DIST)
        if args.verbose:
            for note in notes:
                print(f"note: {note}")
        for problem in problems:
            print(f"FETCHES ANOTHER ORIGIN: {problem}")
        print(f"{len(problems)} off-site fetches, {len(notes)} other off-site mentions "
              f"(defaults in vendored bundles, links)")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
