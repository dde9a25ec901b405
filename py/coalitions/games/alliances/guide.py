"""Alliances in our own words, and every interpretation and reconstruction we
made where the rule text is silent or its pictures and card values are missing.
The app's rules page and docs/games/alliances.md show both; keep them in step
with rules.py, conflict.py and data.py."""

RULES = [
    {
        "title": "The idea",
        "paragraphs": [
            "Super-powers and their allies compete for the countries of the world. Each conflict is a trick: the "
            "players play one card each, and the winner may take the country being fought over. Political power "
            "is the highest suit, then Economics, then Military.",
            "The classic game is for four players in two alliances of partners sitting opposite each other. "
            "The 2-player and 3-player games change the setup and the bidding; they are described further down.",
        ],
    },
    {
        "title": "Components",
        "paragraphs": [
            "48 cards: 36 power cards, twelve in each suit (Military, Economics, Politics), and 12 special action "
            "cards, four in each suit. 20 country tiles, each with a Military, an Economics and a Politics defence. "
            "32 alliance tokens, 16 in each of two colours, gold and silver, and the Conflict token.",
        ],
    },
    {
        "title": "Setting up",
        "paragraphs": [
            "The 20 country tiles are laid out at random in 4 rows of 5. Countries are neighbours when they touch "
            "along a side (not diagonally).",
            "Each player stacks 3 of their alliance's tokens on one corner: partners take opposite corners, so "
            "each alliance holds two diagonally opposite corners. The cards are shuffled and each player is dealt 12.",
            "Corner groups: each player's 3 tokens lie one each on their corner and its two neighbours instead, so "
            "12 countries are held from the start (option \u201cCorner groups\u201d; see \u201cThe starting "
            "tokens\u201d below).",
        ],
    },
    {
        "title": "A campaign, and the game",
        "paragraphs": [
            "The game is the best of three campaigns: the first alliance to win two campaigns wins. Each campaign "
            "has a bidding phase, the State of the Nations, and a conflicts phase of twelve conflicts. Before a new "
            "campaign the tiles are laid out again at random, the tokens go back to the corners and all the cards "
            "are reshuffled and dealt.",
        ],
    },
    {
        "title": "State of the Nations (bidding)",
        "paragraphs": [
            "Starting with a random player and going clockwise, each player either passes or bids: the number of "
            "countries their alliance will control at the end of the campaign (10 to 20) and a dominant suit. A bid "
            "must be a higher number than the last bid, or the same number with a higher suit (\u201c10 Politics\u201d "
            "beats \u201c10 Military\u201d).",
            "A player who passes is out of the bidding for this campaign; their partner may go on. When everyone "
            "but the last bidder has passed, the highest bidder takes the Conflict token: their alliance is the "
            "Aggressor, the other the Defender, and the suit of the bid is the dominant suit (trumps) for the whole "
            "campaign. If everybody passes without a bid, the cards are reshuffled and dealt again.",
        ],
    },
    {
        "title": "A conflict",
        "paragraphs": [
            "The starting player (the one holding the Conflict token) chooses the target: a neutral country next to "
            "a country their alliance controls. Only when no such neutral country exists may they target a country "
            "of the rival alliance, again next to one of their own.",
            "Then the starting player leads a card; its suit is the leading suit. Clockwise, each other player plays "
            "one card: a power card of the leading suit, or any special action card; a player with no card of the "
            "leading suit (special actions included) may play any card.",
            "A special action is resolved as soon as it is played (see the list below).",
        ],
    },
    {
        "title": "Who wins a conflict",
        "paragraphs": [
            "Each player's hand power is the number on their power card, or what their special action gives. Only "
            "hand power in the leading suit counts, and the highest wins. But if any player has played a card of "
            "the dominant suit (the one the Aggressor announced), a special action included, that \u201cbreaks\u201d "
            "the round: the highest hand power of the dominant suit wins instead. Equal highest hand powers make a "
            "draw.",
            "The winner takes the country only if their hand power is higher than the country's defence in the "
            "winning suit. Taking a neutral country puts a token of the winner's alliance on it; taking a rival "
            "country puts the token on top of the rival's stack (the top token shows who controls it); after "
            "winning over a country your alliance already controls, the winner may add one more token to it.",
            "The winner starts the next conflict. If nobody won, or the defence held, the next player clockwise "
            "from the last starting player starts.",
        ],
    },
    {
        "title": "The special actions",
        "paragraphs": [
            "Politics. Peace Treaty: discard all Military power cards from the table. Embargo: discard all Economics "
            "power cards from the table. Dual Allegiance: take any Politics power card from the table and add it "
            "to any player's hand power. Spin: works only if played last; every player's hand power moves to the "
            "player on their left, and whoever ends up with the Spin card has 0.",
            "Economics. Bribe: take any Politics power card from the table as your new Economics hand power. Global "
            "Trading: your Economics hand power is the sum of the Economics of the target's neighbours (up to 4). "
            "Free Market: the target's Military defence is added to its Economics defence. Monopoly: discard all "
            "Economics cards on the table but one of your choice.",
            "Military. Reserve Forces: your Military hand power is the sum of the Military of 4 countries your "
            "alliance controls. Covert Operation: discard any special action card on the table. Reinforcement: "
            "double any player's Military power card on the table. Defensive Pact: triple the target's Military "
            "defence.",
        ],
    },
    {
        "title": "The end of a campaign",
        "paragraphs": [
            "After the twelfth conflict, the Aggressor wins the campaign if their alliance controls at least the "
            "number of countries they bid. With a bid of 10 and exactly 10 countries, they win only if they have "
            "more tokens on the tiles than the Defender. Otherwise the Defender wins the campaign.",
        ],
    },
    {
        "title": "Variants",
        "paragraphs": [
            "Drafting: each player looks at their 12 cards, keeps 2 and passes the rest to the player on their "
            "left; from the cards they receive they keep 2 more and pass the rest, and so on until every card is "
            "chosen (option \u201cDrafting\u201d).",
            "Secret meeting: just before the bidding, partners have the opportunity to secretly show each other 2 "
            "cards from their hands, at the same time (option \u201cSecret meeting\u201d).",
        ],
    },
    {
        "title": "Two players",
        "paragraphs": [
            "Each player holds two diagonally opposite corners. Each is dealt 12 cards; the other 24 form a "
            "face-down reserve. The players take turns to start: in the first campaign a random player, then the "
            "other one, and so on.",
            "Drafting phase: no countries are fought over. The starting player leads a card, the other follows by "
            "the same rule as in a conflict, and the higher hand power wins the trick. Then "
            "both draw a card from the reserve, so hands stay at 12. The winner of a trick leads the next. Most "
            "special actions are worth nothing here. When the reserve is empty, the player with more tricks wins "
            "the drafting phase, becomes the Aggressor and calls the dominant suit.",
            "Campaign: twelve conflicts, as in the 4-player game. A conflict winner who cannot take the target "
            "loses momentum: the other player starts the next conflict. A player who takes a country starts the "
            "next one. At the end, the player controlling more countries wins the campaign; a tie goes to the "
            "Defender. The first to win two campaigns wins the game.",
            "State of Nations variant: the winner of the drafting phase also declares the exact number of countries "
            "they will control, and wins the campaign only with exactly that number (option \u201cState of "
            "Nations\u201d).",
        ],
    },
    {
        "title": "Three players",
        "paragraphs": [
            "Three campaigns. In each one, one player is the Empire (gold, two opposite corners) and the other two "
            "are the Rebels (silver, one corner each), fighting together. The Empire is chosen at random for the "
            "first campaign and moves clockwise, so each player is the Empire once. All 48 cards are dealt, 16 each.",
            "Rise to Power: the Empire sets aside 4 cards face down in two pairs and declares the dominant suit. "
            "Each Rebel puts down 2 cards face down: their highest card of the dominant suit and their highest card "
            "of another suit. The Empire takes the Rebels' 4 cards and each Rebel takes one of the Empire's pairs.",
            "The Empire starts the first conflict; conflicts are played as in the 4-player game, one per card in "
            "hand, so 16 (option \u201cTwelve conflicts (3 players)\u201d: 12). At the end of the "
            "campaign the Empire scores the countries they control and each Rebel notes how many conflicts they won.",
            "After three campaigns, the player who controlled the most countries as the Empire wins. A tie is "
            "broken by the conflicts won as a Rebel; players still tied share the win.",
        ],
    },
]

