"""The Decktet cards used by Election Day.

This is the one place the card data lives. Each card: a short id used in the
notation, its name, its printed rank (for display), its value when scoring (Aces,
Pawns, Courts and the Excuse count 0 in Election Day), its suits and its kind.
The order of CARDS is the fixed deck order used to break ties between cards of
equal value deterministically.
"""

from typing import Any, Mapping, Optional, TypedDict

SUITS = ("moons", "suns", "waves", "leaves", "wyrms", "knots")

SUIT_NAMES = {
    "moons": "Moons",
    "suns": "Suns",
    "waves": "Waves",
    "leaves": "Leaves",
    "wyrms": "Wyrms",
    "knots": "Knots",
}

# A letter for each suit, so that no information is carried by colour alone.
SUIT_LETTERS = {"moons": "M", "suns": "S", "waves": "W", "leaves": "L", "wyrms": "Y", "knots": "K"}

CROWNS = {
    "moons": "the Huntress",
    "suns": "the Bard",
    "waves": "the Sea",
    "leaves": "the End",
    "wyrms": "the Calamity",
    "knots": "the Windfall",
}

# (id, name, printed rank, suits)
_NUMBERS: tuple[tuple[str, str, int, tuple[str, ...]], ...] = (
    ("author", "the Author", 2, ("moons", "knots")),
    ("desert", "the Desert", 2, ("suns", "wyrms")),
    ("origin", "the Origin", 2, ("waves", "leaves")),
    ("journey", "the Journey", 3, ("moons", "waves")),
    ("painter", "the Painter", 3, ("suns", "knots")),
    ("savage", "the Savage", 3, ("leaves", "wyrms")),
    ("mountain", "the Mountain", 4, ("moons", "suns")),
    ("sailor", "the Sailor", 4, ("waves", "leaves")),
    ("battle", "the Battle", 4, ("wyrms", "knots")),
    ("forest", "the Forest", 5, ("moons", "leaves")),
    ("discovery", "the Discovery", 5, ("suns", "waves")),
    ("soldier", "the Soldier", 5, ("wyrms", "knots")),
    ("lunatic", "the Lunatic", 6, ("moons", "waves")),
    ("penitent", "the Penitent", 6, ("suns", "wyrms")),
    ("market", "the Market", 6, ("leaves", "knots")),
    ("chance-meeting", "the Chance Meeting", 7, ("moons", "leaves")),
    ("castle", "the Castle", 7, ("suns", "knots")),
    ("cave", "the Cave", 7, ("waves", "wyrms")),
    ("diplomat", "the Diplomat", 8, ("moons", "suns")),
    ("mill", "the Mill", 8, ("waves", "leaves")),
    ("betrayal", "the Betrayal", 8, ("wyrms", "knots")),
    ("pact", "the Pact", 9, ("moons", "suns")),
    ("darkness", "the Darkness", 9, ("waves", "wyrms")),
    ("merchant", "the Merchant", 9, ("leaves", "knots")),
)

_PAWNS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("harvest", "the Harvest", ("moons", "suns", "leaves")),
    ("watchman", "the Watchman", ("moons", "wyrms", "knots")),
    ("light-keeper", "the Light Keeper", ("suns", "waves", "knots")),
    ("borderland", "the Borderland", ("waves", "leaves", "wyrms")),
)

_COURTS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("consul", "the Consul", ("moons", "waves", "knots")),
    ("rite", "the Rite", ("moons", "leaves", "wyrms")),
    ("island", "the Island", ("suns", "waves", "wyrms")),
    ("window", "the Window", ("suns", "leaves", "knots")),
)


class Card(TypedDict):
    """One card of CARDS."""

    id: str
    name: str
    rank: str  # printed: "2".."9", "Ace", "Pawn", "Court", "Excuse"
    value: int
    suits: tuple[str, ...]
    kind: str  # "ace", "number", "pawn", "court" or "excuse"
    order: int


def _build() -> dict[str, Card]:
    cards: dict[str, Card] = {}

    def add(cid: str, name: str, rank: str, value: int, suits: tuple[str, ...], kind: str) -> None:
        cards[cid] = {
            "id": cid,
            "name": name,
            "rank": rank,
            "value": value,
            "suits": tuple(suits),
            "kind": kind,
            "order": len(cards),
        }

    for s in SUITS:
        add("ace-" + s, "the Ace of " + SUIT_NAMES[s], "Ace", 0, (s,), "ace")
    for cid, name, rank, suits in _NUMBERS:
        add(cid, name, str(rank), rank, suits, "number")
    for cid, name, suits in _PAWNS:
        add(cid, name, "Pawn", 0, suits, "pawn")
    for cid, name, suits in _COURTS:
        add(cid, name, "Court", 0, suits, "court")
    add("excuse", "the Excuse", "Excuse", 0, (), "excuse")
    return cards


CARDS = _build()
ACES = tuple("ace-" + s for s in SUITS)
NUMBER_CARDS = tuple(c[0] for c in _NUMBERS)
PAWNS = tuple(c[0] for c in _PAWNS)
COURTS = tuple(c[0] for c in _COURTS)
EXCUSE = "excuse"
EXTENSION_CARDS = PAWNS + COURTS + (EXCUSE,)

# The extension cards come in two groups of four and the Excuse. The options
# "pawns" and "courts" add a whole group; each card also has an option of its
# own (its id with "_" for "-"), so a game may use any subset of them.
EXTENSION_GROUPS = {"pawns": PAWNS, "courts": COURTS}


def card_option(card_id: str) -> str:
    """The option that adds one extension card: 'light-keeper' -> 'light_keeper'."""
    return card_id.replace("-", "_")


def chosen_deck(options: Mapping[str, Any]) -> list[str]:
    """The cards dealt with these (checked) options, before the spare Aces:
    the number cards, then the chosen extension cards in deck order."""
    deck = list(NUMBER_CARDS)
    for group, cards in EXTENSION_GROUPS.items():
        deck += [c for c in cards if options.get(group) or options.get(card_option(c))]
    if options.get(EXCUSE):
        deck.append(EXCUSE)
    return deck


def ace_suit(card_id: str) -> Optional[str]:
    """The suit of an Ace id, or None if the card is not an Ace."""
    return card_id[4:] if card_id.startswith("ace-") else None


def describe(card_id: str) -> str:
    """'the Battle (4: Wyrms, Knots)' — a card in words, for logs and labels."""
    c = CARDS[card_id]
    if c["kind"] == "excuse":
        return "the Excuse (no suit)"
    suits = ", ".join(SUIT_NAMES[s] for s in c["suits"])
    if c["kind"] == "number":
        return f"{c['name']} ({c['rank']}: {suits})"
    if c["kind"] == "ace":
        return c["name"]
    return f"{c['name']} ({c['rank']}, 0: {suits})"
