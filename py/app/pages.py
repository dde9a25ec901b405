"""The pages around a table: the hot-seat cover, the play header, the share
and embed panels, a shared game and the walkthrough player. No browser here."""

from . import routes
from .render import attrs, esc, link_button, plural, ui_button


def result_actions(game_id, new_game_href, review_href=None):
    return (
        '<p class="result-actions">'
        + link_button(new_game_href, "New game", "btn btn-primary")
        + (link_button(review_href, "Review move by move", "btn") if review_href else "")
        + ui_button("export", "Export record", "btn")
        + link_button(routes.home(), "Back home", "btn btn-quiet")
        + "</p>"
    )


def pass_cover(name, seat, extra="", just=()):
    """The hot-seat cover: nothing of the table, the name of the player to
    hand the device to, `extra` (HTML: the last player's take-back) and
    `just`, the one-line outcomes of results just reached (public: each shows
    in full on the table once the next player has the device)."""
    said = "".join(f"<li>{esc(line)}</li>" for line in just)
    return (
        f'<section class="pass-cover" data-pass-cover="{seat}" aria-labelledby="pass-title">'
        '<div class="pass-box">'
        f'<h1 id="pass-title">Pass the device to {esc(name)}</h1>'
        "<p>The table is hidden so that nobody sees another player's hand.</p>"
        + (f'<ul class="pass-just" data-pass-just aria-label="Just now">{said}</ul>' if said else "")
        + f'<button type="button" class="btn btn-primary btn-big" data-ui="pass">I am {esc(name)}, show my hand</button>'
        + extra
        + f'<p class="pass-home">{link_button(routes.home(), "Back home", "btn btn-quiet btn-small")}</p>'
        "</div></section>"
    )


def play_header(meta, save_id, extra="", share_open=False, confirm=None):
    """The title and links of a game's page. confirm: None (no player at the
    table), or whether the player on screen confirms each move."""
    toggle = ""
    if confirm is not None:
        toggle = ('<button type="button" class="btn btn-small btn-quiet" data-ui="toggle-confirm" aria-pressed="'
                  + ("true" if confirm else "false") + '">Confirm<span class="more"> moves</span></button>')
    return (
        '<div class="play-header">'
        f'<h1 class="play-title">{esc(meta.get("title", ""))}</h1>'
        '<p class="play-links">'
        + link_button(routes.rules(meta.get("id", ""), save_id), "Rules", "btn btn-small btn-quiet")
        + ui_button("share", "Share", "btn btn-small btn-quiet", aria_expanded="true" if share_open else "false")
        # on a phone "Export" (the rest hidden but read), so that the links fit beside the title
        + '<button type="button" class="btn btn-small btn-quiet" data-ui="export">'
        'Export<span class="more"> record</span></button>'
        + toggle
        + link_button(routes.home(), "Home", "btn btn-small btn-quiet play-home")  # a phone: the site's header has it
        + "</p>"
        + extra
        + "</div>"
    )

# -- what just happened ------------------------------------------------------------------------


# The details of a result open by themselves when they are this short (a
# trick's cards); longer ones (an election's vote count) wait for a click.
OPEN_DETAILS = 320


def moment_panel(moments, review=False, pause=None, paused=False):
    """The results just reached (app.results.Moment), until Continue;
    `review`: one the player asked to see again. Each leads with its one-line
    outcome, its lines below (open when short). pause: seconds it shows, the
    bots waiting (None: until Continue), counted down in `data-countdown`
    (the play screen updates the number, and stops it while the pointer or
    the focus is on the panel); paused: the count is stopped now."""
    if not moments:
        return ""
    body = []
    for i, m in enumerate(moments):
        lines = "".join(("<li class=is-main>" if k == m.main else "<li>") + f"{esc(line)}</li>"
                        for k, line in enumerate(m.lines))
        short = sum(len(line) for line in m.lines) <= OPEN_DETAILS
        body.append(
            f'<h2 id="moment-title-{i}" class="moment-title">{esc(m.title)}</h2>'
            f'<p class="moment-outcome" data-moment-outcome>{esc(m.outcome or (m.lines[m.main] if m.lines else ""))}</p>'
            f'<details class="moment-details"{" open" if short or review else ""}>'
            f'<summary>What happened ({plural(len(m.lines), "line")})</summary>'
            f'<ul class="moment-lines" aria-labelledby="moment-title-{i}">{lines}</ul></details>'
        )
    if review:
        note, button = "", ui_button("moment-close", "Close", "btn btn-small")
    else:
        if pause is None:
            note = "The bots wait until you press Continue."
        else:
            note = countdown_note(pause, paused)
        button = ui_button("moment-continue", "Continue", "btn btn-primary")
    kind = moments[-1].kind.name
    return (
        f'<section class="moment-panel{" is-review" if review else ""}"'
        f'{attrs(data_moment_panel=kind, data_review="1" if review else None)} aria-labelledby="moment-title-0">'
        '<div class="moment-body">' + "".join(body) + "</div>"
        + '<p class="moment-foot">'
        + (f'<span class="moment-note" data-countdown-note>{note}</span>' if note else "")
        + button
        + "</p></section>"
    )


