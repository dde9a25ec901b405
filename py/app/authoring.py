"""Writing a walkthrough from a record. Plain Python, no browser.

A walkthrough is a record (docs/records.md) with walkthrough fields: a title,
captions by step, the learner's steps, and what the reader sees (`view_seat`,
`open_hands`), marked with `"walkthrough": 1`, the version of those fields.
Its share link is the share link of that record at step 0
(`#/shared/<payload>?step=0`), so it carries the whole walkthrough and a
wiki needs nothing but the iframe.

The author works on a draft: the walkthrough and the step on screen, kept in
the browser's storage under `<prefix>author:<id>` as

    {"format": "coalitions-walkthrough-draft", "version": 1, "id": "...",
     "step": 3, "back": "#/review/abcd2345", "record": {...the walkthrough...}}

What the reader sees follows what the author could see of the record: a
finished game of this browser shows every hand (as its review does); a shared
game shows the table as its link did (one seat's hand, or none); a shared or
built-in walkthrough keeps its own choice. Where hands are hidden, only the
moves of the seat whose hand is shown can be learner steps, since a learner
step shows the hand of the seat that moves.
"""

from __future__ import annotations

import copy
import hashlib
import json
import unicodedata
from typing import Any, Optional

from coalitions.core.errors import CoalitionsError, RecordError
from coalitions.core.match import Match
from coalitions.core.records import MAX_CAPTION, check_depth, check_learn, loads, replay

from . import share
from .storage import FULL, MAX_SAVE_CHARS

WALKTHROUGH_VERSION = 1
DRAFT_FORMAT = "coalitions-walkthrough-draft"
DRAFT_VERSION = 1
MAX_TITLE = 120
MAX_BACK = 16 * 1024  # the way back to where the draft was begun (a hash, maybe a share link)

NOT_SAVED_FULL = (
    "Not saved: the browser's storage for this site is full. This walkthrough is kept in this page "
    "until you close it; use “Share” to copy its link (the link holds all of it), or delete old saves."
)
NOT_SAVED_UNAVAILABLE = (
    "Not saved: this browser does not let the site keep anything. This walkthrough is kept in this page "
    "until you close or reload it; use “Share” to copy its link (the link holds all of it)."
)
NOT_SAVED_TOO_BIG = (
    "Not saved: this walkthrough is too long to keep in the browser. It is kept in this page until you "
    "close it; use “Export record” to keep it as a file."
)
SAVED = "Saved in this browser."


