"""The Election Day table: six Crowns as the score track, the debate, the seats,
your hand and your face-down Ace, and the election at the end."""

from coalitions.games.election_day.data import CARDS, CROWNS, SUIT_LETTERS, SUIT_NAMES, SUITS, describe
from coalitions.games.election_day.scoring import suit_counts

from ..render import TableParts, bind, status_line, action_button, card_words, esc, icon, name_of, pick_button, plural, turn_status
from .common import seat_list
from ..results import Kind

# The moments a result panel shows (app.results).
RESULTS = (Kind("debate-end", "debate", "The debate is over", after=("score",), lead=("score",), lead_words=(" takes ", " wins ")),)

GAME_ID = "election-day"

RANK_TEXT = {"Ace": "A", "Pawn": "Pawn", "Court": "Court", "Excuse": "Excuse"}


def suit_mark(suit, with_name=False):
    """The suit's own symbol and its letter (never colour alone)."""
    name = f' <span class="suit-name">{esc(SUIT_NAMES[suit])}</span>' if with_name else ""
    return (
        f'<span class="suit suit-{esc(suit)}" title="{esc(SUIT_NAMES[suit])}">'
        f'{icon("suit-" + suit, "suit-icon")}<b class="suit-letter" aria-hidden="true">{esc(SUIT_LETTERS[suit])}</b>'
        f"{name}</span>"
    )


def rank_text(card):
    return RANK_TEXT.get(card["rank"], card["rank"])


def card(cid, action=None, label=None, size="", extra="", caption=None):
    """A card. With an action it is a button performing that action; without,
    a picture with a text alternative."""
    c = CARDS[cid]
    rank = rank_text(c)
    long_rank = " long-rank" if len(rank) > 2 else ""
    suits = " ".join(suit_mark(s) for s in c["suits"]) or '<span class="no-suit">no suit</span>'
    classes = f"card card-{c['kind']}{long_rank}{(' ' + size) if size else ''}{(' ' + extra) if extra else ''}"
    inner = (
        f'<span class="card-rank" aria-hidden="true">{esc(rank)}</span> '
        f'<span class="card-suits" aria-hidden="true">{suits}</span> '
        f'<span class="card-name" aria-hidden="true">{card_words(c["name"])}</span>'
    )
    if action is not None:
        return action_button(action, label or action, inner, classes + " playable")
    alt = describe(cid) + (f", {caption}" if caption else "")
    return f'<span class="{classes}" role="img" aria-label="{esc(alt)}" data-card="{esc(cid)}">{inner}</span>'


def mini_card(cid):
    c = CARDS[cid]
    suits = "".join(
        f'<span class="mini-suit suit-{esc(s)}">{icon("suit-" + s, "suit-icon")}</span>' for s in c["suits"]
    )
    return (
        f'<span class="mini-card card-{c["kind"]}" role="img" aria-label="{esc(describe(cid))}" '
        f'title="{esc(describe(cid))}" data-card="{esc(cid)}">'
        f'<b aria-hidden="true">{esc(rank_text(c) if c["kind"] != "excuse" else "Ex")}</b>'
        f'<span class="mini-suits" aria-hidden="true">{suits}</span></span>'
    )


def track_totals(track):
    return {s: sum(CARDS[c]["value"] for c in track[s]) for s in SUITS}


def crowns(view):
    """The score track: each Prince's Crown with the cards beside it and its total."""
    track = view["track"]
    totals = track_totals(track)
    best = max(totals.values())
    rows = []
    for s in SUITS:
        cards = track[s]
        lead = best > 0 and totals[s] == best
        rows.append(
            f'<li class="crown suit-{s}{" leads" if lead else ""}" data-crown="{s}">'
            '<span class="crown-card">'
            f'{suit_mark(s)}'
            f'<span class="crown-text"><span class="crown-suit">{esc(SUIT_NAMES[s])}</span>'
            f'<span class="crown-name">{esc(CROWNS[s])}</span></span></span>'
            f'<span class="crown-cards">{"".join(mini_card(c) for c in cards)}</span>'
            f'<span class="crown-total" data-total="{totals[s]}">'
            f'<b>{totals[s]}</b><small>{esc(plural(len(cards), "card"))}</small>'
            f'{"<small class=lead-tag>leads</small>" if lead else ""}</span>'
            "</li>"
        )
    return (
        '<section class="crowns" aria-labelledby="crowns-title">'
        f'<h2 id="crowns-title">{icon("icon-crown", "icon")} The Princes</h2>'
        f'<ol class="crown-list">{"".join(rows)}</ol>'
        "</section>"
    )


