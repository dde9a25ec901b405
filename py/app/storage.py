"""Saved games: records kept under keys prefixed 'coalitions:'.

    coalitions:save:<id>   the record, as JSON (coalitions.core.records.dumps)
    coalitions:index       JSON list of small summaries, newest first

The store works over any backend with get/set/remove/keys (localStorage in the
page, a dict in tests). When the backend fails (blocked, full) the store keeps
working in memory and says so in `problem`, which the app shows as a notice.
"""

import json
import random

PREFIX = "coalitions:"
SAVE_PREFIX = PREFIX + "save:"
INDEX_KEY = PREFIX + "index"
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
    def __init__(self, backend=None):
        self.backend = backend
        self.memory = MemoryBackend()
        self.problem = None
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
        text = self._get(INDEX_KEY)
        if not text:
            return {}
        try:
            data = json.loads(text)
        except ValueError:
            return {}
        out = {}
        if isinstance(data, list):
            for item in data:
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    out[item["id"]] = item
        return out

    def _write_index(self, entries):
        items = sorted(entries.values(), key=lambda e: -(e.get("updated") or 0))
        return self._set(INDEX_KEY, json.dumps(items, ensure_ascii=False))

    # -- saves ----------------------------------------------------------------------

    def new_id(self, rng=None):
        rng = rng or random
        taken = self.ids()
        while True:
            sid = "".join(rng.choice(ID_ALPHABET) for _ in range(8))
            if sid not in taken:
                return sid

    def ids(self):
        return {k[len(SAVE_PREFIX):] for k in self._keys() if k.startswith(SAVE_PREFIX)}

    def save(self, save_id, record_text, summary):
        """Store a record and its summary. Returns True if it reached the
        backend, False if it is only kept in memory (see `problem`)."""
        ok = self._set(SAVE_PREFIX + save_id, record_text)
        entries = self.index()
        entries[save_id] = dict(summary, id=save_id)
        ok = self._write_index(entries) and ok
        return ok

    def load(self, save_id):
        """The record text, or None if there is no such save."""
        return self._get(SAVE_PREFIX + save_id)

    def delete(self, save_id):
        self._remove(SAVE_PREFIX + save_id)
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
        for sid in sorted(ids, key=lambda s: -((index.get(s) or {}).get("updated") or 0)):
            out.append((sid, index.get(sid), self.load(sid)))
        return out


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
