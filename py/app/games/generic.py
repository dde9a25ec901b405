"""The fallback renderer: seats, whose turn, and a button per legal action."""

from ..render import TableParts, action_button, esc, name_of, turn_status


def parts(view, ctx):
    seats = "".join(
        f'<li class="seat{" is-turn" if s in (view.get("to_act") or []) else ""}'
        f'{" is-you" if s == ctx.seat else ""}" data-seat="{s}">'
        f'<span class="seat-name">{esc(name_of(view, s))}</span></li>'
        for s in range(view.get("players") or len(view.get("names") or []))
    )
    covered = set()
    hand = ""
    if ctx.interactive:
        labels = view.get("labels") or {}
        buttons = []
        for action in view.get("legal") or []:
            buttons.append(action_button(action, labels.get(action, action)))
            covered.add(action)
        hand = f'<div class="actions" role="group" aria-label="Your actions">{"".join(buttons)}</div>'
    result = ""
    out = view.get("outcome")
    if out:
        lines = "".join(f"<li>{esc(line)}</li>" for line in (out.get("details") or {}).get("lines", []))
        result = (
            '<section class="result" data-result aria-labelledby="result-title">'
            '<h2 id="result-title">Result</h2>'
            f'<p class="result-summary">{esc(out.get("summary", ""))}</p>'
            f'<ul class="result-lines">{lines}</ul></section>'
        )
    return TableParts(
        status=f"<span>{esc(turn_status(view, ctx))}</span>",
        seats=f'<ol class="seats">{seats}</ol>',
        hand=hand,
        covered=covered,
        result=result,
    )