def debate(view):
    cards = view["debate"]
    names = view.get("names") or []
    played = []
    log = view.get("log") or []
    fresh = log[-1].get("card") if log and log[-1].get("kind") in ("play", "turn-up") else None
    for i, (cid, seat) in enumerate(cards):
        who = "turned up" if seat is None else (names[seat] if 0 <= seat < len(names) else "?")
        cls = "played turned-up" if seat is None else "played"
        if i == len(cards) - 1 and (cid == fresh or (seat is None and log and log[-1].get("kind") == "turn-up")):
            cls += " fresh"
        played.append(f'<li class="{cls}">{card(cid, caption=who)}<span class="who" aria-hidden="true">{esc(who)}</span></li>')
    if played:  # a long debate in smaller cards, so that it stays in view above the held hand
        long = " debate-long" if len(played) > 6 else ""
        body = f'<ol class="debate-cards{long}">{"".join(played)}</ol>'
    else:
        body = '<p class="empty">No card in this debate yet.</p>'
    counts = suit_counts([c for c, _ in cards])
    shown = [s for s in sorted(SUITS, key=lambda s: -counts[s]) if counts[s]]
    tally = ""
    if shown:
        tally = (
            '<p class="tally"><span class="tally-label">Symbols so far:</span> '
            + " ".join(f'<span class="tally-item">{suit_mark(s)}<b>{counts[s]}</b></span>' for s in shown)
            + "</p>"
        )
    pile = view["pile_count"]
    info = [f'<span class="pile" data-pile="{pile}">{icon("icon-cards", "icon")} {esc(plural(pile, "card"))} undealt</span>']
    if view.get("removed_count"):
        info.append(f'<span class="removed">{esc(plural(view["removed_count"], "card"))} left out</span>')
    if view.get("out"):
        info.append(f'<span class="discards">{esc(plural(len(view["out"]), "card"))} discarded</span>')
    scoring = ""
    last = view.get("last_scoring")
    if last:
        lines = "".join(f"<li>{esc(line)}</li>" for line in last.get("lines", []))
        scoring = (
            f'<details class="last-scoring" data-last-scoring><summary>How debate {esc(last.get("debate"))} '
            f"was scored</summary><ul>{lines}</ul></details>"
        )
    title = f"Debate {view['debate_no']}" if not view.get("outcome") else "The debates are over"
    return (
        '<section class="debate" aria-labelledby="debate-title" data-current-play>'
        f'<div class="debate-head"><h2 id="debate-title">{esc(title)}</h2>'
        f'<p class="debate-info">{" · ".join(info)}</p></div>'
        f"{body}{tally}{scoring}"
        "</section>"
    )


def seats(view, ctx):
    aces = view.get("aces")

    def tags(s):
        return [f'<span class="tag tag-dealer">{icon("icon-dealer", "icon")}dealer</span>'] if s == view.get("dealer") else []

    def facts(s):
        out = [f'<span class="seat-cards">{icon("icon-cards", "icon")}{esc(plural(view["hand_counts"][s], "card"))}</span>']
        passes = view["passes"][s]
        if passes and not view.get("outcome"):
            out.append(f'<span class="seat-passes">passed {passes}× in a row</span>')
        if aces:
            out.append(f'<span class="seat-ace">backs {suit_mark(aces[s], True)}</span>')
        elif ctx.open_hands and s in ctx.open_hands and ctx.open_hands[s].get("ace"):
            out.append(f'<span class="seat-ace">face down: {suit_mark(ctx.open_hands[s]["ace"], True)}</span>')
        return out

    def open_hand(s):
        if not ctx.open_hands or s not in ctx.open_hands or aces:
            return ""
        cards = ctx.open_hands[s].get("hand") or []
        return (
            f'<span class="seat-hand" aria-label="{esc(name_of(view, s))}\'s hand">'
            + ("".join(mini_card(c) for c in cards) or '<span class="empty">no cards</span>')
            + "</span>"
        )

    return seat_list(view, ctx, tags, facts, open_hand, turn_word="to play")