INTERPRETATIONS = [
    {
        "title": "Card values and country tiles (reconstruction)",
        "text": "The printed values were not available. We use one power card of each value 1 to 12 in each suit "
                "(the examples show 1, 4, 6, 8, 9 and 11) and 20 placeholder countries whose Military, Economics "
                "and Politics defences add up to 6, each suit totalling 40 over the board, from 0 to 4. The data "
                "lives in one file (data.py) and can be replaced.",
    },
    {
        "title": "Suits of the special actions",
        "text": "The rule text lists the specials four per suit: Politics (Peace Treaty, Embargo, Dual Allegiance, "
                "Spin), Economics (Bribe, Global Trading, Free Market, Monopoly), Military (Reserve Forces, Covert "
                "Operation, Reinforcement, Defensive Pact). The examples confirm Dual Allegiance (Politics) and "
                "Reserve Forces (Military); Embargo and Covert Operation are placed by the list order alone.",
    },
    {
        "title": "Seating, corners and the player on the left",
        "text": "Seats are numbered clockwise from 0, as in game records: play passes from seat 0 to seat 1, which "
                "is the player on seat 0's left. Seats 0 and 2 (gold) are partners against seats 1 and 3 (silver); "
                "the rule text's \u201cPlayer 1\u201d is seat 0. Gold starts on "
                "the top-left and bottom-right corners, silver on the other two. With 2 players each holds two "
                "opposite corners; with 3 the Empire holds two opposite corners and the Rebels one each.",
    },
    {
        "title": "The starting tokens",
        "text": "The text says each player places 3 of their tokens \u201cin one of the corners, as shown in image "
                "1\u201d, and the image is missing. By default the 3 tokens are stacked on the corner tile, as "
                "our notes on the game read it: 4 countries are held at the start (two corners per side) and 16 "
                "stay neutral. The text's own figures fit another reading better, "
                "which the option \u201cCorner groups\u201d plays: one token on the corner and one on each of "
                "its two neighbours, 12 countries held at the start (6 per side) and 8 neutral. Example 5 has no "
                "neutral country left before the last of 12 conflicts, and the 2-player Image 3 ends 11 countries "
                "to 9, all 20 held; with the stacked start at most 4 + 12 = 16 can be held after 12 conflicts. "
                "Example 1b's four targets fit both. With either start each side has 6 tokens on the board and 10 "
                "in its supply.",
    },
    {
        "title": "Who starts the bidding",
        "text": "A random player opens the bidding of every campaign, as the text says (\u201cstarting with a "
                "randomly chosen player\u201d is part of each State of the Nations). After a redeal (everybody "
                "passed) the same player opens again: the text only asks for new cards. With 2 players the first "
                "drafting phase is led by a random player, then the players take turns (\u201cthe players can take "
                "turns starting\u201d); with 3 players the Empire is random in the first campaign, then moves "
                "clockwise.",
    },
    {
        "title": "Hand power of the special actions",
        "text": "A special action's hand power is in its own suit and comes from its text: Reserve Forces is the "
                "sum of the Military of your alliance's four strongest countries (all of them if fewer); Global "
                "Trading is the sum of the Economics defences of the countries next to the target (whoever controls "
                "them); Bribe takes a Politics card's hand power as Economics. The others have hand power 0.",
    },
    {
        "title": "Breaking the round, and zero hand power",
        "text": "The text says a card of the dominant suit breaks the round, so every dominant-suit card counts, "
                "whatever its hand power: an Embargo, Peace Treaty or Spin when Politics is dominant, a Free Market "
                "or Monopoly when Economics is, a Defensive Pact or Covert Operation when Military is, and a Dual "
                "Allegiance that gave its Politics card to another player. Such a card's hand power is 0, and 0 "
                "counts: if it is the only dominant-suit hand power, its player wins the conflict, but 0 never "
                "beats a defence, so the country is not taken and the start passes as when the defence holds. What "
                "breaks the round is a dominant-suit card that lies on the table when the conflict is judged: a "
                "card discarded from the table (Peace Treaty, Embargo, Monopoly, Covert Operation) or taken into "
                "another hand power (Bribe, Dual Allegiance) has left the round, as its hand power has.",
    },
    {
        "title": "Taking a card from the table",
        "text": "Bribe and Dual Allegiance take a Politics power card that lies on the table as someone's hand "
                "power (not one already taken). Taking it takes that player's whole hand power (with anything "
                "added to it): that player is left with none. Dual Allegiance adds it to the hand power of any "
                "player who has a card on the table, its own player included, keeping that player's suit. A "
                "player whose card was discarded or taken has no hand power left.",
    },
    {
        "title": "Discarding from the table",
        "text": "Peace Treaty and Embargo discard the Military or Economics power cards on the table (not special "
                "actions). Monopoly discards every Economics card on the table, power cards and specials alike, but "
                "the one you keep, and it is an Economics card on the table itself: you may keep the Monopoly, "
                "and every other Economics card goes; if you keep another card, the Monopoly goes too and you "
                "are left with no hand power. With no other Economics card on the table it does nothing and "
                "stays. Covert Operation discards one special action already on the table. "
                "Cards played after a special are not affected by it.",
    },
    {
        "title": "Specials that change the defence",
        "text": "Defensive Pact and Free Market are resolved when they are played, like every special action "
                "(\u201cthe player who played it must immediately resolve the action\u201d): the defence they change "
                "stays changed until the end of the conflict, even if a Covert Operation later discards the card. "
                "With both, their order matters: Free Market adds the Military defence of that moment, so a "
                "Defensive Pact played before it adds the tripled Military, one played after it does not.",
    },
    {
        "title": "Reinforcement",
        "text": "Reinforcement doubles the hand power of a Military power card on the table (any player's, the "
                "current value, so after a Dual Allegiance the sum is doubled).",
    },
    {
        "title": "Spin",
        "text": "Spin may be played at any time (it is a special action) but works only as the last card of the "
                "conflict (4th of 4, 3rd of 3, 2nd of 2). Then every hand power on the table, with its suit, moves "
                "to the next player clockwise; the Spin card itself (0) goes to the player on its player's left.",
    },
    {
        "title": "Following suit",
        "text": "When you hold a card of the leading suit (a power card or a special action of that suit), you may "
                "play a power card of the leading suit or any special action. Otherwise you may play any card. A "
                "special led as the first card sets the leading suit to its own suit.",
    },
    {
        "title": "Targets when there is no choice",
        "text": "If a side controls no country from which it could reach a target (it lost all of its countries), "
                "its starting player may target any neutral country, or if there is none any rival country. A "
                "player never targets their own side's country, but a rival who wins a conflict over a country "
                "they control reinforces it. The 2-player campaign's text names only \u201cany adjacent neutral "
                "country\u201d; when a 2-player side has none next to its countries, the 4-player rule applies: "
                "an adjacent rival country, and if there is none, any neutral country or else any rival one.",
    },
    {
        "title": "Reinforcing needs a win above the defence",
        "text": "Winning a conflict over a country your alliance already controls lets you add a token only if "
                "your hand power beats its defence, as for taking a country. Adding it is your choice (the text "
                "says \u201cyou may\u201d): the winner picks \u201cAdd a token\u201d or \u201cAdd no token\u201d. A "
                "token on the board counts for a bid of 10, but it is no longer in the supply for the countries "
                "still to take. Either way the winner starts the next conflict.",
    },
    {
        "title": "Tokens",
        "text": "Each colour has 16 tokens (both partners, or both Rebels, share theirs), 6 of them on the corners "
                "at the start. The text does not say what happens when a colour runs out; tokens are never taken "
                "back from the board, so a winner whose colour has no token left cannot mark the country: a "
                "neutral or rival country stays as it is, and nothing is added to their own. The defence did not "
                "hold, so with 3 or 4 players the winner still starts the next conflict; with 2 players the winner "
                "did not take the country and loses momentum. The tie rule for a bid of 10 counts every token of "
                "each colour on the tiles, covered ones included. The table shows how many tokens each colour has "
                "left.",
    },
    {
        "title": "Length of a campaign",
        "text": "A campaign has as many conflicts as each player holds cards when it starts: 12 with 2 or 4 "
                "players, 16 with 3 players (16 cards each after the Rise to Power). The 3-player text says "
                "\u201cthe campaign will be conducted in a series of conflicts, as in the 4 player game\u201d, "
                "which may mean played the same way or the same 12 conflicts. We play the whole hands: the "
                "2-player text ties a campaign's length to the hand (\u201cshorter, as each player has a hand of "
                "12 cards\u201d), and with 12 conflicts every player would keep 4 cards unplayed. The option "
                "\u201cTwelve conflicts (3 players)\u201d plays 12 conflicts and leaves those 4 cards in hand.",
    },
    {
        "title": "Variants by player count",
        "text": "Drafting and the secret meeting are variants of the 3- and 4-player games (the 2-player game has "
                "its own drafting phase); with 3 players the two Rebels hold the secret meeting, before the Rise to "
                "Power, and drafting passes 16 cards down to the last two. The State of Nations variant is for 2 "
                "players. An option that does not apply to the player count is ignored.",
    },
    {
        "title": "Drafting, step by step",
        "text": "Each player keeps their 2 cards one at a time and in secret; when all have kept 2, the rest of "
                "each packet passes left. The last 2 cards of a packet are kept without a choice. A redeal after "
                "everybody passes in the bidding drafts again (and meets again, with the secret meeting).",
    },
    {
        "title": "The secret meeting",
        "text": "The meeting is an opportunity, not a duty: each player either picks 2 cards one at a time or "
                "declines (before picking any). A team meets only if both partners agree, since they show each "
                "other cards at the same time; if one declines, neither sees anything, and the table learns only "
                "that the team did not meet. Nobody sees anything until everyone has chosen. Then each sees the "
                "partner's 2 cards for as long as they stay in the partner's hand.",
    },
    {
        "title": "2 players: the drafting phase",
        "text": "The text says \u201cthe winner of this conflict is the higher valued hand power\u201d, with no "
                "word on the suit, so the higher hand power wins the trick whatever its suit: a player who cannot "
                "follow may win with a higher card of another suit. The usual trick-taking reading, where only the "
                "leading suit counts as in a conflict, is the option \u201cDrafting tricks by the leading "
                "suit\u201d. The text names no exception for a player without a card of the leading suit; we use "
                "the conflicts' rule (then any card may be played). A draw (equal hand powers, or with the option "
                "no hand power in the leading suit) gives no trick and the same player leads again. Winning a trick "
                "means the winner draws first. Specials that read the board (Reserve Forces, Global Trading, Free "
                "Market, Defensive Pact) are worth 0 and do nothing; the others work as usual, which is why most "
                "specials are worth 0 there. Trick cards leave the game until the next campaign. A tie in tricks "
                "goes to the winner of the last trick (to the first leader if nobody won one).",
    },
    {
        "title": "2 players: momentum",
        "text": "A player who takes a country starts the next conflict. A winner whose hand power does not beat the "
                "defence loses momentum: the other player starts. A draw passes the start to the other player. "
                "The text's momentum speaks only of taking a country; when a player attacks a rival country and "
                "its holder wins above the defence, there is nothing to take, and the holder starts the next "
                "conflict as in the 4-player game, whether or not they add a token.",
    },
    {
        "title": "2 players: the State of Nations variant",
        "text": "The text gives no range for the declared number (the 10 to 20 of the 4-player bid cannot apply: "
                "a 2-player side starts with 2 countries and has 12 conflicts). The declarer may name any number "
                "from 0 to the most they can still reach: the countries they hold plus one per conflict, as long "
                "as their tokens last, so 12 in a normal game (2 corners and 10 tokens left; 16 with Corner groups, "
                "6 countries and 10 tokens). With the variant, "
                "the declarer wins only with exactly that many countries, otherwise the opponent wins the "
                "campaign.",
    },
    {
        "title": "3 players: the Rise to Power",
        "text": "The Empire sets aside 4 cards one at a time: the first two go to the Rebel on the Empire's left, "
                "the last two to the other Rebel. Then the Empire declares the dominant suit. Each Rebel puts down "
                "their highest power card of the dominant suit and the highest power card of another suit of their "
                "choice (special actions have no value). A Rebel whose only cards of the dominant suit are "
                "special actions puts down one of them, their choice: it is a card of the dominant suit, and no "
                "card of that suit in their hand has a higher value. The text (\u201cone of the dominant suit of "
                "power and one of a different suit\u201d, each \u201cthe highest value card of their suit\u201d) "
                "does not say what a Rebel with no card of the dominant suit does; we keep its other two demands, "
                "two suits and the highest card of each: such a Rebel puts down the highest power card of each of "
                "the two other suits. A Rebel whose power cards are all of one suit (possible only in a set-up "
                "deal) puts down the highest of them and a special action of another suit of their choice, or any other "
                "card if there is none. Both Rebels choose at the same time.",
    },
    {
        "title": "3 players: scoring",
        "text": "A Rebel's conflicts are the conflicts in which they had the winning hand power, whether or not the "
                "country was taken. The Empire's score is the number of countries gold controls at the end of its "
                "campaign; the Rebels fight together as silver.",
    },
    {
        "title": "The scores shown at the end",
        "text": "With 2 and 4 players a seat's score is its side's campaign wins; with 3 players it is the "
                "countries held as the Empire (the Rebel conflicts are in the details).",
    },
]