def clean_text(text: Any, limit: int, lines: bool = True) -> str:
    """Text as typed, made safe to store: control characters removed (line
    breaks kept in captions), at most `limit` characters. It is shown as text,
    never as HTML (the screens escape it)."""
    text = "" if text is None else str(text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    kept = []
    for ch in text:
        if ch == "\n" and lines:
            kept.append(ch)
        elif ch in "\t\n":
            kept.append(" ")
        elif unicodedata.category(ch) not in ("Cc", "Cs"):
            kept.append(ch)
    return "".join(kept)[:limit]


def _seat(value: Any, players: int) -> Optional[int]:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players:
        return value
    return None


def walkthrough_of(record: dict, view_seat: Optional[int] = None, open_hands: bool = True,
                   title: Optional[str] = None) -> dict:
    """A walkthrough record from any record: checked by replaying it (a
    tampered record fails at its first illegal step, RecordError), without the
    app's own notes (`meta`), keeping captions and learner steps it has."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    try:
        check_depth(record)  # bounded before it is copied
        rec, _state = replay(copy.deepcopy(record))
    except RecordError:
        raise
    except CoalitionsError as exc:
        raise RecordError(str(exc)) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise RecordError(f"the record is malformed ({type(exc).__name__})") from None
    rec = share.shared_record(rec)
    players = len(rec["players"])
    rec["view_seat"] = _seat(view_seat, players)
    rec["open_hands"] = bool(open_hands)
    rec["walkthrough"] = WALKTHROUGH_VERSION
    rec["title"] = clean_text(title if title is not None else rec.get("title") or "", MAX_TITLE, lines=False)
    if "description" in rec:
        rec["description"] = clean_text(rec["description"], MAX_CAPTION)
    rec["captions"] = {k: clean_text(v, MAX_CAPTION) for k, v in rec["captions"].items() if clean_text(v, MAX_CAPTION)}
    rec["learn"] = [k for k in rec.get("learn") or [] if learner_problem(rec, k) is None]
    return rec


def for_reader(record: dict) -> dict:
    """A replayed record as a reader gets it from a link: walkthrough fields
    of a version this app reads, and only the learner steps that reveal no
    more than the walkthrough shows (a hand-edited link cannot add others)."""
    version = record.get("walkthrough", WALKTHROUGH_VERSION)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise RecordError("the walkthrough's version is not one Coalitions ever wrote")
    if version > WALKTHROUGH_VERSION:
        raise RecordError(f"this walkthrough was written by a newer version of Coalitions "
                          f"(walkthrough version {version}; this one reads up to {WALKTHROUGH_VERSION})")
    open_hands = record.get("open_hands", True)
    if not isinstance(open_hands, bool):
        raise RecordError("open_hands must be true or false")
    rec = dict(record)
    rec["view_seat"] = _seat(record.get("view_seat"), len(record.get("players") or []))
    rec["learn"] = [k for k in record.get("learn") or [] if learner_problem(rec, k) is None]
    return rec


def check_walkthrough(record: Any) -> dict:
    """A walkthrough from a link, a file or storage, checked: the record
    replayed and the walkthrough fields of a version this app reads."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    checked = for_reader(record)
    return walkthrough_of(record, checked["view_seat"], checked.get("open_hands", True))


def open_link(payload: str) -> dict:
    """The walkthrough a share link's payload holds (bounded, then replayed)."""
    return check_walkthrough(share.decode(payload))


def mover(record: dict, step: int) -> Optional[int]:
    """The seat that makes move `step` (1-based), or None."""
    moves = record.get("moves") or []
    if 1 <= step <= len(moves):
        return moves[step - 1][0]
    return None


def learner_problem(record: dict, step: int) -> Optional[str]:
    """Why move `step` (1-based) cannot be a learner step, or None if it can."""
    if mover(record, step) is None:
        return f"there is no move {step}"
    if record.get("open_hands", True):
        return None
    seat = record.get("view_seat")
    names = [p.get("name", "") for p in record.get("players") or []]
    if seat is None:
        return ("this walkthrough hides every hand, and a learner step would show the hand of the "
                "player who moves")
    if mover(record, step) != seat:
        return (f"this walkthrough shows only {names[seat]}'s hand, so only {names[seat]}'s moves "
                "can be learner steps")
    return None


class Draft:
    """The author's walkthrough and the step on screen."""

    def __init__(self, draft_id: str, record: dict, step: int = 0, back: str = "") -> None:
        self.id = draft_id
        self.record = record
        self.back = back[:MAX_BACK] if isinstance(back, str) else ""
        self.step = 0
        self.go(step)

    @property
    def total(self) -> int:
        return len(self.record["moves"])

    @property
    def title(self) -> str:
        return str(self.record.get("title") or "")

    @property
    def learn(self) -> set:
        return set(self.record.get("learn") or [])

    def go(self, step: Any) -> bool:
        """Stand at a step (clamped to 0..total); False if it did not change."""
        try:
            k = max(0, min(int(step), self.total))
        except (TypeError, ValueError):
            return False
        changed = k != self.step
        self.step = k
        return changed

    def caption(self, step: Optional[int] = None) -> str:
        """The caption written at a step ("" if none)."""
        step = self.step if step is None else step
        return str(self.record["captions"].get(str(step), ""))

    def set_caption(self, text: Any, step: Optional[int] = None) -> str:
        """Write (or with empty text, remove) the caption of a step; returns it as stored."""
        step = self.step if step is None else step
        text = clean_text(text, MAX_CAPTION)
        if text.strip():
            self.record["captions"][str(step)] = text
        else:
            self.record["captions"].pop(str(step), None)
            text = ""
        return text

    def set_title(self, text: Any) -> str:
        self.record["title"] = clean_text(text, MAX_TITLE, lines=False)
        return self.record["title"]

    def learner_problem(self, step: Optional[int] = None) -> Optional[str]:
        """Why the move after a step cannot be the learner's, or None."""
        step = self.step if step is None else step
        return learner_problem(self.record, step + 1)

    def is_learner(self, step: Optional[int] = None) -> bool:
        """Is the move after this step (move step + 1) the learner's?"""
        step = self.step if step is None else step
        return step + 1 in self.learn

    def set_learner(self, on: bool, step: Optional[int] = None) -> None:
        """Mark (or unmark) the move after a step as the learner's; RecordError
        says why it cannot be one."""
        step = self.step if step is None else step
        learn = self.learn
        if on:
            problem = self.learner_problem(step)
            if problem is not None:
                raise RecordError(problem)
            learn.add(step + 1)
        else:
            learn.discard(step + 1)
        self.record["learn"] = check_learn(sorted(learn), self.total)

    def start_over(self) -> None:
        """Remove every caption and learner step (the title stays)."""
        self.record["captions"] = {}
        self.record["learn"] = []
        self.step = 0

    # -- what it reveals -------------------------------------------------------------

    def shows(self) -> str:
        """What a reader sees of the hands, in words."""
        rec = self.record
        if rec.get("open_hands", True):
            return "Readers see every hand, at every step."
        seat = rec.get("view_seat")
        if seat is None:
            return "Readers see the table with every hand hidden."
        name = rec["players"][seat]["name"]
        return f"Readers see the table as {name} saw it, with {name}'s hand only."

    def finished(self) -> bool:
        return Match(copy.deepcopy(self.record)).is_over()

    # -- links -------------------------------------------------------------------------

    def payload(self) -> str:
        return share.encode(self.record)

    def link(self, base: str, payload: Optional[str] = None) -> dict:
        """The share link of the whole walkthrough, opened at its first step."""
        return share.share_link(base, self.record, step=0, payload=payload or self.payload())

    def embed_src(self, base: str, payload: Optional[str] = None) -> str:
        return base + share.share_hash(payload or self.payload(), step=0, embed=True)

    def embed_snippet(self, base: str, payload: Optional[str] = None) -> str:
        title = self.title or "Walkthrough"
        return share.embed_snippet(self.embed_src(base, payload), title)

    # -- storage ---------------------------------------------------------------------

    def to_text(self) -> str:
        return json.dumps({"format": DRAFT_FORMAT, "version": DRAFT_VERSION, "id": self.id, "step": self.step,
                           "back": self.back, "record": self.record}, ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_text(cls, text: Any) -> "Draft":
        """A draft from storage, checked like any untrusted record."""
        if not isinstance(text, str) or not text:
            raise RecordError("the draft is empty")
        data = loads(text)  # bounded in size and depth before it is parsed
        if not isinstance(data, dict) or data.get("format") != DRAFT_FORMAT:
            raise RecordError("this is not a walkthrough draft")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version > DRAFT_VERSION:
            raise RecordError("this draft was written by a newer version of Coalitions")
        draft_id = data.get("id")
        if not isinstance(draft_id, str) or not draft_id:
            raise RecordError("the draft has no id")
        record = check_walkthrough(data.get("record"))
        return cls(draft_id, record, data.get("step") or 0, data.get("back") or "")


def draft_id(record: dict) -> str:
    """The same walkthrough source gives the same draft: making a walkthrough
    from a game twice reopens the draft in progress."""
    source = {k: record.get(k) for k in ("game", "options", "players", "seed", "deal", "moves",
                                         "view_seat", "open_hands")}
    text = json.dumps(source, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


class Drafts:
    """Walkthrough drafts beside the saves, through app.storage.Store (which
    keeps a value in memory when the browser refuses it)."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.prefix = store.prefix + "author:"

    def key(self, draft_id: str) -> str:
        return self.prefix + draft_id

    def begin(self, record: dict, view_seat: Optional[int] = None, open_hands: bool = True,
              back: str = "", title: Optional[str] = None) -> tuple[Draft, Optional[str]]:
        """The draft of a walkthrough of this record: the one in progress if
        there is one, else a new one. Returns (draft, problem saving it)."""
        rec = walkthrough_of(record, view_seat, open_hands, title)
        did = draft_id(rec)
        try:
            old = self.load(did)
        except RecordError:
            old = None  # a damaged draft of the same source is replaced by a fresh one
        if old is not None:
            return old, self.unsaved(did)
        draft = Draft(did, rec, 0, back)
        return draft, self.save(draft)

    def load(self, draft_id: str) -> Optional[Draft]:
        """The draft, None if there is none; RecordError if it is damaged."""
        text = self.store._get(self.key(draft_id))
        if text is None:
            return None
        return Draft.from_text(text)

    def save(self, draft: Draft) -> Optional[str]:
        """Keep the draft; None if the browser kept it, else a message saying
        why not (the draft then lives in the page's memory, and what was
        saved before is left as it was)."""
        text = draft.to_text()
        key = self.key(draft.id)
        if len(text) > MAX_SAVE_CHARS:
            self.store.memory.set(key, text)
            return NOT_SAVED_TOO_BIG
        before = self.store.problem
        ok = self.store._set(key, text)
        if ok:
            return None
        problem = self.store.problem
        self.store.problem = before  # the games' notice speaks of games; the draft's message is ours
        return NOT_SAVED_FULL if problem == FULL else NOT_SAVED_UNAVAILABLE

    def unsaved(self, draft_id: str) -> Optional[str]:
        """Why the draft is only in the page's memory (its last save did not
        reach the browser's storage), or None if it is stored."""
        key = self.key(draft_id)
        if key not in self.store.memory.data:
            return None
        if self.store.backend is None:
            return NOT_SAVED_UNAVAILABLE
        return NOT_SAVED_TOO_BIG if len(self.store.memory.data[key]) > MAX_SAVE_CHARS else NOT_SAVED_FULL

    def delete(self, draft_id: str) -> None:
        self.store._remove(self.key(draft_id))
