"""Annotated records that teach Koalition (docs/records.md). Each one is an
ordinary record with an explicit deal and captions; the app plays them at
#/walkthrough/koalition/<name>. Between them they show every worked example of
the rule text (the tests in tests/test_koalition.py check each one)."""

from __future__ import annotations

from typing import Any, Sequence

from ...core.records import Record, walkthrough_record
from .data import COUNTRY_IDS, DEAL_TABLE, DECK


def _deal(players: int, fixed: Sequence[Sequence[str]], countries: Sequence[str]) -> dict[str, Any]:
    """An explicit deal: seat i holds the cards in fixed[i], topped up to a full
    hand with the cards nobody was given, in deck order from the end (so the
    fillers are low cards, never Colorino or a Resignation unless needed);
    the countries named come first in the stack, the rest follow in order."""
    per = DEAL_TABLE[players][0]
    given = {c for h in fixed for c in h}
    spare = [c for c in reversed(DECK) if c not in given and not c.startswith(("resign", "colorino"))]
    spare += [c for c in DECK if c not in given and c.startswith(("resign", "colorino"))]
    hands: list[list[str]] = []
    for h in fixed:
        h = list(h)
        while len(h) < per:
            h.append(spare.pop(0))
        hands.append(h)
    stack = list(countries) + [c for c in COUNTRY_IDS if c not in countries]
    return {"hands": hands, "countries": stack}


def _record(name: str, title: str, names: list[str], deal: dict[str, Any], moves: list[tuple[int, str]],
            captions: dict[int, str], description: str = "") -> Record:
    return walkthrough_record("koalition", title, names, deal, moves, captions, description=description)


# -- the absolute majority and the Doubler (examples A and B) ----------------------

MAJORITY_AND_DOUBLER = _record(
    "majority-and-doubler",
    "The absolute majority (102 → 52, 87 → 44) and the Doubler (examples A and B)",
    ["Anna", "Ben", "Clara", "Dan"],
    _deal(4, [
        ["rose-12", "black-12", "red-11", "red-x2"],
        ["rose-10", "black-x2", "purple-11", "yellow-12"],
        ["rose-7", "rose-x2", "purple-x2", "rose-11"],
        ["rose-5", "yellow-10", "brown-10", "black-10"],
    ], ["germany", "italy"]),
    [
        (0, "play rose-12"), (1, "play rose-10"), (2, "play rose-7"), (3, "play rose-5"),
        (0, "play black-12"), (1, "play black-x2"), (2, "play rose-x2"), (3, "play yellow-10"),
        (2, "play purple-x2"), (3, "play brown-10"), (0, "play red-11"), (1, "play purple-11"),
        (2, "play rose-11"), (3, "play black-10"), (0, "play red-x2"), (1, "play yellow-12"),
        (0, "propose red+purple"), (2, "accept"),
    ],
    {
        0: "Four players, 13 cards each. Anna is the oldest and starts; she turns over Germany (14 VP in all; "
           "with four players on the winning side it pays 6, 4, 3 and 1).",
        4: "First election round: Rose 12, 10, 7 and 5 are in play.",
        5: "Second round. Anna adds Black 12.",
        6: "Ben plays the Black Doubler. Only Black 12 is in play for Black, so the Doubler is worth 12 and is "
           "still the highest Black card: Black has 24 (example B of the rules).",
        7: "Clara plays the Rose Doubler: it is worth Rose 5 + 7 + 10 + 12 = 34 and is now the strongest Rose card; "
           "Rose has 68 (example A).",
        8: "Dan plays Yellow 10. The vote: Rose 68, Black 24, Yellow 10, total 102. The absolute majority is "
           "102 ÷ 2 = 51, plus 1: 52. Rose has 68 and governs alone, so no chairs and no negotiation. All four "
           "players have Rose cards: Clara 7 + 34 = 41 (6 VP), Anna 12 (4), Ben 10 (3), Dan 5 (1). Clara received "
           "the most VP, so she starts the next election: Italy (13 VP).",
        16: "Italy's vote: Red 11 + its Doubler 11 = 22, Purple 11 + its Doubler 11 = 22, Yellow 12, Rose 11, "
            "Brown 10, Black 10: total 87. Half of 87 is 43.5, plus 1 is 44.5, rounded down: the majority is 44. "
            "Nobody has it, so the chairs are found: in Purple, Ben's 11 and Clara's Doubler (11) tie, and the "
            "Doubler is the higher card, so Clara chairs Purple. Red and Purple are the largest parties; Red comes "
            "first in the fixed party order, so Anna, Red's chair, proposes first.",
        17: "Anna proposes Red + Purple: 22 + 22 = 44, exactly the majority.",
        18: "Clara accepts for Purple, and Red + Purple govern. Three players are on the winning side: Anna (Red "
            "22) gets 7 VP; Clara's Doubler (11) ranks above Ben's Purple 11, so Clara gets 4 and Ben 2.",
    },
    "Both majority examples of the rule text, with Doubler examples A and B in the first election.",
)

