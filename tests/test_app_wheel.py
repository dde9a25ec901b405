"""app.wheel: the page imports each module from the wheel once, and names
its file as the zip importer does."""

from __future__ import annotations

import importlib
import io
import json
import py_compile
import sys
import zipfile
import zipimport

import pytest

from app import catalogue, render  # noqa: F401 (app.render before app.pages, which it imports)
from app import wheel as wheel_importer
from app.pages import home_page


@pytest.fixture
def wheel(tmp_path, monkeypatch):
    """A zip with a package and a module, each with its bytecode beside its
    source (as build.py lays out the game's wheel), on sys.path."""
    sources = {"wpkg/__init__.py": "VALUE = 1\n", "wpkg/inner.py": "from . import VALUE\nDOUBLE = VALUE * 2\n"}
    path = tmp_path / "game.whl"
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in sources.items():
            source = tmp_path / "src" / name
            source.parent.mkdir(parents=True, exist_ok=True)
            source.write_text(text)
            compiled = py_compile.compile(str(source), cfile=str(source) + "c", dfile=name,
                                          invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            archive.write(source, name)
            archive.write(compiled, name[:-3] + ".pyc")
    monkeypatch.syspath_prepend(str(path))
    monkeypatch.setattr(sys, "path_hooks", list(sys.path_hooks))
    yield str(path)
    for name in ("wpkg", "wpkg.inner"):
        sys.modules.pop(name, None)
    for key in [k for k in sys.path_importer_cache if k.startswith(str(path))]:
        del sys.path_importer_cache[key]


def test_each_module_is_read_once_and_named_as_zipimport_names_it(wheel, monkeypatch):
    reads = []
    real = zipimport._get_module_code

    def counting(importer, fullname):
        reads.append(fullname)
        return real(importer, fullname)

    monkeypatch.setattr(zipimport, "_get_module_code", counting)
    importlib.import_module("wpkg")  # before the hook: the zip importer reads it twice
    assert reads == ["wpkg", "wpkg"]
    plain_file = sys.modules["wpkg"].__file__
    reads.clear()
    wheel_importer.install(wheel)
    inner = importlib.import_module("wpkg.inner")
    assert inner.DOUBLE == 2
    assert reads == ["wpkg.inner"]
    assert isinstance(inner.__loader__, wheel_importer.WheelImporter)
    assert inner.__file__ == f"{wheel}/wpkg/inner.pyc"
    assert plain_file == f"{wheel}/wpkg/__init__.pyc"  # the zip importer's own name for the package
    assert wheel_importer.WheelImporter(wheel).get_filename("wpkg") == plain_file


def test_the_hook_leaves_other_paths_alone(wheel):
    hook = wheel_importer.install(wheel)
    with pytest.raises(ImportError):
        hook("/somewhere/else.zip")
    assert isinstance(hook(wheel + "/wpkg"), wheel_importer.WheelImporter)


@pytest.fixture
def split_wheel(tmp_path, monkeypatch):
    """A wheel holding a package ``spkg`` and its game package's ``__init__``
    (``spkg.games.g``), the game's other modules in a part beside it, as
    build.py splits the site's wheel; sys.meta_path and the module state
    restored afterwards."""
    def pyc(name, text):
        source = tmp_path / "src" / name
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text(text)
        compiled = py_compile.compile(str(source), cfile=str(source) + "c", dfile=name,
                                      invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        return name[:-3] + ".pyc", open(compiled, "rb").read()

    wheel_entries = [pyc("spkg/__init__.py", ""), pyc("spkg/games/__init__.py", ""),
                     pyc("spkg/games/g/__init__.py", "from .rules import RULES\n")]
    part_entries = [pyc("spkg/games/g/rules.py", "from .data import N\nRULES = N + 1\n"),
                    pyc("spkg/games/g/data.py", "N = 41\n")]
    index = {"games/g-0123.zip": ["spkg.games.g.data", "spkg.games.g.rules"]}
    path = tmp_path / "site" / "game.whl"
    path.parent.mkdir()
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in wheel_entries:
            archive.writestr(name, data)
        archive.writestr(wheel_importer.PARTS_INDEX, json.dumps(index))
    part = io.BytesIO()
    with zipfile.ZipFile(part, "w") as archive:
        for name, data in part_entries:
            archive.writestr(name, data)
    monkeypatch.syspath_prepend(str(path))
    monkeypatch.setattr(sys, "path_hooks", list(sys.path_hooks))
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(wheel_importer, "_WHEEL", [])
    monkeypatch.setattr(wheel_importer, "_ARCHIVES", set())
    yield str(path), part.getvalue()
    for name in [n for n in sys.modules if n == "spkg" or n.startswith("spkg.")]:
        del sys.modules[name]
    sys.path_importer_cache.clear()


def test_a_game_s_modules_come_from_its_part_fetched_once(split_wheel):
    path, part = split_wheel
    fetched = []

    def fetch(url):
        fetched.append(url)
        return part

    wheel_importer.install(path)
    finder = wheel_importer.install_parts("https://example.org/site/", fetch)
    assert finder is not None and wheel_importer.install_parts("https://example.org/site/", fetch) is finder
    import spkg.games  # the shared modules fetch nothing
    assert fetched == []
    game = importlib.import_module("spkg.games.g")
    assert game.RULES == 42
    assert fetched == ["https://example.org/site/games/g-0123.zip"]
    rules = sys.modules["spkg.games.g.rules"]
    local = finder.path("games/g-0123.zip")
    assert rules.__file__ == f"{local}/spkg/games/g/rules.pyc"
    assert isinstance(rules.__loader__, wheel_importer.WheelImporter)
    assert isinstance(sys.modules["spkg.games.g.data"].__loader__, wheel_importer.WheelImporter)
    assert finder.fetched == ["games/g-0123.zip"]


def test_a_part_already_on_disk_is_not_fetched_and_a_failed_fetch_is_a_missing_module(split_wheel):
    path, part = split_wheel

    def offline(url):
        raise OSError(f"{url}: offline")

    wheel_importer.install(path)
    finder = wheel_importer.install_parts("https://example.org/site/", offline)
    with pytest.raises(ModuleNotFoundError, match="games/g-0123.zip, which could not be loaded"):
        importlib.import_module("spkg.games.g")
    for name in [n for n in sys.modules if n.startswith("spkg.games.g")]:
        del sys.modules[name]
    finder.put("games/g-0123.zip", part)  # as restore() does from Cache Storage
    assert importlib.import_module("spkg.games.g").RULES == 42
    assert finder.fetched == []


def finish(awaitable):
    """The result of an awaitable that never suspends (the fakes below answer
    at once): run without an event loop, which another test may hold."""
    try:
        awaitable.send(None)
    except StopIteration as done:
        return done.value
    raise AssertionError("it waited for something")


def test_restore_asks_cache_storage_for_every_part_at_once_and_puts_what_it_holds(split_wheel, monkeypatch, tmp_path):
    """PartFinder.restore asks Cache Storage for each part not on disk when it
    is called, before anything is awaited (the page imports its modules while
    the answers come), then puts on disk those the cache holds."""
    import types

    path, part = split_wheel
    wheel_importer.install(path)
    finder = wheel_importer.PartFinder("https://example.org/site/", {"games/g-0123.zip": ["spkg.games.g.rules"],
                                                                     "games/h-4567.zip": ["spkg.games.h.rules"]},
                                       str(tmp_path / "parts"), lambda url: b"")
    asked = []

    class Body:
        async def arrayBuffer(self):
            return types.SimpleNamespace(to_bytes=lambda: part)

    async def answer(url):
        return Body() if url.endswith("g-0123.zip") else None

    def match(url):
        asked.append(url)
        return answer(url)

    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(caches=types.SimpleNamespace(match=match)))
    restoring = finder.restore()
    assert asked == ["https://example.org/site/games/g-0123.zip", "https://example.org/site/games/h-4567.zip"]
    assert finish(restoring) == 1
    with open(finder.path("games/g-0123.zip"), "rb") as handle:
        assert handle.read() == part
    assert not (tmp_path / "parts" / "h-4567.zip").exists()
    # a part already on disk is not asked for again
    asked.clear()
    assert finish(finder.restore()) == 0
    assert asked == ["https://example.org/site/games/h-4567.zip"]


def test_prefetch_asks_at_once_for_the_named_parts_and_puts_those_that_arrive(split_wheel, monkeypatch, tmp_path):
    """PartFinder.prefetch asks for the named parts not on disk when called (the
    page imports its modules while they come), puts on disk those that
    arrived, and leaves a part that did not to the fetch at its first import."""
    import types

    path, part = split_wheel
    wheel_importer.install(path)
    fetched = []
    finder = wheel_importer.PartFinder("https://example.org/site/", {
        "games/g-0123.zip": ["spkg.games.g.rules"], "games/g.guide-89ab.zip": ["spkg.games.g.guide"],
        "games/h-4567.zip": ["spkg.games.h.rules"]}, str(tmp_path / "parts"), lambda url: fetched.append(url) or part)
    asked = []

    class Response:
        def __init__(self, ok):
            self.ok = ok

        async def arrayBuffer(self):
            return types.SimpleNamespace(to_bytes=lambda: part)

    async def answer(url):
        return Response(ok=url.endswith("g-0123.zip"))

    def fetch(url):
        asked.append(url)
        return answer(url)

    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(fetch=fetch))
    # (what the page's routes ask for before showing a screen: app.browser.App.fetch_parts_first)
    assert finder.missing(["g", "g.guide"]) == ["games/g-0123.zip", "games/g.guide-89ab.zip"]
    assert finder.missing(["nothing"]) == []
    fetching = finder.prefetch(["g", "g.guide"])
    assert asked == ["https://example.org/site/games/g-0123.zip", "https://example.org/site/games/g.guide-89ab.zip"]
    assert finish(fetching) == 1
    assert finder.ready("games/g-0123.zip") == finder.path("games/g-0123.zip") and fetched == []
    assert finder.ready("games/g.guide-89ab.zip") and fetched == ["https://example.org/site/games/g.guide-89ab.zip"]
    assert finder.missing(["g", "g.guide", "h"]) == ["games/h-4567.zip"]
    asked.clear()
    assert finish(finder.prefetch(["g", "nothing"])) == 0 and asked == []  # on disk already; no such part


