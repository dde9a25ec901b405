"""Annotated records that teach Die Macher (docs/records.md): one per phase,
and worked examples of the vote formula and of the 50-vote coalition rule.
Each is an ordinary record with an explicit deal (most start round 1 at the
phase they teach: the deal's ``phase``) and a caption per step; the app plays
them at #/walkthrough/die-macher/<name>. The steps listed in "learn" are made
by the learner: the caption before such a step asks for the move."""

from __future__ import annotations

from typing import Any, Iterable

from ...core.records import Record, walkthrough_record

NAMES = ["Alice", "Bob", "Carol"]


def _record(title: str, deal: Any, moves: Iterable[Iterable[Any]], captions: dict[int, str], description: str = "",
            learn: Iterable[int] = ()) -> Record:
    return walkthrough_record("die-macher", title, NAMES, deal, moves, captions, None, description, learn)


# Alice plays Black (seat 0), Bob Red (seat 1), Carol Yellow (seat 2).
TABLE = {
    "states": ["hesse", "bavaria", "saxony", "berlin"],
    "opinions": [["taxes-pro", "europe-pro", "environment-contra", "defence-pro", "nuclear-contra",
                  "working-hours-contra"],
                 ["nuclear-pro", "immigration-contra", "working-hours-pro", "taxes-contra", "defence-contra",
                  "europe-contra"],
                 ["europe-contra", "defence-contra", "environment-pro", "working-hours-contra", "immigration-contra",
                  "taxes-pro"],
                 ["immigration-pro", "nuclear-contra", "taxes-pro", "europe-pro", "environment-pro", "defence-pro"]],
    "programmes": [["taxes-pro", "europe-pro", "defence-pro", "nuclear-pro", "immigration-pro", "working-hours-pro"],
                   ["taxes-pro", "europe-pro", "environment-pro", "working-hours-pro", "immigration-contra",
                    "defence-contra"],
                   ["environment-contra", "defence-pro", "nuclear-pro", "europe-contra", "working-hours-contra",
                    "immigration-contra"]],
    "hands": [["working-hours-contra"], ["europe-contra"], ["taxes-contra"]],
    "programme_display": ["environment-contra", "immigration-pro", "europe-pro", "nuclear-contra", "taxes-pro"],
    "opinion_display": ["working-hours-contra", "immigration-pro", "taxes-contra"],
}

TABLE_TEXT = ("Alice plays Black, Bob Red, Carol Yellow. Four states hold the elections, in order: Hesse (this "
              "round), Bavaria, Saxony and Berlin. Hesse's six opinions are face up: Taxes pro, Europe pro, "
              "Environment contra, Defence pro, Nuclear power contra, Working hours contra. Alice's programme "
              "matches three of them, Bob's two and Carol's three.")


def _deal(**extra: Any) -> dict[str, Any]:
    deal = {k: [list(v) if isinstance(v, list) else v for v in value] if isinstance(value, list) else value
            for k, value in TABLE.items()}
    deal.update(extra)
    return deal


def _rows(hesse: Iterable[int], n: int = 3) -> list[list[int]]:
    """A per-state table of a deal (rallies, trends, media): Hesse's row given,
    the other states empty."""
    return [list(hesse)] + [[0] * n for _ in range(3)]


START_PLAYER = _record(
    "Phase 1: the secret bid for the start player",
    _deal(),
    [(0, "bid 2"), (1, "bid 2"), (2, "bid 1"), (0, "bid 3"), (1, "pass")],
    {
        0: TABLE_TEXT + " Every round begins with a secret bid for the start player: the start player buys media "
           "first, rallies first and reveals its shadow cabinet first. Everyone bids at once, in secret.",
        1: "Alice bids 2,000 €. The others see only that she has bid: at a shared device a cover hides the table "
           "until the next player takes it.",
        2: "Bob bids. His amount stays hidden too.",
        3: "Carol bids last, and the bids are revealed: Alice 2,000 €, Bob 2,000 €, Carol 1,000 €. Alice and Bob "
           "tie, so they bid again, in the open, from Alice: each raises or drops out. Your turn: you are Alice. "
           "Raise to 3,000 €.",
        4: "Alice raises to 3,000 €.",
        5: "Bob drops out. Alice pays her 3,000 € to the bank and is the start player: the turn order is Alice, "
           "Bob, Carol. Phase 2 begins.",
    },
    description="Simultaneous secret bids, and the open re-bid that breaks a tie.",
    learn=[4],
)

