"""Die Macher's "now" panel: the round and the nine phases with the current
one marked, what is being decided and by whom, and, for the seat to act,
every control of the move builder for the current step (amounts, a state then
a number of rallies with the price, a cabinet card then a state, ...)."""

from coalitions.games.die_macher.data import (
    CABINET_NAMES, DONATIONS, MAX_SWAPS, MEDIA_PRICE, PHASE_NAMES, POLL_BASE, RALLY_PRICE,
)

from ...render import choices_box, esc, name_of, pick_button, plural
from .amounts import stepper
from .marks import cabinet_card, money, names_list, op_chip, op_name, party_mark, signed, state_name, who
from .states import state_opinions


def phase_track(view):
    cur = view.get("phase")
    items = []
    for p in range(1, 10):
        state = "is-now" if p == cur else "is-done" if cur and p < cur else ""
        current = ' aria-current="step"' if p == cur else ""
        items.append(f'<li class="dm-phase {state}"{current}><b>{p}</b> '
                     f'<span class="dm-phase-name">{esc(PHASE_NAMES[p])}</span></li>')
    return f'<ol class="dm-phases" aria-label="The nine phases of a round">{"".join(items)}</ol>'


# -- what is being decided ---------------------------------------------------------------------


def bid_progress(view):
    bids = view.get("bids") or {}
    placed = bids.get("placed") or []
    marks = "".join(
        f'<li class="{"is-in" if p else "is-out"}">{party_mark(s)} {esc(name_of(view, s))}: '
        f'{"placed ✓" if p else "to bid"}</li>' for s, p in enumerate(placed))
    mine = bids.get("mine")
    own = (f"<p>Your secret bid: <b>{esc(money(mine))}</b>. The bids are revealed when all are in.</p>"
           if mine is not None else "")
    return own + f'<ul class="dm-bid-progress" aria-label="Secret bids">{marks}</ul>'


def last_bids(view):
    lb = view.get("last_bids")
    if not lb:
        return ""
    return ('<p class="small" data-last-bids>Bids revealed: '
            + esc(", ".join(f"{who(view, s)} {money(b)}" for s, b in enumerate(lb))) + "</p>")


def poll_changes(view, auction):
    return " ".join(f'<span class="dm-change">{party_mark(s)} <b>{esc(signed(c))}</b></span>'
                    for s, c in enumerate(auction["changes"]))


POLL_STEPS = {
    "poll-bid": ("<p class=\"small\">The auctioneer then sells the poll to the highest bidder (who pays the "
                 "auctioneer) or keeps it, paying that bid to the bank. Whoever has it keeps it secret (party base "
                 f"+{POLL_BASE}) or publishes it: the trends here change as shown.</p>"),
    "poll-sell": ("<p class=\"small\">Sell: the highest bidder pays you the bid and takes the poll. Keep: you pay "
                  "the bid to the bank.</p>"),
}


