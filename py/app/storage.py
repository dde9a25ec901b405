"""Saved games: records kept under keys prefixed 'coalitions:'.

    coalitions:save:<id>   the record, as JSON (coalitions.core.records.dumps)
    coalitions:index       JSON list of small summaries, newest first

localStorage belongs to the origin, and every GitHub Pages project site of a
user shares one origin (https://user.github.io/a/, /b/, ...). A site served
under a sub-path therefore adds its path to the prefix
('coalitions:/a/:save:<id>'), so two copies of Coalitions never see or overwrite
each other's games; a site at the root keeps the plain prefix.

One save may take at most MAX_SAVE_CHARS characters (a record holds moves, never
logs, so a real game is a few kilobytes); a longer one stays in memory.

The store works over any backend with get/set/remove/keys (localStorage in the
page, a dict in tests). When the backend fails (blocked, full) the store keeps
working in memory and says so in `problem`, which the app shows as a notice.
"""

import json
import random

from coalitions.core.errors import RecordError
from coalitions.core.records import loads

PREFIX = "coalitions:"
SAVE_PREFIX = PREFIX + "save:"
INDEX_KEY = PREFIX + "index"
MAX_SAVE_CHARS = 256 * 1024
ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"

UNAVAILABLE = (
    "Saving is not available in this browser (storage is blocked or switched off). "
    "You can play, but games are lost when you close or reload the page; use "
    "“Export record” to keep one."
)
FULL = (
    "The browser's storage for this site is full, so the last move was not saved. "
    "Games are kept in memory until you close the page; delete old saves or use "
    "“Export record” to keep this one."
)


TOO_BIG = (
    "This game's record is too long to save in the browser ({size} KB; one save may take "
    "{limit} KB), so it is kept in memory until you close the page. Use “Export record” to keep it."
)


def prefix_for(site_path=""):
    """The key prefix of the site served at `site_path` (the URL path of its
    index.html's folder, like '/' or '/coalitions/')."""
    site_path = site_path or "/"
    if not site_path.endswith("/"):
        site_path = site_path.rsplit("/", 1)[0] + "/"
    return PREFIX if site_path == "/" else f"{PREFIX}{site_path}:"


class StorageError(Exception):
    """The backend refused (blocked, full, or broken)."""

    def __init__(self, message, full=False):
        super().__init__(message)
        self.full = full


class MemoryBackend:
    def __init__(self, data=None):
        self.data = dict(data or {})

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        self.data[key] = value

    def remove(self, key):
        self.data.pop(key, None)

    def keys(self):
        return list(self.data)


