"""The Coalition Chess table: the 10×10 board (turned to the player, or
fixed: a setting), a piece picked and then its square (then the promotion),
Yellow's set-up piece by piece or in one click, the out-of-turn "Answer the
check now", the coalitions and the captured men, and the move list, which
can be stepped back through without changing the game.

Nothing in this game is hidden from anyone: the table needs no hot-seat
cover (COVER below; app/session.py asks)."""

from coalitions.games.coalition_chess.data import POWER_NAMES, POWERS

from ...results import Kind
from ...render import TableParts, bind, choices_box, esc, name_of, pick_button, plural, status_line
from ..common import seat_list
from .board import KIND_NAMES, board_controls, defs, draw_board, mini, piece_key, piece_svg
from .look import can_look, look_bar, look_of, move_list, past_view

# A coalition formed in play is the moment of the opening: the panel shows the
# move that committed the lesser power (a capture, a check or its declaration)
# and the coalitions as they now stand (docs/architecture.md, "Results").
RESULTS = (Kind("coalition", "coalition", "A coalition is formed", before=("move", "declare")),)

GAME_ID = "coalition-chess"
COVER = False  # every seat sees the whole position: hot-seat play passes the device without a cover
TEAM_MARKS = ("◆", "◇")  # a shape as well as a colour for each coalition
POWER_PIECE = ("king", "king", "submarine", "plane")  # the piece that stands for each power


def power_chip(seat):
    return (f'<span class="cc-power cc-t-{POWERS[seat]}">{piece_svg(POWERS[seat], POWER_PIECE[seat], "cc-chip")}'
            f'<b>{esc(POWER_NAMES[seat])}</b></span>')


def badge(view, seat):
    """The power's coalition, as a shape and words."""
    p = (view.get("powers") or [{}] * 4)[seat]
    team = p.get("team", -1)
    if team is None or team < 0:
        return '<span class="cc-badge cc-badge-none">○ neutral</span>'
    mates = [q for q in range(4) if q != seat and (view["powers"][q].get("team") == team)]
    words = "with " + " and ".join(POWER_NAMES[q] for q in mates) if mates else "no partner yet"
    return (f'<span class="cc-badge cc-badge-{team}"><b aria-hidden="true">{TEAM_MARKS[team % 2]}</b> '
            f"{esc(words)}</span>")


def flags(view, seat):
    """Short facts about a power: in check, the round it sits out, retired, a dummy."""
    p = (view.get("powers") or [{}] * 4)[seat]
    out = []
    if view.get("outcome"):
        return out
    if p.get("in_check"):
        out.append('<span class="tag cc-tag-check">in check</span>')
    if p.get("retired"):
        out.append('<span class="tag">retired</span>')
    if p.get("sits_out"):
        out.append(f'<span class="tag">sits out round {int(p["sits_out"])}</span>')
    dummy = p.get("dummy")
    if dummy is not None:
        who = "a bot" if dummy == "bot" else name_of(view, dummy)
        out.append(f'<span class="tag">dummy ({esc(who)})</span>')
    return out


# -- the seats and the side panel ---------------------------------------------------------------------


def seats(view, ctx, shown):
    """The players; their coalitions and flags as on the board shown (`shown`:
    an earlier position while looking back)."""
    return seat_list(view, ctx, lambda s: [power_chip(s)], lambda s: [badge(shown, s)] + flags(shown, s),
                     turn_word="to move")


def coalitions_text(view):
    c = view.get("coalitions") or {}
    teams = c.get("teams") or [[], []]
    if all(teams) and not c.get("neutral"):
        sides = [f'<b aria-hidden="true">{TEAM_MARKS[t]}</b> ' + esc(" and ".join(POWER_NAMES[q] for q in teams[t]))
                 for t in (0, 1)]
        return f"<p>{sides[0]} <i>against</i> {sides[1]}.</p>"
    neutral = " and ".join(POWER_NAMES[q] for q in c.get("neutral") or [])
    text = f"{neutral} {'is' if ' and ' not in neutral else 'are'} still neutral."
    if c.get("deciding") and not view.get("outcome"):
        text += (" A lesser power joins Yellow or Black in rounds 1–3 by declaring, by giving check or by taking "
                 "a piece; neutral after round 3, it stops the game.")
    return f"<p>{esc(text)}</p>"


