"""Election Day in our own words, and every interpretation we made where the
rule text is silent. The app's rules page and docs/games/election-day.md show
both; keep them in step with rules.py."""

RULES = [
    {
        "title": "The idea",
        "paragraphs": [
            "Six Princes share the rule of the land, one for each Decktet suit: Moons, Suns, Waves, Leaves, "
            "Wyrms and Knots. Before the election they hold a series of debates. Each player secretly backs "
            "one Prince and wins if that Prince is elected.",
        ],
    },
    {
        "title": "Setting up",
        "paragraphs": [
            "The six Crowns are taken out and laid in a column: they are the score track, one Prince each. "
            "They are never dealt.",
            "Each player is dealt one Ace face down. You may look at yours; it shows the Prince you back. The "
            "other Aces go back into the deck.",
            "The deck is the 24 number cards (ranks 2 to 9, two suits each), the leftover Aces and any or all of "
            "the extension cards you chose: the four Pawns, the four Courts and the Excuse. Each of the nine is an "
            "option of its own (\u201cAll four Pawns\u201d and \u201cAll four Courts\u201d add a whole group). "
            "It is shuffled and dealt evenly. Cards that do not deal evenly stay face down as the undealt pile.",
        ],
    },
    {
        "title": "A debate",
        "paragraphs": [
            "At the start of each debate, if the undealt pile has cards, its top card is turned face up into the "
            "debate. Then, starting with the dealer and going clockwise, each player in turn does one of three things:",
            "Further the debate: play a card that is not an Ace from your hand face up into the debate.",
            "Consider a new Prince: take an Ace from your hand and pick up your face-down Ace. Keep either of the "
            "two face down in front of you and hand the other to the player on your right, into their hand. You "
            "may keep the same Prince. This is the only way an Ace leaves your hand.",
            "Pass. A player with no cards must pass. Passing once does not stop you acting later.",
            "The debate ends when every player passes in a row, or when all players but one pass in a row twice: "
            "the others all pass, that one player acts, and the others all pass again.",
        ],
    },
    {
        "title": "Scoring a debate",
        "paragraphs": [
            "Count the suit symbols on all the cards in the debate. The suit seen most often wins the debate: its "
            "two highest cards go beside that Prince's Crown. The second most frequent suit gets its one highest "
            "card placed beside its Crown.",
            "Aces, Pawns and Courts have rank 0 for scoring: they only add their symbols to the count. The Excuse "
            "adds nothing.",
            "A tie for first: each tied Prince gets only one card and nobody scores second. If two tied Princes "
            "would take the same card, it is set aside and each takes its next highest card. A tie for second: "
            "nobody scores second. A Prince with no card available does not score.",
            "Example from the rules: the Battle (4, Wyrms/Knots), the Darkness (9, Waves/Wyrms) and the Mountain "
            "(4, Moons/Suns). Wyrms appears twice and wins: the Darkness and the Battle go beside the Wyrms Crown. "
            "Every other suit appears once: a tie for second, so nothing more is placed.",
        ],
    },
    {
        "title": "After a debate",
        "paragraphs": [
            "If two or fewer players still hold cards, or nobody played a card during the debate, the debates are "
            "over. Otherwise the remaining debate cards are set aside for good and a new debate begins.",
        ],
    },
    {
        "title": "The election",
        "paragraphs": [
            "Add up the ranks of the cards beside each Crown. The Prince with the highest total is elected; a tie "
            "goes to the Prince with more cards beside his Crown. Everyone turns over their face-down Ace: the "
            "player backing the elected Prince wins. If nobody backs him, nobody wins, unless you play the "
            "variant below.",
        ],
    },
    {
        "title": "Variants from the rules",
        "paragraphs": [
            "If nobody backs the elected Prince, the player whose Prince finished closest to first place wins "
            "(option \u201cIf nobody backs the elected Prince\u201d).",
            "If the cards do not deal evenly, leave the extra cards out instead of seeding the debates with them "
            "(option \u201cLeave out the extra cards\u201d).",
        ],
    },
]

