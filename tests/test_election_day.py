"""Election Day: unit tests by rule section, FAQ tests and golden tests.

The authority is the rule text (/work/shared/rules/001_bb1f36e6238f9176.txt);
where it is open, the interpretations in guide.py ("Rules as implemented").
Sections follow the rule text: data and setup, the start of a debate, the
actions, the end of a debate, scoring a debate, the end of the game, the
election, options, the log and hidden information, the FAQ, then golden tests.

Seats sit clockwise in seat order: play passes from seat i to seat i+1 and "the
player on your right" is seat i-1.

Golden files (tests/golden/election_day/):

- ``perft.json``: after python-chess's perft, the number of legal-action
  sequences of each length 1..N from a few seeded positions (and how many of
  them end the game).
- ``playthroughs.json``: after OpenSpiel's playthroughs, for a few (players,
  seed, options) the full list of moves the "good" bots make through the CLI's
  code path (``python -m coalitions play ... --json``) and the final outcome.

By default the golden tests only compare. After an intended change of the rules
or of the bots, regenerate the files and review the diff::

    REGEN_GOLDEN=1 python -m pytest -q tests/test_election_day.py -k golden
"""

import io
import json
from collections import Counter

import pytest

from coalitions.cli import main as cli_main
from coalitions.core.errors import IllegalActionError, OptionError, RecordError
from coalitions.core.records import FORMAT, VERSION, make_players, new_record, replay
from coalitions.core.rng import Rng
from coalitions.games.election_day.data import (
    ACES, CARDS, COURTS, CROWNS, EXCUSE, NUMBER_CARDS, PAWNS, SUIT_NAMES, SUITS, describe,
)
from coalitions.games.election_day.scoring import election, score_debate, suit_counts
from coalitions.registry import get_game

GAME = get_game("election-day")
from goldens import ROOT, golden  # noqa: E402

GOLDEN = ROOT / "election_day"


# -- helpers -------------------------------------------------------------------


def seeded(players=3, seed=1, **options):
    """A game dealt at random from a seed."""
    return GAME.new(players, options, seed=seed)


def dealt(hands, aces=None, pile=(), removed=(), dealer=0, **options):
    """A game from an explicit deal; by default seat i backs SUITS[i]."""
    n = len(hands)
    deal = {
        "aces": list(aces or SUITS[:n]),
        "hands": [list(h) for h in hands],
        "pile": list(pile),
        "removed": list(removed),
        "dealer": dealer,
    }
    return GAME.new(n, options, deal=deal)


def act(state, *actions):
    """Apply each action for the seat whose turn it is."""
    for action in actions:
        state.apply(state.to_act()[0], action)
    return state


def pass_until_debate_ends(state):
    """Pass until the current debate is over."""
    debate = state.debate_no
    while not state.is_over() and state.debate_no == debate:
        act(state, "pass")


def frozen(state):
    return json.dumps(state.to_json(), sort_keys=True)


def assert_illegal(state, seat, action, reason):
    """The action is refused with a message matching `reason`; nothing changes."""
    before = frozen(state)
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(seat, action)
    assert frozen(state) == before


def texts(state, seat=None, kind=None):
    """Texts of the log events `seat` may see (None: a spectator), of one kind."""
    return [ev["text"] for ev in state.log_for(seat) if kind is None or ev["kind"] == kind]


def dealt_cards(state):
    return [c for h in state.hands for c in h] + list(state.pile) + list(state.removed)


def debate_cards(state):
    return [c for c, _ in state.debate]


def debate_by_play(cards, aces=None, pile=(), players=3, **options):
    """Deal `cards` round-robin (card k to seat k % players), play them all in
    that order in one debate, then pass until the game ends (every hand is
    empty, so the debate is the last). Returns the finished state."""
    hands = [list(cards[i::players]) for i in range(players)]
    state = dealt(hands, aces=aces, pile=pile, **options)
    act(state, *("play " + c for c in cards))
    pass_until_debate_ends(state)
    assert state.is_over()
    return state


def track_of(awards=None, **cards):
    """A full score track (every suit) from awards and/or suit=cards."""
    awards = dict(awards or {}, **cards)
    return {s: list(awards.get(s, [])) for s in SUITS}


def random_game_steps(players, seed, options=None):
    """Play a seeded random game on the bare rules, yielding (state, seat, action)
    before each action is applied."""
    state = GAME.new(players, options or {}, seed=seed)
    rng = Rng(seed * 7919 + players)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        # Random play would trade Aces for a long time: prefer cards and passes.
        plain = [a for a in legal if not a.startswith("ace ")]
        action = rng.choice(legal if rng.below(4) == 0 else plain)
        yield state, seat, action
        state.apply(seat, action)


def random_game(players, seed, options=None):
    """The finished state of a seeded random game."""
    state = None
    for state, _, _ in random_game_steps(players, seed, options):
        pass
    assert state.is_over()
    return state


# -- the cards ------------------------------------------------------------------


def test_the_decktet_cards_match_the_card_list():
    numbers = [CARDS[c] for c in NUMBER_CARDS]
    assert len(numbers) == 24
    assert Counter(c["value"] for c in numbers) == {r: 3 for r in range(2, 10)}
    for rank in range(2, 10):
        suits = [s for c in numbers if c["value"] == rank for s in c["suits"]]
        assert sorted(suits) == sorted(SUITS), f"each suit once among the {rank}s"
    # The three cards of the rule text's example.
    assert CARDS["battle"]["value"] == 4 and CARDS["battle"]["suits"] == ("wyrms", "knots")
    assert CARDS["darkness"]["value"] == 9 and CARDS["darkness"]["suits"] == ("waves", "wyrms")
    assert CARDS["mountain"]["value"] == 4 and CARDS["mountain"]["suits"] == ("moons", "suns")
    for cid in ACES:
        assert CARDS[cid]["value"] == 0 and CARDS[cid]["suits"] == (cid[4:],)
    for cid in PAWNS + COURTS:
        assert CARDS[cid]["value"] == 0 and len(CARDS[cid]["suits"]) == 3
    assert CARDS[EXCUSE]["suits"] == () and CARDS[EXCUSE]["value"] == 0
    assert len(CARDS) == 6 + 24 + 4 + 4 + 1