PROGRAMME = _record(
    "Phase 2: changing the party programme",
    _deal(phase=2),
    [(0, "draw"), (0, "take environment-contra"), (0, "swap environment-contra immigration-pro"),
     (0, "swap working-hours-contra working-hours-pro"), (0, "hold working-hours-pro"), (1, "renew"),
     (1, "take nuclear-contra"), (1, "swap nuclear-contra environment-pro"),
     (1, "hold environment-pro"), (2, "draw"), (2, "take taxes-pro"), (2, "swap taxes-pro immigration-contra"),
     (2, "hold taxes-contra")],
    {
        0: TABLE_TEXT + " Alice is the start player. In phase 2 each party improves its programme: a programme "
           "card that equals an opinion of a state is a matching topic there, and votes are multiplied by "
           "matching topics.",
        1: "Alice takes the top card of the programme stack: only she sees it (Defence contra). Now she takes "
           "one card from the display.",
        2: "She takes Environment contra, an opinion of Hesse, where the election is this round. Your turn: you "
           "are Alice. Put Environment contra into your programme in place of Immigration pro (which matches "
           "nothing in Hesse).",
        3: "Alice's programme now matches four of Hesse's six opinions. She may swap once more: Working hours "
           "contra from her hand, an opinion of Hesse, for Working hours pro from her programme, which is not.",
        4: "Five of Hesse's six opinions are in Alice's programme now; only Nuclear power contra is missing (her "
           "programme holds its other side). A party keeps one hand card: she keeps Working hours pro, which "
           "matches Bavaria.",
        5: "The other two hand cards are discarded face down. Bob discards the whole display instead and lays "
           "out five new cards.",
        6: "He takes Nuclear power contra, an opinion of Hesse.",
        7: "He swaps it into his programme for Environment pro, which matches nothing in Hesse.",
        8: "Bob keeps Environment pro in his hand: it matches Saxony.",
        9: "Carol draws the top card.",
        10: "She takes Taxes pro from the display, Hesse's first opinion.",
        11: "She swaps it into her programme for Immigration contra, which is no opinion of Hesse: her programme "
            "now matches four there.",
        13: "Carol keeps Taxes contra in her hand, an opinion of Bavaria. Everyone has had a turn: phase 3, the "
            "media, begins.",
    },
    description="Drawing, renewing the display, swapping programme cards and keeping one hand card.",
    learn=[3],
)

MEDIA = _record(
    "Phase 3: media markers until everyone passes",
    _deal(phase=3),
    [(0, "media hesse"), (1, "media hesse"), (2, "pass"), (0, "media hesse"), (1, "pass"), (2, "media bavaria"),
     (0, "pass"), (1, "pass"), (2, "pass")],
    {
        0: TABLE_TEXT + " In phase 3 the parties buy media markers, 5,000 € each, one at a time in turn order, "
           "onto the five media spots of any state. A media majority lets a party replace an opinion of that "
           "state in phase 7, and a marker in an elected state can move to the national media spot, worth 2 "
           "points at the end.",
        1: "Alice buys a marker for Hesse.",
        2: "Bob buys one for Hesse too: they are level there.",
        3: "Carol passes. Your turn: you are Alice. Buy a second marker for Hesse, to hold the majority there.",
        4: "Alice has 2 markers in Hesse to Bob's 1: the majority.",
        5: "Bob passes.",
        6: "Carol passed before, but someone has bought since, so she may buy again: a marker for Bavaria.",
        7: "Alice passes.",
        8: "Bob passes.",
        9: "Carol passes: every party has now passed in a row, so the media phase ends. Alice has the majority "
           "in Hesse, Carol in Bavaria.",
    },
    description="Buying media markers in rounds until every party has passed in a row.",
    learn=[4],
)