class Store:
    def __init__(self, backend=None, prefix=PREFIX):
        self.backend = backend
        self.memory = MemoryBackend()
        self.problem = None
        self.prefix = prefix
        self.save_prefix = prefix + "save:"
        self.index_key = prefix + "index"
        if backend is None:
            self.problem = UNAVAILABLE

    # -- low level -------------------------------------------------------------

    def _get(self, key):
        if key in self.memory.data:
            return self.memory.data[key]
        if self.backend is None:
            return None
        try:
            return self.backend.get(key)
        except StorageError:
            return None

    def _set(self, key, value):
        self.memory.data.pop(key, None)
        if self.backend is not None:
            try:
                self.backend.set(key, value)
                return True
            except StorageError as exc:
                self.problem = FULL if exc.full else UNAVAILABLE
        self.memory.set(key, value)
        return False

    def _remove(self, key):
        self.memory.remove(key)
        if self.backend is not None:
            try:
                self.backend.remove(key)
            except StorageError:
                pass

    def _keys(self):
        keys = set(self.memory.keys())
        if self.backend is not None:
            try:
                keys.update(self.backend.keys())
            except StorageError:
                pass
        return keys

    # -- the index -----------------------------------------------------------------

    def index(self):
        """{id: summary} from the index; a damaged index reads as empty."""
        text = self._get(self.index_key)
        if not text:
            return {}
        try:
            data = loads(text)  # bounded in size and depth before it is parsed
        except RecordError:
            return {}
        out = {}
        if isinstance(data, list):
            for item in data:
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    out[item["id"]] = item
        return out

    def game_of(self, save_id):
        """The game id the index gives for the save `save_id`, or None."""
        game = (self.index().get(save_id) or {}).get("game")
        return game if isinstance(game, str) else None

    def _write_index(self, entries):
        items = sorted(entries.values(), key=lambda e: -updated_of(e))
        return self._set(self.index_key, json.dumps(items, ensure_ascii=False))

    # -- saves ----------------------------------------------------------------------

    def new_id(self, rng=None):
        rng = rng or random
        taken = self.ids()
        while True:
            sid = "".join(rng.choice(ID_ALPHABET) for _ in range(8))
            if sid not in taken:
                return sid

    def ids(self):
        return {k[len(self.save_prefix):] for k in self._keys() if k.startswith(self.save_prefix)}

    def save(self, save_id, record_text, summary):
        """Store a record and its summary. Returns True if it reached the
        backend, False if it is only kept in memory (see `problem`)."""
        key = self.save_prefix + save_id
        if len(record_text) > MAX_SAVE_CHARS:
            self._remove(key)  # an older, shorter version would resume at the wrong position
            self.memory.set(key, record_text)
            self.problem = TOO_BIG.format(size=len(record_text) // 1024, limit=MAX_SAVE_CHARS // 1024)
            ok = False
        else:
            ok = self._set(key, record_text)
        entries = self.index()
        entries[save_id] = dict(summary, id=save_id)
        ok = self._write_index(entries) and ok
        if ok and self.problem is not None and self.problem != UNAVAILABLE:
            self.problem = None  # saving works again (space was freed): the notice goes
        return ok

    def load(self, save_id):
        """The record text, or None if there is no such save."""
        return self._get(self.save_prefix + save_id)

    def delete(self, save_id):
        self._remove(self.save_prefix + save_id)
        entries = self.index()
        if save_id in entries:
            del entries[save_id]
            self._write_index(entries)

    def entries(self):
        """Every save: [(id, summary or None, record text or None)], newest first.
        Saves missing from the index come last with summary None."""
        index = self.index()
        ids = self.ids()
        out = []
        for sid in sorted(ids, key=lambda s: -updated_of(index.get(s))):
            out.append((sid, index.get(sid), self.load(sid)))
        return out


def updated_of(summary):
    """When a save was last changed (ms), or 0 if its summary does not say so
    in a number: a damaged summary sorts last and never stops the list."""
    value = summary.get("updated") if isinstance(summary, dict) else None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        return 0
    return value


def clean_summary(summary):
    """The summary if every field has the expected type, else None (the app then
    rebuilds it from the record)."""
    if not isinstance(summary, dict):
        return None
    checks = {
        "title": str, "status": str, "game": str,
        "moves": int, "finished": bool, "updated": (int, float),
    }
    for key, kind in checks.items():
        if key in summary and not isinstance(summary[key], kind):
            return None
    names = summary.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return None
    return summary


MAX_SETTINGS = 16 * 1024  # characters: the settings are a few names and words

# Each setting: its stored values, the default first. A value that is not one
# of them (missing, damaged, from a later version) reads as the default.
CHOICES = {
    "theme": ("system", "light", "dark"),
    "bot_speed": ("normal", "slow", "fast", "instant"),
    "pause": ("4", "8", "2", "continue", "0"),  # after a result: seconds, or until Continue
    "motion": ("system", "reduce"),
    "orientation": ("turn", "mine", "fixed"),  # Coalition Chess: the seat to move, mine, seat 1
    "hints": ("auto", "on", "off"),  # "Suggest a move" (app/hint.py): against bots only, always, never
}


class Settings:
    """Preferences kept beside the saves, under the prefix + 'settings':
    the theme, the bots' pace, how long a result waits, reduced motion, the
    board's orientation, and which players confirm each move before it is
    made ("Confirm moves", off by default). Damaged settings read as the
    defaults, each on its own."""

    def __init__(self, store):
        self.store = store
        self.key = store.prefix + "settings"

    def _read(self):
        text = self.store._get(self.key)
        if not isinstance(text, str) or not text or len(text) > MAX_SETTINGS:
            return {}
        try:
            data = loads(text)
        except RecordError:
            return {}
        return data if isinstance(data, dict) else {}

    def _write(self, data):
        self.store._set(self.key, json.dumps(data, ensure_ascii=False))

    def get(self, name):
        allowed = CHOICES[name]
        value = self._read().get(name)
        return value if isinstance(value, str) and value in allowed else allowed[0]

    def set(self, name, value):
        """Store a choice; False (and nothing stored) if it is not one."""
        if name not in CHOICES or not isinstance(value, str) or value not in CHOICES[name]:
            return False
        data = self._read()
        data[name] = value
        self._write(data)
        return True

    def all(self):
        return {name: self.get(name) for name in CHOICES}

    def confirm_names(self):
        names = self._read().get("confirm")
        return [n for n in names if isinstance(n, str)] if isinstance(names, list) else []

    def confirm_moves(self, name):
        return isinstance(name, str) and name in self.confirm_names()

    def set_confirm_moves(self, name, on):
        data = self._read()
        names = [n for n in self.confirm_names() if n != name]
        if on:
            names.append(name)
        data["confirm"] = names[-50:]
        self._write(data)
