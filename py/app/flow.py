"""The game flow of the table and of walkthroughs, in plain Python.

Whose turn it is, the hot-seat cover, undo, what the bots must do next, and
the steps of a walkthrough with its learner checks and "Show me". Tests drive
all of it under CPython; the screens only draw what it says and forward
clicks to it.
"""

from __future__ import annotations

import copy
from dataclasses import field
from typing import Any, Optional

from coalitions.core.errors import CoalitionsError
from coalitions.core.match import Match
from coalitions.core.plain import plain

from .session import PlaySession


@plain(frozen=True)
class BotJob:
    """A bot's decision to make: everything a bot worker needs, and no more
    than the bot's seat may see (its view)."""

    game: str
    level: str
    seat: int
    step: int
    seed: int
    view: dict

    def args(self) -> tuple[str, str, dict, int, int, int]:
        """The arguments of `coalitions.core.bots.choose` and of the worker's client."""
        return self.game, self.level, self.view, self.seat, self.step, self.seed


@plain(frozen=True)
class Auto:
    """The next move the table makes by itself: a forced move (`action` set)
    or a bot's decision (`job` set)."""

    seat: int
    action: Optional[str] = None
    job: Optional[BotJob] = None


def _auto(match: Match) -> Optional[tuple[int, Optional[str]]]:
    """(seat, forced action) for a forced move, (bot seat, None) for a bot's
    turn, None when a human must decide or the game is over."""
    state = match.state
    if state.is_over():
        return None
    forced = state.auto_action()
    if forced is not None:
        return forced[0], forced[1]
    for seat in state.to_act():
        if match.is_bot(seat):
            return seat, None
    return None


def next_auto(match: Match) -> Optional[Auto]:
    """What happens next without a human: a forced move, a bot to ask, or
    nothing (None) when a human must decide or the game is over. Unlike
    `Match.pending` this does not make the bot's decision: the bot worker does."""
    found = _auto(match)
    if found is None:
        return None
    seat, forced = found
    if forced is not None:
        return Auto(seat, action=forced)
    level = match.players[seat].get("level") or match.game.default_bot
    view = match.state.view(seat)
    return Auto(seat, job=BotJob(match.game.id, level, seat, len(match.record["moves"]), match._seed(), view))


def bot_job(match: Match) -> Optional[BotJob]:
    """The bot decision to make now, or None (a forced move, a human to act,
    or the game is over)."""
    auto = next_auto(match)
    return auto.job if auto is not None else None


class PlayFlow:
    """The table of a saved game: a PlaySession plus what the screen needs to
    know to draw and to schedule bots."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session

    @property
    def match(self) -> Match:
        return self.session.match

    def cover(self) -> Optional[int]:
        """The seat the device must be passed to (the table is hidden), or None."""
        if self.next_auto_pending():
            return None
        return self.session.cover_for()

    def next_auto_pending(self) -> bool:
        return _auto(self.match) is not None

    def seat(self) -> Optional[int]:
        return self.session.shown_seat()

    def interactive(self, busy: bool) -> bool:
        m = self.match
        return not busy and not self.next_auto_pending() and self.seat() is not None and not m.is_over()

    def play(self, action: str) -> None:
        """The shown seat's move (raises CoalitionsError if illegal: nothing changes)."""
        seat = self.seat()
        if seat is None or self.next_auto_pending():
            raise CoalitionsError("it is not your turn")
        self.match.apply(seat, action)

    def apply_auto(self, auto: Auto, action: Optional[str] = None) -> bool:
        """Make an automatic move: the forced one, or the bot's `action`. False
        if the table has moved on since `auto` was computed (it is dropped)."""
        now = _auto(self.match)
        if now is None or now[0] != auto.seat or (auto.job is None) == (now[1] is None):
            return False
        if auto.job is not None and auto.job.step != len(self.match.record["moves"]):
            return False
        move = auto.action if auto.job is None else action
        assert move is not None
        self.match.apply(auto.seat, move, forced=auto.job is None)
        return True

    def skip_words(self) -> tuple[str, str]:
        """The "skip" button's words and the note while it skips: "Skip to my
        turn" with one person at the table; in hot seat, where the next person
        to decide may not be the one who pressed it, "Skip the bots' moves"."""
        if self.session.hot_seat():
            return "Skip the bots' moves", "Skipping the bots' moves…"
        return "Skip to my turn", "Skipping to your turn…"

    def pass_device(self) -> None:
        cover = self.session.cover_for()
        if cover is not None:
            self.session.confirm(cover)

    def undo(self, seat: Optional[int]) -> None:
        if seat is None:
            raise CoalitionsError("there is nothing to take back")
        self.match.undo(seat)
        self.session.confirm(seat)


