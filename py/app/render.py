"""HTML for every screen, as strings built from plain dicts. No browser here.

Every text that comes from a player, a record or the rules goes through `esc`
(names are free text: ``<img src=x onerror=...>`` must show as written). Every
element that performs a legal action is a <button> with ``data-action`` holding
the action's exact notation and ``aria-label`` the rules' plain-language label.
"""

import re

from . import routes


def esc(text):
    """`text` as HTML text or an attribute value, as html.escape(text, quote=True) writes it."""
    text = "" if text is None else str(text)
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


# The entities `esc` and `card_words` write.
_OWN_ENTITIES = {"&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&shy;": "\u00ad", "&amp;": "&"}
_OWN_ENTITY = re.compile(r"&(?:lt|gt|quot|#x27|shy|amp);")


def unescape(text):
    """As html.unescape. The entities this module writes are read here, so
    that the page's start does not import the html module and its table of
    entities; a text with any other "&" goes to html.unescape."""
    if "&" not in text:
        return text
    if "&" in _OWN_ENTITY.sub("", text):
        import html

        return html.unescape(text)
    return _OWN_ENTITY.sub(lambda m: _OWN_ENTITIES[m.group(0)], text)


# A long word on a card breaks at a syllable (a soft hyphen before a common
# ending) rather than anywhere: "Reinforce-ment", not "Reinforceme-nt".
_ENDINGS = ("keeper", "ment", "tions", "tion", "ance", "ence", "land", "ness", "ing")


def card_words(text):
    """`text` escaped, its words of more than 9 letters given a soft hyphen
    before a common ending."""
    def soften(word):
        if len(word) > 9:
            for ending in _ENDINGS:
                if word.lower().endswith(ending) and len(word) - len(ending) >= 4:
                    return esc(word[: -len(ending)]) + "&shy;" + esc(word[-len(ending):])
        return esc(word)
    return " ".join(soften(w) for w in str(text).split(" "))


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


TAG = re.compile(r"<[^>]*>")


def shown_label(label, content):
    """A button's accessible name: its label, after the text the button shows
    when that text is not already part of it (so that what is read out contains
    what is seen, in the order it is seen)."""
    if content is None:
        return label
    shown = " ".join(unescape(TAG.sub("", content)).split())  # text nodes joined as they are seen
    if not shown or shown.casefold() in label.casefold():
        return label
    return f"{shown}: {label}"


def action_button(action, label, content=None, cls="btn"):
    """A button performing one legal action. `content` is HTML (already escaped)."""
    body = content if content is not None else esc(label)
    return (f'<button type="button"{attrs(class_=cls, data_action=action, aria_label=shown_label(label, content))}>'
            f"{body}</button>")


def ui_button(ui, text, cls="btn", **extra):
    return f'<button type="button"{attrs(class_=cls, data_ui=ui, **extra)}>{esc(text)}</button>'


def link_button(href, text, cls="btn"):
    return f'<a{attrs(class_=cls, href=href)}>{esc(text)}</a>'


def plural(n, one, many=None):
    return f"{n} {one if n == 1 else (many or one + 's')}"


# -- notices and errors ---------------------------------------------------------


def notice(text, kind="info", key=None, extra=""):
    """A notice; `extra` is HTML after the text (a button)."""
    role = "alert" if kind in ("error", "warn") else "status"
    return f'<div{attrs(class_="notice notice-" + kind, role=role, data_notice=key or kind)}>{esc(text)}{extra}</div>'


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
    players = meta.get("players_text") or f"{meta['min_players']}–{meta['max_players']} players"
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
        + (f'<a class="btn btn-small" href="{esc(routes.review(sid))}" data-review-link '
           f'aria-label="Review {esc(entry.get("title") or "the game")} move by move">Review</a>'
           if entry.get("finished") else "")
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


def power_of_seat(meta, i):
    """' · Yellow' when the game names what each seat plays (its seat_names)."""
    names = meta.get("seat_names") or ()
    return f" · {esc(names[i])}" if i < len(names) else ""


