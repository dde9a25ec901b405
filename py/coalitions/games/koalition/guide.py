"""Koalition in our own words, and every interpretation and reconstruction we
made where the rule text is silent or its data is lost. The app's rules page and
docs/games/koalition.md show both; keep them in step with rules.py and data.py."""

from __future__ import annotations

from .data import (
    BINDING_BALLOT,
    COUNTRIES, DEAL_TABLE, INCOMPATIBLE_PAIRS, MAX_BALLOTS, PARTIES, PARTY_NAMES, PARTY_VALUES, VP_TABLE,
)


def _cards_text() -> str:
    rows = []
    for p in PARTIES:
        values = " ".join(map(str, PARTY_VALUES[p]))
        rows.append(f"{PARTY_NAMES[p]} {values} and a Doubler")
    return "; ".join(rows)


def _countries_text() -> str:
    return ", ".join(f"{name[4:] if name.startswith('the ') else name} {total}" for _, name, total in COUNTRIES)


def _vp_example() -> str:
    rows = VP_TABLE["spain"]
    return "; ".join(f"{n} winner{'s' if n > 1 else ''}: {', '.join(map(str, rows[n]))}" for n in range(1, 9))


def _deal_text() -> str:
    seen: list[tuple[list[int], int, int, int]] = []  # (player counts, per, rounds, each)
    for n in sorted(DEAL_TABLE):
        per, rounds, each = DEAL_TABLE[n]
        if seen and seen[-1][1:] == (per, rounds, each):
            seen[-1] = (seen[-1][0] + [n], per, rounds, each)
        else:
            seen.append(([n], per, rounds, each))
    return "; ".join(f"{'–'.join(map(str, (ns[0], ns[-1])))} players: {per} cards each, {rounds} rounds of "
                     f"{each} countries" for ns, per, rounds, each in seen)


