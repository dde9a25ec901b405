"""Write a walkthrough (#/author/<draft-id>): step through a record, write a
caption on any step, mark the learner's moves, and share the whole of it as
a link or an embed. The walkthrough and its edits are app.authoring; this
screen draws them and keeps the draft in the browser's storage after every
change, so a reload comes back to the same step with every caption."""

from __future__ import annotations

import copy
from typing import Any, Optional

from coalitions.core.errors import CoalitionsError, RecordError
from coalitions.core.records import dumps
from coalitions.registry import get_game

from .. import dom, render, routes
from ..authoring import MAX_TITLE, SAVED, Draft, Drafts
from ..downloads import download
from ..flow import WalkthroughFlow
from ..games import renderer_for
from .base import Screen

MAX_CAPTION_FIELD = 4000


def begin(app: Any, record: dict, back: str, view_seat: Optional[int] = None, open_hands: bool = True,
          title: Optional[str] = None) -> None:
    """"Make a walkthrough" from a screen that shows a record: open the draft
    of a walkthrough of it (the one in progress, if there is one)."""
    drafts = Drafts(app.store)
    try:
        draft, problem = drafts.begin(record, view_seat, open_hands, back=back, title=title)
    except CoalitionsError as exc:
        app.flash(f"This record cannot become a walkthrough: {exc}.")
        return
    AuthorScreen.pending[draft.id] = (draft, problem)
    app.go(routes.author(draft.id))


