"""The Alliances table: the 4×5 map (each tile's three defences, its owner and
token stack, the tiles you may target), the bids, the conflict with each card
played and the live hand powers, your hand with the special actions explained,
the campaign score and the best of three."""

from coalitions.core.game import render_text
from coalitions.games.alliances.data import CARDS, SUIT_LETTERS, SUIT_NAMES, SUITS, TILES

from ..render import TableParts, bind, status_line, action_button, card_words, choices_box, esc, name_of, pick_button, plural, turn_status
from .common import seat_list
from ..results import Kind

# The moments a result panel shows (app.results).
RESULTS = (
    Kind("trick", "trick", "The trick", before=("play", "special")),
    Kind("result", "conflict", "The conflict", before=("play", "special", "target"), needs_before=True),
    Kind("campaign-end", "campaign", "The campaign is over", after=("campaign-won",)),
)

GAME_ID = "alliances"
SIDE_NAMES = ("Gold", "Silver")
SIDE_MARKS = ("◆", "◇")  # a shape as well as a colour for each side


def suit_mark(suit, with_name=False):
    name = f' <span class="suit-name">{esc(SUIT_NAMES[suit])}</span>' if with_name else ""
    return (f'<span class="asuit asuit-{esc(suit)}" title="{esc(SUIT_NAMES[suit])}">'
            f'<b class="asuit-chip" aria-hidden="true">{esc(SUIT_LETTERS[suit])}</b>{name}</span>')


def side_mark(side, players=4):
    if side is None:
        return '<span class="side side-none">neutral</span>'
    return (f'<span class="side side-{side}"><b aria-hidden="true">{SIDE_MARKS[side]}</b> '
            f"{esc(side_name(side, players))}</span>")


def side_name(side, players):
    if players == 3:
        return "Empire" if side == 0 else "Rebels"
    return SIDE_NAMES[side]


def card_face(cid, power=None):
    c = CARDS[cid]
    if c["special"]:
        rank, note = "★", c["name"]
    else:
        rank, note = str(c["value"]), SUIT_NAMES[c["suit"]]
    extra = f'<span class="card-power">power {power}</span>' if power is not None and power != c["value"] else ""
    return (
        f'<span class="card-rank" aria-hidden="true">{esc(rank)}</span> '
        f'<span class="card-suits" aria-hidden="true">{suit_mark(c["suit"])}</span> '
        f'<span class="card-name" aria-hidden="true">{card_words(note)}</span>{" " + extra if extra else ""}'
    )


def card_alt(cid):
    c = CARDS[cid]
    return f"{c['name']} ({SUIT_NAMES[c['suit']]} special: {c['text']})" if c["special"] else c["name"]


def acard(cid, power=None, extra=""):
    c = CARDS[cid]
    cls = f"card acard asuit-{c['suit']}{' acard-special' if c['special'] else ''}{(' ' + extra) if extra else ''}"
    title = f' title="{esc(c["text"])}"' if c["special"] else ""
    return f'<span class="{cls}" role="img" aria-label="{esc(card_alt(cid))}"{title} data-card="{esc(cid)}">{card_face(cid, power)}</span>'


# -- the map ------------------------------------------------------------------------------------------


def tile_inner(t, players):
    stack = t.get("stack") or []
    defences = "".join(f'<span class="def">{suit_mark(s)} <b>{t[s]}</b></span> ' for s in SUITS)
    tokens = "".join(f'<span class="token side-{side}" aria-hidden="true">{SIDE_MARKS[side]}</span>' for side in stack)
    owner = side_mark(t.get("top"), players) if stack else '<span class="side side-none">neutral</span>'
    return (
        f'<span class="tile-name">{esc(t["name"])}</span> '
        f'<span class="tile-defs">{defences}</span> '
        f'<span class="tile-owner">{owner} <span class="tokens">{tokens}</span> '
        f'<small>{esc(plural(len(stack), "token"))}</small></span>'
    )


