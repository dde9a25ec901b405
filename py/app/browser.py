"""The page: routing, one delegated listener per event type, drawing screens
into <main id="app">, running bots, saving to localStorage, import and export.

This is the only module of the app that touches the browser (`js`, `pyodide`).
"""

import asyncio
import copy
import traceback

import js
from pyodide.ffi import JsException, create_proxy, to_js

try:  # JavaScript null arrives as pyodide.ffi.jsnull (falsy, but not None)
    from pyodide.ffi import JsNull
except ImportError:  # older Pyodide: null is None
    JsNull = type(None)

from coalitions.core.errors import CoalitionsError, RecordError
from coalitions.core.match import Match
from coalitions.core.records import check_header, dumps, loads
from coalitions.registry import all_games, get_game

from . import render, routes, setup as setups, share, storage
from .games import renderer_for
from .session import PlaySession, match_from_text

BOT_DELAY = 0.25  # seconds between two bot moves
MAX_IMPORT_BYTES = 5 * 1024 * 1024
FOCUS_KEYS = ("data-action", "data-ui", "data-id", "name", "id")


def NO_SCROLL():
    return to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries)


def report_decision(ms, nxt):
    """Hand the time of one bot decision to a benchmark that asked for it by
    setting ``window.coalitionsBench`` to an array (scripts/bench_bots_browser.py);
    costs nothing otherwise."""
    bench = getattr(js.window, "coalitionsBench", None)
    if nxt is not None and not nxt[2] and not nil(bench):
        bench.push(ms)


def console_info(*parts):
    js.console.info(" ".join(str(p) for p in parts))


# -- localStorage ---------------------------------------------------------------------


class LocalBackend:
    """localStorage, with every failure turned into a StorageError."""

    def __init__(self, ls):
        self.ls = ls

    def get(self, key):
        try:
            value = self.ls.getItem(key)
        except JsException as exc:
            raise storage.StorageError(str(exc)) from None
        return None if nil(value) else str(value)

    def set(self, key, value):
        try:
            self.ls.setItem(key, value)
        except JsException as exc:
            text = str(exc)
            full = "Quota" in text or "quota" in text
            raise storage.StorageError(text, full=full) from None

    def remove(self, key):
        try:
            self.ls.removeItem(key)
        except JsException as exc:
            raise storage.StorageError(str(exc)) from None

    def keys(self):
        try:
            n = int(self.ls.length)
            return [str(self.ls.key(i)) for i in range(n)]
        except JsException as exc:
            raise storage.StorageError(str(exc)) from None


def probe_local_storage():
    """A LocalBackend if localStorage works here, else None."""
    try:
        ls = js.window.localStorage
        if nil(ls):
            return None
        key = site_prefix() + "probe"
        ls.setItem(key, "1")
        ok = ls.getItem(key) == "1"
        ls.removeItem(key)
        return LocalBackend(ls) if ok else None
    except Exception as exc:  # JsException (SecurityError, QuotaExceededError) or missing API
        console_info("Coalitions: localStorage is not available:", exc)
        return None


# -- small DOM helpers ------------------------------------------------------------------


def nil(value):
    """True for Python None and JavaScript null/undefined."""
    return value is None or isinstance(value, JsNull)


def qs(selector, root=None):
    found = (js.document if nil(root) else root).querySelector(selector)
    return None if nil(found) else found


def attr(el, name):
    """An attribute's value as text, or None."""
    value = el.getAttribute(name)
    return None if nil(value) else str(value)


def closest(el, selector):
    if nil(el) or not hasattr(el, "closest"):
        return None
    found = el.closest(selector)
    return None if nil(found) else found


def set_flag(name, on):
    el = js.document.documentElement
    if on:
        el.setAttribute(name, "")
    else:
        el.removeAttribute(name)


def today_iso():
    d = js.Date.new()
    return f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d}"


def when_text(ms):
    if not ms:
        return ""
    try:
        d = js.Date.new(ms)
        return f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d} " \
               f"{int(d.getHours()):02d}:{int(d.getMinutes()):02d}"
    except Exception:
        return ""


def site_prefix():
    """The localStorage key prefix of this copy of the site (see app.storage)."""
    return storage.prefix_for(str(js.location.pathname))


def page_base():
    """The page's URL without the hash (works at / and under a sub-path)."""
    href = str(js.location.href)
    return href.split("#", 1)[0]


def reduced_motion():
    try:
        return bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:
        return False


def walkthroughs_of(game):
    fn = getattr(game, "walkthroughs", None)
    if not callable(fn):
        return {}
    return fn() or {}


def guide_of(game):
    fn = getattr(game, "guide", None)
    return fn() if callable(fn) else None


# -- the app -------------------------------------------------------------------------------


