"""What the build's modules share: the repository's paths, the error a build
stops with, its log, and a few file helpers."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
PY_SRC = ROOT / "py"
STATIC_SRC = ROOT / "static"
PYODIDE_SRC = ROOT / "node_modules" / "pyodide"
PYSCRIPT_SRC = ROOT / "node_modules" / "@pyscript" / "core" / "dist"

PROJECT_NAME = "coalitions"

# Files of the npm ``pyodide`` package that the browser needs.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)

# Never copied into the site: bytecode caches, editors' and tools' leftovers (a
# type checker's or test runner's cache left in py/ would otherwise ship and be precached).
IGNORED_NAMES = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*~", ".*cache", ".hypothesis")


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


class BuildError(RuntimeError):
    pass


def require(path: Path, hint: str) -> Path:
    """``path``, or a :class:`BuildError` saying it is missing (and why it is needed)."""
    if not path.exists():
        raise BuildError(f"{path} is missing ({hint})")
    return path


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
