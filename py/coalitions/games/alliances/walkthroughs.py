"""Annotated records that teach Alliances (docs/records.md): the examples of the
rule text, the 2-player drafting phase and the 3-player Rise to Power. Each one
is an ordinary record with an explicit deal (hands, first player, and where the
example is set in the middle of a campaign, the tokens already on the board) and
a caption per step. The app plays them at #/walkthrough/alliances/<name>. The
steps listed in "learn" are made by the learner: the caption before such a step
asks for the move.

The layout is the tile list of data.py in order (4 rows of 5)::

    USA     Russia    China         India         Brazil
    Japan   Germany   UK            France        Canada
    Mexico  Egypt     South Africa  Saudi Arabia  Iran
    Turkey  Indonesia Argentina     Nigeria       Australia

Where an example is a moment of a longer campaign, the hands hold only the
cards the example needs, so the campaign ends with the example.
"""

from typing import Any, Optional, Sequence

from ...core.records import Record, walkthrough_record

FOUR = ["Ann", "Ben", "Cleo", "Dan"]


def _record(title: str, names: list[str], deal: dict[str, Any], moves: list[tuple[int, str]],
            captions: dict[int, str], options: Optional[dict[str, Any]] = None, description: str = "",
            learn: Sequence[int] = ()) -> Record:
    return walkthrough_record("alliances", title, names, deal, moves, captions, options, description, learn)


SEATS = ("Ann and Cleo (gold) are partners against Ben and Dan (silver); they sit Ann, Ben, Cleo, Dan "
         "clockwise, so partners sit opposite. ")

EXAMPLE_1A = _record(
    "Example 1a: the State of the Nations",
    FOUR,
    {"hands": [["12p", "11p", "9p"], ["1m", "2m", "3m"], ["4m", "5m", "6m"], ["10e", "11e", "8p"]], "first": 0},
    [(0, "bid 10 military"), (1, "pass"), (2, "pass"), (3, "bid 10 economics"), (0, "bid 10 politics"), (3, "pass")],
    {
        0: SEATS + "Ann was chosen at random to open the bidding. A bid is a number of countries from 10 to 20 "
           "and the suit that will dominate the campaign.",
        1: "Ann bids 10 Military: her alliance will control at least 10 of the 20 countries, with Military as "
           "the dominant suit.",
        2: "Ben passes. He is out of the bidding for this campaign; his partner Dan may still bid.",
        3: "Cleo passes too.",
        4: "Dan bids 10 Economics: the same number in a higher suit is a higher bid (Politics > Economics > "
           "Military). Your turn: you are Ann. Outbid Dan with 10 Politics.",
        5: "Ann bids 10 Politics. Ben and Cleo are out, so only Dan can answer.",
        6: "Dan passes. Ann wins the bidding: she takes the Conflict token, Ann and Cleo are the Aggressor and must "
           "control at least 10 countries, and Politics is the dominant suit for the whole campaign.",
    },
    description="The bidding example of the rule text: same-number bids in a higher suit, and partners bidding on.",
    learn=[5],
)

EXAMPLE_1B = _record(
    "Example 1b: choosing the target",
    FOUR,
    {"hands": [["12p", "11p", "9p"], ["1m", "2m", "3m"], ["4m", "5m", "6m"], ["10e", "11e", "8p"]], "first": 0},
    [(0, "bid 10 politics"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "target japan")],
    {
        0: SEATS + "Gold's tokens start on USA (top left) and Australia (bottom right), silver's on Brazil and "
           "Turkey.",
        4: "Ann won the bidding with 10 Politics, so she starts the first conflict. She may target a neutral "
           "country next to one her alliance controls: Russia or Japan next to USA, Iran or Nigeria next to "
           "Australia. Four options, as in the rule text. Your turn: you are Ann. With Politics dominant, Japan, "
           "whose Politics defence is 0, is the easiest: target Japan.",
        5: "Ann puts the Conflict token on Japan (Military 4, Economics 2, Politics 0). Next she leads a card.",
    },
    description="The four target options of an alliance holding two corners.",
    learn=[5],
)

