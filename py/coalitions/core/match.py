"""A match: a record being played. It keeps the record and the state in step,
runs bots and forced moves, and applies the undo policy.

Undo policy (after Board Game Arena): a human may take back their own last
action while no other human has acted since and nothing hidden or random was
revealed since (a card turned up, an Ace handed over, the end of a debate, or a
bot showing a card from its hand). Bot moves made after it that revealed
nothing (a bot passing, say) and forced moves are taken back with it.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Optional

from .bots import decide
from .errors import CoalitionsError, IllegalActionError
from .game import JSON, Game, State, render_text
from .records import Record, apply_step, check_header, new_record, start


class Match:
    game: type[Game]
    record: Record
    state: State
    reveals: list[tuple[bool, bool]]
    forced: list[bool]

    def __init__(self, record: Record) -> None:
        # Checked first (shape and depth: check_header), copied after: an
        # untrusted record nested too deeply for copy.deepcopy is refused
        # before anything recursive sees it. The copy: playing and undoing
        # change the match's record, never the caller's.
        self.game, checked = check_header(record)
        self.record = copy.deepcopy(checked)
        self._rebuild()

    @classmethod
    def new(cls, game_id: str, players: list[dict[str, Any]], options: Optional[dict[str, Any]] = None,
            seed: Optional[int] = None, deal: Any = None, **extra: Any) -> Match:
        return cls(new_record(game_id, players, options, seed, deal, **extra))

    def _rebuild(self) -> None:
        rec = self.record
        self.state = start(self.game, rec)
        self.reveals = []  # per move: (revealed, shown), see State.revealed
        self.forced = []
        moves = rec["moves"]
        for k in range(len(moves)):
            forced = self.state.auto_action() == tuple(moves[k]) if isinstance(moves[k], list) else False
            apply_step(self.state, moves, k)
            self._note_reveals()
            self.forced.append(forced)

    # -- who's who --------------------------------------------------------------

    @property
    def players(self) -> list[dict[str, Any]]:
        players: list[dict[str, Any]] = self.record["players"]
        return players

    @property
    def names(self) -> list[str]:
        return [p["name"] for p in self.players]

    def is_bot(self, seat: int) -> bool:
        return bool(self.players[seat]["kind"] == "bot")

    def humans(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if p["kind"] == "human"]

    def is_over(self) -> bool:
        return self.state.is_over()

    def to_act(self) -> list[int]:
        return self.state.to_act()

    def text(self, text: str) -> str:
        return render_text(text, self.names)

    # -- playing ------------------------------------------------------------------

    def apply(self, seat: int, action: str, forced: bool = False) -> None:
        self.state.apply(seat, action)  # raises IllegalActionError, state unchanged
        self.record["moves"].append([seat, action])
        self._note_reveals()
        self.forced.append(forced)

    def _note_reveals(self) -> None:
        self.reveals.append((bool(self.state.revealed), bool(self.state.shown)))

    def pending(self) -> Optional[tuple[int, str, bool]]:
        """The next automatic move (forced, or a bot's), or None if a human must
        decide or the game is over."""
        if self.state.is_over():
            return None
        auto = self.state.auto_action()
        if auto is not None:
            return auto[0], auto[1], True
        for seat in self.state.to_act():
            if self.is_bot(seat):
                level = self.players[seat].get("level")
                action = decide(self.game, level, self.state, seat, len(self.record["moves"]), self._seed())
                return seat, action, False
        return None

    def step(self) -> Optional[tuple[int, str]]:
        """Make one automatic move if there is one; returns it or None."""
        nxt = self.pending()
        if nxt is None:
            return None
        seat, action, forced = nxt
        self.apply(seat, action, forced=forced)
        return seat, action

    def advance(self, limit: int = 100000) -> list[tuple[int, str]]:
        """Make automatic moves until a human must decide or the game ends."""
        made = []
        for _ in range(limit):
            mv = self.step()
            if mv is None:
                break
            made.append(mv)
        return made

    def _seed(self) -> int:
        seed = self.record.get("seed")
        if seed is None:  # an explicit deal: a stable hash of it
            import hashlib  # here: not needed to start the page

            text = json.dumps(self.record.get("deal"), sort_keys=True, separators=(",", ":"))
            seed = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")
        return seed

    def human_to_act(self) -> Optional[int]:
        for seat in self.state.to_act():
            if not self.is_bot(seat):
                return seat
        return None

    def last_human(self) -> Optional[int]:
        """The human who made the last non-forced human move, or None."""
        for k in range(len(self.record["moves"]) - 1, -1, -1):
            seat: int = self.record["moves"][k][0]
            if not self.is_bot(seat) and not self.forced[k]:
                return seat
        return None

    # -- undo ---------------------------------------------------------------------

    def _undo_point(self, seat: int) -> Optional[int]:
        moves = self.record["moves"]
        for k in range(len(moves) - 1, -1, -1):
            revealed, shown = self.reveals[k]
            if revealed:
                return None
            s = moves[k][0]
            if self.forced[k] or (self.is_bot(s) and not shown):
                continue
            return k if s == seat and not self.is_bot(s) else None
        return None

    def can_undo(self, seat: Optional[int]) -> bool:
        return seat is not None and self._undo_point(seat) is not None

    def undo(self, seat: int) -> None:
        k = self._undo_point(seat)
        if k is None:
            raise IllegalActionError("you cannot take that back: another player acted or something was revealed since")
        del self.record["moves"][k:]
        self.record["captions"] = {
            key: v for key, v in self.record.get("captions", {}).items() if int(key) <= k
        }
        self._rebuild()

    # -- what a seat sees -----------------------------------------------------------

    def view(self, seat: int) -> JSON:
        v = self.state.view(seat)
        v["names"] = self.names
        v["kinds"] = [p["kind"] for p in self.players]
        v["labels"] = {a: self.text(self.state.label(seat, a)) for a in v["legal"]}
        v["log"] = [dict(ev, text=self.text(ev["text"])) for ev in v["log"]]
        if v.get("outcome"):
            out = v["outcome"]
            out["summary"] = self.text(out["summary"])
        v["can_undo"] = self.can_undo(seat)
        return v

    def snapshot(self) -> Record:
        return copy.deepcopy(self.record)


def safe_apply(match: Match, seat: int, action: str) -> Optional[str]:
    """Apply and return None, or return the error message (state unchanged)."""
    try:
        match.apply(seat, action)
    except CoalitionsError as exc:
        return str(exc)
    return None
