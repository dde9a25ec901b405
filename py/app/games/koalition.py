"""The Koalition table: the country card with its victory points, each player's
two cards of the election, the party totals against the majority line, the
chairs and the coalition negotiation, your hand, the score pad, and the bonus
round at the end. Reference panels (the party poll card and the country election
card) can be opened at any time."""

from coalitions.core.game import render_text
from coalitions.games.koalition.data import (
    CARDS, COUNTRY_IDS, COUNTRY_NAMES, PARTIES, PARTY_NAMES, PARTY_VALUES, VP_TABLE,
)
from coalitions.games.koalition.scoring import majority

from ..render import TableParts, action_button, esc, name_of, plural, turn_status
from .common import after_colon, choice_buttons, plays_of, seat_list

GAME_ID = "koalition"

# Two letters per party, so nothing relies on colour alone (Rose and Red,
# Black and Brown share a first letter).
PARTY_LETTERS = {
    "rose": "Ro", "black": "Bk", "yellow": "Ye", "green": "Gr", "red": "Re", "purple": "Pu", "brown": "Br",
}


def party_mark(party, with_name=False):
    if party is None:
        return '<span class="party party-none">?</span>'
    name = f' <span class="party-name">{esc(PARTY_NAMES[party])}</span>' if with_name else ""
    return (
        f'<span class="party party-{esc(party)}" title="{esc(PARTY_NAMES[party])}">'
        f'<b class="party-chip" aria-hidden="true">{esc(PARTY_LETTERS[party])}</b>{name}</span>'
    )


def label_mark(label, view):
    """A coalition unit: 'green' or 'green@3' (an unbound Green player's votes)."""
    party, _, seat = label.partition("@")
    who = f' <small>({esc(name_of(view, int(seat)))})</small>' if seat else ""
    return party_mark(party, True) + who


def card_face(cid, party=None, value=None):
    """The inside of a politician card. `party`/`value` as played (Colorino's
    declared party, a Doubler's current value) override the printed ones."""
    c = CARDS[cid]
    kind = c["kind"]
    party = party or c["party"]
    if kind == "doubler":
        rank, note = "×2", f"= {value}" if value is not None else "Doubler"
    elif kind == "colorino":
        rank, note = "7", "Colorino"
    elif kind == "resign":
        rank, note = "R", "Resigns"
    else:
        rank, note = str(c["value"]), ""
    name = "Gaudino Colorino" if kind == "colorino" else ("Resignation" if kind == "resign" else c["name"])
    return (
        f'<span class="card-rank" aria-hidden="true">{esc(rank)}</span>'
        f'<span class="card-suits" aria-hidden="true">{party_mark(party) if party else ""}</span>'
        f'<span class="card-name" aria-hidden="true">{esc(note or name)}</span>'
    )


def card_text(cid, party=None, value=None):
    c = CARDS[cid]
    if c["kind"] == "doubler":
        return f"the {PARTY_NAMES[c['party']]} Doubler" + (f", worth {value}" if value is not None else "")
    if c["kind"] == "colorino":
        return "Gaudino Colorino (7" + (f", {PARTY_NAMES[party]}" if party else "") + ")"
    if c["kind"] == "resign":
        return "a Resignation"
    return c["name"]


def kcard(cid, party=None, value=None, out=False, extra=""):
    party_cls = f" kparty-{party or CARDS[cid]['party'] or 'none'}"
    cls = f"card kcard kcard-{CARDS[cid]['kind']}{party_cls}{' is-out' if out else ''}{(' ' + extra) if extra else ''}"
    alt = card_text(cid, party, value) + (", resigned" if out else "")
    return f'<span class="{cls}" role="img" aria-label="{esc(alt)}" data-card="{esc(cid)}">{card_face(cid, party, value)}</span>'


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


def poll_card():
    rows = "".join(
        f"<tr><th scope=row>{party_mark(p, True)}</th>"
        f'<td>{esc(" ".join(str(v) for v in PARTY_VALUES[p]))} <span class="doubler-note">×2</span></td></tr>'
        for p in PARTIES
    )
    return (
        '<details class="reference" data-reference="poll"><summary>Party poll card</summary>'
        '<p class="small">Every party\'s politicians and a Doubler (×2). Gaudino Colorino (7) joins the '
        "party he declares; three Resignations remove the highest politician in play.</p>"
        f'<table class="poll-table"><tbody>{rows}</tbody></table></details>'
    )