RALLIES = _record(
    "Phase 4: rallies and their prices",
    _deal(phase=4),
    [(0, "rally hesse 4"), (0, "rally bavaria 2"), (0, "done"), (1, "rally hesse 3"), (1, "done"),
     (2, "rally hesse 8"), (2, "done")],
    {
        0: TABLE_TEXT + " In phase 4 each party buys rallies once, in one or several states. The price depends "
           "on how many are bought in one state at once: 1 for 1,000 €, 2 for 2,000 €, 3 for 3,000 €, 4 for "
           "5,000 €, 5 for 7,000 €, 6 for 10,000 €, 7 for 15,000 €, 8 for 20,000 €. No party has more than 8 "
           "rallies in a state. Your turn: you are Alice. Buy 4 rallies in Hesse.",
        1: "Four rallies cost 5,000 €: Alice has 35,000 € left. Rallies count until their state's election, so "
           "she also buys 2 in Bavaria, next round's election, for 2,000 €.",
        3: "Alice is done. Bob buys 3 rallies in Hesse for 3,000 €.",
        5: "Carol buys the most rallies a party may have in one state, 8 in Hesse, for 20,000 €. A ninth would "
           "be refused, with the limit and what she already has.",
        7: "Everyone has bought: phase 5 begins.",
    },
    description="Buying rallies over several states at the price list of the rules.",
    learn=[1],
)

CABINET = _record(
    "Phase 5: sending the shadow cabinet",
    _deal(phase=5),
    [(0, "place general-secretary hesse"), (0, "place party-chair bavaria"), (0, "done"),
     (1, "place chancellor-candidate hesse"), (1, "done"), (2, "place press-spokesperson hesse"), (2, "done"),
     (0, "target red")],
    {
        0: TABLE_TEXT + " Each party has seven shadow-cabinet cards, each usable once in the game. In phase 5, in "
           "turn order, a party lays at most one card face down at each state. The others see where a card lies, "
           "never which.",
        1: "Alice sends her General secretary to Hesse (2,000 €: 2 free rallies there, and +1 trend). Your turn: "
           "you are Alice. Send your Party chair (4,000 €) to Bavaria: it lowers a rival's trend there by 2.",
        2: "A card lies face down at Bavaria; only Alice knows it is her Party chair.",
        3: "Alice is done.",
        4: "Bob sends his Chancellor candidate to Hesse (5,000 €: his trend there +3, and +1 party base).",
        6: "Carol sends her Press spokesperson to Hesse (1,000 €).",
        7: "Phase 6 reveals the cards, the election state first, in turn order. In Hesse: Alice's General "
           "secretary adds 2 rallies and +1 trend; Bob's Chancellor candidate gives him +3 trend and +1 party "
           "base; Carol's Press spokesperson finds no rival media marker to remove and no face-down opinion to "
           "look at. In Bavaria Alice's Party chair needs a target: Bob or Carol.",
        8: "Alice lowers Bob's trend in Bavaria to −2 and raises her own by 1 (its secondary action).",
    },
    description="Placing shadow-cabinet cards face down, one per state, and what they do when revealed.",
    learn=[2],
)

CABINET_ACTIONS = _record(
    "Phase 6: cabinet actions, costs and the ! rule",
    _deal(phase=5, money=[25, 25, 2]),
    [(0, "place parliamentary-leader hesse"), (0, "place foreign-minister bavaria"), (0, "done"),
     (1, "place parliamentary-leader hesse"), (1, "done"), (2, "place chancellor-candidate hesse"), (2, "done"),
     (0, "replace environment-contra immigration-pro"), (0, "double nuclear-pro")],
    {
        0: TABLE_TEXT + " Carol has only 2,000 €. The parties place their shadow cabinets, then phase 6 turns "
           "them up state by state, Hesse first, in turn order: pay the cost, do the main action, then the "
           "secondary action. A main action marked ! happens at most once per state and round.",
        3: "Alice has placed her Parliamentary leader at Hesse and her Foreign minister at Bavaria.",
        5: "Bob has placed his own Parliamentary leader at Hesse.",
        7: "Carol has placed her Chancellor candidate at Hesse. Now the reveal: Alice's Parliamentary leader "
           "(3,000 €) may replace a face-up opinion of Hesse with one from the opinion display (Working hours "
           "contra, Immigration pro, Taxes contra). Your turn: you are Alice. Replace Environment contra, which "
           "helps Carol, with Immigration pro, which is in your programme.",
        8: "Alice now matches four topics in Hesse and Carol two, and the Parliamentary leader's secondary "
           "action gives Alice a rally. Bob's Parliamentary leader is revealed next: its ! action was already used "
           "in Hesse this round, so he only gets the rally. Carol cannot pay her Chancellor candidate's 5,000 €: "
           "it is discarded without effect. In Bavaria, Alice's Foreign minister (!) may put a doubling marker on "
           "a face-up opinion of her programme: Nuclear power pro.",
        9: "Nuclear power pro now counts twice for every party whose programme holds it, and Alice takes "
           "1,000 € from the bank (its secondary action). No party has a media majority, so the polls of phase "
           "8 come next.",
    },
    description="Revealing the shadow cabinet: costs, a card nobody can pay for, and a ! action used once.",
    learn=[8],
)

