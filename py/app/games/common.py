"""Pieces shared by the game renderers."""

from ..render import action_button, esc, name_of


def plays_of(legal, cid):
    """The legal actions that play card `cid`: 'play CID' and 'play CID ...'."""
    prefix = "play " + cid
    return [a for a in legal if a == prefix or a.startswith(prefix + " ")]


def choice_buttons(actions, labels, covered, what, content_of):
    """A group of buttons for the ways to play one card (a party to declare, a
    card to take...). `content_of(action)` gives each button's inside (HTML)."""
    buttons = []
    for action in actions:
        buttons.append(action_button(action, labels.get(action, action), content_of(action), "btn choice-btn"))
        covered.add(action)
    if not buttons:
        return ""
    return (
        f'<div class="card-choices" role="group" aria-label="{esc(what)}">'
        f'<span class="small">{esc(what)}</span>{"".join(buttons)}</div>'
    )


def after_colon(labels, action):
    """The part of an action's label after its first ': ' (the choice made), as HTML."""
    return esc(labels.get(action, action).split(": ", 1)[-1])


def seat_list(view, ctx, extra_tags, facts, after=None, turn_word="to act"):
    """The players, clockwise. Every game shows the same tags (you, bot, whose
    turn) around its own: `extra_tags(seat)` and `facts(seat)` give lists of HTML,
    `after(seat)` HTML placed after the facts (an open hand, say)."""
    kinds = view.get("kinds") or []
    to_act = view.get("to_act") or []
    items = []
    for s in range(view["players"]):
        tags = []
        if s == ctx.seat:
            tags.append('<span class="tag tag-you">you</span>')
        if s < len(kinds) and kinds[s] == "bot":
            tags.append('<span class="tag tag-bot">bot</span>')
        tags += extra_tags(s)
        if s in to_act:
            tags.append(f'<span class="tag tag-turn">{esc(turn_word)}</span>')
        cls = "seat" + (" is-turn" if s in to_act else "") + (" is-you" if s == ctx.seat else "")
        items.append(
            f'<li class="{cls}" data-seat="{s}"{" aria-current=true" if s in to_act else ""}>'
            f'<span class="seat-name">{esc(name_of(view, s))}</span>'
            f'<span class="seat-tags">{"".join(tags)}</span>'
            f'<span class="seat-facts">{"".join(facts(s))}</span>'
            f"{after(s) if after else ''}"
            "</li>"
        )
    return (
        '<section class="seats-box" aria-labelledby="seats-title">'
        '<h2 id="seats-title" class="visually-hidden">Players, clockwise</h2>'
        f'<ol class="seats">{"".join(items)}</ol></section>'
    )
