"""Coalition Chess: the pieces (our own drawings: a shape per kind, the
power's colour, and the piece's letter, so that colour is never the only
cue) and the 10×10 board with its coordinates.

Every square is always drawn in the same order (a1, b1, ... k10); the board's
``data-orient`` (the power whose side is at the bottom) places them on the
grid through the stylesheet, so that turning the board moves no node."""

from coalitions.games.coalition_chess.data import FILES, PIECES, POWER_NAMES, POWERS

from ...render import esc, pick_button

# a shape per kind (viewBox 0 0 40 40): filled with the power's colour,
# outlined and lettered in its contrasting colour (the stylesheet's)
SHAPES = {
    "king": '<path d="M8 34 L5.5 13 L13.5 20 L20 7 L26.5 20 L34.5 13 L32 34 Z"/>',
    "plane": ('<path d="M20 3 L24.5 14 L37 20 L37 25 L24.5 23 L23.5 31 L28 35.5 L12 35.5 L16.5 31 '
              'L15.5 23 L3 25 L3 20 L15.5 14 Z"/>'),
    "submarine": ('<path d="M3 25 Q3 17 12 17 L15 17 L16.5 9 L24 9 L25.5 17 L28 17 Q37 17 37 25 '
                  'Q37 33 28 33 L12 33 Q3 33 3 25 Z"/>'),
    "tank": '<path d="M4 33 L4 22 L10 22 L12 13 L28 13 L30 17 L37 17 L37 21 L30 21 L30 22 L36 22 L36 33 Z"/>',
    "artillery": ('<path d="M8 35 L8 27 L11.5 27 L11.5 15 L7.5 15 L7.5 5 L13.5 5 L13.5 9 L17.5 9 L17.5 5 '
                  'L22.5 5 L22.5 9 L26.5 9 L26.5 5 L32.5 5 L32.5 15 L28.5 15 L28.5 27 L32 27 L32 35 Z"/>'),
    "engineer": '<path d="M20 3.5 L34.5 11.75 L34.5 28.25 L20 36.5 L5.5 28.25 L5.5 11.75 Z"/>',
    "motorcyclist": '<path d="M20 3.5 Q31 13 29 24 L33 35 L7 35 L11 24 Q9 13 20 3.5 Z"/>',
    "machine-gun": '<path d="M20 2.5 L37.5 20 L20 37.5 L2.5 20 Z"/>',
    "guard": '<path d="M12 35 L15 22.5 Q11 19.5 12.5 14 Q14.5 7.5 20 7.5 Q25.5 7.5 27.5 14 Q29 19.5 25 22.5 L28 35 Z"/>',
}
# where the letter sits in each shape (its baseline)
LETTER_Y = {"king": 30, "plane": 23.5, "submarine": 30, "tank": 30.5, "artillery": 25, "engineer": 25,
            "motorcyclist": 30.5, "machine-gun": 25, "guard": 31.5}
KIND_NAMES = {v[0]: v[1] for v in PIECES.values()}
LETTERS = {v[0]: v[2] for v in PIECES.values()}


def defs():
    """The pieces' symbols, once per page (the pieces refer to them)."""
    symbols = "".join(
        f'<symbol id="cc-s-{kind}" viewBox="0 0 40 40">'
        f'<g stroke="currentColor" stroke-width="1.8" stroke-linejoin="round">{shape}</g>'
        f'<text x="20" y="{LETTER_Y[kind]}" text-anchor="middle" fill="currentColor" stroke="none" '
        f'font-size="{15 if len(LETTERS[kind]) == 1 else 11.5}" font-weight="800" '
        f'font-family="system-ui, sans-serif">{LETTERS[kind]}</text></symbol>'
        for kind, shape in SHAPES.items()
    )
    return f'<svg class="cc-defs" aria-hidden="true" focusable="false">{symbols}</svg>'


def piece_key():
    """The key to the pieces, beside the board: each piece's drawing, the
    letter it carries (the same as in the move list and the log), its name
    and how it moves."""
    items = "".join(
        f'<li>{piece_svg("neutral", pid)}<b>{esc(letter)}</b> {esc(name)}: {esc(how)}</li>'
        for pid, name, letter, how in sorted(PIECES.values(), key=lambda v: v[0] != "king")
    )
    return (f'<details class="cc-key" data-cc-key><summary>Key to the pieces (letters)</summary>'
            f'<ul class="cc-key-list">{items}</ul></details>')


def piece_svg(power, kind, extra=""):
    """A piece's drawing (hidden from screen readers: its square or its
    caption names it)."""
    kind = kind if kind in SHAPES else "guard"
    return (f'<svg class="cc-piece cc-c-{esc(power)}{(" " + extra) if extra else ""}" viewBox="0 0 40 40" '
            f'aria-hidden="true" focusable="false"><use href="#cc-s-{esc(kind)}"></use></svg>')


def piece_name(seat, kind):
    """'Yellow Tank (T)': the power, the piece and the letter it carries."""
    return f"{POWER_NAMES[seat]} {KIND_NAMES.get(kind, kind)} ({LETTERS.get(kind, '?')})"


def square_name(f, r):
    return f"{FILES[f]}{r + 1}"


def mini(power_seat, kind):
    """A small piece with its name for screen readers (captured men)."""
    return (f'<span class="cc-mini" role="img" aria-label="{esc(piece_name(power_seat, kind))}">'
            f'{piece_svg(POWERS[power_seat], kind)}</span>')


# -- what the builder offers on the board ---------------------------------------------------------


def move_kind(view):
    return "answer" if view.get("phase") == "answer" else "move"