MEDIA_MAJORITY = _record(
    "Phase 7: the media majority replaces an opinion",
    _deal(phase=7, media=[[2, 1, 0], [0, 1, 1], [0, 0, 1], [0, 0, 0]]),
    [(0, "replace environment-contra immigration-pro"), (2, "skip")],
    {
        0: TABLE_TEXT + " Media markers: in Hesse Alice 2, Bob 1; in Bavaria Bob 1, Carol 1; in Saxony Carol 1. "
           "In each state the party with more markers than any other may replace one face-up opinion (without a "
           "doubling marker) with one from the opinion display. Your turn: you are Alice. In Hesse, replace "
           "Environment contra with Immigration pro.",
        1: "Carol loses a matching topic in Hesse and Alice gains one. The display is refilled from the stack. "
           "In Bavaria Bob and Carol are level: nobody has the majority. In Saxony Carol has it.",
        2: "Carol sees nothing she wants in the display and replaces nothing. Berlin has no markers: phase 8 "
           "begins.",
    },
    description="A media majority replaces a popular opinion; a tie gives nobody the majority.",
    learn=[1],
)

POLLS = _record(
    "Phase 8: auctioning a poll",
    _deal(phase=8, rallies=_rows([4, 5, 2]), polls=["poll-01", "poll-07"]),
    [(1, "bid 2"), (2, "bid 3"), (1, "bid 4"), (2, "pass"), (0, "keep"), (0, "publish")],
    {
        0: TABLE_TEXT + " Rallies in Hesse: Alice 4, Bob 5, Carol 2, so Alice leads there with 4 × 3 = 12 votes "
           "and is the auctioneer of Hesse's poll. The poll shows Black +2, Red −1, Yellow 0. The others bid in "
           "turn, from Bob, each higher or out.",
        1: "Bob bids 2,000 €.",
        2: "Carol bids 3,000 €.",
        3: "Bob bids 4,000 €.",
        4: "Carol drops out. The auctioneer may sell the poll to Bob for 4,000 €, paid to her, or keep it by "
           "paying 4,000 € to the bank. Bob could not publish it (it lowers his trend), so he would take +3 party "
           "base. Your turn: you are Alice. Keep the poll.",
        5: "Alice pays 4,000 € to the bank. Its owner either raises its party base by 3 and keeps the poll "
           "secret, or publishes it, but only if it raises its own trend. Your turn again: publish it.",
        6: "Every trend in Hesse changes as the poll shows: Alice +2, Bob −1. Alice's votes there are now "
           "(4 + 2) × 3 = 18. Bavaria's poll is next.",
    },
    description="The auctioneer, the open bidding, selling or keeping, and publishing a poll.",
    learn=[5, 6],
)