def captures(seat, p):
    """The men this power has captured, each in its victim's colour and with
    its letter, and how many of its own it has lost."""
    took = [(q, kind) for q, kind in p.get("took_from") or [] if isinstance(q, int) and 0 <= q < 4]
    lost = len(p.get("lost") or [])
    head = f"Captured by {POWER_NAMES[seat]}"
    men = "".join(mini(q, kind) for q, kind in took)
    body = (f'<span class="small">{esc(head)} ({len(took)}):</span>{men}' if took
            else f'<span class="small">{esc(head)}: nothing yet.</span>')
    if lost:
        body += f'<span class="small cc-lost-n">{esc(POWER_NAMES[seat])} has lost {esc(plural(lost, "man", "men"))}.</span>'
    return f'<span class="cc-lost" data-cc-took="{POWERS[seat]}">{body}</span>'


def powers_panel(view):
    rows = []
    for p in view.get("powers") or []:
        s = p["seat"]
        rows.append(
            f'<li class="cc-pw{" is-turn" if view.get("turn") == s else ""}" data-cc-power="{POWERS[s]}">'
            f'<span class="cc-pw-head">{power_chip(s)} <span class="cc-pw-name">{esc(name_of(view, s))}</span></span>'
            f'<span class="cc-pw-badge">{badge(view, s)}{"".join(flags(view, s))}</span>'
            f"{captures(s, p)}</li>"
        )
    offer = view.get("draw_offer")
    extra = ""
    if offer:
        extra = f'<p class="cc-offer">{esc(" and ".join(POWER_NAMES[q] for q in offer.get("seats") or []))} offer a draw.</p>'
    return (
        '<section class="cc-side" data-cc-coalitions aria-labelledby="cc-coal-title">'
        f'<h2 id="cc-coal-title">Coalitions</h2>{coalitions_text(view)}{extra}'
        f'<ul class="cc-powers">{"".join(rows)}</ul></section>'
    )


# -- the player's panel -------------------------------------------------------------------------------


def reserve_buttons(view, ctx):
    """Yellow's set-up (or a rearrangement): one button per kind of piece still
    to place, then the squares of the area light up."""
    setup = view.get("setup") or {}
    if not ctx.interactive or setup.get("seat") != ctx.seat:
        return ""
    counts = {}
    for kind in setup.get("reserve") or []:
        counts[kind] = counts.get(kind, 0) + 1
    power = POWERS[setup["seat"]]
    buttons = []
    for kind, n in counts.items():
        name = KIND_NAMES.get(kind, kind)
        content = (f"{piece_svg(power, kind)}<span>{esc(name)}</span>"
                   + (f' <small>×{n}</small>' if n > 1 else ""))
        control = ctx.control("place", kind)
        if control is None:
            buttons.append(f'<span class="cc-res is-waiting">{content}</span>')
            continue
        picked = ctx.builder.is_picked("place", kind)
        buttons.append(pick_button(control, f"{name}: choose its square", content, "btn cc-res", picked))
    note = ""
    return (f'<div class="cc-reserve" role="group" aria-label="Pieces to place">{"".join(buttons)}</div>{note}')


EXTRA_KINDS = ("default", "declare", "swap", "rearrange", "wait", "offer", "accept", "decline", "pass")


