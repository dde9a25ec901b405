"""PyScript's interpreter module, ``pyodide/start.mjs``, and the worker that
makes the Python memory snapshot it starts from (``pyodide/snapshot-worker.mjs``;
how and when: the template ``buildtools/pyodide_start.mjs``)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .common import ROOT

START_TEMPLATE = ROOT / "buildtools" / "pyodide_start.mjs"
WORKER_TEMPLATE = ROOT / "buildtools" / "pyodide_snapshot_worker.mjs"
# Where index.html's head names this build's snapshot (its first script starts reading it).
SNAPSHOT_KEY_MARKER = "{python-snapshot-key}"
# The Pyodide files a snapshot depends on, beside the two modules.
SNAPSHOT_INPUTS = ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", "python_stdlib.zip")


def snapshot_modules(stdlib_files: list[str]) -> list[str]:
    """The modules a snapshot imports: those of the shipped standard library
    (``json/decoder.py`` -> ``json.decoder``), Pyodide's own left to its start."""
    names = []
    for name in stdlib_files:
        parts = name.removesuffix(".py").split("/")
        if parts[-1] == "__init__":
            parts.pop()
        if parts and parts[0] not in ("_pyodide", "pyodide"):
            names.append(".".join(parts))
    return sorted(set(names))


def write_pyodide_start(pyodide: Path, stdlib_files: list[str]) -> str:
    """Write ``start.mjs`` and ``snapshot-worker.mjs`` into the site's
    ``pyodide/`` (Pyodide's files already there); returns the snapshot key, a
    hash of everything a snapshot depends on."""
    modules = json.dumps(snapshot_modules(stdlib_files))
    worker = WORKER_TEMPLATE.read_text("utf-8").replace('"__SNAPSHOT_MODULES__"', json.dumps(modules))
    start = START_TEMPLATE.read_text("utf-8")
    digest = hashlib.sha256()
    for part in (*(pyodide / name for name in SNAPSHOT_INPUTS),):
        digest.update(hashlib.sha256(part.read_bytes()).digest())
    digest.update(hashlib.sha256(start.encode()).digest())
    digest.update(hashlib.sha256(worker.encode()).digest())
    key = digest.hexdigest()[:16]
    (pyodide / "start.mjs").write_text(start.replace("__SNAPSHOT_KEY__", key), "utf-8")
    (pyodide / "snapshot-worker.mjs").write_text(worker, "utf-8")
    return key
