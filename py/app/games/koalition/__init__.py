"""The Koalition table: the country card with its victory points, each player's
two cards of the election, the party totals against the majority line, the
chairs and the coalition negotiation, your hand, the score pad, and the bonus
round at the end. Reference panels (the party poll card and the country election
card) can be opened at any time."""

from coalitions.core.game import render_text
from coalitions.games.koalition.data import CARDS, COUNTRY_NAMES, PARTIES, PARTY_NAMES, TWIN

from ...render import TableParts, bind, status_line, action_button, choices_box, esc, name_of, pick_button, plural, turn_status
from ..common import seat_list
from .cards import card_face, card_text, kcard
from .pad import election_card, party_mark, poll_card, score_pad
from ...results import Kind

# The moments a result panel shows (app.results): an election's result, with
# the votes and the government before it, back to the election's start.
_STOP = ("election", "stalemate", "vp", "deal")
_BEFORE = ("vote", "proposal", "answer", "government")  # a declined proposal is part of the result
_LEAD = {"lead": ("vote", "government", "vp"), "lead_words": ("govern", " pays ", "Recorded:")}  # the outcome, its country
RESULTS = (
    Kind("vp", "election", "The election", before=_BEFORE, stop=_STOP, skip=True, **_LEAD),
    Kind("stalemate", "election", "Stalemate", before=_BEFORE, stop=_STOP, skip=True),
)

GAME_ID = "koalition"

def label_mark(label, view):
    """A coalition unit: 'green' or 'green@3' (an unbound Green player's votes)."""
    party, _, seat = label.partition("@")
    who = f' <small>({esc(name_of(view, int(seat)))})</small>' if seat else ""
    return party_mark(party, True) + who


# -- the country ----------------------------------------------------------------------------------


def vp_rows(view):
    rows = view.get("country_vp") or []
    return "".join(
        f'<tr><th scope="row">{n}</th><td>{esc(" · ".join(str(x) for x in row))}</td></tr>'
        for n, row in enumerate(rows, 1)
    )


def country_panel(view):
    country = view.get("country")
    if not country:
        return ""
    left = len(view.get("countries_left") or [])
    ballot = view.get("ballot") or 1
    return (
        '<div class="country" data-country="' + esc(country) + '">'
        f'<h3 class="country-name">{esc(COUNTRY_NAMES[country][:1].upper() + COUNTRY_NAMES[country][1:])}</h3>'
        f'<p class="country-info">Election {esc(view.get("election"))} of {esc(view.get("elections"))} · '
        f'round {esc(view.get("round"))} of {esc(view.get("rounds"))}'
        + (f" · ballot {ballot}" if ballot > 1 else "")
        + f" · {esc(plural(left, 'country', 'countries'))} to come</p>"
        '<table class="vp-table" data-vp-table><caption>Victory points by number of winners</caption>'
        '<thead><tr><th scope="col">winners</th><th scope="col">VP, best first</th></tr></thead>'
        f"<tbody>{vp_rows(view)}</tbody></table>"
        "</div>"
    )


# -- the vote ---------------------------------------------------------------------------------------


def live_count(view):
    """The votes per party, their total and the absolute majority, as the
    rules count them (the view carries the count)."""
    count = view.get("count") or {}
    return count.get("votes") or {}, count.get("total") or 0, count.get("majority") or 0


def party_bars(view):
    votes, total, needed = live_count(view)
    chairs = view.get("chairs") or {}
    unbound = set(view.get("unbound") or [])
    scale = max([needed, *votes.values(), 1])
    gov = set()
    if view.get("government"):
        gov = {lb.partition("@")[0] for lb in view["government"].get("labels") or []}
    items = []
    for p in PARTIES:
        v = votes.get(p, 0)
        chair = chairs.get(p)
        who = ""
        if p in unbound:
            who = f"unbound: each {PARTY_NAMES[p]} player joins on their own"
        elif chair is not None:
            who = f"chair: {name_of(view, chair)}"
        cls = "bar" + (" has-majority" if v >= needed and total else "") + (" governs" if p in gov else "")
        items.append(
            f'<li class="{cls}" data-party="{p}" data-votes="{v}">'
            f'<span class="bar-label">{party_mark(p, True)}</span>'
            f'<span class="bar-track" aria-hidden="true"><span class="bar-fill kparty-{p}" data-width="{100 * v / scale:.1f}"></span>'
            f'<span class="bar-line" data-left="{100 * needed / scale:.1f}"></span></span>'
            f'<span class="bar-votes"><b>{v}</b>{" <small>governs</small>" if p in gov else ""}</span>'
            f'<span class="bar-chair">{esc(who)}</span></li>'
        )
    line = (
        f"Total <b>{total}</b> · absolute majority <b>{needed}</b> "
        "<small>(half the total, plus one, rounded down)</small>" if total else "No votes yet."
    )
    return (
        f'<p class="majority" data-majority="{needed}">{line}</p>'
        f'<ol class="bars">{"".join(items)}</ol>'
    )


