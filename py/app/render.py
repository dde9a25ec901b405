"""HTML for every screen, as strings built from plain dicts. No browser here.

Every text that comes from a player, a record or the rules goes through `esc`
(names are free text: ``<img src=x onerror=...>`` must show as written). Every
element that performs a legal action is a <button> with ``data-action`` holding
the action's exact notation and ``aria-label`` the rules' plain-language label.
"""

from dataclasses import dataclass, field
from html import escape

from . import routes


def esc(text):
    return escape("" if text is None else str(text), quote=True)


def icon(name, cls="icon"):
    return f'<svg class="{cls}" aria-hidden="true" focusable="false"><use href="#{esc(name)}"></use></svg>'


def attrs(**values):
    """' a="1" b' from keyword arguments (trailing _ dropped, _ -> -, True -> bare)."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(out)


def action_button(action, label, content=None, cls="btn"):
    """A button performing one legal action. `content` is HTML (already escaped)."""
    body = content if content is not None else esc(label)
    return f'<button type="button"{attrs(class_=cls, data_action=action, aria_label=label)}>{body}</button>'


def ui_button(ui, text, cls="btn", **extra):
    return f'<button type="button"{attrs(class_=cls, data_ui=ui, **extra)}>{esc(text)}</button>'


def link_button(href, text, cls="btn"):
    return f'<a{attrs(class_=cls, href=href)}>{esc(text)}</a>'


def plural(n, one, many=None):
    return f"{n} {one if n == 1 else (many or one + 's')}"


# -- notices and errors ---------------------------------------------------------


def notice(text, kind="info", key=None):
    role = "alert" if kind in ("error", "warn") else "status"
    return f'<div{attrs(class_="notice notice-" + kind, role=role, data_notice=key or kind)}>{esc(text)}</div>'


def error_banner(message, details=None):
    more = ""
    if details:
        more = f'<details><summary>Technical details</summary><pre>{esc(details)}</pre></details>'
    return (
        '<div class="notice notice-error banner" role="alert" data-error>'
        f'<p><strong>Something went wrong.</strong> {esc(message)}</p>{more}'
        '<p class="banner-actions">'
        + ui_button("reload", "Reload the page", "btn btn-small")
        + ui_button("dismiss-error", "Dismiss", "btn btn-small btn-quiet")
        + "</p></div>"
    )


def problem_page(title, message, back=True):
    return (
        f'<section class="page problem" data-problem><h1>{esc(title)}</h1>'
        f'<p role="alert">{esc(message)}</p>'
        + (f'<p>{link_button(routes.home(), "Back home", "btn btn-primary")}</p>' if back else "")
        + "</section>"
    )


# -- home -------------------------------------------------------------------------


def game_card(meta, walkthroughs=()):
    gid = meta["id"]
    players = f"{meta['min_players']}–{meta['max_players']} players"
    wts = ""
    if walkthroughs:
        wts = (
            '<details class="wt-list"><summary>Walkthroughs</summary><ul>'
            + "".join(
                f'<li><a href="{esc(routes.walkthrough(gid, name))}">{esc(title)}</a></li>'
                for name, title in walkthroughs
            )
            + "</ul></details>"
        )
    return (
        f'<li class="game-card" data-game-card="{esc(gid)}">'
        f'<h3>{esc(meta["title"])}</h3>'
        f'<p class="game-meta">{esc(meta["designer"])} · {esc(players)}</p>'
        f'<p class="game-summary">{esc(meta["summary"])}</p>'
        '<p class="game-actions">'
        + link_button(routes.new_game(gid), "New game", "btn btn-primary")
        + link_button(routes.rules(gid), "Rules", "btn")
        + "</p>"
        + wts
        + "</li>"
    )


def save_item(entry, confirming=False):
    """One line of the Continue list. entry: id, title, names, moves, when,
    status, finished, error (text or None)."""
    sid = entry["id"]
    delete = (
        '<span class="confirm" role="group" aria-label="Confirm deletion">'
        '<span>Delete this save?</span>'
        + ui_button("delete-yes", "Yes, delete", "btn btn-small btn-danger", data_id=sid)
        + ui_button("delete-no", "Keep it", "btn btn-small btn-quiet", data_id=sid)
        + "</span>"
        if confirming
        else ui_button("delete", "Delete", "btn btn-small btn-quiet", data_id=sid,
                       aria_label=f"Delete the save {entry.get('title') or sid}")
    )
    if entry.get("error"):
        return (
            f'<li class="save save-broken" data-save="{esc(sid)}">'
            f'<div class="save-main"><strong>A damaged save</strong> <code>{esc(sid)}</code>'
            f'<p class="save-error" role="note">This save cannot be opened: {esc(entry["error"])}</p></div>'
            f'<div class="save-actions">{delete}</div></li>'
        )
    names = ", ".join(entry.get("names") or [])
    status = entry.get("status") or ""
    cls = "save save-finished" if entry.get("finished") else "save"
    return (
        f'<li class="{cls}" data-save="{esc(sid)}">'
        '<div class="save-main">'
        f'<a class="save-link" href="{esc(routes.play(sid))}"><strong>{esc(entry.get("title") or "Game")}</strong></a>'
        f'<p class="save-names">{esc(names)}</p>'
        f'<p class="save-meta">{esc(plural(entry.get("moves") or 0, "move"))} · {esc(entry.get("when") or "")} · '
        f'<span class="save-status">{esc(status)}</span></p>'
        "</div>"
        '<div class="save-actions">'
        + link_button(routes.play(sid), "View" if entry.get("finished") else "Continue", "btn btn-small")
        + delete
        + "</div></li>"
    )


def home(games, saves, import_message=None, import_ok=False, confirming=None):
    """games: [(meta, [(walkthrough name, title)])]; saves: [entry] (see save_item)."""
    cards = "".join(game_card(meta, wts) for meta, wts in games)
    if saves:
        items = "".join(save_item(e, confirming == e["id"]) for e in saves)
        cont = f'<ul class="saves" data-saves>{items}</ul>'
    else:
        cont = '<p class="empty" data-saves-empty>No saved games yet. Start one below: it is saved after every move.</p>'
    msg = ""
    if import_message:
        kind = "info" if import_ok else "error"
        msg = f'<p{attrs(class_="notice notice-" + kind, role="alert", data_import_message=True)}>{esc(import_message)}</p>'
    return (
        '<section class="page home" data-home>'
        '<h1 class="visually-hidden">Coalitions</h1>'
        '<p class="lede">Tabletop games about alliances and elections. Play against bots or pass the device '
        "around; everything stays in this browser.</p>"
        '<section class="continue" aria-labelledby="continue-title">'
        '<h2 id="continue-title" tabindex="-1">Continue</h2>'
        f"{cont}"
        '<div class="import">'
        '<label class="btn btn-small file-btn">Import a record file…'
        '<input type="file" data-ui="import" accept=".json,application/json" class="visually-hidden-input">'
        "</label>"
        f"{msg}"
        "</div>"
        "</section>"
        '<section class="games" aria-labelledby="games-title">'
        '<h2 id="games-title">Games</h2>'
        f'<ul class="game-list">{cards}</ul>'
        "</section>"
        "</section>"
    )


# -- new game ---------------------------------------------------------------------------


def new_game_form(meta, setup, share_url, error=None):
    gid = meta["id"]
    n = setup.players
    count_opts = "".join(
        f'<option value="{k}"{" selected" if k == n else ""}>{k}</option>'
        for k in range(meta["min_players"], meta["max_players"] + 1)
    )
    seats = []
    for i in range(n):
        kind = setup.kinds[i]
        level = setup.levels[i] or meta["default_bot"]
        kind_sel = "".join(
            f'<option value="{k}"{" selected" if k == kind else ""}>{label}</option>'
            for k, label in (("human", "Person"), ("bot", "Bot"))
        )
        level_sel = "".join(
            f'<option value="{esc(b)}"{" selected" if b == level else ""}>{esc(str(b).capitalize())}</option>'
            for b in meta["bots"]
        )
        seats.append(
            f'<li class="seat-row" data-seat-row="{i}">'
            f'<span class="seat-no">Seat {i + 1}</span>'
            f'<label><span class="visually-hidden">Seat {i + 1} is played by</span>'
            f'<select name="seat{i}" data-field>{kind_sel}</select></label>'
            f'<label class="name-field"><span class="visually-hidden">Name of seat {i + 1}</span>'
            f'<input type="text" name="name{i}" maxlength="40" autocomplete="off" data-field '
            f'placeholder="{esc(("Player " if kind == "human" else "Bot ") + str(i + 1))}" value="{esc(setup.names[i])}"></label>'
            f'<label class="level-field"{" hidden" if kind != "bot" else ""}><span class="level-label" aria-hidden="true">Level</span>'
            f'<select name="level{i}" data-field aria-label="Bot level, seat {i + 1}">{level_sel}</select></label>'
            "</li>"
        )
    options = []
    for opt in meta["options"]:
        name = opt["name"]
        value = setup.options.get(name, opt["default"])
        help_id = f"help-{name}"
        help_html = f'<small id="{esc(help_id)}" class="help">{esc(opt["help"])}</small>' if opt.get("help") else ""
        described = f' aria-describedby="{esc(help_id)}"' if opt.get("help") else ""
        if opt["kind"] == "bool":
            options.append(
                f'<li class="option"><label class="check"><input type="checkbox" name="{esc(name)}" value="1" data-field'
                f'{" checked" if value else ""}{described}> {esc(opt["label"])}</label>{help_html}</li>'
            )
        else:
            choices = "".join(
                f'<option value="{esc(v)}"{" selected" if v == value else ""}>{esc(label)}</option>'
                for v, label in opt["choices"]
            )
            options.append(
                f'<li class="option"><label>{esc(opt["label"])} '
                f'<select name="{esc(name)}" data-field{described}>{choices}</select></label>{help_html}</li>'
            )
    err = f'<p class="notice notice-error" role="alert" data-form-error>{esc(error)}</p>' if error else ""
    return (
        f'<section class="page new-game" data-new-game="{esc(gid)}">'
        f'<h1>New game of {esc(meta["title"])}</h1>'
        f"{err}"
        f'<form class="setup-form" data-setup-form="{esc(gid)}" novalidate>'
        '<fieldset><legend>Players</legend>'
        f'<label>Number of players <select name="players" data-field data-players>{count_opts}</select></label>'
        f'<ol class="seat-rows">{"".join(seats)}</ol>'
        "</fieldset>"
        + (
            '<fieldset><legend>Options</legend>'
            f'<ul class="options">{"".join(options)}</ul></fieldset>'
            if options else ""
        )
        + '<fieldset><legend>Deal</legend>'
        '<label>Seed <input type="text" inputmode="numeric" name="seed" data-field '
        f'value="{esc(setup.seed)}" size="12"></label> '
        + ui_button("reseed", "New seed", "btn btn-small btn-quiet")
        + '<small class="help">The same seed and setup always deal the same cards.</small>'
        "</fieldset>"
        '<div class="share"><label for="share-url">Share this setup</label>'
        f'<input id="share-url" type="text" readonly data-share value="{esc(share_url)}">'
        "</div>"
        '<p class="form-actions">'
        '<button type="submit" class="btn btn-primary" data-ui="start">Start the game</button>'
        + link_button(routes.rules(gid), "Read the rules", "btn btn-quiet")
        + "</p></form></section>"
    )


# -- rules -----------------------------------------------------------------------------------


def rules_page(meta, guide, walkthroughs):
    gid = meta["id"]
    parts = [
        f'<section class="page rules" data-rules="{esc(gid)}">',
        f'<h1>{esc(meta["title"])}</h1>',
        f'<p class="game-meta">{esc(meta["designer"])} · {meta["min_players"]}–{meta["max_players"]} players</p>',
        f'<p class="lede">{esc(meta["summary"])}</p>',
        '<p class="game-actions">'
        + link_button(routes.new_game(gid), "New game", "btn btn-primary")
        + link_button(routes.home(), "Back home", "btn btn-quiet")
        + "</p>",
    ]
    if walkthroughs:
        parts.append(
            '<section class="wt-section" aria-labelledby="wt-title"><h2 id="wt-title">Walkthroughs</h2><ul class="wt-links">'
            + "".join(
                f'<li><a href="{esc(routes.walkthrough(gid, name))}">{esc(title)}</a></li>'
                for name, title in walkthroughs
            )
            + "</ul></section>"
        )
    if guide:
        toc = "".join(
            f'<li><a href="#" data-ui="jump" data-target="rule-{i}">{esc(sec.get("title", ""))}</a></li>'
            for i, sec in enumerate(guide.get("rules", []))
        )
        if toc:
            parts.append(f'<nav class="toc" aria-label="Contents"><ol>{toc}</ol></nav>')
        for i, sec in enumerate(guide.get("rules", [])):
            paras = "".join(f"<p>{esc(p)}</p>" for p in sec.get("paragraphs", []))
            parts.append(f'<section class="rule" id="rule-{i}"><h2>{esc(sec.get("title", ""))}</h2>{paras}</section>')
        interps = guide.get("interpretations", [])
        parts.append(
            '<section class="interpretations" data-interpretations aria-labelledby="interp-title">'
            '<h2 id="interp-title">Rules as implemented</h2>'
            "<p>Where the rules leave a question open, this is what the game does.</p>"
            + (
                "<dl>"
                + "".join(
                    f'<dt>{esc(it.get("title", ""))}</dt><dd>{esc(it.get("text", ""))}</dd>' for it in interps
                )
                + "</dl>"
                if interps
                else "<p>No interpretations were needed.</p>"
            )
            + "</section>"
        )
    else:
        parts.append('<p class="notice notice-info">The rules text of this game is not available in this version.</p>')
    if meta["options"]:
        parts.append(
            '<section class="rule"><h2>Options</h2><dl>'
            + "".join(f'<dt>{esc(o["label"])}</dt><dd>{esc(o.get("help", ""))}</dd>' for o in meta["options"])
            + "</dl></section>"
        )
    parts.append("</section>")
    return "".join(parts)


# -- the table frame ------------------------------------------------------------------------------


@dataclass
class TableContext:
    """How to draw a view: who looks, and whether actions may be clicked."""

    interactive: bool = False  # action buttons only when True
    seat: object = None  # the seat whose view it is (None: spectator)
    busy: bool = False  # bots are moving
    can_undo: bool = False
    mode: str = "play"  # play | walkthrough
    meta: dict = field(default_factory=dict)
    game_id: str = ""
    result_actions: str = ""  # HTML placed under the result (new game, export, home)
    open_hands: dict = None  # walkthroughs: {seat: that seat's view}, to show every hand face up


@dataclass
class TableParts:
    """What a game's renderer draws; the frame places it."""

    status: str = ""  # HTML
    seats: str = ""
    board: str = ""  # the shared play area (main column)
    side: str = ""  # the rest of the shared area (score track etc.)
    hand: str = ""  # the private area, with the action buttons
    covered: set = field(default_factory=set)  # actions the renderer made buttons for
    result: str = ""  # the result explanation, when the game is over