# The card list of the Decktet, as in the notes on the game: name -> suits, in
# the suit letters M(oons) S(uns) W(aves) L(eaves) Y (Wyrms) K(nots).
CARD_LIST = {
    "the Author": "MK", "the Desert": "SY", "the Origin": "WL",
    "the Journey": "MW", "the Painter": "SK", "the Savage": "LY",
    "the Mountain": "MS", "the Sailor": "WL", "the Battle": "YK",
    "the Forest": "ML", "the Discovery": "SW", "the Soldier": "YK",
    "the Lunatic": "MW", "the Penitent": "SY", "the Market": "LK",
    "the Chance Meeting": "ML", "the Castle": "SK", "the Cave": "WY",
    "the Diplomat": "MS", "the Mill": "WL", "the Betrayal": "YK",
    "the Pact": "MS", "the Darkness": "WY", "the Merchant": "LK",
    "the Harvest": "MSL", "the Watchman": "MYK", "the Light Keeper": "SWK", "the Borderland": "WLY",
    "the Consul": "MWK", "the Rite": "MLY", "the Island": "SWY", "the Window": "SLK",
    "the Excuse": "",
}
CARD_RANKS = {name: 2 + k // 3 for k, name in enumerate(list(CARD_LIST)[:24])}


def test_every_card_has_the_suits_and_rank_of_the_card_list():
    letters = {"M": "moons", "S": "suns", "W": "waves", "L": "leaves", "Y": "wyrms", "K": "knots"}
    by_name = {c["name"]: c for c in CARDS.values()}
    assert set(by_name) == set(CARD_LIST) | {"the Ace of " + SUIT_NAMES[s] for s in SUITS}
    for name, suits in CARD_LIST.items():
        assert set(by_name[name]["suits"]) == {letters[x] for x in suits}, name
        assert by_name[name]["value"] == CARD_RANKS.get(name, 0), name
    assert CROWNS == {"moons": "the Huntress", "suns": "the Bard", "waves": "the Sea",
                      "leaves": "the End", "wyrms": "the Calamity", "knots": "the Windfall"}


def test_crowns_are_the_score_track_and_not_cards():
    assert sorted(CROWNS) == sorted(SUITS)
    names = {c["name"] for c in CARDS.values()}
    assert not names & set(CROWNS.values())
    assert all(c["value"] < 10 for c in CARDS.values())


# -- setup --------------------------------------------------------------------

# (players, options) -> (cards per hand, cards left over). The dealt deck is the
# 24 number cards, the 6 - players Aces nobody got, and the chosen extensions.
DEAL_SIZES = [
    (3, {}, 9, 0), (4, {}, 6, 2), (5, {}, 5, 0),
    (3, {"pawns": True}, 10, 1), (4, {"pawns": True}, 7, 2), (5, {"pawns": True}, 5, 4),
    (3, {"courts": True}, 10, 1), (4, {"courts": True}, 7, 2), (5, {"courts": True}, 5, 4),
    (3, {"excuse": True}, 9, 1), (4, {"excuse": True}, 6, 3), (5, {"excuse": True}, 5, 1),
    (3, {"pawns": True, "courts": True, "excuse": True}, 12, 0),
    (4, {"pawns": True, "courts": True, "excuse": True}, 8, 3),
    (5, {"pawns": True, "courts": True, "excuse": True}, 6, 4),
]


def _ids(param):
    return param if isinstance(param, int) else ("+".join(param) or "basic") if isinstance(param, dict) else None


@pytest.mark.parametrize("players,options,per_hand,left", DEAL_SIZES, ids=_ids)
@pytest.mark.parametrize("seed", [0, 11])
def test_random_deal(players, options, per_hand, left, seed):
    state = seeded(players, seed, **options)
    extensions = (
        (list(PAWNS) if options.get("pawns") else [])
        + (list(COURTS) if options.get("courts") else [])
        + ([EXCUSE] if options.get("excuse") else [])
    )
    # Each player has one Ace face down, all different.
    assert len(state.aces) == players and len(set(state.aces)) == players
    assert set(state.aces) <= set(SUITS)
    # The other Aces went back into the deck: deck = numbers + other Aces + extensions.
    other_aces = ["ace-" + s for s in SUITS if s not in state.aces]
    everything = dealt_cards(state) + debate_cards(state)
    assert sorted(everything) == sorted(list(NUMBER_CARDS) + other_aces + extensions)
    assert not set(everything) & {"ace-" + s for s in state.aces}
    # An even deal; the rest is the undealt pile, whose top card is already turned up.
    assert [len(h) for h in state.hands] == [per_hand] * players
    assert len(state.pile) + len(state.debate) == left
    assert state.debate == ([[state.debate[0][0], None]] if left else [])
    assert state.removed == []
    for seat in range(players):
        view = state.view(seat)
        assert view["ace"] == state.aces[seat]
        assert view["hand"] == state.hands[seat]
    assert 0 <= state.dealer < players


@pytest.mark.parametrize("players,options,per_hand,left", DEAL_SIZES, ids=_ids)
def test_leave_out_extra_removes_the_remainder(players, options, per_hand, left):
    state = seeded(players, 3, leave_out_extra=True, **options)
    seeding = seeded(players, 3, **options)  # the same shuffle, with the extra cards seeding the debates
    assert state.hands == seeding.hands
    assert state.removed == debate_cards(seeding) + seeding.pile
    assert [len(h) for h in state.hands] == [per_hand] * players
    assert state.pile == [] and state.debate == []
    assert len(state.removed) == left
    assert state.view(0)["removed_count"] == left
    assert not any(ev["kind"] == "turn-up" for ev in state.log)


def test_the_same_seed_gives_the_same_deal():
    for players in (3, 4, 5):
        a, b = seeded(players, 42, pawns=True), seeded(players, 42, pawns=True)
        assert frozen(a) == frozen(b)
    deals = {json.dumps([seeded(4, s).hands, seeded(4, s).aces]) for s in range(6)}
    assert len(deals) == 6, "different seeds give different deals"
    assert {seeded(4, s).dealer for s in range(40)} == {0, 1, 2, 3}, "any seat may deal"


def test_a_game_needs_a_seed_or_a_deal_and_3_to_5_players():
    with pytest.raises(OptionError, match="seed or an explicit deal"):
        GAME.new(3)
    for players in (2, 6):
        with pytest.raises(OptionError, match="3 to 5 players"):
            GAME.new(players, seed=1)
    with pytest.raises(OptionError, match="no option 'jokers'"):
        GAME.new(3, {"jokers": True}, seed=1)
    with pytest.raises(OptionError, match="must be one of"):
        GAME.new(3, {"no_winner": "everybody"}, seed=1)


def test_explicit_deal_is_used_as_given():
    state = dealt([["battle", "ace-knots"], ["darkness"], []], aces=["wyrms", "moons", "suns"],
                  pile=["mountain", "pact"], removed=["forest"], dealer=2)
    assert state.aces == ["wyrms", "moons", "suns"]
    assert state.hands == [["battle", "ace-knots"], ["darkness"], []]
    assert state.dealer == 2 and state.to_act() == [2]
    assert state.debate == [["mountain", None]] and state.pile == ["pact"]
    assert state.removed == ["forest"]


def test_explicit_deal_may_use_the_chosen_extensions():
    state = dealt([["harvest"], ["consul"], ["excuse"]], pawns=True, courts=True, excuse=True)
    assert state.hands == [["harvest"], ["consul"], ["excuse"]]


GOOD_DEAL = {"aces": ["moons", "suns", "waves"], "hands": [["battle"], ["darkness"], ["mountain"]],
             "pile": [], "dealer": 0}

BAD_DEALS = [
    ("duplicate card", {"hands": [["battle"], ["battle"], ["mountain"]]}, "appears twice"),
    ("card in hand and pile", {"pile": ["battle"]}, "appears twice"),
    ("face-down Ace also dealt", {"hands": [["ace-moons"], ["darkness"], ["mountain"]]}, "appears twice"),
    ("same face-down Ace twice", {"aces": ["moons", "moons", "waves"]}, "appears twice"),
    ("too few Aces", {"aces": ["moons", "suns"]}, "one Ace and one hand for each of the 3 players"),
    ("too many hands", {"hands": [["battle"], ["darkness"], ["mountain"], []]}, "one Ace and one hand"),
    ("unknown card", {"hands": [["battle"], ["darkness"], ["joker"]]}, "unknown card 'joker'"),
    ("a Crown", {"hands": [["battle"], ["darkness"], ["huntress"]]}, "unknown card 'huntress'"),
    ("unknown suit", {"aces": ["moons", "suns", "stars"]}, "unknown suit 'stars'"),
    ("a Pawn without the option", {"hands": [["battle"], ["darkness"], ["harvest"]]},
     "the Harvest .* not in the deck with these options"),
    ("a Court without the option", {"removed": ["window"]}, "not in the deck with these options"),
    ("the Excuse without the option", {"pile": ["excuse"]}, "the Excuse .* not in the deck"),
    ("dealer out of range", {"dealer": 3}, "dealer must be a seat from 0 to 2"),
    ("dealer not a number", {"dealer": "0"}, "dealer must be a seat"),
    ("dealer true", {"dealer": True}, "dealer must be a seat"),
    ("hands not a list", {"hands": None}, "the hands must be a list"),
    ("a hand as text", {"hands": ["battle", ["darkness"], ["mountain"]]}, "hand 0 must be a list"),
    ("aces as text", {"aces": "moons"}, "the aces must be a list"),
    ("an unknown field", {"stacks": []}, "no field 'stacks'"),
    ("a hand larger than a full deal", {"hands": [list(NUMBER_CARDS[:10]), ["ace-knots"], []]},
     "a hand holds 10 cards: a deal for 3 players gives at most 9"),
    ("card not text", {"hands": [["battle"], ["darkness"], [["mountain"]]]}, "unknown card"),
    ("card a number", {"pile": [7]}, "unknown card"),
]


@pytest.mark.parametrize("changes,reason", [b[1:] for b in BAD_DEALS], ids=[b[0] for b in BAD_DEALS])
def test_explicit_deal_validation(changes, reason):
    deal = dict(GOOD_DEAL, **changes)
    with pytest.raises(OptionError, match=reason):
        GAME.new(3, {}, deal=deal)


def full_deal(players=3, **options):
    """The deal a seed gives, as an explicit deal (the whole deck placed)."""
    state = seeded(players, 7, **options)
    return {"aces": list(state.aces), "hands": [list(h) for h in state.hands], "pile": list(state.pile),
            "removed": list(state.removed), "dealer": state.dealer}


def test_a_whole_deck_deal_must_be_even():
    deal = full_deal(3)
    assert GAME.new(3, {}, deal=deal).hands == deal["hands"]
    uneven = dict(deal, hands=[deal["hands"][0] + deal["hands"][1][:1], deal["hands"][1][1:], deal["hands"][2]])
    with pytest.raises(OptionError, match="every hand must hold 9 cards .* not 10, 8, 9"):
        GAME.new(3, {}, deal=uneven)
    # even but short: three cards each and the rest in the pile is not how the rules deal
    rest = [c for h in deal["hands"] for c in h[3:]]
    short = dict(deal, hands=[h[:3] for h in deal["hands"]], pile=deal["pile"] + rest)
    with pytest.raises(OptionError, match="every hand must hold 9 cards .* not 3, 3, 3"):
        GAME.new(3, {}, deal=short)
    into_pile = dict(deal, pile=deal["pile"] + deal["hands"][0][:1], hands=[h[1:] for h in deal["hands"]],
                     removed=[deal["hands"][1][0], deal["hands"][2][0]])
    with pytest.raises(OptionError, match="go into the pile unless"):
        GAME.new(3, {}, deal=into_pile)
    left_out = full_deal(4, leave_out_extra=True)
    assert len(left_out["removed"]) == 2
    GAME.new(4, {"leave_out_extra": True}, deal=left_out)
    with pytest.raises(OptionError, match="left out, not in the pile"):
        GAME.new(4, {"leave_out_extra": True}, deal=dict(left_out, pile=left_out["removed"], removed=[]))


def test_a_crafted_bad_deal_in_a_record_is_refused_with_a_message():
    rec = new_record(GAME.id, make_players(["human"] * 3), {}, deal=dict(GOOD_DEAL, pile=["battle"]))
    with pytest.raises(RecordError, match="cannot be set up: the Battle .* appears twice in the deal"):
        replay(rec)
    rec["deal"] = dict(GOOD_DEAL, hands=[["battle", "harvest"], [], []])
    with pytest.raises(RecordError, match="the Harvest .* is not in the deck with these options"):
        replay(rec)


def test_a_deal_that_is_not_an_object_or_lacks_hands_is_refused():
    with pytest.raises(OptionError, match="must be an object"):
        GAME.new(3, {}, deal=[["battle"]])
    with pytest.raises(OptionError, match="needs its aces .* and hands"):
        GAME.new(3, {}, deal={k: v for k, v in GOOD_DEAL.items() if k != "hands"})


def test_a_record_with_a_bad_deal_is_a_record_error():
    record = {"format": FORMAT, "version": VERSION, "game": "election-day", "options": {},
              "players": [{"name": n, "kind": "human"} for n in "ABC"], "seed": None,
              "deal": dict(GOOD_DEAL, hands=[["battle"], ["battle"], [{"x": 1}]]), "moves": []}
    with pytest.raises(RecordError, match="cannot be set up"):
        replay(record)


# -- the start of a debate ----------------------------------------------------


def test_a_debate_starts_with_the_dealer_and_turns_up_the_top_undealt_card():
    state = dealt([["battle", "soldier"], ["darkness", "cave", "penitent"], ["mountain", "pact"]],
                  pile=["forest", "mill"], dealer=1)
    assert state.to_act() == [1] and state.view(0)["turn"] == 1
    assert state.debate == [["forest", None]]
    assert state.pile == ["mill"]
    assert state.view(None)["pile_count"] == 1
    assert texts(state, kind="turn-up") == [f"The top undealt card is turned up: {describe('forest')}."]
    # The next debate turns up the next card, again starting with the dealer.
    act(state, "play darkness")
    pass_until_debate_ends(state)
    assert state.debate_no == 2 and not state.is_over()
    assert state.to_act() == [1]
    assert state.debate == [["mill", None]] and state.pile == []
    # With the pile empty, a debate starts with no card (and the game goes on).
    act(state, "play cave")
    pass_until_debate_ends(state)
    assert state.debate_no == 3 and not state.is_over()
    assert state.debate == [] and state.to_act() == [1]
    assert len(texts(state, kind="turn-up")) == 2


def test_no_card_is_turned_up_when_the_pile_is_empty():
    state = seeded(3, 5)  # 27 cards deal evenly among 3 players
    assert state.pile == [] and state.debate == []
    assert texts(state, kind="turn-up") == []
    assert texts(state, kind="debate") == [f"Debate 1 begins with {{p{state.dealer}}}."]


def test_a_turned_up_card_is_not_a_played_card():
    state = dealt([["battle"], ["darkness"], ["mountain"]], pile=["forest"])
    assert state.view(0)["played_this_debate"] is False
    act(state, "pass", "pass", "pass")
    assert state.is_over()
    assert "nobody played a card" in texts(state, kind="game-end")[0]
    # The turned-up card was still scored: Moons and Leaves tie and share the Forest.
    assert state.last_scoring["cards"] == ["forest"] and state.last_scoring["awards"] == {}


# -- the actions --------------------------------------------------------------


def test_legal_actions_list_non_ace_cards_ace_exchanges_and_pass():
    state = dealt([["ace-knots", "ace-leaves", "battle", "excuse", "harvest"], ["darkness"], ["mountain"]],
                  excuse=True, pawns=True)
    assert sorted(state.legal_actions(0)) == sorted([
        "play battle", "play excuse", "play harvest",
        "ace knots keep moons", "ace knots keep knots",
        "ace leaves keep moons", "ace leaves keep leaves",
        "pass",
    ])
    assert state.legal_actions(1) == [] and state.legal_actions(2) == []
    assert state.view(0)["legal"] == state.legal_actions(0)
    assert state.view(1)["legal"] == []


def test_aces_cannot_be_played():
    state = dealt([["ace-knots"], ["darkness"], ["mountain"]])
    assert state.legal_actions(0) == ["ace knots keep moons", "ace knots keep knots", "pass"]
    assert_illegal(state, 0, "play ace-knots", "an Ace cannot be played into the debate")


@pytest.mark.parametrize("keep,backs,handed", [("knots", "knots", "ace-moons"), ("moons", "moons", "ace-knots")])
def test_ace_exchange_keeps_either_ace_and_hands_the_other_to_the_right(keep, backs, handed):
    state = dealt([["ace-knots", "battle"], ["darkness"], ["mountain"]])
    act(state, "pass")  # seat 0 has passed once...
    act(state, "play darkness", "pass")
    assert state.passes[0] == 1
    act(state, f"ace knots keep {keep}")
    assert state.aces[0] == backs
    assert state.hands[0] == ["battle"]
    assert sorted(state.hands[2]) == sorted(["mountain", handed])  # seat 2 is on seat 0's right
    assert state.hands[1] == []
    assert state.passes[0] == 0, "an exchange is an action, not a pass"
    assert state.to_act() == [1]
    assert debate_cards(state) == ["darkness"], "an exchange puts no card into the debate"
    assert state.view(0)["ace"] == backs


def test_the_player_on_the_right_is_the_previous_seat():
    state = dealt([["battle"], ["ace-knots", "darkness"], ["mountain"]])
    act(state, "play battle", "ace knots keep knots")
    assert state.aces[1] == "knots"
    assert sorted(state.hands[0]) == ["ace-suns"]
    assert state.hands[2] == ["mountain"]


def test_an_exchange_alone_is_not_playing_a_card():
    state = dealt([["ace-knots", "battle"], ["darkness"], ["mountain"]])
    act(state, "ace knots keep knots", "pass", "pass", "pass")
    assert state.is_over()
    assert "nobody played a card" in texts(state, kind="game-end")[0]


def test_exchange_labels_say_whom_you_back_and_what_you_hand_over():
    state = dealt([["ace-knots", "battle"], ["darkness"], ["mountain"]])
    assert state.label(0, "ace knots keep knots") == "Back the Prince of Knots; hand the Ace of Moons to {p2}"
    assert state.label(0, "ace knots keep moons") == "Keep backing the Prince of Moons; hand the Ace of Knots to {p2}"
    assert state.label(0, "play battle") == "Play " + describe("battle")
    assert state.label(0, "pass") == "Pass"


def test_pass_moves_the_turn_on_and_a_player_may_act_after_passing():
    state = dealt([["battle", "soldier"], ["darkness"], ["mountain"]])
    act(state, "pass")
    assert state.passes == [1, 0, 0] and state.to_act() == [1]
    act(state, "play darkness", "pass", "play battle")
    assert state.passes == [0, 0, 1]
    assert debate_cards(state) == ["darkness", "battle"]


def test_a_player_with_no_cards_must_pass():
    state = dealt([[], ["darkness"], ["mountain"]])
    assert state.legal_actions(0) == ["pass"]
    assert state.auto_action() == (0, "pass")
    assert_illegal(state, 0, "play battle", "not in your hand")
    act(state, "pass")
    assert state.auto_action() is None  # seat 1 has a card: a real choice


def test_playing_a_card_moves_it_from_the_hand_to_the_debate():
    state = dealt([["battle", "soldier"], ["darkness"], ["mountain"]])
    act(state, "play soldier")
    assert state.hands[0] == ["battle"]
    assert state.debate == [["soldier", 0]]
    assert state.view(2)["hand_counts"] == [1, 1, 1]
    assert state.view(2)["played_this_debate"] is True


ILLEGAL = [
    (0, "play ace-knots", "an Ace cannot be played"),
    (0, "play pact", r"the Pact \(9: Moons, Suns\) is not in your hand"),
    (0, "play joker", "there is no card 'joker'"),
    (0, "play", "not a legal action"),
    (0, "ace leaves keep leaves", "you have no Ace of Leaves in your hand"),
    (0, "ace knots keep suns", "you can keep only the Ace from your hand or your face-down Ace"),
    (0, "ace knots", "write it as 'ace SUIT keep SUIT'"),
    (0, "ace knots give moons", "write it as"),
    (0, "Pass", "not a legal action for seat 0"),
    (0, "dance", "not a legal action for seat 0"),
    (1, "pass", "it is not seat 1's turn"),
    (1, "play darkness", "it is not seat 1's turn"),
    (3, "pass", "there is no seat 3"),
    (-1, "pass", "there is no seat -1"),
    (True, "pass", "there is no seat True"),
    (0, None, "an action is a text"),
    (0, ["pass"], "an action is a text"),
]


@pytest.mark.parametrize("seat,action,reason", ILLEGAL)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(seat, action, reason):
    state = dealt([["ace-knots", "battle"], ["darkness"], ["mountain"]])
    assert_illegal(state, seat, action, reason)


def test_no_action_after_the_game_is_over():
    state = debate_by_play(["battle", "darkness", "mountain"])
    assert state.to_act() == [] and state.legal_actions(0) == [] and state.auto_action() is None
    assert_illegal(state, 0, "pass", "the game is over")


def test_json_round_trip_mid_game_plays_on_identically():
    copy = None
    for k, (state, seat, action) in enumerate(random_game_steps(4, 9, {"pawns": True, "excuse": True})):
        if k == 14:
            copy = type(state).from_json(json.loads(json.dumps(state.to_json())))
            assert frozen(copy) == frozen(state)
            copy.apply(seat, action)
        elif k == 15:
            assert frozen(copy) == frozen(state)
            assert all(copy.view(s) == state.view(s) for s in range(4))
            break
    assert copy is not None


def test_from_json_rejects_garbage():
    with pytest.raises(RecordError, match="not an Election Day state"):
        type(seeded()).from_json({"players": 3})


# -- the end of a debate --------------------------------------------------------

ALICE, BOB, CAROL, DON = range(4)


def bob_carol_don_alice():
    """The rule text's four players, clockwise Alice, Bob, Carol, Don; Bob deals."""
    return dealt(
        [["author", "savage"], ["pact", "forest", "mill"], ["journey", "cave"], ["painter", "market"]],
        aces=["suns", "moons", "waves", "leaves"], dealer=BOB,
    )


def test_the_bob_carol_don_alice_example():
    """'So if Bob plays a card, Carol passes, Don passes, Alice passes, Bob plays a
    card, Carol passes, and Don passes. The debate will end if Alice now passes.'"""
    state = bob_carol_don_alice()
    moves = [(BOB, "play pact"), (CAROL, "pass"), (DON, "pass"), (ALICE, "pass"),
             (BOB, "play forest"), (CAROL, "pass"), (DON, "pass")]
    for seat, action in moves:
        state.apply(seat, action)
        assert state.debate_no == 1, f"the debate does not end after {seat} {action}"
    # One pass earlier: the debate is still on and it is Alice's turn.
    assert state.to_act() == [ALICE]
    assert debate_cards(state) == ["pact", "forest"]
    assert state.track["moons"] == []
    state.apply(ALICE, "pass")
    assert "The debate ends: every player but one passed twice in a row." in texts(state)
    assert state.track["moons"] == ["pact", "forest"]
    assert state.debate_no == 2 and not state.is_over()
    assert state.to_act() == [BOB]


def test_all_players_passing_in_a_row_ends_the_debate():
    state = bob_carol_don_alice()
    act(state, "play pact", "pass", "pass")
    assert state.debate_no == 1
    act(state, "pass")  # Alice: Carol, Don and Alice passed, Bob not yet
    assert state.debate_no == 1
    act(state, "pass")  # Bob
    assert "The debate ends: every player passed in a row." in texts(state)
    assert state.debate_no == 2


def test_every_player_passing_at_once_ends_the_debate():
    state = dealt([["battle"], ["darkness"], ["mountain"]], pile=["forest"], dealer=2)
    act(state, "pass", "pass")
    assert state.debate_no == 1 and not state.is_over()
    act(state, "pass")
    assert state.is_over()


def test_two_different_players_acting_do_not_end_the_debate():
    state = dealt([["author", "savage", "origin"], ["pact", "forest"], ["journey", "cave"], ["painter", "market"]],
                  aces=["suns", "moons", "waves", "leaves"], dealer=0)
    act(state, "play author", "pass", "pass", "pass", "play savage", "pass", "play journey", "pass", "pass")
    # Seats 1 and 3 passed twice in a row, but seats 0 and 2 both acted: not the same player.
    assert state.passes == [1, 2, 0, 2] and state.debate_no == 1
    act(state, "pass")
    assert state.debate_no == 1
    act(state, "pass")  # seat 2: now every player passed in a row
    assert state.debate_no == 2
    assert "The debate ends: every player passed in a row." in texts(state)


def test_an_ace_exchange_counts_as_acting_between_passes():
    state = dealt([["ace-knots", "battle"], ["darkness", "cave"], ["mountain", "pact"]])
    act(state, "play battle", "pass", "pass", "ace knots keep knots", "pass")
    assert state.debate_no == 1
    act(state, "pass")
    assert "The debate ends: every player but one passed twice in a row." in texts(state)


def test_the_others_must_all_pass_after_the_one_player_acts_again():
    """'Bob plays a card, Carol passes, and Don passes. The debate will end if Alice
    now passes': after the one player's second action every other player passes
    before the debate ends, even when some of them had passed before his first one."""
    state = dealt([["battle", "soldier", "desert", "origin"], ["darkness", "cave"], ["mountain", "pact"]])
    act(state, "play battle", "play darkness", "pass", "play soldier", "pass", "pass", "play desert", "pass")
    # Seats 1 and 2 have each passed twice in a row, but seat 2 has not answered the Desert yet.
    assert state.debate_no == 1 and state.to_act() == [2]
    act(state, "pass")
    assert "The debate ends: every player but one passed twice in a row." in texts(state)
    assert state.debate_no == 2


def test_the_bob_example_when_carol_acted_first():
    """Carol acts, Don and Alice pass, then the rule text's sequence: Bob plays, Carol,
    Don and Alice pass, Bob plays, Carol passes, Don passes: not over until Alice passes."""
    state = dealt(
        [["author", "savage"], ["pact", "forest", "mill"], ["journey", "cave"], ["painter", "market"]],
        aces=["suns", "moons", "waves", "leaves"], dealer=CAROL,
    )
    moves = [(CAROL, "play journey"), (DON, "pass"), (ALICE, "pass"),
             (BOB, "play pact"), (CAROL, "pass"), (DON, "pass"), (ALICE, "pass"),
             (BOB, "play forest"), (CAROL, "pass"), (DON, "pass")]
    for seat, action in moves:
        state.apply(seat, action)
        assert state.debate_no == 1, f"the debate does not end after {seat} {action}"
    state.apply(ALICE, "pass")
    assert "The debate ends: every player but one passed twice in a row." in texts(state)
    assert state.debate_no == 2 and state.to_act() == [CAROL]


def test_the_debate_end_matches_the_passes_in_a_row():
    """In random debates, a debate ends exactly when the last n turns were passes,
    or the last 2n - 1 turns were n - 1 passes, one action, n - 1 passes."""

    def over(history, n):
        if len(history) >= n and all(history[-n:]):
            return True
        window = history[-(2 * n - 1):]
        return (len(window) == 2 * n - 1 and all(window[:n - 1]) and not window[n - 1]
                and all(window[n:]))

    for players in (3, 4, 5):
        for seed in range(40):
            state = seeded(players, seed, excuse=True)
            rng = Rng(seed + 100 * players)
            history, debate = [], state.debate_no
            while not state.is_over():
                seat = state.to_act()[0]
                action = "pass" if rng.below(2) == 0 else rng.choice(state.legal_actions(seat))
                state.apply(seat, action)
                history.append(action == "pass")
                ended = state.is_over() or state.debate_no != debate
                assert ended == over(history, players), (players, seed, history)
                if ended:
                    history, debate = [], state.debate_no


def test_forced_passes_count_like_passes():
    state = dealt([[], ["darkness", "cave"], ["mountain", "pact"]], dealer=1)
    act(state, "play darkness", "pass", "pass", "play cave", "pass")
    assert state.debate_no == 1 and not state.is_over()
    assert state.auto_action() == (0, "pass")
    act(state, "pass")
    assert "The debate ends: every player but one passed twice in a row." in texts(state)
    assert state.is_over()


# -- scoring a debate ----------------------------------------------------------


def test_the_rule_text_example():
    """'Suppose an entire debate consists of the 4 Wyrms/Knots, 9 Water/Wyrms and the
    4 Moon/Sun. The winner of the debate is the Prince of Wyrms with 2 symbols. The 9
    Water/Wyrms and 4 Wyrms/Knots would be placed to the right of the Wyrms Crown. All
    the other suits have but one symbol and thus tie for second and do not score.'"""
    cards = ["battle", "darkness", "mountain"]
    assert suit_counts(cards) == {"moons": 1, "suns": 1, "waves": 1, "leaves": 0, "wyrms": 2, "knots": 1}
    awards, lines = score_debate(cards)
    assert awards == {"wyrms": ["darkness", "battle"]}
    assert any("Wyrms wins the debate with 2 symbols" in line for line in lines)
    assert any(line.startswith("Tie for second") and "no second-place card" in line for line in lines)
    state = debate_by_play(cards, aces=["wyrms", "moons", "knots"])
    assert state.track == track_of(awards)
    assert state.outcome().winners == [0]


# (name, cards in the debate, expected awards)
SCORING = [
    ("clear first and second", ["desert", "painter", "penitent"],
     {"suns": ["penitent", "painter"], "wyrms": ["desert"]}),
    ("the second takes its highest card left", ["pact", "diplomat", "author", "journey", "castle"],
     {"moons": ["pact", "diplomat"], "suns": ["castle"]}),
    ("second has no card left", ["author", "journey", "lunatic"], {"moons": ["lunatic", "journey"]}),
    ("only the winner's suit is shown", ["ace-moons"], {"moons": ["ace-moons"]}),
    ("tie for first: one card each, no second", ["lunatic", "journey", "pact", "darkness", "battle"],
     {"moons": ["pact"], "waves": ["darkness"]}),
    ("tie for first sharing the highest cards", ["pact", "diplomat", "castle", "forest"],
     {"suns": ["castle"], "moons": ["forest"]}),
    ("tie for first, nothing left", ["mountain"], {}),
    ("tie for first, the only cards are shared", ["pact", "diplomat"], {}),
    ("four-way tie", ["origin", "savage", "lunatic", "diplomat", "painter", "sailor", "desert", "author"],
     {"waves": ["lunatic"], "leaves": ["sailor"], "moons": ["author"], "suns": ["painter"]}),
    ("Pawns and Courts count symbols, rank 0", ["harvest", "consul"], {"moons": ["harvest", "consul"]}),
    ("rank-0 cards fill in after ranked ones", ["harvest", "watchman", "author"],
     {"moons": ["author", "harvest"], "knots": ["watchman"]}),
    # Harvest is first in deck order, but the Consul is not shared with Suns, the other tied Prince.
    ("rank 0: a tied Prince prefers an unshared card", ["harvest", "consul", "desert"],
     {"moons": ["consul"], "suns": ["desert"]}),
    # Four-way tie at 2. Moons prefers the Watchman (shared with Knots) to the Harvest (shared with Suns and
    # Leaves); Suns and Leaves both take the Harvest: every claim is shared, and so is the Window after it.
    # Moons, Suns, Leaves and Knots tie with 2; three cards of rank 0 for four Princes.
    ("rank 0: tied Princes take different cards, as many as can", ["harvest", "watchman", "window"],
     {"moons": ["watchman"], "suns": ["harvest"], "leaves": ["window"]}),
    ("rank 0: each tied Prince gets a card when each can", ["harvest", "rite"],
     {"moons": ["harvest"], "leaves": ["rite"]}),
    ("rank 0: a card that is the only one left to two tied Princes is set aside",
     ["consul", "rite", "battle", "sailor"], {}),
    ("rank 0: the winner leaves the second place a card", ["watchman", "consul", "window"],
     {"knots": ["window", "watchman"], "moons": ["consul"]}),
    ("rank 0: the winner goes by deck order when the second is not affected", ["watchman", "consul", "ace-moons"],
     {"moons": ["ace-moons", "watchman"], "knots": ["consul"]}),
    ("the Excuse counts nothing", ["excuse", "desert", "painter", "penitent"],
     {"suns": ["penitent", "painter"], "wyrms": ["desert"]}),
    ("no symbols at all", [], {}),
    ("only the Excuse", ["excuse"], {}),
]


@pytest.mark.parametrize("cards,expected", [s[1:] for s in SCORING], ids=[s[0] for s in SCORING])
def test_score_debate(cards, expected):
    awards, lines = score_debate(cards)
    assert awards == expected
    assert lines[0].startswith("Suit symbols in the debate:")
    for suit, won in awards.items():
        assert all(suit in CARDS[c]["suits"] for c in won), "a Prince only takes cards of its suit"
    placed = [c for won in awards.values() for c in won]
    assert len(placed) == len(set(placed)), "no card is placed twice"


def test_a_clear_winner_takes_its_two_highest_cards_and_the_second_one():
    awards, lines = score_debate(["desert", "painter", "penitent"])
    assert lines[1] == (f"The Prince of Suns wins the debate with 3 symbols and takes {describe('penitent')} "
                        f"and {describe('painter')}.")
    assert lines[2] == f"The Prince of Wyrms is second with 2 symbols and takes {describe('desert')}."


def test_a_tie_for_second_scores_no_second():
    # Moons 3 wins; Waves, Wyrms and Knots show 2 each.
    awards, lines = score_debate(["lunatic", "author", "pact", "cave", "battle"])
    assert set(awards) == {"moons"}
    assert "Tie for second between Waves and Wyrms and Knots (2 each): no second-place card is placed." in lines


def test_a_tie_for_first_gives_one_card_each_and_no_second():
    # Moons 3 and Waves 3 tie; Wyrms shows 2 and would be second, but nobody scores second.
    cards = ["lunatic", "journey", "pact", "darkness", "battle"]
    assert suit_counts(cards)["wyrms"] == 2
    awards, lines = score_debate(cards)
    assert awards == {"moons": ["pact"], "waves": ["darkness"]}
    assert "wyrms" not in awards
    assert lines[1] == ("Tie for first between Moons, Waves (3 each): each of them takes one card and nobody "
                        "scores second.")


def test_tied_princes_sharing_their_highest_card_set_it_aside():
    """'If the tied Princes share the same high ranking card, set it aside and use the
    next highest ranking card for each Prince.'"""
    cards = ["pact", "diplomat", "castle", "forest"]
    awards, lines = score_debate(cards)
    assert awards == {"suns": ["castle"], "moons": ["forest"]}
    aside = [line for line in lines if "set aside" in line]
    assert [line.split(" is the highest")[0] for line in aside] == [
        "The Pact (9: Moons, Suns)", "The Diplomat (8: Moons, Suns)"]
    state = debate_by_play(cards + ["savage"], players=5, aces=["suns", "moons", "knots", "leaves", "wyrms"])
    assert state.track["suns"] == ["castle"] and state.track["moons"] == ["forest"]
    assert {"pact", "diplomat", "savage"} <= set(state.out), "set-aside cards leave the game"


def test_a_prince_without_enough_cards_scores_nothing():
    """'If for some reason not enough cards are available to indicate who won the
    debate, the affected Prince(s) do not score on that round.'"""
    awards, lines = score_debate(["mountain"])
    assert awards == {}
    assert "The Prince of Moons has no card left to take and does not score." in lines
    assert "The Prince of Suns has no card left to take and does not score." in lines
    state = debate_by_play(["mountain", "desert", "pact"])  # Suns 3 wins; Moons 2 second
    assert state.track["suns"] == ["pact", "mountain"]
    assert state.track["moons"] == [], "both Moons cards were placed beside the Suns Crown"


def test_aces_pawns_and_courts_count_symbols_but_score_zero():
    cards = ["harvest", "watchman", "author", "battle", "ace-moons"]
    assert suit_counts(cards) == {"moons": 4, "suns": 1, "waves": 0, "leaves": 1, "wyrms": 2, "knots": 3}
    awards, _ = score_debate(cards)
    assert awards == {"moons": ["author", "ace-moons"], "knots": ["battle"]}
    # Through play: the Ace can only be turned up from the pile.
    state = debate_by_play(["harvest", "watchman", "author", "battle"], pile=["ace-moons"],
                           aces=["suns", "waves", "leaves"], pawns=True)
    assert state.track == track_of(awards)
    ranking = {s: (t, c) for s, t, c in state.outcome().details["ranking"]}
    assert ranking["moons"] == (2, 2), "the Ace adds a card but no rank"
    assert ranking["knots"] == (4, 1)
    assert state.outcome().details["elected"] == "knots"


def test_a_debate_of_rank_zero_cards_still_places_them():
    state = debate_by_play(["harvest", "consul"], players=3, pawns=True, courts=True)
    assert state.track["moons"] == ["harvest", "consul"]
    assert state.outcome().details["elected"] == "moons"
    assert state.outcome().scores == [0, 0, 0]
    assert state.outcome().winners == [0]  # seat 0 backs Moons


def test_the_excuse_counts_nothing():
    assert suit_counts(["excuse"]) == dict.fromkeys(SUITS, 0)
    assert score_debate(["battle", "excuse", "darkness"])[0] == score_debate(["battle", "darkness"])[0]
    state = debate_by_play(["excuse", "desert", "painter", "penitent"], players=4, excuse=True)
    assert state.track["suns"] == ["penitent", "painter"] and state.track["wyrms"] == ["desert"]
    assert "excuse" in state.out


def test_a_debate_with_no_symbols_scores_nothing():
    awards, lines = score_debate([])
    assert awards == {}
    assert lines == ["Suit symbols in the debate: no suit symbols at all.",
                     "No suit symbol was shown: no Prince wins this debate."]
    state = debate_by_play(["excuse"], excuse=True)
    assert state.track == track_of({})
    assert "No suit symbol was shown: no Prince wins this debate." in texts(state)


@pytest.mark.parametrize("seed", range(6))
def test_scoring_through_play_matches_score_debate(seed):
    """In random games every debate's awards are what score_debate says, they are
    added to the Crowns, and no card is ever lost or duplicated."""
    players, options = 3 + seed % 3, {"pawns": seed % 2 == 1, "excuse": True}
    checked, before, state = 0, None, None

    def check(state):
        nonlocal checked
        scoring = state.last_scoring
        if scoring is None or scoring["debate"] <= checked:
            return
        awards, lines = score_debate(scoring["cards"])
        assert scoring["awards"] == awards and scoring["lines"] == lines
        assert state.track == {s: before[s] + awards.get(s, []) for s in SUITS}
        checked = scoring["debate"]

    for state, _, _ in random_game_steps(players, seed, options):
        check(state)
        before = {s: list(state.track[s]) for s in SUITS}
        everything = (dealt_cards(state) + debate_cards(state) + state.out
                      + [c for s in SUITS for c in state.track[s]] + ["ace-" + s for s in state.aces])
        assert len(everything) == len(set(everything))
    check(state)
    assert checked == state.debate_no, "every debate was scored"


# -- the end of the game ---------------------------------------------------------


def test_the_game_ends_when_two_or_fewer_players_have_cards():
    state = dealt([["battle", "soldier"], ["darkness", "cave"], ["mountain"]])
    act(state, "play battle", "play darkness", "play mountain")
    assert not state.is_over(), "the check waits for the end of the debate"
    act(state, "pass", "pass", "pass")
    assert state.is_over()
    assert "The debates are over: only 2 players have cards left." in texts(state)


def test_the_game_goes_on_while_three_players_have_cards():
    state = dealt([["battle", "soldier"], ["darkness", "cave"], ["mountain", "pact"]])
    act(state, "play battle", "play darkness", "play mountain")
    pass_until_debate_ends(state)
    assert not state.is_over() and state.debate_no == 2
    assert state.debate == [] and state.passes == [0, 0, 0] and state.to_act() == [0]


def test_the_game_ends_when_nobody_plays_a_card_in_a_debate():
    state = dealt([["battle", "soldier"], ["darkness", "cave"], ["mountain", "pact"]])
    act(state, "play battle")
    pass_until_debate_ends(state)
    assert not state.is_over()
    pass_until_debate_ends(state)
    assert state.is_over() and state.debate_no == 2
    assert "The debates are over: nobody played a card during this debate." in texts(state)
    assert state.hands == [["soldier"], ["darkness", "cave"], ["mountain", "pact"]]


def test_the_check_happens_only_after_the_debate_is_scored():
    """Even with one player holding cards mid-debate, the debate is played out and
    scored before the game ends, and the last cards count."""
    state = dealt([["battle"], ["darkness"], ["mountain", "soldier"]])
    act(state, "play battle", "play darkness")
    assert sum(1 for h in state.hands if h) == 1 and not state.is_over()
    act(state, "play soldier", "pass", "pass")
    assert not state.is_over()
    act(state, "play mountain")
    assert not state.is_over()
    pass_until_debate_ends(state)
    assert state.is_over()
    assert state.track["wyrms"] == ["darkness", "soldier"]


@pytest.mark.parametrize("hands,message", [
    ([["battle", "soldier"], ["darkness"], ["mountain"]], "only 1 player has cards left"),
    ([["battle"], ["darkness"], ["mountain"]], "no player has cards left"),
])
def test_the_end_message_counts_players(hands, message):
    state = dealt(hands)
    act(state, "play battle", "play darkness", "play mountain")
    pass_until_debate_ends(state)
    assert state.is_over()
    assert f"The debates are over: {message}." in texts(state)


# -- the election ----------------------------------------------------------------


def test_the_highest_total_is_elected():
    ranking, elected, lines = election(track_of(moons=["pact"], suns=["castle", "painter"], waves=["cave"]))
    assert elected == "suns"
    assert ranking[:3] == [("suns", 10, 2), ("moons", 9, 1), ("waves", 7, 1)]
    assert lines[0] == "Prince of Suns: 7 (the Castle) + 3 (the Painter) = 10, 2 cards."
    assert "Prince of Leaves: no cards, 0." in lines
    assert lines[-1] == "The Prince of Suns is elected with 10."


def test_a_tie_on_total_goes_to_the_most_cards():
    ranking, elected, lines = election(track_of(moons=["pact"], suns=["castle", "desert"]))
    assert elected == "suns"
    assert lines[-1] == "Tie at 9 between Suns and Moons; the Prince of Suns has the most cards (2) and is elected."
    # Cards of rank 0 count as cards for the tie-break.
    assert election(track_of(moons=["pact", "harvest"], suns=["pact"]))[1] == "moons"
    state = debate_by_play(["author", "journey", "mountain", "cave"], aces=["waves", "moons", "suns"])
    assert state.track["moons"] == ["mountain", "journey"] and state.track["waves"] == ["cave"]
    assert state.outcome().details["elected"] == "moons"
    assert state.outcome().winners == [1] and state.outcome().scores == [7, 7, 0]


def test_an_unbreakable_tie_elects_nobody():
    ranking, elected, lines = election(track_of(moons=["pact"], suns=["merchant"]))
    assert elected is None
    assert lines[-1] == "Tie between Moons and Suns at 9 with 1 card each: no Prince is elected."
    lines = election(track_of(moons=["pact", "harvest"], suns=["merchant", "consul"]))[2]
    assert lines[-1] == "Tie between Moons and Suns at 9 with 2 cards each: no Prince is elected."
    assert election(track_of())[1] is None, "nobody scored at all"
    state = debate_by_play(["author", "desert", "painter"], aces=["suns", "knots", "moons"])
    assert state.track["suns"] == ["desert"] and state.track["knots"] == ["author"]
    out = state.outcome()
    assert out.details["elected"] is None and out.winners == []
    assert out.summary == "No Prince is elected (the tie cannot be broken): nobody wins."


def test_the_backer_of_the_elected_prince_wins():
    state = debate_by_play(["battle", "darkness", "mountain"], aces=["moons", "knots", "wyrms"])
    out = state.outcome()
    assert out.winners == [2]
    assert out.scores == [0, 0, 13]
    assert out.summary == "The Prince of Wyrms is elected: {p2} wins."
    assert out.details["aces"] == ["moons", "knots", "wyrms"]
    assert state.view(0)["aces"] == ["moons", "knots", "wyrms"], "the Aces are turned over at the end"


NOBODY_BACKS = (["darkness", "desert", "battle", "author"], ["moons", "knots", "suns"])


def test_nobody_backing_the_elected_prince_means_nobody_wins():
    cards, aces = NOBODY_BACKS
    state = debate_by_play(cards, aces=aces)
    assert state.track["wyrms"] == ["darkness", "battle"] and state.track["knots"] == ["author"]
    out = state.outcome()
    assert out.details["elected"] == "wyrms" and out.winners == []
    assert out.summary == "The Prince of Wyrms is elected but nobody backs him: nobody wins."


def test_closest_variant_gives_the_win_to_the_best_placed_backed_prince():
    cards, aces = NOBODY_BACKS
    state = debate_by_play(cards, aces=aces, no_winner="closest")
    out = state.outcome()
    assert out.details["elected"] == "wyrms"
    assert out.winners == [1], "seat 1 backs Knots, second with 2"
    assert "closest backed Prince wins: {p1} (Knots, 2)" in out.summary


def test_closest_variant_after_an_unbreakable_tie_shares_the_win():
    state = debate_by_play(["author", "desert", "painter"], aces=["suns", "knots", "moons"], no_winner="closest")
    assert state.outcome().winners == [0, 1]


def test_closest_variant_does_not_change_a_normal_win():
    state = debate_by_play(["battle", "darkness", "mountain"], aces=["moons", "knots", "wyrms"],
                           no_winner="closest")
    assert state.outcome().winners == [2]


# -- options ---------------------------------------------------------------------


def test_without_rotation_every_debate_starts_with_the_same_dealer():
    state = dealt([["battle", "soldier", "desert"], ["darkness", "cave", "penitent"], ["mountain", "pact", "forest"]],
                  dealer=2)
    for debate in (1, 2, 3):
        assert state.debate_no == debate and state.to_act() == [2] and state.dealer == 2
        act(state, "play " + state.hands[2][0])
        pass_until_debate_ends(state)


def test_rotate_dealer_moves_the_first_player_clockwise_each_debate():
    state = dealt([["battle", "soldier", "desert"], ["darkness", "cave", "penitent"], ["mountain", "pact", "forest"]],
                  dealer=2, rotate_dealer=True)
    for debate, first in ((1, 2), (2, 0), (3, 1)):
        assert state.debate_no == debate and state.to_act() == [first] and state.view(0)["dealer"] == first
        assert texts(state, kind="debate")[-1] == f"Debate {debate} begins with {{p{first}}}."
        act(state, "play " + state.hands[first][0])
        pass_until_debate_ends(state)


def test_leave_out_extra_is_a_no_op_for_an_even_deal():
    a, b = seeded(3, 8), seeded(3, 8, leave_out_extra=True)
    assert a.hands == b.hands and b.removed == [] and b.pile == []


def test_left_out_cards_never_reach_the_debates():
    removed = seeded(4, 2, leave_out_extra=True).removed
    assert len(removed) == 2
    state = random_game(4, 2, {"leave_out_extra": True})
    assert state.removed == removed
    used = set(state.out) | {c for s in SUITS for c in state.track[s]}
    assert not used & set(removed)


# -- the log and hidden information ---------------------------------------------


def test_score_lines_name_the_cards_and_explain_the_ties():
    state = debate_by_play(["pact", "diplomat", "castle", "forest"], players=4,
                           aces=["suns", "moons", "knots", "leaves"])
    score = texts(state, kind="score")
    assert score[0] == "Suit symbols in the debate: Moons 3, Suns 3, Leaves 1, Knots 1."
    assert "Tie for first between Moons, Suns (3 each)" in score[1]
    assert score[2] == ("The Pact (9: Moons, Suns) is the highest card of both Moons and Suns: it is set aside and "
                        "they look at their next highest card.")
    assert score[3].startswith("The Diplomat (8: Moons, Suns) is the highest card of both Moons and Suns")
    assert f"The Prince of Suns takes {describe('castle')}." in score
    assert f"The Prince of Moons takes {describe('forest')}." in score
    election_lines = texts(state, kind="election")
    assert "Prince of Suns: 7 (the Castle) = 7, 1 card." in election_lines
    assert "Prince of Moons: 5 (the Forest) = 5, 1 card." in election_lines
    assert texts(state, kind="result") == ["The Prince of Suns is elected: {p0} wins."]


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3)])
def test_every_award_in_the_log_names_its_cards(players, seed):
    state = random_game(players, seed, {"courts": True})
    scored = [ev["text"] for ev in state.log if ev["kind"] == "score"]
    placed = [c for s in SUITS for c in state.track[s]]
    assert placed, "some cards were placed"
    for card in placed:
        assert any(" takes " in t and describe(card) in t for t in scored), card
    for text in scored:
        assert text[0].isupper() and text.endswith("."), text