def situation(view):
    """What is going on now, for everyone (HTML)."""
    step = view.get("step")
    turn = view.get("turn")
    n = view["players"]
    t = esc(who(view, turn)) if turn is not None else ""
    if step == "bid":
        return ("<p>Every party bids in secret for the start player; the highest bid pays and starts. "
                "No bid is shown before all are in.</p>")
    if step == "rebid":
        rb = view.get("rebid") or {}
        holder = rb.get("holder")
        return (f"<p>Tied highest bids: re-bid openly. Still in: {esc(names_list(view, rb.get('in') or []))}. "
                f"Highest: <b>{esc(money(rb.get('high') or 0))}</b>"
                + (f" by {esc(who(view, holder))}" if holder is not None else "") + f". {t} to raise or drop out.</p>")
    if step in ("draw", "take", "swap"):
        return (f"<p>{t} changes the programme: draw, then up to {MAX_SWAPS} swaps "
                f"({view.get('swaps', 0)} made), then keep one hand card.</p>")
    if step == "media":
        return (f"<p>{t} buys a media marker ({esc(money(MEDIA_PRICE))}) or passes. The phase ends when every "
                f"party has passed in a row ({view.get('passes', 0)} of {n} so far).</p>")
    if step == "rally":
        bought = view.get("bought") or []
        done = f" Bought this turn in: {esc(', '.join(state_name(b) for b in bought))}." if bought else ""
        return f"<p>{t} buys rallies, once per state, in one or several states.{done}</p>"
    if step == "place":
        return f"<p>{t} places shadow-cabinet cards face down, at most one per state.</p>"
    pending = view.get("pending")
    if step in ("cabinet", "look") and pending:
        card = pending["card"]
        return (f"<p>{esc(who(view, pending['seat']))} reveals the {esc(CABINET_NAMES.get(card, card))} in "
                f"{esc(state_name(pending['state']))}.</p>" + (cabinet_card(card) if card else ""))
    if step == "replace" and pending:
        return (f"<p>{esc(who(view, pending['seat']))} has the media majority in {esc(state_name(pending['state']))}"
                " and may replace one face-up opinion with a card of the opinion display.</p>")
    auction = view.get("auction")
    if step in ("poll-bid", "poll-sell", "poll-use") and auction:
        holder = auction.get("holder")
        high = (f"Highest bid <b>{esc(money(auction['high']))}</b> by {esc(who(view, holder))}."
                if holder is not None else "No bid yet.")
        return (f'<p>Poll for {esc(state_name(auction["state"]))}: {poll_changes(view, auction)}</p>'
                f"<p>Auctioneer: {esc(who(view, auction['auctioneer']))}. {high} "
                f"Still bidding: {esc(names_list(view, auction.get('in') or []) or 'nobody')}.</p>")
    election = view.get("election")
    if step == "coalition" and election:
        votes = election["votes"]
        lead = election["leader"]
        return (f"<p>Election in {esc(state_name(election['state']))}: nobody has 50 votes. "
                f"{esc(who(view, lead))} leads with {votes[lead]} votes and chooses a coalition partner "
                "(2 shared programme cards, 50 votes together): 7 VP each.</p>")
    if step == "donation" and view.get("donation"):
        m, loss, gain = DONATIONS[view["donation"]]
        return (f"<p>{t} turns a donation card: accept {esc(money(m))} and lose {loss} party base, "
                f"or refuse it and gain {gain}.</p>")
    return ""


def just_drawn(view, seat):
    """The card the seat drew from the programme stack this turn, shown as a
    card (HTML), or "": the rules tell it in a line only that seat sees, the
    last one beginning "You draw", and the card is in the seat's hand."""
    if view.get("step") not in ("take", "swap"):
        return ""
    for ev in reversed(view.get("log") or []):
        if ev.get("to") == [seat] and str(ev.get("text", "")).startswith("You draw "):
            text = ev["text"]
            held = [op for op in view.get("hand") or [] if op_name(op) in text]
            if held:
                return f'<p class="dm-opinions dm-drawn" data-drawn>Just drawn from the stack: {op_chip(held[0], "fresh")}</p>'
            return ""
        if ev.get("kind") in ("phase", "round"):
            return ""
    return ""


def context(view):
    """What helps to decide, shown under the controls (HTML): the secret bids
    placed, the bids revealed, the programme display and your programme, how
    a poll auction goes on."""
    step = view.get("step")
    if step == "bid":
        return bid_progress(view)
    if step == "rebid":
        return last_bids(view)
    if step in ("draw", "take", "swap"):
        display = ""
        if step == "draw":
            display = ('<p class="dm-opinions">Programme display: '
                       + " ".join(op_chip(op) for op in view.get("programme_display") or []) + "</p>")
        mine = ""
        seat = view.get("seat")
        if seat is not None and seat == view.get("turn"):
            mine = ('<p class="dm-opinions">Your programme: '
                    + " ".join(op_chip(op) for op in view["programmes"][seat]) + "</p>")
            mine = just_drawn(view, seat) + mine
            if step == "swap":
                mine += ('<p class="small">A hand card replaces only the programme card of its own topic, '
                         "if there is one.</p>")
        return last_bids(view) + display + mine
    if step == "rally":
        prices = " · ".join(f"{k} for {v}" for k, v in RALLY_PRICE.items())
        return f'<p class="small">Rallies bought at once in a state, price in thousands of euros: {esc(prices)}.</p>'
    if step == "place":
        return ('<p class="small">A card\'s cost is paid when it is revealed (phase 6); a card its party '
                "cannot pay then is lost.</p>")
    if step in ("poll-bid", "poll-sell", "poll-use") and view.get("auction"):
        return POLL_STEPS.get(step, "")
    if step in ("replace", "cabinet", "look") and view.get("pending"):
        return state_opinions(view, view["pending"]["state"])
    return ""