# -- party chairs -----------------------------------------------------------------

PARTY_CHAIRS = _record(
    "party-chairs",
    "Who chairs each party? The five-player example",
    ["A", "B", "C", "D", "E"],
    _deal(5, [
        ["rose-11", "green-9a"],
        ["yellow-8", "yellow-4"],
        ["rose-5", "rose-6"],
        ["black-8", "black-10"],
        ["yellow-12", "red-7"],
    ], ["france"]),
    [
        (0, "play rose-11"), (1, "play yellow-8"), (2, "play rose-5"), (3, "play black-8"), (4, "play yellow-12"),
        (0, "play green-9a"), (1, "play yellow-4"), (2, "play rose-6"), (3, "play black-10"), (4, "play red-7"),
        (4, "propose rose+yellow"), (0, "accept"),
    ],
    {
        0: "The example of the rules, with five players A to E. A starts in France (13 VP).",
        10: "All cards are played: A Rose 11 and Green 9; B Yellow 8 and 4; C Rose 5 and 6; D Black 8 and 10; "
            "E Yellow 12 and Red 7. Yellow 24, Rose 22, Black 18, Green 9, Red 7: total 80, majority 41, and "
            "nobody has it. Chairs: in Rose, A (11) and C (5 + 6 = 11) tie, and A's single 11 beats C's 6: A "
            "chairs Rose. In Yellow, B (8 + 4) and E (12) both have 12; E has the higher card. D chairs Black, A "
            "Green, E Red. A player may chair several parties.",
        11: "Yellow is the largest party, so its chair E proposes first: Yellow + Rose, 46 votes. A must accept "
            "for Rose.",
        12: "A accepts. On the winning side: E (Yellow 12, highest card 12) ranks above B (Yellow 8 + 4 = 12), "
            "and A (Rose 11) above C (Rose 5 + 6 = 11). France pays 5, 4, 3, 1.",
    },
    "The party-chair example of the rule text, then the coalition it leads to.",
)

# -- compatibility ---------------------------------------------------------------------

ROSE_AND_BROWN = _record(
    "rose-and-brown",
    "Which parties may govern together: Rose and Brown",
    ["Anna", "Ben", "Clara"],
    _deal(3, [
        ["brown-10", "brown-7"],
        ["rose-12", "rose-3"],
        ["purple-5", "black-4"],
    ], ["belgium"]),
    [
        (0, "play brown-10"), (1, "play rose-12"), (2, "play purple-5"),
        (0, "play brown-7"), (1, "play rose-3"), (2, "play black-4"),
        (0, "propose purple+brown"), (2, "decline"),
        (1, "propose rose+black+purple"), (2, "accept"), (2, "score purple"),
    ],
    {
        0: "Three players in Belgium. Anna holds Brown, Ben Rose, Clara Purple and Black.",
        6: "Brown 17, Rose 15, Purple 5, Black 4: total 41, majority 21. Brown and Rose together would have 32, "
           "but they may not govern together: Rose may ally with Yellow, Black, Green, Purple and Red; Brown only "
           "with Black and Purple. Anna, Brown's chair, may propose only Brown + Purple (22) or Brown + Black "
           "(21): the action list offers no Brown + Rose.",
        7: "Anna proposes Brown + Purple.",
        8: "Clara declines. Next in size is Rose.",
        9: "Ben proposes Rose + Black + Purple: 15 + 4 + 5 = 24. Clara chairs both Black and Purple and answers "
           "once.",
        10: "Clara accepts: Rose, Black and Purple govern, and Brown, the largest party, is in opposition.",
        11: "Clara has cards in Black and Purple, both governing, and scores with Purple 5. Two players are on the "
            "winning side, so Belgium pays 4 and 2: Ben (Rose 15) 4, Clara 2, and Anna nothing.",
    },
    "The compatibility example of the rule text: Brown can ally only with Black and Purple.",
)