def plays_by_seat(view):
    names = view.get("names") or []
    by = {}
    for pl in view.get("table") or []:
        by.setdefault(pl["seat"], []).append(pl)
    order = []
    n = view["players"]
    start = view.get("starter") or 0
    table = view.get("table") or []
    last = table[-1] if table else None
    # once the game is over the cards are gone: each player's victory points
    # from the last election stand in their place
    won = ((view.get("results") or [{}])[-1].get("vp") or []) if view.get("outcome") and not table else []
    for k in range(n):
        s = (start + k) % n
        cards = "".join(kcard(pl["card"], pl["party"], pl["value"], pl["out"], extra="fresh" if pl is last else "")
                        for pl in by.get(s, []))
        if not cards and s < len(won):
            cards = f'<span class="played-vp" data-last-vp="{won[s]}"><b>{won[s]}</b> VP</span>'
        turn = view.get("turn") == s
        order.append(
            f'<li class="played-by{" is-turn" if turn else ""}" data-plays="{s}">'
            f'<span class="who">{esc(names[s] if s < len(names) else "?")}</span>'
            f'<span class="played-cards">{cards or "<span class=empty>no card yet</span>"}</span></li>'
        )
    return f'<ol class="plays">{"".join(order)}</ol>'


def proposal(view, neg, needed, brief=False):
    """The coalition on the table (HTML), or "": who proposes which parties,
    their votes against the majority; unless brief, who accepted and who is
    still to answer."""
    p = neg.get("proposal")
    if not p:
        return ""
    labels = p["coalition"].split("+")
    votes = {u["label"]: u["votes"] for u in neg["units"]}
    total = sum(votes.get(lb, 0) for lb in labels)
    waiting = [s for s in p["responders"] if s not in p["accepted"]]
    said = (f'<p><b>{esc(name_of(view, p["by"]))}</b> proposes '
            + " + ".join(label_mark(lb, view) for lb in labels)
            + f': <b>{total}</b> votes against a majority of {needed}.</p>')
    if brief:
        return f'<div class="proposal proposal-brief">{said}</div>'
    return (
        '<div class="proposal" data-proposal>' + said
        + (f'<p class="small">Accepted by {esc(", ".join(name_of(view, s) for s in p["accepted"]))}.</p>'
           if p["accepted"] else "")
        + (f'<p class="small">Waiting for {esc(", ".join(name_of(view, s) for s in waiting))}.</p>'
           if waiting else "")
        + "</div>"
    )


def negotiation(view):
    neg = view.get("negotiation")
    if not neg:
        return ""
    _, _, needed = live_count(view)
    units = "".join(
        f"<li>{label_mark(u['label'], view)} <b>{u['votes']}</b> "
        f"<small>chair {esc(name_of(view, u['seat']))}</small></li>"
        for u in neg["units"]
    )
    prop = proposal(view, neg, needed)
    votes_of = {u["label"]: u["votes"] for u in neg["units"]}
    possible = "".join(
        "<li>" + " + ".join(label_mark(lb, view) for lb in text.split("+"))
        + f" <small>{sum(votes_of.get(lb, 0) for lb in text.split('+'))} votes</small></li>"
        for text in neg.get("possible") or []
    )
    history = "".join(
        f"<li>{esc(name_of(view, h['by']))}: {esc(' + '.join(PARTY_NAMES[lb.partition('@')[0]] for lb in h['coalition'].split('+')))}"
        f" — {esc(h['result'])}</li>"
        for h in neg.get("history") or [] if h.get("coalition")
    )
    return (
        '<section class="negotiation" data-negotiation aria-labelledby="neg-title">'
        '<h3 id="neg-title">Coalition negotiation</h3>'
        '<p class="small">Chairs propose in order of party size; everyone in a proposal must accept. '
        "A coalition may not include a party it does not need for the majority.</p>"
        f'<ul class="units">{units}</ul>'
        + (f'<h4 class="possible-title">Who may govern together</h4><ul class="possible" data-possible>{possible}</ul>'
           if possible else "")
        + prop
        + (f'<ol class="history">{history}</ol>' if history else "")
        + "</section>"
    )


