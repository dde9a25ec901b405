"""Annotated records that teach Coalition Chess (docs/records.md). Each is an
ordinary record with an explicit position (its "deal") and a caption per
step; the app plays them at #/walkthrough/coalition-chess/<name>. The steps
listed in "learn" are made by the learner: the caption before such a step
asks for the move."""

from typing import Any, Optional, Sequence

from ...core.records import Record, walkthrough_record
from .data import PIECES, START
from .position import listed

NAMES = ["Yellow", "Black", "Green", "Red"]


def _record(title: str, deal: dict[str, Any], moves: list[tuple[int, str]], captions: dict[int, str],
            options: Optional[dict[str, Any]] = None, description: str = "", learn: Sequence[int] = (),
            names: Optional[list[str]] = None) -> Record:
    deal = dict(deal, pieces=listed(deal["pieces"]))
    return walkthrough_record("coalition-chess", title, names or NAMES, deal, moves, captions, options,
                              description, learn)


def _army(power: int) -> dict[str, str]:
    return {sq: PIECES[k][0] for sq, k in START[power].items()}


PIECE_MOVES = _record(
    "How every piece moves",
    {"pieces": {
        "yellow": {"e1": "king", "d3": "tank", "b1": "artillery", "c3": "engineer", "g2": "motorcyclist",
                   "f2": "machine-gun", "e2": "guard"},
        "black": {"e10": "king", "d8": "tank", "b10": "artillery", "c8": "engineer", "g9": "motorcyclist",
                  "f9": "machine-gun", "e9": "guard"},
        "green": {"h5": "submarine", "k5": "machine-gun", "j6": "guard"},
        "red": {"c6": "plane", "a5": "machine-gun", "b6": "guard"}},
     "turn": "yellow", "round": 5, "coalitions": {"green": "yellow", "red": "black"}},
    [(0, "move d3 h7"), (1, "move b10 b7"), (2, "move h5 f6"), (3, "move c6 e6"), (0, "move c3 d5"),
     (1, "move g9 j7"), (2, "move k5 j4"), (3, "move b6 c6"), (0, "move f2 f4"), (1, "move e10 d10")],
    {
        0: "A few pieces of each army, after the first three rounds: Yellow and Green against Black and Red. "
           "Files run a to k (there is no i), ranks 1 to 10; the order of play is Yellow, Black, Green, Red. "
           "Your turn: you are Yellow. The Tank moves as a Queen: take it from d3 along the diagonal to h7.",
        1: "Yellow's Tank is on h7.",
        2: "Black's Artillery moves as a Rook: b10 down the file to b7.",
        3: "Green's Submarine moves as a Queen or as a Knight; here it jumps as a Knight, h5 to f6.",
        4: "Red's Plane makes two Knight moves in one turn: c6 to d4 and on to e6. The square between the hops "
           "must be empty, and it may not come back to c6; a Plane always stays on squares of one colour. "
           "Your turn: the Engineer moves as a Knight; jump from c3 to d5.",
        5: "Yellow's Engineer is on d5.",
        6: "Black's Motorcyclist moves as a Bishop: g9 to j7.",
        7: "Green's Machine-gun steps one square in any direction, like a King (but it is not royal): k5 to j4.",
        8: "Red's Guard is a pawn; for Red, forward is toward file k: b6 to c6. Your turn: a Machine-gun may "
           "also move as a pawn, two squares straight forward on its first move. Play f2 to f4.",
        9: "Yellow's Machine-gun is on f4.",
        10: "Black's King steps one square, e10 to d10. That is every piece. There is no castling and no en "
            "passant.",
    },
    description="Tank, Artillery, Submarine, Plane, Engineer, Motorcyclist, Machine-gun, Guard and King, one move each.",
    learn=[1, 5, 9],
)