# -- minimal winning coalitions ---------------------------------------------------------------

MINIMAL_WINNING = _record(
    "minimal-winning",
    "No party may join a coalition that already has the majority (47)",
    ["Anna", "Ben", "Clara", "Dan", "Eva", "Finn"],
    _deal(6, [
        ["red-11", "green-9a"],
        ["red-3", "green-6a"],
        ["red-x2", "yellow-6"],
        ["black-12", "brown-1"],
        ["black-9", "yellow-8"],
        ["black-2", "yellow-12"],
    ], ["netherlands"]),
    [
        (0, "play red-11"), (1, "play red-3"), (2, "play red-x2"), (3, "play black-12"), (4, "play black-9"),
        (5, "play black-2"),
        (0, "play green-9a"), (1, "play green-6a"), (2, "play yellow-6"), (3, "play brown-1"), (4, "play yellow-8"),
        (5, "play yellow-12"),
        (2, "propose black+red"), (3, "accept"),
    ],
    {
        0: "Six players in the Netherlands (7 VP).",
        12: "Red 11 + 3 + Doubler 14 = 28, Yellow 26, Black 23, Green 15, Brown 1: total 93, absolute majority 47. "
            "Clara's Doubler (14) makes her Red's chair, and Red is the largest party: she proposes first. Her "
            "choices are Red + Black (51), Red + Yellow (54) or making no proposal. Red + Black + Green or Red + "
            "Black + Yellow are not offered: Red and Black already have the majority, so Green and Yellow may not "
            "join, however much they want to.",
        13: "Clara proposes Red + Black: 51 votes.",
        14: "Dan accepts for Black: Red and Black share the majority. Six players have Red or Black cards, so "
            "all six are on the winning side, ranked Clara 14, Dan 12, Anna 11, Eva 9, Ben 3, Finn 2 (Finn's "
            "Yellow 12 counts for nothing: Yellow is not in the government).",
    },
    "The 47-vote example of the rule text.",
)

# -- victory points -------------------------------------------------------------------------

VICTORY_POINTS = _record(
    "victory-points",
    "Victory points: Spain's split, the highest card, choosing a party",
    ["Anna", "Ben", "Clara"],
    _deal(3, [
        ["black-10", "purple-2", "rose-12", "black-4"],
        ["brown-10", "purple-5", "yellow-8", "yellow-4"],
        ["black-2", "yellow-2", "yellow-12", "rose-10"],
    ], ["spain", "portugal"]),
    [
        (0, "play black-10"), (1, "play brown-10"), (2, "play black-2"),
        (0, "play purple-2"), (1, "play purple-5"), (2, "play yellow-2"),
        (0, "propose black+brown"), (1, "accept"),
        (0, "play rose-12"), (1, "play yellow-8"), (2, "play yellow-12"),
        (0, "play black-4"), (1, "play yellow-4"), (2, "play rose-10"),
        (2, "propose rose+yellow"), (0, "accept"), (2, "score rose"),
    ],
    {
        0: "Three players. The first election is in Spain, which pays 4, 3 and 1 to three winners.",
        6: "Black 12 (Anna 10, Clara 2), Brown 10, Purple 7, Yellow 2: total 31, majority 16. Anna chairs Black, "
           "the largest party, and proposes first.",
        7: "Anna proposes Black + Brown: 22 votes. Brown may ally with Black.",
        8: "Ben accepts. On the winning side: Anna (Black 10), Ben (Brown 10) and Clara (Black 2). Anna and Ben "
           "tie on 10, and their highest cards are both 10: the tie cannot be broken. They share places 1 and 2: "
           "(4 + 3) ÷ 2 = 3.5, rounded down, 3 VP each, as in the Spain example of the rules; Clara is third with 1. "
           "Anna and Ben both received 3 VP; Anna is the older and starts in Portugal (3, 2, 1 for three winners).",
        14: "Portugal: Anna played Rose 12 and Black 4; Ben Yellow 8 and 4; Clara Yellow 12 and Rose 10. Yellow 24, "
            "Rose 22, Black 4: total 50, majority 26. Clara chairs Yellow: she and Ben both have 12 there, and her "
            "Yellow 12 beats his 8.",
        15: "Clara proposes Rose + Yellow.",
        16: "Anna accepts. Clara has cards in both governing parties: like the player in the rules with Yellow 12 "
            "and Rose 10, she must choose one of them; only that one counts.",
        17: "Clara takes Rose 10 (she wants to lead Rose in Europe). The ranking: Anna (Rose 12) and Ben (Yellow "
            "8 + 4) both have 12, and Anna's highest card, 12, beats Ben's 8, as in the rules' example: Anna is "
            "first (3 VP), Ben second (2), Clara third (1). With Yellow 12 Clara would have tied Anna exactly, and "
            "they would have shared (3 + 2) ÷ 2, rounded down: 2 each.",
    },
    "The victory point examples of the rule text.",
)