def test_your_ace_is_told_only_to_you():
    state = seeded(4, 6)
    for seat in range(4):
        mine = texts(state, seat, kind="private")
        assert mine == [f"Your face-down Ace is the Ace of {SUIT_NAMES[state.aces[seat]]}: you back that Prince."]
    assert texts(state, None, kind="private") == []
    assert all(ev["to"] == [i] for i, ev in enumerate(e for e in state.log if e["kind"] == "private"))


def test_an_ace_exchange_is_private_to_the_two_players():
    state = dealt([["ace-knots", "battle"], ["darkness"], ["mountain"], ["pact"]])
    act(state, "ace knots keep knots")
    public = ("{p0} picks up their face-down Ace with an Ace from their hand, lays one face down and hands the "
              "other to {p3}.")
    for seat in (None, 0, 1, 2, 3):
        assert public in texts(state, seat)
    assert "You now back the Prince of Knots and handed the Ace of Moons to {p3}." in texts(state, 0)
    assert "{p0} handed you the Ace of Moons." in texts(state, 3)
    for seat in (None, 1, 2):
        log = " ".join(texts(state, seat))
        assert "Knots" not in log and "Ace of Moons" not in log
        assert state.view(seat)["aces"] is None
    assert "Knots" not in " ".join(texts(state, 3)), "seat 3 does not learn which Ace seat 0 kept"


