"""The walkthrough player: a record stepped through with captions, learner
steps ("make the move yourself", or "Show me"), Share and embed code. The
steps and checks are app.flow.WalkthroughFlow; this screen draws them."""

from __future__ import annotations

import copy
from typing import Any, Optional

from coalitions.core.errors import CoalitionsError, RecordError
from coalitions.core.records import check_header, dumps
from coalitions.registry import get_game

from .. import dom, render, routes, share
from ..builder import Builder, Pick, pick_of
from ..downloads import download
from ..flow import WalkthroughFlow
from ..games import renderer_for
from .base import Screen

SHOW_ME = '[data-learn] [data-ui="show-me"]'


def start_step(route: Any) -> int:
    try:
        return int(route.param("step", "0"))
    except ValueError:
        return 0


class WalkthroughScreen(Screen):
    name = "walkthrough"

    def __init__(self, app: Any, route: Any, flow: Optional[WalkthroughFlow] = None) -> None:
        super().__init__(app, route)
        self.flow = flow
        self.picked: Optional[Pick] = None

    def show(self) -> None:
        if self.flow is None:
            embed = self.route.embed
            gid, name = self.route.args
            try:
                game = get_game(gid)
                record = self.app.walkthroughs(game).get(name)
                if record is None:
                    raise RecordError(f"{game.title} has no walkthrough “{name}”")
                _, checked = check_header(copy.deepcopy(record))
            except CoalitionsError as exc:
                self.problem("Walkthrough not found", str(exc), back=not embed, embed=embed)
                return
            self.flow = WalkthroughFlow(game, name, record, start_step(self.route), set(checked.get("learn") or []),
                                        embed=embed)
        self.draw()

    def learn_focus(self) -> Optional[str]:
        return SHOW_ME if self.flow is not None and self.flow.learning() is not None else None

    def draw(self, focus: Optional[str] = None) -> None:
        wt = self.flow
        if wt is None:
            return
        game, record = wt.game, wt.record
        m = wt.match()
        learning = wt.learning()
        seat = wt.seat()
        view = m.view(seat)
        meta = game.metadata()
        builder = Builder(view["legal"] if learning is not None else [], game.parse_action,
                          view.get("labels"), self.picked)
        self.picked = builder.picked
        ctx = render.TableContext(interactive=learning is not None, seat=seat, mode="walkthrough", meta=meta,
                                  game_id=game.id, open_hands=wt.open_hands(seat), builder=builder)
        parts = renderer_for(game.id).parts(view, ctx)
        crumbs = self.crumbs(meta)
        tools = "" if wt.embed else render.walkthrough_tools(self.panel_html(), self.panel).replace(
            "</p>", render.ui_button("make-walkthrough", "Make a walkthrough", "btn btn-small btn-quiet") + "</p>", 1)
        html = render.walkthrough(
            meta, wt.name, record.get("title") or wt.name, wt.step, wt.total, wt.caption(view),
            render.table(view, parts, ctx), embed=wt.embed,
            learner={"hint": wt.hint} if learning is not None else None, tools=tools, crumbs=crumbs,
        )
        dom.paint(html, focus=focus)
        dom.set_screen(self.name, ready=True, game_over=m.is_over(), embed=wt.embed)

    def crumbs(self, meta: dict) -> Optional[str]:
        """The line above the title (None: the walkthrough's rules link)."""
        if self.flow is None or self.flow.payload is None:
            return None
        return (f'<p class="crumbs">Shared walkthrough · <a href="{render.esc(routes.rules(meta["id"]))}">'
                f'{render.esc(meta["title"])}</a></p>')

    def back_href(self) -> str:
        """The way back here from a walkthrough made of this one."""
        wt = self.flow
        assert wt is not None
        if wt.payload is not None:
            return share.share_hash(wt.payload, step=wt.step)
        return routes.walkthrough(wt.game.id, wt.name)

    def panel_html(self) -> str:
        wt = self.flow
        assert wt is not None
        if self.panel == "share":
            if wt.payload is None:
                wt.payload = share.encode(wt.record)
            link = share.share_link(dom.page_base(), wt.record, step=wt.step, payload=wt.payload)
            return render.share_panel(link, "this step", step=wt.step)
        if self.panel == "embed":
            return render.embed_panel(self.embed_snippet())
        return ""

    def embed_snippet(self) -> str:
        wt = self.flow
        assert wt is not None
        base = dom.page_base()
        if wt.payload is not None:  # a shared walkthrough: its own link, embedded
            src = base + share.share_hash(wt.payload, step=0, embed=True)
        else:
            src = share.walkthrough_embed_url(base, wt.game.id, wt.name)
        return share.embed_snippet(src, wt.record.get("title") or wt.name)

    def go(self, what: str) -> None:
        if self.flow is not None and self.flow.go(what):
            self.picked = None
            self.draw(focus=self.learn_focus())

    def on_action(self, action: str) -> None:
        wt = self.flow
        if wt is None or wt.learning() is None:
            return
        self.picked = None
        if wt.act(action):
            self.draw(focus=self.learn_focus() or '[data-ui="next"]')
        else:
            self.draw(focus='[data-ui="show-me"]')

    def on_step(self, step: str) -> None:
        pick = pick_of(step)
        if pick is not None:
            self.picked = None if self.picked is not None and pick.key() == self.picked.key() else pick
            self.draw(focus='[data-choices] [data-action], [data-choices] [data-step]' if self.picked else None)

    def on_ui(self, ui: str, el: Any) -> None:
        if ui in ("prev", "next", "restart"):
            self.go(ui)
        elif ui == "make-walkthrough" and self.flow is not None:
            from .author import begin  # imported when first used

            wt = self.flow
            begin(self.app, wt.record, self.back_href(), wt.record.get("view_seat"),
                  wt.record.get("open_hands", True) is not False)
        elif ui == "show-me":
            if self.flow is not None and self.flow.show_me():
                self.picked = None
                self.draw(focus=self.learn_focus() or '[data-ui="next"]')
        else:
            super().on_ui(ui, el)

    def on_key(self, event: Any) -> bool:
        wt = self.flow
        key = str(event.key)
        if wt is None:
            return False
        if key == "Escape" and self.picked is not None:
            self.picked = self.picked.back()
            if self.picked is not None and not self.picked.parts:
                self.picked = None
            self.draw()
            return True
        if key == "ArrowLeft" and wt.step > 0:
            self.go("prev")
            return True
        if key == "ArrowRight" and wt.step < wt.total and wt.learning() is None:
            self.go("next")
            return True
        return False

    def export(self) -> None:
        wt = self.flow
        if wt is not None:
            download(dumps(wt.record), f"{wt.game.id}-{wt.name}.json")