def board(view):
    title = "The vote" if not view.get("outcome") else "The last election"
    # what is being played: this election's cards beside the vote they make
    # (data-current-play, kept in view with the decision); the country's
    # victory points and the negotiation follow
    return (
        '<section class="vote" aria-labelledby="vote-title">'
        f'<h2 id="vote-title">{esc(title)}</h2>'
        f'<div class="vote-now" data-current-play>{plays_by_seat(view)}<div class="vote-bars">{party_bars(view)}</div></div>'
        f"{negotiation(view)}{country_panel(view)}"
        "</section>"
    )


# -- seats and hand --------------------------------------------------------------------------------------


def seats(view, ctx):
    chairs = view.get("chairs") or {}
    vp = view.get("vp") or []

    def tags(s):
        return ['<span class="tag tag-dealer">starts</span>'] if s == view.get("starter") and not view.get("outcome") else []

    def facts(s):
        chaired = [p for p in PARTIES if chairs.get(p) == s]
        out = [f'<span class="seat-cards">{esc(plural(view["hand_counts"][s], "card"))}</span>',
               f'<span class="seat-vp">{sum(vp[s].values()) if s < len(vp) else 0} VP</span>']
        if chaired:
            out.append('<span class="seat-chairs">chair of ' + "".join(party_mark(p) for p in chaired) + "</span>")
        return out

    return seat_list(view, ctx, tags, facts)


def hand_card(cid, ctx, labels):
    """A card of the hand: a button if it can be played (at once, or with a
    choice to make next: Colorino's party, who resigns), with its choices
    when it is picked."""
    control = ctx.control("play", cid)
    if control is None:
        return kcard(cid)
    kind = CARDS[cid]["kind"]
    cls = f"card kcard kcard-{kind} kparty-{CARDS[cid]['party']} playable"
    picked = ctx.builder.is_picked("play", cid)
    button = pick_button(control, f"{card_text(cid)}: choose how to play it", card_face(cid), cls, picked)
    if not picked:
        return button
    colorino = kind == "colorino"

    def content(value, choice):
        if value is None:
            return "Play it (nobody to remove)"
        return party_mark(value, True) if colorino else esc(labels.get(choice.action or "", str(value)).split(": ", 1)[-1])

    what = "Declare Colorino's party" if colorino else "Who resigns?"
    return f'<span class="card-with-choices">{button}{choices_box(ctx, what, content)}</span>'


def twins(group, card_html):
    """Identical cards (the two Green 9s, the Resignations) play alike: one
    button, with the other copies shown stacked behind it, so that the faces
    shown are the cards held (no "×2" badge: that is the Doubler's mark)."""
    if len(group) == 1:
        return card_html
    copies = "".join(kcard(cid, extra="twin-copy") for cid in group[1:])
    return f'<span class="twin-cards" data-twins="{len(group)}">{card_html}{copies}</span>'