def board_controls(view, ctx):
    """{square: (control, label, role)} for every square that is a control
    now: a piece to pick (role "piece"), a square to move or place it on
    ("target"), and the picked piece or square ("picked")."""
    builder = ctx.builder if ctx.interactive else None
    if builder is None or not builder.actions:
        return {}, None
    out = {}
    picked = builder.picked
    kind = move_kind(view)
    board = view.get("board") or {}
    names = {sq: piece_name(*_seat_kind(v)) for sq, v in board.items()}
    # the pieces that can move
    for sq in builder.values(kind):
        control = ctx.control(kind, sq)
        if control is not None:
            is_picked = builder.is_picked(kind, sq)
            label = f"{names.get(sq, sq)} on {sq}: " + ("picked; pick it again to let go" if is_picked
                                                         else "choose where it goes")
            out[sq] = (control, label, "picked" if is_picked else "piece")
    target_of = None
    if picked is not None and picked.kind in ("move", "answer", "swap") and picked.parts:
        origin = picked.parts[0][1]
        target_of = str(origin)
        for to in builder.values(picked.kind, origin):
            control = ctx.control(picked.kind, origin, to)
            if control is None:
                continue
            what = names.get(to)
            label = f"{to}" + (f", taking the {what}" if what else "") + ": then choose what the piece becomes"
            role = "picked" if builder.is_picked(picked.kind, origin, to) else "target"
            out[str(to)] = (control, label, role)
    elif picked is not None and picked.kind == "place" and picked.parts:
        piece = picked.parts[0][1]
        for sq in builder.values("place", piece):
            control = ctx.control("place", piece, sq)
            if control is not None:
                out[str(sq)] = (control, f"{sq}: place the {KIND_NAMES.get(str(piece), piece)} here", "target")
    return out, target_of


def _seat_kind(value):
    seat, kind = value
    return seat, kind


# -- the board ------------------------------------------------------------------------------------


def orient_of(view, ctx):
    """The power whose side is at the bottom, from the player's setting
    "orientation" (app/storage.py; the play screen passes it as
    ctx.orientation): "turn" (the default) faces the seat whose table this
    is, which in hot-seat is the seat to move (while a bot moves the board
    stays with the last human, rather than spinning with every bot move);
    "mine" the first human seat; "fixed" Yellow. A spectator sees Yellow at
    the bottom, and so does a walkthrough at every step."""
    setting = getattr(ctx, "orientation", None) or "turn"
    if getattr(ctx, "mode", None) == "walkthrough":
        setting = "fixed"  # one orientation through the whole walkthrough, whoever moves
    kinds = view.get("kinds") or []
    seat = None
    if setting == "turn":
        seat = ctx.seat
    elif setting == "mine":
        humans = [s for s, k in enumerate(kinds) if k == "human"]
        seat = humans[0] if humans else ctx.seat
    if not isinstance(seat, int) or not 0 <= seat < 4:
        seat = 0
    return POWERS[seat]


def draw_board(view, ctx, controls, target_of, past=False):
    """The board: 100 squares and the coordinates. `controls` from
    board_controls (empty on a read-only board or a past position).

    Every square is a button, the ones that are no control now disabled for
    assistive technology only (aria-disabled, out of the tab order): the
    square a player has just moved to stays the same node through the
    redraws, so the keyboard focus stays on the board while the others move,
    and the arrow keys (data-grid: app/browser.py) go on from there."""
    board = view.get("board") or {}
    last = view.get("last_move") or {}
    marks = set()
    if last.get("kind") in ("move", "swap"):
        marks = {last.get("from"), last.get("to")}
    checked = {c.get("king") for c in view.get("checks") or []}
    area = set()
    setup = view.get("setup")
    if setup and not past:
        area = set(setup.get("area") or [])
    orient = orient_of(view, ctx)
    cells = []
    for r in range(10):
        for f in range(10):
            sq = square_name(f, r)
            cls = f"cc-sq f{f} r{r} {'cc-dark' if (f + r) % 2 == 0 else 'cc-light'}"
            if sq in marks:
                cls += " is-last"
            if sq in checked:
                cls += " is-check"
            if sq in area:
                cls += " is-area"
            if sq == target_of:
                cls += " is-picked"
            occupant = board.get(sq)
            inner = ""
            desc = sq
            if occupant:
                seat, kind = _seat_kind(occupant)
                inner = piece_svg(POWERS[seat], kind)
                desc = f"{sq}: {piece_name(seat, kind)}" + (", in check" if sq in checked else "")
            entry = controls.get(sq)
            if entry is not None:
                control, label, role = entry
                cls += {"piece": " can-pick", "picked": " is-picked", "target": " is-target"}[role]
                if occupant and role == "target":
                    cls += " is-capture"
                cells.append(pick_button(control, label, inner, cls, picked=role == "picked"))
            else:  # a button too, that does nothing: the square a player moved to keeps the focus while others move
                cells.append(f'<button type="button" class="{cls}" tabindex="-1" aria-disabled="true" '
                             f'aria-label="{esc(desc)}" data-sq="{sq}">{inner}</button>')
    labels = "".join(f'<span class="cc-lab cc-lab-f f{f}" aria-hidden="true">{FILES[f]}</span>' for f in range(10))
    labels += "".join(f'<span class="cc-lab cc-lab-r r{r}" aria-hidden="true">{r + 1}</span>' for r in range(10))
    bottom = POWER_NAMES[POWERS.index(orient)]
    return (
        f'<div class="cc-board{" is-past" if past else ""}" data-cc-board data-grid data-orient="{orient}" role="group" '
        f'aria-label="{esc(f"The board, {bottom} at the bottom")}">{"".join(cells)}{labels}</div>'
    )
