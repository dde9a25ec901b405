"""The installable, offline site: dist/sw.js precaches files that exist and the
page needs, under a cache name that follows their contents; the web app
manifest is valid, relative and has its icons. (The browser side is in
tests/browser/test_offline.py.)"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import struct
import subprocess
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

import build

SITE = "https://example.org/coalitions/"


def sw_version(site: Path) -> str:
    found = re.search(r'^const VERSION = "([0-9a-f]{16})";$', (site / "sw.js").read_text("utf-8"), re.MULTILINE)
    assert found, "sw.js has no VERSION"
    return found.group(1)


def sw_precache(site: Path) -> dict[str, str]:
    """path -> hash of its contents, as listed in sw.js."""
    found = re.search(r"^const PRECACHE = (\{.*?\});$", (site / "sw.js").read_text("utf-8"), re.MULTILINE | re.DOTALL)
    assert found, "sw.js has no PRECACHE"
    return json.loads(found.group(1))


@pytest.fixture
def site_copy(tmp_path: Path, built_dist: Path) -> Path:
    """A copy of dist/ that a test may change."""
    return Path(shutil.copytree(built_dist, tmp_path / "site"))


def test_precache_lists_files_that_exist(built_dist: Path):
    listed = sw_precache(built_dist)
    files = list(listed)
    assert files == build.precache_files(built_dist)
    for name, digest in listed.items():
        parts = urlsplit(name)
        assert not parts.scheme and not parts.netloc and not name.startswith("/") and ".." not in name, name
        assert (built_dist / name).is_file(), name
        assert hashlib.sha256((built_dist / name).read_bytes()).hexdigest().startswith(digest), name
    version = build.project_version()
    for needed in ("index.html", "pyscript.toml", "py/main.py", build.site_wheel(built_dist).name,
                   "static/boot.js", "static/pwa.js", "static/app.css", "static/manifest.webmanifest",
                   "pyodide/pyodide-lock.json", "pyscript/core.js", "pyscript/core.css",
                   *(f"pyodide/{name}" for name in build.PYODIDE_FILES)):
        assert needed in files, needed
    # The stylesheet is one built file, not its sources.
    assert not [f for f in files if f.startswith("static/css/")]
    # Only what start-up needs: not the micropip wheels, nor PyScript's editor or terminal.
    assert not [f for f in files if f.startswith("pyodide/") and f.endswith(".whl")]
    assert not [f for f in files if re.search(r"pyscript/(codemirror|xterm|zip|mpy)", f)]
    pyscript = [f for f in files if f.startswith("pyscript/")]
    assert len(pyscript) == len(build.PYSCRIPT_AT_START) + len(build.PYSCRIPT_START_CHUNKS)
    # Every file of the shell's folders is there (a file a page cannot get offline breaks it).
    shell = {p.relative_to(built_dist).as_posix() for d in ("static", "py") for p in (built_dist / d).rglob("*")
             if p.is_file()}
    assert shell <= set(files)


def test_cache_name_follows_contents(site_copy: Path):
    first = build.write_service_worker(site_copy)
    assert first.version == sw_version(site_copy)
    assert first.path == site_copy / "sw.js"
    assert first.size == sum((site_copy / f).stat().st_size for f in first.files)
    text = (site_copy / "sw.js").read_text("utf-8")
    assert build.write_service_worker(site_copy) == first  # same contents, same worker
    assert (site_copy / "sw.js").read_text("utf-8") == text

    css = site_copy / "static" / "app.css"
    original = css.read_bytes()
    css.write_bytes(original + b"\n/* a new version */\n")
    changed = build.write_service_worker(site_copy)
    assert changed.version == sw_version(site_copy) != first.version
    css.write_bytes(original)
    assert build.write_service_worker(site_copy).version == first.version

    # A change to a file that is not precached does not make a new version.
    (site_copy / "pyodide" / build.VENDORED_WHEELS["micropip"]["file_name"]).write_bytes(b"changed")
    assert build.write_service_worker(site_copy).version == first.version
    # The wasm is precached, so a new Pyodide is a new version.
    with (site_copy / "pyodide" / "pyodide.asm.wasm").open("ab") as wasm:
        wasm.write(b"\0")
    assert build.write_service_worker(site_copy).version != first.version


def test_a_new_pyscript_that_renames_its_chunks_fails_the_build(site_copy: Path):
    core = site_copy / "pyscript" / "core.js"
    core.write_text(re.sub(r"core-[A-Za-z0-9_-]+\.js", "kernel-abcdef12.js", core.read_text("utf-8")), "utf-8")
    with pytest.raises(build.BuildError, match="PYSCRIPT_START_CHUNKS"):
        build.write_service_worker(site_copy)


def test_scripts_parse(built_dist: Path, node: str):
    for script in (built_dist / "sw.js", built_dist / "static" / "pwa.js", built_dist / "static" / "boot.js"):
        result = subprocess.run([node, "--check", str(script)], capture_output=True, text=True)
        assert result.returncode == 0, f"{script}: {result.stderr}"


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return struct.unpack(">II", data[16:24])


def test_manifest(built_dist: Path):
    path = built_dist / "static" / "manifest.webmanifest"
    manifest = json.loads(path.read_text("utf-8"))
    base = urljoin(SITE, "static/manifest.webmanifest")
    # Relative URLs that lead back to the site's root, wherever the site is.
    for key in ("start_url", "scope"):
        assert not urlsplit(manifest[key]).scheme and not manifest[key].startswith("/"), key
        assert urljoin(base, manifest[key]) == SITE, key
    assert manifest["name"] and manifest["short_name"] and manifest["display"] in ("standalone", "fullscreen")
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    sizes = set()
    for icon in manifest["icons"]:
        src = icon["src"]
        assert not urlsplit(src).scheme and not src.startswith("/"), src
        target = urljoin(base, src)
        assert target.startswith(SITE), src
        file = built_dist / target[len(SITE):]
        assert file.is_file(), src
        if icon["type"] == "image/png":
            width, height = png_size(file)
            assert icon["sizes"] == f"{width}x{height}", src
            sizes.add((width, icon.get("purpose", "any")))
        else:
            assert icon["type"] == "image/svg+xml" and file.read_text("utf-8").startswith("<svg"), src
    # What Chrome asks of an installable app, and an icon for launchers that crop.
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes


def test_page_links_manifest_and_worker(built_dist: Path):
    html = (built_dist / "index.html").read_text("utf-8")
    assert '<link rel="manifest" href="./static/manifest.webmanifest">' in html
    assert re.search(r'<meta name="theme-color" content="#[0-9a-f]{6}"', html)
    assert '<script src="./static/pwa.js" defer></script>' in html
    pwa = (built_dist / "static" / "pwa.js").read_text("utf-8")
    assert 'register("./sw.js", { scope: "./"' in pwa
    # The worker sits at the site's root, so that its scope is the whole site.
    assert (built_dist / "sw.js").is_file()
    problems, _ = build.check_urls(built_dist)
    assert problems == []


def test_cache_names_are_scoped(built_dist: Path):
    """Two copies of the site on one origin (/a/ and /b/) get caches of their
    own (issue 16, item 10): the name holds the worker's scope."""
    version = sw_version(built_dist)
    assert build.sw_cache_name(version, "/a/") == f"coalitions:/a/:{version}"
    assert build.sw_cache_name(version, "/a/") != build.sw_cache_name(version, "/b/")
    # Neither name is a prefix of the other's scope's names (/a/ and /a/b/).
    assert not build.sw_cache_name(version, "/a/b/").startswith("coalitions:/a/:")
    text = (built_dist / "sw.js").read_text("utf-8")
    assert 'const PREFIX = "coalitions:" + SCOPE.pathname + ":";' in text
    assert "const SCOPE = new URL(self.registration.scope);" in text


def test_worker_checks_hashes_before_caching(built_dist: Path):
    """Issue 16, item 9: every file is checked against its listed hash before
    it is cached, and the cache is written only once the version is whole."""
    text = (built_dist / "sw.js").read_text("utf-8")
    assert 'crypto.subtle.digest("SHA-256"' in text
    precache = text[text.index("async function precache()"):]
    precache = precache[:precache.index("\n}\n")]
    # The files are gathered and checked first; the cache is opened after.
    assert precache.index("Promise.all(") < precache.index("caches.open(CACHE)")
    assert "checked(old.get(path), hash)" in precache and "download(path, hash)" in precache
