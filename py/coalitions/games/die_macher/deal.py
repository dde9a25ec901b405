"""The explicit deal of Die Macher (records' ``deal``): its checks.

A deal is an object (docs/notation.md, "Die Macher"):

- ``states``: the 4 state ids, in election order (required);
- ``opinions``: for each state its 6 opinions (data.SLOTS), by slot (required): no opinion
  twice in a state, no two sides of one topic;
- ``face_up``: for each state how many of its slots (from the first) are face
  up (default data.FACE_UP: 6, 5, 4, 3);
- ``programmes``: for each seat its 6 programme cards (data.PROGRAMME_SIZE), one per topic at most
  (required); ``hands``: for each seat its hand, 0 to 3 cards (required);
- ``programme_display`` (up to 5 cards), ``opinion_display`` (up to 3):
  optional, dealt from the rest when absent;
- ``polls``, ``donations``: the top of those decks, top first (optional; the
  rest is shuffled beneath);
- ``start``: the start player when the game starts after phase 1, and where
  round 1's open re-bid begins (default 0); ``phase``: the phase round 1
  starts with (1 to 9, default 1): a scenario;
- ``money``, ``base`` (per seat), ``rallies``, ``trends``, ``media`` (per
  state, per seat): a scenario's position (default: the set-up's).

No card may be used more often than the game has copies of it. Anything else
is refused with an OptionError naming the problem.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Optional

from ...core.errors import OptionError
from .data import (
    BASE_MAX, DONATION_DECK, FACE_UP, MAX_RALLIES, MEDIA_MARKERS, MEDIA_SPOTS, OPINION_COPIES, OPINION_DISPLAY,
    OPINION_NAMES, OPINIONS, PHASES, POLL_IDS, PROGRAMME_COPIES, PROGRAMME_DISPLAY, PROGRAMME_SIZE, SLOTS, STATE_IDS,
    TOPIC_OF, TREND_MAX, TREND_MIN, contradicts,
)

FIELDS = ("states", "opinions", "face_up", "programmes", "hands", "programme_display", "opinion_display", "polls",
          "donations", "start", "phase", "money", "base", "rallies", "trends", "media")
_OPS = frozenset(OPINIONS)


def _bad(text: str) -> OptionError:
    return OptionError(text)


def _list(value: Any, what: str, size: Optional[int] = None, low: int = 0, high: Optional[int] = None) -> list[Any]:
    if not isinstance(value, list):
        raise _bad(f"{what} must be a list")
    if size is not None and len(value) != size:
        raise _bad(f"{what} must hold {size} entries, not {len(value)}")
    if len(value) < low or (high is not None and len(value) > high):
        raise _bad(f"{what} must hold {low} to {high} entries, not {len(value)}")
    return value


def _int(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _bad(f"{what} must be a whole number from {low} to {high}, not {value!r}"[:200])
    return value


def _opinion(value: Any, what: str) -> str:
    if not isinstance(value, str) or value not in _OPS:
        raise _bad(f"{what}: unknown opinion {value!r}"[:200])
    return value


def check_deal(deal: Any, n: int) -> dict[str, Any]:
    """The normalized deal (every field present, None where left out)."""
    if not isinstance(deal, dict):
        raise _bad("an explicit deal must be an object with states, opinions, programmes and hands")
    unknown = sorted(k for k in deal if k not in FIELDS)
    if unknown:
        raise _bad(f"an explicit deal has no field {str(unknown[0])[:40]!r} (it has {', '.join(FIELDS)})")
    for key in ("states", "opinions", "programmes", "hands"):
        if key not in deal:
            raise _bad(f"an explicit deal needs {key}")
    d = {k: deal.get(k) for k in FIELDS}
    nb = len(FACE_UP)
    states = _list(d["states"], "states", nb)
    for s in states:
        if not isinstance(s, str) or s not in STATE_IDS:
            raise _bad(f"unknown state {s!r}"[:200])
    if len(set(states)) != nb:
        raise _bad("a state appears twice in the deal")
    opinions = _list(d["opinions"], "opinions", nb)
    for k, ops in enumerate(opinions):
        _list(ops, f"the opinions of {states[k]}", SLOTS)
        for o in ops:
            _opinion(o, f"the opinions of {states[k]}")
        for i in range(SLOTS):
            for j in range(i):
                if ops[i] == ops[j] or contradicts(ops[i], ops[j]):
                    raise _bad(f"{states[k]} holds {OPINION_NAMES[ops[j]]} and {OPINION_NAMES[ops[i]]}: a state "
                               "never holds one opinion twice or both sides of a topic")
    face_up = d["face_up"] if d["face_up"] is not None else list(FACE_UP)
    _list(face_up, "face_up", nb)
    for k, f in enumerate(face_up):
        _int(f, f"face_up of {states[k]}", 0, SLOTS)
    d["face_up"] = face_up
    programmes = _list(d["programmes"], "programmes", n)
    for s, prog in enumerate(programmes):
        _list(prog, f"the programme of seat {s}", PROGRAMME_SIZE)
        for c in prog:
            _opinion(c, f"the programme of seat {s}")
        topics = [TOPIC_OF[c] for c in prog]
        if len(set(topics)) != len(topics):
            raise _bad(f"the programme of seat {s} holds two cards of one topic")
    hands = _list(d["hands"], "hands", n)
    for s, hand in enumerate(hands):
        _list(hand, f"the hand of seat {s}", None, 0, 3)
        for c in hand:
            _opinion(c, f"the hand of seat {s}")
    if d["programme_display"] is not None:
        for c in _list(d["programme_display"], "programme_display", None, 0, PROGRAMME_DISPLAY):
            _opinion(c, "the programme display")
    if d["opinion_display"] is not None:
        for c in _list(d["opinion_display"], "opinion_display", None, 0, OPINION_DISPLAY):
            _opinion(c, "the opinion display")
    used = Counter(c for p in programmes for c in p) + Counter(c for h in hands for c in h) + Counter(
        d["programme_display"] or [])
    for c, k in used.items():
        if k > PROGRAMME_COPIES:
            raise _bad(f"the deal uses {k} programme cards {OPINION_NAMES[c]}: the game has {PROGRAMME_COPIES}")
    used = Counter(o for ops in opinions for o in ops) + Counter(d["opinion_display"] or [])
    for c, k in used.items():
        if k > OPINION_COPIES:
            raise _bad(f"the deal uses {k} opinion cards {OPINION_NAMES[c]}: the game has {OPINION_COPIES}")
    polls = d["polls"] if d["polls"] is not None else []
    _list(polls, "polls", None, 0, len(POLL_IDS))
    for p in polls:
        if not isinstance(p, str) or p not in POLL_IDS:
            raise _bad(f"unknown poll card {p!r}"[:200])
    if len(set(polls)) != len(polls):
        raise _bad("a poll card appears twice in the deal")
    d["polls"] = list(polls)
    dons = d["donations"] if d["donations"] is not None else []
    _list(dons, "donations", None, 0, len(DONATION_DECK))
    for c in dons:
        if not isinstance(c, str) or c not in DONATION_DECK:
            raise _bad(f"unknown donation card {c!r}"[:200])
    have = Counter(DONATION_DECK)
    for c, k in Counter(dons).items():
        if k > have[c]:
            raise _bad(f"the deal uses {k} donation cards {c}: the game has {have[c]}")
    d["donations"] = list(dons)
    d["start"] = _int(d["start"] if d["start"] is not None else 0, "start", 0, n - 1)
    d["phase"] = _int(d["phase"] if d["phase"] is not None else 1, "phase", 1, PHASES)
    if d["money"] is not None:
        for s, m in enumerate(_list(d["money"], "money", n)):
            _int(m, f"the money of seat {s}", 0, 10**4)
    if d["base"] is not None:
        for s, b in enumerate(_list(d["base"], "base", n)):
            _int(b, f"the party base of seat {s}", 0, BASE_MAX)
    bounds = {"rallies": (0, MAX_RALLIES), "trends": (TREND_MIN, TREND_MAX), "media": (0, MEDIA_SPOTS)}
    for key, (low, high) in bounds.items():
        if d[key] is None:
            continue
        for k, row in enumerate(_list(d[key], key, nb)):
            for s, v in enumerate(_list(row, f"{key} of {states[k]}", n)):
                _int(v, f"{key} of seat {s} in {states[k]}", low, high)
    if d["media"] is not None:
        for k, row in enumerate(d["media"]):
            if sum(row) > MEDIA_SPOTS:
                raise _bad(f"{states[k]} has {MEDIA_SPOTS} media spots, not {sum(row)}")
        for s in range(n):
            total = sum(row[s] for row in d["media"])
            if total > MEDIA_MARKERS:
                raise _bad(f"seat {s} has {MEDIA_MARKERS} media markers, not {total}")
    return d