def _mentions(blob, card):
    return f'"{card}"' in blob or CARDS[card]["name"] in blob


@pytest.mark.parametrize("players,seed,options", [(3, 1, {}), (4, 2, {"pawns": True, "excuse": True}),
                                                   (5, 3, {"courts": True}), (4, 4, {"leave_out_extra": True})])
def test_a_view_never_shows_other_hands_face_down_aces_or_the_pile(players, seed, options):
    held = [set() for _ in range(players)]  # Aces each seat has held: it may know them
    for state, _, _ in random_game_steps(players, seed, options):
        for seat in range(players):
            held[seat] |= {c for c in state.hands[seat] if c in ACES} | {"ace-" + state.aces[seat]}
        for seat in list(range(players)) + [None]:
            view = state.view(seat)
            assert view["aces"] is None and "pile" not in view and "hands" not in view
            assert view["hand"] == (None if seat is None else state.hands[seat])
            view.pop("options")
            blob = json.dumps(view)
            known = held[seat] if seat is not None else set()
            for other in range(players):
                if other == seat:
                    continue
                for card in state.hands[other] + ["ace-" + state.aces[other]]:
                    if card not in known:
                        assert not _mentions(blob, card), (seat, other, card)
            for card in state.pile + state.removed:
                assert not _mentions(blob, card), (seat, "pile", card)


