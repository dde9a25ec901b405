"""The table of a saved game: the player's moves, built step by step, the bots'
moves (thought out in the bot worker), undo, the hot-seat cover, Share and
Export."""

from __future__ import annotations

from typing import Any, Callable, Optional

from coalitions.core.errors import CoalitionsError

from .. import dom, hint, render, routes
from ..builder import Builder, Pick, pick_of
from ..downloads import download
from ..flow import PlayFlow
from ..games import renderer_for
from ..pages import staged_here
from ..results import Results, pass_warning
from ..session import PlaySession, match_from_text
from .base import Screen
from .play_bots import PlayBots, now_s
from .play_results import CONTINUE, PlayResults


class PlayScreen(PlayBots, PlayResults, Screen):
    name = "play"

    def __init__(self, app: Any, route: Any) -> None:
        super().__init__(app, route)
        self.flow: Optional[PlayFlow] = None
        self.synced: Optional[str] = None  # the record as this tab last read or wrote it
        self.busy = False  # bots are moving
        self.redrawing = False  # a change is saved and its redraw is the next task
        self.gen = 0  # bumped when a pending bot move must be dropped
        self.picked: Optional[Pick] = None  # the move being built (UI state only)
        self.staged: Optional[str] = None  # an action waiting for "Confirm move"
        self.builder: Optional[Builder] = None  # the legal actions on screen, narrowed by `picked`
        self.look: Optional[int] = None  # an earlier position looked at from the move list (UI state only)
        self.warning: Optional[str] = None  # why the staged action is asked about (a pass that ends the debate)
        self.results: Optional[Results] = None  # what just happened, shown until Continue
        self.told: Optional[tuple] = None  # the results last announced
        self.skipping = False  # "Skip to my turn" (screens/play_bots.py)
        self.hint: Optional[tuple[int, str]] = None  # "Suggest a move": (moves made, the suggested action)
        self.hinting = False  # the suggestion is being worked out

    # -- life -----------------------------------------------------------------------------

    def show(self) -> None:
        sid = self.route.args[0]
        session = self.app.session if self.app.session is not None and self.app.session.save_id == sid else None
        if session is None:
            text = self.saved(sid)
            if text is None:
                return
            try:
                session = PlaySession(match_from_text(text), sid)
            except CoalitionsError as exc:
                button = render.ui_button("delete-broken", "Delete this save", "btn btn-danger", data_id=sid)
                self.problem("This save cannot be opened", str(exc), extra=f"<p>{button}</p>")
                return
        self.app.session = session
        self.flow = PlayFlow(session)
        self.results = Results(session.match)
        self.synced = session.record_text()  # what this tab last read or wrote
        self.draw()
        self.run_bots()

    def leave(self) -> None:
        self.gen += 1  # a pending bot move is dropped
        self.skipping = False
        self.app.bots.cancel()

    @property
    def session(self) -> PlaySession:
        assert self.flow is not None
        return self.flow.session

    def save(self) -> None:
        s = self.session
        self.synced = s.record_text()
        self.app.store.save(s.save_id, self.synced, s.summary(s.match.game, dom.now_ms()))
        self.app.show_storage_notice()

    # -- the same game in another tab ------------------------------------------------------

    def moved_on(self) -> bool:
        """True (and the player is told, with a way to catch up) if another tab
        saved this game since this tab read or wrote it: this tab then changes
        nothing, so it can never overwrite a longer record with a shorter one."""
        if self.flow is None or self.synced is None:
            return False
        stored = self.app.store.load(self.session.save_id)
        if stored is None or stored == self.synced:
            return False
        self.leave()
        self.busy = False
        self.app.notify(
            "This game moved on in another tab. Catch up to see it here; nothing is lost.", "warn", "moved-on",
            render.ui_button("catch-up", "Catch up", "btn btn-small btn-primary"))
        dom.set_flag("data-ready", True)
        return True

    def on_storage(self, key: str) -> None:
        """Another tab changed storage: catch up at once if it is this game and
        this tab is not in the middle of something."""
        if self.flow is None or key != self.app.store.save_prefix + self.session.save_id:
            return
        if self.moved_on() and self.picked is None and self.staged is None:
            self.catch_up()

    def catch_up(self) -> None:
        self.app.clear_notice("moved-on")
        self.app.session = None
        self.flow = None
        self.picked = self.staged = None
        self.show()

    # -- drawing -------------------------------------------------------------------------

    def draw(self, focus: Optional[str] = None) -> None:
        if self.flow is None:
            return
        flow, m = self.flow, self.flow.match
        cover = flow.cover()
        if cover is not None:
            self.picked = self.staged = self.warning = None
            undo_seat = self.session.undo_for_cover()
            extra = ""
            if undo_seat is not None:
                extra = ('<p class="pass-undo">'
                         + render.ui_button("undo-last", f"{m.names[undo_seat]}: take back my last move",
                                            "btn btn-small btn-quiet", data_seat=str(undo_seat))
                         + "</p>")
            pending = self.results.pending(m) if self.results is not None else []
            just = [f"{r.title}: {r.outcome or (r.lines[r.main] if r.lines else '')}" for r in pending]
            html = render.pass_cover(m.names[cover], cover, extra, just[-4:])
            dom.paint(html)
            dom.set_screen("play", cover=True)
            dom.focus_first(("[data-ui=pass]",))
            return
        seat = flow.seat()
        interactive = flow.interactive(self.busy)
        view = m.view(seat)
        builder = Builder(view["legal"] if interactive else [], m.game.parse_action, view.get("labels"), self.picked)
        self.picked = builder.picked
        self.builder = builder
        meta = m.game.metadata()
        moment, recaps = self.results_html()
        ctx = render.TableContext(
            interactive=interactive, seat=seat, busy=self.busy, can_undo=interactive and m.can_undo(seat),
            mode="play", meta=meta, game_id=meta["id"], builder=builder, staged=self.staged,
            warning=self.warning if self.staged else None, moment=moment, recaps=recaps,
            result_actions=render.result_actions(meta["id"], self.new_game_href(meta["id"]),
                                                 routes.review(self.session.save_id)),
        )
        ctx.look = self.look  # a renderer with a move list may show that earlier position (Coalition Chess)
        ctx.orientation = self.app.settings.get("orientation")  # a board's orientation (the player's setting)
        ctx.waiting = self.waiting() if self.busy and not self.skipping else ""  # the status says what holds the bots
        ctx.pace = self.pace_html()
        parts = renderer_for(meta["id"]).parts(view, ctx)
        if ctx.staged and interactive:  # the question next to the control that staged the move, which confirms it
            self.stage_in_place(view, ctx, parts)
        suggested = self.suggested()
        offer = interactive and hint.offered(m, seat, self.app.settings.get("hints"))
        html = ('<div class="page play">'
                + render.play_header(meta, self.session.save_id, share_open=self.panel == "share",
                                     confirm=self.app.settings.confirm_moves(m.names[seat] if seat is not None else None))
                + self.share_panel(seat)
                + (hint.line(view, suggested, self.hinting) if offer else "")
                + (hint.lit(render.table(view, parts, ctx), suggested, m.game.parse_action) if offer
                   else render.table(view, parts, ctx))
                + "</div>")
        dom.paint(html, focus=focus)
        dom.set_screen("play", ready=not self.busy and not flow.next_auto_pending(), game_over=m.is_over())
        self.tell()
        if interactive and any(p.get("kind") == "bot" for p in m.players):
            self.app.bots.start_after_paint(meta["id"])  # the table is interactive: the bot worker may load

    def stage_in_place(self, view: dict, ctx: Any, parts: Any) -> None:
        label = (view.get("labels") or {}).get(ctx.staged, ctx.staged)
        for region in ("hand", "board", "side"):
            html, found = staged_here(getattr(parts, region), ctx.staged, label, ctx.warning)
            if found:
                setattr(parts, region, html)
                ctx.staged_inline = True  # the frame's bar above the table is not drawn
                return

    def new_game_href(self, game_id: str) -> str:
        meta_rec = self.session.match.record.get("meta")
        setup_query = meta_rec.get("setup") if isinstance(meta_rec, dict) else None
        if not isinstance(setup_query, str):
            setup_query = None
        return routes.new_game(game_id, (setup_query + "&edit=1") if setup_query else "")

    def share_panel(self, seat: Optional[int]) -> str:
        if self.panel != "share":
            return ""
        from .. import share  # here: the table's first drawing does not need it

        m = self.session.match
        link = share.share_link(dom.page_base(), m.record, seat=seat)
        return render.share_panel(link, "this game", step=len(m.record["moves"]),
                                  in_progress=not m.is_over() and m.game.hidden_information)

    def focus_table(self) -> None:
        first = (CONTINUE,) if self.pause() is None else ()  # focus on a counting panel would stop its count
        dom.focus_first(first + ("[data-choices] [data-action]", "[data-choices] [data-step]", "[data-hand] [data-action]",
                         "[data-hand] [data-step]", "[data-action]", "[data-ui=pass]"))

    # -- the player's moves ------------------------------------------------------------------

    def on_step(self, step: str) -> None:
        pick = pick_of(step)
        if self.busy or self.redrawing or pick is None:
            return
        self.picked = None if self.picked is not None and pick.key() == self.picked.key() else pick  # a second click on the same control lets go
        self.staged = self.warning = None
        self.draw(focus='[data-choices] [data-action], [data-choices] [data-step]' if self.picked else None)
        self.announce_pick()

    def announce_pick(self) -> None:
        if self.builder is not None:
            dom.announce(self.builder.describe() if self.picked else "Selection cleared.")

    def step_back(self) -> bool:
        if self.staged is not None:
            self.staged = self.warning = None
        elif self.results is not None and self.flow is not None and self.results.shown(self.flow.match)[0]:
            self.results.dismiss(self.flow.match)
            self.after_results()
            return True
        elif self.picked is not None:
            self.picked = self.picked.back()
            if self.picked is not None and not self.picked.parts:
                self.picked = None
        else:
            return False
        self.draw()
        self.announce_pick()
        return True

    def on_action(self, action: str) -> None:
        flow = self.flow
        if flow is None or self.busy or self.redrawing or flow.next_auto_pending() or self.moved_on():
            return
        seat = flow.seat()
        if seat is None:
            return
        if self.staged != action:
            warning = pass_warning(flow.match, seat, action)  # a pass that ends the debate is always asked about
            if warning or self.app.settings.confirm_moves(flow.match.names[seat]):
                self.staged, self.warning = action, warning
                self.draw(focus='[data-staged-control], [data-ui="confirm-move"]')
                return
        if self.results is not None:
            self.results.dismiss(flow.match)  # what was shown has been seen: this move's results come next
        self.change(lambda: flow.play(action), then=lambda: None if flow.next_auto_pending() else self.focus_table())

    def on_key(self, event: Any) -> bool:
        if str(event.key) == "Escape":
            return self.step_back()
        return False

    def on_ui(self, ui: str, el: Any) -> None:
        flow = self.flow
        if ui == "delete-broken":
            self.app.store.delete(dom.attr(el, "data-id") or "")
            self.app.go(routes.home())
        elif flow is None:
            super().on_ui(ui, el)
        elif ui == "pass":
            flow.pass_device()
            self.draw()
            self.focus_table()
        elif ui == "undo":
            self.undo(flow.seat())
        elif ui == "undo-last":
            self.undo(self.session.undo_for_cover())
        elif ui == "confirm-move" and self.staged is not None:
            self.on_action(self.staged)
        elif ui == "skip-bots":
            self.skip()
        elif ui == "suggest":
            self.app.spawn(self.suggest(len(flow.match.record["moves"])))
        elif ui == "catch-up":
            self.catch_up()
        elif ui == "look":  # the move list: look at the position after a move ("" goes back to the game)
            value = dom.attr(el, "data-look") or ""
            self.look = int(value) if value.isdigit() else None
            focus = dom.attr(el, "data-focus")  # a pick far down a long list: the control to go on with, shown
            self.draw(focus=focus)
            target = dom.qs(focus, dom.root()) if focus else None
            if target is not None:
                target.scrollIntoView()
        elif ui in ("moment-continue", "moment-close") and self.results is not None:
            self.results.dismiss(flow.match)
            self.after_results()
        elif ui == "moment-last" and self.results is not None:
            name = dom.attr(el, "data-moment")
            self.results.review = None if self.results.review == name else name
            self.draw(focus=f'[data-ui="moment-last"][data-moment="{name}"]' if self.results.review is None
                      else '[data-ui="moment-close"]')
        elif ui == "cancel-move":
            self.step_back()
        elif ui == "toggle-confirm":
            seat = flow.seat()
            if seat is not None:
                name = flow.match.names[seat]
                self.app.settings.set_confirm_moves(name, not self.app.settings.confirm_moves(name))
                self.staged = self.warning = None
                self.draw(focus='[data-ui="toggle-confirm"]')
        else:
            super().on_ui(ui, el)

    def suggested(self) -> Optional[str]:
        """The suggested move, while the position it was made for is on the table."""
        if self.hint is None or self.flow is None or self.hint[0] != len(self.flow.match.record["moves"]):
            return None
        return self.hint[1]

    async def suggest(self, moves: int) -> None:
        """"Suggest a move": the hard bot's choice for the seat on turn, from
        that seat's view, worked out in the bot worker, then lit on the table."""
        flow = self.flow
        if flow is None or self.busy or self.hinting:
            return
        seat = flow.seat()
        if seat is None or not hint.offered(flow.match, seat, self.app.settings.get("hints")):
            return
        self.hinting = True
        self.draw(focus="[data-hint]")
        try:
            action = await self.app.bots.decide(hint.job(flow.match, seat))
        finally:
            self.hinting = False
        if self.flow is not flow or len(flow.match.record["moves"]) != moves or self.app.screen is not self:
            return  # the table moved on meanwhile
        self.hint = (moves, action) if action is not None else None
        self.draw(focus="[data-hinted], [data-hint]")

    def undo(self, seat: Optional[int]) -> None:
        if self.flow is None or self.busy or self.redrawing or self.moved_on():
            return
        self.leave()  # a bot move still pending is dropped
        self.look = None
        flow = self.flow
        self.change(lambda: flow.undo(seat))

    def change(self, make: Callable[[], Any], then: Optional[Callable[[], None]] = None) -> bool:
        """Make a change of the player's (a move, an undo) and save it at once;
        then draw and let the bots go on in a task of its own, and `then` in
        one after that, so that no one task of the click's grows long. An
        illegal change is shown and changes nothing."""
        try:
            make()
        except CoalitionsError as exc:
            self.app.flash(str(exc))
            return False
        self.picked = self.staged = self.warning = None
        self.save()
        self.redrawing = True
        dom.set_flag("data-ready", False)

        def redraw() -> None:
            self.redrawing = False
            if self.app.screen is not self or self.flow is None:
                return  # the screen was left
            self.run_bots()  # first: the table is drawn with the bots at work ("Skip" offered from their first move)
            self.draw()
            if self.busy:
                self.shown_at = now_s()  # the move is on show from its drawing: the bots' pace counts from here
            if then is not None:
                dom.soon(then)

        dom.soon(redraw)
        return True

    def export(self) -> None:
        s = self.session
        name = f"{s.match.game.id}-{dom.today_iso()}-{s.save_id}.json"
        download(s.record_text(), name)
        # a record replays the whole game, hands and undealt cards included
        if not s.match.is_over() and s.match.game.hidden_information:
            self.app.flash(f"Saved {name}. {render.WHOLE_DEAL}", "info")
