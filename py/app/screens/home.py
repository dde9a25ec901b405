"""The home page: the games, the saved games (Continue, Delete) and Import."""

from __future__ import annotations

from typing import Any, Optional

import js

from coalitions.core.errors import CoalitionsError, RecordError
from coalitions.core.records import check_header, loads

from .. import catalogue, dom, storage
from ..pages import home_page
from ..session import PlaySession, match_from_text
from .base import Screen

MAX_IMPORT_BYTES = 5 * 1024 * 1024


class HomeScreen(Screen):
    name = "home"

    def __init__(self, app: Any, route: Any) -> None:
        super().__init__(app, route)
        self.import_message: Optional[str] = None
        self.confirm_delete: Optional[str] = None

    def save_entries(self) -> list[dict]:
        store = self.app.store
        entries = []
        for sid, summary, text in store.entries():
            entry: dict = {"id": sid}
            try:
                if text is None:
                    raise RecordError("the save is empty")
                game, rec = check_header(loads(text))
                summary = storage.clean_summary(summary)
                if not summary or summary.get("moves") != len(rec["moves"]):
                    match = match_from_text(text)
                    summary = PlaySession(match, sid).summary(game, summary and summary.get("updated"))
                    store.save(sid, text, summary)
                entry.update(summary)
                entry["when"] = dom.when_text(summary.get("updated"))
            except CoalitionsError as exc:
                entry["error"] = str(exc)
            except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
                entry["error"] = f"the record is malformed ({type(exc).__name__}: {exc})"
            entries.append(entry)
        return entries

    def show(self) -> None:
        self.draw()

    def draw(self, focus: Optional[str] = None) -> None:
        html = home_page(catalogue.games(), self.save_entries(), self.import_message,
                         self.confirm_delete)
        dom.paint(html, focus=focus)
        dom.set_screen("home")

    def on_ui(self, ui: str, el: Any) -> None:
        sid = dom.attr(el, "data-id") or ""
        key = js.CSS.escape(sid)
        if ui == "delete":
            self.confirm_delete = sid
            self.draw(focus=f'[data-ui="delete-no"][data-id="{key}"]')
        elif ui == "delete-no":
            self.confirm_delete = None
            self.draw(focus=f'[data-ui="delete"][data-id="{key}"]')
        elif ui == "delete-yes":
            self.app.store.delete(sid)
            self.confirm_delete = None
            self.draw(focus="#continue-title")
        else:
            super().on_ui(ui, el)

    def on_change(self, target: Any) -> None:
        if dom.attr(target, "data-ui") == "import":
            self.app.spawn(self.import_file(target))

    async def import_file(self, input_el: Any) -> None:
        files = input_el.files
        if dom.nil(files) or int(files.length) == 0:
            return
        f = files.item(0)
        fname = str(f.name)
        if int(f.size) > MAX_IMPORT_BYTES:
            self.import_message = f"“{fname}” is too large to be a game record ({int(f.size) // 1024} KB)."
            self.draw()
            return
        # the file's bytes, read exactly as the command line reads a file
        data = js.Uint8Array.new(await f.arrayBuffer()).to_bytes()
        try:
            match = match_from_text(data)
        except CoalitionsError as exc:
            self.import_message = f"“{fname}” cannot be imported: {exc}"
            self.draw()
            return
        record = match.record
        meta = dict(record["meta"]) if isinstance(record.get("meta"), dict) else {}
        meta.setdefault("created", dom.now_ms())
        meta["imported"] = fname
        record["meta"] = meta
        record.pop("learn", None)  # learner steps belong to walkthroughs, not to a game being played
        self.app.open_game(match)