def board_map(view, ctx, covered):
    players = view["players"]
    cells = []
    for t in view.get("board") or []:
        control = ctx.control("target", t["tile"])
        cls = f"tile{' owned-' + str(t['top']) if t.get('stack') else ''}{' is-target' if t['tile'] == view.get('target') else ''}"
        if control is not None:
            cells.append(pick_button(control, t["name"], tile_inner(t, players), cls + " can-target"))
        else:
            desc = (f"{t['name']}: defences {t['military']} Military, {t['economics']} Economics, "
                    f"{t['politics']} Politics; {plural(len(t.get('stack') or []), 'token')}")
            cells.append(f'<div class="{cls}" role="img" aria-label="{esc(desc)}" data-tile="{esc(t["tile"])}">'
                         f"{tile_inner(t, players)}</div>")
    hint = ""
    if ctx.builder is not None and ctx.interactive and ctx.builder.has("target"):
        hint = '<p class="hint">Choose a country to fight over: the highlighted tiles are the ones you may target.</p>'
    return (
        '<section class="world" aria-labelledby="map-title">'
        '<h2 id="map-title">The world</h2>'
        f'{hint}<div class="map" data-map>{"".join(cells)}</div></section>'
    )


# -- bids and the conflict ------------------------------------------------------------------------------


def bid_text(bid):
    return f"{bid[0]} countries, {SUIT_NAMES[bid[1]]} dominant" if bid else "none"


def bid_number(builder, ctx, kind, n):
    """The button of a number of countries. With one suit left for it (10
    Politics after a bid of 10 Economics) it places that bid at once, and says
    so: the suit is shown with the number."""
    control = ctx.control(kind, n)
    content = f"<b>{n}</b>"
    if control.action is not None:
        suits = [v for v in builder.values(kind, n) if v in SUIT_NAMES]
        if len(suits) == 1:
            content += f" {suit_mark(suits[0], True)}"
    return pick_button(control, f"{n} countries", content, "btn bid-n", builder.is_picked(kind, n))


def bidding(view, ctx, covered):
    if view.get("phase") not in ("bid", "declare"):
        return ""
    history = "".join(
        f"<li>{esc(name_of(view, s))}: {esc(b if b == 'pass' else b.replace(' ', ' countries, ', 1) + ' dominant')}</li>"
        for s, b in view.get("bids") or []
    )
    grid = ""
    builder = ctx.builder if ctx.interactive else None
    kind = next((k for k in ("bid", "declare") if builder is not None and builder.has(k)), None)
    if kind is not None:
        numbers = "".join(bid_number(builder, ctx, kind, n) for n in builder.amounts(kind))
        choices = choices_box(ctx, "Dominant suit", lambda suit, c: suit_mark(suit, True),
                              lambda suit: SUIT_NAMES.get(suit, str(suit)))
        passing = ctx.control("pass") if kind == "bid" else None  # Pass beside the numbers, in view with them
        if passing is not None:
            numbers += pick_button(passing, "Pass", "Pass", "btn bid-pass")
        grid = (f'<div class="bid-grid" role="group" aria-label="Your bid: how many countries">{numbers}</div>'
                + (choices or '<p class="small">Choose how many countries, then the dominant suit '
                   '(a number shown with a suit has that suit left only: it places the bid at once).</p>'))
    if view.get("phase") == "declare":  # 2 players: the winner of the drafting declares, no bidding
        who = (view.get("to_act") or [None])[0]
        mine = ctx.seat is not None and who == ctx.seat and ctx.interactive
        lead = (f"You won the drafting ({drafting_score(view, ctx)}). Declare how many countries you will control "
                "at the end of the campaign, and the dominant suit." if mine else
                f"{name_of(view, who)} won the drafting and declares how many countries they will control, "
                "and the dominant suit.")
        head = f'<p class="prompt" data-declare-prompt>{esc(lead)}</p>'
    else:
        head = f'<p>Highest bid: <b>{esc(bid_text(view.get("high")))}</b></p>'
    return (
        '<section class="bids" data-bids aria-labelledby="bids-title">'
        '<h3 id="bids-title">State of the Nations</h3>'
        + head
        + (f'<ol class="bid-history">{history}</ol>' if history else "")
        + grid + "</section>"
    )