INTERPRETATIONS = [
    {
        "title": "Seating and the player on your right",
        "text": "Seats are numbered clockwise, so play passes from seat 1 to seat 2 and so on. The player on your "
                "right is the one who played just before you.",
    },
    {
        "title": "The dealer",
        "text": "The rules do not say who deals. A random player deals, and every debate starts with the dealer, "
                "as written. Our own option \u201cRotate the dealer\u201d moves the dealer one seat clockwise at each "
                "new debate; it is off by default.",
    },
    {
        "title": "When a debate ends",
        "text": "A debate ends as soon as every player has passed on their latest turn (all passed in a row), or "
                "the last turns were: all the other players passing in a row, one player acting, all the others "
                "passing in a row again. Every other player has then passed on the turn just before that player's "
                "latest action and on the turn just after it, and the debate ends before the turn comes back to "
                "him. The Bob, Carol, Don and Alice example of the rules is one of our tests.",
    },
    {
        "title": "Backing a new Prince is a turn",
        "text": "Considering a new Prince uses your turn and is not a pass. You need an Ace in your hand. The Ace "
                "you hand over goes into the hand of the player on your right; only the two of you see which Ace "
                "it is, and nobody else learns which one you kept.",
    },
    {
        "title": "Which cards are placed",
        "text": "The highest cards of a suit are taken by rank; cards of rank 0 (Aces, Pawns, Courts) can be placed "
                "too when a Prince has nothing better, and count as cards for the election tie-break. A card "
                "already placed beside one Crown is not placed again: the second place takes its highest card "
                "among those left. The text does not say which of several equal cards is taken (only rank-0 cards "
                "can be equal: a suit has one number card of each rank). Our rule: any of them will do, so the "
                "choice never costs another Prince a card it could have had. The debate winner takes them in deck "
                "order, unless that would leave the second place with no card of its suit, when it takes the "
                "others first.",
    },
    {
        "title": "Ties for first",
        "text": "Each tied Prince looks at its highest card. A card that is the highest for two or more of them is "
                "set aside and those Princes look again, until each has a card of its own or none is left; a card "
                "another tied Prince has already taken is no longer there to look at. "
                "Princes whose highest cards left are of rank 0 share them out last, once every other tied Prince "
                "has been through its higher cards: a rank-0 card that is the only one left to two or more of them "
                "is set aside, as the text does with a shared card; the others take different cards so that as "
                "many of them as possible get one (when not all can, the choice goes by suit order, Moons first, "
                "each preferring the card fewest other tied Princes share, then deck order).",
    },
    {
        "title": "A Prince with too few cards",
        "text": "A debate winner with only one card of its suit gets that one card. A Prince with no card "
                "available scores nothing that debate.",
    },
    {
        "title": "When the game ends",
        "text": "The end is checked only after a debate is scored. Playing a card means putting a card into the "
                "debate: a debate with only passes and Ace exchanges ends the game. The undealt pile never counts "
                "as a player, and the game does not end just because the pile is empty.",
    },
    {
        "title": "An unbreakable election tie",
        "text": "If the top Princes tie on total and on number of cards, no Prince is elected and nobody wins "
                "(with the \u201cclosest\u201d variant, the backers of the best-placed backed Princes share the win).",
    },
    {
        "title": "The \u201cclosest Prince\u201d variant",
        "text": "The rules offer two wordings: the winner is whoever's Prince scored the most points, or was closest "
                "to first place. We rank the backed Princes by total, then by number of cards; the best one's "
                "backer wins, and players tied exactly share the win.",
    },
    {
        "title": "A forced pass",
        "text": "A player with no cards in hand must pass; the app makes that pass for them.",
    },
    {
        "title": "The scores shown at the end",
        "text": "Each player's score is the total of the Prince they back. It explains the result; only the "
                "winner(s) win.",
    },
]