def name_of(view, seat):
    names = view.get("names") or []
    if seat is None or not 0 <= seat < len(names):
        return "?"
    return names[seat]


def turn_status(view, ctx):
    """Plain text: whose turn it is, from the point of view of the shown seat."""
    if view.get("outcome"):
        return "The game is over."
    to_act = view.get("to_act") or []
    if not to_act:
        return ""
    if ctx.seat is not None and ctx.seat in to_act:
        return "Your turn."
    who = ", ".join(name_of(view, s) for s in to_act)
    kinds = view.get("kinds") or []
    if ctx.busy and all(0 <= s < len(kinds) and kinds[s] == "bot" for s in to_act):
        return f"{who} is thinking…"
    return f"{who} to play."


def log_panel(view):
    items = []
    for ev in view.get("log") or []:
        kind = "".join(ch for ch in str(ev.get("kind", "info")) if ch.isalnum() or ch == "-")
        private = ev.get("to") is not None
        items.append(
            f'<li class="log-{kind}{" log-private" if private else ""}">'
            + ('<span class="visually-hidden">Only you see this: </span>' if private else "")
            + f'{esc(ev.get("text", ""))}</li>'
        )
    return (
        '<aside class="log" aria-labelledby="log-title">'
        '<h2 id="log-title">Log</h2>'
        f'<ol class="log-list" data-log tabindex="0" aria-label="Game log">{"".join(items)}</ol>'
        "</aside>"
    )