# -- the controls of the seat to act ------------------------------------------------------------------


def bid_stepper(ctx, what, step):
    """The bid: the amount shown on its confirm button, −/+ within the legal bids."""
    def confirm(a):
        return (f"{esc(BID_WORDS.get(step, 'Bid'))} <b>{esc(money(a))}</b>"
                + (" <small>in secret</small>" if step == "bid" else ""))

    return stepper(ctx, "bid", (), what, confirm, lambda a: f"Change the bid to {money(a)}",
                   "− and + in thousands of euros")


BID_WORDS = {"bid": "Bid", "rebid": "Raise to", "poll-bid": "Bid"}


def rally_stepper(view, ctx, sid):
    """How many rallies in state `sid`: the price and the money left on the confirm button."""
    hold = view["money"][ctx.seat] if ctx.seat is not None else 0

    def confirm(k):
        price = RALLY_PRICE[int(k)]
        return (f'Buy <b>{k}</b> {"rally" if k == 1 else "rallies"} · <b>{esc(money(price))}</b> '
                f'<small>({esc(money(hold - price))} left)</small>')

    def label(k):
        return f"Change to {k} {'rally' if k == 1 else 'rallies'} for {money(RALLY_PRICE[int(k)])}"

    return stepper(ctx, "rally", (sid,), f"Rallies in {state_name(sid)}", confirm, label)


def buttons_of(ctx, kinds, content=None, cls="btn"):
    """One button per legal action of these bare kinds (no parts)."""
    out = []
    for kind in kinds:
        control = ctx.control(kind)
        if control is not None:
            label = control.label or kind
            out.append(pick_button(control, label, esc(content(kind, label) if content else label), cls))
    return "".join(out)


def first_parts(view, ctx, kind, content_of, label_of, what_next, cls="btn"):
    """Buttons for the first part of a `kind` action (one per value), and the
    choices of the next part under the one picked."""
    builder = ctx.builder
    buttons = []
    for value in builder.values(kind):
        control = ctx.control(kind, value)
        picked = builder.is_picked(kind, value)
        buttons.append(pick_button(control, label_of(value), content_of(value), cls, picked))
    box = ""
    if builder.picked is not None and builder.picked.kind == kind:
        value = builder.picked.parts[0][1]
        box = choices_box(ctx, what_next(value), lambda v, c: next_content(view, ctx, kind, value, v),
                          lambda v: next_label(kind, value, v))
    return "".join(buttons), box


def next_content(view, ctx, kind, first, value):
    if kind in ("swap", "replace"):
        return op_chip(value)
    if kind == "place":
        return esc(state_name(value))
    return esc(str(value))


def next_label(kind, first, value):
    if kind in ("swap", "replace"):
        return op_name(value)
    if kind == "place":
        return state_name(value)
    return str(value)