EXAMPLE_2 = _record(
    "Example 2: following with a special action",
    FOUR,
    {"hands": [["4p", "1e", "2e", "3e"], ["dual-allegiance", "9m", "6m", "11e"], ["7p", "5e", "8e", "10e"],
               ["1m", "4m", "9e", "10m"]], "first": 0},
    [(0, "bid 10 military"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "target russia"), (0, "play 4p"),
     (1, "play dual-allegiance take 4p add-to dual-allegiance"), (2, "play 7p"), (3, "play 10m")],
    {
        0: SEATS + "In this example Military is the dominant suit.",
        4: "Ann won the bidding with 10 Military.",
        5: "Ann targets Russia (Military 0, Economics 4, Politics 2).",
        6: "Ann leads 4 Politics: Politics is the leading suit. Ben holds Dual Allegiance, 9 Military, 6 Military "
           "and 11 Economics. He must play a Politics power card or any special action, and his only Politics card "
           "is the Dual Allegiance special: he must play it.",
        7: "Dual Allegiance takes a Politics power card from the table and adds it to any player's hand power. Ben "
           "takes Ann's 4 Politics for himself: he now has 4 Politics and Ann has no hand power at all.",
        8: "Cleo, Ann's partner, follows with 7 Politics: the highest Politics so far.",
        9: "Dan has no Politics card, so he may play anything: he plays 10 Military, the dominant suit. That breaks "
           "the round: the highest Military hand power wins. 10 beats Russia's Military defence of 0, so a silver "
           "token goes on Russia and Dan starts the next conflict.",
    },
    description="What the follower may play: the leading suit, any special action, or anything when void.",
)

EXAMPLE_3 = _record(
    "Example 3: playing the dominant suit when void",
    FOUR,
    {"hands": [["8m", "1e", "2e", "3e"], ["bribe", "4p", "8p", "9e"], ["2m", "6e", "7e", "9p"],
               ["5m", "10e", "11e", "12e"]], "first": 0},
    [(0, "bid 10 politics"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "target russia"), (0, "play 8m"),
     (1, "play 4p"), (2, "play 2m"), (3, "play 5m")],
    {
        0: SEATS + "Politics is the dominant suit in this example.",
        5: "Ann targets Russia (Military 0, Economics 4, Politics 2).",
        6: "Ann leads 8 Military: Military is the leading suit. Ben holds Bribe, 4 Politics, 8 Politics and 9 "
           "Economics: no Military card, so he may play any card. Your turn: you are Ben. Play 4 Politics: it is "
           "the dominant suit.",
        7: "Ben plays 4 Politics. Any dominant-suit card breaks the round, and his 4 beats Russia's Politics "
           "defence of 2.",
        8: "Cleo holds a Military card, so she must follow: 2 Military (a special action would also be allowed).",
        9: "Dan follows with 5 Military. Ben's 4 Politics is the only dominant-suit hand power: he wins the "
           "conflict and takes Russia for silver, even though Ann's 8 Military was the highest card of the leading "
           "suit.",
    },
    description="A player void in the leading suit may play anything, and a dominant-suit card wins.",
    learn=[7],
)

EXAMPLE_4 = _record(
    "Example 4: Reserve Forces overtaken by a dominant 1",
    FOUR,
    {"hands": [["9m", "5e"], ["reserve-forces", "6e"], ["1p", "7e"], ["4m", "8e"]], "first": 3,
     "stacks": {"usa": [0, 0, 0], "australia": [0, 0, 0], "brazil": [1, 1, 1], "turkey": [1, 1, 1],
                "mexico": [1], "nigeria": [1]}},
    [(3, "bid 10 politics"), (0, "pass"), (1, "pass"), (2, "pass"), (3, "target japan"), (3, "play 4m"),
     (0, "play 9m"), (1, "play reserve-forces"), (2, "play 1p")],
    {
        0: SEATS + "Silver (Ben and Dan) already controls Brazil, Turkey, Mexico and Nigeria, whose Military "
           "defences are 4, 3, 3 and 2. Politics will be the dominant suit.",
        4: "Dan won the bidding with 10 Politics and starts.",
        5: "Dan targets Japan (Military 4, Economics 2, Politics 0), next to silver's Mexico.",
        6: "Dan leads 4 Military.",
        7: "Ann plays 9 Military and leads for now.",
        8: "Ben plays Reserve Forces: his hand power is the Military of four countries his alliance controls, "
           "4 + 3 + 3 + 2 = 12 Military. He takes the lead. Your turn: you are Cleo, with no Military card. "
           "Play 1 Politics.",
        9: "Cleo plays 1 Politics. Politics is dominant, so her 1 breaks the round and wins, and 1 is higher than "
           "Japan's Politics defence of 0: a gold token goes on Japan and Cleo starts the next conflict.",
    },
    description="A military special action overtaken by a dominant-suit 1 against a 0 defence.",
    learn=[9],
)

_ROWS01 = ["usa", "russia", "china", "india", "brazil", "japan", "germany", "united-kingdom", "france", "canada"]
_ROWS23 = ["mexico", "egypt", "south-africa", "saudi-arabia", "iran", "turkey", "indonesia", "argentina", "nigeria",
           "australia"]
