"""Die Macher's state boards, side by side, the election state first: each
board's six opinions (face up, face down, seen by you, doubled), its five
media spots, and per party the rallies, trend, matching topics and votes,
(rallies + trend) × topics, labelled a projection while opinions are hidden."""

from coalitions.games.die_macher.data import CABINET_NAMES, MEDIA_SPOTS

from ...render import esc, plural
from .marks import back_chip, op_chip, party_mark, party_words, signed, state_name
from .placed import placed


def slot_html(slot, new=frozenset()):
    """One opinion slot; `new`: what the last move placed in this state ((what, opinion) pairs)."""
    if slot["opinion"] is None:
        inner = back_chip()
        words = f"slot {slot['slot']}: face down"
    else:
        note = "seen by you" if slot["known"] else ""
        inner = op_chip(slot["opinion"], "fresh" if ("opinion", slot["opinion"]) in new else "", note=note)
        words = f"slot {slot['slot']}: {slot['name']}" + (" (face down, seen by you)" if slot["known"] else "")
    doubled = ""
    if slot["doubled"]:
        fresh = " fresh" if ("double", slot["opinion"]) in new else ""
        doubled = f'<b class="dm-double{fresh}" aria-hidden="true">×2</b>'
        words += ", doubled: counts twice"
    cls = "dm-slot" + (" is-doubled" if slot["doubled"] else "") + (" is-down" if not slot["face_up"] else "")
    return (f'<li class="{cls}" data-slot="{slot["slot"]}"><span class="visually-hidden">{esc(words)}</span>'
            f'<span class="dm-slot-face" aria-hidden="true">{inner}{doubled}</span></li>')


def media_spots(view, st, new=frozenset()):
    """The five media spots: each marker as its party's letters, then the free
    spots; a marker the last move placed comes in (`new`)."""
    marks = []
    for s, count in enumerate(st["media"]):
        marks += [party_mark(s)] * count
        if count and ("media", s) in new:
            marks[-1] = party_mark(s, extra="fresh")
    marks += ['<span class="dm-spot" aria-hidden="true"></span>'] * st["media_free"]
    holder = st.get("majority")
    words = (f"Media: {MEDIA_SPOTS - st['media_free']} of {MEDIA_SPOTS} spots taken"
             + (f"; media majority {party_words(holder, view)}" if holder is not None else "; no media majority"))
    majority = ""
    if holder is not None:
        majority = f'<span class="dm-majority" aria-hidden="true">majority {party_mark(holder)}</span>'
    return (f'<div class="dm-media"><span class="visually-hidden">{esc(words)}</span>'
            f'<span class="dm-media-label" aria-hidden="true">Media</span>'
            f'<span class="dm-spots" aria-hidden="true">{"".join(marks)}</span>{majority}</div>')


def party_rows(view, st, new=frozenset()):
    n = view["players"]
    best = max(st["votes"]) if st["votes"] else 0
    rows = []
    for s in range(n):
        r, t, m, v = st["rallies"][s], st["trends"][s], st["topics"][s], st["votes"][s]
        card = st["cabinet"][s]
        cab = ""
        laid = " fresh" if ("cabinet", s) in new else ""
        if card == "face-down":
            cab = f'<span class="dm-facedown{laid}" title="a shadow-cabinet card, face down">▮</span>'
        elif card:
            cab = f'<span class="dm-own-cab{laid}" title="{esc(CABINET_NAMES[card])}">▮ yours</span>'
        rally = f'<span class="dm-count fresh">{r}</span>' if ("rally", s) in new else str(r)
        cls = ("is-you" if s == view.get("seat") else "") + (" is-best" if v and v == best else "")
        rows.append(
            f'<tr class="{cls.strip()}" data-party-row="{s}"><th scope="row">{party_mark(s)}</th>'
            f'<td>{st["media"][s] or ""}</td><td>{rally}</td><td>{esc(signed(t))}</td><td>×{m}</td>'
            f'<td class="dm-votes"><b>{v}</b></td><td class="dm-cabcol">{cab}</td></tr>'
        )
    head = "projected votes" if st["projection"] else "votes"
    return (
        f'<table class="dm-st-table"><caption class="visually-hidden">Per party: media markers, rallies, trend, '
        f'matching topics and {head}</caption><thead><tr><th scope="col"><span class="visually-hidden">party</span></th>'
        '<th scope="col"><abbr title="media markers">M</abbr></th><th scope="col"><abbr title="rallies">R</abbr></th>'
        '<th scope="col"><abbr title="trend">T</abbr></th><th scope="col"><abbr title="matching topics">×</abbr></th>'
        f'<th scope="col">{"≈" if st["projection"] else "="}<span class="visually-hidden"> {head}</span></th>'
        '<th scope="col"><span class="visually-hidden">shadow cabinet</span></th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>'
    )