# -- walkthroughs ------------------------------------------------------------------------


@plain
class WalkthroughFlow:
    """A walkthrough: a record stepped through, with learner steps (the learner
    makes the recorded move, or presses "Show me")."""

    game: Any
    name: str
    record: dict
    step: int = 0
    learn: set = field(default_factory=set)
    embed: bool = False
    payload: Optional[str] = None
    done: set = field(default_factory=set)
    hint: Optional[str] = None
    _match: Optional[Match] = None
    _at: Optional[int] = None

    def __post_init__(self) -> None:
        self.step = max(0, min(self.step, self.total))

    @property
    def total(self) -> int:
        return len(self.record.get("moves") or [])

    def match(self) -> Match:
        """The match at the current step (one move applied when stepping on)."""
        k = self.step
        m = self._match
        if m is not None and self._at == k:
            return m
        moves = self.record["moves"]
        if m is not None and self._at is not None and self._at + 1 == k:
            seat, action = moves[k - 1]
            m.apply(seat, action)
        else:
            rec = copy.deepcopy(self.record)
            rec["moves"] = rec["moves"][:k]
            rec["captions"] = {}
            rec.pop("learn", None)
            m = Match(rec)
        self._match, self._at = m, k
        return m

    def learning(self) -> Optional[tuple[int, int, str]]:
        """The learner's move pending at this step: (its step number, seat,
        action), or None."""
        k = self.step
        if k < self.total and (k + 1) in self.learn and (k + 1) not in self.done:
            seat, action = self.record["moves"][k]
            return k + 1, seat, action
        return None

    def seat(self) -> Optional[int]:
        """Whose view the table shows: the learner's seat at a learner step,
        else the record's view seat (None: a spectator's)."""
        learning = self.learning()
        if learning is not None:
            return learning[1]
        seat = self.record.get("view_seat")
        players = len(self.record.get("players") or [])
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
            return seat
        return None

    def caption(self, view: dict) -> str:
        captions = self.record.get("captions") or {}
        caption = captions.get(str(self.step))
        if caption is not None:
            return str(caption)
        if self.step == 0:
            return "The deal, before the first move."
        log = view.get("log") or []
        return str(log[-1]["text"]) if log else ""

    def open_hands(self, seat: Optional[int]) -> Optional[dict]:
        """Every other hand face up (walkthroughs show them unless the record
        says not to), for a spectator's view or at a learner step."""
        if not self.record.get("open_hands", True):
            return None
        if seat is not None and self.learning() is None:
            return None
        m = self.match()
        return {s: m.state.view(s) for s in range(len(m.names)) if s != seat}

    def go(self, what: str) -> bool:
        """prev, next or restart; False if not allowed now (Next waits for the
        learner's move)."""
        if what == "next" and (self.learning() is not None or self.step >= self.total):
            return False
        if what == "prev" and self.step == 0:
            return False
        k = {"prev": self.step - 1, "next": self.step + 1, "restart": 0}[what]
        if what == "restart":
            self.done.clear()
        self.hint = None
        self.step = max(0, min(k, self.total))
        return True

    def act(self, action: str) -> bool:
        """The learner's move at a learner step: the recorded move advances
        (True); any other move gets a hint and changes nothing (False)."""
        learning = self.learning()
        if learning is None:
            return False
        n, seat, right = learning
        if action == right:
            self.learned(n)
            return True
        labels = self.match().view(seat).get("labels") or {}
        label = labels.get(action, action)
        self.hint = (f"Not this time: “{label}” is allowed, but it is not the move this example shows. "
                     "Read the caption again, or press “Show me”.")
        return False

    def learned(self, n: int) -> None:
        self.done.add(n)
        self.step = n
        self.hint = None

    def show_me(self) -> bool:
        learning = self.learning()
        if learning is None:
            return False
        self.learned(learning[0])
        return True


def review_flow(match: Match, step: int = 0) -> WalkthroughFlow:
    """A finished game stepped through move by move, from the deal, with
    every hand face up (nothing is hidden any more). An unfinished game is
    refused: its hands and undealt cards are still secret."""
    if not match.is_over():
        raise CoalitionsError("this game is not finished yet: a game can be reviewed once it is over, "
                              "since the review shows every hand")
    record = copy.deepcopy(match.record)
    record.pop("learn", None)
    record.pop("view_seat", None)
    record["captions"] = {}
    record["open_hands"] = True
    names = ", ".join(match.names)
    record["title"] = f"{match.game.title}: {names}"
    return WalkthroughFlow(match.game, "review", record, step, set())
