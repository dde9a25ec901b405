"""dist/ is a complete static site: its wheel, Pyodide files and config are
consistent, and in chromium it starts with no request leaving 127.0.0.1."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import sys
import tomllib
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import build
from buildtools.pyscript_bytecode import BYTECODE_FOLDER, PUT_MODULE, imported_at_start, pyscript_sources
from buildtools.css import copy_static
from buildtools.wheel import APP_PARTS

APP_PAGE = "index.html#/new/election-day?players=4&seats=human,bot,bot,bot&seed=7"
READY_TIMEOUT_MS = 120_000


def test_layout(built_dist: Path):
    expected = [
        "index.html", "pyscript.toml", "py/main.py", build.site_wheel(built_dist).name,
        "pyscript/core.js", "pyscript/core.css",
        *(f"pyodide/{name}" for name in build.PYODIDE_FILES),
        "pyodide/pyodide-lock.json",
        *(f"pyodide/{spec['file_name']}" for spec in build.VENDORED_WHEELS.values()),
    ]
    missing = [name for name in expected if not (built_dist / name).is_file()]
    assert not missing
    assert not list(built_dist.rglob("__pycache__"))
    assert not list(built_dist.rglob("*.map"))
    # Packages go only in the wheel; py/ holds the entry script and other loose files.
    assert not (built_dist / "py" / "coalitions").exists()
    # The build's own modules stay out of the site.
    assert not [p for p in built_dist.rglob("*") if "buildtools" in p.parts]


def test_wheel_record_matches_contents(built_dist: Path):
    version = build.project_version()
    with zipfile.ZipFile(build.site_wheel(built_dist)) as wheel:
        names = wheel.namelist()
        assert "coalitions/__init__.pyc" in names
        assert not [n for n in names if n.startswith("buildtools/")]
        # Pyodide's bytecode of every module the page may import, and no source
        # (the page never reads one); stored, so that the server's gzip compresses it
        modules = sorted(p.relative_to(build.PY_SRC).as_posix() for package in build.WHEEL_PACKAGES
                         for p in (build.PY_SRC / package).rglob("*.py") if "__pycache__" not in p.parts)
        assert not [n for n in names if n.endswith(".py")]
        compiled = [n for n in names if n.endswith(".pyc")]
        # each game's own modules are in its part beside the wheel, the rest in the wheel
        index = json.loads(wheel.read(build.PARTS_INDEX))
        parts = build.site_parts(built_dist)
        assert sorted(index) == [part.relative_to(built_dist).as_posix() for part in parts]
        games = {p.name for p in (build.PY_SRC / "coalitions" / "games").iterdir() if (p / "__init__.py").is_file()}
        stems = {part.name.rpartition("-")[0] for part in parts}
        # a part per game, per game's guide and walkthroughs, and the app's screens no first page opens
        assert stems == games | {f"{game}.guide" for game in games} | set(APP_PARTS)
        in_parts = []
        for part in parts:
            with zipfile.ZipFile(part) as archive:
                held = archive.namelist()
                assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}
                for name in held:
                    assert_unchecked_pyc(archive.read(name), name)
            stem = part.name.rpartition("-")[0]
            assert held and all(build.part_of(name) == stem for name in held), part
            assert index[part.relative_to(built_dist).as_posix()] == sorted(build.module_names(held))
            in_parts += held
        assert "coalitions/games/election_day/rules.pyc" in in_parts
        assert "app/games/election_day.pyc" in in_parts
        assert "coalitions/games/election_day/guide.pyc" in in_parts and "app/authoring.pyc" in in_parts
        assert "coalitions/games/election_day/__init__.pyc" in compiled  # the registry lists the games from the wheel
        assert "app/games/generic.pyc" in compiled and "coalitions/core/game.pyc" in compiled
        assert not set(compiled) & set(in_parts)
        assert sorted(compiled + in_parts) == sorted(pyc_name(n) for n in modules if n not in build.SITE_WHEEL_OMITS)
        assert "coalitions/cli.py" in build.SITE_WHEEL_OMITS
        for name in compiled:
            assert_unchecked_pyc(wheel.read(name), name)
        assert {info.compress_type for info in wheel.infolist()} == {zipfile.ZIP_STORED}
        info = f"coalitions-{version}.dist-info"
        meta = wheel.read(f"{info}/METADATA").decode()
        assert f"Name: coalitions\nVersion: {version}\n" in meta
        assert "Root-Is-Purelib: true" in wheel.read(f"{info}/WHEEL").decode()
        record = {}
        for line in wheel.read(f"{info}/RECORD").decode().splitlines():
            name, digest, size = line.rsplit(",", 2)
            record[name] = (digest, size)
        assert set(record) == set(names)
        for name in names:
            if name == f"{info}/RECORD":
                continue
            data = wheel.read(name)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert record[name] == (f"sha256={digest}", str(len(data))), name


def pyc_name(module):
    """Beside its source: the zip importer's layout (the page imports from the wheel as it is)."""
    return module[:-3] + ".pyc"


