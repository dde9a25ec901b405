"""What just happened at the table: the end of a debate, an election, a trick,
a conflict or a campaign, told by the events the game's log already carries.

A *moment* is a closing event of the public log (a debate's end, an election's
victory points) with the events around it that belong to it (the cards of a
trick before it, the scoring lines after it). `Results` remembers how much of
the log the players have seen: the moments beyond that are shown in a panel
until someone presses Continue, moves, or the pause they chose runs out.

Only the public log is read (`log_for(None)`), so what a panel says is the same
for every seat and counts the same in hot-seat play. Pure Python: no browser.
"""

from __future__ import annotations

from typing import Any, Optional

from coalitions.core.errors import CoalitionsError
from coalitions.core.plain import plain


@plain(frozen=True)
class Kind:
    """One kind of moment of a game.

    close: the log kind that ends it; name: what it is ("debate"); title: the
    panel's heading; before/after: kinds of the events just before/after the
    closing one that belong to it; stop: walking back, the kinds that begin
    it (not shown); skip: walking back, whether other kinds are passed over
    (else they end the walk); needs_before: only a closing event with some
    `before` event is a moment (a conflict's result, not a token added later).
    lead: the kinds of the moment's events that make its one-line outcome
    (the closing event's when empty); lead_words: only their sentences that
    hold one of these words count (all when empty).
    """

    close: str
    name: str
    title: str
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    stop: tuple[str, ...] = ()
    skip: bool = False
    needs_before: bool = False
    lead: tuple[str, ...] = ()
    lead_words: tuple[str, ...] = ()


def kinds_of(game_id: str) -> tuple[Kind, ...]:
    """The moment kinds a game's renderer lists as `RESULTS` (none if it lists
    none): a new game declares its own, nothing here changes."""
    from app.games import renderer_for  # the renderers import this module's Kind

    return tuple(getattr(renderer_for(game_id), "RESULTS", ()))


# The settings' choices (app.storage.Settings): the pause after a result, in
# seconds (None: until Continue). The bots' pace is in app.pace.
PAUSES = {"continue": None, "8": 8.0, "4": 4.0, "2": 2.0, "0": 0.0}


@plain(frozen=True)
class Moment:
    """One result: its kind, the index of its closing event in the public
    log, and its lines (plain text, names filled in)."""

    kind: Kind
    at: int
    lines: tuple[str, ...]
    main: int = 0  # the line of the closing event
    outcome: str = ""  # one line that says how it ended (the panel leads with it)

    @property
    def title(self) -> str:
        return self.kind.title


def public_log(match: Any) -> list[dict]:
    return list(match.state.log_for(None))


def _kinds(game_id: str) -> dict[str, Kind]:
    return {k.close: k for k in kinds_of(game_id)}


def _moment(kind: Kind, log: list[dict], i: int, text: Any) -> Optional[Moment]:
    before: list[dict] = []
    j = i - 1
    while j >= 0:
        k = str(log[j].get("kind"))
        if k in kind.stop:
            break
        if k in kind.before:
            before.append(log[j])
        elif not kind.skip:
            break
        j -= 1
    if kind.needs_before and not before:
        return None
    after = []
    j = i + 1
    while j < len(log) and str(log[j].get("kind")) in kind.after:
        after.append(log[j])
        j += 1
    events = list(reversed(before)) + [log[i]] + after
    lines = tuple(text(str(ev.get("text", ""))) for ev in events)
    return Moment(kind, i, lines, len(before), outcome_of(kind, events, lines, len(before)))


def _sentences(line: str) -> list[str]:
    """A log line cut into its sentences (a full stop, ! or ? then a space;
    a number such as 1.5 stays whole)."""
    out, start = [], 0
    for k, ch in enumerate(line):
        if ch in ".!?" and (k + 1 == len(line) or line[k + 1] == " "):
            out.append(line[start:k + 1].strip())
            start = k + 1
    out.append(line[start:].strip())
    return [x for x in out if x]


