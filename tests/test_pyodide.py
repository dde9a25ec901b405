"""The built wheel under Pyodide (Node) plays exactly as the sources under CPython.

Pyodide here is the copy in dist/pyodide/ (Python 3.14, WebAssembly), loaded by
tests/pyodide/run_in_pyodide.mjs with no network access needed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HARNESS = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"

# (players, seed)
CASES = [(4, 7)] + [(players, seed) for seed in (1, 2, 3) for players in (3, 5)]


def play_argv(players: int, seed: int) -> list[str]:
    return ["play", "election-day", "--players", str(players), "--seed", str(seed), "--json"]


def run_cpython(argv: list[str]) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py"), "PYTHONHASHSEED": "0"}
    return subprocess.run(
        [sys.executable, "-m", "coalitions", *argv],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )


def run_node(node: str, dist: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [node, str(HARNESS), "--dist", str(dist), *args],
        cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=300,
    )


@pytest.fixture(scope="module")
def pyodide_results(node, built_dist) -> dict[tuple[int, int], dict]:
    """All cases in one Pyodide boot."""
    argvs = [play_argv(*case) for case in CASES]
    proc = run_node(node, built_dist, "--batch", stdin=json.dumps(argvs))
    assert proc.returncode == 0, proc.stderr
    results = json.loads(proc.stdout)
    return {case: result for case, result in zip(CASES, results)}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"players{c[0]}-seed{c[1]}")
def test_play_matches_cpython(case, pyodide_results):
    cpython = run_cpython(play_argv(*case))
    assert cpython.returncode == 0, cpython.stderr
    pyodide = pyodide_results[case]
    assert pyodide["code"] == 0, pyodide["stderr"]
    assert json.loads(pyodide["stdout"]) == json.loads(cpython.stdout)


def test_runs_on_python_314(node, built_dist):
    proc = run_node(node, built_dist, "--code", "import sys, coalitions; print(sys.version_info[:2], coalitions.__version__)")
    assert proc.returncode == 0, proc.stderr
    import build

    assert proc.stdout.strip() == f"(3, 14) {build.project_version()}"


def test_modules_load_from_the_shipped_bytecode(node, built_dist):
    """The wheel is imported from as it is (the zip importer), and its bytecode
    is used without reading the source (replaced here, in a copy of the wheel,
    by text that does not compile); the standard library's bytecode too."""
    code = (
        "import json.decoder, sys, zipfile\n"
        "assert not [m for m in sys.modules if m.startswith('coalitions')]\n"
        "wheel = '/home/pyodide/coalitions.whl'\n"
        "with zipfile.ZipFile(wheel) as a, zipfile.ZipFile('/tmp/copy.whl', 'w') as b:\n"
        "    for info in a.infolist():\n"
        "        bad = info.filename == 'coalitions/core/errors.py'\n"
        "        b.writestr(info, b'this is not Python' if bad else a.read(info))\n"
        "sys.path[sys.path.index(wheel)] = '/tmp/copy.whl'\n"
        "import coalitions.core.errors as errors\n"
        "print(errors.__name__, hasattr(errors, 'IllegalActionError'), json.decoder.__file__.endswith('.pyc'),\n"
        "      type(errors.__loader__).__name__, errors.__file__)\n"
    )
    proc = run_node(node, built_dist, "--code", code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["coalitions.core.errors", "True", "True", "zipimporter",
                                   "/tmp/copy.whl/coalitions/core/errors.pyc"]


def test_micropip_installs_the_wheel_offline(node, built_dist):
    """micropip (and packaging) load from dist/pyodide with checked digests, then install our wheel."""
    argv = play_argv(4, 7)
    proc = run_node(node, built_dist, "--install", "micropip", "--", *argv)
    assert proc.returncode == 0, proc.stderr
    assert "micropip 0.11.1 loaded offline" in proc.stderr
    assert json.loads(proc.stdout) == json.loads(run_cpython(argv).stdout)


def test_a_snapshot_keeps_only_what_differs_from_its_base_and_restores(node, built_dist):
    """The Python memory snapshot is stored packed (pyodide/start.mjs): only
    the pages that differ from its base (Pyodide's memory before Python ran;
    zeros outside it, or no base at all). Made memories come back byte for
    byte, a packed snapshot edited in any part is refused as damaged, and one
    unpacked against another base is refused as such (either way writing
    nothing into the memory it was to fill); a real snapshot, packed against
    the memory read at fsInit and unpacked, starts a Python that has what was
    imported before it was made; also when Pyodide is handed the memory
    empty and it is filled at fsInit from the new instance's memory, as the
    page's start does, while an empty memory is refused."""
    proc = subprocess.run([node, str(ROOT / "tests" / "pyodide" / "snapshot_pack.mjs"), f"{built_dist / 'pyodide'}/"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert all(case["same"] for case in out["roundTrips"].values()), out["roundTrips"]
    trips = out["roundTrips"]
    assert trips["zeros"]["packed"] == 24 and trips["lastByte"]["packed"] < 4096 + 40, trips
    assert trips["sparse"]["packed"] < trips["sparse"]["memory"] / 2, trips
    # the header's page, the changed page and the page of threes: the base's ten pages are not kept
    assert trips["base"]["baseLength"] == 10 * 4096 and trips["base"]["packed"] == 24 + 3 * 8 + 3 * 4096, trips
    assert out["refused"] and all(out["refused"].values()), out["refused"]
    real = out["real"]
    assert real["same"] and real["imported"] is True, real
    assert real["filledLate"] is True, real
    assert "magic" in real["empty"], real
    assert real["packed"] < real["memory"] / 2, real  # two thirds of Python's memory at the start is zeros
    # and of the rest, the pages Pyodide's module data put there unchanged are not kept
    assert real["packed"] < real["packedAgainstZeros"] * 0.8, real


def test_pyscript_s_package_is_imported_from_the_shipped_bytecode_while_it_matches(node, built_dist):
    """The sources PyScript writes at start, with what start.mjs puts beside
    them (``_coalitions_pyscript.put()``): import takes the code of every
    module ``import pyscript`` loads from the bytecode, compiling none; the
    modules it does not load (``pyscript.web``...) are compiled as before, and
    so is a source that differs from what was compiled (checked hash-based
    .pyc files)."""
    from buildtools.pyscript_bytecode import imported_at_start, pyscript_sources

    sources = pyscript_sources()
    shipped = sorted(imported_at_start(sources))
    code = (
        "import builtins, importlib.machinery, json, os\n"
        f"SOURCES = json.loads({json.dumps(json.dumps(sources))})\n"
        "os.chdir('/home/pyodide')\n"
        "for path, text in SOURCES.items():\n"
        "    os.makedirs(os.path.dirname(path), exist_ok=True)\n"
        "    with open(path, 'w', encoding='utf-8') as handle:\n"
        "        handle.write(text)\n"
        "import _coalitions_pyscript\n"
        "put = _coalitions_pyscript.put()\n"
        "compiled = []\n"
        "real = builtins.compile\n"
        "def spy(source, filename, *args, **kwargs):\n"
        "    compiled.append(filename)\n"
        "    return real(source, filename, *args, **kwargs)\n"
        "builtins.compile = spy\n"
        "def load(path):\n"
        "    name = path[:-3].replace('/', '.').removesuffix('.__init__')\n"
        "    return importlib.machinery.SourceFileLoader(name, os.path.abspath(path)).get_code(name)\n"
        "codes = [load(path) for path in sorted(SOURCES)]\n"
        "first = list(compiled)\n"
        "with open('pyscript/context.py', 'a', encoding='utf-8') as handle:\n"
        "    handle.write('\\nEDITED = True\\n')\n"
        "edited = load('pyscript/context.py')\n"
        "print(json.dumps({'put': put, 'codes': len(codes), 'first': first,\n"
        "                  'then': compiled[len(first):], 'edited': 'EDITED' in edited.co_names,\n"
        "                  'file': codes[0].co_filename}))\n"
    )
    proc = run_node(node, built_dist, "--code", code)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["put"] == len(shipped) >= 8 and report["codes"] == len(sources)
    assert "pyscript/context.py" in shipped and "pyscript/web.py" not in shipped
    assert report["first"] == [f"/home/pyodide/{path}" for path in sorted(sources) if path not in shipped]
    assert report["then"] == ["/home/pyodide/pyscript/context.py"] and report["edited"]
    assert report["file"].startswith("/home/pyodide/pyscript/")