def assert_unchecked_pyc(data, name):
    """A .pyc for Python 3.14 (the magic number 3600 + its 36xx range) that is
    hash-based and unchecked (PEP 552 flags 0b01): never compared with a source."""
    assert len(data) > 16 and data[2:4] == b"\r\n", name
    assert 3600 <= int.from_bytes(data[:2], "little") < 3700, name
    assert int.from_bytes(data[4:8], "little") == 0b01, name


def test_stdlib_ships_the_listed_modules_as_bytecode(built_dist: Path):
    listed = build.stdlib_modules()
    assert "json/decoder.py" in listed and "asyncio/__init__.py" in listed
    archive = build.stdlib_archive(built_dist)
    assert archive.name == f"python_stdlib_all-{hashlib.sha256(archive.read_bytes()).hexdigest()[:16]}.zip"
    with zipfile.ZipFile(build.PYODIDE_SRC / "python_stdlib.zip") as stock, \
            zipfile.ZipFile(built_dist / "pyodide" / "python_stdlib.zip") as shipped, \
            zipfile.ZipFile(archive) as whole:
        # What Pyodide loads at start: the listed files as bytecode, the
        # index of the rest and PyScript's package's bytecode with the module
        # that puts it in place, stored (the server's gzip compresses them).
        index = f"{build.STDLIB_INDEX}.py"
        pyscript = [name for name in shipped.namelist() if name.startswith(BYTECODE_FOLDER + "/")]
        assert sorted(shipped.namelist()) == sorted(
            [name[:-3] + ".pyc" for name in listed] + [index, f"{PUT_MODULE}.py", *pyscript])
        assert {info.compress_type for info in shipped.infolist()} == {zipfile.ZIP_STORED}
        for name in listed:
            assert_unchecked_pyc(shipped.read(name[:-3] + ".pyc"), name)
            assert whole.read(name[:-3] + ".pyc") == shipped.read(name[:-3] + ".pyc")
        # The whole library, fetched on demand: the same bytecode, and everything
        # else exactly as Pyodide publishes it.
        rest = [n for n in stock.namelist() if n not in listed]
        assert set(rest) == {n for n in whole.namelist() if not n.endswith(".pyc")}
        assert all(stock.read(n) == whole.read(n) for n in rest)
        # The index names the archive and exactly the modules only it has.
        namespace: dict = {}
        exec(shipped.read(index).decode(), namespace)
        assert namespace["ARCHIVE"] == archive.name
        assert "difflib" in namespace["MODULES"] and "encodings.latin_1" in namespace["MODULES"]
        assert "json" not in namespace["MODULES"] and "json.decoder" not in namespace["MODULES"]
        assert namespace["MODULES"] == build.module_names(whole.namelist()) - build.module_names(shipped.namelist())