def drafting_trick(view):
    """2 players, the drafting phase: the card led (a bot's too) and the suit to follow."""
    table = view.get("table") or []
    plays = "".join(
        f'<li class="played{" fresh" if i == len(table) - 1 else ""}">{acard(e["card"], e.get("power"))}'
        f'<span class="who">{esc(name_of(view, e["seat"]))}</span></li>'
        for i, e in enumerate(table)
    )
    if table:
        lead = (f"{esc(name_of(view, table[0]['seat']))} led; the leading suit is {suit_mark(view['leading'], True)}."
                if view.get("leading") else f"{esc(name_of(view, table[0]['seat']))} led.")
    else:
        lead = f"{esc(name_of(view, view.get('turn')))} leads the next trick."
    return (
        f'<div class="conflict" data-trick><p>The winner of the drafting tricks declares the State of the Nations. '
        f'{lead}</p>' + (f'<ol class="conflict-cards">{plays}</ol>' if plays else "") + "</div>"
    )


def conflict(view):
    if view.get("phase") == "trick":
        return drafting_trick(view)
    target = view.get("target")
    parts = []
    if view.get("dominant"):
        parts.append(f"Dominant suit: {suit_mark(view['dominant'], True)}")
    if view.get("bid"):
        parts.append(f"Bid: <b>{esc(bid_text(view['bid']))}</b>")
    if view.get("conflicts"):  # none counted before the State of the Nations is set
        parts.append(f"Conflict {esc(view.get('conflict'))} of {esc(view.get('conflicts'))}")
    supply = view.get("supply")
    if supply:
        parts.append(f"Tokens left: gold {esc(supply[0])}, silver {esc(supply[1])}")
    head = f'<p class="conflict-info">{" · ".join(parts)}</p>'
    if not target:
        return head
    d = view.get("defence") or {}
    defence = " ".join(f'{suit_mark(s)} <b>{d.get(s, 0)}</b>' for s in SUITS)
    table = view.get("table") or []
    plays = "".join(
        f'<li class="played{" fresh" if i == len(table) - 1 else ""}">{acard(e["card"], e.get("power"))}'
        f'<span class="who">{esc(name_of(view, e["seat"]))}'
        + (f" · power {e['power']}" if e.get("power") is not None and not CARDS[e["card"]]["special"] else "")
        + "</span></li>"
        for i, e in enumerate(table)
    )
    lead = f"Leading suit: {suit_mark(view['leading'], True)}" if view.get("leading") else "No card led yet."
    return (
        head + f'<div class="conflict" data-conflict="{esc(target)}"><p><b>{esc(TILES[target]["name"])}</b> is contested. '
        f"Defence: {defence}. {lead}</p>"
        + (f'<ol class="conflict-cards">{plays}</ol>' if plays else "")
        + "</div>"
    )


def map_and_conflict(view, ctx, covered):
    world = board_map(view, ctx, covered)
    fight = ('<section class="fight" aria-label="The conflict under way" data-current-play>'
             + bidding(view, ctx, covered) + conflict(view) + "</section>")
    # the current play (the bids, the drafting trick, the conflict) comes
    # first, in view with the hand; the world follows it
    return fight + world


# -- seats, score, hand ---------------------------------------------------------------------------


def seats(view, ctx):
    n = view["players"]
    sides = view.get("sides") or [None] * n
    won = view.get("won") or [0] * n

    def tags(s):
        out = []
        if n == 4 and ctx.seat is not None and s == view.get("partner") and s != ctx.seat:
            out.append('<span class="tag">partner</span>')
        if view.get("empire") == s:
            out.append('<span class="tag tag-dealer">Empire</span>')
        elif n != 3 and view.get("aggressor") is not None and sides[s] == view.get("aggressor") and view.get("bid"):
            out.append('<span class="tag tag-dealer">aggressor</span>')
        return out

    def facts(s):
        return [side_mark(sides[s], n),
                f'<span class="seat-cards">{esc(plural(view["hand_counts"][s], "card"))}</span>',
                f'<span>{esc(plural(won[s], "conflict"))} won</span>']

    return seat_list(view, ctx, tags, facts)


def side_tiles(tiles, players):
    """HTML: how many countries each side controls, each count with its side."""
    return ", ".join(f"{side_mark(side, players)} {esc(count)}" for side, count in enumerate(tiles))


def campaign_why(result, names):
    """Escaped ": why a campaign's side won", where its counts do not say it (a bid, a tie)."""
    return esc(f": {render_text(result['why'], names)}") if result.get("why") else ""