def face_down_ace(suit):
    return (
        '<span class="my-ace" data-my-ace>'
        f'<span class="card card-back" role="img" aria-label="Your face-down Ace: the Ace of {esc(SUIT_NAMES[suit])}">'
        '<span class="back-pattern" aria-hidden="true"></span>'
        f'<span class="back-window" aria-hidden="true">{suit_mark(suit)}<span class="back-label">A</span></span>'
        "</span>"
        '<span class="who" aria-hidden="true">face down</span>'
        "</span>"
    )


def ace_choices(view, ctx, covered):
    """Each Ace in hand, with its two 'ace ... keep ...' buttons next to it."""
    hand = view.get("hand") or []
    mine = view.get("ace")
    n = len(view.get("names") or [])
    # the Ace handed over goes to the player on the right (the rules' seat - 1)
    receiver = name_of(view, (ctx.seat - 1) % n) if ctx.seat is not None and n else "the player on your right"
    blocks = []
    for cid in hand:
        if CARDS[cid]["kind"] != "ace":
            continue
        hs = cid[4:]
        buttons = []
        for keep in dict.fromkeys((hs, mine)):
            control = ctx.control("ace", hs, keep)
            if control is not None:
                give = mine if keep == hs else hs
                content = (
                    f'<span class="ace-keep">{suit_mark(keep)} '
                    f'{"Back" if keep != mine else "Keep backing"} {esc(SUIT_NAMES[keep])}</span>'
                    f'<span class="ace-give">hand the Ace of {esc(SUIT_NAMES[give])} {suit_mark(give)}'
                    f' to {esc(receiver)}</span>'
                )
                buttons.append(pick_button(control, SUIT_NAMES[keep], content, "btn ace-btn"))
        blocks.append(
            f'<div class="ace-choice" data-ace-choice="{esc(hs)}">{card(cid)}'
            + (f'<div class="ace-buttons" role="group" aria-label="Use the Ace of {esc(SUIT_NAMES[hs])}">{"".join(buttons)}</div>'
               if buttons else "" if view.get("outcome") else
               '<p class="ace-note">An Ace can swap with your face-down Ace on your turn.</p>')
            + "</div>"
        )
    return "".join(blocks)


