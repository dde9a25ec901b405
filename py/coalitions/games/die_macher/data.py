"""The data of Die Macher, in one place.

The rule text (a one-page summary of the nine phases of a round) gives the
phases, the prices, the vote formula and the election effects; those numbers
are binding and sit at the top of this module. Everything else below it is a
reconstruction (guide.py, "Rules as implemented", lists each piece): the
topics, the opinion and programme cards, the states, the seven shadow-cabinet
cards, the poll cards, the donation cards and the set-up. The rules read all of
it from here, so another edition's data can be swapped in by editing this file
alone.

Money is counted in thousands of euros (k€) everywhere in the program: 25 is
25,000 €. Action texts write amounts the same way (``bid 3`` is a bid of
3,000 €).
"""

from typing import Any

# -- from the rule text (binding) ------------------------------------------------------

ROUNDS = 4
PHASES = 9
PHASE_NAMES = {
    1: "Start player",
    2: "Party programmes",
    3: "Media influence",
    4: "Party rallies",
    5: "Shadow cabinet",
    6: "Cabinet actions",
    7: "Media majority",
    8: "Polls",
    9: "Election",
}
MEDIA_PRICE = 5  # k€ per media marker
MEDIA_SPOTS = 5  # media markers per state at most
# Price of buying n rallies in one state at once (k€)
RALLY_PRICE = {1: 1, 2: 2, 3: 3, 4: 5, 5: 7, 6: 10, 7: 15, 8: 20}
MAX_RALLIES = 8  # per party per state
MAJORITY = 50  # votes
VP_ALONE = 12  # one party with 50+ votes
VP_SEVERAL = 10  # each of several parties with 50+ votes
VP_COALITION = 7  # each party of a coalition
VP_LEADER = 5  # the leading party when no coalition is possible
INCOME_PER_VP = 1  # k€ per VP won in the election
INCOME_PER_BASE = 1  # k€ per party-base point
NATIONAL_MARKER_POINTS = 2  # points per media marker on the national media spot

# Donation cards: id -> (money in k€ if accepted, party base lost if accepted,
# party base gained if refused)
DONATIONS = {
    "d10": (10, 1, 1),
    "d20": (20, 2, 3),
    "d30": (30, 3, 5),
}

# -- reconstruction --------------------------------------------------------------------

# Calibrated so that every election tier of the text happens in play (issue 29;
# "Rules as implemented" says why for each, and scripts/bench_die_macher_tiers.py
# measures the tiers). The first reconstruction's values, which left the 12 and
# 10 VP tiers nearly dead:
FIRST_RECONSTRUCTION: dict[str, Any] = {
    "START_MONEY": 25,
    "PROGRAMME_SIZE": 5,
    "SLOTS": 4,
    "FACE_UP": (4, 3, 2, 1),
    "CHANCELLOR_TREND": 2,
}

PARTIES = ("black", "red", "yellow", "green", "blue")  # seat i plays PARTIES[i]
PARTY_NAMES = {"black": "Black", "red": "Red", "yellow": "Yellow", "green": "Green", "blue": "Blue"}
MIN_PLAYERS, MAX_PLAYERS = 3, 5

START_MONEY = 40  # k€: 8 rallies (20) and a cabinet card in round 1
START_BASE = 5
BASE_MAX = 20
MEDIA_MARKERS = 10  # per party
TREND_MIN, TREND_MAX = -5, 5

# Topics, each with a pro and a contra side: 14 opinions.
TOPICS = (
    ("nuclear", "Nuclear power"),
    ("environment", "Environment"),
    ("taxes", "Taxes"),
    ("defence", "Defence"),
    ("immigration", "Immigration"),
    ("working-hours", "Working hours"),
    ("europe", "Europe"),
)
TOPIC_NAMES = dict(TOPICS)
SIDES = ("pro", "contra")
OPINIONS = tuple(f"{t}-{s}" for t, _ in TOPICS for s in SIDES)
TOPIC_OF = {f"{t}-{s}": t for t, _ in TOPICS for s in SIDES}
OPINION_NAMES = {f"{t}-{s}": f"{name} {s}" for t, name in TOPICS for s in SIDES}
OPINION_ORDER = {o: i for i, o in enumerate(OPINIONS)}
OPINION_COPIES = 3  # popular-opinion cards of each opinion: 42
PROGRAMME_COPIES = 4  # party-programme cards of each opinion: 56
PROGRAMME_SIZE = 6  # of the 7 topics
START_HAND = 1
HAND_KEEP = 1  # hand cards kept at the end of phase 2
MAX_SWAPS = 2
PROGRAMME_DISPLAY = 5
OPINION_DISPLAY = 3