def score(view):
    n = view["players"]
    controlled = view.get("controlled") or [0, 0]
    wins = view.get("wins") or [0, 0]
    rows = "".join(
        f"<tr><th scope=row>{side_mark(side, n)}</th><td>{controlled[side]}</td><td>{wins[side]}</td></tr>"
        for side in (0, 1)
    ) if n != 3 else ""
    results = "".join(  # (with 3 players no side wins a campaign: the line names its Empire)
        f"<li>Campaign {r.get('campaign')}: "
        + esc(f"{side_name(r['winner_side'], n)} won" if r.get("winner_side") is not None
              else f"{name_of(view, r.get('empire'))} the Empire")
        + (f" ({side_tiles(r['tiles'], n)})" if r.get("tiles") else "")
        + campaign_why(r, view.get("names") or []) + "</li>"
        for r in view.get("results") or []
    )
    return (
        '<section class="campaign" data-campaign aria-labelledby="campaign-title">'
        f'<h2 id="campaign-title">Campaign {esc(view.get("campaign"))} of 3</h2>'
        + (f'<table class="camp-table"><thead><tr><th scope=col>side</th><th scope=col>countries</th>'
           f'<th scope=col>campaigns won</th></tr></thead><tbody>{rows}</tbody></table>' if rows else "")
        + (f'<ol class="camp-results">{results}</ol>' if results else "")
        + "</section>"
    )


def hand_area(view, ctx, covered):
    """Your hand and every action not drawn yet (`covered`: those already drawn)."""
    seat = ctx.seat
    if seat is None:
        if view.get("outcome"):
            return ""
        return '<section class="hand-area spectator" aria-label="Hands"><p>You are watching: every hand is hidden.</p></section>'
    hand = view.get("hand") or []
    legal = list(view.get("legal") or []) if ctx.interactive else []
    labels = view.get("labels") or {}
    cards = []
    playable = giving = False
    for cid in hand:
        c, control = CARDS[cid], ctx.control("play", cid)
        give = ctx.control("give", cid) if control is None else None
        css = f"card acard asuit-{c['suit']}{' acard-special' if c['special'] else ''} playable"
        if give is not None:  # Rise to Power: the held card itself sets it aside (not a list below the hand)
            cards.append(pick_button(give, f"Set aside {c['name']}", card_face(cid), css))
            giving = True
        elif control is None:
            cards.append(acard(cid))
        else:
            playable = True
            picked = ctx.builder.is_picked("play", cid)
            button = pick_button(control, f"{c['name']}: choose how to play it", card_face(cid), css, picked)
            if picked:
                choices = choices_box(ctx, f"Play {c['name']}",
                                      lambda v, ch: esc(labels.get(ch.action or "", str(v)).split(": ", 1)[-1]))
                button = f'<span class="card-with-choices">{button}{choices}</span>'
            cards.append(button)
    if ctx.builder is not None:
        covered |= ctx.builder.covered
    specials = [cid for cid in hand if CARDS[cid]["special"]]
    notes = "".join(f"<li><b>{esc(CARDS[c]['name'])}</b>: {esc(CARDS[c]['text'])}</li>" for c in specials)
    if notes:  # the special cards' texts open on demand: the hand stays small
        notes = (f'<details class="special-notes" data-special-notes><summary>What your special '
                 f'{"card does" if len(specials) == 1 else "cards do"}</summary><ul>{notes}</ul></details>')
    shown = ""
    if view.get("partner_shown"):
        shown = ('<p class="small">Your partner showed you: '
                 + " ".join(acard(c, extra="mini") for c in view["partner_shown"]) + "</p>")
    others = [a for a in legal if a not in covered]
    buttons = "".join(action_button(a, labels.get(a, a), esc(labels.get(a, a)), "btn") for a in others)
    covered.update(others)
    # held in view while a card is to be played or the hand's own actions
    # (give, put a pair, the trump) are on, not while the decision is on the
    # map or the bids above the hand
    sticky = " data-sticky" if playable or giving or buttons else ""
    prompt = ""
    if giving:  # the first pair goes to the Empire's left, the second to its right
        empire, given = view.get("empire"), len(view.get("rise_given") or [])
        rebel = name_of(view, None if empire is None else (empire + (1 if given < 2 else 2)) % 3)
        prompt = (f'<p class="prompt" data-give-prompt>Set aside a card for {esc(rebel)} '
                  f'({esc(given % 2 + 1)} of the pair): press it in your hand.</p>')
    return (
        f'<section class="hand-area" data-hand="{seat}"{sticky} aria-labelledby="hand-title">'
        f'<h2 id="hand-title">Your hand <span class="hand-owner">({esc(name_of(view, seat))})</span></h2>'
        + prompt
        + f'<div class="hand" data-hand-cards>{"".join(cards) or "<p class=empty>No cards in your hand.</p>"}</div>'
        + notes + shown
        + (f'<div class="actions" role="group" aria-label="Your actions">{buttons}</div>' if buttons else "")
        + "</section>"
    )


