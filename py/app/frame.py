"""The table's frame: the status line, the regions a game's renderer fills,
the log, and the controls of the move builder (a control that completes an
action carries ``data-action``; one that is a step of several, ``data-step``).
No browser here."""

from dataclasses import field

from coalitions.core.plain import plain

from .render import action_button, attrs, esc, shown_label, ui_button


@plain
class TableContext:
    """How to draw a view: who looks, and whether actions may be clicked."""

    interactive: bool = False  # action buttons only when True
    seat: object = None  # the seat whose view it is (None: spectator)
    busy: bool = False  # bots are moving
    can_undo: bool = False
    mode: str = "play"  # play | walkthrough
    meta: dict = field(default_factory=dict)
    game_id: str = ""
    result_actions: str = ""  # HTML placed under the result (new game, export, home)
    open_hands: dict = None  # walkthroughs: {seat: that seat's view}, to show every hand face up
    builder: object = None  # app.builder.Builder: the legal actions, narrowed by what is picked
    staged: str = None  # an action waiting for "Confirm move" (the player's setting)
    warning: str = None  # plain text shown with the staged action (a pass that ends the debate)
    moment: str = ""  # HTML: the panel of what just happened (app.results), or ""
    recaps: str = ""  # HTML: the buttons that show the last trick, election... again
    waiting: str = ""  # plain text: what holds the bots (a result on screen), said in place of whose turn it is
    pace: str = ""  # HTML: the bots' last move and "Skip to my turn", in the status line while they play
    staged_inline: bool = False  # the staged move's question is beside its own control (not in the bar)

    def control(self, kind, *parts, **named):
        """The builder's control for these parts of a `kind` action, or None
        (read-only table, or no legal action has them)."""
        if not self.interactive or self.builder is None:
            return None
        return self.builder.control(kind, *parts, **named)


@plain
class TableParts:
    """What a game's renderer draws; the frame places it."""

    status: str = ""  # HTML
    seats: str = ""
    board: str = ""  # the shared play area (main column)
    side: str = ""  # the rest of the shared area (score track etc.)
    hand: str = ""  # the private area, with the action buttons
    covered: set = field(default_factory=set)  # actions the renderer made buttons for
    result: str = ""  # the result explanation, when the game is over


def name_of(view, seat):
    names = view.get("names") or []
    if seat is None or not 0 <= seat < len(names):
        return "?"
    return names[seat]


def turn_status(view, ctx):
    """Plain text: whose turn it is, from the point of view of the shown seat."""
    if view.get("outcome"):
        return "The game is over."
    to_act = view.get("to_act") or []
    if not to_act:
        return ""
    if ctx.waiting:
        return ctx.waiting
    kinds = view.get("kinds") or []
    if ctx.seat is not None and ctx.seat in to_act and ctx.interactive:
        if sum(1 for k in kinds if k == "human") > 1:  # hot seat: say whose turn it is
            return f"Your turn, {name_of(view, ctx.seat)}."
        return "Your turn."
    who = ", ".join(name_of(view, s) for s in to_act)
    if ctx.busy and all(0 <= s < len(kinds) and kinds[s] == "bot" for s in to_act):
        return f"{who} is thinking…"
    return f"{who} to play."


def status_line(view, ctx, where=""):
    """The status line: where the game stands (`where`, plain text, left out
    once the game is over), then whose turn it is."""
    text = turn_status(view, ctx)
    prefix = f'<span class="status-debate">{esc(where)}</span>' if where and not view.get("outcome") else ""
    cls = "status-text is-your-turn" if text.startswith("Your turn") and ctx.interactive else "status-text"
    return f'{prefix}<span class="{cls}" data-turn-text>{esc(text)}</span>'


def log_panel(view):
    items = []
    for ev in view.get("log") or []:
        kind = "".join(ch for ch in str(ev.get("kind", "info")) if ch.isalnum() or ch == "-")
        private = ev.get("to") is not None
        items.append(
            f'<li class="log-{kind}{" log-private" if private else ""}">'
            + ('<span class="visually-hidden">Only you see this: </span>' if private else "")
            + f'{esc(ev.get("text", ""))}</li>'
        )
    return (
        '<aside class="log" aria-labelledby="log-title">'
        '<h2 id="log-title">Log</h2>'
        f'<ol class="log-list" data-log tabindex="0" aria-label="Game log">{"".join(items)}</ol>'
        "</aside>"
    )


def bind(view, ctx):
    """Give `ctx` the move builder of `view` if the screen did not (a renderer
    calls this first): the seat's legal actions, nothing picked."""
    if ctx.builder is None:
        from coalitions.registry import get_game

        from .builder import Builder

        legal = view.get("legal") or [] if ctx.interactive else []
        ctx.builder = Builder(legal, get_game(ctx.game_id).parse_action, view.get("labels"))
    return ctx


