"""PyScript's own Python package, as bytecode the page puts where import looks.

At every start PyScript writes its package ``pyscript`` (14 modules, 30 KB of
source) into Python's working folder and imports it, so Python compiles that
source on every load, cold or restored from a snapshot. The build compiles,
with Pyodide under Node, the same sources (``@pyscript/core``'s
``src/stdlib/pyscript.js``, which its bundle is made from) of the modules
``import pyscript`` loads (:func:`imported_at_start`: not ``pyscript.web``,
``fs`` or ``media``, which the app never imports) into *checked* hash-based
``.pyc`` files (PEP 552), and ships them in ``pyodide/python_stdlib.zip``
under BYTECODE_FOLDER (a name import never reads), with PUT_MODULE, whose
``put()`` copies them into ``pyscript/__pycache__/`` of the working folder.
``pyodide/start.mjs`` calls it once Python has started, before PyScript's
set-up. Python then uses each file only while the source PyScript wrote
beside it hashes to what it was compiled from; any other source is compiled
as before.
"""

from __future__ import annotations

import ast
import io
import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

from .common import PYSCRIPT_SRC, BuildError, require
from .wheel import _cached_compile, _pyodide_compile, _write_entries

# The module of python_stdlib.zip that puts the bytecode in place, and the
# folder of that zip the bytecode is in (a hyphen: never an importable name).
PUT_MODULE = "_coalitions_pyscript"
BYTECODE_FOLDER = "coalitions-pyscript-bytecode"
PACKAGE_SOURCES = PYSCRIPT_SRC.parent / "src" / "stdlib" / "pyscript.js"

PUT_SOURCE = '''"""Written by build.py: puts the bytecode of PyScript's package (compiled
from the sources PyScript writes at start, checked against them by import)
into pyscript/__pycache__/ of the working folder. put() returns how many files."""
import os

FOLDER = {folder!r}
FILES = {files!r}


def put(where=None):
    zip_path = os.path.dirname(__file__)
    where = where or os.getcwd()
    for name in FILES:
        target = os.path.join(where, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as handle:
            handle.write(__loader__.get_data(zip_path + "/" + FOLDER + "/" + name))
    return len(FILES)
'''


def pyscript_sources(module: Path = PACKAGE_SOURCES) -> dict[str, str]:
    """PyScript's Python package as it writes it: ``{"pyscript/web.py": source, ...}``."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node.js is needed to read PyScript's package (install nodejs)")
    require(module, "run npm ci")
    script = (f"import tree from {json.dumps(module.as_uri())};"
              "process.stdout.write(JSON.stringify(tree));")
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"reading {module} failed: {done.stderr.strip()[-2000:]}")
    files: dict[str, str] = {}

    def walk(prefix: str, tree: dict[str, object]) -> None:
        for name, value in tree.items():
            if isinstance(value, str):
                files[prefix + name] = value
            elif isinstance(value, dict):
                walk(f"{prefix}{name}/", value)
            else:
                raise BuildError(f"{module}: {prefix}{name} is neither a file nor a folder")

    walk("", json.loads(done.stdout))
    if "pyscript/__init__.py" not in files:
        raise BuildError(f"{module}: no pyscript/__init__.py in PyScript's package")
    return files


def imported_at_start(sources: dict[str, str], first: str = "pyscript/__init__.py") -> dict[str, str]:
    """The files of ``sources`` that importing ``first`` imports: those its
    module-level statements import (not the bodies of its functions), and
    theirs, and so on."""
    def path_of(module: str) -> str | None:
        base = module.replace(".", "/")
        for candidate in (f"{base}/__init__.py", f"{base}.py"):
            if candidate in sources:
                return candidate
        return None

    def package_of(path: str) -> str:  # a package's own __init__ and its modules alike
        return path.rpartition("/")[0].replace("/", ".")

    def imports(path: str) -> list[str]:
        names: list[str] = []
        package = package_of(path)
        statements = list(ast.parse(sources[path], path).body)
        while statements:
            node = statements.pop()
            if isinstance(node, ast.Import):
                for alias in node.names:
                    parts = alias.name.split(".")
                    names.extend(".".join(parts[:i]) for i in range(1, len(parts) + 1))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, *([base] if base else [])])
                parts = base.split(".")
                names.extend(".".join(parts[:i]) for i in range(1, len(parts) + 1))
                names.extend(f"{base}.{alias.name}" for alias in node.names)
            elif isinstance(node, (ast.If, ast.Try, ast.With)):  # still run at import
                for block in ("body", "orelse", "finalbody", "handlers"):
                    statements.extend(getattr(node, block, []))
            elif isinstance(node, ast.ExceptHandler):
                statements.extend(node.body)
        return names

    found: dict[str, str] = {}
    waiting = [first]
    while waiting:
        path = waiting.pop()
        if path in found:
            continue
        found[path] = sources[path]
        for name in imports(path):
            other = path_of(name)
            if other is not None and other not in found:
                waiting.append(other)
    return dict(sorted(found.items()))


def pyscript_bytecode(sources: dict[str, str]) -> list[tuple[str, bytes]]:
    """``pyscript/__pycache__/<module>.<tag>.pyc`` entries, checked hash-based, for ``sources``."""
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        _write_entries(archive, [(name, text.encode("utf-8")) for name, text in sorted(sources.items())])

    def make(target: Path) -> None:
        source_zip = target.with_name(target.name + f".in-{os.getpid()}")
        source_zip.write_bytes(packed.getvalue())
        try:
            _pyodide_compile(source_zip, target, "--checked")
        finally:
            source_zip.unlink(missing_ok=True)

    cached = _cached_compile("pyscript", [packed.getvalue(), b"checked"], make)
    with zipfile.ZipFile(cached) as archive:
        entries = [(info.filename, archive.read(info)) for info in archive.infolist()]
    if len(entries) != sum(name.endswith(".py") for name in sources):
        raise BuildError("PyScript's package did not compile whole: "
                         f"{len(entries)} files of bytecode for {len(sources)} sources")
    return entries


def stdlib_entries(sources: dict[str, str] | None = None) -> list[tuple[str, bytes]]:
    """The entries python_stdlib.zip gets: the bytecode under BYTECODE_FOLDER, and PUT_MODULE."""
    compiled = pyscript_bytecode(imported_at_start(pyscript_sources() if sources is None else sources))
    files = [name for name, _ in compiled]
    put = PUT_SOURCE.format(folder=BYTECODE_FOLDER, files=files)
    return [*((f"{BYTECODE_FOLDER}/{name}", data) for name, data in compiled),
            (f"{PUT_MODULE}.py", put.encode("utf-8"))]