class AuthorScreen(Screen):
    name = "author"
    # a draft just begun, handed to the screen (it may live in memory only)
    pending: dict[str, tuple[Draft, Optional[str]]] = {}

    def __init__(self, app: Any, route: Any) -> None:
        super().__init__(app, route)
        self.draft: Optional[Draft] = None
        self.drafts = Drafts(app.store)
        self.status = SAVED
        self.problem_text: Optional[str] = None
        self.flow: Optional[WalkthroughFlow] = None
        self.message = ""
        self.confirming = False

    def show(self) -> None:
        did = self.route.args[0]
        handed = AuthorScreen.pending.pop(did, None)
        try:
            draft = handed[0] if handed else self.drafts.load(did)
        except RecordError as exc:
            self.problem("This walkthrough draft cannot be opened",
                         f"It is damaged ({exc}). It was left as it was in this browser's storage.")
            return
        if draft is None:
            self.problem("No such walkthrough draft",
                         "This browser has no walkthrough draft here. If the browser does not let the site keep "
                         "anything, a draft lasts only until the page is closed or reloaded; its share link keeps "
                         "all of it.")
            return
        self.draft = draft
        self.problem_text = handed[1] if handed else self.drafts.unsaved(did)
        self.game = get_game(draft.record["game"])
        self.draw()

    # -- drawing -----------------------------------------------------------------------------

    def table_html(self) -> str:
        d = self.draft
        assert d is not None
        if self.flow is None:
            record = copy.deepcopy(d.record)
            record["learn"] = []
            self.flow = WalkthroughFlow(self.game, "author", record, d.step, set())
        wt = self.flow
        wt.step = d.step
        m = wt.match()
        seat = wt.seat()
        view = m.view(seat)
        ctx = render.TableContext(interactive=False, seat=seat, mode="walkthrough", meta=self.game.metadata(),
                                  game_id=self.game.id, open_hands=wt.open_hands(seat))
        self.view = view
        return render.table(view, renderer_for(self.game.id).parts(view, ctx), ctx)

    def move_text(self) -> str:
        """The move after this step, in words."""
        d = self.draft
        assert d is not None and self.flow is not None
        seat, action = d.record["moves"][d.step]
        name = d.record["players"][seat]["name"]
        if d.learner_problem() is not None:  # a hand the walkthrough hides: its move is not told before it is made
            return f"{name}'s move"
        labels = self.flow.match().view(seat).get("labels") or {}
        return f"{name}: {labels.get(action, action)}"

    def draw(self, focus: Optional[str] = None) -> None:
        d = self.draft
        if d is None:
            return
        esc = render.esc
        table = self.table_html()
        default = "The deal, before the first move." if d.step == 0 else (
            str((self.view.get("log") or [{}])[-1].get("text", "")) if self.view.get("log") else "")
        back = f' · <a href="{esc(d.back)}">Back</a>' if d.back.startswith("#/") else ""
        status_kind = " author-status-warn" if self.problem_text else ""
        learner = ""
        if d.step < d.total:
            problem = d.learner_problem()
            checked = d.is_learner() and problem is None
            learner = (
                '<div class="author-learn"><label class="choice">'
                f'<input type="checkbox" data-author-learn{render.attrs(checked=checked, disabled=problem is not None)}'
                ' aria-describedby="author-learn-help"> '
                f"Learner step: the learner makes the next move ({esc(self.move_text())})</label>"
                f'<small class="help" id="author-learn-help">'
                + esc(f"Not possible here: {problem}." if problem else
                      "The reader must find this move on the table, or press “Show me”.")
                + "</small></div>"
            )
        marks = ", ".join(str(k) for k in sorted(d.learn)) or "none"
        html = (
            f'<section class="page walkthrough author" data-author="{esc(d.id)}" aria-labelledby="author-title">'
            f'<p class="crumbs">Write a walkthrough of {esc(self.game.title)}{back} · '
            f'<a href="{esc(routes.home())}">Home</a></p>'
            '<h1 id="author-title">Write a walkthrough</h1>'
            '<p class="lede">Step through the game, write a caption on any step, and mark the moves the reader '
            "must find. “Share” gives a link that holds all of it; nothing is sent anywhere.</p>"
            f'<p class="author-status{status_kind}" data-author-status role="status">'
            f"{esc(self.problem_text or self.status)}</p>"
            '<div class="author-field"><label for="author-title-field">Title</label>'
            f'<input type="text" id="author-title-field" data-author-title maxlength="{MAX_TITLE}"'
            f' value="{esc(d.title)}"></div>'
            f'<p class="help author-shows" data-author-shows>{esc(d.shows())}</p>'
            + render.walkthrough_tools(self.panel_html(), self.panel).replace(
                "Share this step", "Share").replace(
                "</p>", render.ui_button("export", "Export record", "btn btn-small btn-quiet")
                + render.ui_button("start-over", "Start over", "btn btn-small btn-quiet") + "</p>", 1)
            + (f'<p class="notice notice-error" role="alert" data-author-message>{esc(self.message)}</p>'
               if self.message else "")
            + ('<p class="notice notice-warn author-confirm" data-author-confirm>Remove every caption and learner '
               "step of this walkthrough? The title and the record stay. "
               + render.ui_button("start-over-yes", "Remove them", "btn btn-small")
               + render.ui_button("start-over-no", "Keep them", "btn btn-small btn-quiet") + "</p>"
               if self.confirming else "")
            + '<div class="wt-controls" role="group" aria-label="Steps">'
            + render.ui_button("restart", "First step", "btn btn-small btn-quiet", disabled=d.step == 0)
            + render.ui_button("prev", "← Previous", "btn", disabled=d.step == 0, aria_keyshortcuts="ArrowLeft")
            + f'<span class="wt-step" data-at-step="{d.step}" data-steps="{d.total}">Step {d.step} of {d.total}</span>'
            + render.ui_button("next", "Next →", "btn btn-primary", disabled=d.step >= d.total,
                               aria_keyshortcuts="ArrowRight")
            + "</div>"
            '<div class="author-step">'
            f'<label for="author-caption">Caption at step {d.step}</label>'
            f'<textarea id="author-caption" rows="3" data-author-caption data-caption-at="{d.step}"'
            f' maxlength="{MAX_CAPTION_FIELD}"'
            f' aria-describedby="author-caption-help">{esc(d.caption())}</textarea>'
            '<small class="help" id="author-caption-help">'
            + esc(f"Plain text. Left empty, the step shows: “{default}”" if default else "Plain text.")
            + "</small>"
            + learner
            + f'<p class="help" data-author-learn-list>Learner steps (moves): {esc(marks)}</p>'
            "</div>"
            f"{table}"
            "</section>"
        )
        dom.paint(html, focus=focus)
        dom.set_screen(self.name)

    def panel_html(self) -> str:
        d = self.draft
        assert d is not None
        base = dom.page_base()
        if self.panel == "share":
            payload = d.payload()
            link = d.link(base, payload)
            over = d.finished()
            return render.share_panel(link, "this walkthrough", step=0,
                                      in_progress=not over and self.game.hidden_information).replace(
                "</h2>", f'</h2><p class="help">{render.esc(d.shows())} The link opens it at the first step.</p>', 1)
        if self.panel == "embed":
            return render.embed_panel(d.embed_snippet(base))
        return ""

    # -- saving ------------------------------------------------------------------------------

    def save(self) -> None:
        d = self.draft
        assert d is not None
        self.problem_text = self.drafts.save(d)
        box = dom.qs("[data-author-status]", dom.root())
        if box is not None:
            text = self.problem_text or self.status
            if str(box.textContent) != text:
                box.textContent = text
            box.classList.toggle("author-status-warn", bool(self.problem_text))

    # -- events --------------------------------------------------------------------------------

    def go(self, what: str) -> None:
        d = self.draft
        if d is None:
            return
        k = {"prev": d.step - 1, "next": d.step + 1, "restart": 0}[what]
        if d.go(k):
            self.message = ""
            self.save()
            focus = f'[data-ui="{what}"]'
            if (what == "next" and d.step >= d.total) or (what != "next" and d.step == 0):
                focus = '[data-ui="prev"]' if what == "next" else '[data-ui="next"]'
            self.draw(focus=focus)

    def on_ui(self, ui: str, el: Any) -> None:
        if ui in ("prev", "next", "restart"):
            self.go(ui)
        elif ui == "start-over":
            self.confirming = True  # nothing is removed before the author says so
            self.draw(focus='[data-ui="start-over-yes"]')
        elif ui == "start-over-no":
            self.confirming = False
            self.draw(focus='[data-ui="start-over"]')
        elif ui == "start-over-yes" and self.draft is not None:
            self.confirming = False
            self.draft.start_over()
            self.message = ""
            self.save()
            self.draw(focus='[data-ui="start-over"]')
        else:
            super().on_ui(ui, el)

    def on_input(self, target: Any) -> None:
        d = self.draft
        if d is None:
            return
        if target.hasAttribute("data-author-caption"):
            d.set_caption(str(target.value))
        elif target.hasAttribute("data-author-title"):
            d.set_title(str(target.value))
        else:
            return
        self.save()
        self.refresh_panel()

    def refresh_panel(self) -> None:
        """An open Share or embed panel follows the edits (without a redraw
        that would disturb the typing)."""
        d = self.draft
        if d is None or self.panel is None:
            return
        base = dom.page_base()
        if self.panel == "share":
            field = dom.qs("[data-share-url]", dom.root())
            if field is not None:
                field.value = d.link(base)["url"]
        elif self.panel == "embed":
            field = dom.qs("[data-embed-code]", dom.root())
            if field is not None:
                field.value = d.embed_snippet(base)

    def on_change(self, target: Any) -> None:
        d = self.draft
        if d is None or not target.hasAttribute("data-author-learn"):
            return
        try:
            d.set_learner(bool(target.checked))
            self.message = ""
        except RecordError as exc:
            self.message = f"{str(exc)[:1].upper()}{str(exc)[1:]}."
        self.save()
        self.draw(focus="[data-author-learn]")

    def on_storage(self, key: str) -> None:
        """The same draft changed in another tab: show its version here."""
        d = self.draft
        if d is None or key != self.drafts.key(d.id):
            return
        try:
            again = self.drafts.load(d.id)
        except RecordError:
            return  # damaged there: this tab keeps its own
        if again is not None:
            self.draft = again
            self.draw()

    def on_key(self, event: Any) -> bool:
        key = str(event.key)
        if key == "ArrowLeft":
            self.go("prev")
            return True
        if key == "ArrowRight":
            self.go("next")
            return True
        return False

    def export(self) -> None:
        d = self.draft
        if d is not None:
            download(dumps(d.record), f"{d.record['game']}-walkthrough-{dom.today_iso()}.json")