def test_pyscript_s_package_ships_as_checked_bytecode_of_the_sources_pyscript_writes(built_dist: Path):
    """buildtools/pyscript_bytecode.py: a checked hash-based .pyc for each
    module of PyScript's package, compiled from the very sources the bundle
    the page loads writes at start (tests/test_pyodide.py imports them)."""
    everything = pyscript_sources()
    bundle = "".join(path.read_text("utf-8") for path in (built_dist / "pyscript").glob("*.js"))
    for text in everything.values():
        assert json.dumps(text, ensure_ascii=False) in bundle
    # only what `import pyscript` imports: pyscript.web, fs and media are imported by a page that asks
    sources = imported_at_start(everything)
    assert {"pyscript/__init__.py", "pyscript/context.py", "pyscript/events.py"} <= set(sources)
    assert not {"pyscript/web.py", "pyscript/fs.py", "pyscript/media.py"} & set(sources)
    tag = "cpython-314"
    expected = sorted(f"{BYTECODE_FOLDER}/{name.rpartition('/')[0]}/__pycache__/"
                      f"{name.rpartition('/')[2][:-3]}.{tag}.pyc" for name in sources)
    with zipfile.ZipFile(built_dist / "pyodide" / "python_stdlib.zip") as shipped:
        found = sorted(name for name in shipped.namelist() if name.startswith(BYTECODE_FOLDER + "/"))
        assert found == expected and len(found) == len(sources) >= 10
        for name in found:  # hash-based and checked (PEP 552); the hash is Python 3.14's, checked under Node
            assert int.from_bytes(shipped.read(name)[4:8], "little") == 0b11
        namespace: dict = {}
        exec(shipped.read(f"{PUT_MODULE}.py").decode(), namespace)
        assert sorted(f"{BYTECODE_FOLDER}/{name}" for name in namespace["FILES"]) == found


def test_the_server_sends_gzip_like_github_pages(built_dist: Path):
    """build.py serve compresses every file for a client that accepts gzip,
    answers a revalidation with 304, and sends files as they are otherwise."""
    import gzip
    from urllib.error import HTTPError
    from urllib.request import Request, urlopen

    name = "pyodide/python_stdlib.zip"
    with build.serving(built_dist) as url:
        with urlopen(Request(url + name, headers={"Accept-Encoding": "gzip"})) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            body = response.read()
            modified = response.headers["Last-Modified"]
        assert gzip.decompress(body) == (built_dist / name).read_bytes()
        assert len(body) < 0.5 * (built_dist / name).stat().st_size  # stored, so it compresses
        with urlopen(url + name) as response:
            assert response.headers["Content-Encoding"] is None
            assert response.read() == (built_dist / name).read_bytes()
        with pytest.raises(HTTPError) as error:
            urlopen(Request(url + name, headers={"Accept-Encoding": "gzip", "If-Modified-Since": modified}))
        assert error.value.code == 304
    with build.serving(built_dist, compress=False) as url:
        with urlopen(Request(url + name, headers={"Accept-Encoding": "gzip"})) as response:
            assert response.headers["Content-Encoding"] is None


def test_wheel_is_reproducible(tmp_path: Path, built_dist: Path):
    again = build.build_wheel(tmp_path, data=(build.games_catalogue(),))
    assert again.read_bytes() == (built_dist / again.name).read_bytes()
    parts = build.site_parts(tmp_path)
    assert [p.name for p in parts] == [p.name for p in build.site_parts(built_dist)]
    for part in parts:
        assert part.read_bytes() == (built_dist / build.GAME_PARTS / part.name).read_bytes()


def test_the_wheel_s_games_catalogue_is_what_the_game_packages_say(built_dist: Path):
    """The home page lists the games from app/catalogue.json (py/app/catalogue.py),
    written at build time from the game packages: it lists every game folder,
    in catalogue order, each game's metadata and walkthroughs as its class gives them."""
    from app import catalogue
    from coalitions.registry import all_games

    with zipfile.ZipFile(build.site_wheel(built_dist)) as wheel:
        built = json.loads(wheel.read(catalogue.FILE))
    assert built == catalogue.from_registry()
    folders = [p for p in (build.PY_SRC / "coalitions" / "games").iterdir() if (p / "__init__.py").is_file()]
    assert [entry["meta"]["id"] for entry in built] == [game.id for game in all_games()]
    assert len(built) == len(folders) == 5
    for entry, game in zip(built, all_games()):
        assert entry["meta"]["title"] == game.title and entry["meta"]["summary"] == game.summary
        assert [name for name, _ in entry["walkthroughs"]] == list(game.walkthroughs()), game.id
        assert all(title for _, title in entry["walkthroughs"])


