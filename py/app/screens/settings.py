"""The settings page: theme, bot speed, how long results wait, reduced
motion, board orientation and who confirms moves. Every change is stored at
once (app.storage.Settings) and applied to the page."""

from __future__ import annotations

from typing import Any, Optional

from .. import dom
from ..settings_page import GROUPS, settings_page
from ..storage import CHOICES
from .base import Screen

SAVED = "saved in this browser."


def apply_look(settings: Any) -> None:
    """The theme and reduced motion, applied to the page now (index.html's
    inline script defines how, and applies them before the first paint)."""
    import js

    look = getattr(js.window, "coalitionsLook", None)
    if not dom.nil(look):
        look(settings.get("theme"), settings.get("motion"))


class SettingsScreen(Screen):
    name = "settings"

    def __init__(self, app: Any, route: Any) -> None:
        super().__init__(app, route)
        self.saved = ""
        self.names: list[str] = []  # who is listed under "Confirm moves" (stays listed when unticked)

    def show(self) -> None:
        self.names = self.app.settings.confirm_names()
        self.draw()

    def draw(self, focus: Optional[str] = None) -> None:
        settings = self.app.settings
        html = settings_page(settings.all(), self.names, set(settings.confirm_names()), self.saved)
        dom.paint(html, focus=focus)
        dom.set_screen("settings")

    def on_change(self, target: Any) -> None:
        settings = self.app.settings
        name = dom.attr(target, "data-setting")
        confirm = dom.attr(target, "data-confirm-name")
        if name in CHOICES:
            if not settings.set(name, str(target.value)):
                return
            if name in ("theme", "motion"):
                apply_look(settings)
            label = next(g[1] for g in GROUPS if g[0] == name)
            self.saved = f"{label}: {SAVED}"
        elif confirm is not None:
            settings.set_confirm_moves(confirm, bool(target.checked))
            self.saved = f"Confirm moves for {confirm}: {'on' if target.checked else 'off'}, {SAVED}"
        else:
            return
        self.app.show_storage_notice()
        self.draw()

    def on_storage(self, key: str) -> None:
        if key == self.app.settings.key:  # changed in another tab
            self.draw()