def result(view):
    out = view.get("outcome")
    if not out:
        return ""
    details = out.get("details") or {}
    n = view["players"]
    names = view.get("names") or []
    winners = set(out.get("winners") or [])
    rows = "".join(  # with 3 players no side wins a campaign: its Empire scores the countries it holds
        f"<tr><td>{esc(r.get('campaign'))}</td><td>{side_tiles(r.get('tiles') or [], n)}</td>"
        + "<td>" + (esc(side_name(r["winner_side"], n)) + campaign_why(r, names) if r.get("winner_side") is not None
                    else esc(names[r["empire"]]) if r.get("empire") in range(len(names)) else "") + "</td></tr>"
        for r in details.get("campaigns") or []
    )
    sides = view.get("sides") or [None] * n
    who = "".join(
        f'<li class="{"is-winner" if s in winners else ""}"><span>{esc(names[s] if s < len(names) else "?")}'
        + (f' ({side_mark(sides[s], n)})' if n != 3 and sides[s] is not None else "") + ': '
        f'{out["scores"][s]}</span>' + (  # one flex item: the list's gap does not split "(Gold): 2"
            ' <span class="tag tag-win">wins</span>' if s in winners else "") + "</li>"
        for s in range(n)
    )
    return (
        '<section class="result" data-result aria-labelledby="result-title">'
        '<h2 id="result-title">The end of the game</h2>'
        f'<p class="result-summary" data-result-summary>{esc(out.get("summary", ""))}</p>'
        f'<ul class="reveal" data-ranking>{who}</ul>'
        '<div class="table-scroll" tabindex="0" role="region" aria-label="Campaigns"><table class="ranking"><thead><tr><th scope=col>campaign</th>'
        f"<th scope=col>countries per side</th><th scope=col>{'the Empire' if n == 3 else 'won by'}</th></tr></thead><tbody>{rows}</tbody></table></div>"
        "</section>"
    )


def drafting_score(view, ctx):
    """The 2-player drafting tricks won, from the shown seat's side ("you 3–2"; "Ann 3–2 Bob" to a spectator)."""
    t = view.get("tricks") or [0, 0]
    me = ctx.seat if ctx.seat in (0, 1) else None
    if me is None:
        return f"{name_of(view, 0)} {t[0]}–{t[1]} {name_of(view, 1)}"
    return f"you {t[me]}–{t[1 - me]}"


def status(view, ctx):
    phase = view.get("phase")
    drafting = view.get("drafting")
    if phase == "trick" and drafting:
        where = f"Drafting trick {drafting['trick']}/{drafting['tricks']} · {drafting_score(view, ctx)}"
    elif phase == "declare":
        where = f"Campaign {view.get('campaign')} · the State of the Nations"
    elif phase == "bid":
        where = f"Campaign {view.get('campaign')} · bidding for the State of the Nations"
    else:
        where = f"Campaign {view.get('campaign')} · conflict {view.get('conflict')}/{view.get('conflicts')}"
    return status_line(view, ctx, where)


def parts(view, ctx):
    bind(view, ctx)
    covered = set()
    board_html = map_and_conflict(view, ctx, covered)  # first: the hand covers what it has not
    return TableParts(status=status(view, ctx), seats=seats(view, ctx), board=board_html, side=score(view),
                      hand=hand_area(view, ctx, covered), covered=covered, result=result(view))