RULES = [
    {
        "title": "The idea",
        "paragraphs": [
            "United Europe votes, country by country. You are a political strategist: you do not run a party, you "
            "place individual politicians, from any party you like, in twelve national elections. Politicians who "
            "end up on the governing side earn you victory points (VP). After the twelfth election a bonus round "
            "rewards the strategists who lead each party across Europe, and the most points win.",
        ],
    },
    {
        "title": "The cards",
        "paragraphs": [
            "56 politician cards: the numbered politicians of seven parties (Rose, Black, Yellow, Green, Red, Purple "
            "and Brown), one Doubler per party, Gaudino Colorino and three Resignation cards. Green is the only "
            "party with two politicians of the same value.",
            "Twelve country cards, one per country of the European Community of 1992. Each shows how many VP the "
            "country pays, depending on how many players end up on the winning side.",
        ],
    },
    {
        "title": "Setting up",
        "paragraphs": [
            "The country cards are shuffled face down. The politician cards are shuffled and dealt: "
            + _deal_text() + ". The rest are set aside face down. There is always exactly one election in each of "
            "the twelve countries.",
            "The oldest player starts the first election.",
        ],
    },
    {
        "title": "An election, steps 1 to 3: playing the cards",
        "paragraphs": [
            "1. The starting player turns over the top country card: the election takes place there.",
            "2. First election round: beginning with the starting player and going clockwise, everybody plays one "
            "politician card face up in front of them.",
            "3. Second election round: in the same order, everybody plays a second card.",
            "Special cards act as they are played. Gaudino Colorino declares which party he belongs to for this "
            "election and is worth 7. A Doubler is worth the sum of all the other cards of its party in play, so it "
            "doubles its party, and it counts as the highest card of its party (a Doubler alone is worth nothing). "
            "A Resignation removes at once the highest politician in play, whoever played it (a Doubler counts at "
            "its current value and is the higher of two equal cards); among equal highest politicians the player "
            "of the Resignation chooses. Both cards go to the discard pile.",
            "Example A of the rules: Rose 5, 7, 10 and 12 are in play; the Rose Doubler is worth 34 and Rose has 68. "
            "Example B: only Black 12 is in play; the Black Doubler is worth 12, is still the highest Black card, "
            "and Black has 24.",
        ],
    },
    {
        "title": "Steps 4 and 5: the vote and the majority",
        "paragraphs": [
            "4. Add up each party's votes and the total of all parties. The absolute majority is half the total "
            "plus one, rounded down: 102 gives 52, 87 gives 44.",
            "5. A party with at least the absolute majority governs alone; go on to step 8. Otherwise the parties "
            "must form a coalition.",
        ],
    },
    {
        "title": "Step 6: the party chairs",
        "paragraphs": [
            "The chair of a party is the player who played the most votes for it (both cards count if they are of "
            "the same party). A tie goes to the player with the highest single card; Gaudino Colorino beats any "
            "other 7, and a Doubler beats a card of equal value. One player may chair several parties.",
            "The example of the rules: A plays Rose 11 and Green 9, B Yellow 8 and 4, C Rose 5 and 6, D Black 8 and "
            "10, E Yellow 12 and Red 7. Rose: A and C both have 11; A's 11 beats C's 6, so A chairs Rose. Yellow: "
            "B and E both have 12; E's 12 beats B's 8, so E chairs Yellow. D chairs Black, A Green, E Red.",
            "The Green peculiarity: two players can tie exactly for the Green chair (same votes, same highest "
            "card). They must agree which of them chairs. If they do not, the Green party is unbound: each player "
            "with Green cards decides alone, with his own Green votes, which coalition to join.",
        ],
    },
    {
        "title": "Step 7: coalition negotiation",
        "paragraphs": [
            "Only the chairs negotiate. Parties pool their votes to reach the absolute majority, but only parties "
            "that may work together: the symbols on each card list its possible partners. Rose may ally with "
            "Yellow, Black, Green, Purple and Red; Brown only with Black and Purple.",
            "A coalition takes in only as many parties as it needs: no party may join a coalition that already "
            "has the majority. With a majority of 47, Red and Black together have 51; Green and Yellow wish to "
            "join but may not.",
            "The chairs propose coalitions in rounds, each round in order of party size, the largest first. Every "
            "other chair in the proposal must accept it; the first proposal everyone in it accepts governs. A "
            "coalition declined earlier may be proposed again in a later round; the talks end when a whole round "
            "brings no coalition that was not proposed before.",
            "If no coalition is agreed, it is a stalemate: a new election is held at once in the same country. "
            "Everyone takes back the cards they played, resignations and resigned politicians too, and play "
            "starts again at step 2.",
        ],
    },
    {
        "title": "Steps 8 and 9: victory points",
        "paragraphs": [
            "The VP a country pays depend on how many players are on the winning side (every player with a "
            "politician in a governing party), not on how many parties govern. Spain, for example, pays 4, 3 and "
            "1 to three winners.",
            "The winners are ranked by their votes in the governing party: two cards of the same party add up "
            "(Rose 5 and Rose 8 count 13). A player with cards in two governing parties chooses one of them and "
            "scores with it alone (Yellow 12 or Rose 10). Equal votes are ranked by the highest single card: Rose "
            "12 beats Yellow 8 + 4. If even that ties, the tied players add up the VP of their places, divide by "
            "their number and round down: in Spain two players tied for first get (4 + 3) ÷ 2 = 3.5, so 3 each.",
            "9. Each player's VP are recorded under the party they scored with. The player who received the most "
            "VP in this election starts the next one (the oldest, if tied).",
        ],
    },
    {
        "title": "After an election",
        "paragraphs": [
            "The cards played go to the discard pile and the next election follows, as long as the players hold "
            "at least three cards. When they are down to one card, they discard it too; then all the cards, those "
            "set aside included, are shuffled and dealt again as at the start.",
        ],
    },
    {
        "title": "The bonus round and the winner",
        "paragraphs": [
            "After the twelfth election, add up each player's VP, and each party's VP across all players: that is "
            "the party's share of Europe. The player with the most VP in a party is its party chief; tied players "
            "are co-chiefs.",
            "The chief of the largest party gets a bonus of 7 points, the next largest 6, and so on down to 1 for "
            "the smallest. Tied parties get the same bonus and one bonus level is skipped for each further tied "
            "party (two parties at 5: nobody gets 4; three at 5: nobody gets 4 or 3). Co-chiefs divide the bonus and round up. Being chief of several parties is allowed "
            "and welcome.",
            "The player with the most points (VP plus bonus) is the top election strategist in Europe.",
        ],
    },
]