def pick_button(control, label, content, cls="btn", picked=False):
    """The button of a builder control: `data-action` when it completes an
    action (its label is the rules' label), `data-step` when it is one step of
    several (`label` names what it picks). `content` is HTML."""
    if control.action is not None:
        return action_button(control.action, control.label, content, cls)
    extra = attrs(class_=cls + (" is-picked" if picked else ""), data_step=control.step.key(),
                  aria_label=shown_label(label, content), aria_pressed="true" if picked else "false")
    return f'<button type="button"{extra}>{content}</button>'


def choices_box(ctx, what, content_of, label_of=None):
    """The ways to go on from what is picked (a card's party, a bid's suit):
    one button per value of the next part, and Cancel. `content_of(value)`
    gives a button's inside (HTML), `label_of(value)` the label of a step."""
    builder = ctx.builder if ctx.interactive else None
    if builder is None or builder.picked is None:
        return ""
    buttons = []
    for choice in builder.choices():
        content = content_of(choice.value, choice.control)
        label = label_of(choice.value) if label_of else str(choice.value)
        buttons.append(pick_button(choice.control, label, content, "btn choice-btn"))
    buttons.append(ui_button("cancel-move", "Cancel", "btn btn-small btn-quiet"))
    return (
        f'<div class="card-choices" data-choices role="group" aria-label="{esc(what)}">'
        f'<span class="small">{esc(what)}</span>{"".join(buttons)}</div>'
    )


def staged_bar(view, ctx):
    """"Confirm move": the action the player chose, waiting for confirmation."""
    if not ctx.interactive or not ctx.staged or ctx.staged_inline:
        return ""
    label = (view.get("labels") or {}).get(ctx.staged, ctx.staged)
    return (
        '<div class="staged" data-staged role="group" aria-label="Confirm your move">'
        f'<p>Your move: <b>{esc(label)}</b></p>'
        + (f'<p class="staged-warning" data-staged-warning>{esc(ctx.warning)}</p>' if ctx.warning else "")
        + ui_button("confirm-move", "Confirm move", "btn btn-primary")
        + ui_button("cancel-move", "Change it", "btn btn-quiet")
        + "</div>"
    )


def other_actions(view, ctx, covered):
    """Buttons for legal actions the game's renderer did not draw (a safety net)."""
    if not ctx.interactive:
        return ""
    labels = view.get("labels") or {}
    if ctx.builder is not None:
        covered = covered | ctx.builder.covered
    rest = [a for a in view.get("legal") or [] if a not in covered]
    if not rest:
        return ""
    return (
        '<div class="other-actions" role="group" aria-label="Actions">'
        + "".join(action_button(a, labels.get(a, a)) for a in rest)
        + "</div>"
    )


def deciding_now(view, ctx):
    """True when the shown seat may act now at an interactive table."""
    return (ctx.interactive and ctx.seat is not None and not view.get("outcome")
            and ctx.seat in (view.get("to_act") or []) and bool(view.get("legal")))


def table(view, parts, ctx):
    """The table: status, seats, board, private area, log. Read-only unless ctx.interactive."""
    undo = ""
    if ctx.interactive and ctx.can_undo:
        # on a phone "Undo" alone shows (the rest is read out), so that it fits beside whose turn it is
        undo = ('<button type="button" class="btn btn-quiet undo" data-ui="undo">'
                'Undo<span class="undo-more"> my last move</span></button>')
    seat_attr = "spectator" if ctx.seat is None else str(ctx.seat)
    # The shown seat has something to decide: the stylesheet keeps its hand
    # and actions in view (sticky at the bottom of the window) while it does.
    deciding = "true" if deciding_now(view, ctx) else None
    result = ""
    if parts.result:
        result = f'<div class="result-wrap" data-result-wrap>{parts.result}{ctx.result_actions}</div>'
    return (
        # keyed (data-region) so that a panel put before it never takes over its node, and the focus on
        # a board square survives the bots' moves (static/patch.js matches unkeyed nodes by position)
        f'<section class="table{" read-only" if not ctx.interactive else ""}{" is-over" if view.get("outcome") else ""}" data-table'
        ' data-region="table"'
        f'{attrs(data_game=ctx.game_id, data_view_seat=seat_attr, data_deciding=deciding)} aria-label="The table">'
        f'<div class="table-status" role="status" data-status data-region="status">{parts.status}{undo}{ctx.pace}</div>'
        '<p class="visually-hidden" data-announce aria-live="polite"></p>'
        f'<div data-region="result">{result}</div>'
        f'<div data-region="staged">{staged_bar(view, ctx)}</div>'
        f'<div class="table-recaps" data-region="recaps">{ctx.recaps}</div>'
        f'<div data-region="moment">{ctx.moment}</div>'
        '<div class="table-grid">'
        f'<div class="col col-side"><div class="area area-side" data-region="side">{parts.side}</div></div>'
        '<div class="col col-main">'
        f'<div class="area area-board" data-region="board">{parts.board}</div>'
        f'<div class="area area-hand" data-region="hand">{parts.hand}{other_actions(view, ctx, parts.covered)}</div>'
        "</div>"
        '<div class="col col-people">'
        f'<div class="area area-seats" data-region="seats">{parts.seats}</div>'
        f'<div class="area area-log" data-region="log">{log_panel(view)}</div>'
        "</div>"
        "</div></section>"
    )