class App:
    def __init__(self):
        self.doc = js.document
        self.root = self.doc.getElementById("app")
        self.notices = qs("[data-notices]")  # None if the shell lacks it
        self.store = storage.Store(probe_local_storage(), site_prefix())
        self.route = None
        self.session = None
        self.gen = 0  # bumped on every screen change: a running bot loop stops
        self.busy = False
        self.refocus = False
        self.fast = False
        self.confirm_delete = None
        self.import_message = None
        self.import_ok = False
        self.wt = None  # walkthrough state
        self.shared = None  # a game opened from a share link
        self.panel = None  # the open share or embed panel: "share", "embed" or None
        self._wt_cache = {}
        self._shown_problem = None
        self._proxies = []

    # -- start -------------------------------------------------------------------

    def start(self):
        self.listen(js.window, "hashchange", self.on_hashchange)
        self.listen(self.doc, "click", self.on_click)
        self.listen(self.doc, "change", self.on_change)
        self.listen(self.doc, "input", self.on_input)
        self.listen(self.doc, "submit", self.on_submit)
        self.listen(self.doc, "keydown", self.on_keydown)
        self.show_storage_notice()
        self.show_route()

    def listen(self, target, kind, fn):
        def handler(event):
            try:
                fn(event)
            except Exception as exc:  # a bug: show it, never a blank page
                self.fail(exc)

        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(kind, proxy)

    def spawn(self, coro):
        async def guarded():
            try:
                await coro
            except Exception as exc:
                self.fail(exc)

        return asyncio.ensure_future(guarded())

    def fail(self, exc):
        details = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        js.console.error("Coalitions: " + details)
        self.busy = False
        if self.notices is not None:
            self.notices.insertAdjacentHTML(
                "beforeend", render.error_banner(f"{type(exc).__name__}: {exc}", details)
            )
        set_flag("data-ready", True)

    def show_storage_notice(self):
        problem = self.store.problem
        if not problem or problem == self._shown_problem or self.notices is None:
            return
        self._shown_problem = problem
        old = qs('[data-notice="storage"]', self.notices)
        if old is not None:
            old.remove()
        self.notices.insertAdjacentHTML("beforeend", render.notice(problem, "warn", "storage"))

    # -- drawing -----------------------------------------------------------------------

    def paint(self, html, keep_focus=True, focus=None):
        """Replace the screen. Keyboard focus goes to `focus` (a selector) if
        given, else back to the same control if it is still there."""
        sig = None
        active = self.doc.activeElement
        if keep_focus and not nil(active) and self.root.contains(active) and active != self.root:
            sig = tuple(attr(active, name) for name in FOCUS_KEYS)
            if not any(sig):
                sig = None
        log = qs("[data-log]", self.root)
        log_at_end = log is None or log.scrollTop + log.clientHeight >= log.scrollHeight - 8
        self.root.innerHTML = html
        log = qs("[data-log]", self.root)
        if log is not None and log_at_end:
            log.scrollTop = log.scrollHeight
        found = qs(focus, self.root) if focus else None
        if found is None and sig is not None:
            name = FOCUS_KEYS[[bool(v) for v in sig].index(True)]
            for el in self.root.querySelectorAll(f"[{name}]"):
                if tuple(attr(el, n) for n in FOCUS_KEYS) == sig:
                    found = el
                    break
        if found is not None and not found.hasAttribute("disabled"):
            found.focus(NO_SCROLL())
        elif sig is not None or focus:
            self.root.focus(NO_SCROLL())

    def set_screen(self, route_name, ready=True, game_over=False, embed=False, cover=False):
        el = self.doc.documentElement
        el.setAttribute("data-route", route_name)
        set_flag("data-embed", embed)
        set_flag("data-cover", cover)
        set_flag("data-game-over", game_over)
        set_flag("data-ready", ready)

    # -- routing ------------------------------------------------------------------------

    def on_hashchange(self, event=None):
        self.show_route()

    def show_route(self):
        self.gen += 1
        self.busy = False
        set_flag("data-ready", False)
        route = routes.parse(str(js.location.hash))
        if self.route is None or route.path != self.route.path:
            self.clear_flash()
        if route.flag("fast"):
            self.fast = True
        first = self.route is None
        changed = first or route.path != self.route.path
        self.route = route
        if changed:
            self.panel = None
        if route.name != "play":
            self.session = None
        if route.name not in ("walkthrough", "shared"):
            self.wt = None
        if route.name != "shared":
            self.shared = None
        if route.name != "home":
            self.import_message = None
            self.confirm_delete = None
        handler = {
            "home": self.show_home,
            "new": self.show_new,
            "play": self.show_play,
            "rules": self.show_rules,
            "walkthrough": self.show_walkthrough,
            "shared": self.show_shared,
        }.get(route.name, self.show_not_found)
        handler(route)
        if changed and not first:
            js.window.scrollTo(0, 0)
            if route.name != "play" or self.session is None:
                self.root.focus(NO_SCROLL())
        title = qs("h1", self.root)
        name = str(title.textContent).strip() if title is not None else ""
        self.doc.title = f"{name} · Coalitions" if name and name != "Coalitions" else "Coalitions"

    def go(self, hash_text, replace=False):
        if replace:
            js.location.replace(page_base() + hash_text)
        else:
            js.location.hash = hash_text

    def show_not_found(self, route):
        self.paint(render.problem_page("Page not found", f"There is no page at “{route.path}”."))
        self.set_screen("notfound")

    # -- home ------------------------------------------------------------------------------

    def save_entries(self):
        entries = []
        for sid, summary, text in self.store.entries():
            entry = {"id": sid}
            try:
                if text is None:
                    raise RecordError("the save is empty")
                game, rec = check_header(loads(text))
                summary = storage.clean_summary(summary)
                if not summary or summary.get("moves") != len(rec["moves"]):
                    match = match_from_text(text)
                    summary = PlaySession(match, sid).summary(game, summary and summary.get("updated"))
                    self.store.save(sid, text, summary)
                entry.update(summary)
                entry["when"] = when_text(summary.get("updated"))
            except CoalitionsError as exc:
                entry["error"] = str(exc)
            except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
                entry["error"] = f"the record is malformed ({type(exc).__name__}: {exc})"
            entries.append(entry)
        return entries

    def show_home(self, route, focus=None):
        games = []
        for game in all_games():
            wts = [(name, rec.get("title") or name) for name, rec in self.walkthroughs(game).items()]
            games.append((game.metadata(), wts))
        html = render.home(
            games, self.save_entries(), self.import_message, self.import_ok, self.confirm_delete
        )
        self.paint(html, focus=focus)
        self.set_screen("home")

    def walkthroughs(self, game):
        if game.id not in self._wt_cache:
            self._wt_cache[game.id] = walkthroughs_of(game)
        return self._wt_cache[game.id]

    # -- new game ---------------------------------------------------------------------------

    def show_new(self, route):
        try:
            game = get_game(route.args[0])
        except CoalitionsError as exc:
            self.paint(render.problem_page("Unknown game", str(exc)))
            self.set_screen("new")
            return
        error = None
        try:
            setup = setups.from_route(game, route)
        except CoalitionsError as exc:
            error = f"This setup cannot start: {exc}"
            setup = setups.default_setup(game.metadata())
        else:
            if setups.wants_start(route):
                self.start_game(game, setup, replace=True)
                return
        self.draw_form(game, setup, error)

    def draw_form(self, game, setup, error=None):
        meta = game.metadata()
        share = page_base() + setup.share_hash() if isinstance(setup.seed, int) else ""
        self.paint(render.new_game_form(meta, setup, share, error))
        self.set_screen("new")

    def read_form(self, form):
        fields = {}
        for el in form.querySelectorAll("[name]"):
            name = attr(el, "name") or ""
            if str(el.type) == "checkbox":
                if el.checked:
                    fields[name] = str(el.value)
            else:
                fields[name] = str(el.value)
        return fields

    def form_game(self, form):
        return get_game(attr(form, "data-setup-form"))

    def on_form_edit(self, target):
        form = closest(target, "[data-setup-form]")
        if form is None:
            return
        game = self.form_game(form)
        fields = self.read_form(form)
        name = attr(target, "name") or ""
        if name == "players" or name.startswith("seat"):
            self.draw_form(game, setups.form_setup(game, fields))
            form = qs("[data-setup-form]", self.root)
            fields = self.read_form(form)
        share = qs("[data-share]", form)
        try:
            setup = setups.from_form(game, fields)
        except CoalitionsError as exc:
            self.form_message(str(exc))
            if share is not None:
                share.value = ""
            return
        self.form_message(None)
        if share is not None:
            share.value = page_base() + setup.share_hash()

    def form_message(self, text):
        box = qs("[data-form-error]", self.root)
        if text is None:
            if box is not None:
                box.remove()
            return
        if box is None:
            form = qs("[data-setup-form]", self.root)
            form.insertAdjacentHTML("beforebegin", '<p class="notice notice-error" role="alert" data-form-error></p>')
            box = qs("[data-form-error]", self.root)
        box.textContent = f"This setup cannot start: {text}"

    def on_submit(self, event):
        form = event.target
        if not form.hasAttribute("data-setup-form"):
            return
        event.preventDefault()
        game = self.form_game(form)
        try:
            setup = setups.from_form(game, self.read_form(form))
        except CoalitionsError as exc:
            self.form_message(str(exc))
            return
        self.start_game(game, setup)

    def start_game(self, game, setup, replace=False):
        now = float(js.Date.now())
        try:
            match = Match.new(
                game.id, setup.make_players(), setup.options, setup.seed,
                meta={"created": now, "setup": setup.query(with_seed=False)},
            )
        except CoalitionsError as exc:
            self.draw_form(game, setup, f"This setup cannot start: {exc}")
            return
        sid = self.store.new_id()
        self.session = PlaySession(match, sid)
        self.save()
        self.go(routes.play(sid), replace=replace)

    # -- saving ------------------------------------------------------------------------------

    def save(self):
        s = self.session
        if s is None:
            return
        game = s.match.game
        self.store.save(s.save_id, s.record_text(), s.summary(game, float(js.Date.now())))
        self.show_storage_notice()

    # -- the table ----------------------------------------------------------------------------

    def show_play(self, route):
        sid = route.args[0]
        if self.session is None or self.session.save_id != sid:
            text = self.store.load(sid)
            if text is None:
                self.paint(render.problem_page(
                    "No such game", f"There is no saved game “{sid}” in this browser. It may have been deleted."))
                self.set_screen("play")
                return
            try:
                self.session = PlaySession(match_from_text(text), sid)
            except CoalitionsError as exc:
                self.paint(
                    render.problem_page("This save cannot be opened", str(exc), back=True)
                    .replace("</section>", '<p>' + render.ui_button("delete-broken", "Delete this save", "btn btn-danger", data_id=sid) + "</p></section>")
                )
                self.set_screen("play")
                return
        self.draw_play()
        self.maybe_run_bots()

    def table_context(self, view, seat, interactive):
        s = self.session
        meta = s.match.game.metadata()
        meta_rec = s.match.record.get("meta")
        setup_query = meta_rec.get("setup") if isinstance(meta_rec, dict) else None
        if not isinstance(setup_query, str):
            setup_query = None
        new_href = routes.new_game(meta["id"], (setup_query + "&edit=1") if setup_query else "")
        return render.TableContext(
            interactive=interactive,
            seat=seat,
            busy=self.busy,
            can_undo=interactive and s.match.can_undo(seat),
            mode="play",
            meta=meta,
            game_id=meta["id"],
            result_actions=render.result_actions(meta["id"], new_href),
        )

    def draw_play(self, focus=None):
        s = self.session
        m = s.match
        meta = m.game.metadata()
        pending = m.pending() is not None
        cover = None if pending else s.cover_for()
        if cover is not None:
            undo_seat = s.undo_for_cover()
            extra = ""
            if undo_seat is not None:
                extra = (
                    '<p class="pass-undo">'
                    + render.ui_button("undo-last", f"{m.names[undo_seat]}: take back my last move",
                                       "btn btn-small btn-quiet", data_seat=str(undo_seat))
                    + "</p>"
                )
            html = render.pass_cover(m.names[cover], cover).replace('<p class="pass-home">', extra + '<p class="pass-home">')
            self.paint(html)
            self.set_screen("play", ready=True, game_over=False, cover=True)
            self.focus_first_action()
            return
        seat = s.shown_seat()
        view = m.view(seat)
        interactive = not pending and not self.busy and seat is not None and not m.is_over()
        ctx = self.table_context(view, seat, interactive)
        parts = renderer_for(m.game.id).parts(view, ctx)
        html = (
            '<div class="page play">'
            + render.play_header(meta, s.save_id, share_open=self.panel == "share")
            + self.play_share_panel(seat)
            + render.table(view, parts, ctx)
            + "</div>"
        )
        self.paint(html, focus=focus)
        self.set_screen("play", ready=not pending and not self.busy, game_over=m.is_over())

    def play_share_panel(self, seat):
        """The share link of the game at this position, when the panel is open."""
        if self.panel != "share":
            return ""
        m = self.session.match
        link = share.share_link(page_base(), m.record, seat=seat)
        return render.share_panel(link, "this game", step=len(m.record["moves"]), in_progress=not m.is_over())

    def maybe_run_bots(self):
        s = self.session
        if s is None or s.match.pending() is None:
            return
        self.busy = True
        set_flag("data-ready", False)
        self.spawn(self.run_bots(self.gen, s))

    def bot_delay(self):
        if self.fast or reduced_motion():
            return 0
        return BOT_DELAY

    async def run_bots(self, gen, session):
        try:
            while gen == self.gen and self.session is session:
                started = js.performance.now()
                nxt = session.match.pending()  # the bot's decision (or a forced move)
                report_decision(js.performance.now() - started, nxt)
                if nxt is None:
                    break
                await asyncio.sleep(self.bot_delay())
                if gen != self.gen or self.session is not session:
                    return
                seat, action, forced = nxt
                session.match.apply(seat, action, forced=forced)
                self.save()
                self.draw_play()
        finally:
            if gen == self.gen and self.session is session:
                self.busy = False
                self.draw_play()
                if self.refocus:
                    self.refocus = False
                    self.focus_first_action()

    def focus_first_action(self):
        """Put keyboard focus back on the table when the player may act again
        (the control that had it was replaced while the bots moved)."""
        active = self.doc.activeElement
        if not nil(active) and active != self.root and active != self.doc.body and self.root.contains(active):
            return
        target = (qs("[data-hand] [data-action]", self.root) or qs("[data-action]", self.root)
                  or qs("[data-ui=pass]", self.root))
        if target is not None:
            target.focus(NO_SCROLL())

    def play_action(self, action):
        s = self.session
        if s is None or self.busy or s.match.pending() is not None:
            return
        seat = s.shown_seat()
        if seat is None:
            return
        try:
            s.match.apply(seat, action)
        except CoalitionsError as exc:
            self.flash(str(exc))
            return
        self.save()
        self.busy = s.match.pending() is not None
        self.refocus = self.busy
        self.draw_play()
        if not self.busy:
            self.focus_first_action()
        self.maybe_run_bots()

    def undo(self, seat):
        s = self.session
        if s is None or self.busy or seat is None:
            return
        try:
            s.match.undo(seat)
        except CoalitionsError as exc:
            self.flash(str(exc))
            return
        s.confirm(seat)
        self.save()
        self.draw_play()
        self.maybe_run_bots()

    def flash(self, text, kind="error"):
        """A message about the last thing the player did; it replaces the previous
        one and goes when the screen changes."""
        self.clear_flash()
        if self.notices is not None:
            self.notices.insertAdjacentHTML("beforeend", render.notice(text, kind, "message"))

    def clear_flash(self):
        old = qs('[data-notice="message"]', self.notices) if self.notices is not None else None
        if not nil(old):
            old.remove()

    def export(self):
        """Download the record on screen: the game being played, a shared game or
        a walkthrough."""
        s = self.session
        if s is not None:
            self.download(s.record_text(), f"{s.match.game.id}-{today_iso()}-{s.save_id}.json",
                          in_progress=not s.match.is_over())
        elif self.shared is not None:
            m = self.shared["match"]
            self.download(dumps(self.shared["record"]), f"{m.game.id}-{today_iso()}-shared.json",
                          in_progress=not m.is_over())
        elif self.wt is not None:
            self.download(dumps(self.wt["record"]), f"{self.wt['game'].id}-{self.wt['name']}.json")

    def download(self, text, name, in_progress=False):
        blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        a = self.doc.createElement("a")
        a.href = url
        a.download = name
        a.setAttribute("data-export-link", "")
        a.hidden = True
        self.doc.body.appendChild(a)
        a.click()
        a.remove()
        js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 10000)
        if in_progress:
            # A record replays the whole game, hands and undealt cards included.
            self.flash(f"Saved {name}. {render.WHOLE_DEAL}", "info")

    # -- import --------------------------------------------------------------------------------

    async def import_file(self, input_el):
        files = input_el.files
        if nil(files) or int(files.length) == 0:
            return
        f = files.item(0)
        fname = str(f.name)
        self.import_ok = False
        if int(f.size) > MAX_IMPORT_BYTES:
            self.import_message = f"“{fname}” is too large to be a game record ({int(f.size) // 1024} KB)."
            self.show_home(self.route)
            return
        text = str(await f.text())
        try:
            match = match_from_text(text)
        except CoalitionsError as exc:
            self.import_message = f"“{fname}” cannot be imported: {exc}"
            self.show_home(self.route)
            return
        record = match.record
        meta = dict(record["meta"]) if isinstance(record.get("meta"), dict) else {}
        meta.setdefault("created", float(js.Date.now()))
        meta["imported"] = fname
        record["meta"] = meta
        record.pop("learn", None)  # learner steps belong to walkthroughs, not to a game being played
        sid = self.store.new_id()
        self.session = PlaySession(match, sid)
        self.save()
        self.import_message = None
        self.go(routes.play(sid))

    # -- rules ---------------------------------------------------------------------------------

    def show_rules(self, route):
        try:
            game = get_game(route.args[0])
        except CoalitionsError as exc:
            self.paint(render.problem_page("Unknown game", str(exc)))
            self.set_screen("rules")
            return
        wts = [(name, rec.get("title") or name) for name, rec in self.walkthroughs(game).items()]
        self.paint(render.rules_page(game.metadata(), guide_of(game), wts))
        self.set_screen("rules")

    # -- walkthroughs -----------------------------------------------------------------------------

    def show_walkthrough(self, route):
        embed = route.embed
        gid, name = route.args
        try:
            game = get_game(gid)
            record = self.walkthroughs(game).get(name)
            if record is None:
                raise RecordError(f"{game.title} has no walkthrough “{name}”")
            _, checked = check_header(copy.deepcopy(record))
        except CoalitionsError as exc:
            self.paint(render.problem_page("Walkthrough not found", str(exc), back=not embed))
            self.set_screen("walkthrough", embed=embed)
            return
        self.start_walkthrough(game, name, record, route, checked.get("learn") or [])

    def start_walkthrough(self, game, name, record, route, learn, payload=None):
        """Show a walkthrough: a built-in one, or one carried by a share link
        (then `payload` is the link's payload)."""
        total = len(record.get("moves") or [])
        try:
            step = int(route.param("step", "0"))
        except ValueError:
            step = 0
        self.shared = None
        self.wt = {"game": game, "name": name, "record": record, "total": total,
                   "step": max(0, min(step, total)), "match": None, "at": None, "embed": route.embed,
                   "learn": set(learn), "done": set(), "hint": None, "payload": payload}
        self.draw_walkthrough()

    def wt_match(self, k):
        wt = self.wt
        moves = wt["record"]["moves"]
        m = wt["match"]
        if m is not None and wt["at"] == k:
            return m
        if m is not None and wt["at"] is not None and wt["at"] + 1 == k:
            seat, action = moves[k - 1]
            m.apply(seat, action)
        else:
            rec = copy.deepcopy(wt["record"])
            rec["moves"] = rec["moves"][:k]
            rec["captions"] = {}
            rec.pop("learn", None)
            m = Match(rec)
        wt["match"], wt["at"] = m, k
        return m

    def wt_learning(self):
        """The learner's move pending at this step: (its step number, seat,
        action), or None. A learner step waits until the learner makes the move
        or presses "Show me"; once done it plays like any other step until Restart."""
        wt = self.wt
        if wt is None:
            return None
        k = wt["step"]
        if k < wt["total"] and (k + 1) in wt["learn"] and (k + 1) not in wt["done"]:
            seat, action = wt["record"]["moves"][k]
            return k + 1, seat, action
        return None

    def learn_focus(self):
        return '[data-learn] [data-ui="show-me"]' if self.wt_learning() is not None else None

    def draw_walkthrough(self, focus=None):
        wt = self.wt
        game, record, k, total = wt["game"], wt["record"], wt["step"], wt["total"]
        m = self.wt_match(k)
        learning = self.wt_learning()
        seat = record.get("view_seat")
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(m.names)):
            seat = None
        if learning is not None:
            seat = learning[1]  # the learner plays this seat: its hand, its buttons
        view = m.view(seat)
        captions = record.get("captions") or {}
        caption = captions.get(str(k))
        if caption is None:
            if k == 0:
                caption = "The deal, before the first move."
            else:
                log = view.get("log") or []
                caption = log[-1]["text"] if log else ""
        meta = game.metadata()
        open_hands = None
        if record.get("open_hands", True) and (seat is None or learning is not None):
            open_hands = {s: m.state.view(s) for s in range(len(m.names)) if s != seat}
        ctx = render.TableContext(interactive=learning is not None, seat=seat, mode="walkthrough", meta=meta,
                                  game_id=game.id, open_hands=open_hands)
        parts = renderer_for(game.id).parts(view, ctx)
        title = record.get("title") or wt["name"]
        crumbs = None
        if wt["payload"] is not None:
            crumbs = (f'<p class="crumbs">Shared walkthrough · <a href="{render.esc(routes.rules(game.id))}">'
                      f'{render.esc(meta["title"])}</a></p>')
        tools = ""
        if not wt["embed"]:
            tools = render.walkthrough_tools(self.wt_panel(), self.panel)
        html = render.walkthrough(
            meta, wt["name"], title, k, total, caption, render.table(view, parts, ctx), embed=wt["embed"],
            learner={"hint": wt["hint"]} if learning is not None else None, tools=tools, crumbs=crumbs,
        )
        self.paint(html, focus=focus)
        self.set_screen("walkthrough", ready=True, game_over=m.is_over(), embed=wt["embed"])

    def wt_panel(self):
        wt = self.wt
        if self.panel == "share":
            if wt["payload"] is None:
                wt["payload"] = share.encode(wt["record"])
            link = share.share_link(page_base(), wt["record"], step=wt["step"], payload=wt["payload"])
            return render.share_panel(link, "this step", step=wt["step"])
        if self.panel == "embed":
            return render.embed_panel(self.wt_embed_snippet())
        return ""

    def wt_embed_snippet(self):
        wt = self.wt
        base = page_base()
        if wt["payload"] is not None:  # a shared walkthrough: its own link, embedded
            src = base + share.share_hash(wt["payload"], step=0, embed=True)
        else:
            src = share.walkthrough_embed_url(base, wt["game"].id, wt["name"])
        return share.embed_snippet(src, wt["record"].get("title") or wt["name"])

    def wt_go(self, what):
        wt = self.wt
        if wt is None:
            return
        k = wt["step"]
        if what == "next" and self.wt_learning() is not None:
            return  # the learner's move first (or "Show me")
        k = {"prev": k - 1, "next": k + 1, "restart": 0}[what]
        if what == "restart":
            wt["done"].clear()
        wt["hint"] = None
        wt["step"] = max(0, min(k, wt["total"]))
        self.draw_walkthrough(focus=self.learn_focus())

    def wt_action(self, action):
        """A click on an action at a learner step: the recorded move advances,
        any other legal move gets a hint and changes nothing."""
        wt = self.wt
        learning = self.wt_learning()
        if learning is None:
            return
        n, seat, right = learning
        if action == right:
            self.wt_learned(n)
            return
        labels = self.wt_match(wt["step"]).view(seat).get("labels") or {}
        label = labels.get(action, action)
        wt["hint"] = (f"Not this time: “{label}” is allowed, but it is not the move this example shows. "
                      "Read the caption again, or press “Show me”.")
        self.draw_walkthrough(focus='[data-ui="show-me"]')

    def wt_learned(self, n):
        wt = self.wt
        wt["done"].add(n)
        wt["step"] = n
        wt["hint"] = None
        self.draw_walkthrough(focus=self.learn_focus() or '[data-ui="next"]')

    def show_me(self):
        learning = self.wt_learning()
        if learning is not None:
            self.wt_learned(learning[0])

    # -- share links ---------------------------------------------------------------------------

    def show_shared(self, route):
        embed = route.embed
        payload = route.args[0]
        try:
            record = share.open_payload(payload)
            game = get_game(record["game"])
            walkthrough = "step" in route.params
            match = None if walkthrough else Match(record)
        except CoalitionsError as exc:
            message = str(exc)
            message = message[:1].upper() + message[1:]
            self.paint(render.problem_page(
                "This shared link cannot be opened",
                f"{message}. Ask for the link again, or for the record as a file (“Export record”): "
                "a file can be imported on the home page.",
                back=not embed,
            ))
            self.set_screen("shared", embed=embed)
            return
        if walkthrough:
            self.start_walkthrough(game, "shared", record, route, record.get("learn") or [], payload=payload)
            return
        try:
            seat = int(route.param("seat", ""))
        except ValueError:
            seat = None
        if seat is not None and not 0 <= seat < len(match.names):
            seat = None
        self.wt = None
        self.shared = {"record": record, "match": match, "seat": seat, "game": game}
        self.draw_shared()

    def draw_shared(self, focus=None):
        sh = self.shared
        m, seat, game = sh["match"], sh["seat"], sh["game"]
        meta = game.metadata()
        view = m.view(seat)
        ctx = render.TableContext(interactive=False, seat=seat, mode="shared", meta=meta, game_id=game.id)
        parts = renderer_for(game.id).parts(view, ctx)
        html = render.shared_game(
            meta, len(m.record["moves"]), m.is_over(), render.table(view, parts, ctx),
            seat_name=m.names[seat] if seat is not None else None,
        )
        self.paint(html, focus=focus)
        self.set_screen("shared", ready=True, game_over=m.is_over())

    def continue_shared(self):
        """Keep a shared game as a new save in this browser and open it."""
        sh = self.shared
        if sh is None:
            return
        record = copy.deepcopy(sh["record"])
        record.pop("learn", None)
        record["meta"] = {"created": float(js.Date.now()), "shared": True}
        try:
            match = Match(record)
        except CoalitionsError as exc:
            self.flash(str(exc))
            return
        sid = self.store.new_id()
        self.session = PlaySession(match, sid)
        self.save()
        self.go(routes.play(sid))

    def redraw(self, focus=None):
        """Draw the current screen again (after a panel opened or closed)."""
        if self.session is not None and self.route is not None and self.route.name == "play":
            self.draw_play(focus=focus)
        elif self.wt is not None:
            self.draw_walkthrough(focus=focus)
        elif self.shared is not None:
            self.draw_shared(focus=focus)

    def open_panel(self, which):
        opener = '[data-ui="share"]' if which == "share" else '[data-ui="embed-code"]'
        if self.panel == which and which == "share":
            self.panel = None  # the Share button toggles its panel
            self.redraw(focus=opener)
            return
        self.panel = which
        field = "[data-share-url]" if which == "share" else "[data-embed-code]"
        self.redraw(focus=field if which == "share" else opener)
        el = qs(field, self.root)
        if el is not None and which == "share":
            el.select()
        if which == "embed":
            self.copy_from("[data-embed-code]")

    def close_panel(self):
        which = self.panel
        self.panel = None
        self.redraw(focus='[data-ui="embed-code"]' if which == "embed" else '[data-ui="share"]')

    def copy_from(self, selector):
        """Copy a field's text to the clipboard when the browser allows it; the
        text is selected in any case, to copy by hand."""
        el = qs(selector, self.root)
        if el is None:
            return
        text = str(el.value)
        el.focus(NO_SCROLL())
        el.select()
        try:
            clip = js.navigator.clipboard
        except AttributeError:
            clip = None
        if nil(clip):
            self.copy_done(self.exec_copy())
            return
        self.spawn(self.write_clipboard(clip, text))

    def exec_copy(self):
        try:
            return bool(self.doc.execCommand("copy"))
        except Exception:  # old API, may be missing or refused
            return False

    async def write_clipboard(self, clip, text):
        try:
            await clip.writeText(text)
            ok = True
        except Exception:  # NotAllowedError: no permission, or the page is not focused
            ok = self.exec_copy()
        self.copy_done(ok)

    def copy_done(self, ok):
        box = qs("[data-copy-status]", self.root)
        if box is None:
            return
        box.textContent = ("Copied to the clipboard." if ok else
                           "This browser did not let the page copy: the text is selected, "
                           "copy it with Ctrl+C (⌘C on a Mac).")
        box.setAttribute("data-copied", "yes" if ok else "no")

    # -- events ------------------------------------------------------------------------------

    def on_click(self, event):
        el = closest(event.target, "[data-action],[data-ui]")
        if el is None:
            return
        if el.hasAttribute("disabled"):
            return
        action = attr(el, "data-action")
        if action is not None:
            event.preventDefault()
            if self.wt is not None:
                self.wt_action(str(action))
            else:
                self.play_action(str(action))
            return
        ui = attr(el, "data-ui") or ""
        sid = attr(el, "data-id") or ""
        if ui == "import":
            return  # the file picker opens; "change" does the rest
        if ui == "start":
            return  # the form's submit event does it
        event.preventDefault()
        if ui == "pass":
            s = self.session
            if s is not None:
                cover = s.cover_for()
                if cover is not None:
                    s.confirm(cover)
                self.draw_play()
                self.focus_first_action()
        elif ui == "undo":
            s = self.session
            if s is not None:
                self.undo(s.shown_seat())
        elif ui == "undo-last":
            s = self.session
            if s is not None:
                seat = s.undo_for_cover()
                if seat is not None:
                    self.undo(seat)
        elif ui == "export":
            self.export()
        elif ui == "delete":
            self.confirm_delete = sid
            self.show_home(self.route, focus=f'[data-ui="delete-no"][data-id="{js.CSS.escape(sid)}"]')
        elif ui == "delete-no":
            self.confirm_delete = None
            self.show_home(self.route, focus=f'[data-ui="delete"][data-id="{js.CSS.escape(sid)}"]')
        elif ui == "delete-yes":
            self.store.delete(sid)
            self.confirm_delete = None
            self.show_home(self.route, focus="#continue-title")
        elif ui == "delete-broken":
            self.store.delete(str(sid))
            self.go(routes.home())
        elif ui in ("prev", "next", "restart"):
            self.wt_go(ui)
        elif ui == "show-me":
            self.show_me()
        elif ui == "share":
            self.open_panel("share")
        elif ui == "embed-code":
            self.open_panel("embed")
        elif ui == "copy-embed":
            self.copy_from("[data-embed-code]")
        elif ui == "copy-share":
            self.copy_from("[data-share-url]")
        elif ui == "close-panel":
            self.close_panel()
        elif ui == "continue-shared":
            self.continue_shared()
        elif ui == "reseed":
            seed = qs('[name="seed"]', self.root)
            if seed is not None:
                seed.value = str(setups.random_seed())
                self.on_form_edit(seed)
        elif ui == "jump":
            dest = self.doc.getElementById(attr(el, "data-target") or "")
            if not nil(dest):
                dest.scrollIntoView()
        elif ui == "reload":
            js.location.reload()
        elif ui == "dismiss-error":
            box = closest(el, "[data-error]")
            if box is not None:
                box.remove()

    def on_change(self, event):
        target = event.target
        if nil(target) or not hasattr(target, "getAttribute"):
            return
        if attr(target, "data-ui") == "import":
            self.spawn(self.import_file(target))
            return
        if target.hasAttribute("data-field"):
            self.on_form_edit(target)

    def on_input(self, event):
        target = event.target
        if nil(target) or not hasattr(target, "getAttribute"):
            return
        if target.hasAttribute("data-field") and str(target.tagName) == "INPUT" and str(target.type) == "text":
            self.on_form_edit(target)

    def on_keydown(self, event):
        if self.wt is None or event.altKey or event.ctrlKey or event.metaKey:
            return
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").upper()
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        key = str(event.key)
        if key == "ArrowLeft" and self.wt["step"] > 0:
            event.preventDefault()
            self.wt_go("prev")
        elif key == "ArrowRight" and self.wt["step"] < self.wt["total"] and self.wt_learning() is None:
            event.preventDefault()
            self.wt_go("next")


APP = None


def start():
    """Create the app and draw the first screen."""
    global APP
    APP = App()
    APP.start()
    boot = getattr(js.window, "coalitionsBoot", None)
    if not nil(boot):
        boot.ready()
    return APP