def test_spectators_see_the_public_log_only():
    state = seeded(3, 4)
    assert all(ev["to"] is None for ev in state.log_for(None))
    assert state.view(None)["hand"] is None and state.view(None)["ace"] is None


# -- FAQ from the rule text -------------------------------------------------------


def test_faq_the_game_does_not_end_as_soon_as_only_two_players_have_cards():
    """'Does the game end as soon as only 2 people have cards left? No, only check this
    condition once the debate has ended. Someone might pass the player with no cards an
    Ace and that player may not wish to end the game immediately.'"""
    hands = [[], ["ace-knots", "battle", "soldier"], ["pact", "darkness"]]
    state = dealt(hands, aces=["moons", "suns", "waves"], dealer=1)
    assert sum(1 for h in state.hands if h) == 2 and not state.is_over()
    act(state, "ace knots keep knots")  # seat 1 hands the Ace of Suns to seat 0, on its right
    assert state.hands[0] == ["ace-suns"]
    act(state, "play pact", "pass", "play battle", "pass", "pass")
    assert state.debate_no == 1
    act(state, "pass")
    assert not state.is_over(), "three players hold cards after the debate: seat 0 holds an Ace"
    assert state.debate_no == 2
    # Without the Ace, the same debate ends the game.
    state = dealt(hands, aces=["moons", "suns", "waves"], dealer=1)
    act(state, "play battle", "play pact", "pass", "pass", "pass")
    assert state.is_over()