INTERPRETATIONS = [
    {
        "title": "Reconstructed data: the politician cards",
        "text": "The real card list was not found. We use " + _cards_text() + "; plus Gaudino Colorino and three "
                "Resignations: 56 cards. This fits every value the rule text mentions. The table is one piece of "
                "data (py/coalitions/games/koalition/data.py) and can be replaced by the real one.",
    },
    {
        "title": "Reconstructed data: the countries",
        "text": "Country totals, adding up to 100 as the bonus round requires: " + _countries_text() + ". The row "
                "for n winners splits the total by weights n, n−1, …, 1 with the largest-remainder method (equal "
                "remainders favour the higher place); this gives Spain's 4, 3, 1 exactly. Spain's full table: "
                + _vp_example() + ". A place can be worth 0.",
    },
    {
        "title": "Reconstructed data: coalition compatibility",
        "text": "Every pair of parties may govern together except "
                + ", ".join(f"{PARTY_NAMES[a]} and {PARTY_NAMES[b]}" for a, b in INCOMPATIBLE_PAIRS)
                + " (Brown allies only with Black and Purple). A coalition is legal when every pair of its parties "
                  "is compatible. This fits Rose's and Brown's lists and the Red and Black example.",
    },
    {
        "title": "Seats, age and the first starting player",
        "text": "Seats are numbered clockwise from 0 (in records and the notation) and in order of age: seat 0, the "
                "first player listed, is the oldest player and starts the first "
                "election; when two players tie for the most VP of an election, the one in the lower seat is "
                "the older and starts the next one. Seat the players accordingly.",
    },
    {
        "title": "The deal and the one leftover card",
        "text": "The deal follows the table of the rules (13, 9 or 7 cards). Re-elections give the cards back, so "
                "a round always ends with exactly one card in each hand: it is discarded face down, and all 56 "
                "cards (discards, set-aside cards and these last cards) are shuffled and dealt again. The cards "
                "set aside and the order of the country cards are never shown.",
    },
    {
        "title": "The absolute majority",
        "text": "Absolute majority = half the total, rounded down, plus one (102 → 52, 87 → 44). A party governs "
                "alone with at least that many votes. If every politician in play resigned or is a lone Doubler, "
                "the total is 0, the majority 1, and no coalition can form: a stalemate.",
    },
    {
        "title": "The Doubler",
        "text": "A Doubler is worth the sum of the other cards of its party in play at the moment (Colorino counts "
                "if he declared that party; resigned politicians do not), so its party's total doubles. Alone it "
                "is worth 0. Its value changes as cards of its party are played or resign. It is the highest card "
                "of its party. Whenever it is worth as much as another card, the Doubler ranks higher, for chairs, "
                "Resignations and VP ties alike: a card of its own party (possible only when that card is the "
                "only other one of its party in play) or a card of another party.",
    },
    {
        "title": "Gaudino Colorino",
        "text": "Colorino declares his party as he is played (any of the seven parties, part of the same move) and "
                "is worth 7 for that party until the end of the election; on a re-election he may declare again. "
                "For chairs and VP ties he ranks above any other 7. For a Resignation he is simply a 7: if he ties "
                "another 7 as the highest politician, the player of the Resignation chooses. The two differ because "
                "the text does: \u201chigher than any other 7\u201d is written only in the party-chair step, while "
                "the Resignation card lets its player choose among cards of \u201cthe same highest value\u201d with "
                "the Doubler as the one exception, and Colorino is otherwise \u201ca normal politician with a worth "
                "of 7\u201d.",
    },
    {
        "title": "Resignations",
        "text": "A Resignation is one of a player's two cards for the election. It acts at once on the highest "
                "politician in play at that moment, whoever played it (one's own included); Doublers count at "
                "their current value. Among equal highest politicians the player of the Resignation names the one "
                "who resigns (a Doubler is higher than an equal card, so it is chosen alone). With no politician "
                "in play it has no effect. The Resignation and the resigned politician go to the discard pile; on "
                "a stalemate both return to their players. A resigned politician no longer counts for anything: "
                "not for votes, chairs, the winning side or Doubler values.",
    },
    {
        "title": "Party chairs",
        "text": "Chairs are determined only when no party has the majority, and only for parties with votes. A "
                "player's votes in a party are the sum of their cards there. Ties are broken by comparing each "
                "tied player's single highest card in that party (value, then a Doubler above an equal card, then "
                "Colorino above other 7s); second cards are not compared.",
    },
    {
        "title": "The Green chair tie and the unbound Greens",
        "text": "The tied players answer in playing order, each claiming the chair or yielding it. Exactly one "
                "claim settles it; two claims or two yields are no decision, and the party is unbound. Then each "
                "player with Green votes is a party of their own in the negotiation (shown as Green with the "
                "player's name, written green@SEAT in the notation, seats numbered from 0), with their own Green votes: they propose in "
                "order of size and accept or decline like a chair, and may join different coalitions. A player's "
                "Green Doubler is worth the sum of all other Green cards in play, as always. With our card list "
                "only Green can tie this way; any other party that did would follow the same procedure.",
    },
    {
        "title": "The negotiation protocol",
        "text": "The table talk of the original becomes moves. The parties with votes are taken in order of size, "
                "largest first (equal sizes in the fixed party order Rose, Black, Yellow, Green, Red, Purple, "
                "Brown; unbound Green players in playing order). The talks go in rounds. In each round each "
                "party's chair in turn may propose one legal coalition that includes that party, or make no "
                "proposal; a player who chairs two parties gets a turn for each. The other chairs in the proposal "
                "answer in order of party size; a chair of several parties in it answers once. If all accept, the "
                "coalition governs at once; the first refusal ends the proposal. A party that belongs to no legal "
                "coalition is skipped. Since the text describes free talks, a coalition declined in one round may "
                "be proposed again in a later one (minds change as other deals fail). The talks end, and it is a "
                "stalemate, when a whole round brings no coalition that was not proposed before, or when no legal "
                "coalition exists at all: there are finitely many coalitions, so every negotiation ends.",
    },
    {
        "title": "Minimal winning coalitions",
        "text": "A coalition is legal when its parties are pairwise compatible, it has at least the absolute "
                "majority, and it would fall below the majority without any one of its parties. So a coalition "
                "that has the majority cannot take in anybody else (the 47-vote example: Red and Black with 51 "
                "may not add Green or Yellow), and a party that is not needed cannot stay in it. A single party with the "
                "majority governs alone at step 5, before any negotiation.",
    },
    {
        "title": "Stalemates and re-elections",
        "text": "On a stalemate the same country votes again with the same starting player; every card played "
                "returns to its player, Colorino's declaration included. The text calls a new election every time "
                "and sets no limit, so a chair who kept declining (to protect a lead, say) could keep a country "
                "without a government for ever. Our safeguard, not in the rule text: from ballot "
                f"{BINDING_BALLOT} in one country the negotiation binds. The first chair in order of party size "
                "whose party belongs to a legal coalition must propose one (no passing), and it governs without "
                "answers. So declining buys at most two re-elections, and the choice then falls to the largest "
                "party able to govern, never to the player stalling. Only a vote in which no legal coalition "
                f"reaches the majority (or nobody has votes) can still end in a stalemate; after {MAX_BALLOTS} "
                "stalemates in a row that country is left without a government, nobody scores there, the cards "
                "are discarded and the starting player stays the same. That last safeguard exists only so that "
                "every game ends; no single chair can bring it about by declining or passing.",
    },
    {
        "title": "The winning side",
        "text": "Every player with at least one politician (not resigned) in a governing party is on the winning "
                "side; for an unbound Green party, only the Green players whose own votes joined the coalition. "
                "The number of these players picks the row of the country's VP table.",
    },
    {
        "title": "Choosing the party to score with",
        "text": "A player with politicians in two governing parties chooses one, after the government is formed, "
                "in playing order from the starting player; everyone sees the choice. Only their cards of the "
                "chosen party count for their rank, and their VP are recorded under that party.",
    },
    {
        "title": "Ranking the winners and sharing tied places",
        "text": "Winners rank by their votes in the party they score with, then by their highest single card there "
                "(the same card ranking as for chairs). Players still tied share their places: the VP of those "
                "places are added, divided by the number of tied players and rounded down, each (so a few VP can "
                "be lost). Places beyond the table's row do not exist: the row always has one entry per winner.",
    },
    {
        "title": "The next starting player",
        "text": "The player who received the most VP in the election just scored starts the next one; among equals "
                "the oldest (lowest seat). If every player received 0 VP, that is the oldest player of all. After "
                "a country left without a government the starting player does not change.",
    },
    {
        "title": "The bonus round",
        "text": "A party's share of Europe is the sum of all VP recorded under it. Its chiefs are the players with "
                "the most VP recorded under it; a party under which nobody scored has no chief and its bonus is "
                "not paid. Bonuses go 7, 6, … 1 by share with competition ranking: tied parties get the same "
                "bonus and the following bonuses are skipped. Co-chiefs each get the bonus divided by their number, "
                "rounded up.",
    },
    {
        "title": "The winner",
        "text": "Final points are VP plus bonus. The rules name no tie-break: players tied for the most points "
                "share the win.",
    },
    {
        "title": "Identical cards",
        "text": "The two Green politicians of one value, and the three Resignations, are identical: a player holding "
                "two of them is offered one move for them, with the first card's id.",
    },
    {
        "title": "Skipping steps",
        "text": "The rules let players skip steps 4 to 7 when the result is obvious. The app always does every "
                "step and explains it in the log.",
    },
]