VOTES = _record(
    "Phase 9: the vote formula, worked out",
    _deal(phase=4, rallies=_rows([0, 3, 2]), trends=_rows([1, 0, -3]), donations=["d20"]),
    [(0, "rally hesse 4"), (0, "done"), (1, "done"), (2, "done"), (0, "done"), (1, "done"), (2, "done"),
     (1, "pass"), (2, "pass"), (0, "base"), (1, "pass"), (2, "pass"), (0, "base"), (1, "pass"), (2, "pass"),
     (0, "base"), (1, "pass"), (2, "pass"), (0, "base"), (0, "accept")],
    {
        0: TABLE_TEXT + " In Hesse Alice has a trend of +1, Bob 3 rallies, Carol 2 rallies and a trend of −3. "
           "Votes = (rallies + trend) × matching topics, and never below 0. Your turn: you are Alice. Buy 4 "
           "rallies in Hesse (5,000 €).",
        1: "Alice has 4 rallies in Hesse. Nobody buys more, places a shadow cabinet or bids for a poll, so the "
           "steps up to the election pass quickly. Alice leads in Hesse; in the other states nobody has a vote, "
           "and the tie goes to her, the first in turn order. So she is the auctioneer of each poll; nobody "
           "bids and she keeps each one for free. Only Berlin's poll would raise her trend, so only it could be "
           "published; she keeps all four secret and takes +3 party base each time.",
        19: "The election in Hesse. Alice: (4 rallies + 1 trend) × 3 topics (Taxes pro, Europe pro, Defence pro) "
            "= 15 votes. Bob: (3 rallies + 0 trend) × 2 topics = 6 votes. Carol: 2 rallies − 3 trend is below 0, "
            "so it counts as 0, and 0 × 3 topics = 0 votes. Nobody has 50 votes; Bob shares three programme cards "
            "with Alice but 15 + 6 is far from 50, so no coalition: Alice leads and takes 5 VP. Then each party "
            "is paid 1,000 € per VP just won and per party-base point, and turns a donation card. Your turn: "
            "you are Alice. Accept the 20,000 € donation (−2 party base).",
        20: "Alice has 20,000 € more and party base 15 (17 − 2). Bob and Carol decide on their donations next.",
    },
    description="(rallies + trend) × matching topics, with the floor at 0, from the rally purchase to the count.",
    learn=[1, 20],
)

CAMPAIGN = _record(
    "Phase 9: a focused campaign wins alone",
    _deal(phase=2, polls=["poll-05", "poll-07", "poll-04", "poll-09"], donations=["d20"]),
    [(0, "draw"), (0, "take environment-contra"), (0, "swap environment-contra immigration-pro"),
     (0, "swap working-hours-contra working-hours-pro"), (0, "hold working-hours-pro"),
     (1, "draw"), (1, "take nuclear-contra"), (1, "swap nuclear-contra environment-pro"), (1, "hold europe-contra"),
     (2, "draw"), (2, "take taxes-pro"), (2, "swap taxes-pro immigration-contra"), (2, "hold taxes-contra"),
     (0, "pass"), (1, "pass"), (2, "pass"),
     (0, "rally hesse 8"), (0, "done"), (1, "rally bavaria 5"), (1, "rally hesse 3"), (1, "done"),
     (2, "rally hesse 6"), (2, "done"),
     (0, "place chancellor-candidate hesse"), (0, "done"), (1, "done"), (2, "place general-secretary hesse"),
     (2, "done"),
     (1, "pass"), (2, "pass"), (0, "base"), (2, "pass"), (0, "pass"), (1, "base"), (1, "pass"), (2, "pass"),
     (0, "base"), (1, "pass"), (2, "pass"), (0, "base")],
    {
        0: TABLE_TEXT + " Alice is the start player, and she runs a focused campaign: her programme and her money "
           "go into Hesse, this round's election, to win it alone with 50 votes or more (12 VP). Votes are "
           "(rallies + trend) × matching topics, and a party has at most 8 rallies in a state, so the topics "
           "come first. She draws the top card of the programme stack and takes Environment contra, an "
           "opinion of Hesse, from the display.",
        3: "She has put Environment contra into her programme in place of Immigration pro, which is no opinion "
           "of Hesse. Her second swap: Working hours contra from her hand, for Working hours pro.",
        5: "Five of Hesse's six opinions are in Alice's programme now. Bob takes Nuclear power contra from the "
           "display and swaps it in for Environment pro: three topics in Hesse for him.",
        13: "Carol swaps Taxes pro into her programme: four topics in Hesse for her. Nobody buys media this "
            "round.",
        16: "Phase 4, rallies. Your turn: you are Alice. Buy 8 rallies in Hesse, the most a party may have in a "
            "state: 20,000 €, half of her starting money.",
        17: "Alice keeps her other 20,000 € for the shadow cabinet and is done.",
        23: "Bob buys 5 rallies in Bavaria and 3 in Hesse, Carol 6 in Hesse. Phase 5. Your turn: you are Alice. "
            "Send your Chancellor candidate to Hesse: +3 trend there, for 5,000 €.",
        24: "Alice is done. Bob sends nobody; Carol sends her General secretary to Hesse.",
        28: "The cards are turned up: Alice's trend in Hesse is +3 (and her party base 6); Carol's General "
            "secretary adds 2 free rallies (8) and +1 trend. Nobody has a media majority. With (8 + 3) × 5 = 55 "
            "votes on the face-up opinions Alice is the auctioneer of Hesse's poll. It would lower her trend, "
            "so she cannot publish it; nobody bids, and each poll goes to its auctioneer for free as +3 party "
            "base.",
        40: "The election in Hesse. Alice: (8 rallies + 3 trend) × 5 topics = 55 votes: 50 or more, and she is "
            "the only one, so she takes 12 VP. Carol had as many rallies but (8 + 1) × 4 topics = 36; Bob "
            "(3 + 0) × 3 = 9. Had a second party reached 50 too, each would have taken 10 VP. Income: 12 VP + "
            "15 base = 27,000 € for Alice, who now turns a donation card.",
    },
    description="One party puts its programme and its money into one state and reaches 50 votes: 12 VP.",
    learn=[17, 24],
)