def test_game_of_names_the_part_of_a_game_s_own_modules():
    assert build.game_of("coalitions/games/die_macher/rules.pyc") == "die_macher"
    assert build.game_of("coalitions/games/die_macher/__init__.pyc") is None  # stays in the wheel
    assert build.game_of("app/games/koalition/cards.pyc") == "koalition"
    assert build.game_of("app/games/alliances.pyc") == "alliances"
    for shared in ("app/games/__init__.pyc", "app/games/common.pyc", "app/games/generic.pyc",
                   "coalitions/games/__init__.pyc", "coalitions/core/game.pyc", "app/render.pyc"):
        assert build.game_of(shared) is None, shared
        assert build.part_of(shared) is None, shared


def test_part_of_keeps_what_no_table_imports_out_of_the_table_s_part():
    assert build.part_of("coalitions/games/die_macher/rules.pyc") == "die_macher"
    assert build.part_of("coalitions/games/die_macher/guide.pyc") == "die_macher.guide"
    assert build.part_of("coalitions/games/koalition/walkthroughs.pyc") == "koalition.guide"
    assert build.part_of("app/games/koalition/cards.pyc") == "koalition"
    assert build.part_of("app/authoring.pyc") == build.part_of("app/screens/author.pyc") == "app.extras"
    assert build.part_of("app/screens/walkthrough.pyc") == build.part_of("app/share.pyc") == "app.reading"
    # the settings screen styles every page at start (app.browser imports it): it stays in the wheel
    for kept in ("app/screens/settings.pyc", "app/settings_page.pyc", "app/screens/play.pyc", "app/browser.pyc",
                 "app/screens/home.pyc", "app/screens/newgame.pyc", "app/pages.pyc"):
        assert build.part_of(kept) is None, kept


def test_lock_digests_match_shipped_wheels(built_dist: Path):
    lock = json.loads((built_dist / "pyodide" / "pyodide-lock.json").read_text())
    assert set(lock["packages"]) == set(build.VENDORED_WHEELS)
    for name, entry in lock["packages"].items():
        path = built_dist / "pyodide" / entry["file_name"]
        assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"] == build.VENDORED_WHEELS[name]["sha256"]


def test_config_is_local(built_dist: Path):
    config = (built_dist / "pyscript.toml").read_text()
    assert 'interpreter = "./pyodide/start.mjs"' in config
    for line in config.splitlines():
        if "coalitions-" in line and ".whl" in line:
            assert build.site_wheel(built_dist).name in line


def test_the_page_asks_at_once_for_what_python_s_start_fetches(built_dist: Path, tmp_path: Path):
    """Issue 28: dist/index.html preloads the files PyScript asks for one after
    another (its modules, its config, the wheel that config names, the entry
    script), and Pyodide's, each file once and each one that exists, after
    the stylesheet; a deploy's new wheel gets its preload written again."""
    page = (built_dist / "index.html").read_text("utf-8")
    head = page[:page.index("</head>")]
    links = re.findall(r'<link rel="(modulepreload|preload)" href="\./([^"]+)"( as="fetch" crossorigin="anonymous")?>', head)
    hrefs = [href for _rel, href, _fetch in links]
    assert len(hrefs) == len(set(hrefs))
    assert not [href for href in hrefs if not (built_dist / href).is_file()]
    config = tomllib.loads((built_dist / "pyscript.toml").read_text("utf-8"))
    wheel = next(iter(config["files"])).removeprefix("./")
    chunks = [f"pyscript/{name}" for name in build.pyscript_start_files(built_dist / "pyscript")
              if name.endswith(".js") and name != "core.js"]
    assert chunks and set(chunks) <= set(hrefs)
    assert {"pyscript.toml", wheel, "py/main.py", "pyodide/start.mjs", "pyodide/pyodide.mjs",
            "pyodide/pyodide.asm.mjs", "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json"} <= set(hrefs)
    for rel, href, fetched in links:  # modules as modules, the rest as PyScript and Pyodide fetch them
        assert (rel == "modulepreload") == href.endswith((".js", ".mjs")) and bool(fetched) == (rel == "preload")
    assert "pyodide/pyodide.asm.wasm" in hrefs
    # all of them after the stylesheet, which the first paint waits for (Lighthouse's slow 4G put the
    # table's first paint at 11 s instead of 1.6 s with the preloads asked for first)
    assert head.index('<link rel="stylesheet"') < min(head.index(f'href="./{href}"') for href in hrefs)
    # writing them again (a deploy's new wheel) replaces them
    site = tmp_path / "site"
    shutil.copytree(built_dist, site)
    renamed = build.wheel_name(build.project_version(), "0" * 64)
    (site / wheel).rename(site / renamed)
    build.write_config(site / "pyscript.toml", site / "pyscript.toml", renamed)
    assert build.write_preloads(site / "index.html", site) == len(chunks) + 3
    again = (site / "index.html").read_text("utf-8")
    assert renamed in again and wheel not in again and again.count('rel="modulepreload" href="./pyscript/') == len(chunks)


