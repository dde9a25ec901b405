"""Pieces shared by the game renderers."""

from ..render import esc, name_of


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