def other_actions(view, ctx, covered):
    """Buttons for legal actions the game's renderer did not draw (a safety net)."""
    if not ctx.interactive:
        return ""
    labels = view.get("labels") or {}
    rest = [a for a in view.get("legal") or [] if a not in covered]
    if not rest:
        return ""
    return (
        '<div class="other-actions" role="group" aria-label="Actions">'
        + "".join(action_button(a, labels.get(a, a)) for a in rest)
        + "</div>"
    )


def table(view, parts, ctx):
    """The table: status, seats, board, private area, log. Read-only unless ctx.interactive."""
    undo = ""
    if ctx.interactive and ctx.can_undo:
        undo = ui_button("undo", "Undo my last move", "btn btn-quiet undo")
    seat_attr = "spectator" if ctx.seat is None else str(ctx.seat)
    result = ""
    if parts.result:
        result = f'<div class="result-wrap" data-result-wrap>{parts.result}{ctx.result_actions}</div>'
    return (
        f'<section class="table{" read-only" if not ctx.interactive else ""}{" is-over" if view.get("outcome") else ""}" data-table'
        f'{attrs(data_game=ctx.game_id, data_view_seat=seat_attr)} aria-label="The table">'
        f'<div class="table-status" role="status" data-status>{parts.status}{undo}</div>'
        f"{result}"
        '<div class="table-grid">'
        f'<div class="col col-side"><div class="area area-side">{parts.side}</div></div>'
        '<div class="col col-main">'
        f'<div class="area area-board">{parts.board}</div>'
        f'<div class="area area-hand">{parts.hand}{other_actions(view, ctx, parts.covered)}</div>'
        "</div>"
        '<div class="col col-people">'
        f'<div class="area area-seats">{parts.seats}</div>'
        f'<div class="area area-log">{log_panel(view)}</div>'
        "</div>"
        "</div></section>"
    )


