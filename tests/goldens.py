"""Golden files: figures a test computes, compared with what is stored under
tests/golden/<game>/. `REGEN_GOLDEN=1 python -m pytest ...` writes them anew
(only when a rule really changed: say so in the commit)."""

from __future__ import annotations

import json
import os
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent / "golden"
REGEN = os.environ.get("REGEN_GOLDEN") == "1"


def golden(folder: pathlib.Path, name: str, compute):
    """(what `compute()` gives now, what the golden file `folder/name` holds);
    with REGEN_GOLDEN=1 the file is first written from the former."""
    path = folder / name
    data = compute()
    if REGEN:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert path.is_file(), f"missing {path}: run with REGEN_GOLDEN=1 to create it"
    return data, json.loads(path.read_text(encoding="utf-8"))
