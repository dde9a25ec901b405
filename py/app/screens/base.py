"""What every screen shares: its route, the app it belongs to, and the Share
and embed panels of the screens that show a table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from .. import clipboard, dom, render

if TYPE_CHECKING:
    from ..browser import App
    from ..routes import Route


class Screen:
    """One screen: it owns its state and its drawing. The app forwards the
    events of the page to the screen on show."""

    name = ""

    def __init__(self, app: "App", route: "Route") -> None:
        self.app = app
        self.route = route
        self.panel: Optional[str] = None  # the open share or embed panel

    # -- life ----------------------------------------------------------------------

    def show(self) -> None:
        raise NotImplementedError

    def leave(self) -> None:
        """The screen is going away: stop what it started (a bot's move)."""

    def draw(self, focus: Optional[str] = None) -> None:
        """Draw the screen again with its current state."""
        self.show()

    def problem(self, title: str, message: str, back: bool = True, embed: bool = False, extra: str = "") -> None:
        html = render.problem_page(title, message, back=back)
        if extra:
            html = html.replace("</section>", extra + "</section>")
        dom.paint(html)
        dom.set_screen(self.name, embed=embed)

    def saved(self, sid: str) -> Optional[str]:
        """The text of the save `sid`, or None once the screen says there is none."""
        text = self.app.store.load(sid)
        if text is None:
            self.problem("No such game", f"There is no saved game “{sid}” in this browser. It may have been deleted.")
        return text

    # -- events (the app calls these) -------------------------------------------------

    def on_action(self, action: str) -> None:
        """A click on a control that completes a legal action."""

    def on_step(self, step: str) -> None:
        """A click on a control that is one step of composing an action."""

    def on_ui(self, ui: str, el: Any) -> None:
        """A click on any other control (``data-ui``)."""
        if ui == "share":
            self.open_panel("share")
        elif ui == "embed-code":
            self.open_panel("embed")
        elif ui == "copy-embed":
            clipboard.copy_from("[data-embed-code]")
        elif ui == "copy-share":
            clipboard.copy_from("[data-share-url]")
        elif ui == "close-panel":
            self.close_panel()
        elif ui == "export":
            self.export()

    def on_key(self, event: Any) -> bool:
        """A key pressed outside a text field; True if the screen used it."""
        return False

    def on_change(self, target: Any) -> None:
        """A form field or file input changed."""

    def on_input(self, target: Any) -> None:
        """Text typed in a form field."""

    def on_submit(self, form: Any) -> None:
        """A form was submitted."""

    def on_storage(self, key: str) -> None:
        """Another tab changed this site's storage (the key that changed)."""

    def export(self) -> None:
        """Download the record on screen, if there is one."""

    # -- share and embed panels -------------------------------------------------------

    def open_panel(self, which: str) -> None:
        opener = '[data-ui="share"]' if which == "share" else '[data-ui="embed-code"]'
        if self.panel == which and which == "share":
            self.panel = None  # the Share button toggles its panel
            self.draw(focus=opener)
            return
        self.panel = which
        field = "[data-share-url]" if which == "share" else "[data-embed-code]"
        self.draw(focus=field if which == "share" else opener)
        el = dom.qs(field, dom.root())
        if el is not None and which == "share":
            el.select()
        if which == "embed":
            clipboard.copy_from("[data-embed-code]")

    def close_panel(self) -> None:
        which = self.panel
        self.panel = None
        self.draw(focus='[data-ui="embed-code"]' if which == "embed" else '[data-ui="share"]')


class NotFoundScreen(Screen):
    name = "notfound"

    def show(self) -> None:
        self.problem("Page not found", f"There is no page at “{self.route.path}”.")


class FramedScreen(Screen):
    """Any page but an embed, inside another site's frame: it opens in a tab
    of its own instead (only the embed view is made to live in a frame)."""

    name = "framed"

    def show(self) -> None:
        href = dom.page_base() + "#" + (self.route.path if self.route.path != "/" else "/")
        dom.paint(
            '<section class="page problem" data-framed>'
            "<h1>Coalitions opens in its own tab</h1>"
            "<p>This page of Coalitions is not made to be shown inside another site. "
            "Walkthroughs can be embedded: use “Copy embed code” on a walkthrough.</p>"
            f'<p><a class="btn btn-primary" href="{render.esc(href)}" target="_blank" rel="noopener">'
            'Open Coalitions<span class="visually-hidden"> (opens in a new tab)</span></a></p></section>'
        )
        dom.set_screen(self.name)