def result_actions(game_id, new_game_href):
    return (
        '<p class="result-actions">'
        + link_button(new_game_href, "New game", "btn btn-primary")
        + ui_button("export", "Export record", "btn")
        + link_button(routes.home(), "Back home", "btn btn-quiet")
        + "</p>"
    )


def pass_cover(name, seat):
    return (
        f'<section class="pass-cover" data-pass-cover="{seat}" aria-labelledby="pass-title">'
        '<div class="pass-box">'
        f'<h1 id="pass-title">Pass the device to {esc(name)}</h1>'
        "<p>The table is hidden so that nobody sees another player's hand.</p>"
        f'<button type="button" class="btn btn-primary btn-big" data-ui="pass">I am {esc(name)}, show my hand</button>'
        f'<p class="pass-home">{link_button(routes.home(), "Back home", "btn btn-quiet btn-small")}</p>'
        "</div></section>"
    )


def play_header(meta, save_id, extra="", share_open=False):
    return (
        '<div class="play-header">'
        f'<h1 class="play-title">{esc(meta.get("title", ""))}</h1>'
        '<p class="play-links">'
        + link_button(routes.rules(meta.get("id", "")), "Rules", "btn btn-small btn-quiet")
        + ui_button("share", "Share", "btn btn-small btn-quiet", aria_expanded="true" if share_open else "false")
        + ui_button("export", "Export record", "btn btn-small btn-quiet")
        + link_button(routes.home(), "Home", "btn btn-small btn-quiet")
        + "</p>"
        + extra
        + "</div>"
    )