def test_interpreter_module_wraps_pyodide_with_a_snapshot_key_of_the_build(built_dist: Path, tmp_path: Path):
    """pyodide/start.mjs (PyScript's interpreter module) re-exports Pyodide's
    module with a loadPyodide of its own, under a snapshot key that changes
    with Pyodide's files and the shipped standard library; the worker that
    makes the snapshot imports the shipped library's modules, not Pyodide's own."""
    start = (built_dist / "pyodide" / "start.mjs").read_text("utf-8")
    assert 'from "./pyodide.mjs"' in start and "export async function loadPyodide" in start
    key = re.search(r'^const KEY = "([0-9a-f]{16})";$', start, re.MULTILINE)
    assert key and "__SNAPSHOT_KEY__" not in start
    worker = (built_dist / "pyodide" / "snapshot-worker.mjs").read_text("utf-8")
    modules = json.loads(json.loads(re.search(r"^const MODULES = (.*); //", worker, re.MULTILINE).group(1)))
    assert "asyncio" in modules and "json.decoder" in modules and "html.entities" in modules
    assert not [m for m in modules if m.split(".")[0] in ("pyodide", "_pyodide")]
    assert {"pyodide/start.mjs", "pyodide/snapshot-worker.mjs"} <= set(build.precache_files(built_dist))
    # the same files give the same key; another standard library another key
    copy = tmp_path / "pyodide"
    shutil.copytree(built_dist / "pyodide", copy)
    assert build.write_pyodide_start(copy, build.stdlib_modules()) == key.group(1)
    (copy / "python_stdlib.zip").write_bytes(b"another library")
    assert build.write_pyodide_start(copy, build.stdlib_modules()) != key.group(1)


def test_wheel_name_carries_its_hash(built_dist: Path, tmp_path: Path):
    """A new wheel is a new URL (issue 16, item 9): the name carries the
    file's SHA-256, the config names that file, and the page's Python reads
    the name from the config for the bot worker."""
    wheel = build.site_wheel(built_dist)
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert wheel.name == build.wheel_name(build.project_version(), digest)
    assert re.fullmatch(r"coalitions-[0-9][^-]*-0h[0-9a-f]{16}-py3-none-any\.whl", wheel.name)
    assert [p.name for p in built_dist.glob("coalitions-*.whl")] == [wheel.name]

    config = tomllib.loads((built_dist / "pyscript.toml").read_text("utf-8"))
    assert config["files"] == {f"./{wheel.name}": "./coalitions.whl"}
    # py/main.py puts that file on sys.path.
    assert 'os.path.abspath("coalitions.whl")' in (built_dist / "py" / "main.py").read_text("utf-8")
    from app import botworker

    assert botworker.wheel_in_config(config) == f"./{wheel.name}"
    assert botworker.worker_urls("http://h/coalitions/index.html#/", f"./{wheel.name}")[1] == (
        f"http://h/coalitions/{wheel.name}")
    assert botworker.wheel_in_config({}) is None
    assert botworker.wheel_in_config({"files": {"./a.whl": "./*", "./coalitions-1-x.txt": "./"}}) is None

    # Another source, another name; the same source, the same name.
    src = Path(shutil.copytree(build.PY_SRC, tmp_path / "py", ignore=shutil.ignore_patterns("__pycache__")))
    first = build.build_wheel(tmp_path, py_src=src, bytecode=False)
    assert build.build_wheel(tmp_path, py_src=src, bytecode=False) == first
    init = src / "coalitions" / "__init__.py"
    init.write_text(init.read_text("utf-8") + "\n# changed\n", "utf-8")
    second = build.build_wheel(tmp_path, py_src=src, bytecode=False)
    assert second.name != first.name
    with pytest.raises(build.BuildError, match="expected one"):
        build.site_wheel(tmp_path)


