"""The arithmetic of a state: matching topics, votes and the election result.

A state board is a dict (see rules.py): ``opinions`` (data.SLOTS opinion ids, by slot),
``up`` (face up?), ``doubled`` (a doubling marker?), and per seat ``rallies``,
``trends`` and ``media``.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from .data import (
    MAJORITY, OPINION_NAMES, PARTY_NAMES, PARTIES, STATE_NAMES, VP_ALONE, VP_COALITION, VP_LEADER, VP_SEVERAL,
)

# A state board (rules.py, DieMacherState._new_board): a JSON-like dict
Board = dict[str, Any]
# (slot, opinion, weight) of a matching topic
Match = tuple[int, str, int]


def matching(board: Board, programme: Sequence[str],
             visible: Optional[Sequence[bool]] = None) -> tuple[int, list[Match]]:
    """(number of matching topics, [(slot, opinion, weight)]): each opinion of
    the state that is in the programme counts 1, or 2 with a doubling marker.
    `visible`: the slots to count (None: all of them)."""
    prog = set(programme)
    count = 0
    found: list[Match] = []
    ops = board["opinions"]
    doubled = board["doubled"]
    for i in range(len(ops)):
        if visible is not None and not visible[i]:
            continue
        op = ops[i]
        if op in prog:
            w = 2 if doubled[i] else 1
            count += w
            found.append((i, op, w))
    return count, found


def strength(board: Board, seat: int) -> int:
    """max(0, rallies + trend) of a seat in a state."""
    return max(0, int(board["rallies"][seat] + board["trends"][seat]))


def votes(board: Board, seat: int, programme: Sequence[str], visible: Optional[Sequence[bool]] = None) -> int:
    return strength(board, seat) * matching(board, programme, visible)[0]


def all_votes(board: Board, programmes: Sequence[Sequence[str]],
              visible: Optional[Sequence[bool]] = None) -> list[int]:
    return [votes(board, s, programmes[s], visible) for s in range(len(programmes))]


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def vote_line(board: Board, seat: int, programme: Sequence[str], who: Optional[str] = None) -> str:
    """The log's account of one party's votes: 'Red: (4 rallies + 1 trend) ×
    3 topics = 15 votes in Hesse (taxes pro, europe contra doubled)'."""
    r = board["rallies"][seat]
    t = board["trends"][seat]
    m, found = matching(board, programme)
    base = max(0, r + t)
    sign = "+" if t >= 0 else "−"
    inner = f"{_plural(r, 'rally', 'rallies')} {sign} {abs(t)} trend"
    if r + t < 0:
        inner += " = 0"
    text = (f"{who or PARTY_NAMES[PARTIES[seat]]}: ({inner}) × {_plural(m, 'topic', 'topics')} = "
            f"{_plural(base * m, 'vote', 'votes')} in {STATE_NAMES[board['id']]}")
    if found:
        text += " (" + ", ".join(OPINION_NAMES[op] + (" doubled" if w == 2 else "") for _, op, w in found) + ")"
    return text


def leader_of(values: Sequence[int], order: Sequence[int]) -> int:
    """The seat with most of `values`; a tie goes to the seat earlier in `order`."""
    best = order[0]
    for s in order:
        if values[s] > values[best]:
            best = s
    return best


def shared_cards(prog_a: Sequence[str], prog_b: Sequence[str]) -> int:
    return len(set(prog_a) & set(prog_b))


def coalition_partners(values: Sequence[int], programmes: Sequence[Sequence[str]], leader: int,
                       order: Sequence[int], shared_min: int = 2) -> list[int]:
    """The parties the leader may form a coalition with: sharing at least
    `shared_min` programme cards, with votes together reaching the majority.
    In turn order."""
    out: list[int] = []
    for s in order:
        if s == leader:
            continue
        if shared_cards(programmes[leader], programmes[s]) >= shared_min and values[leader] + values[s] >= MAJORITY:
            out.append(s)
    return out


def election_kind(values: Sequence[int], programmes: Sequence[Sequence[str]],
                  order: Sequence[int]) -> tuple[str, list[int], list[int]]:
    """How the election goes before any choice: ("alone", [seat]), ("several",
    seats), ("coalition", [leader], partners), ("leader", [leader]) or
    ("none", []) when no party has a vote."""
    over = [s for s in order if values[s] >= MAJORITY]
    if len(over) == 1:
        return "alone", over, []
    if len(over) > 1:
        return "several", over, []
    leader = leader_of(values, order)
    if values[leader] == 0:
        return "none", [], []
    partners = coalition_partners(values, programmes, leader, order)
    if partners:
        return "coalition", [leader], partners
    return "leader", [leader], []


VP_OF = {"alone": VP_ALONE, "several": VP_SEVERAL, "coalition": VP_COALITION, "leader": VP_LEADER, "none": 0}