# -- share links and embed code ------------------------------------------------------------------

WHOLE_DEAL = "It holds the whole deal: keep it from the other players until the game is over."


def share_panel(link, what="this position", step=None, in_progress=False, export_ui="export"):
    """The share link of a game or a walkthrough step. link: app.share.share_link()."""
    from .share import MAX_URL

    parts = [
        f'<section class="share-panel" data-share-panel{attrs(data_share_step=step)} aria-labelledby="share-title">'
        f'<h2 id="share-title">Share {esc(what)}</h2>'
    ]
    if link["too_long"]:
        parts.append(
            '<p class="notice notice-warn" role="alert" data-share-too-long>'
            f"This is too long to share as a link: the link would have {link['length']:,} characters, "
            f"and links longer than {MAX_URL:,} do not work everywhere. "
            "Use “Export record” to send it as a file instead; the file can be imported on the home page.</p>"
            '<p class="share-actions">' + ui_button(export_ui, "Export record", "btn btn-primary") + "</p>"
        )
    else:
        parts.append(
            '<p class="help">The link itself holds the record: whoever opens it sees the same position, '
            "on any device, with no server involved.</p>"
            '<div class="copy-row">'
            f'<input type="text" readonly data-share-url aria-label="Share link" value="{esc(link["url"])}">'
            + ui_button("copy-share", "Copy link", "btn btn-small")
            + "</div>"
            '<p class="copy-status" data-copy-status role="status"></p>'
        )
    if in_progress:
        parts.append(f'<p class="notice notice-warn" data-share-warning>{esc(WHOLE_DEAL)}</p>')
    parts.append(
        '<p class="share-actions">' + ui_button("close-panel", "Close", "btn btn-small btn-quiet") + "</p></section>"
    )
    return "".join(parts)