COALITIONS = _record(
    "Forming the coalitions: by capture and by check",
    {"pieces": {
        "yellow": {"e1": "king", "d1": "tank", "d2": "guard", "e2": "guard", "f2": "guard", "c2": "machine-gun",
                   "g1": "motorcyclist"},
        "black": {"e10": "king", "d10": "tank", "f10": "artillery", "d9": "guard", "f9": "guard",
                  "e9": "machine-gun", "h7": "guard"},
        "green": {"k7": "submarine", "k5": "machine-gun", "j5": "guard"},
        "red": {"a7": "plane", "a5": "machine-gun", "b5": "guard"}},
     "turn": "yellow", "round": 2},
    [(0, "move c2 c3"), (1, "move e9 e8"), (2, "move k7 h7"), (3, "move a7 d4"), (0, "move c3 d4")],
    {
        0: "Round 2. Green and Red are still neutral: their pieces cannot be taken and give no check. In the "
           "first three rounds each must join Yellow or Black, by declaring it, by taking a piece, or by "
           "giving check.",
        1: "Yellow moves its Machine-gun c2 to c3.",
        2: "Black plays e9 to e8. Green, your turn: take Black's Guard on h7 with the Submarine (k7 to h7). "
           "Taking Black's piece joins Green to Yellow.",
        3: "Green has joined Yellow, for good. Red may now only join Black (or stay neutral and stop the game "
           "after round 3).",
        4: "Red flies its Plane from a7 to d4: from d4 it reaches e1 in two Knight hops through an empty square, "
           "so it gives check, and the check joins Red to Black. It is Yellow's turn anyway, so there is nothing "
           "to answer out of turn. Your turn: take the Plane with the Machine-gun, c3 to d4.",
        5: "The coalitions are fixed: Yellow and Green against Black and Red.",
    },
    description="A lesser power joins a side by taking a piece, the other by giving check.",
    learn=[3, 5],
)

CHECK_ANSWER = _record(
    "Answering a check out of turn, and the round it costs",
    {"pieces": {
        "yellow": {"e1": "king", "d2": "guard", "f2": "guard", "b1": "artillery", "h3": "engineer"},
        "black": {"e10": "king", "d9": "guard", "e9": "machine-gun", "c8": "tank"},
        "green": {"j4": "submarine", "k6": "guard"},
        "red": {"b6": "plane", "a5": "guard"}},
     "turn": "green", "round": 5, "coalitions": {"green": "black", "red": "yellow"}},
    [(2, "move j4 e4"), (0, "answer e1 f1"), (3, "move a5 b5"), (1, "move c8 c5"), (2, "move k6 j6"),
     (3, "move b6 d6"), (0, "move f1 g1")],
    {
        0: "Yellow and Red against Black and Green; the order of play is Yellow, Black, Green, Red. It is "
           "Green's turn.",
        1: "Round 5. Green's Submarine goes from j4 to e4: check to Yellow's King. Red moves next, so Yellow may "
           "answer at once, out of turn (\u201cthe player may not move during the following round\u201d: it "
           "then sits out round 6), or decline and wait for its own turn. Your turn: answer by stepping the "
           "King from e1 to f1.",
        2: "Yellow has answered. The order of play goes on where it was: Red's turn, the last of round 5.",
        3: "Red pushes its Guard, a5 to b5. Round 6 begins with Yellow, but Yellow sits it out for its answer.",
        4: "So Black opens round 6: its Tank comes to c5. While it sits out, Yellow could not answer a check "
           "either: it would have to end it on its next turn.",
        5: "Green moves its Guard, k6 to j6.",
        6: "Red's Plane hops from b6 over c8 to d6.",
        7: "Round 7, and Yellow moves again: the King to g1. Had Yellow declined, it would have kept its turns, "
           "but its King would have stayed in check until its turn.",
    },
    description="Green checks Yellow out of Yellow's turn; Yellow answers at once and sits out the next round.",
    learn=[2],
)

