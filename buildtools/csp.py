"""The page's Content-Security-Policy (a ``<meta>`` in ``index.html``).

The policy in ``index.html`` names no hash itself: it carries two markers
that :func:`write_page` replaces, in ``dist/index.html``, with the hashes of
what the page holds inline, so that an edit of that inline code never leaves a
stale hash behind:

* ``{inline-script-hashes}``: ``'sha256-…'`` of each inline ``<script>`` (the
  embed flag and the theme set before the first paint, and the choice of the
  page drawn at build time, :mod:`buildtools.prerender`);
* ``{inline-style-hashes}``: ``'sha256-…'`` of each ``style="…"`` attribute
  (two strokes of the suit symbols), allowed by ``'unsafe-hashes'``.

docs/security.md says why each source of the policy is there.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from pathlib import Path

from .common import BuildError

SCRIPT_MARKER = "{inline-script-hashes}"
STYLE_MARKER = "{inline-style-hashes}"
CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
# An inline script: <script> with no src (attributes other than src allowed).
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.DOTALL)
STYLE_ATTRIBUTE = re.compile(r"""\sstyle=(?:"([^"]*)"|'([^']*)')""")


def csp_hash(text: str) -> str:
    """The CSP source expression that allows exactly ``text``."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def page_policy(page: str) -> str:
    """The policy of ``page`` (index.html's text) with its markers filled in."""
    metas = CSP_META.findall(page)
    if len(metas) != 1:
        raise BuildError("index.html: expected one <meta http-equiv=\"Content-Security-Policy\">")
    policy = html.unescape(metas[0])
    for marker in (SCRIPT_MARKER, STYLE_MARKER):
        if policy.count(marker) != 1:
            raise BuildError(f"index.html: the Content-Security-Policy needs {marker} once")
    scripts = sorted({csp_hash(text) for text in INLINE_SCRIPT.findall(page)})
    styles = sorted({csp_hash(html.unescape(a or b)) for a, b in STYLE_ATTRIBUTE.findall(page)})
    # With no hash a directive would still need a source: 'none' adds nothing to the others.
    policy = policy.replace(SCRIPT_MARKER, " ".join(scripts))
    policy = policy.replace(STYLE_MARKER, " ".join(styles) if styles else "'none'")
    return re.sub(r"\s+", " ", policy).strip()


def write_page(source: Path, target: Path) -> str:
    """Copy index.html with its policy's hashes filled in; returns the policy."""
    page = source.read_text("utf-8")
    if page.find("<meta http-equiv=\"Content-Security-Policy\"") > page.find("<script"):
        raise BuildError("index.html: the Content-Security-Policy must come before the first <script>")
    policy = page_policy(page)
    target.write_text(CSP_META.sub(lambda _m: f'<meta http-equiv="Content-Security-Policy" content="{html.escape(policy)}">',
                                   page), "utf-8")
    return policy
