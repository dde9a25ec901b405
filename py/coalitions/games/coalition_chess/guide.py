"""Coalition Chess in our own words, and every interpretation and decision
where the rule text is silent or open. The app's rules page and
docs/games/coalition-chess.md show both; keep them in step with engine.py,
rules.py and data.py."""

RULES = [
    {
        "title": "The idea",
        "paragraphs": [
            "Four powers share a board of 10 by 10 squares. Yellow and Black, the greater powers, sit opposite "
            "each other and each has a King. Green (the navy, with two Submarines) and Red (the air force, with two "
            "Planes) are the lesser powers: they have no King and sit at the other two sides.",
            "Each lesser power joins one greater power, so two coalitions of two fight: Yellow and Green against "
            "Black and Red, or Yellow and Red against Black and Green. The coalition that checkmates the enemy King "
            "wins. Otherwise the usual rules of chess apply.",
        ],
    },
    {
        "title": "The board and the armies",
        "paragraphs": [
            "The files are lettered A to K without I, the ranks numbered 1 to 10. Yellow's set-up area is b1-j2, "
            "Black's b9-j10, Red's a4-b7 and Green's j4-k7.",
            "Yellow: King, 2 Tanks, Artillery, Engineer, Motorcyclist, 3 Machine-guns, 3 Guards. Black: King, Tank, "
            "2 Artillery, Engineer, Motorcyclist, 4 Machine-guns, 2 Guards. Green: 2 Submarines, 2 Machine-guns, "
            "2 Guards. Red: 2 Planes, 2 Machine-guns, 2 Guards.",
            "Black, Green and Red start on their given squares. Yellow, which moves first, places all its pieces "
            "as it likes inside its area before the first move (or takes the default set-up in one action).",
        ],
    },
    {
        "title": "How the pieces move",
        "paragraphs": [
            "King: one square any way, as in chess; it is royal and is checkmated, never taken. Tank: a Queen. "
            "Artillery: a Rook. Engineer: a Knight. Motorcyclist: a Bishop.",
            "Submarine: a Queen or a Knight. Plane: two Knight moves in one turn; it may not end on the square it "
            "started from.",
            "Machine-gun: a King's step in any direction, or a pawn's move, with two squares straight forward on "
            "its first move if both are free. It is not royal: it may stand next to an enemy King.",
            "Guard: a pawn: one square forward, two on its first move, taking one square diagonally forward.",
            "Forward is toward the opposite side: for Yellow toward rank 10, for Black toward rank 1, for Red "
            "toward file K and for Green toward file A. A Guard or a Machine-gun that reaches the far edge becomes "
            "any piece but a King.",
        ],
    },
    {
        "title": "Order of play and rounds",
        "paragraphs": [
            "Yellow always starts. The order is Yellow, Black, Green, Red (in Schoenberg's original: Yellow, "
            "Green, Black, Red). A round is over when each power has had its turn.",
        ],
    },
    {
        "title": "Forming the coalitions",
        "paragraphs": [
            "In the first three rounds each lesser power decides, on its turn: it joins a greater power by "
            "declaring it, by giving check to the other greater power's King, or by taking a piece of the other "
            "side. The choice cannot be changed.",
            "A lesser power may also stay neutral; if one is still neutral after the third round, the game stops: "
            "the partners of a coalition already formed score 1 point each, the others nothing.",
            "In the first three rounds Black, Green and Red may each, once and instead of a move, rearrange their "
            "pieces inside their set-up area.",
        ],
    },
    {
        "title": "Check and checkmate",
        "paragraphs": [
            "No move may leave the mover's own King in check. A check may be answered at once, out of the order of "
            "play; the power that answers may not move during the following round. A King is checkmated when its "
            "owner has no move that ends the check.",
            "The coalition that mates wins: 6 points to each partner. A draw gives 2 points to each: stalemate, "
            "the same position three times, or an offer that the other side accepts.",
            "In Schoenberg's original, taking all of the enemy's men also wins.",
            "A lesser power that has lost all its pieces retires; the rounds then have fewer turns.",
        ],
    },
    {
        "title": "Variants from the text",
        "paragraphs": [
            "Dummies: three players and one dummy, or two players and two dummies. A dummy is played by a bot or "
            "by its coalition partner (options \u201cDummies\u201d and \u201cA dummy is played by\u201d).",
            "Waiting: in the first three rounds a power may once wait instead of moving; Yellow must move in round "
            "1 (option \u201cWaiting move\u201d).",
            "Motorcyclist swap: once in the first three rounds, Yellow and Black may put their Motorcyclist on a "
            "square of the other colour inside their area without losing their move (option "
            "\u201cMotorcyclist colour swap\u201d).",
            "The lesser powers against the greater: Green and Red together against Yellow and Black. Green and Red "
            "win by mating either King; Yellow and Black win by taking all their men (option \u201cCoalitions\u201d: "
            "\u201cGreen and Red against Yellow and Black\u201d). This variant is not in Schoenberg's rules.",
        ],
    },
]

