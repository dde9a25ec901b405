"""app.stdlib: the finder that fetches the whole standard library the first
time a module only it has is imported, and puts it in the shipped zip's place."""

from __future__ import annotations

import importlib
import sys
import zipfile

import pytest

from app import stdlib


def write_zip(path, modules):
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in modules.items():
            archive.writestr(name, text)
    return path.read_bytes()


@pytest.fixture
def library(tmp_path, monkeypatch):
    """A "shipped" zip on sys.path with one module and half a package, and the
    "whole" library's bytes, a superset; a finder for it, last on sys.meta_path."""
    shipped = tmp_path / "lib.zip"
    write_zip(shipped, {"zshipped.py": "X = 1\n", "zpkg/__init__.py": "", "zpkg/one.py": "ONE = 1\n"})
    whole = write_zip(tmp_path / "whole.zip", {
        "zshipped.py": "X = 1\n", "zpkg/__init__.py": "", "zpkg/one.py": "ONE = 1\n",
        "zpkg/two.py": "TWO = 2\n", "zextra.py": "def f():\n    raise ValueError('from the whole library')\n",
    })
    asked = []

    def fetch(url):
        asked.append(url)
        return whole

    kept = []
    finder = stdlib.LibraryFinder("http://site/pyodide/whole.zip", frozenset({"zextra", "zpkg.two"}),
                                  fetch=fetch, target=str(shipped), keep=kept.append)
    monkeypatch.setattr(sys, "path", [str(shipped), *sys.path])
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, finder])
    names = ("zshipped", "zpkg", "zpkg.one", "zpkg.two", "zextra")
    yield finder, asked, kept
    for name in names:
        sys.modules.pop(name, None)
    sys.path_importer_cache.pop(str(shipped), None)
    importlib.invalidate_caches()


def test_a_shipped_module_and_an_unknown_one_fetch_nothing(library):
    finder, asked, _ = library
    assert importlib.import_module("zshipped").X == 1
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("zno_such_module")
    assert asked == [] and not finder.fetched


def test_a_module_only_the_whole_library_has_is_fetched_once(library):
    finder, asked, kept = library
    one = importlib.import_module("zpkg.one")  # imported from the shipped zip first
    assert importlib.import_module("zpkg.two").TWO == 2  # its package's other half
    assert asked == ["http://site/pyodide/whole.zip"] and finder.fetched
    assert kept == ["http://site/pyodide/whole.zip"]  # asked again for the service worker
    extra = importlib.import_module("zextra")
    assert asked == ["http://site/pyodide/whole.zip"]  # once
    assert one.ONE == 1 and importlib.import_module("zshipped").X == 1
    with pytest.raises(ValueError) as error:  # a traceback through it names file and line
        extra.f()
    assert error.traceback[-1].lineno + 1 == 2 and str(error.traceback[-1].path).endswith("zextra.py")


def test_a_failed_fetch_is_a_missing_module(library):
    finder, _, _ = library

    def offline(url):
        raise OSError(f"{url}: offline")

    finder.fetch = offline
    with pytest.raises(ModuleNotFoundError, match="zextra.*could not be loaded"):
        importlib.import_module("zextra")
    assert not finder.fetched and "offline" in finder.failure


def test_install_needs_the_index_of_the_shipped_zip():
    # CPython has its whole library and no index module: nothing to install.
    assert stdlib.install("http://site/pyodide/") is None
    assert not stdlib.fetched()


def test_the_bytes_of_a_synchronous_request_come_back_whole():
    data = bytes(range(256)) * 3
    text = "".join(chr(b) if b < 0x80 else chr(0xF700 + b) for b in data)  # x-user-defined
    import _codecs

    assert bytes(_codecs.charmap_encode(text, "strict", stdlib._x_user_defined())[0]) == data
