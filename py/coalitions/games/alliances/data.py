"""The cards and country tiles of Alliances, in one place.

The card values and the tiles are a reconstruction (see guide.py, "Rules as
implemented"): the rule text names the suits, the twelve
special actions and the number of cards, but the printed values of the power
cards and the tiles' defences were not found. Everything the rules need about
cards and tiles is read from here, so another reconstruction can be swapped in
by editing this file alone.

Card ids: power cards are the value and the suit letter, as the rule text
writes them ("4M", "1P"), in lower case: ``1m`` … ``12m``, ``1e`` … ``12e``,
``1p`` … ``12p``. Special actions are their names with
hyphens (``peace-treaty``, ``dual-allegiance``, …). Tile ids are country names
with hyphens (``south-africa``).
"""

from typing import Any

# Suits from the lowest to the highest (the bidding order).
SUITS = ("military", "economics", "politics")
SUIT_RANK = {s: i for i, s in enumerate(SUITS)}
SUIT_NAMES = {"military": "Military", "economics": "Economics", "politics": "Politics"}
SUIT_LETTERS = {"military": "M", "economics": "E", "politics": "P"}

POWER_VALUES = tuple(range(1, 13))  # one power card of each value in each suit

# (id, name, suit, text), four per suit, in the order of the rule text.
SPECIALS = (
    ("peace-treaty", "Peace Treaty", "politics", "Discard all Military power cards from the table."),
    ("embargo", "Embargo", "politics", "Discard all Economics power cards from the table."),
    ("dual-allegiance", "Dual Allegiance", "politics",
     "Take any Politics power card from the table and add it to any player's hand power."),
    ("spin", "Spin", "politics",
     "Only if played last: each player moves his hand power to the player on his left. The player who "
     "ends up with this card has 0 hand power."),
    ("bribe", "Bribe", "economics", "Take any Politics power card from the table as your new Economics hand power."),
    ("global-trading", "Global Trading", "economics",
     "Sum up to 4 neighbours' Economics power as your new Economics hand power."),
    ("free-market", "Free Market", "economics",
     "Add the targeted country's Military power to its Economics power to form a stronger Economics defence."),
    ("monopoly", "Monopoly", "economics", "Discard all Economics cards on the table but one of your choice."),
    ("reserve-forces", "Reserve Forces", "military",
     "Sum the Military power of 4 of your controlled countries as your new Military hand power."),
    ("covert-operation", "Covert Operation", "military", "Discard any special action card on the table."),
    ("reinforcement", "Reinforcement", "military", "Double any player's Military power card on the table."),
    ("defensive-pact", "Defensive Pact", "military", "Triple the Military power of the targeted country."),
)

# id -> {"id", "name", "suit", "value" (None for a special), "special", "text", "order"}
CARDS: dict[str, dict[str, Any]] = {}
_deck: list[str] = []
for _suit in SUITS:
    for _v in POWER_VALUES:
        _cid = str(_v) + SUIT_LETTERS[_suit].lower()
        CARDS[_cid] = {"id": _cid, "name": f"{_v} {SUIT_NAMES[_suit]}", "suit": _suit, "value": _v,
                       "special": False, "text": ""}
        _deck.append(_cid)
for _cid, _name, _suit, _text in SPECIALS:
    CARDS[_cid] = {"id": _cid, "name": _name, "suit": _suit, "value": None, "special": True, "text": _text}
    _deck.append(_cid)
DECK = tuple(_deck)
ORDER = {cid: i for i, cid in enumerate(DECK)}
SPECIAL_IDS = tuple(s[0] for s in SPECIALS)
SUIT_OF: dict[str, str] = {cid: c["suit"] for cid, c in CARDS.items()}
VALUE_OF: dict[str, int] = {cid: (c["value"] or 0) for cid, c in CARDS.items()}
IS_SPECIAL: dict[str, bool] = {cid: c["special"] for cid, c in CARDS.items()}

# The board: 4 rows of 5 tiles, orthogonal adjacency.
ROWS, COLS = 4, 5
N_TILES = ROWS * COLS
CORNERS = (0, COLS - 1, N_TILES - COLS, N_TILES - 1)  # top left, top right, bottom left, bottom right
NEIGHBOURS = tuple(
    tuple(
        r2 * COLS + c2
        for r2, c2 in ((pos // COLS - 1, pos % COLS), (pos // COLS, pos % COLS - 1),
                       (pos // COLS, pos % COLS + 1), (pos // COLS + 1, pos % COLS))
        if 0 <= r2 < ROWS and 0 <= c2 < COLS
    )
    for pos in range(N_TILES)
)

# (id, name, Military, Economics, Politics): the reconstructed defences.
_TILES = (
    ("usa", "USA", 0, 2, 4),
    ("russia", "Russia", 0, 4, 2),
    ("china", "China", 2, 0, 4),
    ("india", "India", 2, 4, 0),
    ("brazil", "Brazil", 4, 0, 2),
    ("japan", "Japan", 4, 2, 0),
    ("germany", "Germany", 1, 2, 3),
    ("united-kingdom", "United Kingdom", 1, 3, 2),
    ("france", "France", 2, 1, 3),
    ("canada", "Canada", 2, 3, 1),
    ("mexico", "Mexico", 3, 2, 1),
    ("egypt", "Egypt", 1, 1, 4),
    ("south-africa", "South Africa", 1, 4, 1),
    ("saudi-arabia", "Saudi Arabia", 4, 1, 1),
    ("iran", "Iran", 0, 3, 3),
    ("turkey", "Turkey", 3, 0, 3),
    ("indonesia", "Indonesia", 3, 3, 0),
    ("argentina", "Argentina", 2, 2, 2),
    ("nigeria", "Nigeria", 2, 2, 2),
    ("australia", "Australia", 3, 1, 2),
)
# id -> {"id", "name", "military", "economics", "politics"}
TILES: dict[str, dict[str, Any]] = {
    t[0]: {"id": t[0], "name": t[1], "military": t[2], "economics": t[3], "politics": t[4]} for t in _TILES
}
TILE_IDS = tuple(t[0] for t in _TILES)

# Start: each seat's corner (board position) by player count. The two sides are
# 0 ("gold") and 1 ("silver"); partners (4 players), the 2-player players'
# two corners and the Empire's corners (3 players) are diagonally opposite.
START_TOKENS = 3
TOKENS_PER_SIDE = 16  # "32 Alliance tokens; 16 of each color"
SIDE_NAMES = ("gold", "silver")
SIDE_CORNERS = ((CORNERS[0], CORNERS[3]), (CORNERS[1], CORNERS[2]))
# The "Corner groups" option: a corner's 3 tokens lie one each on the corner
# and its two neighbours (no two corners' groups touch on a 4 x 5 board).
CORNER_GROUP = {c: (c,) + NEIGHBOURS[c] for c in CORNERS}

HAND_SIZE: dict[int, int] = {2: 12, 3: 16, 4: 12}
RESERVE_2P = 24
BID_MIN, BID_MAX = 10, 20
RISE_EMPIRE_CARDS = 4
DRAFT_KEEP = 2
MEETING_SHOW = 2


def card_name(cid: str) -> str:
    name: str = CARDS[cid]["name"]
    return name


def tile_name(tid: str) -> str:
    name: str = TILES[tid]["name"]
    return name


def defence_text(tid: str) -> str:
    t = TILES[tid]
    return f"{t['military']} M, {t['economics']} E, {t['politics']} P"
