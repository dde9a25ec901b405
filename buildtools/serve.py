"""The static server for ``dist/`` (``python build.py serve``, and the tests'
and benchmarks' server): one directory under a path prefix, like a static host."""

from __future__ import annotations

import contextlib
import functools
import http.server
import sys
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .common import DIST


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves one directory under a path prefix, like a static host would."""

    prefix = "/"
    cache_seconds = 0
    quiet = False

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
        return super().send_head()

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
) -> SiteServer:
    """An HTTP server for ``directory`` on ``host:port`` (0 picks a free port)."""
    handler = type(
        "Handler",
        (SiteHandler,),
        {"prefix": normalize_prefix(prefix), "cache_seconds": cache_seconds, "quiet": quiet},
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
