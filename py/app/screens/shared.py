"""A game opened from a share link: the position, read-only, as a seat saw it
or with every hand hidden, and "Continue this game here"."""

from __future__ import annotations

import copy
from typing import Any, Optional

from coalitions.core.errors import CoalitionsError
from coalitions.core.match import Match
from coalitions.core.records import dumps
from coalitions.registry import get_game

from .. import authoring, dom, render, share
from ..downloads import download
from ..flow import WalkthroughFlow
from ..games import renderer_for
from .base import Screen
from .walkthrough import WalkthroughScreen, start_step


def open_shared(app: Any, route: Any) -> Screen:
    """The screen of a share link: a shared game, or with ?step=k a walkthrough."""
    if "step" not in route.params:
        return SharedScreen(app, route)
    try:
        record = authoring.for_reader(share.open_payload(route.args[0]))
        game = get_game(record["game"])
    except CoalitionsError:
        return SharedScreen(app, route)  # it says what is wrong with the link
    flow = WalkthroughFlow(game, "shared", record, start_step(route), set(record.get("learn") or []),
                           embed=route.embed, payload=route.args[0])
    return WalkthroughScreen(app, route, flow)


class SharedScreen(Screen):
    name = "shared"

    def show(self) -> None:
        embed = self.route.embed
        try:
            self.record = share.open_payload(self.route.args[0])
            if "step" in self.route.params:  # a walkthrough that could not be opened: say why
                authoring.for_reader(self.record)
            self.game = get_game(self.record["game"])
            self.match = Match(self.record)
        except CoalitionsError as exc:
            message = str(exc)
            message = message[:1].upper() + message[1:]
            self.problem("This shared link cannot be opened",
                         f"{message}. Ask for the link again, or for the record as a file (“Export record”): "
                         "a file can be imported on the home page.", back=not embed, embed=embed)
            return
        seat: Optional[int]
        try:
            seat = int(self.route.param("seat", ""))
        except ValueError:
            seat = None
        if seat is not None and not 0 <= seat < len(self.match.names):
            seat = None
        self.seat = seat
        self.draw()

    def draw(self, focus: Optional[str] = None) -> None:
        m, seat, game = self.match, self.seat, self.game
        meta = game.metadata()
        view = m.view(seat)
        ctx = render.TableContext(interactive=False, seat=seat, mode="shared", meta=meta, game_id=game.id)
        parts = renderer_for(game.id).parts(view, ctx)
        html = render.shared_game(
            meta, len(m.record["moves"]), m.is_over(), render.table(view, parts, ctx),
            seat_name=m.names[seat] if seat is not None else None,
        )
        export = render.ui_button("export", "Export record", "btn")  # "Make a walkthrough" follows it
        html = html.replace(export, export + render.ui_button("make-walkthrough", "Make a walkthrough", "btn"), 1)
        dom.paint(html, focus=focus)
        dom.set_screen("shared", ready=True, game_over=m.is_over())

    def on_ui(self, ui: str, el: Any) -> None:
        if ui == "continue-shared":
            record = copy.deepcopy(self.record)
            record.pop("learn", None)
            record["meta"] = {"created": dom.now_ms(), "shared": True}
            try:
                match = Match(record)
            except CoalitionsError as exc:
                self.app.flash(str(exc))
                return
            self.app.open_game(match)
        elif ui == "make-walkthrough":
            from .author import begin  # imported when first used

            names = ", ".join(self.match.names)
            begin(self.app, self.record, share.share_hash(self.route.args[0], seat=self.seat),
                  view_seat=self.seat, open_hands=False,
                  title=self.record.get("title") or f"{self.game.title}: {names}")
        else:
            super().on_ui(ui, el)

    def export(self) -> None:
        m = self.match
        name = f"{m.game.id}-{dom.today_iso()}-shared.json"
        download(dumps(self.record), name)
        if not m.is_over() and m.game.hidden_information:
            self.app.flash(f"Saved {name}. {render.WHOLE_DEAL}", "info")