# The 16 Länder; 4 are drawn for a game.
STATES = (
    ("baden-wurttemberg", "Baden-Württemberg"),
    ("bavaria", "Bavaria"),
    ("berlin", "Berlin"),
    ("brandenburg", "Brandenburg"),
    ("bremen", "Bremen"),
    ("hamburg", "Hamburg"),
    ("hesse", "Hesse"),
    ("lower-saxony", "Lower Saxony"),
    ("mecklenburg-vorpommern", "Mecklenburg-Vorpommern"),
    ("north-rhine-westphalia", "North Rhine-Westphalia"),
    ("rhineland-palatinate", "Rhineland-Palatinate"),
    ("saarland", "Saarland"),
    ("saxony", "Saxony"),
    ("saxony-anhalt", "Saxony-Anhalt"),
    ("schleswig-holstein", "Schleswig-Holstein"),
    ("thuringia", "Thuringia"),
)
STATE_NAMES = dict(STATES)
STATE_IDS = tuple(s for s, _ in STATES)
SLOTS = 6  # opinion slots per state
# Face-up opinions of the boards at the start, in election order: one more is
# turned up after each election, so each state is face up by its own election
FACE_UP = (6, 5, 4, 3)
DOUBLING_MARKERS = 4  # in the whole game

CHANCELLOR_TREND = 3
CHAIR_TREND = 2
INTERIOR_REMOVES = 2
SECRETARY_RALLIES = 2
FOREIGN_MONEY = 1  # k€

# The shadow cabinet: (id, name, cost in k€, main action, secondary action, "!")
CABINET = (
    ("chancellor-candidate", "Chancellor candidate", 5, f"own trend +{CHANCELLOR_TREND} here", "+1 party base",
     False),
    ("party-chair", "Party chair", 4, f"one rival's trend −{CHAIR_TREND} here", "+1 own trend here", False),
    ("parliamentary-leader", "Parliamentary leader", 3,
     "replace one opinion here (not a doubled one) with one from the opinion display", "+1 rally here", True),
    ("foreign-minister", "Foreign minister", 3,
     "put a doubling marker on an opinion here that matches your programme", "+1,000 €", True),
    ("interior-minister", "Interior minister", 2, f"remove up to {INTERIOR_REMOVES} of one rival's rallies here",
     "+1 rally here", False),
    ("general-secretary", "General secretary", 2, f"add {SECRETARY_RALLIES} rallies here free", "+1 own trend here",
     False),
    ("press-spokesperson", "Press spokesperson", 1, "remove one rival media marker here",
     "look at one face-down opinion here", True),
)
CABINET_IDS = tuple(c[0] for c in CABINET)
CABINET_NAMES = {c[0]: c[1] for c in CABINET}
CABINET_COST = {c[0]: c[2] for c in CABINET}
CABINET_MAIN = {c[0]: c[3] for c in CABINET}
CABINET_SECONDARY = {c[0]: c[4] for c in CABINET}
CABINET_ONCE = {c[0]: c[5] for c in CABINET}  # the "!" actions
CABINET_ORDER = {c: i for i, c in enumerate(CABINET_IDS)}
POLL_BASE = 3  # party base gained by keeping a poll unpublished

# 20 poll cards: the change of each party's trend (black, red, yellow, green,
# blue). Four patterns, each turned round the five parties, so every party
# meets every change equally often.
_POLL_PATTERNS = (
    (2, -1, 0, 1, -2),
    (1, 1, -1, -1, 0),
    (2, 0, -2, 1, -1),
    (-1, 2, 1, -2, 0),
)
POLLS: dict[str, tuple[int, ...]] = {}
for _i, _pattern in enumerate(_POLL_PATTERNS):
    for _shift in range(5):
        POLLS[f"poll-{_i * 5 + _shift + 1:02d}"] = tuple(_pattern[(p - _shift) % 5] for p in range(5))
POLL_IDS = tuple(POLLS)

# The donation deck: 5 cards of each kind (15: one per player and round at most).
DONATION_DECK = ("d10",) * 5 + ("d20",) * 5 + ("d30",) * 5


def opinion_name(op: str) -> str:
    return OPINION_NAMES[op]


def state_name(sid: str) -> str:
    return STATE_NAMES[sid]


def party_name(party: str) -> str:
    return PARTY_NAMES[party]


def cabinet_name(card: str) -> str:
    return CABINET_NAMES[card]


def eur(k: int) -> str:
    """An amount of k€ as the table writes it: 3 -> '3,000 €', 0 -> '0 €'."""
    return f"{k * 1000:,} €" if k else "0 €"


def signed(value: int) -> str:
    """A change as the table writes it: +2, 0, −1 (a true minus sign)."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def rally_price(n: int) -> int:
    return RALLY_PRICE[n]


def contradicts(a: str, b: str) -> bool:
    """Whether two opinions are the two sides of one topic."""
    return a != b and TOPIC_OF[a] == TOPIC_OF[b]


def opinion_deck() -> list[str]:
    return [o for o in OPINIONS for _ in range(OPINION_COPIES)]


def programme_deck() -> list[str]:
    return [o for o in OPINIONS for _ in range(PROGRAMME_COPIES)]
