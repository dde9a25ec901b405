"""Koalition's data: every card, table and reconstruction in one place.

The real card list and country tables of the 1992 game were not found (see
/work/shared/games/koalition.md). Everything marked RECONSTRUCTION below is our
reconstruction; each table is one piece of data so real values can replace it
without touching the rules. Derived tables (country VP rows, card records) are
computed from these, never typed by hand.
"""

from __future__ import annotations

from typing import Optional, TypedDict

# -- parties ---------------------------------------------------------------------

# The seven parties, in the fixed order used for display and for breaking ties of
# order (never of votes).
PARTIES: tuple[str, ...] = ("rose", "black", "yellow", "green", "red", "purple", "brown")

PARTY_NAMES = {
    "rose": "Rose",
    "black": "Black",
    "yellow": "Yellow",
    "green": "Green",
    "red": "Red",
    "purple": "Purple",
    "brown": "Brown",
}

# RECONSTRUCTION: the numbered politicians of each party (45 cards). Green is the
# only party with two cards of one value (two of each of its values).
PARTY_VALUES: dict[str, tuple[int, ...]] = {
    "rose": (3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
    "black": (2, 4, 5, 6, 7, 8, 9, 10, 12),
    "yellow": (2, 4, 6, 7, 8, 10, 12),
    "green": (3, 3, 6, 6, 9, 9),
    "red": (1, 3, 5, 7, 11),
    "purple": (2, 5, 8, 11),
    "brown": (1, 4, 7, 10),
}

# Gaudino Colorino: no party until played, then the party he declares; worth 7.
COLORINO_VALUE = 7
# Resignation cards in the deck.
RESIGNATIONS = 3

# RECONSTRUCTION: coalition compatibility, symmetric. Every pair of parties may
# govern together except the pairs listed here (Brown allies only with Black and
# Purple). A coalition is legal when every pair of its parties is compatible.
INCOMPATIBLE_PAIRS: tuple[tuple[str, str], ...] = (
    ("brown", "rose"),
    ("brown", "yellow"),
    ("brown", "green"),
    ("brown", "red"),
)

# Symbols along the bottom edge of the cards (1996 edition for the first four;
# suggested for the others) and colours for the app.
PARTY_SYMBOLS = {
    "rose": "rose",
    "yellow": "lemon",
    "black": "top hat",
    "green": "leaf",
    "red": "fist",
    "purple": "cross",
    "brown": "acorn",
}
PARTY_COLOURS = {
    "rose": "#e75480",
    "red": "#b22222",
    "purple": "#7b3fa0",
    "brown": "#8b5a2b",
    "yellow": "#f2c300",
    "black": "#222222",
    "green": "#2e8b57",
}

# -- countries -------------------------------------------------------------------

# RECONSTRUCTION: the twelve EC members of 1992 and the victory points each pays
# in total (the twelve totals add up to 100, as the bonus round's "shares of
# Europe normally total 100" requires).
COUNTRIES: tuple[tuple[str, str, int], ...] = (
    ("germany", "Germany", 14),
    ("france", "France", 13),
    ("united-kingdom", "the United Kingdom", 13),
    ("italy", "Italy", 13),
    ("spain", "Spain", 8),
    ("netherlands", "the Netherlands", 7),
    ("belgium", "Belgium", 6),
    ("greece", "Greece", 6),
    ("portugal", "Portugal", 6),
    ("denmark", "Denmark", 5),
    ("ireland", "Ireland", 5),
    ("luxembourg", "Luxembourg", 4),
)

COUNTRY_IDS = tuple(c[0] for c in COUNTRIES)
COUNTRY_NAMES = {c[0]: c[1] for c in COUNTRIES}
COUNTRY_TOTALS = {c[0]: c[2] for c in COUNTRIES}

# -- the deal --------------------------------------------------------------------

# players -> (cards per hand, rounds, countries per round). From the rule text.
DEAL_TABLE: dict[int, tuple[int, int, int]] = {
    3: (13, 2, 6),
    4: (13, 2, 6),
    5: (9, 3, 4),
    6: (9, 3, 4),
    7: (7, 4, 3),
    8: (7, 4, 3),
}

# The bonus round pays the chiefs of the largest party 7, the next 6, ... 1.
BONUS: tuple[int, ...] = (7, 6, 5, 4, 3, 2, 1)

# OUR SAFEGUARDS (not in the rule text), so that no chair can stall a country on
# purpose and every game ends. From this ballot on in one country the negotiation
# binds: the first chair (by party size) with a legal coalition must propose one,
# and it governs without answers.
BINDING_BALLOT = 3
# A country whose election ends in a stalemate this many times in a row is left
# without a government. Once the negotiation binds, only a vote in which no legal
# coalition reaches the majority is a stalemate, so no chair can bring this about
# by declining or passing; ordinary play never reaches it.
MAX_BALLOTS = 10


# -- derived tables ----------------------------------------------------------------


def vp_row(total: int, winners: int) -> tuple[int, ...]:
    """RECONSTRUCTION: the victory points a country paying `total` gives to
    `winners` players on the winning side, best first. The total is split by
    weights n, n-1, ..., 1 with the largest-remainder method; ties of remainder
    go to the higher rank. Spain (8) with three winners: 4, 3, 1."""
    n = winners
    weights = list(range(n, 0, -1))
    whole = n * (n + 1) // 2
    shares = [total * w // whole for w in weights]
    rests = [total * w % whole for w in weights]
    left = total - sum(shares)
    for i in sorted(range(n), key=lambda i: (-rests[i], i))[:left]:
        shares[i] += 1
    return tuple(shares)


# country -> {number of winners (1..8): VP row}
VP_TABLE = {cid: {n: vp_row(COUNTRY_TOTALS[cid], n) for n in range(1, 9)} for cid in COUNTRY_IDS}

COMPATIBLE = {
    p: frozenset(q for q in PARTIES if (p, q) not in INCOMPATIBLE_PAIRS and (q, p) not in INCOMPATIBLE_PAIRS)
    for p in PARTIES
}


class Card(TypedDict):
    """One card of CARDS."""

    id: str
    name: str
    kind: str  # "number", "doubler", "colorino" or "resign"
    party: Optional[str]  # None for Colorino and the Resignations
    value: Optional[int]  # None for Doublers and Resignations
    order: int


def _build_cards() -> dict[str, Card]:
    """Every card: id -> {id, name, kind, party (None for Colorino and the
    Resignations), value (None for Doublers and Resignations), order}. The order
    is the fixed deck order: hands are kept sorted by it."""
    cards: dict[str, Card] = {}

    def add(cid: str, name: str, kind: str, party: Optional[str], value: Optional[int]) -> None:
        cards[cid] = {"id": cid, "name": name, "kind": kind, "party": party, "value": value,
                      "order": len(cards)}

    for p in PARTIES:
        seen: dict[int, int] = {}
        values = PARTY_VALUES[p]
        for v in values:
            seen[v] = seen.get(v, 0) + 1
        counter: dict[int, int] = {}
        for v in values:
            if seen[v] > 1:
                counter[v] = counter.get(v, 0) + 1
                cid = f"{p}-{v}{'abcdefgh'[counter[v] - 1]}"
            else:
                cid = f"{p}-{v}"
            add(cid, f"{PARTY_NAMES[p]} {v}", "number", p, v)
        add(f"{p}-x2", f"the {PARTY_NAMES[p]} Doubler", "doubler", p, None)
    add("colorino", "Gaudino Colorino", "colorino", None, COLORINO_VALUE)
    for i in range(1, RESIGNATIONS + 1):
        add(f"resign-{i}", "a Resignation", "resign", None, None)
    return cards


CARDS = _build_cards()
DECK = tuple(CARDS)
ORDER = {cid: c["order"] for cid, c in CARDS.items()}
PARTY_INDEX = {p: i for i, p in enumerate(PARTIES)}


def twin_key(cid: str) -> tuple[str, Optional[str], Optional[int]]:
    """Cards with the same key are identical in play (the two Green 9s, the
    three Resignations)."""
    c = CARDS[cid]
    return (c["kind"], c["party"], c["value"])


def _twins() -> dict[str, str]:
    first: dict[tuple[str, Optional[str], Optional[int]], str] = {}
    for cid in CARDS:
        first.setdefault(twin_key(cid), cid)
    return {cid: first[twin_key(cid)] for cid in CARDS}


# card id -> the first card identical to it in deck order (itself if it has no twin)
TWIN = _twins()


def card_name(cid: str, party: Optional[str] = None) -> str:
    """A card in words. `party` names the party Gaudino Colorino declared."""
    c = CARDS[cid]
    if c["kind"] == "colorino" and party:
        return f"Gaudino Colorino ({PARTY_NAMES[party]})"
    return c["name"]