def election_card(players):
    head = "".join(f"<th scope=col>{n}</th>" for n in range(1, players + 1))
    rows = []
    for cid in COUNTRY_IDS:
        cells = "".join(
            f'<td>{esc("·".join(str(x) for x in VP_TABLE[cid][n]))}</td>' for n in range(1, players + 1)
        )
        rows.append(f"<tr><th scope=row>{esc(COUNTRY_NAMES[cid])}</th>{cells}</tr>")
    return (
        '<details class="reference" data-reference="countries"><summary>Country election card</summary>'
        '<p class="small">Victory points for 1, 2, … players on the winning side, best first.</p>'
        '<div class="table-scroll"><table class="countries-table">'
        f"<thead><tr><th scope=col>country</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody>"
        "</table></div></details>"
    )


def result_line(r, names):
    """One country on the score pad: its government and who scored what."""
    gov = r.get("government") or []
    if isinstance(gov, str):
        gov = gov.split("+")
    gov_text = " + ".join(PARTY_NAMES[lb.partition("@")[0]] for lb in gov) or "no government"
    if "winners" in r:
        scored = [(w["seat"], w["vp"], PARTY_NAMES[w["party"]]) for w in r["winners"]]
    else:
        scored = [(s, v, None) for s, v in enumerate(r.get("vp") or []) if v]
    who = ", ".join(
        f"{names[s] if s < len(names) else '?'} {v}" + (f" ({party})" if party else "") for s, v, party in scored
    )
    votes = f" ({r['total']} votes, majority {r['majority']})" if "total" in r and "majority" in r else ""
    return (f"<li><b>{esc(COUNTRY_NAMES[r['country']])}</b>: {esc(gov_text)}{esc(votes)}. "
            f"{esc(who + '.' if who else 'Nobody scores.')}</li>")


def score_pad(view):
    names = view.get("names") or []
    vp = view.get("vp") or []
    head = "".join(f"<th scope=col>{party_mark(p)}</th>" for p in PARTIES)
    rows = []
    for s, row in enumerate(vp):
        cells = "".join(f"<td>{row.get(p) or ''}</td>" for p in PARTIES)
        rows.append(
            f'<tr data-pad-seat="{s}"><th scope=row>{esc(names[s] if s < len(names) else "?")}</th>{cells}'
            f"<td><b>{sum(row.values())}</b></td></tr>"
        )
    shares = "".join(f"<td>{sum(r.get(p, 0) for r in vp)}</td>" for p in PARTIES)
    results = [result_line(r, names) for r in view.get("results") or []]
    return (
        '<details class="score-pad" data-score-pad open><summary>Score pad</summary>'
        '<div class="table-scroll"><table class="pad-table">'
        f"<thead><tr><th scope=col>VP</th>{head}<th scope=col>total</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody>"
        f"<tfoot><tr><th scope=row>share of Europe</th>{shares}<td></td></tr></tfoot></table></div>"
        + (f'<ol class="pad-results" data-pad-results>{"".join(results)}</ol>' if results else "")
        + "</details>"
    )


# -- the vote ---------------------------------------------------------------------------------------