def embed_panel(snippet):
    """The <iframe> code of a walkthrough, in a read-only field to copy by hand."""
    return (
        '<section class="share-panel embed-panel" data-embed-panel aria-labelledby="embed-title">'
        '<h2 id="embed-title">Embed this walkthrough</h2>'
        '<p class="help">Paste this code into a web page or a wiki that allows iframes. '
        "The walkthrough runs in the reader's browser; nothing is sent anywhere.</p>"
        f'<textarea readonly rows="4" spellcheck="false" data-embed-code aria-label="Embed code">{esc(snippet)}</textarea>'
        '<p class="copy-status" data-copy-status role="status"></p>'
        '<p class="share-actions">'
        + ui_button("copy-embed", "Copy again", "btn btn-small")
        + ui_button("close-panel", "Close", "btn btn-small btn-quiet")
        + "</p></section>"
    )


def shared_game(meta, step, over, table_html, seat_name=None, title=None):
    """A game opened from a share link: the position, read-only, and a way to go on."""
    gid = meta.get("id", "")
    seen = (f"You see the table as {seat_name} saw it, with {seat_name}'s hand."
            if seat_name else "Every hand is hidden.")
    state = "The game is over." if over else "The game is in progress."
    keep = ("Keep a copy in this browser" if over else "Continue this game here")
    return (
        f'<section class="page play shared" data-shared="{esc(gid)}">'
        '<div class="play-header">'
        f'<h1 class="play-title">Shared game: {esc(title or meta.get("title", ""))}</h1>'
        '<p class="play-links">'
        + link_button(routes.rules(gid), "Rules", "btn btn-small btn-quiet")
        + link_button(routes.home(), "Home", "btn btn-small btn-quiet")
        + "</p></div>"
        '<div class="shared-info">'
        f'<p><span class="wt-step" data-step="{int(step)}" data-steps="{int(step)}">'
        f'{esc(plural(int(step), "move"))} played</span> · {esc(state)} {esc(seen)}</p>'
        '<p class="share-actions">'
        + ui_button("continue-shared", keep, "btn btn-primary")
        + ui_button("export", "Export record", "btn")
        + "</p></div>"
        f"{table_html}"
        "</section>"
    )