def test_faq_left_over_cards_are_not_needed_to_start_a_debate():
    """'Does a left over card have to be played every debate? Does the game end if
    there are no more left over card to start a debate with? No, the left over cards
    are not important to the debate structure.'"""
    state = dealt([["battle", "soldier", "desert"], ["darkness", "cave", "penitent"], ["mountain", "pact", "forest"]],
                  pile=["journey"])
    assert debate_cards(state) == ["journey"]
    act(state, "play battle")
    pass_until_debate_ends(state)
    assert state.debate_no == 2 and state.debate == [] and not state.is_over()
    act(state, "play soldier")
    pass_until_debate_ends(state)
    assert state.debate_no == 3 and not state.is_over()


def test_faq_the_left_over_pile_does_not_count_as_a_player():
    """'Does the left over card pile count as a player for determining if the end of
    game condition has been reached?' (The text gives no answer: we say no.)"""
    state = dealt([["battle", "soldier"], ["darkness", "cave"], []], pile=["mountain", "pact"])
    act(state, "play battle", "play darkness")
    pass_until_debate_ends(state)
    assert state.is_over() and len(state.pile) == 1
    assert "only 2 players have cards left" in texts(state, kind="game-end")[0]


def test_faq_the_excuse_continues_a_debate_without_a_meaningful_card():
    """'Why would I play The Excuse card? It gives you a way to continue a debate
    without having to play a meaningful card from your hand.'"""
    state = dealt([["battle", "excuse"], ["darkness", "cave"], ["mountain", "pact"]], excuse=True)
    act(state, "play battle", "pass", "pass", "play excuse", "pass")
    assert state.debate_no == 1, "the Excuse is an action: the debate goes on"
    assert suit_counts(debate_cards(state)) == suit_counts(["battle"])
    act(state, "pass")
    assert state.last_scoring["cards"] == ["battle", "excuse"]
    assert state.last_scoring["awards"] == {}  # Wyrms and Knots tie and share the Battle
    # A debate where only the Excuse is played still counts as a played card.
    state = dealt([["excuse", "battle"], ["darkness", "cave"], ["mountain", "pact"]], excuse=True)
    act(state, "play excuse", "pass", "pass", "pass")
    assert state.debate_no == 2 and not state.is_over()