PROMOTION = _record(
    "Promotion on the far edge",
    {"pieces": {
        "yellow": {"e1": "king", "c9": "guard", "g9": "machine-gun"},
        "black": {"e10": "king", "b2": "guard", "h2": "machine-gun", "a10": "artillery"},
        "green": {"b5": "guard", "b8": "machine-gun"},
        "red": {"j4": "guard", "j7": "machine-gun"}},
     "turn": "yellow", "round": 5, "coalitions": {"green": "yellow", "red": "black"}},
    [(0, "move c9 c10 engineer"), (1, "move b2 b1 engineer"), (2, "move b5 a5 submarine"), (3, "move j7 k7 plane")],
    {
        0: "Guards and Machine-guns become any piece but a King when they reach the far edge: rank 10 for "
           "Yellow, rank 1 for Black, file a for Green, file k for Red. Your turn: push the Guard from c9 to c10 "
           "and make it an Engineer (a Tank there would give check along rank 10, which is fine too).",
        1: "Yellow's Guard is now an Engineer.",
        2: "Black's Guard reaches rank 1 and becomes an Engineer too.",
        3: "Green's Guard reaches file a and becomes a Submarine.",
        4: "Red's Machine-gun steps onto file k and becomes a Plane. A Machine-gun may also stay one, or become "
           "a Guard: any piece but a King. A Guard must become something else.",
    },
    description="A Guard or a Machine-gun of each power is promoted.",
    learn=[1],
)

CHECKMATE = _record(
    "A checkmate that wins for two players",
    {"pieces": {
        "yellow": {"e1": "king", "a9": "artillery", "b8": "tank", "c3": "engineer"},
        "black": {"e10": "king", "e9": "guard", "d9": "guard", "f9": "guard", "h8": "machine-gun"},
        "green": {"j2": "submarine"},
        "red": {"a4": "plane", "h5": "guard"}},
     "turn": "yellow", "round": 5, "coalitions": {"green": "yellow", "red": "black"}},
    [(0, "move a9 a10")],
    {
        0: "Yellow and Green against Black and Red. Black's King on e10 is hemmed in by its own Guards. Your "
           "turn: the Artillery goes from a9 to a10 and checks along rank 10.",
        1: "Checkmate: Black cannot end the check (d10 and f10 are on the Artillery's rank, no piece can come "
           "between or take it). Yellow and Green win, 6 points each; Black and Red score nothing.",
    },
    description="The coalition that mates the enemy King wins: both partners score.",
    learn=[1],
)

DUMMY = _record(
    "A game with a dummy",
    {"pieces": {"black": _army(1), "green": _army(2), "red": _army(3)}},
    [(0, "default"), (0, "move e2 e4"), (1, "move e9 e7"), (2, "move j5 h5"), (3, "move a4 d5"),
     (0, "move h2 k4")],
    {
        0: "Three players: Red is a dummy, played by its partner Yellow. A partner can play a dummy only when the "
           "coalitions are fixed at set-up, so this game fixes Yellow and Red against Black and Green. Yellow "
           "first sets up its pieces.",
        1: "Yellow takes the default set-up: its pieces stand on b1 to j2.",
        2: "Yellow opens with the Guard, e2 to e4 (two squares on its first move).",
        3: "Black answers with its Machine-gun, e9 to e7.",
        4: "Green advances a Guard toward file a, j5 to h5. Red, the dummy, moves now, and the player of Yellow "
           "makes its move. Your turn (for Red): fly the Plane from a4 over c3 to d5.",
        5: "Red's Plane is on d5.",
        6: "Yellow's Motorcyclist takes Green's Submarine on k4, over j3. Nobody declared anything: the "
           "coalitions were fixed from the start, so Green's pieces could be taken at once.",
    },
    options={"dummies": "red", "dummy_play": "partner", "coalitions": "yellow-red"},
    description="Three players and a dummy played by its partner.",
    learn=[5],
    names=["Ann (Yellow)", "Ben (Black)", "Cleo (Green)", "Ann (Red, dummy)"],
)

WALKTHROUGHS = {
    "piece-moves": PIECE_MOVES,
    "coalitions": COALITIONS,
    "check-answer": CHECK_ANSWER,
    "promotion": PROMOTION,
    "checkmate": CHECKMATE,
    "dummy": DUMMY,
}
