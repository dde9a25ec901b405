"""Coalition Chess: the move list, and looking back at an earlier position
without changing the game.

Nothing is hidden in this game, so a past position is the start replayed
with the moves of the list (the engine's own moves, no search). A game that
did not begin from the usual start (a walkthrough's set position) cannot be
replayed from the view alone: it is checked once, by replaying every move
and comparing with the position on the table, and the move list then only
lists."""

import json

from coalitions.games.coalition_chess import position
from coalitions.games.coalition_chess.data import POWER_NAMES
from coalitions.games.coalition_chess.notation import action_of, parse
from coalitions.games.coalition_chess.rules import CoalitionChessState

from ...render import attrs, esc, plural, ui_button

FOCUS = "[data-cc-look] button:not([disabled])"  # after a pick in the list: the board, shown above it
_REPLAYABLE = {}  # (options, every action) -> whether the moves replay to the table's position


def _key(view):
    return json.dumps(view.get("options"), sort_keys=True), tuple(m["action"] for m in view.get("moves") or [])


def _replay(options, actions, upto):
    """(the position after `upto` actions, the position after all of them), as JSON."""
    pos = position.new_game(options)
    snap = None
    for i, text in enumerate(actions):
        if i == upto:
            snap = position.to_json(pos)
        pos.push(action_of(parse(text)))
        pos.stack.clear()
    end = position.to_json(pos)
    return (end if snap is None else snap), end


def replayable(view):
    key = _key(view)
    if key not in _REPLAYABLE:
        try:
            _, end = _replay(view["options"], key[1], len(key[1]))
            ok = end == view.get("position")
        except Exception:  # noqa: BLE001 - a game this table cannot replay is only listed
            ok = False
        if len(_REPLAYABLE) > 8:
            _REPLAYABLE.clear()
        _REPLAYABLE[key] = ok
    return _REPLAYABLE[key]


def past_view(view, k):
    """The spectator's view of the position after the first `k` moves, with
    the players' names, or None (no such move, or not replayable)."""
    moves = view.get("moves") or []
    if not isinstance(k, int) or not 0 <= k < len(moves) or not replayable(view):
        return None
    try:
        snap, _ = _replay(view["options"], [m["action"] for m in moves], k)
        state = CoalitionChessState.from_json({
            "players": view.get("players") or 4, "options": view["options"], "seed": 0, "position": snap,
            "history": [[m["seat"], m["action"], m["text"]] for m in moves[:k]], "log": [],
        })
        past = state.view(None)
    except Exception:  # noqa: BLE001
        return None
    past["names"] = view.get("names")
    past["kinds"] = view.get("kinds")
    past["labels"] = {}
    return past


def look_of(ctx):
    """The move being looked at (an int), or None."""
    look = getattr(ctx, "look", None)
    return look if isinstance(look, int) and not isinstance(look, bool) else None


def can_look(ctx):
    """Whether this screen lets the player step back through the moves."""
    return ctx.mode == "play" and hasattr(ctx, "look")


def look_bar(view, ctx, k):
    """Over the board while looking back: where, and the way back."""
    n = len(view.get("moves") or [])
    buttons = [
        ui_button("look", "◀ Earlier", "btn btn-small", data_look=str(max(0, k - 1)),
                  disabled=k == 0, aria_label="One move earlier"),
        ui_button("look", "Later ▶", "btn btn-small", data_look=str(k + 1) if k + 1 < n else "",
                  aria_label="One move later"),
        ui_button("look", "Back to the game", "btn btn-small btn-primary", data_look=""),
    ]
    where = "the start" if k == 0 else f"move {k} of {n}"
    return (
        '<div class="cc-look" data-cc-look role="group" aria-label="Looking back">'
        f'<p><b>Looking back: {esc(where)}.</b> The game itself has not changed.</p>'
        f'<p class="cc-look-btns">{"".join(buttons)}</p></div>'
    )


def move_entry(m):
    """A move's text: the notation's readable form ('Td1-d5', '!Ke1-f1' for a
    check answered out of turn); a placement as 'K on e1'."""
    text = str(m.get("text") or m.get("action") or "")
    words = text.split(" ")
    if words[0] == "place" and len(words) == 3:
        from .board import LETTERS  # the letter a piece carries
        return f"{LETTERS.get(words[1], words[1])} on {words[2]}"
    return {"default": "default set-up", "wait": "waits", "pass": "passes", "offer": "offers a draw",
            "accept": "accepts the draw", "decline": "lets the check stand", "rearrange": "rearranges"}.get(text, text)


def move_list(view, ctx, looking):
    """The moves so far, by power; in play, each one a button to look at the
    position after it."""
    moves = view.get("moves") or []
    look = can_look(ctx) and replayable(view)
    items = []
    for i, m in enumerate(moves):
        seat = m.get("seat")
        power = POWER_NAMES[seat] if isinstance(seat, int) and 0 <= seat < 4 else "?"
        text = move_entry(m)
        body = (f'<span class="visually-hidden">{i + 1}. {esc(power)}: </span>'
                f'<span class="cc-mv-who cc-t-{esc(power.lower())}" aria-hidden="true">{esc(power[0])}</span> '
                f"{esc(text)}")
        current = looking is not None and looking == i + 1
        if look:
            attributes = attrs(class_="cc-mv-btn", data_ui="look", data_look=str(i + 1), data_focus=FOCUS,
                               aria_current="true" if current else None)
            body = (f"<button type=\"button\"{attributes}>{body}"
                    '<span class="visually-hidden"> (look at the board after it)</span></button>')
        items.append(f'<li{attrs(class_="is-current" if current else None)}>{body}</li>')
    if not items:
        return ""
    hint = ""
    if look and looking is None:
        hint = '<p class="small">Pick a move to see the board as it was after it; the game does not change.</p>'
    start = ""
    if look:
        start = ui_button("look", "The start", "btn btn-small btn-quiet", data_look="0", data_focus=FOCUS)
    return (
        '<section class="cc-moves" aria-labelledby="cc-moves-title">'
        f'<h2 id="cc-moves-title">Moves <small>({esc(plural(len(moves), "move"))})</small></h2>{hint}'
        # the scroller starts at its end (column-reverse): the last moves are in view
        '<div class="cc-move-scroll" data-cc-moves-scroll tabindex="0" role="region" aria-label="The moves">'
        f'<ol class="cc-move-list" data-cc-moves>{"".join(items)}</ol></div>'
        f"{start}</section>"
    )