def test_faq_an_ace_reaches_the_debate_only_from_the_undealt_pile():
    """'How can an Ace end up in the debate area? Aces that end up in the undealt
    pile are the only Aces that can end up in the debate area.'"""
    state = dealt([["ace-knots", "battle"], ["darkness"], ["mountain"]], pile=["ace-leaves"])
    assert state.debate == [["ace-leaves", None]]
    assert not any(a.startswith("play ace-") for a in state.legal_actions(0))
    assert_illegal(state, 0, "play ace-knots", "an Ace cannot be played")
    for players, seed in ((3, 2), (4, 3), (5, 4)):
        for st, _, _ in random_game_steps(players, seed, {}):
            assert all(owner is None for card, owner in st.debate if card in ACES)


# -- golden tests ----------------------------------------------------------------


def _golden(name, compute):
    return golden(GOLDEN, name, compute)


def perft(state, depth):
    """Numbers of legal action sequences of each length 1..depth, and how many of
    them end the game (a finished game has no further actions)."""
    counts = [0] * depth
    ends = [0] * depth

    def walk(st, d):
        seat = st.to_act()[0]
        for action in st.legal_actions(seat):
            child = st.clone()
            child.apply(seat, action)
            counts[d] += 1
            if child.is_over():
                ends[d] += 1
            elif d + 1 < depth:
                walk(child, d + 1)

    walk(state, 0)
    return {"sequences": counts, "game_ends": ends}


# name -> (players, seed, options, number of random moves before counting, depth)
PERFT_POSITIONS = {
    "3p-seed1-start": (3, 1, {}, 0, 4),
    "4p-seed2-all-extensions-start": (4, 2, {"pawns": True, "courts": True, "excuse": True}, 0, 4),
    "5p-seed3-start": (5, 3, {}, 0, 4),
    "4p-seed4-after-20": (4, 4, {"rotate_dealer": True}, 20, 4),
    "3p-seed5-after-40-leave-out": (3, 5, {"leave_out_extra": True, "pawns": True}, 40, 4),
}


def _perft_position(players, seed, options, prefix):
    steps = random_game_steps(players, seed, options)
    state = None
    for k, (st, seat, action) in enumerate(steps):
        if k == prefix:
            state = st
            break
    assert state is not None and not state.is_over()
    return state


def _perft_all():
    out = {}
    for name, (players, seed, options, prefix, depth) in PERFT_POSITIONS.items():
        state = _perft_position(players, seed, options, prefix)
        out[name] = {"players": players, "seed": seed, "options": options, "prefix": prefix,
                     "to_act": state.to_act()[0], "debate_no": state.debate_no, **perft(state, depth)}
    return out


def test_golden_perft():
    data, expected = _golden("perft.json", _perft_all)
    assert data == expected


PLAYTHROUGHS = [
    (3, 1, {}),
    (4, 7, {}),
    (5, 3, {}),
    (3, 12, {"pawns": True, "courts": True, "excuse": True}),
    (4, 5, {"excuse": True, "leave_out_extra": True, "no_winner": "closest"}),
    (5, 21, {"courts": True, "rotate_dealer": True}),
    (3, 6, {"no_winner": "closest"}),  # nobody backs the elected Prince
]


def _cli_play(players, seed, options):
    argv = ["play", "election-day", "--players", str(players), "--seed", str(seed), "--json"]
    for name, value in sorted(options.items()):
        argv += ["--option", f"{name}={str(value).lower()}"]
    out = io.StringIO()
    assert cli_main(argv, out=out) == 0
    return argv, json.loads(out.getvalue())


def _playthroughs():
    games = []
    for players, seed, options in PLAYTHROUGHS:
        argv, result = _cli_play(players, seed, options)
        assert result["finished"]
        _, state = replay(result["record"])
        games.append({
            "players": players,
            "seed": seed,
            "options": options,
            "argv": argv[1:],
            "moves": result["record"]["moves"],
            "outcome": state.outcome().to_json(),
            "summary": result["summary"],
        })
    return games


