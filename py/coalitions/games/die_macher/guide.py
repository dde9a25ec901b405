"""Die Macher in our own words, and every reconstruction and interpretation we
made where the one-page rule text is silent. The app's rules page and
docs/games/die-macher.md show both; keep them in step with rules.py and data.py."""

from .data import (
    BASE_MAX, CABINET, CHANCELLOR_TREND, DONATION_DECK, DONATIONS, FACE_UP, FIRST_RECONSTRUCTION, MAX_RALLIES,
    MEDIA_MARKERS, NATIONAL_MARKER_POINTS, OPINION_COPIES, OPINIONS, POLLS, PROGRAMME_COPIES, PROGRAMME_SIZE,
    RALLY_PRICE, SLOTS, START_BASE, START_MONEY, STATES, TOPICS, TREND_MAX, TREND_MIN, eur, signed,
)

# Who wins at the end (rules.py's final ranking), said in "The end" and in its reconstruction.
WINNER = ("The highest score wins; a tie goes to the higher party base, then to more money; parties still tied "
          "share the win.")

# python scripts/bench_die_macher_tiers.py -n 200 (docs/bots.md): the figures it printed
TIERS_MEASURED = (
    "Measured with python scripts/bench_die_macher_tiers.py -n 200 (the default bot in every seat, seeds 0–199, "
    "800 elections per player count), the share of elections won by one party with 50 or more, several with 50 or "
    "more, a coalition, and the leader with 5 VP: four players 18.5%, 4.2%, 54.6%, 22.6% (with the first "
    "reconstruction and its bots 0.5%, 0%, 21.6%, 77.9%); three players 15.1%, 5.9%, 52.4%, 26.6% (first 0.1%, "
    "0%, 7.9%, 92.0%); five players 23.1%, 4.9%, 50.8%, 21.2% (first 2.0%, 0%, 33.8%, 64.2%)."
)

_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


def _prices() -> str:
    return ", ".join(f"{n} for {eur(p)}" for n, p in RALLY_PRICE.items())


def _cabinet() -> str:
    rows = []
    for cid, name, cost, main, secondary, once in CABINET:
        rows.append(f"{name} ({eur(cost)}): {'! ' if once else ''}{main}; secondary: {secondary}")
    return "; ".join(rows) + "."


def _donations() -> str:
    kinds: dict[str, int] = {}
    for c in DONATION_DECK:
        kinds[c] = kinds.get(c, 0) + 1
    return "; ".join(f"{k} cards of {eur(DONATIONS[c][0])} (accept: −{DONATIONS[c][1]} party base; refuse: "
                     f"+{DONATIONS[c][2]})" for c, k in kinds.items())