_STACKS5 = {t: [0] for t in _ROWS01}
_STACKS5.update({t: [1] for t in _ROWS23})
_STACKS5.update({"usa": [0, 0, 0], "brazil": [1, 1, 1, 0], "turkey": [1, 1, 1], "australia": [0, 0, 0, 1]})

EXAMPLE_5 = _record(
    "Example 5: retaking a rival country",
    FOUR,
    {"hands": [["1m"], ["2m"], ["3m"], ["9p"]], "first": 3, "stacks": _STACKS5},
    [(3, "bid 10 politics"), (0, "pass"), (1, "pass"), (2, "pass"), (3, "target germany"), (3, "play 9p"),
     (0, "play 1m"), (1, "play 2m"), (2, "play 3m")],
    {
        0: SEATS + "The final conflict of a campaign: every country is taken. Gold holds the top two rows, silver "
           "the bottom two (gold took Brazil from silver, silver took Australia from gold, so those stacks hold "
           "both colours). Each player has one card left.",
        4: "Dan starts the final conflict (here he won the bidding with 10 Politics: silver must reach 10).",
        5: "There is no neutral country left, so Dan may target a rival country next to one of his own: Japan, "
           "Germany, United Kingdom, France or Canada. He chooses Germany (Military 1, Economics 2, Politics 3).",
        6: "Dan leads 9 Politics, the dominant suit.",
        9: "Nobody beats 9 Politics, and 9 is higher than Germany's Politics defence of 3: Dan puts his silver "
           "token on top of the gold one. Silver now controls 11 countries, gold 9, so silver, the Aggressor with "
           "a bid of 10, wins the campaign. A new campaign starts with a fresh layout.",
    },
    description="With no neutral country left, the starter attacks a rival country and stacks a token on top.",
)

_STACKS6 = {t: [0] for t in ["usa", "russia", "china", "india", "japan", "germany", "united-kingdom", "france",
                             "mexico", "egypt"]}
_STACKS6.update({t: [1] for t in ["brazil", "canada", "iran", "saudi-arabia", "turkey", "indonesia", "argentina",
                                  "nigeria", "australia"]})
_STACKS6.update({"usa": [0, 0, 0], "brazil": [1, 1, 1], "turkey": [1, 1, 1], "australia": [0, 0, 0, 1]})

EXAMPLE_6 = _record(
    "Example 6: the Aggressor wins the campaign",
    FOUR,
    {"hands": [["12p"], ["5p"], ["2m"], ["8p"]], "first": 0, "stacks": _STACKS6},
    [(0, "bid 10 politics"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "target south-africa"), (0, "play 12p"),
     (1, "play 5p"), (2, "play 2m"), (3, "play 8p")],
    {
        0: SEATS + "The last conflict of a campaign. Gold controls 10 countries, silver 9; South Africa is still "
           "neutral.",
        4: "Ann bid 10 Politics: gold is the Aggressor and needs at least 10 countries.",
        5: "Ann targets South Africa (Military 1, Economics 4, Politics 1), next to gold's United Kingdom and Egypt.",
        6: "Ann leads 12 Politics.",
        9: "Ann's 12 Politics wins and beats the defence of 1: gold takes South Africa. The campaign is over: gold "
           "controls 11 countries and bid 10, so the Aggressor wins the campaign. (With exactly 10 and a bid of 10, "
           "gold would also need more tokens on the tiles than silver.) The first alliance to win two campaigns "
           "wins the game.",
    },
    description="Concluding a campaign: the Aggressor controls at least the number it bid.",
)