def hand_area(view, ctx):
    covered = set()
    seat = ctx.seat
    if seat is None:
        if view.get("outcome"):
            return "", covered
        return '<section class="hand-area spectator" aria-label="Hands"><p>You are watching: every hand is hidden.</p></section>', covered
    hand = view.get("hand") or []
    legal = list(view.get("legal") or []) if ctx.interactive else []
    labels = view.get("labels") or {}
    # Identical cards (the two Green 9s, the Resignations) play alike: the
    # hand shows them once, with how many are held.
    held = {}
    for cid in hand:
        held.setdefault(TWIN.get(cid, cid), []).append(cid)
    cards = [twins(group, hand_card(group[0], ctx, labels)) for group in held.values()]
    if ctx.builder is not None:
        covered |= ctx.builder.covered
    others = [a for a in legal if a not in covered]
    # the answer to a proposal in one short row ("Accept", "Decline"; the
    # proposal is just above them, and each button's name says it in full);
    # a proposal shows its coalition, under the prompt to propose one, so
    # that it keeps to one line on a phone and two go to a row at 1280
    shown = {"accept": "Accept", "decline": "Decline"}
    shown.update({a: labels[a].removeprefix("Propose ") for a in others if a.startswith("propose ") and a in labels})
    buttons = "".join(
        action_button(a, labels.get(a, a), esc(shown.get(a, labels.get(a, a))),
                      "btn " + ("btn-primary" if a.startswith(("propose", "accept", "claim", "score")) else ""))
        for a in others
    )
    covered.update(others)
    prompt = ""
    phase = view.get("phase")
    if legal:
        prompt = {
            "play": "Play a politician in front of you.",
            "tie": "You tie for a party's chair: claim it or yield it.",
            "propose": "Propose a coalition.",
            "answer": "You chair a party in this proposal: accept or decline.",
            "choose": "Your cards sit in two governing parties: choose the one you score with.",
        }.get(phase, "")
    # a decision about the government, not a card: what is proposed and the
    # answers first, the hand after them in small cards
    governing = bool(legal) and phase != "play"
    hand_html = (f'<div class="hand{" hand-small" if governing else ""}" data-hand-cards>'
                 f'{"".join(cards) or "<p class=empty>No cards in your hand.</p>"}</div>')
    actions = f'<div class="actions" role="group" aria-label="Your actions">{buttons}</div>' if buttons else ""
    head = (f'<h2 id="hand-title">Your hand <span class="hand-owner">({esc(name_of(view, seat))})</span></h2>'
            + (f'<p class="hint">{esc(prompt)}</p>' if prompt else ""))
    if governing:
        neg = view.get("negotiation") or {}
        brief = proposal(view, neg, live_count(view)[2], brief=True) if phase == "answer" else ""
        body = head + brief + actions + hand_html
    else:
        body = head + hand_html + actions
    return (
        f'<section class="hand-area" data-hand="{seat}" data-sticky aria-labelledby="hand-title">{body}</section>',
        covered,
    )


# -- the end ------------------------------------------------------------------------------------------


def result(view):
    out = view.get("outcome")
    if not out:
        return ""
    details = out.get("details") or {}
    names = view.get("names") or []
    winners = set(out.get("winners") or [])
    scores = out.get("scores") or []
    totals = details.get("totals") or []
    paid = details.get("paid") or []
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    rows = "".join(
        f'<tr class="{"is-winner" if s in winners else ""}"><td>{esc(names[s] if s < len(names) else "?")}'
        + (' <span class="tag tag-win">wins</span>' if s in winners else "")
        + f"</td><td>{totals[s] if s < len(totals) else ''}</td><td>{paid[s] if s < len(paid) else ''}</td>"
        f"<td><b>{scores[s]}</b></td></tr>"
        for s in order
    )
    lines = "".join(f"<li>{esc(render_text(line, names))}</li>" for line in details.get("lines") or [])
    return (
        '<section class="result" data-result aria-labelledby="result-title">'
        '<h2 id="result-title">The bonus round</h2>'
        f'<p class="result-summary" data-result-summary>{esc(out.get("summary", ""))}</p>'
        '<div class="table-scroll" tabindex="0" role="region" aria-label="Final scores"><table class="ranking" data-ranking>'
        "<thead><tr><th scope=col>Player</th><th scope=col>VP</th><th scope=col>Bonus</th>"
        "<th scope=col>Points</th></tr></thead>"
        f"<tbody>{rows}</tbody></table></div>"
        f'<details class="result-lines" open><summary>How the bonus round was counted</summary><ul>{lines}</ul></details>'
        "</section>"
    )


def status(view, ctx):
    where = ""
    if view.get("country"):
        name = COUNTRY_NAMES[view["country"]]
        where = f"{name[:1].upper() + name[1:]} · election {view.get('election')}/{view.get('elections')}"
    return status_line(view, ctx, where)


def parts(view, ctx):
    bind(view, ctx)
    hand, covered = hand_area(view, ctx)
    side = (
        '<section class="references" aria-label="Score pad and reference cards">'
        + score_pad(view) + poll_card() + election_card(view["players"])
        + "</section>"
    )
    return TableParts(
        status=status(view, ctx),
        seats=seats(view, ctx),
        board=board(view),
        side=side,
        hand=hand,
        covered=covered,
        result=result(view),
    )