def test_golden_playthroughs():
    data, expected = _golden("playthroughs.json", _playthroughs)
    assert len(data) == len(expected)
    for got, want in zip(data, expected):
        assert got["argv"] == want["argv"]
        assert got["moves"] == want["moves"], f"the bots play differently: {' '.join(got['argv'])}"
        assert got["outcome"] == want["outcome"], f"a different result: {' '.join(got['argv'])}"
        assert got["summary"] == want["summary"]


def test_golden_playthroughs_replay_from_the_stored_moves():
    """The stored moves alone (no bots) replay to the stored outcome."""
    expected = json.loads((GOLDEN / "playthroughs.json").read_text(encoding="utf-8"))
    for game in expected:
        state = GAME.new(game["players"], game["options"], seed=game["seed"])
        for seat, action in game["moves"]:
            state.apply(seat, action)
        assert state.is_over()
        assert state.outcome().to_json() == game["outcome"]


# -- any subset of the extension cards (rule text: "Any or all of the extension cards can be used") --


def test_any_subset_of_the_extension_cards_can_be_used():
    state = seeded(4, 3, harvest=True, island=True, excuse=True)
    cards = dealt_cards(state) + debate_cards(state) + ["ace-" + s for s in state.aces]
    assert sorted(cards) == sorted(list(NUMBER_CARDS) + list(ACES) + ["harvest", "island", "excuse"])
    assert state.options["pawns"] is False and state.options["courts"] is False
    for cid in PAWNS + COURTS:
        alone = seeded(3, 5, **{cid.replace("-", "_"): True})
        placed = set(dealt_cards(alone) + debate_cards(alone))
        assert cid in placed and not (set(PAWNS + COURTS) - {cid}) & placed


def test_a_group_option_and_its_four_cards_are_one_choice():
    assert GAME.check_options({"courts": True}) == GAME.check_options(
        {"consul": True, "rite": True, "island": True, "window": True})
    assert all(GAME.check_options({"pawns": True})[o] for o in ("harvest", "watchman", "light_keeper", "borderland"))
    assert GAME.check_options({"watchman": True, "light_keeper": True})["pawns"] is False


def test_a_record_with_the_old_option_names_still_replays():
    """Records written when the only extension options were "pawns", "courts" and
    "excuse" (all four cards of a group or none) load and replay unchanged."""
    old = {"format": FORMAT, "version": VERSION, "game": "election-day",
           "options": {"pawns": True, "courts": False, "excuse": True, "leave_out_extra": False,
                       "no_winner": "none", "rotate_dealer": False},
           "players": [{"name": n, "kind": "human"} for n in ("Ann", "Bob", "Cy")],
           "seed": 11, "deal": None, "moves": []}
    _, start = replay(old)
    assert sorted(c for c in CARDS if c in dealt_cards(start) + debate_cards(start)) == sorted(
        set(NUMBER_CARDS) | set(PAWNS) | {EXCUSE} | (set(ACES) - {"ace-" + s for s in start.aces}))
    moves = []
    state = seeded(3, 11, pawns=True, excuse=True)
    while not state.is_over() and len(moves) < 40:
        seat = state.to_act()[0]
        action = state.legal_actions(seat)[0]
        moves.append([seat, action])
        state.apply(seat, action)
    norm, again = replay(dict(old, moves=moves))
    assert frozen(again) == frozen(state)
    assert norm["options"]["harvest"] is True and norm["options"]["consul"] is False


def test_the_setup_log_gives_each_hand_size_and_singular_words():
    state = dealt([["battle", "darkness"], ["mountain", "pact", "forest"], ["cave"]], pile=["mill"])
    assert texts(state, kind="setup")[0].endswith(
        "Each player has one Ace face down; {p0} holds 2 cards, {p1} holds 3 cards, {p2} holds 1 card; "
        "1 card left undealt.")
    state = dealt([["battle"], ["darkness"], ["mountain"]])
    assert "Each player has one Ace face down and 1 card; 0 cards left undealt." in texts(state, kind="setup")[0]


def test_one_symbol_is_singular_in_the_scoring_lines():
    _, lines = score_debate(["ace-moons"])
    assert lines[1].startswith("The Prince of Moons wins the debate with 1 symbol and takes the Ace of Moons")
    _, lines = score_debate(["pact", "ace-suns"])
    assert lines[-1] == ("The Prince of Moons is second with 1 symbol, but every card of that suit was already "
                         "placed: no second-place card.")


def test_rank_zero_sharing_is_explained_in_the_log():
    _, lines = score_debate(["harvest", "light-keeper", "sailor"])
    assert "are of rank 0, so any of them will do: they take different cards, as many of them as can." in lines[3]
    assert lines[-1] == "The Prince of Leaves has no card left to take and does not score."
    _, lines = score_debate(["consul", "rite", "battle", "sailor"])
    assert any(line.startswith("The Consul (Court, 0: Moons, Waves, Knots) is the only card left to both Waves and "
                               "Knots: it is set aside.") for line in lines)


def test_the_bots_remembered_awards_do_not_depend_on_the_order_of_play():
    # The bots remember a debate's awards by its cards sorted (bots._awards):
    # that is right only if the order the cards were played in never changes
    # the awards. Many random debates of the full deck, each in several orders.
    from coalitions.games.election_day.bots import _awards
    from coalitions.games.election_day.data import CARDS as ALL_CARDS

    deck = sorted(ALL_CARDS)  # every card of every option, the Aces too
    rng = Rng(27)
    for _ in range(400):
        cards = list(deck)
        rng.shuffle(cards)
        cards = cards[:rng.choice(range(2, 10))]
        want = score_debate(cards)[0]
        for _ in range(3):
            rng.shuffle(cards)
            assert {s: sorted(c) for s, c in score_debate(cards)[0].items()} == {s: sorted(c) for s, c in want.items()}
        assert {s: sorted(c) for s, c in _awards(tuple(sorted(cards))).items()} == {
            s: sorted(c) for s, c in want.items()}


def test_the_easy_bot_plays_for_the_debate_now_never_at_random():
    """Easy is the normal bot without its foresight: it never switches Prince,
    every card it plays leaves its Prince no worse placed in the debate as
    it stands than passing would, and it differs from the normal bot (it
    spends cards the normal bot keeps for later)."""
    from coalitions.core.bots import decide
    from coalitions.core.match import Match
    from coalitions.games.election_day.bots import _after, _margin, _totals
    from coalitions.games.election_day.notation import parse

    game = get_game("election-day")
    checked = differ = 0
    for players in (3, 4, 5):
        for seed in range(6):
            m = Match.new("election-day", make_players(["bot"] * players, levels=["normal"] * players), seed=seed)
            while not m.is_over():
                seat = m.to_act()[0]
                step = len(m.record["moves"])
                view = m.state.view(seat)
                easy = parse(decide(game, "easy", m.state, seat, step, seed))
                totals = _totals(view["track"])
                debate = [c for c, _ in view["debate"]]
                if easy.kind == "play":
                    now = _margin(_after(totals, debate), view["ace"])
                    assert _margin(_after(totals, debate + [easy["card"]]), view["ace"]) >= now
                elif easy.kind not in ("pass", "play"):
                    assert easy["keep"] == view["ace"], "easy never switches Prince"
                differ += str(easy) != decide(game, "normal", m.state, seat, step, seed)
                checked += 1
                m.step()
    assert checked > 300 and differ > checked // 20, (checked, differ)


def test_the_normal_bot_ends_the_game_with_a_pass_only_when_its_prince_wins():
    """A pass that ends the last debate ends the game: the normal bot takes it
    when its Prince is then elected, and otherwise plays a card while it has
    one (it no longer lets a game end with its Prince beaten, as it did in
    about a quarter of all-bot games; nor, after a player passed first, a game
    with nothing played, which nobody wins). Exchanging Aces never puts such a
    pass off for ever: every game ends."""
    from coalitions.core.bots import decide
    from coalitions.core.match import Match
    from coalitions.games.election_day.bots import elected_after, pass_ends_game

    game = get_game("election-day")
    ended = won = avoided = 0
    for players in (3, 4, 5):
        for seed in range(40):
            kinds = (["human"] if seed % 2 else []) + ["bot"] * (players - seed % 2)
            m = Match.new("election-day", make_players(kinds, levels=[None] * players), seed=seed)
            for _ in range(400):
                if m.is_over():
                    break
                seat = m.to_act()[0]
                view = m.state.view(seat)
                if not m.is_bot(seat):  # a player who always passes
                    m.apply(seat, "pass" if "pass" in view["legal"] else view["legal"][0])
                    continue
                step = len(m.record["moves"])
                choice = decide(game, "normal", m.state, seat, step, seed)
                if pass_ends_game(view) and "pass" in view["legal"]:
                    can_play = any(a.startswith("play ") for a in view["legal"])
                    elected = elected_after(view["track"], [c for c, _ in view["debate"]])
                    if elected == view["ace"]:
                        assert choice == "pass", (players, seed, step)
                        won += 1
                    elif can_play:
                        # a card, or an exchange of Aces that backs the Prince elected then
                        assert choice.startswith("play ") or (
                            choice.startswith("ace ") and choice.endswith(f" keep {elected}")), (
                            players, seed, step, choice)
                        avoided += 1
                m.apply(seat, choice)
                if m.is_over() and choice == "pass":
                    ended += 1
                    assert seat in m.state.outcome().winners or not any(
                        a.startswith("play ") for a in view["legal"]), (players, seed)
            assert m.is_over(), (players, seed)
    assert ended > 20 and won > 5 and avoided > 20, (ended, won, avoided)
