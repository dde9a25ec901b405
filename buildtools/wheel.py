"""The game's wheel and the bytecode shipped for Pyodide.

Pyodide's python_stdlib.zip holds the standard library as sources, and the
wheel holds ours: without bytecode the browser compiles every module it
imports on every start (about as long as Pyodide takes to boot). Bytecode must
come from Pyodide's own Python (3.14; the format changes with each minor
version), so Node runs Pyodide to compile it (scripts/pyodide_compile.mjs).
Unchecked hash-based .pyc files (PEP 552) are never compared with a source.

The wheel holds the packages of ``py/`` only (:func:`python_packages`).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

from .common import PROJECT_NAME, PY_SRC, PYODIDE_SRC, ROOT, BuildError, require

# Bytecode compiled by Pyodide under Node (scripts/pyodide_compile.mjs), kept
# between builds under a name derived from its inputs.
BYTECODE_CACHE = ROOT / ".cache" / "pyodide"
PYODIDE_COMPILE = ROOT / "scripts" / "pyodide_compile.mjs"
# The standard-library files the site ships as bytecode (the rest stay .py, as
# Pyodide publishes them): what the app imports to start and play every game.
# scripts/list_stdlib_modules.py writes it; a browser test checks it is complete.
STDLIB_MODULES = ROOT / "stdlib-modules.txt"

# Modules of py/ that the site's wheel leaves out: the command line, which no
# page or worker imports (the wheel without bytecode, for any Python, has them).
SITE_WHEEL_OMITS = ("coalitions/cli.py", "coalitions/__main__.py")

# Packages of py/ shipped in the wheel (with or without an __init__.py);
# loose files such as py/main.py are copied to dist/py/ as they are.
WHEEL_PACKAGES = ("coalitions", "app")
DEFAULT_VERSION = "0.1.0"

# Zip entries get this fixed time so that a rebuild of unchanged sources gives
# byte-identical wheels (good for HTTP caches).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


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


# The wheel's file name carries the first hex digits of its SHA-256 (as its
# build tag, "0h<digest>"), so that a new wheel is a new URL: no cache, HTTP or
# the service worker's, can pair a new page with an old wheel under one name.
WHEEL_DIGEST_CHARS = 16
# Any name of the game's wheel, with or without the digest.
WHEEL_FILE = re.compile(re.escape(PROJECT_NAME) + r"-[0-9][^\"'/\s]*?-py3-none-any\.whl")


def wheel_name(version: str, digest: str | None = None) -> str:
    """``coalitions-<version>-py3-none-any.whl``, or with the wheel's content
    hash ``digest`` (hex, cut to WHEEL_DIGEST_CHARS) as its build tag:
    ``coalitions-<version>-0h<digest>-py3-none-any.whl``, a valid wheel name
    (build number 0, tag "h<digest>")."""
    if digest is None:
        return f"{PROJECT_NAME}-{version}-py3-none-any.whl"
    if not re.fullmatch(r"[0-9a-f]{%d,}" % WHEEL_DIGEST_CHARS, digest):
        raise BuildError(f"wheel digest {digest!r}: expected at least {WHEEL_DIGEST_CHARS} hex digits")
    return f"{PROJECT_NAME}-{version}-0h{digest[:WHEEL_DIGEST_CHARS]}-py3-none-any.whl"


def site_wheel(site: Path) -> Path:
    """The one game wheel at the root of a built site."""
    wheels = sorted(p for p in site.glob(f"{PROJECT_NAME}-*-py3-none-any.whl") if WHEEL_FILE.fullmatch(p.name))
    if len(wheels) != 1:
        raise BuildError(f"{site}: expected one {PROJECT_NAME} wheel, found {[p.name for p in wheels]}")
    return wheels[0]


def python_packages(py_src: Path = PY_SRC) -> list[str]:
    """Top-level packages under ``py/`` that go into the wheel: ``coalitions``,
    ``app`` and any other directory with an ``__init__.py``."""
    return sorted(
        p.name for p in py_src.iterdir()
        if p.is_dir() and (p.name in WHEEL_PACKAGES or (p / "__init__.py").is_file())
    )


# --------------------------------------------------------------------------
# Bytecode for Pyodide


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


# The standard library the site ships at start is dist/pyodide/python_stdlib.zip
# (Pyodide's name: loadPyodide fetches it), the files of stdlib-modules.txt
# only, as bytecode, stored uncompressed so that the server's gzip compresses
# them as a whole (a zip of deflated entries barely compresses again). Every
# other module is in the whole library, STDLIB_ARCHIVE-<hash>.zip beside it,
# which py/app/stdlib.py fetches the first time the app imports one of them;
# STDLIB_INDEX, a module of the shipped zip, names that archive and its modules.
STDLIB_ARCHIVE = "python_stdlib_all"
STDLIB_INDEX = "_coalitions_stdlib"


def stdlib_modules(path: Path = STDLIB_MODULES) -> list[str]:
    """The files of python_stdlib.zip listed to ship as bytecode."""
    return [line.strip() for line in path.read_text("utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def compiled_stdlib() -> Path:
    """Pyodide's python_stdlib.zip with the files of stdlib-modules.txt as bytecode."""
    stock = require(PYODIDE_SRC / "python_stdlib.zip", "run npm ci")
    listed = require(STDLIB_MODULES, "scripts/list_stdlib_modules.py writes it")
    return _cached_compile(
        "python_stdlib", [stock.read_bytes(), listed.read_bytes()],
        lambda target: _pyodide_compile(stock, target, "--stdlib", "--only", str(listed)))