def _calibration() -> str:
    """Why the values that make 50 votes reachable are what they are, naming
    the first reconstruction's values (data.FIRST_RECONSTRUCTION)."""
    old = FIRST_RECONSTRUCTION
    top = MAX_RALLIES + TREND_MAX
    return (
        "The text scores an election in four tiers (one party with 50 votes or more: 12 VP; several: 10 VP each; "
        "a coalition: 7 VP each; otherwise 5 VP) and fixes the vote formula, the limit of 8 rallies per party and "
        "state, the prices and the threshold of 50; those stay as it gives them. What makes 50 votes reachable is "
        "ours, and our first reconstruction made it nearly impossible: with "
        f"{_WORDS[old['SLOTS']]} opinions per state a party had at most {old['SLOTS']} matching topics without a "
        f"doubling marker, so at most ({MAX_RALLIES} + {TREND_MAX}) × {old['SLOTS']} = {top * old['SLOTS']} votes, "
        "every maximum at once. In games between the bots the 12 and 10 VP tiers almost never happened, and most "
        "elections fell back to 5 VP. Four values were changed, each for a reason. "
        f"Opinions per state: {SLOTS} (first {old['SLOTS']}), face up at the start "
        f"{', '.join(map(str, FACE_UP))} (first {', '.join(map(str, old['FACE_UP']))}): the matching topics are "
        "the formula's multiplier, and with six of the seven topics on each state a campaign can match five or "
        "six of them; the same number lies face down at the start as before, one turns up after each election, "
        "and each state is face up by its own election. "
        f"Programme cards: {PROGRAMME_SIZE} (first {old['PROGRAMME_SIZE']}): a party takes a side on six topics, "
        "so matching a state is a question of the side it takes and of its two swaps a round, not of topics it "
        "cannot hold. "
        f"Starting money: {eur(START_MONEY)} (first {eur(old['START_MONEY'])}): 8 rallies in one state cost "
        f"{eur(RALLY_PRICE[MAX_RALLIES])} at once, and with {eur(old['START_MONEY'])} a party that had bid for the "
        "start or bought a media marker could not add the Chancellor candidate (5,000 €) to them in round 1; now it "
        "can pay both. "
        f"Chancellor candidate: own trend +{CHANCELLOR_TREND} (first +{old['CHANCELLOR_TREND']}): the dearest card "
        f"is the one large boost of a party's own trend, and with it a focused campaign has {MAX_RALLIES} + "
        f"{CHANCELLOR_TREND} = {MAX_RALLIES + CHANCELLOR_TREND} before any poll, so five matching topics give "
        f"{5 * (MAX_RALLIES + CHANCELLOR_TREND)} votes (the walkthrough \"a focused campaign wins alone\" plays "
        "one). Several parties reach 50 in one state only when two campaign there with well-matched programmes, "
        "and a rival's Party chair, Interior minister or poll still pulls a campaign back under 50."
    )


def _polls() -> str:
    first = next(iter(POLLS.values()))
    return (f"{len(POLLS)} poll cards, each a change of −2 to +2 for each party's trend (Black, Red, Yellow, Green, "
            f"Blue). They are four patterns, each turned round the five parties, so each party meets each change "
            f"equally often; the first is {', '.join(signed(v) for v in first)}.")