def extra_buttons(view, ctx):
    """Every action that is not a piece moved on the board."""
    builder = ctx.builder
    if builder is None or not ctx.interactive:
        return ""
    out = []
    for kind in EXTRA_KINDS:
        seen = set()
        for a in builder.of_kind(kind):
            first = tuple(v for _, v in a.parts[:1])
            if first in seen:
                continue
            seen.add(first)
            control = ctx.control(kind, *first)
            if control is None:
                continue
            if control.action is not None:
                label = control.label
            elif kind == "swap":
                label = f"Motorcyclist on {first[0]}: put it on a square of the other colour"
            else:
                label = kind
            cls = "btn" + (" btn-primary" if kind in ("default", "accept") else "")
            picked = builder.is_picked(kind, *first)
            text = {"swap": "Swap the Motorcyclist's colour", "decline": "Let the check stand"}.get(kind, label)
            out.append(pick_button(control, label, esc(text), cls, picked))
    if not out:
        return ""
    return f'<div class="actions cc-actions" role="group" aria-label="Other actions">{"".join(out)}</div>'


def promotion_box(ctx):
    builder = ctx.builder
    if builder is None or builder.picked is None or builder.next_part() != "promote":
        return ""
    seat = ctx.seat if isinstance(ctx.seat, int) else 0
    return choices_box(
        ctx, "The piece becomes",
        lambda v, c: f"{piece_svg(POWERS[seat], str(v))}<span>{esc(KIND_NAMES.get(str(v), v))}</span>",
        lambda v: KIND_NAMES.get(str(v), str(v)))


def prompt(view, ctx):
    phase = view.get("phase")
    builder = ctx.builder
    picked = builder.picked if builder is not None else None
    if phase == "setup":
        return ("Set up your army: pick a piece, then a square of your area (lit on the board), or take the "
                "default set-up in one click.")
    if phase == "rearrange":
        return "Rearrange: put each lifted piece back on a square of your area."
    if picked is not None and picked.kind in ("move", "answer") and len(picked.parts) == 1:
        return f"Now pick the square for the piece on {picked.parts[0][1]} (pick it again to let go)."
    if picked is not None and picked.kind in ("move", "answer") and len(picked.parts) == 2:
        return (f"The piece from {picked.parts[0][1]} reaches the far edge on {picked.parts[1][1]}: choose what "
                "it becomes below, or pick another square.")
    if picked is not None and picked.kind == "swap":
        return "Pick the square for the Motorcyclist."
    if phase == "answer":
        return ""
    if builder is not None and (builder.has("move")):
        return "Pick one of your pieces: the squares it can reach light up."
    return ""


def answer_box(view, ctx):
    answer = view.get("answer")
    if not answer or answer.get("seat") != ctx.seat:
        return ""
    by = next((c.get("by") for c in view.get("checks") or [] if c.get("seat") == ctx.seat), None) or []
    board = view.get("board") or {}
    givers = [f"{POWER_NAMES[board[sq][0]]}'s {KIND_NAMES.get(board[sq][1], board[sq][1])} on {sq}"
              if sq in board else sq for sq in by]
    frm = f" from {' and '.join(givers)}" if givers else ""
    # short, so that "let it stand" right below it is in view on a phone with the board
    return (
        '<div class="cc-answer" data-cc-answer role="alert">'
        f'<p class="cc-answer-title"><b>Answer the check now?</b> Your King on {esc(answer.get("king"))} '
        f'is in check{esc(frm)}.</p></div>'
    )


ANSWER_HOW = ('<p class="hint cc-answer-how">Answer at once, out of turn: pick a piece and its square (you then '
              "miss your next turn). Or let the check stand until your turn.</p>")