def outcome_of(kind: Kind, events: list[dict], lines: tuple[str, ...], main: int) -> str:
    """The moment's one-line outcome: the sentences of its `lead` events that
    hold one of its `lead_words` (the closing line when none do)."""
    if not kind.lead:
        return lines[main]
    chosen = []
    for ev, line in zip(events, lines):
        if str(ev.get("kind")) in kind.lead:
            chosen += [x for x in _sentences(line)
                       if not kind.lead_words or any(w in x for w in kind.lead_words)]
    return " ".join(chosen) if chosen else lines[main]


def moments(match: Any, start: int = 0) -> list[Moment]:
    """The moments whose closing event is at `start` or later in the public log."""
    kinds = _kinds(match.game.id)
    if not kinds:
        return []
    log = public_log(match)
    out = []
    for i in range(max(0, start), len(log)):
        kind = kinds.get(str(log[i].get("kind")))
        if kind is not None:
            found = _moment(kind, log, i, match.text)
            if found is not None:
                out.append(found)
    return out


def last_of_each(match: Any) -> dict[str, Moment]:
    """{name: the last moment of that name} ("trick", "conflict", ...), in the
    order the game's kinds are listed."""
    found: dict[str, Moment] = {}
    for m in moments(match):
        found[m.kind.name] = m
    order = [k.name for k in kinds_of(match.game.id)]
    return {name: found[name] for name in dict.fromkeys(order) if name in found}


class Results:
    """How much of a table's public log its players have seen, and the
    moments beyond it (shown until dismissed). `review` names a moment kind
    the player asked to see again ("Last trick"), or is None."""

    def __init__(self, match: Any) -> None:
        self.seen = len(public_log(match))  # a game opened shows no old result
        self.review: Optional[str] = None

    def pending(self, match: Any) -> list[Moment]:
        if match.is_over():  # the end of the game has its own result
            return []
        n = len(public_log(match))
        if self.seen > n:  # undone
            self.seen = n
        return moments(match, self.seen)

    def key(self, match: Any) -> tuple[int, int]:
        """Changes whenever the panel would: dismissed, or a new event."""
        return self.seen, len(public_log(match))

    def dismiss(self, match: Any) -> None:
        """Continue: what is shown has been seen (and a review closes)."""
        self.dismiss_pending(match)
        self.review = None

    def dismiss_pending(self, match: Any) -> None:
        self.seen = len(public_log(match))

    def shown(self, match: Any) -> tuple[list[Moment], bool]:
        """(the moments the panel shows, whether they are a review the
        player asked for)."""
        pending = self.pending(match)
        if pending:
            return pending, False
        if self.review is not None:
            last = last_of_each(match).get(self.review)
            if last is not None:
                return [last], True
        return [], False


def pause_seconds(choice: str, fast: bool = False) -> Optional[float]:
    """How long a result shows, the bots waiting (None: until Continue; 0:
    results are not shown, only asked for with "Last trick")."""
    if fast:
        return 0.0
    return PAUSES.get(choice, PAUSES["4"])


# -- a pass that ends something ------------------------------------------------------------


def pass_warning(match: Any, seat: int, action: str) -> Optional[str]:
    """A sentence when `action` is a pass that would end a debate, an
    election, a conflict or the game (tried on a copy of the state: the match
    is untouched); else None. Only public events are quoted."""
    try:
        if match.game.parse_action(action).kind != "pass":
            return None
        trial = match.state.clone()
        before = len(trial.log_for(None))
        trial.apply(seat, action)
    except (CoalitionsError, ValueError):  # an illegal move or a notation error: the move itself says so
        return None
    log = trial.log_for(None)
    new = log[before:]
    kinds = _kinds(match.game.id)
    closing = [(kinds[str(ev.get("kind"))], ev) for i, ev in enumerate(new, before)
               if str(ev.get("kind")) in kinds and _moment(kinds[str(ev.get("kind"))], log, i, str) is not None]
    # what is quoted follows from public facts; never the final result (hidden Aces, hands)
    said = [ev for _, ev in closing[:1]] + [ev for ev in new if ev.get("kind") == "game-end"][:1]
    text = " ".join(match.text(str(ev.get("text", ""))) for ev in said)
    if trial.is_over():
        what = f"the {closing[0][0].name} and the game" if closing else "the game"
    elif closing:
        what = f"the {closing[0][0].name}"
    else:
        return None
    return f"Passing now ends {what}." + (f" {text}" if text else "")
