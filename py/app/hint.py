""""Suggest a move": the hard bot's choice for a person's seat, from that
seat's view alone, computed where the bots' decisions are (the bot worker)
and shown by lighting the control that plays it, with one line saying what
it is. Pure logic, no browser: the play screen (screens/play.py) asks
`offered`, sends `job` to the worker and draws `line` and `lit`.

The setting "hints" (Settings): "auto" (the default) offers it in a game
against bots with one person at the table and not in hot seat, where a
suggestion would be seen by the others; "on" and "off" always and never.
It is never offered outside the play screen, so never at a walkthrough's
learner steps.
"""

from __future__ import annotations

from typing import Any, Optional

from .flow import BotJob
from .render import esc, ui_button

LEVEL = "hard"


def hints_on(setting: str, players: list[dict[str, Any]]) -> bool:
    """Whether the setting offers hints at a table of these players."""
    if setting == "on":
        return True
    if setting == "off":
        return False
    kinds = [p.get("kind") for p in players]
    return "bot" in kinds and kinds.count("human") == 1


def offered(match: Any, seat: Optional[int], setting: str, learner_step: bool = False) -> bool:
    """Whether "Suggest a move" is offered to `seat` now: a person's seat
    that must act, in a game not over, the setting on, not a learner's step."""
    if learner_step or seat is None or match.is_over() or match.is_bot(seat):
        return False
    if seat not in match.to_act() or len(match.state.legal_actions(seat)) < 2:
        return False
    return hints_on(setting, match.players)


def job(match: Any, seat: int) -> BotJob:
    """The hard bot's decision for `seat`, from that seat's view only (what
    the worker is sent for a bot of that seat)."""
    return BotJob(match.game.id, LEVEL, seat, len(match.record["moves"]), match._seed(), match.state.view(seat))


def line(view: dict, action: Optional[str], thinking: bool = False) -> str:
    """The hint's part of the table: the button, or what it suggests."""
    if thinking:
        return '<p class="hint" data-hint aria-live="polite">Looking for a move…</p>'
    if action is None or action not in view.get("legal", ()):
        return ('<p class="hint" data-hint>'
                + ui_button("suggest", "Suggest a move", "btn btn-small btn-quiet") + "</p>")
    label = (view.get("labels") or {}).get(action, action)
    return (f'<p class="hint" data-hint data-hint-action="{esc(action)}" aria-live="polite">'
            f'Suggested: <b>{esc(label)}</b> (the hard bot\'s choice from what you can see).</p>')


def lit(html: str, action: Optional[str]) -> str:
    """The table with the control that plays `action` lit (a class and a
    data attribute on its first tag); unchanged if no single control plays it."""
    if action is None:
        return html
    mark = f'data-action="{esc(action)}"'
    at = html.find(mark)
    if at < 0 or html.find(mark, at + len(mark)) >= 0:
        return html
    start = html.rfind("<", 0, at)
    tag_end = html.find(">", at)
    tag = html[start:tag_end]
    if ' class="' in tag:
        tag = tag.replace(' class="', ' class="hinted ', 1)
    else:
        tag += ' class="hinted"'
    return html[:start] + tag + " data-hinted" + html[tag_end:]