COALITION = _record(
    "Phase 9: no majority, so a coalition",
    _deal(phase=9, rallies=_rows([8, 8, 8]), trends=_rows([2, 3, 0]), media=_rows([1, 2, 0]),
          donations=["d20", "d10", "d30"]),
    [(0, "coalition yellow"), (0, "accept"), (1, "refuse"), (2, "accept")],
    {
        0: TABLE_TEXT + " Election in Hesse: Alice (8 rallies + 2 trend) × 3 topics = 30 votes; Bob (8 + 3) × 2 "
           "= 22; Carol (8 + 0) × 3 = 24. One party with 50 votes would take 12 VP alone (several with 50: 10 "
           "each), but nobody has 50. So Alice, the leader, may form a coalition with a party that shares at "
           "least two programme cards with her and brings the votes to 50: Bob (Taxes pro, Europe pro and "
           "Working hours pro; 30 + 22 = 52) or Carol (Defence pro and Nuclear power pro; 30 + 24 = 54). Both "
           "partners take 7 VP, and each "
           "winner moves a media marker from Hesse to the national media spot (2 points at the end). Bob has 2 "
           "markers in Hesse, Carol none. Your turn: you are Alice. Choose Carol, so Bob gets nothing.",
        1: "Alice and Carol take 7 VP each; Alice moves her Hesse marker to the national spot, Carol has none to "
           "move. Without a possible partner Alice would have taken 5 VP alone. Income follows: 7 VP + 5 base = "
           "12,000 € for Alice and Carol, 5,000 € for Bob. Alice turns a donation card: 20,000 € for −2 party "
           "base, or +3 base if she refuses.",
        2: "Alice accepts.",
        3: "Bob refuses his 10,000 € card and gains 1 party base.",
        4: "Carol accepts 30,000 € for −3 party base. Hesse is removed, each other state turns one more "
           "opinion face up, the programme display is laid out anew, and round 2 begins with the bids.",
    },
    description="The 50-vote rule: 12, 10, 7 or 5 VP, and the leader's choice of a coalition partner.",
    learn=[1],
)

WALKTHROUGHS = {
    "start-player": START_PLAYER,
    "programme": PROGRAMME,
    "media": MEDIA,
    "rallies": RALLIES,
    "shadow-cabinet": CABINET,
    "cabinet-actions": CABINET_ACTIONS,
    "media-majority": MEDIA_MAJORITY,
    "polls": POLLS,
    "vote-formula": VOTES,
    "campaign": CAMPAIGN,
    "coalition": COALITION,
}
