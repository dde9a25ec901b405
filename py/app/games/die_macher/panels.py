"""Die Macher's other panels: the parties (money, party base, VP, national
media, programme), your own party (programme, hand, shadow cabinet), the
displays and the reference tables, the election just held with each party's
vote arithmetic, and the end screen with every score broken down."""

from coalitions.core.game import render_text
from coalitions.games.die_macher.data import (
    CABINET_IDS, MAJORITY, MEDIA_PRICE, NATIONAL_MARKER_POINTS, RALLY_PRICE, VP_ALONE, VP_COALITION, VP_LEADER,
    VP_SEVERAL,
)

from ...render import esc, name_of, plural
from ..common import seat_list
from .marks import (
    cabinet_card, money, names_list, op_chip, party_mark, party_words, state_name, vote_formula, who,
)

KIND_WORDS = {
    "alone": f"one party has {MAJORITY}+ votes and governs alone: {VP_ALONE} VP",
    "several": f"several parties have {MAJORITY}+ votes: {VP_SEVERAL} VP each",
    "coalition": f"a coalition reaches {MAJORITY} votes: {VP_COALITION} VP each",
    "leader": f"no majority and no coalition: the leading party takes {VP_LEADER} VP",
    "none": "no party has a vote: no VP",
}


KIND_SHORT = {"alone": "alone, 50+", "several": "several 50+", "coalition": "coalition", "leader": "led, no majority",
              "none": "no votes"}


def seats(view, ctx):
    n = view["players"]

    def tags(s):
        out = [f'<span class="tag dm-party-tag">{party_mark(s, None, True)}</span>']
        # (not while the start player is bid for: phase 1 settles it)
        if s == view.get("start") and not view.get("outcome") and view.get("phase") != 1:
            out.append('<span class="tag tag-dealer">start player</span>')
        return out

    def facts(s):
        return [
            f'<span class="dm-money">{esc(money(view["money"][s]))}</span>',
            f"<span>base {view['base'][s]}</span>",
            f"<span><b>{view['vp'][s]}</b> VP</span>",
            f"<span>national media {view['national'][s]}</span>",
            f"<span>{esc(plural(view['supply'][s], 'media marker'))} left</span>",
            f"<span>{esc(plural(view['hand_counts'][s], 'hand card'))}</span>",
            f"<span>{esc(plural(view['cabinet_counts'][s], 'cabinet card'))}</span>",
        ]

    def after(s):
        prog = view["programmes"][s] if s < len(view.get("programmes") or []) else []
        return (f'<span class="dm-prog" aria-label="Programme of {esc(party_words(s, view))}">'
                + "".join(op_chip(op) for op in prog) + "</span>")

    return seat_list(view, ctx, tags, facts, after, turn_word="to act") if n else ""


def own_party(view, ctx):
    seat = ctx.seat
    if seat is None:
        if view.get("outcome"):
            return ""
        return ('<section class="hand-area spectator" aria-label="Hands"><p>You are watching: hands, bids and '
                "face-down cards are hidden.</p></section>")
    prog = "".join(op_chip(op) for op in view["programmes"][seat])
    hand = "".join(op_chip(op) for op in view.get("hand") or []) or '<span class="empty">none</span>'
    cab = view.get("cabinet") or []
    used = view["cabinet_used"][seat] if seat < len(view.get("cabinet_used") or []) else []
    placed = [(st["id"], st["cabinet"][seat]) for st in view.get("states") or []
              if st["cabinet"][seat] not in (None, "face-down")]
    placed_html = ""
    if placed:
        placed_html = ('<p class="small">Face down on the boards: '
                       + esc(", ".join(f"{c.replace('-', ' ')} at {state_name(sid)}" for sid, c in placed))
                       + "</p>")
    cards = "".join(cabinet_card(c) for c in CABINET_IDS if c in cab)
    used_html = ""
    if used:
        used_html = ('<p class="small">Used this game: '
                     + esc(", ".join(c.replace("-", " ") for c in used)) + "</p>")
    return (
        f'<section class="hand-area dm-own" data-hand="{seat}" aria-labelledby="hand-title">'
        f'<h2 id="hand-title">Your party {party_mark(seat, view, True)}</h2>'
        f'<p class="dm-own-line">Money <b>{esc(money(view["money"][seat]))}</b> · party base '
        f'<b>{view["base"][seat]}</b> · <b>{view["vp"][seat]}</b> VP · national media {view["national"][seat]}</p>'
        f'<h3 class="dm-sub">Programme</h3><div class="dm-prog dm-prog-own" data-programme>{prog}</div>'
        f'<h3 class="dm-sub">Hand</h3><div class="dm-prog" data-hand-cards>{hand}</div>'
        f'<details class="dm-cabinet" open><summary>Shadow cabinet ({len(cab)} cards in hand)</summary>'
        f'<div class="dm-cab-list">{cards or "<span class=empty>none left</span>"}</div>'
        f"{placed_html}{used_html}</details>"
        "</section>"
    )


