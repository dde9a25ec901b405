"""app.wheel: the page imports each module from the wheel once, and names
its file as the zip importer does."""

from __future__ import annotations

import importlib
import py_compile
import sys
import zipfile
import zipimport

import pytest

from app import wheel as wheel_importer


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