# -- the Green peculiarity ----------------------------------------------------------------

GREEN_TIE = _record(
    "green-tie",
    "The Green peculiarity: a tie for the chair, and unbound Greens",
    ["Anna", "Ben", "Clara", "Dan"],
    _deal(4, [
        ["green-9a", "rose-12"],
        ["green-9b", "black-8"],
        ["yellow-12", "red-7"],
        ["black-10", "purple-8"],
    ], ["united-kingdom"]),
    [
        (0, "play green-9a"), (1, "play green-9b"), (2, "play yellow-12"), (3, "play black-10"),
        (0, "play rose-12"), (1, "play black-8"), (2, "play red-7"), (3, "play purple-8"),
        (0, "claim green"), (1, "claim green"),
        (3, "propose rose+black+green@1"), (0, "accept"), (1, "accept"), (1, "score green"),
    ],
    {
        0: "Four players in the United Kingdom (13 VP). Anna and Ben each hold a Green 9: Green is the only party "
           "with two politicians of the same value.",
        8: "Green 18 (Anna 9, Ben 9), Black 18, Rose 12, Yellow 12, Purple 8, Red 7: total 75, majority 38. Anna "
           "and Ben tie for the Green chair, on votes and on their highest card. They must agree which of them "
           "chairs Green.",
        9: "Anna claims the chair.",
        10: "Ben claims it too: no agreement. The party binding of the Greens has come undone: Anna and Ben each "
            "negotiate with their own 9 Green votes, shown as Green (Anna) and Green (Ben).",
        11: "Black is the largest party; Dan, its chair, proposes Rose + Black + Ben's Greens: 12 + 18 + 9 = 39. "
            "Anna's Greens are not in it, although Anna's Rose is.",
        13: "Anna (for Rose) and Ben (for his Greens) accept.",
        14: "Ben has Black 8 and Green 9, both in the government, and scores with Green. Winners: Anna (Rose 12) "
            "7 VP, Dan (Black 10) 4, Ben (Green 9) 2. Anna's own Green 9 earns nothing: her Greens stayed out.",
    },
    "Two players tie for the Green chair, both claim it, and each Green player negotiates alone.",
)

# -- resignations and a stalemate -------------------------------------------------------------