def test_a_wheel_without_an_index_has_no_part_finder(wheel, monkeypatch):
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(wheel_importer, "_WHEEL", [])
    assert wheel_importer.install_parts("https://example.org/", lambda url: b"") is None
    wheel_importer.install(wheel)
    assert wheel_importer.install_parts("https://example.org/", lambda url: b"") is None
    assert not [f for f in sys.meta_path if isinstance(f, wheel_importer.PartFinder)]


def test_the_home_page_lists_the_games_from_the_wheel_s_catalogue_and_fetches_no_part(split_wheel, monkeypatch):
    path, part = split_wheel
    entries = [{"meta": {"id": "g", "title": "Gee", "designer": "Someone", "min_players": 2, "max_players": 3,
                         "players_text": "2–3 players", "summary": "A game of g."},
                "walkthroughs": [["first-steps", "The first steps"]]}]
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr(catalogue.FILE, catalogue.encode(entries))
    fetched = []
    wheel_importer.install(path)
    wheel_importer.install_parts("https://example.org/site/", lambda url: fetched.append(url) or part)
    monkeypatch.setattr(catalogue, "_READ", [])
    assert catalogue.games() == entries
    html = home_page(catalogue.games(), [])
    assert 'data-game-card="g"' in html and "The first steps" in html and "#/walkthrough/g/first-steps" in html
    assert "Election Day" not in html  # the wheel's catalogue, not the registry's games
    assert fetched == [] and "spkg.games.g" not in sys.modules


def test_without_a_catalogue_in_the_wheel_the_games_are_listed_from_the_registry(monkeypatch):
    from coalitions.registry import all_games

    monkeypatch.setattr(wheel_importer, "_WHEEL", [])
    monkeypatch.setattr(catalogue, "_READ", [])
    assert [entry["meta"]["id"] for entry in catalogue.games()] == [game.id for game in all_games()]
    assert catalogue.games() == json.loads(catalogue.encode(catalogue.from_registry()))


def test_every_dataclass_has_its_own_docstring():
    """A dataclass without a docstring gets one made at class creation from
    inspect.signature, which the page then pays for at start (about 20 ms of a
    cold start in Pyodide, for one class): each of ours says what it is."""
    import ast
    from pathlib import Path

    missing = []
    for path in sorted((Path(__file__).resolve().parent.parent / "py").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (isinstance(node, ast.ClassDef) and ast.get_docstring(node) is None
                    and any("dataclass" in ast.unparse(decorator) for decorator in node.decorator_list)):
                missing.append(f"{path.name}:{node.lineno} {node.name}")
    assert not missing, missing