def countdown_note(seconds, paused=False):
    """The panel's countdown (HTML): the seconds left, or that it is stopped."""
    if paused:
        return "Paused while you read it: it goes on when the pointer or the focus leaves this panel."
    left = max(0, int(seconds + 0.999))
    return f'Goes on by itself in <b data-countdown>{left}</b> s, or press Continue.'


def staged_here(html, action, label, warning=None):
    """(html, True) with the question of a staged move placed right after the
    button that staged it (``data-action`` = `action`), that button marked
    ``data-staged-control``: pressed again, it confirms. (html, False) when
    `html` has no such button. static/patch.js places the question beside
    the button, in view; CSS puts it at the bottom of the window until then."""
    k = html.find(f' data-action="{esc(action)}"')
    start = html.rfind("<button", 0, k) if k >= 0 else -1
    end = html.find("</button>", k) if k >= 0 else -1
    if start < 0 or end < 0:
        return html, False
    end += len("</button>")
    button = html[start:end].replace("<button", '<button data-staged-control aria-describedby="staged-ask"', 1)
    button = button.replace(' class="', ' class="is-staged ', 1)
    question = (f'<span class="staged-warning" data-staged-warning>{esc(warning)}</span> ' if warning
                else f"<span>Your move: <b>{esc(label)}</b>.</span> ")
    ask = (
        '<span class="staged-ask" id="staged-ask" data-staged data-staged-ask role="group" aria-label="Confirm your move">'
        + question
        + f'<span class="staged-how">Press it again to confirm.</span> '
        + ui_button("cancel-move", "Change it", "btn btn-small btn-quiet")
        + "</span>"
    )
    return html[:start] + button + ask + html[end:], True


def recap_buttons(names, open_name=None):
    """"Last trick", "Last debate"...: each shows the last result of its kind again."""
    return "".join(
        ui_button("moment-last", f"Last {name}", "btn btn-small btn-quiet", data_moment=name,
                  aria_expanded="true" if name == open_name else "false")
        for name in names
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
        f'<p><span class="wt-step" data-at-step="{int(step)}" data-steps="{int(step)}">'
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
        + f'<span class="wt-step" data-at-step="{step}" data-steps="{total}">Step {step} of {total}</span>'
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


# -- the pages drawn before Python starts ---------------------------------------------------------
# The home and the rules pages are drawn by these under CPython at build time
# (buildtools/prerender.py) and by their screens in the page, so that Python
# takes over exactly the markup the reader already sees.


def walkthrough_titles(walkthroughs):
    """[(name, title)] of a game's walkthroughs ({name: record})."""
    return [(name, rec.get("title") or name) for name, rec in (walkthroughs or {}).items()]


def home_page(catalogue, saves, import_message=None, confirming=None):
    """The home page. catalogue: app.catalogue's entries (each game's metadata
    and its walkthroughs' [name, title]), so that listing the games imports none."""
    from .render import home

    listed = [(entry["meta"], entry["walkthroughs"]) for entry in catalogue]
    return home(listed, saves, import_message, False, confirming)


def rules_html(game, walkthroughs, back_href=None):
    """A game's rules page; back_href: the table it was opened from (a way back to it)."""
    from .render import rules_page

    fn = getattr(game, "guide", None)
    html = rules_page(game.metadata(), fn() if callable(fn) else None, walkthrough_titles(walkthroughs))
    if back_href:
        back = link_button(back_href, "Back to the game", "btn btn-primary btn-small")
        html = html.replace("<h1", f'<p class="back-to-game" data-back-to-game>{back}</p><h1', 1)
    return html
