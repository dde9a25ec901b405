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

import sys
from importlib import import_module
from typing import Any, Callable, Optional

from coalitions.registry import get_game

from .builder import Pick
from .flow import BotJob
from .render import esc, ui_button

LEVEL = "hard"

# A game whose bots can say in one line why a move is good, from the seat's
# view alone, has a module `hints` in its package (beside bots.py) with
# `reason(view, action) -> str or None`; found by that name, no list here.
HINTS = "hints"
GENERIC = "the hard bot's choice from what you can see"


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


def reason(view: dict, action: str) -> Optional[str]:
    """Why the bot picks `action`, in one line, where the game says it (the
    `reason` of its package's `hints` module, imported when first asked),
    from `view` alone: the seat's own view, so it shows nothing the seat may
    not see. None elsewhere."""
    try:
        game = get_game(view.get("game"))
    except ValueError:  # not a known game
        return None
    package = sys.modules[game.__module__].__package__  # the game's folder
    name = f"{package}.{HINTS}"
    try:
        module = import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None  # this game gives no reason
    explain: Optional[Callable[[dict, str], Optional[str]]] = getattr(module, "reason", None)
    return explain(view, action) if explain is not None else None


def line(view: dict, action: Optional[str], thinking: bool = False) -> str:
    """The hint's part of the table: the button, or what it suggests and,
    where the game's bot can say it, why."""
    if thinking:
        return '<p class="hint" data-hint aria-live="polite">Looking for a move…</p>'
    if action is None or action not in view.get("legal", ()):
        return ('<p class="hint" data-hint>'
                + ui_button("suggest", "Suggest a move", "btn btn-small btn-quiet") + "</p>")
    label = (view.get("labels") or {}).get(action, action)
    why = reason(view, action)
    if not why:
        return (f'<p class="hint" data-hint data-hint-action="{esc(action)}" aria-live="polite">'
                f'Suggested: <b>{esc(label)}</b> ({esc(GENERIC)}).</p>')
    # A reason may run to several lines: shown, it takes two at most, no
    # higher than the button (cut short with an ellipsis, static/css/base.css),
    # so that the table keeps its place under it, and opens to the whole reason
    # when pressed (an open <details> survives a redraw).
    return (f'<details class="hint" data-hint data-hint-action="{esc(action)}" aria-live="polite">'
            f'<summary>Suggested: <b>{esc(label)}</b>. <span data-hint-reason>{esc(why)}</span></summary>'
            "</details>")


def marks(action: str, parse: Optional[Callable[[str], Any]] = None) -> list[str]:
    """The attributes of the controls that lead to `action`, best first: the
    control that plays it, then the steps of the move builder that start it
    (the piece, then the square; the card, then the party), the longest
    first. Without `parse`, the first only."""
    out = [f'data-action="{esc(action)}"']
    if parse is None:
        return out
    try:
        act = parse(action)
    except Exception:  # not this game's notation: only the whole action can be lit
        return out
    for n in range(len(act.parts) - 1, -1, -1):
        out.append(f'data-step="{esc(Pick(act.kind, act.parts[:n]).key())}"')
    return out


def lit(html: str, action: Optional[str], parse: Optional[Callable[[str], Any]] = None) -> str:
    """The table with the control that plays `action` lit (a class and a
    data attribute on its first tag), or, when it takes several picks, the
    control of the next pick towards it (with the game's `parse`);
    unchanged if no single control leads to it."""
    if action is None:
        return html
    for mark in marks(action, parse):
        at = html.find(mark)
        if at >= 0 and html.find(mark, at + len(mark)) < 0:
            break
    else:
        return html
    start = html.rfind("<", 0, at)
    tag_end = html.find(">", at)
    tag = html[start:tag_end]
    if ' class="' in tag:
        tag = tag.replace(' class="', ' class="hinted ', 1)
    else:
        tag += ' class="hinted"'
    return html[:start] + tag + " data-hinted" + html[tag_end:]
