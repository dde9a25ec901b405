"""Share links and embed code. Pure functions, no browser.

A share link carries the record itself in the URL fragment, so it opens on any
machine with no server (docs/records.md, "Share links"):

    <page>#/shared/<payload>              a game, shown read-only
    <page>#/shared/<payload>?seat=2       ... as seat 2 saw it (that seat's hand)
    <page>#/shared/<payload>?step=3       a walkthrough, at step 3

    payload = base64url, without padding, of zlib (level 9) of the record's
              canonical JSON: keys sorted, no spaces, UTF-8

Opening a link decodes the payload and replays the record through the rules;
anything wrong gives a RecordError with a message for people, never a crash.
"""

import base64
import binascii
import copy
import json
import re
import zlib

from coalitions.core.errors import CoalitionsError, RecordError
from coalitions.core.records import loads, replay

from . import routes
from .render import esc

MAX_URL = 8000  # characters: longer links are refused and "Export record" offered instead
MAX_JSON_BYTES = 2 * 1024 * 1024  # a shared record never unpacks to more than this
# zlib never makes JSON longer than itself plus a few bytes: a longer payload cannot unpack within the limit
MAX_PAYLOAD = (MAX_JSON_BYTES + 1024) * 4 // 3
PRIVATE_KEYS = ("meta",)  # left out of a shared record: save dates, file names, setup
PAYLOAD_CHARS = re.compile(r"[A-Za-z0-9_-]+")

EMBED_WIDTH = 800
EMBED_HEIGHT = 600


def shared_record(record):
    """The record as it goes into a link: everything but the app's own notes."""
    return {k: v for k, v in record.items() if k not in PRIVATE_KEYS}


def canonical(record):
    """The canonical JSON of a record, as UTF-8 bytes."""
    text = json.dumps(shared_record(record), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8")


def encode(record):
    """The payload of a share link for this record."""
    packed = zlib.compress(canonical(record), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def _damaged(why):
    return RecordError(f"the link is damaged or incomplete: {why}")


def decode(payload):
    """The record (a dict, not yet checked) a payload holds; RecordError if the
    payload is not one that encode() wrote."""
    payload = (payload or "").strip()
    if not payload:
        raise RecordError("the link holds no record (nothing follows #/shared/)")
    if len(payload) > MAX_PAYLOAD:  # bounded before anything is decoded
        raise RecordError(f"the record in the link is too large (more than {MAX_JSON_BYTES // (1024 * 1024)} MB)")
    if not PAYLOAD_CHARS.fullmatch(payload):
        raise _damaged("it holds characters a share link never has")
    if len(payload) % 4 == 1:
        raise _damaged("it was cut short or changed")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise _damaged("it was cut short or changed") from None
    unpack = zlib.decompressobj()
    try:
        data = unpack.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise _damaged("the compressed record does not unpack (a character was changed or lost)") from None
    if len(data) > MAX_JSON_BYTES or unpack.unconsumed_tail:
        raise RecordError(f"the record in the link is too large (more than {MAX_JSON_BYTES // (1024 * 1024)} MB)")
    if not unpack.eof:
        raise _damaged("it was cut short")
    if unpack.unused_data:
        raise _damaged("something was added at its end")
    try:
        record = loads(data)  # bounded in size and depth before it is parsed
    except RecordError:
        raise _damaged("what it holds is not a record") from None
    if not isinstance(record, dict):
        raise _damaged("what it holds is not a record")
    return record


def open_payload(payload):
    """Decode a payload and replay its record through the rules (every move is
    checked). Returns the normalized record; RecordError with the first problem."""
    record = decode(payload)
    try:
        rec, _state = replay(copy.deepcopy(record))
    except CoalitionsError as exc:
        raise RecordError(f"the record in the link is not valid: {exc}") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise RecordError(f"the record in the link is malformed ({type(exc).__name__}: {exc})") from None
    return rec


def share_hash(payload, step=None, seat=None, embed=False):
    params = {}
    if step is not None:
        params["step"] = str(int(step))
    if seat is not None:
        params["seat"] = str(int(seat))
    if embed:
        params["embed"] = "1"
    return routes.shared(payload, **params)


def share_link(base, record, step=None, seat=None, payload=None):
    """{"url", "length", "too_long"} for a record: the URL is `base` (the page's
    address without its fragment) followed by the share fragment."""
    payload = payload if payload is not None else encode(record)
    url = base + share_hash(payload, step=step, seat=seat)
    return {"url": url, "length": len(url), "too_long": len(url) > MAX_URL, "payload": payload}


def embed_title(title):
    return f"{title} — Coalitions"


def embed_snippet(src, title, width=EMBED_WIDTH, height=EMBED_HEIGHT):
    """A ready snippet for a wiki or a blog: an <iframe> that fills its column
    up to `width` pixels (never wider than the page), `height` pixels tall
    until it is told its content's height, and the one-line include that sizes
    it (static/embed.js, from the same site as the frame; a host that strips
    scripts keeps the fixed height). `src` is the absolute URL of the embedded
    walkthrough, `title` its title (plain text, escaped here)."""
    script = routes.join_url(src, "static/embed.js")
    return (
        f'<iframe src="{esc(src)}" title="{esc(embed_title(title))}" '
        f'loading="lazy" style="display:block;border:0;width:100%;max-width:{int(width)}px;height:{int(height)}px">'
        f'</iframe>\n<script src="{esc(script)}" async></script>'
    )


def walkthrough_embed_url(base, game_id, name):
    """The absolute URL of a built-in walkthrough in its embedded form."""
    return base + routes.walkthrough(game_id, name, embed=True)
