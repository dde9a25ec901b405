"""Routes: the part of the URL after '#'. Pure functions, no browser.

    #/                                  home
    #/new/<game>                        new-game form
    #/new/<game>?seats=human,bot,...    start that game at once (see app.setup)
    #/play/<save-id>                    the table of a saved game
    #/review/<save-id>                  a finished saved game, stepped through move by move
    #/settings                          the settings
    #/rules/<game>                      rules page
    #/walkthrough/<game>/<name>         walkthrough player (?step=k, ?embed=1 for an iframe)
    #/author/<draft-id>                 write a walkthrough (app.authoring; the draft is in storage)
    #/shared/<payload>                  a record carried by the link itself (app.share):
                                        a game read-only (?seat=s: as that seat saw it),
                                        or with ?step=k a walkthrough at step k

Query parameters may follow '?' or, for links written by hand, '&'
(``#/walkthrough/election-day/debate-scoring&embed=1``).
"""

import re
from dataclasses import field

from coalitions.core.plain import plain

# Percent-encoding as urllib.parse does it (quote with safe="-_.~", unquote,
# unquote_plus), written out here because importing urllib.parse (and the
# ipaddress module it imports) is a noticeable part of the page's start.
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")


def quote(text: str) -> str:
    """Every UTF-8 byte of `text` but letters, digits and -_.~ as %XX."""
    return "".join(chr(b) if b in _UNRESERVED else f"%{b:02X}" for b in text.encode("utf-8"))