def hand_area(view, ctx, looking):
    seat = ctx.seat
    if view.get("outcome"):
        return ""
    if seat is None:
        return ('<section class="hand-area spectator" aria-label="Moves"><p>You are watching: '
                "every piece is on the board for all to see.</p></section>")
    head = f'<h2 id="hand-title">Your move <span class="hand-owner">({esc(name_of(view, seat))}, ' \
           f'{esc(POWER_NAMES[seat])})</span></h2>'
    if looking is not None:
        body = '<p class="hint">You are looking back at an earlier position. Go back to the game to move.</p>'
    elif not ctx.interactive:
        to_act = view.get("to_act") or []
        who = ", ".join(f"{name_of(view, s)} ({POWER_NAMES[s]})" for s in to_act)
        body = f'<p class="hint">{esc(who)} to move.</p>' if who else ""
    else:
        text = prompt(view, ctx)
        others = extra_buttons(view, ctx)
        first = view.get("phase") == "setup"  # "Default set-up" before the twelve pieces, in view on a phone
        answer = answer_box(view, ctx)
        if answer:  # the check's answer: "let it stand" beside the title, in view on a phone
            body = answer + others + ANSWER_HOW + (f'<p class="hint" data-cc-prompt>{esc(text)}</p>' if text else "") \
                + reserve_buttons(view, ctx) + promotion_box(ctx)
            return (f'<section class="hand-area cc-hand" data-hand="{seat}" aria-labelledby="hand-title">'
                    f'{head}{body}</section>')
        body = (answer
                + (f'<p class="hint" data-cc-prompt>{esc(text)}</p>' if text else "")
                + (others if first else "")
                + reserve_buttons(view, ctx) + promotion_box(ctx) + ("" if first else others))
    return f'<section class="hand-area cc-hand" data-hand="{seat}" aria-labelledby="hand-title">{head}{body}</section>'


# -- the end ------------------------------------------------------------------------------------------


def result(view):
    out = view.get("outcome")
    if not out:
        return ""
    winners = set(out.get("winners") or [])
    scores = out.get("scores") or []
    rows = "".join(
        f'<li class="{"is-winner" if s in winners else ""}">{power_chip(s)} {esc(name_of(view, s))}: '
        f'{esc(plural(scores[s] if s < len(scores) else 0, "point"))}'
        + (' <span class="tag tag-win">wins</span>' if s in winners else "") + "</li>"
        for s in range(4)
    )
    return (
        '<section class="result" data-result aria-labelledby="result-title">'
        '<h2 id="result-title">The end of the game</h2>'
        f'<p class="result-summary" data-result-summary>{esc(out.get("summary", ""))}</p>'
        f'<ul class="reveal cc-ranking" data-ranking>{rows}</ul></section>'
    )


def status(view, ctx):
    phase = view.get("phase")
    turn = view.get("turn")
    who = POWER_NAMES[turn] if isinstance(turn, int) and 0 <= turn < 4 else ""
    where = f"Round {view.get('round')}"
    if phase == "setup":
        where = "Yellow sets up its army"
    elif phase == "rearrange":
        where += f" · {who} rearranges"
    elif phase == "answer":
        where += f" · {who} may answer the check"
    elif who:
        where += f" · {who} to move"
    return status_line(view, ctx, where)


# -- the table ----------------------------------------------------------------------------------------


def parts(view, ctx):
    bind(view, ctx)
    looking = look_of(ctx) if can_look(ctx) else None
    past = past_view(view, looking) if looking is not None else None
    if past is None:
        looking = None
    shown = past or view
    covered = set()
    if past is not None:
        board = look_bar(view, ctx, looking) + draw_board(past, ctx, {}, None, past=True)
        covered = set(view.get("legal") or [])  # no move while looking back: the way back is above
    else:
        controls, target_of = board_controls(view, ctx)
        board = draw_board(view, ctx, controls, target_of)
    board_html = (
        '<section class="cc-table" aria-labelledby="cc-board-title" data-current-play>'
        '<h2 id="cc-board-title" class="visually-hidden">The board</h2>'
        f"{defs()}{board}</section>"
    )
    hand = hand_area(view, ctx, looking)
    # the key beside the board, not under it: the hand stays where it was (in view at 1280 x 800)
    side = piece_key() + powers_panel(shown) + move_list(view, ctx, looking)
    return TableParts(
        status=status(view, ctx),
        seats=seats(view, ctx, shown),
        board=board_html,
        side=side,
        hand=hand,
        covered=covered,
        result=result(view),
    )