RULES = [
    {
        "title": "The idea",
        "paragraphs": [
            "Three to five parties fight four state elections, one per round. Each round has nine phases. "
            "Victory points come from the elections and from media markers that winners move to the national "
            "media spot. After four rounds the most points win.",
            "Votes in a state are (rallies + trend) × matching topics: how present a party is there, times how many "
            "of the state's popular opinions its programme shares. A party with 50 votes or more wins alone; "
            "otherwise the leading party looks for a coalition.",
        ],
    },
    {
        "title": "Setting up",
        "paragraphs": [
            f"Each party (Black, Red, Yellow, Green, Blue, by seat) starts with {eur(START_MONEY)}, party base "
            f"{START_BASE}, {MEDIA_MARKERS} media markers and the seven shadow-cabinet cards. It gets a programme of "
            f"{_WORDS[PROGRAMME_SIZE]} face-up programme cards, no two on the same topic, and one hand card, hidden "
            "from the others.",
            "Four of the sixteen states are drawn and laid out in order: the first holds round 1's election, the "
            f"second round 2's, and so on. Each state has {_WORDS[SLOTS]} opinion slots: the first state shows "
            f"{'all ' if FACE_UP[0] == SLOTS else ''}{_WORDS[FACE_UP[0]]} face up, the second "
            f"{_WORDS[FACE_UP[1]]}, the third {_WORDS[FACE_UP[2]]}, the "
            f"fourth {_WORDS[FACE_UP[3]]}; the rest lie face down. A state never holds one "
            "opinion twice or both sides of a topic at the start. Five programme cards and three opinion cards "
            "lie face up as displays.",
        ],
    },
    {
        "title": "Phase 1: the start player",
        "paragraphs": [
            "Every party bids in secret, from nothing to all its money. Nobody sees a bid until all are in. The "
            "highest bidder pays the bank and starts; turn order runs clockwise from it. Tied highest bidders bid "
            "again in the open, in turn: each raises or drops out, until one is left, who pays its last bid (the "
            "tied amount if the others dropped out at once).",
        ],
    },
    {
        "title": "Phase 2: party programmes",
        "paragraphs": [
            "In turn order each party either takes the top card of the programme stack and then one card from the "
            "display, or discards the whole display, lays out five new cards and takes one of them.",
            "Then it may swap up to two of its programme cards with hand cards (the programme still holds one card "
            "per topic at most) and discards down to one hand card.",
        ],
    },
    {
        "title": "Phase 3: media",
        "paragraphs": [
            "In turn order each party buys one media marker for 5,000 € and puts it on a free media spot of any "
            "state (five per state), or passes. It goes round until every party has passed in a row; a party that "
            "passed may buy again if someone bought since.",
        ],
    },
    {
        "title": "Phase 4: rallies",
        "paragraphs": [
            "In turn order each party buys rallies once, spread over one or several states. The price depends on "
            f"how many it buys in one state at once: {_prices()}. A party has at most 8 rallies in a state. The "
            "table builds this as one purchase per state, then Done.",
        ],
    },
    {
        "title": "Phase 5: the shadow cabinet",
        "paragraphs": [
            "In turn order each party places at most one shadow-cabinet card face down at each state. Each card "
            "is used once in the whole game.",
        ],
    },
    {
        "title": "Phase 6: the cabinet acts",
        "paragraphs": [
            "State by state, the election state first, and in each state in turn order, the cards are turned up. "
            "The owner pays the card's cost (a card it cannot pay is discarded without effect), does the main "
            "action, then the secondary action. An action marked ! happens at most once per state and round: "
            "whoever reveals such a card first there uses it; later ones only do their secondary action.",
            "The cards: " + _cabinet(),
        ],
    },
    {
        "title": "Phase 7: media majority",
        "paragraphs": [
            "In each state, the party with more media markers there than any other may replace one face-up "
            "opinion that has no doubling marker with one from the opinion display.",
        ],
    },
    {
        "title": "Phase 8: polls",
        "paragraphs": [
            "For each state, the election state first, the top poll card is turned up. The party with most votes "
            "there (counting the face-up opinions) is the auctioneer. The others bid in turn, each higher or out. "
            "The auctioneer sells the poll to the highest bidder, who pays the auctioneer, or keeps it by paying "
            "that bid to the bank (free if nobody bid).",
            "The poll's owner either raises its party base by 3 without publishing it, or, only if the poll raises "
            "its own trend, publishes it: every party's trend in that state changes as the card shows.",
        ],
    },
    {
        "title": "Phase 9: the election",
        "paragraphs": [
            "Votes: in the election state every opinion is turned up, and each party gets max(0, rallies + trend) "
            "× matching topics, where each opinion of the state that is in the party's programme counts once, or "
            "twice with a doubling marker.",
            "Effects: a single party with 50 votes or more takes 12 VP; several with 50 or more take 10 VP each. "
            "Otherwise the leading party (most votes) may form a coalition with a party that shares at least two "
            "programme cards with it and whose votes bring the two to 50: both take 7 VP. With no such partner the "
            "leading party takes 5 VP. Each winner moves one of its media markers from that state to the national "
            "media spot, if it has one there; the state's other markers go back to their owners.",
            "Money (not in round 4): each party receives 1,000 € per VP just won and per party-base point. Then each "
            "turns a donation card and accepts it (money, losing party base) or refuses it (gaining party base).",
            "Next round (not in round 4): the elected state is removed, each remaining state turns one more opinion "
            "face up, and the programme display is replaced by five new cards.",
        ],
    },
    {
        "title": "The end",
        "paragraphs": [
            f"After round 4's election each party scores its VP plus {NATIONAL_MARKER_POINTS} per media marker on the "
            "national media spot. " + WINNER,
        ],
    },
]