def module_names(names: list[str]) -> set[str]:
    """Dotted module names of the ``.py``/``.pyc`` files among zip entry ``names``."""
    found = set()
    for name in names:
        stem, dot, ext = name.rpartition(".")
        if not dot or ext not in ("py", "pyc"):
            continue
        parts = stem.split("/")
        if parts[-1] == "__init__":
            parts.pop()
        if parts and all(part.isidentifier() for part in parts):
            found.add(".".join(parts))
    return found


def stdlib_archive(site: Path) -> Path:
    """The on-demand standard library of a built site (``pyodide/python_stdlib_all-<hash>.zip``)."""
    found = sorted((site / "pyodide").glob(f"{STDLIB_ARCHIVE}-*.zip"))
    if len(found) != 1:
        raise BuildError(f"{site}: expected one pyodide/{STDLIB_ARCHIVE}-<hash>.zip, found {[p.name for p in found]}")
    return found[0]


def split_stdlib(whole: Path, listed: list[str],
                 extra: list[tuple[str, bytes]] | tuple[()] = ()) -> tuple[bytes, str, bytes]:
    """From the whole compiled library ``whole``: (the zip shipped at start,
    the on-demand archive's file name, that archive's bytes).

    The shipped zip holds the compiled files of ``listed`` (as ``.pyc``), the
    index module STDLIB_INDEX and the entries ``extra`` (PyScript's bytecode,
    buildtools/pyscript_bytecode.py), every entry stored, not deflated. The
    archive is ``whole`` itself (a superset: the finder puts it in the shipped
    zip's place), named with the first hex digits of its SHA-256."""
    data = whole.read_bytes()
    archive = f"{STDLIB_ARCHIVE}-{hashlib.sha256(data).hexdigest()[:WHEEL_DIGEST_CHARS]}.zip"
    with zipfile.ZipFile(whole) as source:
        names = source.namelist()
        wanted = [name[:-3] + ".pyc" for name in listed]
        missing = [name for name in wanted if name not in names]
        if missing:
            raise BuildError(f"not compiled in {whole.name}: {', '.join(missing)}")
        shipped = [(name, source.read(name)) for name in wanted]
    more = sorted(module_names(names) - module_names(wanted))
    index = (
        f'"""Written by build.py: the standard library\'s modules not shipped at start, in {archive}."""\n'
        f"ARCHIVE = {archive!r}\n"
        f"MODULES = frozenset({more!r})\n"
    )
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive_zip:
        _write_entries(archive_zip, [*shipped, (f"{STDLIB_INDEX}.py", index.encode("utf-8")), *extra],
                       zipfile.ZIP_STORED)
    return packed.getvalue(), archive, data


