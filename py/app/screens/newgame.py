"""The new-game form: players, seats, options and seed, with a link that
starts the same setup."""

from __future__ import annotations

from typing import Any, Optional

from coalitions.core.errors import CoalitionsError
from coalitions.core.match import Match
from coalitions.registry import get_game

from .. import dom, render, setup as setups
from ..settings_page import bot_speed_field
from .base import Screen


def read_form(form: Any) -> dict[str, str]:
    fields = {}
    for el in form.querySelectorAll("[name]"):
        name = dom.attr(el, "name") or ""
        if str(el.type) == "checkbox":
            if el.checked:
                fields[name] = str(el.value)
        else:
            fields[name] = str(el.value)
    return fields


class NewGameScreen(Screen):
    name = "new"

    def show(self) -> None:
        try:
            self.game = get_game(self.route.args[0])
        except CoalitionsError as exc:
            self.problem("Unknown game", str(exc))
            return
        error = None
        try:
            setup = setups.from_route(self.game, self.route)
        except CoalitionsError as exc:
            error = f"This setup cannot start: {exc}"
            setup = setups.default_setup(self.game.metadata())
        else:
            if setups.wants_start(self.route):
                self.start_game(setup, replace=True)
                return
        self.draw_form(setup, error)

    def draw_form(self, setup: Any, error: Optional[str] = None) -> None:
        share = dom.page_base() + setup.share_hash() if isinstance(setup.seed, int) else ""
        html = render.new_game_form(self.game.metadata(), setup, share, error)
        if "bot" in setup.kinds:  # the bots' pace (a setting, not part of the setup), before the deal
            speed = bot_speed_field(self.app.settings.get("bot_speed"))
            html = html.replace("<fieldset><legend>Deal</legend>", speed + "<fieldset><legend>Deal</legend>", 1)
        dom.paint(html)
        dom.set_screen("new")

    def form(self) -> Any:
        return dom.qs("[data-setup-form]", dom.root())

    def edit(self, target: Any) -> None:
        form = dom.closest(target, "[data-setup-form]")
        if form is None:
            return
        fields = read_form(form)
        name = dom.attr(target, "name") or ""
        if name == "players" or name.startswith("seat"):
            self.draw_form(setups.form_setup(self.game, fields))
            form = self.form()
            fields = read_form(form)
        share = dom.qs("[data-share]", form)
        try:
            setup = setups.from_form(self.game, fields)
        except CoalitionsError as exc:
            self.message(str(exc))
            if share is not None:
                share.value = ""
            return
        self.message(None)
        if share is not None:
            share.value = dom.page_base() + setup.share_hash()

    def message(self, text: Optional[str]) -> None:
        box = dom.qs("[data-form-error]", dom.root())
        if text is None:
            if box is not None:
                box.remove()
            return
        if box is None:
            self.form().insertAdjacentHTML(
                "beforebegin", '<p class="notice notice-error" role="alert" data-form-error></p>')
            box = dom.qs("[data-form-error]", dom.root())
        box.textContent = f"This setup cannot start: {text}"

    def on_change(self, target: Any) -> None:
        if target.hasAttribute("data-field"):
            self.edit(target)
        elif dom.attr(target, "data-setting") == "bot_speed":
            self.app.settings.set("bot_speed", str(target.value))
            self.app.show_storage_notice()

    def on_input(self, target: Any) -> None:
        if target.hasAttribute("data-field") and str(target.tagName) == "INPUT" and str(target.type) == "text":
            self.edit(target)

    def on_submit(self, form: Any) -> None:
        try:
            setup = setups.from_form(self.game, read_form(form))
        except CoalitionsError as exc:
            self.message(str(exc))
            return
        self.start_game(setup)

    def on_ui(self, ui: str, el: Any) -> None:
        if ui == "reseed":
            seed = dom.qs('[name="seed"]', dom.root())
            if seed is not None:
                seed.value = str(setups.random_seed())
                self.edit(seed)
        else:
            super().on_ui(ui, el)

    def start_game(self, setup: Any, replace: bool = False) -> None:
        try:
            match = Match.new(
                self.game.id, setup.make_players(), setup.options, setup.seed,
                meta={"created": dom.now_ms(), "setup": setup.query(with_seed=False)},
            )
        except CoalitionsError as exc:
            self.draw_form(setup, f"This setup cannot start: {exc}")
            return
        self.app.open_game(match, replace=replace)