def unquote(text: str) -> str:
    """%XX sequences decoded as UTF-8 (bytes that are not UTF-8 become U+FFFD)."""
    if "%" not in text:
        return text
    return _ESCAPES.sub(lambda m: bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8", "replace"), text)


def unquote_plus(text: str) -> str:
    """As `unquote`, with "+" read as a space (query values)."""
    return unquote(text.replace("+", " "))


def join_url(base: str, path: str) -> str:
    """As urllib.parse.urljoin(base, path), for the relative paths the site
    joins to a page's absolute URL (``static/embed.js``, ``./<wheel>``,
    ``./``): the folder of `base` and `path`. Written out for the reason of
    `quote`, so that starting the bot worker or opening a walkthrough imports
    neither module; any other path goes to urljoin."""
    scheme, sep, rest = base.split("#", 1)[0].split("?", 1)[0].partition("://")
    segments = path.split("/")
    while len(segments) > 1 and segments[0] == ".":
        segments.pop(0)
    if segments[-1] == ".":
        segments[-1] = ""
    host, _, tail = rest.partition("/")
    folder = tail[: tail.rfind("/") + 1]
    names = segments[:-1] + folder.split("/")[:-1]  # every segment but the last of each: not empty
    if not (sep and scheme.lower() in ("http", "https", "file") and path and not path.startswith("/")
            and ":" not in segments[0] and not any(c in path for c in "?#\\")
            and not {".", ".."} & {*segments, *folder.split("/")} and "" not in names):
        from urllib.parse import urljoin

        return urljoin(base, path)
    return f"{scheme.lower()}://{host}/{folder}" + "/".join(segments)


@plain
class Route:
    name: str  # home, new, play, review, settings, rules, walkthrough, author, shared, notfound
    args: list = field(default_factory=list)
    params: dict = field(default_factory=dict)  # name -> raw (still %-encoded) value
    path: str = ""

    def param(self, name, default=None):
        """A parameter as text (decoded), or default."""
        if name not in self.params:
            return default
        return unquote_plus(self.params[name])

    def param_list(self, name):
        """A comma-separated parameter as a list of decoded texts, or None.
        Split before decoding, so that a name may hold an encoded comma."""
        if name not in self.params:
            return None
        raw = self.params[name]
        if raw == "":
            return []
        return [unquote_plus(part) for part in raw.split(",")]

    def flag(self, name):
        return self.param(name, "") in ("1", "true", "yes", "on")

    @property
    def embed(self):
        return self.flag("embed")


def split_query(text):
    """'a=1&b=x%2Cy' -> {'a': '1', 'b': 'x%2Cy'} (values left encoded; last wins)."""
    params = {}
    for part in text.split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        params[unquote_plus(key)] = value
    return params


def parse(hash_text):
    """Parse location.hash (with or without the leading '#')."""
    text = (hash_text or "").lstrip("#")
    cut = len(text)
    for sep in "?&":
        i = text.find(sep)
        if i != -1:
            cut = min(cut, i)
    path, query = text[:cut], text[cut + 1:]
    params = split_query(query)
    parts = [unquote_plus(p) for p in path.split("/") if p]
    route = Route("notfound", parts, params, "/" + "/".join(parts))
    if not parts:
        route.name = "home"
    elif parts[0] == "new" and len(parts) == 2:
        route.name = "new"
    elif parts[0] in ("play", "review") and len(parts) == 2:
        route.name = parts[0]
    elif parts == ["settings"]:
        route.name = "settings"
    elif parts[0] == "rules" and len(parts) == 2:
        route.name = "rules"
    elif parts[0] == "author" and len(parts) == 2:
        route.name = "author"
    elif parts[0] == "walkthrough" and len(parts) == 3:
        route.name = "walkthrough"
    elif parts[0] == "shared" and len(parts) >= 2:
        # everything after #/shared/, as written: a payload that gained a "/"
        # or a "+" on its way is a damaged link (app.share says so), not another page
        route.name = "shared"
        route.args = [unquote(path.split("/", 2)[2].strip("/"))]
        return route
    else:
        return route
    route.args = parts[1:]
    return route


_GAME_FOLDER = re.compile(r"[a-z][a-z0-9_]{0,39}")


def parts_needed(route, game_of_save=None):
    """The games' parts (app.wheel) the first screen of `route` imports, by
    name: a new game's form or table needs its game's own; a walkthrough its
    game's, its game's guide and the reading screens'; a saved game's table
    its game's, and its review the game's and the review's screens', where
    `game_of_save` (a save's id -> its game's id, or None) knows that game.
    Nothing for any other route (or a game id that names no folder)."""
    if route.name in ("play", "review"):
        folder = _game_folder(game_of_save(route.args[0]) if game_of_save is not None else None)
        if folder is None:
            return []
        return [folder] if route.name == "play" else [folder, "app.extras", "app.reading"]
    if route.name not in ("new", "walkthrough"):
        return []
    folder = _game_folder(route.args[0])
    if folder is None:
        return []
    return [folder] if route.name == "new" else [folder, folder + ".guide", "app.reading"]


def _game_folder(game_id):
    """The folder (and part) name of the game `game_id`, or None if it names none."""
    folder = str(game_id).replace("-", "_") if isinstance(game_id, str) else ""
    return folder if _GAME_FOLDER.fullmatch(folder) else None


def enc(text):
    """Encode one path segment or one query value (commas are encoded too)."""
    return quote(str(text))


def enc_list(items):
    return ",".join(enc(x) for x in items)


def href(*parts, **params):
    """'#/a/b?x=1' from path parts and parameters (None values are left out)."""
    path = "#/" + "/".join(enc(p) for p in parts)
    query = "&".join(f"{enc(k)}={v}" for k, v in params.items() if v is not None)
    return path + ("?" + query if query else "")


def home():
    return "#/"


def new_game(game_id, query=""):
    return f"#/new/{enc(game_id)}" + (("?" + query) if query else "")


def play(save_id):
    return f"#/play/{enc(save_id)}"


def review(save_id):
    return f"#/review/{enc(save_id)}"


def settings():
    return "#/settings"


def rules(game_id, from_save=None):
    """A game's rules; from_save: the saved table they were opened from (the
    page then offers the way back to it, after a reload too)."""
    return f"#/rules/{enc(game_id)}" + (f"?from={enc(from_save)}" if from_save else "")


def walkthrough(game_id, name, embed=False):
    return f"#/walkthrough/{enc(game_id)}/{enc(name)}" + ("?embed=1" if embed else "")


def author(draft_id):
    return f"#/author/{enc(draft_id)}"


def shared(payload, **params):
    """'#/shared/<payload>?step=2' (parameter values are written as given)."""
    query = "&".join(f"{enc(k)}={enc(v)}" for k, v in params.items() if v is not None)
    return f"#/shared/{enc(payload)}" + ("?" + query if query else "")