def displays(view):
    prog = " ".join(op_chip(op) for op in view.get("programme_display") or []) or "empty"
    ops = " ".join(op_chip(op) for op in view.get("opinion_display") or []) or "empty"
    return (
        '<section class="dm-displays" aria-labelledby="dm-displays-title">'
        '<h2 id="dm-displays-title">Displays and stacks</h2>'
        f'<p class="dm-sub">Programme display</p><div class="dm-prog">{prog}</div>'
        f'<p class="small">Programme stack {view.get("programme_stack")} · discards {view.get("programme_discard")}</p>'
        f'<p class="dm-sub">Opinion display</p><div class="dm-prog">{ops}</div>'
        f'<p class="small">Opinion stack {view.get("opinion_stack")} · discards {view.get("opinion_discard")} · '
        f'doubling markers left {view.get("doubling_left")} · polls left {view.get("polls_left")} · '
        f'donations left {view.get("donations_left")}</p>'
        + reference() + past_elections(view)
        + "</section>"
    )


def reference():
    rallies = "".join(f"<tr><td>{k}</td><td>{esc(money(v))}</td></tr>" for k, v in RALLY_PRICE.items())
    cards = "".join(f"<li>{cabinet_card(c)}</li>" for c in CABINET_IDS)
    return (
        '<details class="dm-ref"><summary>Prices and effects</summary>'
        f"<p>A media marker: {esc(money(MEDIA_PRICE))}. Votes in a state = (rallies + trend, at least 0) × "
        "matching topics; a doubled opinion counts twice.</p>"
        f"<p>Elections: {esc('; '.join(KIND_WORDS[k] for k in ('alone', 'several', 'coalition', 'leader')))}.</p>"
        '<table class="dm-ref-table"><caption>Rallies bought at once in a state</caption>'
        '<thead><tr><th scope="col">rallies</th><th scope="col">price</th></tr></thead>'
        f"<tbody>{rallies}</tbody></table>"
        f'<p class="dm-sub">Shadow cabinet (“!”: once per state and round)</p><ul class="dm-cab-ref">{cards}</ul>'
        "</details>"
    )


def past_elections(view):
    results = view.get("results") or []
    if not results:
        return ""
    items = "".join(
        f"<li>Round {r['round']}, {esc(state_name(r['state']))}: "
        + esc(", ".join(f"{party_words(s)} {v} VP" for s, v in enumerate(r["vp"]) if v) or "no VP")
        + "</li>"
        for r in results
    )
    return f'<p class="dm-sub">Elections held</p><ol class="dm-past">{items}</ol>'


# -- an election's arithmetic ---------------------------------------------------------------------------