def test_config_must_name_one_wheel(tmp_path: Path):
    source = tmp_path / "in.toml"
    source.write_text('[files]\n"./coalitions-0.1.0-py3-none-any.whl" = "./coalitions.whl"\n', "utf-8")
    build.write_config(source, tmp_path / "out.toml", "coalitions-0.1.0-0h0123456789abcdef-py3-none-any.whl")
    assert ('"./coalitions-0.1.0-0h0123456789abcdef-py3-none-any.whl" = "./coalitions.whl"'
            in (tmp_path / "out.toml").read_text())
    source.write_text('[files]\n"./other.whl" = "./*"\n', "utf-8")
    with pytest.raises(build.BuildError, match="one reference"):
        build.write_config(source, tmp_path / "out.toml", "x.whl")


def test_no_off_site_fetches_in_files(built_dist: Path):
    problems, _notes = build.check_urls(built_dist)
    assert problems == []


def css_rules(text: str) -> list[str]:
    """The top-level rules of a stylesheet (an at-rule with its block as one),
    comments dropped and white space folded."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    rules, depth, start = [], 0, 0
    for at, char in enumerate(text):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            assert depth >= 0, text[start:at + 1]
            if depth == 0:
                rules.append(" ".join(text[start:at + 1].split()))
                start = at + 1
    assert depth == 0 and not text[start:].strip(), "unbalanced braces"
    return rules


def stylesheet_sources(root: Path) -> list[Path]:
    return [root / "static" / "css" / "base.css", *sorted((root / "static" / "css" / "games").glob("*.css"))]


def test_stylesheet_is_the_base_then_each_game_in_order(built_dist: Path):
    """dist/static/app.css holds every rule of css/base.css, then of each
    css/games/<id>.css in name order, each part after a comment naming it; the
    sources are not shipped."""
    sources = stylesheet_sources(build.ROOT)
    assert len(sources) > 1
    built = (built_dist / "static" / "app.css").read_text("utf-8")
    assert css_rules(built) == [rule for path in sources for rule in css_rules(path.read_text("utf-8"))]
    marks = [built.index(f"/* {path.relative_to(build.ROOT / 'static').as_posix()} */") for path in sources]
    assert marks == sorted(marks)
    assert not (built_dist / "static" / "css").exists()
    assert '<link rel="stylesheet" href="./static/app.css">' in (built_dist / "index.html").read_text("utf-8")


def test_each_game_stylesheet_is_named_for_a_registered_game():
    sys.path.insert(0, str(build.PY_SRC))
    from coalitions.registry import all_games

    ids = {game.id for game in all_games()}
    sheets = {path.stem for path in (build.ROOT / "static" / "css" / "games").glob("*")}
    assert sheets and sheets <= ids


def test_stylesheet_sources_make_one_sheet(tmp_path: Path):
    """A new game's sheet is picked up with nothing else to change; a
    hand-written static/app.css next to the sources is refused."""
    static = tmp_path / "static"
    (static / "css" / "games").mkdir(parents=True)
    (static / "icons").mkdir()
    (static / "icons" / "a.png").write_bytes(b"png")
    (static / "css" / "base.css").write_text(".a { color: red; }\n")
    (static / "css" / "games" / "zeta.css").write_text(".z { color: blue; }\n")
    (static / "css" / "games" / "alpha.css").write_text("@media (min-width: 1px) { .y { color: green; } }\n")
    out = tmp_path / "out"
    out.mkdir()
    sheet = copy_static(out, static)
    assert sheet == out / "static" / "app.css"
    assert css_rules(sheet.read_text("utf-8")) == [
        ".a { color: red; }", "@media (min-width: 1px) { .y { color: green; } }", ".z { color: blue; }"]
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == [
        "static/app.css", "static/icons/a.png"]
    (static / "app.css").write_text(".old {}")
    with pytest.raises(build.BuildError, match="written by the build"):
        copy_static(tmp_path / "again", static)


def test_prefix_routing(dist_url_prefixed: str):
    from urllib.error import HTTPError
    from urllib.request import urlopen

    assert dist_url_prefixed.endswith("/coalitions/")
    with urlopen(dist_url_prefixed) as response:
        assert b"pyscript" in response.read()
    origin = dist_url_prefixed[: -len("coalitions/")]
    with urlopen(origin) as response:  # redirected to the prefix
        assert response.url == dist_url_prefixed
    with pytest.raises(HTTPError) as error:
        urlopen(origin + "index.html")
    assert error.value.code == 404


def test_site_starts_offline_in_chromium(chromium_browser, dist_url_prefixed: str):
    """The app page under a sub-path becomes ready; every request stays on 127.0.0.1;
    micropip loads from the shipped files."""
    context = chromium_browser.new_context()
    page = context.new_page()
    requests, bad_responses, page_errors = [], [], []
    page.on("request", lambda request: requests.append(request.url))
    page.on("response", lambda r: r.status >= 400 and bad_responses.append(f"{r.status} {r.url}"))
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    try:
        page.goto(dist_url_prefixed + APP_PAGE)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        # A Pyodide of the site's with its whole standard library (loading a
        # package imports importlib.metadata, which the app never does).
        version = page.evaluate(
            """async (archive) => {
                const { loadPyodide } = await import(new URL("./pyodide/pyodide.mjs", location.href).href);
                const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href,
                                                    stdLibURL: new URL("./pyodide/" + archive, location.href).href });
                await pyodide.loadPackage("micropip", { checkIntegrity: true });
                return pyodide.runPython("import micropip; micropip.__version__");
            }""",
            build.stdlib_archive(build.DIST).name,
        )
    finally:
        context.close()
    assert version == build.VENDORED_WHEELS["micropip"]["file_name"].split("-")[1]
    off_site = [url for url in requests if urlsplit(url).hostname != "127.0.0.1" and not url.startswith("data:")]
    assert off_site == []
    assert not page_errors
    assert [r for r in bad_responses if not r.endswith("/favicon.ico")] == []
    loaded = {urlsplit(url).path for url in requests}
    assert "/coalitions/pyodide/micropip-0.11.1-py3-none-any.whl" in loaded
    assert "/coalitions/pyodide/pyodide.asm.wasm" in loaded


def test_page_policy_hashes_its_inline_code(built_dist: Path, tmp_path: Path):
    """Issue 16, item 12: dist/index.html's Content-Security-Policy allows its
    inline script and style attributes by hash, computed at build time."""
    page = (built_dist / "index.html").read_text("utf-8")
    policy = build.page_policy((build.ROOT / "index.html").read_text("utf-8"))
    assert f'<meta http-equiv="Content-Security-Policy" content="{policy.replace(chr(39), "&#x27;")}">' in page
    assert page.index("Content-Security-Policy") < page.index("<script")
    scripts = re.findall(r"<script>(.*?)</script>", page, re.DOTALL)
    assert len(scripts) == 2 and "data-embed" in scripts[0] and "data-prerendered" in scripts[1]
    for script in scripts:
        assert build.csp_hash(script) in policy.split("script-src", 1)[1].split(";", 1)[0]
    for style in re.findall(r'\sstyle="([^"]*)"', page):
        assert build.csp_hash(style) in policy.split("style-src-attr", 1)[1].split(";", 1)[0]
    assert "{inline-" not in page
    # A page without the markers, or with the policy after a script, fails the build.
    source = tmp_path / "index.html"
    source.write_text('<meta http-equiv="Content-Security-Policy" content="default-src \'self\'"><script>1</script>')
    with pytest.raises(build.BuildError, match="needs"):
        build.write_page(source, tmp_path / "out.html")
    source.write_text('<script>1</script><meta http-equiv="Content-Security-Policy" content="x">')
    with pytest.raises(build.BuildError, match="before the first"):
        build.write_page(source, tmp_path / "out.html")


def test_home_and_rules_pages_are_drawn_at_build_time(built_dist: Path):
    """buildtools/prerender.py: the site's index.html holds the home page in an
    inert template (no id of its is in the document) and no rules page; each
    game's rules page, as the app's own renderers draw it, is a file of its own
    (pages/rules-<game>.html, the markup alone), which the service worker
    precaches; and the runtime's size, which counts neither."""
    sys.path.insert(0, str(build.PY_SRC))
    from app import render  # noqa: F401
    from app.pages import rules_html
    from coalitions.registry import all_games

    page = (built_dist / "index.html").read_text("utf-8")
    assert re.findall(r'<template data-page="([^"]+)">', page) == ["home"]
    games = all_games()
    files = [f"pages/rules-{game.id}.html" for game in games]
    assert sorted(p.relative_to(built_dist).as_posix() for p in (built_dist / "pages").iterdir()) == sorted(files)
    for game, name in zip(games, files):
        assert (built_dist / name).read_text("utf-8") == rules_html(game, game.walkthroughs() or {})
        assert f'data-rules="{game.id}"' not in page and name in build.precache_files(built_dist)
    assert "<h2 id=\"interp-title\"" not in page  # nothing of a rules page is inline
    home = page.split('<template data-page="home">', 1)[1].split("</template>", 1)[0]
    assert all(f'data-game-card="{game.id}"' in home for game in games)
    assert 'data-ui="import" disabled' in home  # until Python draws it
    assert '<main id="app" class="app" tabindex="-1"></main>' in page
    total = int(re.search(r'data-download-bytes="(\d+)"', page).group(1))
    runtime = [name for name in build.precache_files(built_dist)
               if name != "index.html" and not name.startswith(("static/", "pages/"))]
    assert total == sum((built_dist / name).stat().st_size for name in runtime) > 10_000_000