RESIGNATION_AND_STALEMATE = _record(
    "resignation-and-stalemate",
    "Resignations, a stalemate and the new election",
    ["Anna", "Ben", "Clara"],
    _deal(3, [
        ["rose-12", "black-12"],
        ["rose-x2", "yellow-12"],
        ["resign-1", "resign-2", "green-3a"],
    ], ["denmark"]),
    [
        (0, "play rose-12"), (1, "play rose-x2"), (2, "play resign-1 rose-x2"),
        (0, "play black-12"), (1, "play yellow-12"), (2, "play resign-2 black-12"),
        (0, "propose rose+yellow"), (1, "decline"), (1, "propose rose+yellow"), (0, "decline"),
        (0, "pass"), (1, "pass"),
        (0, "play black-12"), (1, "play yellow-12"), (2, "play resign-1 yellow-12"),
        (0, "play rose-12"), (1, "play rose-x2"), (2, "play green-3a"),
    ],
    {
        0: "Three players in Denmark (5 VP). Clara holds two Resignations.",
        2: "Ben plays the Rose Doubler: with Rose 12 in play it is worth 12.",
        3: "Clara plays a Resignation. The highest politicians in play are Rose 12 and the Rose Doubler, both worth "
           "12; a Doubler ranks above an equal card, so the Doubler resigns at once. Both cards go to the discard "
           "pile.",
        6: "Black 12 and Yellow 12 have joined Rose 12: three politicians worth 12, none of them a Doubler, so "
           "Clara chooses who resigns with her second Resignation: Black 12.",
        10: "Rose 12 and Yellow 12: total 24, majority 13. The only coalition is Rose + Yellow. Anna proposes it "
            "and Ben declines; Ben proposes it and Anna declines. A coalition was proposed for the first time in "
            "this round, so a second round of proposals follows.",
        12: "In the second round Anna and Ben both pass: the round brings no coalition that was not proposed "
            "before, so the negotiation has failed: stalemate. Denmark votes again at once, and everyone takes "
            "back the cards they played, the Resignations and the resigned politicians included.",
        15: "Ballot 2. This time Clara's Resignation removes Yellow 12, her choice between Black 12 and Yellow 12.",
        18: "Rose has 24 of 39 and governs alone. Anna (Rose 12) and Ben (the Rose Doubler, 12) tie on 12, and the "
            "Doubler is the higher card: Ben is first with 3 VP, Anna second with 2.",
    },
    "A Resignation removes the highest politician (a Doubler first among equals, otherwise the player's "
    "choice); a stalemate gives every card back for a new election.",
)

# -- a whole game and the bonus round ------------------------------------------------------

# A whole three-player game between "good" bots (seed 7), written out as an
# explicit deal, with the re-deal between the two rounds.
_BONUS_DEAL: dict[str, Any] = {
    "hands": [
        [
            "black-4", "black-7", "black-10", "black-12", "yellow-4", "yellow-7", "yellow-8", "yellow-10",
            "yellow-x2", "green-3a", "green-6a", "red-5", "brown-10",
        ],
        [
            "rose-3", "rose-8", "rose-9", "rose-11", "rose-x2", "black-5", "black-9", "green-3b", "green-9a",
            "red-3", "purple-5", "resign-2", "resign-3",
        ],
        [
            "rose-5", "rose-10", "rose-12", "black-2", "black-6", "black-8", "yellow-12", "green-6b",
            "purple-8", "purple-11", "brown-1", "brown-x2", "resign-1",
        ],
    ],
    "set_aside": [
        "rose-4", "rose-6", "rose-7", "black-x2", "yellow-2", "yellow-6", "green-9b", "green-x2", "red-1",
        "red-7", "red-11", "red-x2", "purple-2", "purple-x2", "brown-4", "brown-7", "colorino",
    ],
    "countries": [
        "ireland", "luxembourg", "netherlands", "france", "greece", "spain", "portugal", "united-kingdom",
        "denmark", "belgium", "germany", "italy",
    ],
    "redeals": [{"hands": [
        [
            "rose-8", "rose-9", "rose-x2", "black-5", "black-10", "black-x2", "yellow-2", "yellow-10",
            "yellow-x2", "red-3", "purple-2", "brown-x2", "colorino",
        ],
        [
            "rose-5", "rose-12", "black-4", "black-7", "yellow-6", "yellow-8", "green-6b", "green-9a", "red-7",
            "purple-11", "brown-1", "brown-7", "resign-3",
        ],
        [
            "rose-3", "rose-6", "rose-7", "black-6", "yellow-12", "green-3a", "green-3b", "green-9b",
            "green-x2", "red-5", "red-11", "brown-10", "resign-2",
        ],
    ], "set_aside": [
        "rose-4", "rose-10", "rose-11", "black-2", "black-8", "black-9", "black-12", "yellow-4", "yellow-7",
        "green-6a", "red-1", "red-x2", "purple-5", "purple-8", "purple-x2", "brown-4", "resign-1",
    ]}],
}