def new_game_form(meta, setup, share_url, error=None):
    gid = meta["id"]
    n = setup.players
    count_opts = "".join(
        f'<option value="{k}"{" selected" if k == n else ""}>{k}</option>'
        for k in range(meta["min_players"], meta["max_players"] + 1)
    )
    seats = []  # the bot levels' one line each, under the seats (each level menu points there):
    helps = "".join(f'<li><b>{esc(lv["label"])}</b>: {esc(lv["description"])}</li>' for lv in meta.get("levels", []))
    for i in range(n):
        kind = setup.kinds[i]
        level = setup.levels[i] or meta["default_bot"]
        kind_sel = "".join(
            f'<option value="{k}"{" selected" if k == kind else ""}>{label}</option>'
            for k, label in (("human", "Person"), ("bot", "Bot"))
        )
        offered = [(lv["name"], lv["label"]) for lv in meta.get("levels", [])]  # a test level only when asked for:
        offered += [] if level in [name for name, _ in offered] else [(level, str(level).capitalize())]
        level_sel = "".join(f'<option value="{esc(b)}"{" selected" if b == level else ""}>{esc(label)}</option>'
                            for b, label in offered)
        seats.append(
            f'<li class="seat-row" data-seat-row="{i}">'
            f'<span class="seat-no">Seat {i + 1}{power_of_seat(meta, i)}</span>'
            f'<label><span class="visually-hidden">Seat {i + 1} is played by</span>'
            f'<select name="seat{i}" data-field>{kind_sel}</select></label>'
            f'<label class="name-field"><span class="visually-hidden">Name of seat {i + 1}</span>'
            f'<input type="text" name="name{i}" maxlength="40" autocomplete="off" data-field '
            f'placeholder="{esc(("Player " if kind == "human" else "Bot ") + str(i + 1))}" value="{esc(setup.names[i])}"></label>'
            f'<label class="level-field"{" hidden" if kind != "bot" else ""}><span class="level-label" aria-hidden="true">Level</span>'
            f'<select name="level{i}" data-field aria-label="Bot level, seat {i + 1}" aria-describedby="level-help">'
            f'{level_sel}</select></label>'
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
        # the action first (and sticky): a few Tabs from the top, in view on a phone
        '<p class="form-actions">'
        '<button type="submit" class="btn btn-primary" data-ui="start">Start the game</button>'
        + link_button(routes.rules(gid), "Read the rules", "btn btn-quiet")
        + "</p>"
        '<fieldset><legend>Players</legend>'
        + (f'<label>Number of players <select name="players" data-field data-players>{count_opts}</select></label>'
           if meta["min_players"] != meta["max_players"] else
           # a fixed number of seats: no count to choose (fewer players: the game's own options, e.g. dummies)
           f'<input type="hidden" name="players" value="{n}" data-field data-players>'
           f'<p class="help" data-players-fixed>{esc(meta.get("players_text") or "")}'
           f'{": make some seats dummies under Options" if "dummies" in [o["name"] for o in meta["options"]] else ""}'
           "</p>")
        + f'<ol class="seat-rows">{"".join(seats)}</ol>'
        + (f'<ul id="level-help" class="help level-help" data-level-help>{helps}</ul>' if helps else "")
        + "</fieldset>"
        + (
            '<fieldset><legend>Options</legend>'
            f'<ul class="options">{"".join(options)}</ul></fieldset>'
            if options else ""
        )
        + '<fieldset><legend>Deal</legend>'
        '<label>Seed <input type="text" inputmode="numeric" name="seed" data-field '
        f'value="{esc(setup.seed)}" size="12"></label> '
        + ui_button("reseed", "New seed", "btn btn-small btn-quiet")
        + ('<small class="help">The same seed and setup always deal the same cards.</small>'
           if meta.get("hidden_information", True) else
           '<small class="help">The same seed and setup always give the bots the same choices.</small>')
        + "</fieldset>"
        '<div class="share"><label for="share-url">Share this setup</label>'
        f'<input id="share-url" type="text" readonly data-share value="{esc(share_url)}">'
        "</div>"
        "</form></section>"
    )


# -- rules -----------------------------------------------------------------------------------


def rules_page(meta, guide, walkthroughs):
    gid = meta["id"]
    parts = [
        f'<section class="page rules" data-rules="{esc(gid)}">',
        f'<h1>{esc(meta["title"])}</h1>',
        f'<p class="game-meta">{esc(meta["designer"])} · '
        f'{esc(meta.get("players_text") or str(meta["min_players"]) + "–" + str(meta["max_players"]) + " players")}</p>',
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


# The table frame and the pages around a table live in app.frame and
# app.pages; they are re-exported here for the renderers.
from .frame import (  # noqa: E402,F401
    TableContext, TableParts, bind, choices_box, log_panel, name_of, other_actions, pick_button, status_line, table, turn_status,
)
from .pages import (  # noqa: E402,F401
    WHOLE_DEAL, embed_panel, moment_panel, pass_cover, play_header, recap_buttons, result_actions, share_panel,
    shared_game, walkthrough, walkthrough_tools,
)