def election_table(view, r):
    rows = []
    winners = set(r.get("winners") or [])
    for s in range(len(r["votes"])):
        formula = vote_formula(r["rallies"][s], r["trends"][s], r["topics"][s], r["votes"][s])
        vp = r["vp"][s]
        rows.append(
            f'<tr class="{"is-winner" if vp else ""}"><th scope="row">{party_mark(s, view, True)}</th>'
            f'<td class="dm-formula">{esc(formula)}</td><td><b>{r["votes"][s]}</b></td>'
            f'<td>{f"<b>{vp} VP</b>" if vp else "—"}{" ✓" if s in winners else ""}</td></tr>'
        )
    opinions = " ".join(op_chip(op, note="doubled" if d else "") for op, d in zip(r["opinions"], r["doubled"]))
    return (
        f'<p class="dm-opinions">Opinions: {opinions}</p>'
        '<div class="table-scroll" tabindex="0" role="region" aria-label="Votes per party">'
        '<table class="ranking dm-votes-table"><thead><tr><th scope="col">party</th>'
        '<th scope="col">(rallies + trend) × topics</th><th scope="col">votes</th><th scope="col">VP</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def election_summary(view, r):
    gained = [s for s, v in enumerate(r["vp"]) if v]
    who_won = ", ".join(f"{who(view, s)} {r['vp'][s]} VP" for s in gained) or "no VP"
    kind = KIND_WORDS.get(r["kind"], r["kind"])
    return f"{kind[:1].upper()}{kind[1:]}. {who_won}."


def election_panel(view):
    """The election just held, kept on the table from the count until the
    next round's programmes (a player may fold it away)."""
    results = view.get("results") or []
    if not results or view.get("outcome"):
        return ""
    r = results[-1]
    rnd, phase = view.get("round"), view.get("phase")
    fresh = (r["round"] == rnd and phase == 9) or (r["round"] == rnd - 1 and phase == 1)
    if not fresh:
        return ""
    return (
        f'<details class="dm-election" data-election data-key="election-{r["round"]}" open>'
        f'<summary><b>Election in {esc(state_name(r["state"]))}</b> (round {r["round"]})</summary>'
        f'<p class="dm-election-kind">{esc(election_summary(view, r))}</p>'
        f"{election_table(view, r)}</details>"
    )


# -- the end ------------------------------------------------------------------------------------------------


def result(view):
    out = view.get("outcome")
    if not out:
        return ""
    details = out.get("details") or {}
    names = view.get("names") or []
    winners = set(out.get("winners") or [])
    scores = details.get("scores") or []
    order = sorted(scores, key=lambda d: (-d["total"], -d["base"], -d["money"]))
    rows = "".join(
        f'<tr class="{"is-winner" if d["seat"] in winners else ""}"><th scope="row">'
        f'{esc(name_of(view, d["seat"]))} {party_mark(d["seat"])}'
        + (' <span class="tag tag-win">wins</span>' if d["seat"] in winners else "")
        + f'</th><td>{d["vp"]}</td><td>{d["national"]} × {NATIONAL_MARKER_POINTS} = {d["national_points"]}</td>'
        f'<td><b>{d["total"]}</b></td><td>{d["base"]}</td><td>{esc(money(d["money"]))}</td></tr>'
        for d in order
    )
    elections = details.get("elections") or []
    n = view["players"]
    head = "".join(f'<th scope="col">{party_mark(s)}</th>' for s in range(n))
    erows = "".join(
        f'<tr><th scope="row">{e["round"]}. {esc(state_name(e["state"]))}</th>'
        + "".join(f'<td>{e["vp"][s] or "—"}</td>' for s in range(n))
        + f'<td class="small">{esc(KIND_SHORT.get(e["kind"], e["kind"]))}</td></tr>'
        for e in elections
    )
    each = "".join(
        f'<details class="result-lines"><summary>Round {e["round"]}: {esc(state_name(e["state"]))}</summary>'
        f'<p>{esc(election_summary(view, e))}</p>{election_table(view, e)}</details>'
        for e in elections
    )
    return (
        '<section class="result" data-result aria-labelledby="result-title">'
        '<h2 id="result-title">The end of the game</h2>'
        f'<p class="result-summary" data-result-summary>{esc(render_text(out.get("summary", ""), names))}</p>'
        f'<p class="small">Score = VP + {NATIONAL_MARKER_POINTS} per marker on the national media spot; ties go '
        "to the higher party base, then to more money.</p>"
        '<div class="table-scroll" tabindex="0" role="region" aria-label="Final scores">'
        '<table class="ranking dm-final" data-ranking>'
        "<thead><tr><th scope=col>player</th><th scope=col>VP</th>"
        "<th scope=col>national ×2</th><th scope=col>score</th><th scope=col>base</th>"
        f"<th scope=col>money</th></tr></thead><tbody>{rows}</tbody></table></div>"
        '<p class="small">VP won in each election</p>'
        '<div class="table-scroll" tabindex="0" role="region" aria-label="VP per election">'
        '<table class="ranking dm-final-elections">'
        f'<thead><tr><th scope="col">election</th>{head}<th scope="col">how</th></tr></thead>'
        f"<tbody>{erows}</tbody></table></div>{each}"
        "</section>"
    )


__all__ = ["seats", "own_party", "displays", "election_panel", "result", "names_list"]