def hand_area(view, ctx):
    covered = set()
    seat = ctx.seat
    if seat is None:
        if view.get("outcome"):
            return "", covered
        text = ("Every hand is shown face up beside its player." if ctx.open_hands
                else "You are watching: every hand is hidden.")
        return (
            f'<section class="hand-area spectator" aria-label="Hands"><p>{text}</p></section>',
            covered,
        )
    hand = view.get("hand") or []
    legal = view.get("legal") or []
    cards = []
    for cid in hand:
        if CARDS[cid]["kind"] == "ace":
            continue
        control = ctx.control("play", cid)
        cards.append(card(cid, control.action, control.label) if control is not None else card(cid))
    aces = ace_choices(view, ctx, covered)
    mine = ""
    backing = ""
    if view.get("ace") and not view.get("outcome"):
        mine = face_down_ace(view["ace"])
        backing = (
            f'<p class="my-ace-text">Your face-down Ace: you back the Prince of '
            f'{suit_mark(view["ace"], True)}.</p>'
        )
    if not cards:
        cards.append('<p class="empty">No cards to play.</p>' if aces else '<p class="empty">No cards left in your hand.</p>')
    cards_html = f'<div class="hand" data-hand-cards>{mine}{"".join(cards)}</div>'
    actions = ""
    control = ctx.control("pass")
    if control is not None:
        actions = (
            '<div class="actions" role="group" aria-label="Your actions">'
            + pick_button(control, "Pass", "Pass", "btn pass-btn")
            + "</div>"
        )
    if ctx.builder is not None:
        covered |= ctx.builder.covered
    name = name_of(view, seat)
    hint = ""
    if ctx.interactive and legal:
        hint = '<p class="hint">Choose a card to play, use an Ace to change sides, or pass.</p>'
    return (
        f'<section class="hand-area" data-hand="{seat}"{" data-sticky" if hint else ""} aria-labelledby="hand-title">'
        f'<h2 id="hand-title">Your hand <span class="hand-owner">({esc(name)})</span></h2>'
        f"{hint}"
        f"{cards_html}{actions}{backing}"
        f'{aces and "<div class=aces>" + aces + "</div>"}'
        "</section>",
        covered,
    )


def result(view):
    out = view.get("outcome")
    if not out:
        return ""
    details = out.get("details") or {}
    names = view.get("names") or []
    aces = view.get("aces") or details.get("aces") or []
    winners = set(out.get("winners") or [])
    elected = details.get("elected")
    backers = {}
    for seat, s in enumerate(aces):
        backers.setdefault(s, []).append(seat)
    rows = []
    for place, row in enumerate(details.get("ranking") or [], 1):
        s, total, count = row
        who = ", ".join(esc(names[b]) for b in backers.get(s, []) if b < len(names))
        tag = '<span class="tag tag-elected">elected</span>' if s == elected else ""
        rows.append(
            f'<tr class="{"is-elected" if s == elected else ""}"><td>{place}</td>'
            f"<td>{suit_mark(s)} Prince of {esc(SUIT_NAMES[s])} {tag}</td>"
            f"<td>{total}</td><td>{count}</td><td>{who or '—'}</td></tr>"
        )
    reveal = "".join(
        f'<li class="{"is-winner" if seat in winners else ""}">'
        f'<span class="seat-name">{esc(names[seat] if seat < len(names) else "?")}</span> backs {suit_mark(s, True)}'
        + (' <span class="tag tag-win">wins</span>' if seat in winners else "")
        + "</li>"
        for seat, s in enumerate(aces)
    )
    lines = "".join(f"<li>{esc(line)}</li>" for line in details.get("lines") or [])
    return (
        '<section class="result" data-result aria-labelledby="result-title">'
        f'<h2 id="result-title">{icon("icon-crown", "icon")} The election</h2>'
        f'<p class="result-summary" data-result-summary>{esc(out.get("summary", ""))}</p>'
        '<div class="result-grid">'
        '<div><h3>Face-down Aces, revealed</h3>'
        f'<ul class="reveal" data-aces>{reveal}</ul></div>'
        '<div><h3>Ranking</h3><div class="table-scroll" tabindex="0" role="region" aria-label="Ranking"><table class="ranking" data-ranking>'
        "<thead><tr><th scope=col>#</th><th scope=col>Prince</th><th scope=col>Total</th>"
        "<th scope=col>Cards</th><th scope=col>Backed by</th></tr></thead>"
        f'<tbody>{"".join(rows)}</tbody></table></div></div>'
        "</div>"
        f'<details class="result-lines" open><summary>How the election was counted</summary><ul>{lines}</ul></details>'
        "</section>"
    )


def status(view, ctx):
    return status_line(view, ctx, f"Debate {view.get('debate_no')}")


def parts(view, ctx):
    bind(view, ctx)
    hand, covered = hand_area(view, ctx)
    return TableParts(
        status=status(view, ctx),
        seats=seats(view, ctx),
        board=debate(view),
        side=crowns(view),
        hand=hand,
        covered=covered,
        result=result(view),
    )
