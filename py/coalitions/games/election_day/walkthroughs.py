"""Annotated records that teach Election Day (docs/records.md). Each one is an
ordinary record with an explicit deal and a caption per step; the app plays them
at #/walkthrough/election-day/<name>. The steps listed in "learn" are made by
the learner: the caption before such a step asks for the move."""

from typing import Any, Optional, Sequence

from ...core.records import Record, walkthrough_record


def _record(title: str, names: list[str], deal: dict[str, Any], moves: list[tuple[int, str]],
            captions: dict[int, str], options: Optional[dict[str, Any]] = None, description: str = "",
            learn: Sequence[int] = ()) -> Record:
    return walkthrough_record("election-day", title, names, deal, moves, captions, options, description, learn)


DEBATE_SCORING = _record(
    "Scoring a debate: the Battle, the Darkness and the Mountain",
    ["Alice", "Bob", "Carol"],
    {"aces": ["wyrms", "moons", "knots"], "hands": [["battle"], ["darkness"], ["mountain"]], "pile": [],
     "dealer": 0},
    [(0, "play battle"), (1, "play darkness"), (2, "play mountain"), (0, "pass"), (1, "pass"), (2, "pass")],
    {
        0: "The example from the rules. Alice, Bob and Carol hold one card each. Alice secretly backs the Prince "
           "of Wyrms, Bob the Prince of Moons, Carol the Prince of Knots. Alice deals, so she acts first.",
        1: "Alice plays the Battle: rank 4, with the symbols of Wyrms and Knots. Your turn: you are Bob. "
           "Play the Darkness.",
        2: "Bob plays the Darkness: rank 9, Waves and Wyrms. Wyrms now shows twice.",
        3: "Carol plays the Mountain: rank 4, Moons and Suns. Everyone's hand is empty now.",
        4: "Alice has no cards, so she must pass.",
        5: "Bob must pass too.",
        6: "Carol passes: all players passed in a row, so the debate ends. Count the symbols: Wyrms 2; Knots, "
           "Waves, Moons and Suns 1 each. Wyrms wins, and its two highest cards, the Darkness (9) and the Battle "
           "(4), go beside the Wyrms Crown. The other suits tie for second, so no second card is placed. Nobody "
           "has cards left, so the election follows: Wyrms is elected with 13, and Alice, who backs Wyrms, wins.",
    },
    description="The debate-scoring example of the rule text, step by step.",
    learn=[2],
)

ENDING_A_DEBATE = _record(
    "When does a debate end?",
    ["Alice", "Bob", "Carol", "Don"],
    {"aces": ["suns", "moons", "waves", "leaves"],
     "hands": [["author", "savage"], ["pact", "forest", "mill"], ["journey", "cave"], ["painter", "market"]],
     "pile": [], "dealer": 1},
    [(1, "play pact"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "play forest"), (2, "pass"), (3, "pass"),
     (0, "pass")],
    {
        0: "The example from the rules: Alice, Bob, Carol and Don sit in that order, clockwise. Bob deals, so "
           "Bob starts the debate.",
        1: "Bob plays the Pact (9: Moons and Suns).",
        2: "Carol passes.",
        3: "Don passes.",
        4: "Alice passes. Not everyone has passed in a row yet, so the debate goes on and Bob is next. "
           "Your turn: you are Bob. Play the Forest.",
        5: "Bob plays again: the Forest (5: Moons and Leaves). Carol, Don and Alice have each passed once.",
        6: "Carol passes for the second time in a row.",
        7: "Don passes for the second time in a row. The debate is still on.",
        8: "Alice passes twice in a row as well: every player but Bob has now passed twice in a row, so the "
           "debate ends. Moons shows twice and wins the Pact and the Forest; Suns and Leaves tie for second, so "
           "nothing more is placed. Everyone still has cards, so a new debate begins with Bob.",
    },
    description="The two ways a debate ends, with the Bob, Carol, Don and Alice example of the rules.",
    learn=[5],
)

TIE_FOR_FIRST = _record(
    "A tie for first and a shared card",
    ["Alice", "Bob", "Carol", "Don"],
    {"aces": ["suns", "moons", "knots", "leaves"],
     "hands": [["pact"], ["diplomat"], ["castle"], ["forest"]], "pile": [], "dealer": 0},
    [(0, "play pact"), (1, "play diplomat"), (2, "play castle"), (3, "play forest"),
     (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")],
    {
        0: "Four players with one card each. Alice backs Suns, Bob Moons, Carol Knots and Don Leaves.",
        1: "Alice plays the Pact (9: Moons and Suns).",
        2: "Bob plays the Diplomat (8: Moons and Suns). Your turn: you are Carol. Play the Castle.",
        3: "Carol plays the Castle (7: Suns and Knots).",
        4: "Don plays the Forest (5: Moons and Leaves). Moons and Suns both show three times.",
        8: "The debate ends. Moons and Suns tie for first, so each takes one card and nobody scores second. "
           "The Pact is the highest card of both: it is set aside. So is the Diplomat, for the same reason. "
           "Then Suns takes the Castle (7) and Moons the Forest (5). In the election Suns has 7 and Moons 5: "
           "the Prince of Suns is elected and Alice wins.",
    },
    description="How tied Princes share out the cards.",
    learn=[3],
)

WALKTHROUGHS = {
    "debate-scoring": DEBATE_SCORING,
    "ending-a-debate": ENDING_A_DEBATE,
    "tie-for-first": TIE_FOR_FIRST,
}