def controls(view, ctx):
    """Every control of the current step for the seat to act (HTML)."""
    b = ctx.builder
    if b is None or not ctx.interactive or not view.get("legal"):
        return ""
    step = view.get("step")
    me = ctx.seat
    hold = money(view["money"][me]) if me is not None else ""
    rows = []
    if b.has("bid"):
        what = {"bid": "Your secret bid", "rebid": "Your open bid", "poll-bid": "Your bid for the poll"}.get(step, "Bid")
        rows.append(f"<p>You hold <b>{esc(hold)}</b>.</p>" + bid_stepper(ctx, what, step))
    if b.has("take"):
        takes = "".join(pick_button(ctx.control("take", op), op_name(op), op_chip(op), "btn dm-op-btn")
                        for op in b.values("take"))
        rows.append(f'<div class="dm-row actions" role="group" aria-label="Programme display">'
                    f'<span class="small">Take one from the programme display:</span>{takes}</div>')
    if b.has("swap") or b.has("hold"):
        hand = view.get("hand") or []
        items = []
        # the programme cards a picked hand card may replace come right under it (in view on a phone)
        _, box = first_parts(view, ctx, "swap", lambda v: "", lambda v: "", lambda v: f"{op_name(v)} replaces:")
        for op in dict.fromkeys(hand):
            swap = ctx.control("swap", op)
            hold_c = ctx.control("hold", op)
            parts = []
            if swap is not None:
                parts.append(pick_button(swap, f"Put {op_name(op)} into your programme", "Into programme…",
                                         "btn btn-small", b.is_picked("swap", op)))
            if hold_c is not None:
                parts.append(pick_button(hold_c, hold_c.label, "Keep this, discard the rest", "btn btn-small"))
            note = ""
            if swap is None and view.get("swaps", 0) < MAX_SWAPS:
                prog = view["programmes"][me]
                note = ('<span class="small">already in your programme</span>' if op in prog
                        else '<span class="small">no swap possible</span>')
            under = box if b.is_picked("swap", op) else ""
            items.append(f'<li class="dm-hand-card">{op_chip(op)}{"".join(parts)}{note}{under}</li>')
        then = "then keep one hand card" if b.has("hold") else "then Done"
        rows.append(f'<p>Up to {MAX_SWAPS} swaps ({view.get("swaps", 0)} made), {then}.</p>'
                    f'<ul class="dm-hand-list actions" aria-label="Your hand">{"".join(items)}</ul>')
    if b.has("media"):
        spots = {st["id"]: st for st in view.get("states") or []}
        btns = "".join(
            pick_button(ctx.control("media", sid), f"Media marker in {state_name(sid)}",
                        f'{esc(state_name(sid))} <small>{5 - spots[sid]["media_free"]}/5</small>'
                        if sid in spots else esc(state_name(sid)), "btn")
            for sid in b.values("media"))
        rows.append(f"<p>You hold <b>{esc(hold)}</b>; a media marker costs {esc(money(MEDIA_PRICE))}.</p>"
                    f'<div class="dm-row actions" role="group" aria-label="Buy a media marker in">{btns}</div>')
    if b.has("rally"):
        have = {st["id"]: (st["rallies"][me], st["topics"][me]) for st in view.get("states") or []}
        picked = b.picked.parts[0][1] if b.picked is not None and b.picked.kind == "rally" else None
        btns = "".join(
            pick_button(ctx.control("rally", sid), f"{state_name(sid)}: how many rallies?",
                        esc(state_name(sid)) + rally_note(*have.get(sid, (0, 0))), "btn dm-state-btn", sid == picked)
            for sid in b.values("rally"))
        box = rally_stepper(view, ctx, picked) if picked is not None else ""
        # a state picked: how many there comes first (in view on a phone), the states after it
        bought = view.get("bought") or []
        done = f" Bought this turn in: {esc(', '.join(state_name(x) for x in bought))}." if bought else ""
        rows.append(f"<p>You hold <b>{esc(hold)}</b>. Rallies once per state: choose a state, then how many."
                    f"{done}</p>{box}"
                    f'<div class="dm-row actions" role="group" aria-label="Buy rallies in">{btns}</div>')
    if b.has("place"):
        picked = b.picked.parts[0][1] if b.picked is not None and b.picked.kind == "place" else None
        btns, box = first_parts(
            view, ctx, "place", lambda c: esc(CABINET_NAMES[c]) + f' <small>{esc(money(cab_cost(c)))}</small>',
            lambda c: f"{CABINET_NAMES[c]}: choose a state", lambda c: f"Place the {CABINET_NAMES[c]} face down at:")
        if picked is not None:  # the card picked, what it does and where it may go; the others after Cancel
            rows.append(f'<div class="dm-picked-card">{cabinet_card(picked)}</div>{box}')
        else:
            rows.append("<p>Pick a card, then a state (at most one card per state).</p>"
                        f'<div class="dm-row actions" role="group" aria-label="Your shadow-cabinet cards">{btns}</div>')
    if b.has("replace"):
        btns, box = first_parts(view, ctx, "replace", lambda op: op_chip(op), lambda op: f"Replace {op_name(op)}",
                                lambda op: f"Replace {op_name(op)} with:", "btn dm-op-btn")
        display = " ".join(op_chip(op) for op in view.get("opinion_display") or [])
        where = state_name((view.get("pending") or {}).get("state"))
        if box:  # an opinion picked: what may replace it (the display's cards), the others after Cancel
            rows.append(box)
        else:
            rows.append(f'<p>Opinion display: {display}</p><div class="dm-row actions" role="group" '
                        f'aria-label="The opinion to replace"><span class="small">Replace which face-up opinion in '
                        f"{esc(where)}?</span>{btns}</div>")
    if b.has("target"):
        where = next((st for st in view.get("states") or []
                      if st["id"] == (view.get("pending") or {}).get("state")), None)

        def rival(p):
            s = view["parties"].index(p)
            facts = (f' <small>trend {esc(signed(where["trends"][s]))} · {where["rallies"][s]} rallies · '
                     f'{where["media"][s]} media</small>') if where else ""
            return party_mark(s, view, True) + facts

        btns = "".join(pick_button(ctx.control("target", p), f"Target {p}", rival(p), "btn")
                       for p in b.values("target"))
        rows.append(f'<div class="dm-row actions" role="group" aria-label="Choose a rival">'
                    f'<span class="small">Choose the rival:</span>{btns}</div>')
    if b.has("double"):
        btns = "".join(pick_button(ctx.control("double", op), f"Double {op_name(op)}", op_chip(op), "btn dm-op-btn")
                       for op in b.values("double"))
        rows.append(f'<div class="dm-row actions" role="group" aria-label="The opinion to double">{btns}</div>')
    if b.has("look"):
        btns = "".join(pick_button(ctx.control("look", s), f"Look at slot {s}", f"Slot {s}", "btn")
                       for s in b.values("look"))
        rows.append(f'<div class="dm-row actions" role="group" aria-label="Look at a face-down opinion">{btns}</div>')
    if b.has("coalition"):
        votes = (view.get("election") or {}).get("votes") or []
        btns = "".join(
            pick_button(ctx.control("coalition", p), f"Coalition with {p}",
                        party_mark(view["parties"].index(p), view, True)
                        + f" <small>{votes[view['parties'].index(p)] if votes else ''} votes</small>", "btn")
            for p in b.values("coalition"))
        rows.append(f'<div class="dm-row actions" role="group" aria-label="Choose a coalition partner">{btns}</div>')
    bare = buttons_of(ctx, ("draw", "renew", "sell", "keep", "base", "publish", "accept", "refuse", "skip", "pass",
                            "done"), cls="btn dm-bare")
    if bare:
        if b.has("base"):
            rows.append(f"<p>Keep the poll secret (party base +{POLL_BASE}) or publish it (every trend in the "
                        "state changes as the poll says; only if it raises your own).</p>")
        rows.append(f'<div class="dm-row dm-bare-row actions" role="group" aria-label="Your choices">{bare}</div>')
    return "".join(rows)