def test_prerendered_pages_refuse_markup_that_would_break_out(tmp_path: Path):
    from buildtools.prerender import PAGES_MARKER, insert_pages, write_pages

    pages = {"home": "<p>x</p>", "rules/game": "<section>y</section>"}
    assert insert_pages(f"<body>{PAGES_MARKER}</body>", pages) == \
        '<body><template data-page="home"><p>x</p></template></body>'
    assert write_pages(tmp_path, pages) == ["pages/rules-game.html"]
    assert (tmp_path / "pages" / "rules-game.html").read_text("utf-8") == "<section>y</section>"
    for bad in ("<script>alert(1)</script>", "</template><p>", "<SCRIPT src=x></SCRIPT>"):
        with pytest.raises(build.BuildError):
            insert_pages(f"<body>{PAGES_MARKER}</body>", {"home": bad})
        with pytest.raises(build.BuildError):
            write_pages(tmp_path / "bad", {"home": "<p>x</p>", "rules/game": bad})
        assert not (tmp_path / "bad" / "pages" / "rules-game.html").exists()
    with pytest.raises(build.BuildError):
        insert_pages("<body></body>", {"home": "<p>x</p>"})


def test_tools_caches_left_in_the_sources_are_not_copied():
    # a type checker's or test runner's cache in py/ (mypy run there, say) would ship and be precached
    for name in (".mypy_cache", ".pytest_cache", ".ruff_cache", ".hypothesis", "__pycache__"):
        assert build.IGNORED_NAMES("py", [name, "main.py"]) == {name}, name


def test_the_pyscript_modules_shipped_are_those_its_import_imports():
    sources = {
        "pkg/__init__.py": "from pkg.a import x\nfrom . import b\nif x:\n    import pkg.c\n",
        "pkg/a.py": "x = 1\ndef later():\n    import pkg.lazy\n",
        "pkg/b.py": "try:\n    from .sub import y\nexcept ImportError:\n    pass\n",
        "pkg/c.py": "",
        "pkg/sub/__init__.py": "from ..d import z\n",
        "pkg/d.py": "z = 2\n",
        "pkg/lazy.py": "",
        "pkg/unused.py": "import pkg.a\n",
    }
    assert list(imported_at_start(sources, "pkg/__init__.py")) == [
        "pkg/__init__.py", "pkg/a.py", "pkg/b.py", "pkg/c.py", "pkg/d.py", "pkg/sub/__init__.py"]