# seat and action, one move per item
_BONUS_MOVES = (
    "0 play green-6a", "1 play rose-8", "2 play black-2", "0 play black-4", "1 play green-3b",
    "2 play rose-10", "2 play purple-11", "0 play black-12", "1 play black-5", "2 play purple-8",
    "0 play black-7", "1 play rose-3", "0 play black-10", "1 play rose-11", "2 play resign-1 rose-11",
    "0 play yellow-4", "1 play black-9", "2 play black-6", "0 play yellow-7", "1 play rose-x2",
    "2 play brown-1", "0 play yellow-10", "1 play rose-9", "2 play yellow-12", "0 play green-3a",
    "1 play resign-2 green-3a", "2 play rose-12", "0 play yellow-8", "1 play green-9a", "2 play black-8",
    "2 propose rose+black", "2 score black", "2 play rose-5", "0 play yellow-x2", "1 play red-3",
    "2 play green-6b", "0 play brown-10", "1 play purple-5", "0 propose purple+brown", "1 accept",
    "0 play yellow-2", "1 play green-9a", "2 play green-3a", "0 play yellow-10", "1 play green-6b",
    "2 play green-x2", "2 play rose-6", "0 play colorino rose", "1 play resign-3 colorino", "2 play rose-7",
    "0 play rose-x2", "1 play rose-5", "0 play rose-8", "1 play black-7", "2 play rose-3", "0 play black-5",
    "1 play black-4", "2 play black-6", "1 play brown-1", "2 play red-11", "0 play red-3", "1 play red-7",
    "2 play red-5", "0 play yellow-x2", "2 play green-9b", "0 play black-x2", "1 play yellow-6",
    "2 play yellow-12", "0 play black-10", "1 play yellow-8", "1 propose yellow+green", "2 accept",
    "2 score yellow", "1 play purple-11", "2 play resign-2 purple-11", "0 play purple-2", "1 play rose-12",
    "2 play brown-10", "0 play brown-x2",
)

BONUS_ROUND = _record(
    "bonus-round",
    "A whole game and the bonus round: two parties tie for a bonus",
    ["Anna", "Ben", "Clara"],
    _BONUS_DEAL,
    [(int(m.split(" ", 1)[0]), m.split(" ", 1)[1]) for m in _BONUS_MOVES],
    {
        0: "A whole game for three players: two rounds of six elections, 13 cards each. Anna, the oldest, starts "
           "in Ireland. Watch the record under each party: the bonus round at the end pays the party chiefs.",
        6: "Rose has 18 of 33, more than the majority of 17, and governs alone: Clara (Rose 10) gets 3 VP and Ben "
           "(Rose 8) 2. They are recorded under Rose.",
        32: "Greece: no party has the majority of 19. Clara chairs both Rose and Black, so her proposal Rose + "
            "Black needs nobody's consent; she is the only player on the winning side and takes all 6 VP, under "
            "Black.",
        40: "After six elections every player holds one card. The three last cards are discarded, and all 56 "
            "cards, those set aside included, are shuffled and dealt again: 13 each for round two.",
        79: "The bonus round. Shares of Europe: Yellow 27, Black 22, Rose 18, Brown 18, Green 6, Red 6, Purple 3 "
            "(together 100). Yellow is the largest party: its bonus of 7 goes to its chiefs, and all three players "
            "have 9 VP in Yellow, so each gets 7 ÷ 3 rounded up, 3. Black (6) goes to Clara. Rose and Brown tie "
            "for third place: both pay 5, and nobody gets 4, exactly as in the rules. Anna and Clara are Rose's "
            "co-chiefs with 7 each (5 ÷ 2 rounded up: 3 each); Anna alone leads Brown (5). Green and Red tie at 6 "
            "and pay 3 each (both to Clara), so nobody gets 2; Purple pays 1 to Ben. Final: Anna 39 + 11 = 50, "
            "Ben 25 + 4 = 29, Clara 36 + 18 = 54. Clara wins.",
    },
    "Every election of a game, the re-deal between rounds, and a bonus round in which two parties tie.",
)

WALKTHROUGHS = {
    "majority-and-doubler": MAJORITY_AND_DOUBLER,
    "party-chairs": PARTY_CHAIRS,
    "rose-and-brown": ROSE_AND_BROWN,
    "minimal-winning": MINIMAL_WINNING,
    "victory-points": VICTORY_POINTS,
    "green-tie": GREEN_TIE,
    "resignation-and-stalemate": RESIGNATION_AND_STALEMATE,
    "bonus-round": BONUS_ROUND,
}
