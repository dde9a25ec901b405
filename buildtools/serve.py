"""The static server for ``dist/`` (``python build.py serve``, and the tests'
and benchmarks' server): one directory under a path prefix, like a static host."""

from __future__ import annotations

import contextlib
import email.utils
import functools
import gzip
import http.server
import io
import os
import sys
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .common import DIST


# gzip level of the responses: what static hosts such as GitHub Pages use.
GZIP_LEVEL = 6
_gzipped: dict[tuple[str, int, int], bytes] = {}
_gzipped_lock = threading.Lock()


def gzipped(path: str) -> bytes:
    """The file at ``path`` gzipped (kept while its size and time are unchanged)."""
    stat = os.stat(path)
    key = (path, stat.st_mtime_ns, stat.st_size)
    with _gzipped_lock:
        if key in _gzipped:
            return _gzipped[key]
    with open(path, "rb") as handle:
        data = gzip.compress(handle.read(), GZIP_LEVEL, mtime=0)
    with _gzipped_lock:
        for old in [k for k in _gzipped if k[0] == path]:
            del _gzipped[old]
        _gzipped[key] = data
    return data


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves one directory under a path prefix, like a static host would:
    every file gzipped for a client that accepts it (each file compressed
    once), as GitHub Pages sends them, so that local figures match a host's."""

    prefix = "/"
    cache_seconds = 0
    quiet = False
    compress = True

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".toml": "text/plain",
        ".py": "text/plain",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".svg": "image/svg+xml",
        ".webmanifest": "application/manifest+json",
    }

    def translate_path(self, path: str) -> str:
        route = unquote(urlsplit(path).path)
        return super().translate_path("/" + route[len(self.prefix):])

    def send_head(self):
        route = unquote(urlsplit(self.path).path)
        if self.prefix != "/" and route in ("/", self.prefix.rstrip("/")):
            self.send_response(302)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not route.startswith(self.prefix):
            self.send_error(404, "Not found")
            return None
        path = self.translate_path(self.path)
        if not (self.compress and "gzip" in self.headers.get("Accept-Encoding", "") and os.path.isfile(path)
                and not route.endswith("/")):
            return super().send_head()
        return self._send_gzipped(path)

    def _send_gzipped(self, path: str):
        modified = int(os.stat(path).st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and not self.headers.get("If-None-Match"):
            try:
                if modified <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        body = gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return io.BytesIO(body)

    def list_directory(self, path):
        self.send_error(404, "Not found")
        return None

    def end_headers(self):
        if self.cache_seconds > 0:
            self.send_header("Cache-Control", f"max-age={self.cache_seconds}")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    site_url = ""

    def handle_error(self, request, client_address):
        # A browser that stops reading (navigation, closed page) is not an error.
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def normalize_prefix(prefix: str) -> str:
    return "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"


def make_server(
    directory: Path = DIST,
    port: int = 0,
    prefix: str = "/",
    cache_seconds: int = 0,
    quiet: bool = True,
    host: str = "127.0.0.1",
    compress: bool = True,
) -> SiteServer:
    """An HTTP server for ``directory`` on ``host:port`` (0 picks a free port);
    ``compress=False`` sends every file as it is."""
    handler = type(
        "Handler",
        (SiteHandler,),
        {"prefix": normalize_prefix(prefix), "cache_seconds": cache_seconds, "quiet": quiet, "compress": compress},
    )
    server = SiteServer((host, port), functools.partial(handler, directory=str(directory)))
    server.site_url = f"http://{host}:{server.server_address[1]}{handler.prefix}"
    return server


@contextlib.contextmanager
def serving(directory: Path = DIST, **options):
    """Serve ``directory`` in a background thread; yields the site's URL."""
    server = make_server(directory, **options)
    thread = threading.Thread(target=server.serve_forever, name="dist-server", daemon=True)
    thread.start()
    try:
        yield server.site_url
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def serve_forever(directory: Path = DIST, **options) -> None:
    """Serve ``directory`` in the foreground until Ctrl-C (``python build.py serve``)."""
    server = make_server(directory, quiet=False, **options)
    print(f"Serving {directory} at {server.site_url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