INTERPRETATIONS = [
    {
        "title": "Where the data comes from",
        "text": "The rule text is a one-page summary of the nine phases: its numbers (4 rounds, the vote formula, "
                "12/10/7/5 VP, media markers at 5,000 €, the rally prices, income and donations) are followed "
                "exactly. The cards and boards it refers to are not in it, so they are a reconstruction, kept in "
                "one module (py/coalitions/games/die_macher/data.py) that another edition's data can replace.",
    },
    {
        "title": "Calibrated: how 50 votes come within reach",
        "text": _calibration() + " " + TIERS_MEASURED,
    },
    {
        "title": "Reconstructed: parties, money and markers",
        "text": f"Parties Black, Red, Yellow, Green and Blue (seat 0 plays Black, and so on). Each starts with "
                f"{eur(START_MONEY)}, party base {START_BASE} on a track from 0 to {BASE_MAX}, {MEDIA_MARKERS} media "
                f"markers and the seven shadow-cabinet cards. Trends run from {signed(TREND_MIN)} to "
                f"{signed(TREND_MAX)} and start at 0. Money is counted in "
                "thousands: every price in the text is a whole number of thousands.",
    },
    {
        "title": "Reconstructed: topics, opinions and programmes",
        "text": "Seven topics, each with a pro and a contra side: " + ", ".join(name for _, name in TOPICS)
                + f". {OPINION_COPIES} popular-opinion cards of each of the {len(OPINIONS)} opinions "
                f"({OPINION_COPIES * len(OPINIONS)}) and {PROGRAMME_COPIES} programme cards of each "
                f"({PROGRAMME_COPIES * len(OPINIONS)}). A programme is {_WORDS[PROGRAMME_SIZE]} face-up cards with at "
                "most one card per topic "
                "(so never both sides, nor the same card twice); it is dealt again where a card would break that. "
                "One hand card each; programme display of 5, opinion display of 3.",
    },
    {
        "title": "Reconstructed: the states",
        "text": "The 16 Länder: " + ", ".join(name for _, name in STATES) + ". Four are drawn; they differ only in "
                f"their opinions. Each has {_WORDS[SLOTS]} opinion slots, " + ", ".join(map(str, FACE_UP))
                + " of them face up "
                "at the start (in election order), 5 media spots, and per party up to 8 rallies and a trend. "
                "Opinions are dealt so that no state holds one opinion twice or both sides of a topic. The "
                "face-down slots are turned up from the first, one per state after each election, so each state "
                "is fully face up by its own election.",
    },
    {
        "title": "Reconstructed: the shadow cabinet",
        "text": _cabinet() + " There are 4 doubling markers in the game. A main action with nothing to work on "
                "(no rival rallies to remove, no opinion that may be doubled) does nothing; the secondary action "
                "still happens. Trends, rallies and party base stop at their limits.",
    },
    {
        "title": "Reconstructed: polls and donations",
        "text": _polls() + " The donation deck: " + _donations() + ". Both decks are shuffled and their order is "
                "hidden; a turned card is seen by all.",
    },
    {
        "title": "Phase 1: ties and the order of the open re-bid",
        "text": "Tied highest bidders bid again openly, in turn order from the previous start player (in round 1 "
                "from seat 0, or the start given by a walkthrough's deal). Each raises above the highest bid so far "
                "or drops out; the one left pays its own last bid, or the tied amount if it never raised. A party "
                "holding the highest bid is not asked again until someone raises. In hot-seat play each secret bid "
                "is made behind the pass-the-device cover; the log says only that a bid was placed until all are in.",
    },
    {
        "title": "Phase 2: order of the steps",
        "text": "The draw comes first (the top programme card then one from the display, or a new display and one "
                "from it). The display is not refilled between players, only by a player who renews it and in "
                "phase 9d; if it is empty, the draw takes only the top card. Then up to two swaps, each a hand card "
                "for a programme card, and finally the party keeps one hand card of its choice (the others are "
                "discarded face down). An empty stack is refilled by shuffling its discard pile.",
    },
    {
        "title": "Phase 4: buying rallies",
        "text": "A party buys all its rallies in one turn. Because the price depends on how many are bought in one "
                "state at once, each state is bought in one purchase (rally STATE N); the turn ends with Done. A "
                "purchase over 8 rallies in a state or over the party's money is refused with the price and what it "
                "holds.",
    },
    {
        "title": "Phase 6: paying and the ! actions",
        "text": "A revealed card must be paid if the party can; if it cannot, it is discarded without effect. The "
                "! main actions (Parliamentary leader, Foreign minister, Press spokesperson) count as used in a "
                "state only when they are carried out; a player may decline the Parliamentary leader's and the "
                "Foreign minister's main action (they can help rivals too). Where a rival-hitting card has a single "
                "possible target, it is chosen without asking, and so is the Press spokesperson's look when one "
                "face-down opinion is left to see. The Foreign minister doubles a face-up opinion "
                "that is in its owner's programme.",
    },
    {
        "title": "Replacing an opinion",
        "text": "Phase 7 and the Parliamentary leader replace a face-up opinion without a doubling marker. The new "
                "opinion may neither repeat nor contradict another face-up opinion of that state (the set-up's "
                "rule; face-down ones are not checked, since nobody may know them). The replaced card is "
                "discarded and the opinion display is refilled from its stack. So a state may come to show one "
                "opinion twice once a face-down card is turned up; a replacement or the Foreign minister's "
                "doubling marker then works on a copy without a doubling marker: a doubled copy is never replaced, "
                "nor doubled again, and its marker stays on it.",
    },
    {
        "title": "Phase 8: the auctioneer and the bidding",
        "text": "\"Most votes\" for the auctioneer counts the face-up opinions only, so that no hidden opinion "
                "shows through; a tie goes to the party earlier in turn order. The other parties bid from the one "
                "after the auctioneer, in turn order, round and round, until all but the highest bidder have "
                "dropped out. Nobody bidding means the auctioneer keeps the poll for free. The auctioneer may keep "
                "the poll only if it can pay the highest bid. Publishing needs the card to raise the owner's "
                "own trend (a positive change while the trend is below +5).",
    },
    {
        "title": "Phase 9: matching topics, the leader and the coalition",
        "text": "A matching topic is an opinion of the state that is also in the party's programme; a doubled "
                "opinion counts twice. A tie for the lead goes to the party earlier in turn order. Coalition "
                "partners must share at least two programme cards (the same opinion) with the leader, and their "
                "votes together must reach 50; when several qualify, the leader chooses, otherwise the one partner "
                "is taken without asking. If no party has any vote, nobody scores the state. Winners each move one "
                "media marker from that state to the national spot; the rest of its markers return to their "
                "owners' supplies, which they may use again.",
    },
    {
        "title": "Phase 7: what a majority is",
        "text": "\"Majority media markers\" is read as more markers in the state than any other party has (at "
                "least one): 2 of 4 markers against 1 and 1 is a majority. A tie for the most is no majority, and "
                "nobody replaces an opinion there.",
    },
    {
        "title": "Phase 9: no negative votes",
        "text": "The text's votes are (rallies + trend) \u00d7 matching topics. A negative trend can make rallies + "
                "trend less than 0; it then counts as 0, so a party never has fewer than 0 votes.",
    },
    {
        "title": "Reconstructed: the end of the game",
        "text": "The summary has no rule for the end. The game ends after round 4's election. Each party's score "
                f"is its VP plus {NATIONAL_MARKER_POINTS} per media marker on the national media spot "
                "(the summary moves winners' markers there but gives them no value). " + WINNER,
    },
    {
        "title": "Phase 9: money and the next round",
        "text": "Income is paid in turn order, then the donation cards are turned one at a time in turn order. "
                "Accepting a donation when the party base is lower than the loss takes it to 0. After rounds 1 to "
                "3 the elected state is removed, each remaining state turns its first face-down opinion up, and "
                "the programme display is discarded and laid out anew. Each round's cabinet placements and ! "
                "actions start afresh.",
    },
    {
        "title": "What is hidden",
        "text": "Hidden: the bids until all are in; each party's hand; its unused shadow-cabinet cards and those "
                "lying face down (others see only where a card lies); face-down opinions (a party that looked at "
                "one with the Press spokesperson sees it); and the order of the programme, opinion, poll and "
                "donation stacks. Money, tracks, markers, programmes and displays are public. While opinions are "
                "face down, the vote counts on the table are projections from what the seat can see.",
    },
]