def live_count(view):
    count = view.get("count")
    if count:
        return count["votes"], count["total"], count["majority"]
    votes = view.get("votes") or {}
    total = sum(votes.values())
    return votes, total, majority(total)


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
            who = "unbound: each Green player joins on their own"
        elif chair is not None:
            who = f"chair: {name_of(view, chair)}"
        cls = "bar" + (" has-majority" if v >= needed and total else "") + (" governs" if p in gov else "")
        items.append(
            f'<li class="{cls}" data-party="{p}" data-votes="{v}">'
            f'<span class="bar-label">{party_mark(p, True)}</span>'
            f'<span class="bar-track" aria-hidden="true"><span class="bar-fill kparty-{p}" style="width:{100 * v / scale:.1f}%"></span>'
            f'<span class="bar-line" style="left:{100 * needed / scale:.1f}%"></span></span>'
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
    for k in range(n):
        s = (start + k) % n
        cards = "".join(kcard(pl["card"], pl["party"], pl["value"], pl["out"]) for pl in by.get(s, []))
        turn = view.get("turn") == s
        order.append(
            f'<li class="played-by{" is-turn" if turn else ""}" data-plays="{s}">'
            f'<span class="who">{esc(names[s] if s < len(names) else "?")}</span>'
            f'<span class="played-cards">{cards or "<span class=empty>—</span>"}</span></li>'
        )
    return f'<ol class="plays">{"".join(order)}</ol>'


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
    prop = ""
    p = neg.get("proposal")
    if p:
        labels = p["coalition"].split("+")
        votes = {u["label"]: u["votes"] for u in neg["units"]}
        total = sum(votes.get(lb, 0) for lb in labels)
        waiting = [s for s in p["responders"] if s not in p["accepted"]]
        prop = (
            '<div class="proposal" data-proposal>'
            f'<p><b>{esc(name_of(view, p["by"]))}</b> proposes '
            + " + ".join(label_mark(lb, view) for lb in labels)
            + f': <b>{total}</b> votes against a majority of {needed}.</p>'
            + (f'<p class="small">Accepted by {esc(", ".join(name_of(view, s) for s in p["accepted"]))}.</p>'
               if p["accepted"] else "")
            + (f'<p class="small">Waiting for {esc(", ".join(name_of(view, s) for s in waiting))}.</p>'
               if waiting else "")
            + "</div>"
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
        f'<ul class="units">{units}</ul>{prop}'
        + (f'<ol class="history">{history}</ol>' if history else "")
        + "</section>"
    )


def board(view):
    title = "The vote" if not view.get("outcome") else "The last election"
    return (
        '<section class="vote" aria-labelledby="vote-title">'
        f'<h2 id="vote-title">{esc(title)}</h2>'
        f"{country_panel(view)}{plays_by_seat(view)}{party_bars(view)}{negotiation(view)}"
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


def card_choices(cid, legal, labels, covered):
    """Buttons for the plays of a card that needs a choice: Colorino's party,
    a Resignation's target."""
    colorino = CARDS[cid]["kind"] == "colorino"

    def content(action):
        rest = action[len("play " + cid):].strip()
        if colorino:
            return party_mark(rest, True)
        return after_colon(labels, action) if rest else "Play it (nobody to remove)"

    what = "Declare Colorino's party" if colorino else "Who resigns?"
    return choice_buttons(plays_of(legal, cid), labels, covered, what, content)


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
    cards = []
    for cid in hand:
        action = "play " + cid
        if action in legal and CARDS[cid]["kind"] not in ("colorino", "resign"):
            cards.append(action_button(action, labels.get(action, action), card_face(cid),
                                       f"card kcard kcard-{CARDS[cid]['kind']} kparty-{CARDS[cid]['party']} playable"))
            covered.add(action)
        else:
            choices = card_choices(cid, legal, labels, covered) if legal else ""
            cards.append(f'<span class="card-with-choices">{kcard(cid)}{choices}</span>' if choices else kcard(cid))
    others = [a for a in legal if a not in covered]
    buttons = "".join(
        action_button(a, labels.get(a, a), esc(labels.get(a, a)),
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
            "propose": "You chair a party: propose a coalition, or make no proposal.",
            "answer": "You chair a party in this proposal: accept or decline.",
            "choose": "Your cards sit in two governing parties: choose the one you score with.",
        }.get(phase, "")
    return (
        f'<section class="hand-area" data-hand="{seat}" aria-labelledby="hand-title">'
        f'<h2 id="hand-title">Your hand <span class="hand-owner">({esc(name_of(view, seat))})</span></h2>'
        + (f'<p class="hint">{esc(prompt)}</p>' if prompt else "")
        + f'<div class="hand" data-hand-cards>{"".join(cards) or "<p class=empty>No cards in your hand.</p>"}</div>'
        + (f'<div class="actions" role="group" aria-label="Your actions">{buttons}</div>' if buttons else "")
        + "</section>",
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
        '<div class="table-scroll"><table class="ranking" data-ranking>'
        "<thead><tr><th scope=col>Player</th><th scope=col>VP</th><th scope=col>Bonus</th>"
        "<th scope=col>Points</th></tr></thead>"
        f"<tbody>{rows}</tbody></table></div>"
        f'<details class="result-lines" open><summary>How the bonus round was counted</summary><ul>{lines}</ul></details>'
        "</section>"
    )


def status(view, ctx):
    text = turn_status(view, ctx)
    prefix = ""
    if not view.get("outcome") and view.get("country"):
        prefix = (f'<span class="status-debate">{esc(COUNTRY_NAMES[view["country"]][:1].upper() + COUNTRY_NAMES[view["country"]][1:])}'
                  f' · election {esc(view.get("election"))}/{esc(view.get("elections"))}</span>')
    cls = "status-text is-your-turn" if text == "Your turn." and ctx.interactive else "status-text"
    return f'{prefix}<span class="{cls}" data-turn-text>{esc(text)}</span>'


def parts(view, ctx):
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