INTERPRETATIONS = [
    {"title": "Starting squares",
     "text": "No authoritative source gives them. We use a reconstruction, with the armies and the set-up areas of "
             "the rule text: Black b10 Artillery, c10 Engineer, d10 Machine-gun, e10 King, g10 Artillery, b9 Tank, "
             "c9 Machine-gun, d9 and e9 Guards, f9 and g9 Machine-guns, h9 Motorcyclist (f10, h10, j10 and j9 "
             "empty); Red a4 and a7 Planes, a5 and a6 Machine-guns, b5 and b6 Guards; Green k4 and k7 Submarines, "
             "k5 and k6 Machine-guns, j5 and j6 Guards. Yellow's default set-up mirrors Black's: b1 Artillery, c1 "
             "Engineer, d1 Machine-gun, e1 King, g1 Tank, b2 Tank, c2 Machine-gun, d2, e2 and f2 Guards, g2 "
             "Machine-gun, h2 Motorcyclist (f1, h1, j1 and j2 empty). They are data (data.py), apart from the "
             "rules."},
    {"title": "Games saved on the earlier squares",
     "text": "The earlier reconstruction is kept as data too (data.FIRST_START: Black b10 Artillery, c10 Engineer, "
             "d10 Tank, e10 King, f10 Artillery, g10 Motorcyclist, h10 Machine-gun, c9 Machine-gun, d9 Guard, e9 "
             "Machine-gun, f9 Guard, g9 Machine-gun; Yellow's default set-up the mirror on ranks 1 and 2; Red and "
             "Green as now), chosen by the option \"Starting squares\". A game saved, exported or shared before "
             "the change names no start, and it opens on the squares it was played on, so no game in progress is "
             "lost; a new game starts on the present squares unless the option says otherwise."},
    {"title": "Why these squares: no mate in round 1",
     "text": "A Plane that lands two Knight moves from a King can check it past two different middle squares, and "
             "one answer closes only one of them. On an earlier reconstruction (the Kings on e1 and e10 with no "
             "empty square beside them) a natural first move such as b10-a10 let Red declare for Yellow and mate "
             "Black at once with a4-e6 (checking e10 over d8 and f8), and a7-e5 caught Yellow's default set-up "
             "the same way. On the present squares each King has an empty square beside it (f1, f10) that no "
             "Plane reaches in round 1, and the squares from which a Plane would check past two middle squares "
             "(e5 against Yellow, e6 against Black) are each watched by a Tank and a Motorcyclist on two "
             "different diagonals (b2 and h2, b9 and h9), so no single move leaves the Plane safe there. Every "
             "first move of Yellow and of Black was checked against every reply of Red, with or without a "
             "declaration (the tests keep that check), and, for two first moves of the other greater power, "
             "every line of the whole first round (each move of Yellow or Black, of Green and of Red, with the "
             "answers to checks; rearrangements aside): none ends in a mate."},
    {"title": "Yellow's set-up",
     "text": "Yellow places its twelve pieces one by one, in any order, on empty squares of b1-j2; what counts is "
             "the final arrangement, which must leave its King out of check, so a placement is refused only when "
             "no way of placing the rest would. Or it takes the default set-up in one action, at any point of the "
             "set-up (the pieces placed so far are put on their default squares too). A position set by hand that "
             "leaves Yellow fewer free squares in its area than it has pieces, or no arrangement with its King out "
             "of check, is refused."},
    {"title": "The Plane",
     "text": "Both hops are Knight moves; the middle square must be empty (the Plane lands there for a moment), so it "
             "never takes on its first hop and a move is always two hops. It takes only on its final square and may "
             "not end on its start square. Two paths to the same square are the same move, so a Plane move is "
             "written with its two squares only."},
    {"title": "Guards and Machine-guns",
     "text": "Both step two squares straight forward on their first move if both squares are free (a piece counts as "
             "not yet moved while it has never moved; pieces placed in a set-up or a rearrangement count as not yet "
             "moved). A Machine-gun takes as a King, in any direction. A Guard or a Machine-gun is promoted when a "
             "move brings it onto its far edge from off it: it becomes any piece but a King (\u201cexcluding a "
             "King\u201d): a Tank, Submarine, Plane, Artillery, Engineer, Motorcyclist, Machine-gun or Guard of "
             "its choice. A Guard must change, since a Guard on its far edge could never move again; a Machine-gun "
             "choosing Machine-gun stays one, and one choosing Guard becomes a Guard that stays where it is. A "
             "Machine-gun moving along the far edge is not promoted again."},
    {"title": "No castling, no en passant",
     "text": "The rule text names neither, the Kings' squares are a reconstruction and Yellow sets up freely, so "
             "there is no castling. With pawns moving in four directions en passant would be unclear, so there is "
             "none."},
    {"title": "What may be taken",
     "text": "Kings are never taken. Nobody takes a partner's piece. Yellow and Black are always enemies (except in "
             "the variant of the lesser powers, where they are partners). The pieces of a neutral lesser power "
             "cannot be taken by anyone and give no check. A neutral lesser power may take a piece of a power whose "
             "side is known (a greater power, or a lesser power that has joined one), and so joins the other side; "
             "it may not take the other neutral power's pieces."},
    {"title": "Joining a coalition",
     "text": "Declaring (\u201cdeclare yellow\u201d, \u201cdeclare black\u201d) costs nothing: the lesser power "
             "then makes its move. A move that takes a piece joins the side against that piece's power; a move "
             "after which the power's pieces attack exactly one King joins that King's enemy. A move that would "
             "check both Kings without taking, or join a greater power that already has its partner, is not "
             "allowed. Once one lesser power has joined, the other can only join the remaining greater power or "
             "stay neutral. A rearrangement never commits a neutral power."},
    {"title": "A neutral power after round 3",
     "text": "When the third round ends with a lesser power still neutral, the game stops at once: each lesser power "
             "that joined a side and its greater partner score 1 point; everyone else 0. These partners are shown "
             "as the winners."},
    {"title": "Answering a check out of turn",
     "text": "After any move that leaves a King in check, if its owner has no move that ends the check, it is "
             "checkmated and the game ends. Otherwise, unless that power moves next anyway, it is asked at once: "
             "answer with a move that ends the check (\u201canswer e10 f10\u201d), or decline and wait for its "
             "turn. Play then goes on from where it was. The text says \u201cthe player may not move during the "
             "following round\u201d: a power that answers in a round sits out the next round (its turn in it is "
             "skipped), however many checks it answered in the round, and moves again in the round after; if its "
             "own turn in the round of the answer is still to come, it keeps it. A declined check is not asked "
             "again while the King stays in check; the owner must end it on its own turn. A rearrangement is not "
             "an answer: it is made on the power's own turn. So whether a King is mated is judged on moves alone, "
             "when the check is given: a King whose owner has no move that ends the check is mated, even if a "
             "rearrangement (or a Motorcyclist swap) on that power's next turn could have blocked it."},
    {"title": "A check while sitting out",
     "text": "The text is silent here. A power sitting out a round may not move, so it may not answer a check "
             "either: the check stands, and the power must end it on its next turn of its own. If nothing can end "
             "it, the King is checkmated at once, as always."},
    {"title": "Whose King may be exposed",
     "text": "A move may not leave the mover's own King in check. A lesser power's move may expose its partner's "
             "King (a blunder); the partner may then answer, or be mated."},
    {"title": "Checkmate and scores",
     "text": "The mate is scored for the side of the mated King's enemies: 6 points to each power of that "
             "coalition, 0 to the others. A draw gives 2 points to each power in a coalition (a neutral power gets "
             "nothing). A greater power to move with no legal move, not in check, is stalemated (a draw). A lesser "
             "power with no legal move passes."},
    {"title": "Repetitions and long games",
     "text": "The same position (board, power to move, coalitions, the powers sitting out this round or the "
             "next) for the third time is a "
             "draw. As in chess's fifty-move rule, fifty rounds without a capture, a Guard move or a promotion "
             "are a draw too (automatic, not claimed)."},
    {"title": "Draw offers",
     "text": "Once no lesser power still in the game is neutral, a power may offer a draw on its turn, before its "
             "move (once per turn). "
             "The offer stands until a power of the other side has had its turn: on its turn that power may accept "
             "(the game ends in a draw) or play on (the offer lapses)."},
    {"title": "Retirement",
     "text": "A lesser power whose last piece is taken retires at once: its turns are skipped and it stays in its "
             "coalition for the score. A position set by hand may give a lesser power no pieces (or leave it out): "
             "it has retired from the start, in its coalition if the position names one, otherwise neutral. A "
             "retired neutral power scores nothing, cannot stop the game after round 3 and does not hold up a "
             "draw offer."},
    {"title": "Schoenberg's capture-all-men rule",
     "text": "Under Schoenberg's rules, a side wins when the other side has nothing left but its King (the men of "
             "both its powers are taken). A position set by hand in which a side already has nothing but its King "
             "is refused: the game would be over before its first move."},
    {"title": "Rearrangement",
     "text": "Black, Green and Red may, once in rounds 1-3 and instead of a move, lift every piece of theirs that "
             "stands inside their set-up area and put them back on empty squares of the area, one by one, in any "
             "order (\u201crearrange\u201d, then \u201cplace PIECE SQUARE\u201d). The text allows it \u201conce "
             "as desired\u201d: what counts is the final arrangement, which must leave Black's own King out of "
             "check, wherever the King stands (inside the area or not). A placement is refused only when no way "
             "of placing the rest would end so, and the rearrangement is offered only when some arrangement does. "
             "So it is allowed while in check when it ends the check (a check left standing from an earlier turn). "
             "The turn ends when the last piece is placed. The text does not ask the new arrangement to differ "
             "from the old: a power may put every piece back where it stood, and its turn is then spent without "
             "a change on the board (and its Guards and Machine-guns in the area count as not yet moved)."},
    {"title": "Waiting move",
     "text": "With the option on, each power may wait once in rounds 1-3 instead of moving, never while its King "
             "is in check. The text's bracket says that in Schoenberg's original Yellow must move in round 1; we "
             "apply that under both rule sets, so that Yellow's first move is always a move."},
    {"title": "Motorcyclist colour swap",
     "text": "With the option on, once in rounds 1-3, Yellow or Black may move its Motorcyclist (from wherever it "
             "stands) to an empty square of the other colour inside its own area, before its move and without "
             "losing it (\u201cswap h2 h1\u201d). It may not leave its own King in check; it may block a check "
             "on the power's own turn, which then makes its move as well. It is not a move: a greater power with "
             "no move is stalemated, and one with no move out of a check is mated, even if a swap could help."},
    {"title": "Dummies",
     "text": "The four powers are always the four seats. The option \u201cDummies\u201d says which powers are "
             "dummies and \u201cA dummy is played by\u201d who plays them: a bot, or the dummy's partner. A partner "
             "can play a dummy only when the coalitions are fixed at set-up (option \u201cCoalitions\u201d), so "
             "that the partner is known from the start, and only when the partner is not a dummy too; otherwise a "
             "bot plays it. The view names each dummy and who plays it."},
    {"title": "Fixed coalitions",
     "text": "The option \u201cCoalitions\u201d can fix Yellow and Green against Black and Red, or Yellow and Red "
             "against Black and Green, from the start (for a partner who plays a dummy lesser power): nobody then "
             "declares, and the game never stops for neutrality."},
    {"title": "The lesser powers against the greater",
     "text": "With that variant Yellow and Black are partners: they never take each other's pieces and never give "
             "each other check. Green and Red win (6 points each) by mating either King; Yellow and Black win when "
             "Green and Red have both lost all their pieces (a position set by hand in which they have none is "
             "refused)."},
]