def rally_note(rallies, topics):
    return f' <small>{rallies} there · {topics} {"topic" if topics == 1 else "topics"} matching</small>'


def cab_cost(card):
    from coalitions.games.die_macher.data import CABINET_COST

    return CABINET_COST[card]


def prompt(view, ctx):
    me = ctx.seat
    if me is None or not ctx.interactive or not view.get("legal"):
        to_act = view.get("to_act") or []
        if not to_act:
            return ""
        return f'<p class="dm-waiting">Waiting for {esc(names_list(view, to_act))}.</p>'
    return f'<p class="dm-you">Your move, {esc(name_of(view, me))} ({party_mark(me, view, False)}):</p>'


def now_panel(view, ctx):
    rnd, rounds = view.get("round"), view.get("rounds")
    phase = view.get("phase")
    title = f"Round {rnd} of {rounds} · phase {phase}: {view.get('phase_name', '')}"
    more = context(view)
    mine = controls(view, ctx)
    # the swaps, the rallies and the cabinet cards: the seat's own controls say what the situation would
    said = "" if mine and view.get("step") in ("swap", "rally", "place") else situation(view)
    body = (said + prompt(view, ctx) + mine
            + (f'<div class="dm-context">{more}</div>' if more else ""))
    return (
        '<section class="dm-now" data-now data-current-play aria-labelledby="dm-now-title">'
        f'<h2 id="dm-now-title">{esc(title)}</h2>{phase_track(view)}'
        f'<div class="dm-now-body">{body}</div></section>'
    )


__all__ = ["now_panel", "phase_track", "plural"]