TWO_PLAYER_DRAFTING = _record(
    "2 players: the drafting phase and momentum",
    ["Ann", "Ben"],
    {"hands": [["3m", "9e", "reserve-forces"], ["5m", "2p", "11e"]], "reserve": ["12p", "free-market", "5e", "4p"],
     "first": 0},
    [(0, "play 3m"), (1, "play 5m"), (1, "play 2p"), (0, "play reserve-forces"), (1, "trump economics"),
     (1, "target india"), (1, "play 11e"), (0, "play 9e"), (1, "target canada"), (1, "play 12p"), (0, "play 4p"),
     (1, "target mexico"), (1, "play 5e"), (0, "play free-market")],
    {
        0: "A short 2-player game: each player has 3 cards and the reserve holds 4 (a real game has 12 each and a "
           "reserve of 24). Ann (gold) holds USA and Australia, Ben (silver) Brazil and Turkey. First comes the "
           "drafting phase: tricks without countries, to improve your hand. Ann leads.",
        1: "Ann leads 3 Military.",
        2: "Ben must follow with a Military card: 5 Military wins the trick. The winner draws first: Ben takes the "
           "top card of the reserve, then Ann. Each draw is seen only by the player who draws it.",
        3: "Ben, the winner, leads again: 2 Politics.",
        4: "Ann has no Politics card and plays Reserve Forces: in the drafting phase there is no country, so it is "
           "worth 0 (most special actions are worth nothing here). Ben wins a second trick. Both draw the last two "
           "cards: the reserve is empty and the drafting phase is over. Ben won more tricks: he is the Aggressor.",
        5: "Ben calls Economics the dominant suit and starts the campaign.",
        6: "Ben targets India (Military 2, Economics 4, Politics 0), next to his Brazil.",
        7: "Ben leads 11 Economics.",
        8: "Ann follows with 9 Economics. Ben's 11 wins and beats India's Economics defence of 4: he takes India "
           "and keeps the start.",
        9: "Ben targets Canada (Military 2, Economics 3, Politics 1).",
        10: "Ben leads 12 Politics.",
        11: "Ann must follow with her 4 Politics. 12 beats Canada's Politics defence of 1: Ben takes Canada.",
        12: "Ben targets Mexico (Military 3, Economics 2, Politics 1).",
        13: "Ben leads 5 Economics.",
        14: "Ann plays Free Market: Mexico's Military (3) is added to its Economics defence, which becomes 5. "
            "Ben wins the conflict, but 5 does not beat 5: he cannot take Mexico and loses momentum, so Ann would "
            "start the next conflict. The hands are empty: the campaign ends, Ben controls 4 countries to Ann's 2 "
            "and wins it.",
    },
    description="The 2-player drafting phase with the reserve, the dominant suit call, and loss of momentum.",
)

THREE_PLAYER_RISE = _record(
    "3 players: the Rise to Power",
    ["Ann", "Ben", "Cleo"],
    {"hands": [["1m", "2m", "1e", "3e", "11p", "12p"], ["9m", "4e", "8e", "5p", "10p", "spin"],
               ["7m", "12m", "6e", "2p", "7p", "bribe"]], "first": 0},
    [(0, "give 1m"), (0, "give 2m"), (0, "give 1e"), (0, "give 3e"), (0, "trump politics"), (1, "put 8e 10p"),
     (2, "put 6e 7p"), (0, "target japan"), (0, "play 12p"), (1, "play 5p"), (2, "play 2p")],
    {
        0: "A short 3-player campaign with 6 cards each (a real one deals 16). Ann is the Empire (gold, on USA and "
           "Australia); Ben and Cleo are the Rebels (silver, on Brazil and Turkey) and fight together. Only the "
           "Empire scores countries; Rebels count the conflicts they win.",
        1: "Rise to Power: Ann sets aside 4 cards face down in two pairs. She starts with her weakest: 1 Military.",
        2: "2 Military completes the pair for Ben, the Rebel on her left.",
        3: "1 Economics starts the pair for Cleo.",
        4: "3 Economics completes it. Now Ann declares the dominant suit.",
        5: "Ann makes Politics dominant: she holds 11 and 12 Politics. Each Rebel must now put down their highest "
           "Politics card and the highest card of one other suit.",
        6: "Ben must give his 10 Politics; he chooses to give 8 Economics rather than 9 Military. Both Rebels "
           "choose at the same time, without seeing each other's cards.",
        7: "Cleo gives 7 Politics and 6 Economics (keeping her 12 Military). The cards change hands: Ann takes the "
           "Rebels' four cards, Ben gets 1 and 2 Military, Cleo 1 and 3 Economics. The Empire starts the first "
           "conflict.",
        8: "Ann targets Japan (Politics defence 0).",
        9: "Ann leads 12 Politics.",
        10: "Ben must follow Politics: 5 Politics.",
        11: "Cleo follows with 2 Politics. Ann wins and takes Japan for the Empire.",
    },
    description="The 3-player card exchange before each campaign, and the Empire's first conflict.",
)

WALKTHROUGHS = {
    "example-1a-bidding": EXAMPLE_1A,
    "example-1b-target": EXAMPLE_1B,
    "example-2-following": EXAMPLE_2,
    "example-3-void": EXAMPLE_3,
    "example-4-reserve-forces": EXAMPLE_4,
    "example-5-rival-country": EXAMPLE_5,
    "example-6-aggressor-wins": EXAMPLE_6,
    "two-player-drafting": TWO_PLAYER_DRAFTING,
    "three-player-rise-to-power": THREE_PLAYER_RISE,
}