def wheel_bytecode(sources: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """``pkg/mod.pyc`` entries for the ``.py`` files among ``sources``: the
    layout of Python's zip importer, which imports the page's modules from the
    wheel as it is, without unpacking it (``pyscript.toml``, ``py/main.py``).
    A Python reading the unpacked wheel from a folder ignores them: its
    finder takes ``pkg/mod.py`` first."""
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        _write_entries(archive, [(name, data) for name, data in sources if name.endswith(".py")])

    def make(target: Path) -> None:
        source_zip = target.with_name(target.name + f".in-{os.getpid()}")
        source_zip.write_bytes(packed.getvalue())
        try:
            _pyodide_compile(source_zip, target)
        finally:
            source_zip.unlink(missing_ok=True)

    cached = _cached_compile("bytecode", [packed.getvalue()], make)
    with zipfile.ZipFile(cached) as archive:
        return [(_zip_layout(info.filename), archive.read(info)) for info in archive.infolist()]


def _zip_layout(name: str) -> str:
    """``pkg/__pycache__/mod.cpython-3XY.pyc`` (as the compiler writes it) as ``pkg/mod.pyc``."""
    match = re.fullmatch(r"((?:[^/]+/)*)__pycache__/([^/.]+)\.[^/.]+\.pyc", name)
    if match is None:
        raise BuildError(f"bytecode entry {name!r} is not pkg/__pycache__/mod.<tag>.pyc")
    return match.group(1) + match.group(2) + ".pyc"


# --------------------------------------------------------------------------
# The games' parts: the site's wheel without each game's own modules
#
# A table needs its own game's rules, bots and renderer, not the other four
# games' (about two thirds of the wheel). The site's wheel keeps everything
# else and, of each game of ``coalitions/games/``, the package's
# ``__init__.pyc`` (the registry lists the games from the wheel's folders);
# the game's other modules and its renderer (``app/games/<game>.pyc`` or
# ``app/games/<game>/``) are a part of their own, GAME_PARTS/<game>-<hash>.zip
# at the site's root, stored like the wheel. PARTS_INDEX, a file of the wheel,
# names each part and the modules it holds; py/app/wheel.py imports them from
# the part, which it fetches the first time one of them is imported (or finds
# in Cache Storage: the service worker precaches every part).
#
# Two kinds of module no table imports are parts of their own as well, so that
# a table's first visit does not download them: a game's rules guide and
# walkthroughs (``guide.pyc``, ``walkthroughs.pyc``, read by its rules page and
# its walkthroughs only), GAME_PARTS/<game>.guide-<hash>.zip; and the app's
# screens no table opens (APP_PARTS): a rules page, a walkthrough and share
# links in GAME_PARTS/app.reading-<hash>.zip, writing a walkthrough, a review
# and a shared game in GAME_PARTS/app.extras-<hash>.zip.
GAME_PARTS = "games"
PARTS_INDEX = "app/parts.json"
GUIDE_MODULES = ("guide.pyc", "walkthroughs.pyc")
APP_EXTRAS = "app.extras"
APP_PARTS = {
    "app.reading": frozenset({"app/screens/rules.pyc", "app/screens/walkthrough.pyc", "app/share.pyc"}),
    APP_EXTRAS: frozenset({
        "app/authoring.pyc", "app/screens/author.pyc", "app/screens/review.pyc", "app/screens/shared.pyc"}),
}


def game_of(name: str) -> str | None:
    """The game whose part holds the wheel entry ``name``, if any."""
    match = re.fullmatch(r"coalitions/games/([a-z_][a-z0-9_]*)/(.+)", name)
    if match is not None:
        return None if match.group(2) == "__init__.pyc" else match.group(1)
    match = re.fullmatch(r"app/games/([a-z_][a-z0-9_]*)(?:\.pyc|/.+)", name)
    if match is not None and match.group(1) not in ("__init__", "common", "generic"):
        return match.group(1)
    return None


def part_of(name: str) -> str | None:
    """The part (its name without the hash) that holds the wheel entry
    ``name``, if any: ``<game>``, ``<game>.guide`` or one of APP_PARTS."""
    for part, modules in APP_PARTS.items():
        if name in modules:
            return part
    game = game_of(name)
    if game is not None and name.rpartition("/")[2] in GUIDE_MODULES and name.startswith("coalitions/games/"):
        return f"{game}.guide"
    return game


def split_game_parts(entries: list[tuple[str, bytes]], out_dir: Path) -> list[tuple[str, bytes]]:
    """Write each game's part into ``out_dir/GAME_PARTS/`` (see above); the
    wheel's entries without them, with PARTS_INDEX."""
    kept: list[tuple[str, bytes]] = []
    parts: dict[str, list[tuple[str, bytes]]] = {}
    for name, data in entries:
        part = part_of(name)
        if part is None:
            kept.append((name, data))
        else:
            parts.setdefault(part, []).append((name, data))
    folder = out_dir / GAME_PARTS
    index: dict[str, list[str]] = {}
    for game, files in sorted(parts.items()):
        packed = io.BytesIO()
        with zipfile.ZipFile(packed, "w") as archive:
            _write_entries(archive, sorted(files), zipfile.ZIP_STORED)
        data = packed.getvalue()
        name = f"{GAME_PARTS}/{game}-{hashlib.sha256(data).hexdigest()[:WHEEL_DIGEST_CHARS]}.zip"
        folder.mkdir(parents=True, exist_ok=True)
        (out_dir / name).write_bytes(data)
        index[name] = sorted(module_names([file for file, _ in files]))
    kept.append((PARTS_INDEX, json.dumps(index, indent=0, sort_keys=True).encode("utf-8")))
    return kept


def site_parts(site: Path) -> list[Path]:
    """The games' parts of a built site (GAME_PARTS/<game>-<hash>.zip)."""
    return sorted((site / GAME_PARTS).glob("*-*.zip"))


# --------------------------------------------------------------------------
# The project's wheel


def _record_hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def _write_entries(archive: zipfile.ZipFile, entries: list[tuple[str, bytes]],
                   compress_type: int = zipfile.ZIP_DEFLATED) -> None:
    """Write ``(name, data)`` entries with fixed times and modes (reproducible archives)."""
    for name, data in entries:
        info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
        info.compress_type = compress_type
        info.external_attr = 0o644 << 16
        archive.writestr(info, data)


def build_wheel(out_dir: Path, py_src: Path = PY_SRC, version: str | None = None, bytecode: bool = True,
                data: tuple[tuple[str, bytes], ...] = ()) -> Path:
    """Write ``coalitions-<version>-0h<digest>-py3-none-any.whl`` (see
    :func:`wheel_name`) holding every package in ``py/``.

    With ``bytecode`` (the site's wheel), each module is there as Pyodide's
    bytecode only (``pkg/mod.pyc``, the zip importer's layout; line numbers
    kept, so a traceback names file and line), not as source, which the page
    never reads, and the entries are stored, not deflated, so that the
    server's gzip compresses the wheel as a whole. Without it, the sources,
    deflated (a wheel any Python can install). ``data``: more files
    ``(name, bytes)`` to put in the wheel (the games' catalogue)."""
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
            if bytecode and rel.as_posix() in SITE_WHEEL_OMITS:
                continue
            entries.append((rel.as_posix(), path.read_bytes()))
    if bytecode:
        entries = [(name, data) for name, data in entries if not name.endswith(".py")] + wheel_bytecode(entries)
        entries = split_game_parts(entries, out_dir)
    entries += data

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

    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        _write_entries(archive, entries, zipfile.ZIP_STORED if bytecode else zipfile.ZIP_DEFLATED)
    data = packed.getvalue()
    target = out_dir / wheel_name(version, hashlib.sha256(data).hexdigest())
    target.write_bytes(data)
    return target
