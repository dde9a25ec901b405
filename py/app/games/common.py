"""Pieces shared by the game renderers."""

from ..render import action_button, esc


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