def state_board(view, st, k, active=None, new=frozenset()):
    """One state's board; `new`: what the last move placed on the boards ((what, state, seat or opinion))."""
    here = {(what, x) for what, sid, x in new if sid == st["id"]}
    rnd = view.get("round") or 1
    results = view.get("results") or []
    held = bool(results) and results[-1]["round"] == rnd  # this round's election is over: the rest come later
    due = rnd + k + held
    when = ("Election now" if view.get("phase") == 9 else "Election this round") if due == rnd else (
        f"Election in round {due}")
    cls = "dm-state" + (" is-election" if due == rnd else "") + (" is-active" if active else "")
    once = ""
    if st.get("once"):
        once = ('<p class="dm-once-used">“!” used here: '
                + esc(", ".join(CABINET_NAMES.get(c, c) for c in st["once"])) + "</p>")
    note = f'<p class="dm-active-note">{active}</p>' if active else ""
    proj = ('<p class="dm-proj">Projection: hidden opinions not counted</p>' if st["projection"]
            else '<p class="dm-proj">All opinions face up</p>')
    sid = esc(st["id"])
    return (
        f'<li class="{cls}" data-state="{sid}" aria-labelledby="dm-st-{sid}">'
        f'<h3 id="dm-st-{sid}" class="dm-state-name">{esc(state_name(st["id"]))} '
        f'<span class="tag{" tag-turn" if due == rnd else ""}">{esc(when)}</span></h3>'
        f"{note}"
        f'<ol class="dm-slots" aria-label="Opinions in {esc(state_name(st["id"]))}">'
        f'{"".join(slot_html(s, here) for s in st["slots"])}</ol>'
        f"{media_spots(view, st, here)}{party_rows(view, st, here)}{proj}{once}"
        "</li>"
    )


def active_note(view, st):
    """What is happening at this state right now (a card revealed, an auction), as HTML."""
    from .marks import cabinet_short, who

    pending = view.get("pending")
    if pending and pending["state"] == st["id"]:
        if pending["card"]:
            return f"Now: {esc(who(view, pending['seat']))}'s {cabinet_short(pending['card'])}"
        return f"Now: {esc(who(view, pending['seat']))}'s media majority"
    auction = view.get("auction")
    if auction and auction["state"] == st["id"]:
        return "Now: the poll auction"
    return None


def states_strip(view):
    states = view.get("states") or []
    if not states:
        return ""
    new = placed(view)
    items = "".join(state_board(view, st, k, active_note(view, st), new) for k, st in enumerate(states))
    hidden = any(st["projection"] for st in states)
    return (
        '<section class="dm-states-box" aria-labelledby="dm-states-title">'
        f'<h2 id="dm-states-title">The states <span class="small">({esc(plural(len(states), "election"))} to come, '
        "in order)</span></h2>"
        '<p class="dm-legend small">M media markers · R rallies · T trend · × matching topics · '
        "= votes = (R + T) × topics"
        + (" · ≈ projected: face-down opinions are not counted" if hidden else "")
        + " · ▮ a shadow-cabinet card face down</p>"
        '<div class="dm-states-scroll" tabindex="0" role="region" aria-label="State boards (scroll sideways)">'
        f'<ol class="dm-states">{items}</ol></div></section>'
    )


def state_opinions(view, sid):
    """The opinions of the state a card or a media majority works on, and your
    programme: what a replacement or a doubling is chosen from, without
    scrolling to that state's board (a phone shows one board at a time)."""
    st = next((x for x in view.get("states") or [] if x["id"] == sid), None)
    if st is None:
        return ""
    chips = " ".join(op_chip(x["opinion"], note="×2" if x["doubled"] else "") if x["opinion"] else back_chip()
                     for x in st["slots"])
    out = f'<p class="dm-opinions" data-state-opinions>Opinions in {esc(state_name(sid))}: {chips}</p>'
    seat = view.get("seat")
    if seat is not None:
        out += ('<p class="dm-opinions">Your programme: '
                + " ".join(op_chip(op) for op in view["programmes"][seat]) + "</p>")
    return out