# -- walkthroughs ------------------------------------------------------------------------------------


def walkthrough(meta, name, title, step, total, caption, table_html, embed=False,
                learner=None, tools="", crumbs=None, play_href=None):
    """The walkthrough player. learner: None, or {"hint": text or None} when the
    next move is the learner's (Next waits for it; "Show me" makes it).
    tools: HTML under the title (share and embed buttons and panels), left out
    when embedded; crumbs: HTML of the line above the title."""
    learning = learner is not None
    controls = (
        '<div class="wt-controls" role="group" aria-label="Walkthrough controls">'
        + ui_button("restart", "Restart", "btn btn-small btn-quiet", disabled=step == 0)
        + ui_button("prev", "← Previous", "btn", disabled=step == 0, aria_keyshortcuts="ArrowLeft")
        + f'<span class="wt-step" data-step="{step}" data-steps="{total}">Step {step} of {total}</span>'
        + ui_button("next", "Next →", "btn btn-primary", disabled=step >= total or learning,
                    aria_keyshortcuts="ArrowRight",
                    title="Make the move first, or press “Show me”" if learning else None)
        + (
            '<a class="btn btn-small btn-quiet wt-play" data-play-link target="_blank" rel="noopener"'
            f' href="{esc(play_href or routes.new_game(meta["id"]))}">Play {esc(meta["title"])}'
            '<span class="visually-hidden"> (opens in a new tab)</span></a>'
            if embed else ""
        )
        + "</div>"
    )
    head = ""
    if not embed:
        head = crumbs if crumbs is not None else (
            f'<p class="crumbs"><a href="{esc(routes.rules(meta["id"]))}">{esc(meta["title"])}</a> · walkthrough</p>'
        )
    learn = ""
    if learning:
        hint = learner.get("hint")
        learn = (
            '<div class="learn" data-learn role="group" aria-label="Your move">'
            '<p class="learn-text">Your move: make it yourself on the table below, or let the walkthrough show you.</p>'
            + (f'<p class="learn-hint" data-learn-hint role="alert">{esc(hint)}</p>' if hint else "")
            + ui_button("show-me", "Show me", "btn btn-small")
            + "</div>"
        )
    return (
        f'<section class="page walkthrough{" embed" if embed else ""}{" learning" if learning else ""}"'
        f' data-walkthrough="{esc(name)}">'
        f"{head}"
        f'<h1 class="wt-title{" visually-hidden" if embed else ""}">{esc(title)}</h1>'
        f"{'' if embed else tools}"
        f"{controls}"
        f'<p class="caption" data-caption aria-live="polite">{esc(caption)}</p>'
        f"{learn}"
        f"{table_html}"
        "</section>"
    )


def walkthrough_tools(panel_html="", open_panel=None):
    """The Share and Copy embed code buttons of a walkthrough page, with the open panel."""
    return (
        '<div class="wt-tools">'
        '<p class="wt-tool-buttons">'
        + ui_button("share", "Share this step", "btn btn-small btn-quiet",
                    aria_expanded="true" if open_panel == "share" else "false")
        + ui_button("embed-code", "Copy embed code", "btn btn-small btn-quiet",
                    aria_expanded="true" if open_panel == "embed" else "false")
        + "</p>"
        + panel_html
        + "</div>"
    )
