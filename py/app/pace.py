"""The bots' pace at the table, in plain Python: how long a bot move stays on
show before the next one, and the one line that says what a move did.

A bot move is shown for at least the pace the player chose (Settings, or the
new-game screen) before the next automatic move is made; the bot's thinking
in the worker counts towards it. One move that writes many lines to the log
(Die Macher's cabinet phase reveals every card at once) is one step, told by
its first line and how many more followed. Pure Python: no browser.
"""

from __future__ import annotations

from typing import Any, Optional

# The settings' choices (app.storage.CHOICES "bot_speed"): seconds a move is
# on show before the next automatic move.
BOT_DELAYS = {"normal": 0.9, "slow": 1.6, "fast": 0.4, "instant": 0.0}


def bot_delay(choice: str, fast: bool = False, override: Optional[float] = None) -> float:
    """Seconds between two automatic moves: the chosen speed ("normal" when
    unknown), 0 with the `fast` route flag, or `override` (a page that set
    ``window.coalitionsBotPace``: the browser tests). Reduced motion changes
    nothing here: it stops the motion, not the pace."""
    if fast:
        return 0.0
    if override is not None and override >= 0:
        return float(override)
    return BOT_DELAYS.get(choice, BOT_DELAYS["normal"])


def wait_left(delay: float, shown_at: Optional[float], now: float) -> float:
    """Seconds still to wait before the next automatic move, when the last
    move was shown at `shown_at` (seconds; None: nothing shown yet)."""
    if shown_at is None or delay <= 0:
        return 0.0
    return max(0.0, shown_at + delay - now)


# A move of more lines than this is told by its first line and a count.
MANY = 3


def move_summary(match: Any, seat: int, before: int) -> str:
    """One line for the move just made by `seat`, from the public log lines it
    wrote (those from index `before` on): the lines themselves when there are
    few, else the first with how many more the log holds. Only the public log
    is read: the same for every seat."""
    log = list(match.state.log_for(None))[before:]
    texts = [" ".join(match.text(str(ev.get("text", ""))).split()) for ev in log]
    texts = [t for t in texts if t]
    name = match.names[seat] if 0 <= seat < len(match.names) else ""
    if not texts:
        return f"{name} made a move the table does not see." if name else ""
    if len(texts) <= MANY and sum(len(t) for t in texts) <= 240:
        return " ".join(texts)
    more = len(texts) - 1
    return f"{texts[0]} … and {more} more {'line' if more == 1 else 'lines'} in the log."
