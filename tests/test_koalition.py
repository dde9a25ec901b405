"""Koalition: unit tests by step of the rule text, the worked examples, golden
tests.

The authority is the rule text (/work/shared/rules/000_23c3c03e662f89bb.txt);
the lost data and the open points are reconstructed in
/work/shared/games/koalition.md and listed in guide.py ("Rules as
implemented"). Sections follow the rules: data and the deal, step 1 (starting
player and country), steps 2-3 (playing cards) with the special cards, step 4
(the vote and the majority), step 5, step 6 (chairs), step 7 (coalitions and
negotiation, the Green peculiarity, stalemates), steps 8-9 (victory points),
after the election (the re-deal), the bonus round, the log, hidden information
and undo flags, the walkthroughs (one per worked example), the bot, golden
tests.

Seats sit clockwise in seat order and in order of age: seat 0 is the oldest.

Golden files (tests/golden/koalition/): ``playthroughs.json`` (the moves the
"good" bots make through ``python -m coalitions play koalition ... --json`` and
the outcome) and ``perft.json`` (numbers of legal action sequences from a few
positions). After an intended change, regenerate and review the diff::

    REGEN_GOLDEN=1 python -m pytest -q tests/test_koalition.py -k golden
"""

import io
import json
from collections import Counter

import pytest

from coalitions.cli import arena
from coalitions.cli import main as cli_main
from coalitions.core.bots import decide
from coalitions.core.errors import IllegalActionError, OptionError, RecordError
from coalitions.core.match import Match
from coalitions.core.records import make_players, new_record, replay
from coalitions.core.rng import Rng, mix
from coalitions.games.koalition import negotiation as negotiation_module
from coalitions.games.koalition.data import (
    BINDING_BALLOT, BONUS, CARDS, COMPATIBLE, COUNTRIES, COUNTRY_IDS, COUNTRY_TOTALS, DEAL_TABLE, DECK, MAX_BALLOTS,
    PARTIES,
    PARTY_VALUES, TWIN, VP_TABLE, vp_row,
)
from coalitions.games.koalition.scoring import (
    award, bonus_round, card_key, chairs, majority, majority_text, minimal_winning, resignation_targets, values_of,
)
from coalitions.games.koalition.walkthroughs import _deal
from coalitions.registry import get_game

GAME = get_game("koalition")
from goldens import ROOT, golden  # noqa: E402

GOLDEN = ROOT / "koalition"


# -- helpers -----------------------------------------------------------------------


def dealt(players, fixed, countries=("germany",), **extra):
    """A game from an explicit deal: seat i holds fixed[i] (hands are topped up
    with low cards); the named countries come first."""
    deal = _deal(players, fixed, list(countries))
    deal.update(extra)
    return GAME.new(players, deal=deal)


def act(state, *actions):
    """Apply each action for the seat whose turn it is."""
    for action in actions:
        state.apply(state.to_act()[0], action)
    return state


def plays(*cards):
    """Plays for the scoring functions: (seat, card) or (seat, card, party)."""
    out = []
    for item in cards:
        seat, cid = item[0], item[1]
        party = item[2] if len(item) > 2 else CARDS[cid]["party"]
        out.append({"seat": seat, "card": cid, "party": party, "out": False, "target": None})
    return out


def frozen(state):
    return json.dumps(state.to_json(), sort_keys=True)


def assert_illegal(state, seat, action, reason):
    before = frozen(state)
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(seat, action)
    assert frozen(state) == before


def texts(state, seat=None, kind=None):
    return [ev["text"] for ev in state.log_for(seat) if kind is None or ev["kind"] == kind]


def all_cards(state):
    return ([c for h in state.hands for c in h] + state.set_aside + state.discard
            + [pl["card"] for pl in state.plays])


def random_steps(players, seed):
    """A seeded random game on the bare rules: (state, seat, action) before each action."""
    state = GAME.new(players, seed=seed)
    rng = Rng(mix(seed, players, 0x4B))
    while not state.is_over():
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        yield state, seat, action
        state.apply(seat, action)


def random_game(players, seed):
    state = None
    for state, _, _ in random_steps(players, seed):
        pass
    state = state if state.is_over() else None
    assert state is not None
    return state


def walkthrough(name, upto=None):
    rec = GAME.walkthroughs()[name]
    return replay(rec, upto=upto)[1]


# -- the data --------------------------------------------------------------------


def test_the_deck_has_56_cards_as_reconstructed():
    assert len(DECK) == len(set(DECK)) == 56
    kinds = Counter(c["kind"] for c in CARDS.values())
    assert kinds == {"number": 45, "doubler": 7, "colorino": 1, "resign": 3}
    for p in PARTIES:
        values = sorted(c["value"] for c in CARDS.values() if c["party"] == p and c["kind"] == "number")
        assert values == sorted(PARTY_VALUES[p])
        assert sum(1 for c in CARDS.values() if c["party"] == p and c["kind"] == "doubler") == 1
    assert CARDS["colorino"]["value"] == 7 and CARDS["colorino"]["party"] is None


def test_the_values_the_rule_text_names_exist():
    needed = {"rose": (5, 6, 7, 8, 10, 11, 12), "yellow": (4, 8, 12), "black": (8, 10, 12), "green": (9,), "red": (7,)}
    for p, values in needed.items():
        assert set(values) <= set(PARTY_VALUES[p])
    sevens = [p for p in PARTIES if 7 in PARTY_VALUES[p]]
    assert len(sevens) >= 2, "several parties have a 7 (Colorino is higher than any other 7)"


def test_only_green_has_two_cards_of_one_value():
    for p in PARTIES:
        counts = Counter(PARTY_VALUES[p])
        if p == "green":
            assert set(counts.values()) == {2}
        else:
            assert set(counts.values()) == {1}, p
    assert TWIN["green-9b"] == TWIN["green-9a"] == "green-9a"
    assert TWIN["resign-3"] == "resign-1" and TWIN["rose-12"] == "rose-12"


def test_compatibility_matches_the_rule_text():
    assert COMPATIBLE["rose"] - {"rose"} == {"yellow", "black", "green", "purple", "red"}
    assert COMPATIBLE["brown"] - {"brown"} == {"black", "purple"}
    for p in PARTIES:
        assert p in COMPATIBLE[p]
        for q in PARTIES:
            assert (q in COMPATIBLE[p]) == (p in COMPATIBLE[q]), "compatibility is symmetric"
    assert {"red", "black", "green", "yellow"} <= COMPATIBLE["red"]


def test_countries_are_the_twelve_and_pay_100_in_all():
    assert len(COUNTRIES) == 12 == len(set(COUNTRY_IDS))
    assert sum(COUNTRY_TOTALS.values()) == 100


@pytest.mark.parametrize("country", COUNTRY_IDS)
def test_vp_rows_split_the_country_total(country):
    for n in range(1, 9):
        row = VP_TABLE[country][n]
        assert len(row) == n
        assert sum(row) == COUNTRY_TOTALS[country]
        assert list(row) == sorted(row, reverse=True)


def test_spain_pays_4_3_1_to_three_winners():
    assert VP_TABLE["spain"][3] == (4, 3, 1)
    assert vp_row(8, 3) == (4, 3, 1)
    assert vp_row(14, 1) == (14,)


def test_the_deal_table():
    assert DEAL_TABLE == {3: (13, 2, 6), 4: (13, 2, 6), 5: (9, 3, 4), 6: (9, 3, 4), 7: (7, 4, 3), 8: (7, 4, 3)}
    for per, rounds, each in DEAL_TABLE.values():
        assert rounds * each == 12
        assert per == 2 * each + 1, "one card is left over at the end of each round"


# -- setting up ----------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 9))
def test_random_deal(players):
    state = GAME.new(players, seed=5)
    per = DEAL_TABLE[players][0]
    assert [len(h) for h in state.hands] == [per] * players
    assert len(state.set_aside) == 56 - per * players
    assert sorted(all_cards(state)) == sorted(DECK)
    assert sorted([state.country] + state.stack) == sorted(COUNTRY_IDS)
    assert state.starter == 0 and state.to_act() == [0] and state.phase == "play"
    assert state.election == 1 and state.round == 1 and state.ballot == 1


def test_the_same_seed_gives_the_same_deal_and_another_seed_another():
    a, b, c = GAME.new(5, seed=9), GAME.new(5, seed=9), GAME.new(5, seed=10)
    assert frozen(a) == frozen(b)
    assert a.hands != c.hands or a.stack != c.stack


def test_a_game_needs_3_to_8_players_and_a_seed_or_deal():
    for n in (2, 9):
        with pytest.raises(OptionError, match="3 to 8 players"):
            GAME.new(n, seed=1)
    with pytest.raises(OptionError, match="seed or an explicit deal"):
        GAME.new(5)


def test_an_explicit_deal_is_used_as_given():
    state = dealt(3, [["rose-12"], ["black-12"], ["colorino"]], countries=("spain", "italy"))
    assert "rose-12" in state.hands[0] and "colorino" in state.hands[2]
    assert state.country == "spain" and state.stack[0] == "italy"
    assert sorted(all_cards(state)) == sorted(DECK)


def _full_deal(players):
    return _deal(players, [[] for _ in range(players)], [])


@pytest.mark.parametrize("change,reason", [
    (lambda d: d["hands"].pop(), "one hand for each"),
    (lambda d: d["hands"][0].pop(), "every hand has 13 cards"),
    (lambda d: d["hands"][0].__setitem__(0, "rose-99"), "unknown card"),
    (lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]), "appears twice"),
    (lambda d: d.__setitem__("countries", ["spain"] * 12), "twelve country ids"),
    (lambda d: d.__setitem__("set_aside", []), "every card is dealt or set aside"),
    (lambda d: d.__setitem__("redeals", [{"hands": []}]), "redeal 1 needs one hand"),
    (lambda d: d.__setitem__("redeals", [{}, {}]), "at most 1"),
    (lambda d: d.__setitem__("set_aside", [d["hands"][2][5]]), "appears twice in the deal: "),
    (lambda d: d.__setitem__("hands", {"0": []}), "needs its hands: a list"),
    (lambda d: d.__setitem__("hands", "rose-12"), "needs its hands: a list"),
    (lambda d: d["hands"].__setitem__(1, "rose-12"), "every hand has 13 cards"),
    (lambda d: d.__setitem__("stacks", []), "no field 'stacks'"),
    (lambda d: d.__setitem__("redeals", [{"hands": [], "extra": 1}]), "each redeal is an object with hands"),
    (lambda d: d.__setitem__("redeals", [{"hands": [h[:] for h in d["hands"]], "set_aside": ["colorino"]}]),
     "redeal 1 leaves out|appears twice in redeal 1"),
])
def test_explicit_deal_validation(change, reason):
    deal = _full_deal(3)
    change(deal)
    with pytest.raises(OptionError, match=reason):
        GAME.new(3, deal=deal)


def test_a_deal_that_is_not_an_object_is_refused_and_a_bad_record_is_a_record_error():
    with pytest.raises(OptionError, match="explicit deal must be an object"):
        GAME.new(3, deal=[1, 2])
    rec = new_record("koalition", make_players(["human"] * 3), deal={"hands": "nope"})
    with pytest.raises(RecordError, match="cannot be set up"):
        replay(rec)


# -- step 1: starting player and country ----------------------------------------------


def test_the_oldest_player_starts_and_turns_over_the_top_country():
    state = dealt(4, [[], [], [], []], countries=("france", "spain"))
    assert state.starter == 0 and state.country == "france"
    assert "Election 1 of 12 (round 1): {p0} turns over France" in texts(state)[-1]


def test_the_player_with_most_vp_starts_the_next_election():
    state = walkthrough("majority-and-doubler", upto=8)
    assert state.results[0]["winners"][0] == {"seat": 2, "party": "rose", "value": 41, "vp": 6}
    assert state.starter == 2 and state.to_act() == [2] and state.country == "italy"


def test_a_tie_for_most_vp_goes_to_the_oldest():
    state = walkthrough("victory-points", upto=8)
    got = {w["seat"]: w["vp"] for w in state.results[0]["winners"]}
    assert got == {0: 3, 1: 3, 2: 1}
    assert state.starter == 0
    assert "the oldest of them, {p0}, starts the next election" in " ".join(texts(state))
    state = walkthrough("minimal-winning")
    assert state.starter == 2  # Clara and Dan both got 2; Clara is older


# -- steps 2 and 3: the election rounds ------------------------------------------------------


def test_two_rounds_clockwise_from_the_starting_player():
    state = GAME.new(5, seed=3)
    state.starter = 3  # as if seat 3 had scored most
    state._reset_election()
    order = []
    for _ in range(10):
        seat = state.to_act()[0]
        order.append(seat)
        legal = [a for a in state.legal_actions(seat) if not a.startswith(("play resign", "play colorino"))]
        state.apply(seat, legal[0])
        if state.phase != "play":
            break
    assert order == [3, 4, 0, 1, 2, 3, 4, 0, 1, 2]
    assert any(t.startswith("Second election round. {p3} plays") for t in texts(state))


def test_playing_moves_the_card_from_hand_to_table():
    state = dealt(3, [["rose-12"], [], []])
    act(state, "play rose-12")
    assert "rose-12" not in state.hands[0]
    assert state.plays == [{"seat": 0, "card": "rose-12", "party": "rose", "out": False, "target": None}]
    assert texts(state)[-1] == "{p0} plays Rose 12."


def test_legal_plays_offer_each_card_once_colorino_per_party_and_resignation_targets():
    state = dealt(3, [["green-9a", "green-9b", "colorino", "resign-1", "resign-2", "rose-12"], [], []])
    legal = state.legal_actions(0)
    assert "play green-9a" in legal and "play green-9b" not in legal
    assert [a for a in legal if a.startswith("play colorino")] == [f"play colorino {p}" for p in PARTIES]
    assert "play resign-1" in legal and not any(a.startswith("play resign-2") for a in legal)
    assert state.legal_actions(1) == [] and state.legal_actions(2) == []


@pytest.mark.parametrize("action,reason", [
    ("play black-12", "not in your hand"),
    ("play rose-99", "no card"),
    ("play colorino", "must declare a party"),
    ("play colorino blue", "must declare a party"),
    ("play green-9b", "identical"),
    ("propose rose+black", "not a legal action"),
    ("accept", "not a legal action"),
])
def test_illegal_plays_are_refused_and_change_nothing(action, reason):
    state = dealt(3, [["green-9a", "green-9b", "colorino", "rose-12"], ["black-12"], []])
    assert_illegal(state, 0, action, reason)
    assert_illegal(state, 1, "play black-12", "not seat 1's turn")


# -- special cards ------------------------------------------------------------------


def test_doubler_example_a():
    values, totals = values_of(plays((0, "rose-5"), (1, "rose-7"), (2, "rose-10"), (3, "rose-12"), (0, "rose-x2")))
    assert values[-1] == 34 and totals["rose"] == 68


def test_doubler_example_b():
    values, totals = values_of(plays((0, "black-12"), (1, "black-x2")))
    assert values == [12, 12] and totals["black"] == 24
    assert card_key("doubler", 12) > card_key("number", 12)


def test_a_doubler_alone_is_worth_nothing_and_counts_colorino():
    values, totals = values_of(plays((0, "red-x2")))
    assert values == [0] and totals["red"] == 0
    values, totals = values_of(plays((0, "red-x2"), (1, "colorino", "red"), (2, "red-3")))
    assert values == [10, 7, 3] and totals["red"] == 20


def test_a_doubler_is_worth_the_cards_of_its_party_in_play_now():
    state = dealt(3, [["rose-x2", "rose-12"], ["rose-3", "black-2"], ["resign-1", "red-1"]])
    act(state, "play rose-x2")
    assert texts(state)[-1].endswith("now 0.")
    act(state, "play rose-3")
    assert "play resign-1 rose-x2" in state.legal_actions(2)  # the Doubler (3) ties Rose 3 and ranks higher
    act(state, "play red-1", "play rose-12")
    values, totals = values_of(state.plays)
    assert values[0] == 15 and totals["rose"] == 30


def test_colorino_declares_his_party_when_played():
    state = dealt(3, [["colorino"], [], []])
    act(state, "play colorino green")
    assert state.plays[0]["party"] == "green"
    assert "declares him Green (worth 7)" in texts(state)[-1]
    assert card_key("colorino", 7) > card_key("number", 7)
    assert card_key("doubler", 7) > card_key("colorino", 7)


def test_a_resignation_removes_the_highest_politician_at_once():
    state = dealt(3, [["rose-12", "black-2"], ["yellow-8", "yellow-2"], ["resign-1", "red-1"]])
    act(state, "play rose-12", "play yellow-8")
    assert [a for a in state.legal_actions(2) if "resign" in a] == ["play resign-1 rose-12"]
    act(state, "play resign-1 rose-12")
    assert state.plays[0]["out"] and state.plays[2]["target"] == "rose-12"
    assert "the highest politician in play, Rose 12 of {p0}, resigns. Both cards go" in texts(state)[-1]
    act(state, "play black-2", "play yellow-2", "play red-1")
    r = state.results[0]
    assert r["votes"]["rose"] == 0 and r["total"] == 13 and r["government"] == ["yellow"]


def test_a_resignation_picks_a_doubler_at_its_current_value_first():
    p = plays((0, "rose-12"), (1, "rose-x2"), (2, "black-12"))
    values, _ = values_of(p)
    assert values == [12, 12, 12]
    assert resignation_targets(p, values) == [1]


def test_the_player_of_a_resignation_chooses_among_equals():
    p = plays((0, "rose-12"), (1, "black-12"), (2, "colorino", "red"), (0, "yellow-7"))
    values, _ = values_of(p)
    assert resignation_targets(p, values) == [0, 1]
    p = plays((2, "colorino", "red"), (0, "yellow-7"))
    values, _ = values_of(p)
    assert resignation_targets(p, values) == [0, 1], "Colorino is simply a 7 for a Resignation"
    state = walkthrough("resignation-and-stalemate", upto=6)
    assert "Black 12 of {p0}, resigns ({p2} chose among equals)" in " ".join(texts(state, kind="play"))
    assert "the Rose Doubler (12) of {p1}, resigns (a Doubler ranks above an equal card)" in " ".join(
        texts(state, kind="play"))
    assert [pl["card"] for pl in state.plays if pl["out"]] == ["rose-x2", "black-12"]


def test_a_resignation_with_nobody_in_play_has_no_effect():
    state = dealt(3, [["resign-1"], [], []])
    assert "play resign-1" in state.legal_actions(0)
    act(state, "play resign-1")
    assert "no politician is in play" in texts(state)[-1]
    assert resignation_targets([], []) == []


def test_a_resigned_politician_lowers_its_partys_doubler():
    p = plays((0, "rose-12"), (1, "rose-5"), (2, "rose-x2"))
    p[0]["out"] = True
    values, totals = values_of(p)
    assert values == [None, 5, 5] and totals["rose"] == 10


# -- step 4: recording the vote and the absolute majority -------------------------------------


@pytest.mark.parametrize("total,need", [(102, 52), (87, 44), (0, 1), (1, 1), (2, 2), (3, 2), (93, 47), (92, 47)])
def test_the_absolute_majority(total, need):
    assert majority(total) == need


def test_the_majority_is_explained_as_in_the_rules():
    assert majority_text(102) == "102 ÷ 2 = 51, + 1 = 52"
    assert majority_text(87) == "87 ÷ 2 = 43.5, + 1 = 44.5, rounded down: 44"


def test_the_vote_is_recorded_per_party():
    state = walkthrough("majority-and-doubler", upto=8)
    r = state.results[0]
    assert r["votes"]["rose"] == 68 and r["votes"]["black"] == 24 and r["votes"]["yellow"] == 10
    assert r["total"] == 102 and r["majority"] == 52
    assert any("Total 102; absolute majority 102 ÷ 2 = 51, + 1 = 52." in t for t in texts(state, kind="vote"))


# -- step 5: the majority condition ------------------------------------------------------------


def test_a_party_with_the_majority_governs_alone_without_chairs():
    state = walkthrough("majority-and-doubler", upto=8)
    assert state.results[0]["government"] == ["rose"]
    assert not texts(state, kind="chair") and not texts(state, kind="negotiation")
    assert "Rose has 68, at least the majority of 52: Rose governs alone" in " ".join(texts(state, kind="vote"))


def test_exactly_the_majority_is_enough():
    state = dealt(3, [["black-12", "rose-3"], ["black-5", "purple-11"], ["black-7", "purple-8"]])
    act(state, "play black-12", "play black-5", "play black-7", "play rose-3", "play purple-11", "play purple-8")
    r = state.results[0]
    assert (r["votes"]["black"], r["total"], r["majority"]) == (24, 46, 24)
    assert r["government"] == ["black"]


# -- step 6: party chairs ------------------------------------------------------------------


def test_the_party_chair_example_with_five_players():
    p = plays((0, "rose-11"), (1, "yellow-8"), (2, "rose-5"), (3, "black-8"), (4, "yellow-12"),
              (0, "green-9a"), (1, "yellow-4"), (2, "rose-6"), (3, "black-10"), (4, "red-7"))
    values, totals = values_of(p)
    chair, ties, lines = chairs(p, values, totals, [0, 1, 2, 3, 4])
    assert chair == {"rose": 0, "yellow": 4, "black": 3, "green": 0, "red": 4}
    assert ties == {}
    assert "the highest card decides: Rose 11 is the highest" in lines[0]


def test_colorino_beats_another_7_and_a_doubler_beats_its_equal_for_the_chair():
    p = plays((0, "red-7"), (1, "colorino", "red"))
    values, totals = values_of(p)
    assert chairs(p, values, totals, [0, 1])[0] == {"red": 1}
    p = plays((0, "black-12"), (1, "black-x2"))
    values, totals = values_of(p)
    assert chairs(p, values, totals, [0, 1])[0] == {"black": 1}


def test_a_player_may_chair_several_parties():
    state = walkthrough("rose-and-brown", upto=6)
    assert state.chairs == {"rose": 1, "black": 2, "purple": 2, "brown": 0}


def test_green_can_tie_exactly():
    p = plays((0, "green-9a"), (1, "green-9b"))
    values, totals = values_of(p)
    chair, ties, lines = chairs(p, values, totals, [0, 1])
    assert chair == {} and ties == {"green": [0, 1]}
    assert "must agree on a chair" in lines[0]


@pytest.mark.parametrize("answers,chair", [
    (("claim", "yield"), 0), (("yield", "claim"), 1), (("claim", "claim"), None), (("yield", "yield"), None),
])
def test_the_green_chair_tie(answers, chair):
    state = dealt(4, [["green-9a", "rose-12"], ["green-9b", "black-8"], ["yellow-12", "red-7"],
                      ["black-10", "purple-8"]], countries=("united-kingdom",))
    act(state, "play green-9a", "play green-9b", "play yellow-12", "play black-10",
        "play rose-12", "play black-8", "play red-7", "play purple-8")
    assert state.phase == "tie" and state.to_act() == [0]
    assert state.legal_actions(0) == ["claim green", "yield green"]
    act(state, f"{answers[0]} green")
    assert state.to_act() == [1]
    act(state, f"{answers[1]} green")
    assert state.phase == "propose"
    if chair is None:
        assert state.unbound == ["green"] and "green" not in state.chairs
        labels = [u["label"] for u in state.units]
        assert "green@0" in labels and "green@1" in labels and "green" not in labels
    else:
        assert state.chairs["green"] == chair and state.unbound == []
        assert "green" in [u["label"] for u in state.units]


def test_unbound_green_players_join_coalitions_on_their_own():
    state = walkthrough("green-tie")
    r = state.results[0]
    assert r["government"] == ["rose", "black", "green@1"]
    assert {w["seat"]: (w["party"], w["vp"]) for w in r["winners"]} == {0: ("rose", 7), 3: ("black", 4),
                                                                      1: ("green", 2)}
    assert state.vp[0]["green"] == 0


# -- step 7: coalitions -------------------------------------------------------------------------


def test_minimal_winning_coalitions_the_47_example():
    units = [("red", 28), ("yellow", 26), ("black", 23), ("green", 15), ("brown", 1)]
    found = minimal_winning(units, 47)
    named = sorted(tuple(sorted(units[i][0] for i in c)) for c in found)
    assert ("black", "red") in named
    assert ("black", "green", "red") not in named and ("black", "red", "yellow") not in named
    assert named == [("black", "red"), ("black", "yellow"), ("red", "yellow")]


def test_incompatible_parties_never_form_a_coalition():
    units = [("brown", 17), ("rose", 15), ("purple", 5), ("black", 4)]
    named = [tuple(sorted(units[i][0] for i in c)) for c in minimal_winning(units, 21)]
    assert ("brown", "rose") not in named
    assert sorted(named) == [("black", "brown"), ("black", "purple", "rose"), ("brown", "purple")]


def test_minimal_winning_agrees_with_brute_force():
    import itertools

    rng = Rng(77)
    for _ in range(400):
        k = 1 + rng.below(9)
        units = [(PARTIES[rng.below(7)], 1 + rng.below(30)) for _ in range(k)]
        need = 1 + rng.below(sum(v for _, v in units) + 2)
        want = []
        for r in range(1, k + 1):
            for c in itertools.combinations(range(k), r):
                if any(units[b][0] not in COMPATIBLE[units[a][0]] for a in c for b in c):
                    continue
                t = sum(units[i][1] for i in c)
                if t >= need and all(t - units[i][1] < need for i in c):
                    want.append(c)
        assert minimal_winning(units, need) == sorted(want)


def test_the_chairs_propose_in_order_of_party_size():
    state = walkthrough("party-chairs", upto=10)
    assert [u["label"] for u in state.units] == ["yellow", "rose", "black", "green", "red"]
    assert state.to_act() == [4]
    assert state.legal_actions(4)[-1] == "pass"
    assert all(a == "pass" or "yellow" in a for a in state.legal_actions(4))


def test_a_proposal_needs_every_other_chair_in_it():
    state = walkthrough("rose-and-brown", upto=6)
    assert state.to_act() == [0]
    assert "propose rose+brown" not in state.legal_actions(0)
    assert_illegal(state, 0, "propose rose+brown", "not a legal coalition")
    act(state, "propose purple+brown")
    assert state.phase == "answer" and state.to_act() == [2]
    act(state, "decline")
    assert state.phase == "propose" and state.to_act() == [1]
    act(state, "propose rose+black+purple")
    assert state.proposal["responders"] == [2]  # Clara chairs Purple and Black and answers once
    act(state, "accept")
    assert state.government["labels"] == ["rose", "black", "purple"]


def test_a_chair_may_make_no_proposal():
    state = walkthrough("party-chairs", upto=10)
    act(state, "pass")
    assert state.to_act() == [0] and state.history[-1]["result"] == "pass"
    assert "{p4} makes no proposal for Yellow." in texts(state)


def test_a_proposal_among_one_players_parties_governs_at_once():
    state = walkthrough("bonus-round", upto=30)
    assert state.phase == "propose" and state.to_act() == [2]
    act(state, "propose rose+black")
    assert state.government == {"labels": ["rose", "black"], "votes": 20}
    assert state.phase == "choose" and state.to_act() == [2]


def test_a_party_in_no_legal_coalition_is_skipped():
    # Brown 10 with Rose 20 and Yellow 15: majority 23; Brown fits nowhere
    state = dealt(3, [["brown-10", "rose-12"], ["yellow-12", "rose-8"], ["yellow-2", "green-3a"]])
    act(state, "play brown-10", "play yellow-12", "play yellow-2", "play rose-12", "play rose-8", "play green-3a")
    assert state.count["majority"] == 24
    assert state.units[0]["label"] == "rose"
    act(state, "pass")
    act(state, "pass")
    assert any("Brown ({p0}) belongs to no legal coalition" in t for t in texts(state))


def test_a_stalemate_returns_every_card_and_votes_again():
    state = walkthrough("resignation-and-stalemate", upto=12)
    assert state.ballot == 2 and state.phase == "play" and state.plays == []
    assert state.country == "denmark" and state.starter == 0
    assert {"rose-12", "black-12"} <= set(state.hands[0])
    assert {"rose-x2", "yellow-12"} <= set(state.hands[1])
    assert {"resign-1", "resign-2"} <= set(state.hands[2])
    assert state.discard == [] and state.results == []
    assert "Stalemate: a new election is called in Denmark." in " ".join(texts(state, kind="stalemate"))


def test_no_legal_coalition_at_all_is_a_stalemate():
    state = dealt(3, [["resign-1", "resign-2"], ["rose-x2", "black-x2"], ["resign-3", "yellow-x2"]])
    act(state, "play resign-1", "play rose-x2", "play resign-3 rose-x2", "play resign-2", "play black-x2",
        "play yellow-x2")
    assert state.ballot == 2
    assert any(t.startswith("The vote in Germany: no votes at all.")
               and t.endswith("No party has any votes, so no government can form.") for t in texts(state, kind="vote"))
    assert not any("in order of party size: ." in t or "1 votes" in t for t in texts(state))


def test_the_safeguard_after_too_many_stalemates(monkeypatch):
    monkeypatch.setattr(negotiation_module, "MAX_BALLOTS", 2)
    state = walkthrough("resignation-and-stalemate", upto=12)
    act(state, "play rose-12", "play rose-x2", "play resign-1 rose-x2", "play black-12", "play yellow-12",
        "play resign-2 black-12", "propose rose+yellow", "decline", "propose rose+yellow", "decline",
        "pass", "pass")
    r = state.results[0]
    assert r["government"] == [] and r["winners"] == [] and r["ballots"] == 2
    assert state.election == 2 and state.starter == 0
    assert "left without a government" in " ".join(texts(state, kind="stalemate"))
    assert MAX_BALLOTS == 10 and BINDING_BALLOT == 3


# -- negotiation in rounds (the text: free talks) and no stalling on purpose --------------------


def rose_yellow_ballot(state):
    """Ballot of the resignation-and-stalemate walkthrough: Rose 12 + Yellow 12 left, only Rose+Yellow legal."""
    act(state, "play rose-12", "play rose-x2", "play resign-1 rose-x2", "play black-12", "play yellow-12",
        "play resign-2 black-12")
    assert state.phase == "propose" and state.coalitions


def test_a_declined_coalition_can_come_back_in_a_later_round():
    state = walkthrough("resignation-and-stalemate", upto=10)
    assert state.ballot == 1 and state.neg_round == 2 and state.actor() == 0
    assert "Round 2 of proposals" in texts(state)[-1]
    assert state.legal_actions(0) == ["propose rose+yellow", "pass"]
    act(state, "propose rose+yellow", "accept")
    r = state.results[0]
    assert r["government"] == ["rose", "yellow"] and r["ballots"] == 1


def test_the_negotiation_ends_when_a_round_brings_nothing_new():
    state = walkthrough("resignation-and-stalemate", upto=10)
    act(state, "propose rose+yellow", "decline")  # a repeat: not new
    act(state, "pass")
    assert state.ballot == 2 and state.phase == "play"
    assert "Round 2 brought no coalition that was not proposed before: the negotiation has failed." in texts(state)


def test_a_round_of_passes_only_is_a_stalemate_at_once():
    state = walkthrough("resignation-and-stalemate", upto=6)
    act(state, "pass", "pass")
    assert state.ballot == 2 and "Every chair has had a turn and nobody proposed a coalition." in texts(state)


def test_the_rounds_are_bounded_by_the_number_of_coalitions():
    for seed in range(40):
        state = GAME.new(5, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if state.phase == "answer":
                action = "decline"
            elif state.phase == "propose":
                action = rng.choice(legal)
            else:
                action = rng.choice(legal)
            state.apply(seat, action)
            if state.phase in ("propose", "answer"):
                assert state.neg_round <= len(state.coalitions) + 1
        assert all(r["government"] or r["ballots"] == MAX_BALLOTS for r in state.results)


def test_from_the_binding_ballot_a_chair_cannot_stall():
    """A chair who declines everything cannot keep a country without a government:
    on ballot BINDING_BALLOT the first chair with a legal coalition must propose
    one and it governs without answers."""
    state = walkthrough("resignation-and-stalemate", upto=12)
    assert state.ballot == 2
    rose_yellow_ballot(state)
    act(state, "propose rose+yellow", "decline", "propose rose+yellow", "decline", "pass", "pass")
    assert state.ballot == 3
    rose_yellow_ballot(state)
    assert state.binding and state.legal_actions(0) == ["propose rose+yellow"]
    assert "the negotiation binds" in texts(state)[-1]
    view = state.view(0)
    assert view["negotiation"]["binding"] is True and view["negotiation"]["round"] == 1
    act(state, "propose rose+yellow")
    r = state.results[0]
    assert r["government"] == ["rose", "yellow"] and r["ballots"] == 3


# -- steps 8 and 9: victory points -------------------------------------------------------------------


def entries(*items):
    return [{"seat": s, "party": p, "value": v, "key": card_key(kind, high), "high": f"{p} {high}"}
            for s, p, v, kind, high in items]


def test_vp_by_number_of_winners_and_rank():
    vp, lines = award(entries((0, "rose", 13, "number", 8), (1, "black", 9, "number", 9),
                              (2, "rose", 4, "number", 4)), VP_TABLE["spain"][3])
    assert vp == {0: 4, 1: 3, 2: 1}


def test_the_tie_broken_by_the_highest_card():
    vp, lines = award(entries((1, "yellow", 12, "number", 8), (0, "rose", 12, "number", 12)), (5, 3))
    assert vp == {0: 5, 1: 3}
    state = walkthrough("victory-points")
    assert state.results[1]["winners"] == [
        {"seat": 0, "party": "rose", "value": 12, "vp": 3},
        {"seat": 1, "party": "yellow", "value": 12, "vp": 2},
        {"seat": 2, "party": "rose", "value": 10, "vp": 1},
    ]


def test_spains_unbreakable_tie_is_split_and_rounded_down():
    vp, lines = award(entries((0, "black", 10, "number", 10), (1, "brown", 10, "number", 10),
                              (2, "black", 2, "number", 2)), VP_TABLE["spain"][3])
    assert vp == {0: 3, 1: 3, 2: 1}
    assert "(4 + 3) ÷ 2 = 3.5, rounded down: 3 VP each" in lines[0]
    state = walkthrough("victory-points", upto=8)
    assert [w["vp"] for w in state.results[0]["winners"]] == [3, 3, 1]


def test_two_cards_of_one_party_add_up():
    state = walkthrough("party-chairs")
    got = {w["seat"]: (w["value"], w["vp"]) for w in state.results[0]["winners"]}
    assert got == {4: (12, 5), 1: (12, 4), 0: (11, 3), 2: (11, 1)}


def test_a_player_in_two_coalition_parties_chooses_one():
    state = walkthrough("victory-points", upto=16)
    assert state.phase == "choose" and state.to_act() == [2]
    assert state.legal_actions(2) == ["score rose", "score yellow"]
    other = state.clone()
    act(other, "score yellow")
    assert {w["seat"]: w["vp"] for w in other.results[1]["winners"]} == {0: 2, 2: 2, 1: 1}
    act(state, "score rose")
    assert state.vp[2]["rose"] == 1 and state.vp[2]["yellow"] == 0


def test_vp_are_recorded_per_player_per_party():
    state = walkthrough("majority-and-doubler")
    assert state.vp[2] == dict.fromkeys(PARTIES, 0) | {"rose": 6, "purple": 4}
    assert state.vp[1]["rose"] == 3 and state.vp[1]["purple"] == 2
    assert state.vp[0]["red"] == 7


def test_the_winning_side_is_every_player_with_a_politician_in_the_government():
    state = walkthrough("minimal-winning")
    r = state.results[0]
    assert sorted(w["seat"] for w in r["winners"]) == [0, 1, 2, 3, 4, 5]
    assert sorted((w["vp"] for w in r["winners"]), reverse=True) == list(VP_TABLE["netherlands"][6])


# -- after the election: the re-deal ------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 5, 7])
def test_the_round_ends_with_one_card_each_and_everything_is_redealt(players):
    per, rounds, each = DEAL_TABLE[players]
    for state, seat, action in random_steps(players, 31):
        if state.round == 1:
            assert all(len(h) >= 1 for h in state.hands)
            continue
        assert state.election == each + 1 and state.plays == []
        assert [len(h) for h in state.hands] == [per] * players
        assert state.discard == [] and len(state.set_aside) == 56 - per * players
        assert sorted(all_cards(state)) == sorted(DECK)
        assert any("Each player discards their last card" in t for t in texts(state, kind="deal"))
        return


def test_hands_shrink_by_two_per_election_and_not_on_a_stalemate():
    sizes = {}
    for state, seat, action in random_steps(5, 2):
        if state.phase == "play" and not state.plays:
            sizes.setdefault((state.election, state.ballot), [len(h) for h in state.hands])
    for (election, ballot), hands in sizes.items():
        k = (election - 1) % 4
        assert hands == [9 - 2 * k] * 5


def test_explicit_redeals_are_used():
    state = walkthrough("bonus-round", upto=40)
    rec = GAME.walkthroughs()["bonus-round"]
    assert state.round == 2 and state.hands == rec["deal"]["redeals"][0]["hands"]


# -- the bonus round -----------------------------------------------------------------------------


def vp_table(*rows):
    return [dict(dict.fromkeys(PARTIES, 0), **row) for row in rows]


def test_bonus_round_with_a_tie_between_parties():
    vp = vp_table({"rose": 10, "black": 8}, {"black": 8, "yellow": 5}, {"green": 5, "red": 2})
    b = bonus_round(vp, 3)
    assert b["shares"] == {"rose": 10, "black": 16, "yellow": 5, "green": 5, "red": 2, "purple": 0, "brown": 0}
    assert b["bonus"]["black"] == 7 and b["bonus"]["rose"] == 6
    assert b["bonus"]["yellow"] == b["bonus"]["green"] == 5
    assert b["bonus"]["red"] == 3, "two parties at 5: nobody gets 4"
    assert b["chiefs"]["black"] == [0, 1] and b["chiefs"]["purple"] == []
    assert b["paid"] == [4 + 6, 4 + 5, 5 + 3]  # co-chiefs: 7 / 2 rounded up = 4
    assert b["scores"] == [18 + 10, 13 + 9, 7 + 8]


def test_bonus_co_chiefs_round_up_and_parties_without_vp_pay_nobody():
    vp = vp_table({"rose": 3}, {"rose": 3}, {"rose": 3})
    b = bonus_round(vp, 3)
    assert b["chiefs"]["rose"] == [0, 1, 2] and b["paid"] == [3, 3, 3]
    assert b["bonus"]["black"] == 6 and b["chiefs"]["black"] == []  # six parties tie at 0, nobody to pay


def test_the_bonus_round_of_a_whole_game():
    state = walkthrough("bonus-round")
    out = state.outcome()
    assert out.scores == [50, 29, 54] and out.winners == [2]
    d = out.details
    assert d["shares"]["rose"] == d["shares"]["brown"] == 18
    assert d["bonus"]["rose"] == d["bonus"]["brown"] == 5 and 4 not in d["bonus"].values()
    assert sum(d["shares"].values()) == 100
    assert d["chiefs"]["yellow"] == [0, 1, 2] and d["chiefs"]["rose"] == [0, 2]
    assert out.summary == "{p2} wins with 54 points (36 VP + 18 bonus)."
    assert state.to_act() == [] and state.legal_actions(0) == []


def test_a_tie_for_most_points_shares_the_win():
    state = GAME.new(3, seed=1)
    state.vp = vp_table({"rose": 10}, {"black": 10}, {"green": 5})
    state._finish()
    out = state.outcome()
    assert out.scores == [17, 17, 10] and out.winners == [0, 1]
    assert out.summary == "{p0} and {p1} share the win with 17 points."


# -- the game as a whole ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 9))
def test_random_games_have_twelve_elections_and_keep_the_tables(players):
    for seed in range(3):
        state = random_game(players, seed)
        assert len(state.results) == 12
        assert sorted(r["country"] for r in state.results) == sorted(COUNTRY_IDS)
        for r in state.results:
            got = sum(w["vp"] for w in r["winners"])
            assert got <= COUNTRY_TOTALS[r["country"]]
            if r["government"]:
                assert r["votes"] and sum(r["votes"].values()) == r["total"]
                assert r["majority"] == majority(r["total"])
                assert len(r["winners"]) >= 1
        assert sum(sum(v.values()) for v in state.vp) == sum(sum(w["vp"] for w in r["winners"]) for r in state.results)
        assert sorted(all_cards(state)) == sorted(DECK)


def test_the_json_round_trip_mid_game_plays_on_identically():
    steps = random_steps(6, 4)
    for k, (state, seat, action) in enumerate(steps):
        if k == 90:
            copy = GAME.from_json(json.loads(json.dumps(state.to_json())))
            assert copy.to_json() == state.to_json()
            break
    rng = Rng(1)
    while not state.is_over():
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        assert copy.legal_actions(seat) == state.legal_actions(seat)
        state.apply(seat, action)
        copy.apply(seat, action)
    assert frozen(copy) == frozen(state)


@pytest.mark.parametrize("data", [None, 3, "x", {"game": "election-day"}, {"game": "koalition"}])
def test_from_json_rejects_garbage(data):
    with pytest.raises(RecordError):
        GAME.from_json(data)


def test_no_action_after_the_game_is_over():
    state = walkthrough("bonus-round")
    assert_illegal(state, 0, "pass", "game is over")


# -- the log, hidden information, undo flags ------------------------------------------------------------


def test_each_player_is_told_their_hand_privately():
    state = GAME.new(4, seed=2)
    for seat in range(4):
        mine = texts(state, seat, kind="private")
        assert len(mine) == 1 and mine[0].startswith("You are dealt: ")
    assert texts(state, None, kind="private") == []


def test_views_hide_other_hands_the_set_aside_cards_and_the_country_order():
    state = GAME.new(5, seed=8)
    for seat in [None, 0, 3]:
        v = state.view(seat)
        text = json.dumps(v)
        hidden = {c for s, h in enumerate(state.hands) if s != seat for c in h} | set(state.set_aside)
        assert not [c for c in hidden if f'"{c}"' in text or f"{c} " in text]
        assert v["countries_left"] == sorted(state.stack)
        assert "hands" not in v and "stack" not in v and "set_aside" not in v
        assert v["set_aside_count"] == len(state.set_aside)
        assert v["hand"] == (None if seat is None else state.hands[seat])


def test_undo_flags_playing_shows_a_card_and_a_new_country_reveals():
    state = walkthrough("majority-and-doubler", upto=7)
    act(state, "play yellow-10")  # the last card: Rose governs, Italy is turned over
    assert state.shown and state.revealed
    act(state, "play purple-x2")
    assert state.shown and not state.revealed
    state = walkthrough("party-chairs", upto=11)
    act(state, "accept")
    assert state.revealed and not state.shown


def test_the_log_explains_the_chairs_the_majority_and_the_vp():
    state = walkthrough("party-chairs")
    log = " ".join(texts(state))
    assert "Total 80; absolute majority 80 ÷ 2 = 40, + 1 = 41." in log
    assert "Yellow (24): {p1} 12 (Yellow 8 + Yellow 4), {p4} 12 (Yellow 12)." in log
    assert "Place 2: {p1}, Yellow 12 (highest card Yellow 8): 4 VP." in log
    assert "4 players on the winning side: France pays 5, 4, 3, 1." in log


def test_labels_describe_the_actions():
    state = walkthrough("rose-and-brown", upto=6)
    assert state.label(0, "propose purple+brown") == "Propose Purple + Brown (22 votes)"
    assert state.label(0, "pass") == "Make no proposal"
    state = dealt(3, [["colorino", "resign-1"], ["rose-12"], []])
    assert state.label(0, "play colorino red") == "Play Gaudino Colorino for Red"
    assert state.label(0, "play resign-1") == "Play a Resignation (no politician in play)"
    state = walkthrough("victory-points", upto=16)
    # the choice previews its victory points (the rules' example: Rose 10 ranks third, Yellow 12 ties first)
    assert state.label(2, "score rose") == "Score with Rose: 1 VP"
    assert state.label(2, "score yellow") == "Score with Yellow: 2 VP"


def test_a_single_legal_action_is_forced():
    state = dealt(3, [["green-9a", "green-9b"], [], []])
    while len(state.hands[0]) > 2:
        state.hands[0].pop()
    state.forget_legal()
    assert state.legal_actions(0) == ["play green-9a"]
    assert state.auto_action() == (0, "play green-9a")


def test_the_view_carries_the_live_count_at_every_point():
    # the count of the votes, their total and the majority are facts of the
    # view from the first card on, so that a renderer never works them out
    for seed in range(4):
        state = GAME.new(3 + seed, seed=seed)
        rng = Rng(mix(seed, 0xC0))
        while not state.is_over():
            seat = state.to_act()[0]
            v = state.view(seat)
            count = v["count"]
            if state.count is not None:
                assert count == state.count and v["counted"]
                assert count["votes"] is not state.count["votes"]
            else:
                totals = values_of(state.plays)[1]
                total = sum(totals.values())
                assert not v["counted"]
                assert count == {"votes": dict(totals), "total": total, "majority": majority(total)}
                assert count["votes"] == v["votes"]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for summary, r in zip(state.view(0)["results"], state.results):
            assert (summary["votes"], summary["total"], summary["majority"]) == (r["votes"], r["total"],
                                                                               r["majority"])


# -- the walkthroughs: one for each worked example -------------------------------------------------


def test_walkthroughs_cover_every_worked_example():
    names = set(GAME.walkthroughs())
    assert {"majority-and-doubler", "party-chairs", "rose-and-brown", "minimal-winning", "victory-points",
            "bonus-round", "green-tie", "resignation-and-stalemate"} <= names
    for name, rec in GAME.walkthroughs().items():
        assert rec["deal"] and rec["seed"] is None and rec["captions"]["0"]


def test_walkthrough_majority_and_doubler():
    state = walkthrough("majority-and-doubler", upto=7)
    values, totals = values_of(state.plays)
    assert values[-1] == 34 and values[5] == 12  # examples A and B
    state = walkthrough("majority-and-doubler")
    assert [(r["total"], r["majority"]) for r in state.results] == [(102, 52), (87, 44)]
    assert state.results[1]["government"] == ["red", "purple"]


def test_walkthrough_minimal_winning():
    state = walkthrough("minimal-winning", upto=12)
    assert state.count == {"votes": dict.fromkeys(PARTIES, 0) | {"red": 28, "yellow": 26, "black": 23,
                                                                "green": 15, "brown": 1},
                           "total": 93, "majority": 47}
    assert sorted(state.legal_actions(2)) == ["pass", "propose black+red", "propose yellow+red"]
    assert_illegal(state, 2, "propose black+green+red", "not a legal coalition")
    assert_illegal(state, 2, "propose black+red+yellow", "not a legal coalition")
    state = walkthrough("minimal-winning")
    assert state.results[0]["government"] == ["black", "red"]


def test_walkthrough_rose_and_brown():
    state = walkthrough("rose-and-brown")
    assert state.results[0]["government"] == ["rose", "black", "purple"]
    assert {w["seat"]: w["vp"] for w in state.results[0]["winners"]} == {1: 4, 2: 2}


# -- the bot -------------------------------------------------------------------------------


def hidden_shuffle(data, seat):
    """The same game from `seat`'s point of view, with everything it cannot
    see changed: two other hands trade a card, the set-aside cards and the
    country stack are reversed."""
    others = [s for s in range(data["players"]) if s != seat and data["hands"][s]]
    if len(others) >= 2:
        a, b = others[:2]
        ha, hb = data["hands"][a], data["hands"][b]
        ha[0], hb[-1] = hb[-1], ha[0]
        ha.sort(key=DECK.index)
        hb.sort(key=DECK.index)
    data["set_aside"].reverse()
    data["stack"].reverse()
    return data


def test_bot_decisions_depend_only_on_the_view():
    checked = changed = 0
    for players, seed in ((3, 1), (5, 2), (8, 3)):
        m = Match.new("koalition", make_players(["bot"] * players, levels=["good", "random"] * 4), seed=seed)
        for _ in range(80):
            if m.is_over():
                break
            seat = m.to_act()[0]
            state = m.state
            other = GAME.State.from_json(hidden_shuffle(state.to_json(), seat))
            if json.dumps(other.to_json()) != json.dumps(state.to_json()):
                changed += 1
            # A trade between hands is visible only in hand sizes, which stay equal.
            assert other.view(seat) == state.view(seat)
            step = len(m.record["moves"])
            for level in GAME.bots:
                assert decide(GAME, level, other, seat, step, seed) == decide(GAME, level, state, seat, step, seed)
            checked += 1
            m.step()
    assert checked > 150 and changed > checked // 2


def test_the_good_bot_beats_random_bots():
    stats, _ = arena(GAME, ["good", "random", "random", "random", "random"], 30, first_seed=500)
    good = stats["good"]["wins"] / stats["good"]["seats"]
    rand = stats["random"]["wins"] / stats["random"]["seats"]
    assert good >= 0.5 and good >= 4 * rand, (good, rand)


def test_the_good_bot_ends_games_against_itself():
    for players in (3, 8):
        m = Match.new("koalition", make_players(["bot"] * players, levels=["good"] * players), seed=players)
        m.advance(limit=5000)
        assert m.is_over()
        assert max(r["ballots"] for r in m.state.results) < MAX_BALLOTS


# -- golden tests ------------------------------------------------------------------------------


def _golden(name, compute):
    return golden(GOLDEN, name, compute)


def perft(state, depth):
    """Numbers of legal action sequences of each length 1..depth (an explicit
    stack, no recursion)."""
    counts = [0] * depth
    stack = [(state, 0)]
    while stack:
        st, d = stack.pop()
        seat = st.to_act()[0]
        for action in st.legal_actions(seat):
            child = st.clone()
            child.apply(seat, action)
            counts[d] += 1
            if d + 1 < depth and not child.is_over():
                stack.append((child, d + 1))
    return counts


PERFT_POSITIONS = {  # name -> (players, seed, random moves first, depth)
    "3p-seed1-start": (3, 1, 0, 3),
    "5p-seed2-start": (5, 2, 0, 3),
    "8p-seed3-after-15": (8, 3, 15, 3),
    "4p-seed4-after-9": (4, 4, 9, 3),
}


def _perft_all():
    out = {}
    for name, (players, seed, prefix, depth) in PERFT_POSITIONS.items():
        for k, (state, _, _) in enumerate(random_steps(players, seed)):
            if k == prefix:
                break
        out[name] = {"phase": state.phase, "to_act": state.to_act()[0], "sequences": perft(state, depth)}
    return out


def test_golden_perft():
    data, expected = _golden("perft.json", _perft_all)
    assert data == expected


PLAYTHROUGHS = [(3, 1), (5, 3), (8, 6)]


def _playthroughs():
    games = []
    for players, seed in PLAYTHROUGHS:
        argv = ["play", "koalition", "--players", str(players), "--seed", str(seed), "--json"]
        out = io.StringIO()
        assert cli_main(argv, out=out) == 0
        result = json.loads(out.getvalue())
        games.append({"argv": argv[1:], "moves": result["record"]["moves"], "scores": result["scores"],
                      "winners": result["winners"], "summary": result["summary"]})
    return games


def test_golden_playthroughs():
    data, expected = _golden("playthroughs.json", _playthroughs)
    assert len(data) == len(expected)
    for got, want in zip(data, expected):
        assert got["argv"] == want["argv"]
        assert got["moves"] == want["moves"], f"the bots play differently: {' '.join(got['argv'])}"
        assert got["scores"] == want["scores"] and got["winners"] == want["winners"]
        assert got["summary"] == want["summary"]


def test_golden_playthroughs_replay_from_the_stored_moves():
    expected = json.loads((GOLDEN / "playthroughs.json").read_text(encoding="utf-8"))
    for game in expected:
        players, seed = int(game["argv"][2]), int(game["argv"][4])
        state = GAME.new(players, seed=seed)
        for seat, action in game["moves"]:
            state.apply(seat, action)
        assert state.is_over() and state.outcome().scores == game["scores"]


def test_the_table_names_the_unbound_party_not_always_green():
    from app.games.koalition import party_bars

    state = dealt(3, [["rose-12"], ["black-12"], ["colorino"]], countries=("spain",))
    view = state.view(0)
    view["unbound"] = ["rose"]
    html = party_bars(view)
    assert "unbound: each Rose player joins on their own" in html and "each Green player" not in html


def test_the_guide_words_points_the_rule_text_left_open():
    text = {it["title"]: it["text"] for it in GAME.guide()["interpretations"]}
    rules = " ".join(p for sec in GAME.guide()["rules"] for p in sec["paragraphs"])
    assert "seat 0, the first player listed, is the oldest player" in text["Seats, age and the first starting player"]
    assert "only one other card in play" not in text["The Doubler"]
    assert "or a card of another party" in text["The Doubler"]
    assert "three at 5: nobody gets 4 or 3" in rules
    assert "the text does" in text["Gaudino Colorino"]
    assert f"from ballot {BINDING_BALLOT}" in text["Stalemates and re-elections"]
    assert "a whole round brings no coalition that was not proposed before" in text["The negotiation protocol"]


def test_for_a_resignation_colorino_is_a_plain_7_while_for_the_chair_he_outranks_7s():
    """Point 17: the text ranks Colorino above other 7s only for the chair; a
    Resignation's player chooses among cards of 'the same highest value'."""
    state = dealt(3, [["colorino", "rose-3"], ["black-7", "rose-4"], ["resign-1", "yellow-2"]])
    act(state, "play colorino red", "play black-7")
    resignations = sorted(a for a in state.legal_actions(2) if a.startswith("play resign"))
    assert resignations == ["play resign-1 black-7", "play resign-1 colorino"]


def test_the_negotiation_view_lists_who_may_govern_together():
    # every coalition the chair may propose is one that may govern, and the table shows them all
    from app.games import koalition as renderer
    from app.frame import TableContext

    state = walkthrough("rose-and-brown", upto=6)
    chair = state.to_act()[0]
    proposals = {a.split(" ", 1)[1] for a in state.legal_actions(chair) if a.startswith("propose ")}
    view = state.view(chair)
    possible = view["negotiation"]["possible"]
    assert proposals and proposals <= set(possible) and len(possible) > len(proposals)
    votes = {u["label"]: u["votes"] for u in view["negotiation"]["units"]}
    need = view["count"]["majority"] if view.get("count") else None
    for text in possible:
        total = sum(votes[lb] for lb in text.split("+"))
        assert need is None or total >= need
        # minimal: without any one of its parties it falls short
        assert need is None or all(total - votes[lb] < need for lb in text.split("+"))
    view["names"] = [f"P{i}" for i in range(state.players)]
    html = renderer.negotiation(view) if hasattr(renderer, "negotiation") else renderer.parts(
        view, TableContext(seat=chair, game_id="koalition")).board
    assert html.count("<li>", html.index("data-possible")) >= len(proposals)


def test_identical_cards_show_once_with_their_count():
    from app.games import koalition as renderer
    from app.frame import TableContext

    state = dealt(3, [["green-9a", "green-9b", "rose-12"], [], []])
    view = state.view(0)
    view["names"] = ["A", "B", "C"]
    view["labels"] = {a: state.label(0, a) for a in view["legal"]}
    html = renderer.parts(view, TableContext(interactive=True, seat=0, game_id="koalition")).hand
    # one button for the two Green 9s (they play alike), the second face stacked
    # beside it (so the hand shows as many faces as it holds), none looking unplayable
    assert html.count('data-action="play green-9a"') == 1 and 'data-action="play green-9b"' not in html
    assert html.count('data-card="green-9b"') == 1 and 'data-twins="2"' in html
    # no "×2" badge on the pair: that is the Doubler's own mark
    twins = html[html.index('<span class="twin-cards"'):html.index('data-card="green-9b"')]
    assert "×2" not in twins and "x2" not in twins
    assert html.count('data-action="play rose-12"') == 1


# -- the hard level (sampler.py) -----------------------------------------------------


def _decisions(players, seed, phases):
    """(state, seat, step) at each decision in `phases` of a game between normal bots."""
    m = Match.new("koalition", make_players(["bot"] * players, levels=["normal"] * players), seed=seed)
    while not m.is_over():
        if m.state.auto_action() is None and m.state.phase in phases:
            yield m.state, m.to_act()[0], len(m.record["moves"])
        m.step()


def test_the_hard_sampler_completes_the_negotiation_as_the_true_state_has_it():
    """After the vote, the completed state holds the true one's count, chairs,
    negotiation (units, coalitions, proposal, history, whether the round
    brought a coalition not proposed before) and choices, so that every
    action of the seat leads on as it would in the true game."""
    from coalitions.games.koalition.sampler import sample

    fields = ("count", "chairs", "ties", "tie_answers", "unbound", "units", "coalitions", "proposer", "proposal",
              "history", "neg_round", "fresh", "binding", "government", "options_of", "choosers", "chosen", "plays",
              "vp")
    after = ("phase", "units", "proposer", "proposal", "history", "neg_round", "fresh", "government", "chosen",
             "vp", "election", "ballot")
    phases = Counter()
    for players, seed in ((3, 4), (4, 5), (6, 6)):
        for state, seat, step in _decisions(players, seed, ("tie", "propose", "answer", "choose")):
            true = state.to_json()
            data = sample(state.view(seat), Rng(step))
            assert data is not None
            assert {k: data[k] for k in fields} == {k: true[k] for k in fields}
            for action in state.legal_actions(seat):
                guess, real = GAME.State.from_json(json.loads(json.dumps(data))), GAME.State.from_json(true)
                guess.apply(seat, action)
                real.apply(seat, action)
                g, r = guess.to_json(), real.to_json()
                assert {k: g[k] for k in after} == {k: r[k] for k in after}, action
            phases[state.phase] += 1
    assert phases["propose"] > 5 and phases["answer"] > 5 and phases["choose"], phases


def test_the_hard_bot_plays_cards_as_the_normal_bot_with_more_samples_and_searches_the_rest():
    """Every card but an election's last is played by the sampled forecast;
    the last card (nothing is played after it) and every decision after the
    vote are searched."""
    from coalitions.core.search import SearchBot
    from coalitions.games.koalition.bots import GoodBot
    from coalitions.games.koalition.sampler import SAMPLES, SPEC, SampledBot

    hard = GAME.bots["hard"]
    assert issubclass(hard, SearchBot) and SPEC.fallback is SampledBot
    assert SAMPLES > 1 and SampledBot.forecasts == SAMPLES * GoodBot.forecasts
    cards = searched = last = 0
    for state, seat, step in _decisions(4, 9, ("play", "propose", "answer")):
        view = state.view(seat)
        if state.phase == "play" and len(view["table"]) < 2 * view["players"] - 1:
            assert SPEC.sample(view, Rng(step)) is None
            if cards < 6:
                assert hard(Rng(step)).choose(view, view["legal"]) == \
                    SampledBot(Rng(step).fork(1)).choose(view, view["legal"])
                cards += 1
        else:
            data = SPEC.sample(view, Rng(step))
            assert data is not None
            guess = GAME.from_json(data).view(seat)
            assert {k: v for k, v in guess.items() if k != "log"} == {k: v for k, v in view.items() if k != "log"}
            last += state.phase == "play"
            searched += 1
    assert cards == 6 and searched > 3 and last > 0


# -- further checks against the rule text, sentence by sentence ---------------------------------------


@pytest.mark.parametrize("players", [4, 6, 8])
def test_each_table_row_redeals_after_its_round(players):
    """'3-4: 13 cards, 2 rounds of 6; 5-6: 9, 3 x 4; 7-8: 7, 4 x 3' (the rows the
    other test leaves out): a round ends with one card in each hand, then the
    whole deck is dealt again."""
    per, rounds, each = DEAL_TABLE[players]
    for state, seat, action in random_steps(players, 17):
        if state.round == 1:
            assert all(len(h) >= 1 for h in state.hands)
            assert state.election <= each
            continue
        assert state.election == each + 1 and state.plays == []
        assert [len(h) for h in state.hands] == [per] * players
        assert len(state.set_aside) == 56 - per * players
        assert sorted(all_cards(state)) == sorted(DECK)
        return
    raise AssertionError("the game never reached round 2")


def test_two_doublers_of_the_same_highest_value_leave_the_choice_to_the_resignation():
    """'When two or more cards share the same highest value, the player of the
    resignation card has the opportunity to choose' - also between two Doublers,
    each of which outranks the 12 it equals."""
    state = dealt(3, [["rose-12", "black-12"], ["rose-x2", "black-x2"], ["resign-1", "red-1"]])
    act(state, "play rose-12", "play rose-x2", "play red-1", "play black-12", "play black-x2")
    resignations = sorted(a for a in state.legal_actions(2) if a.startswith("play resign"))
    assert resignations == ["play resign-1 black-x2", "play resign-1 rose-x2"]
    act(state, "play resign-1 black-x2")  # the last card: the vote follows
    assert state.results[0]["votes"]["black"] == 12 and state.results[0]["votes"]["rose"] == 24


def test_three_players_tied_on_value_and_card_share_their_three_places():
    """'the victory points are divided ... and rounded down. This amount is given
    to each player involved in the tie', for a tie of three."""
    row = VP_TABLE["germany"][3]
    vp, lines = award(entries((0, "green", 9, "number", 9), (1, "green", 9, "number", 9),
                              (2, "green", 9, "number", 9)), row)
    assert vp == {0: sum(row) // 3, 1: sum(row) // 3, 2: sum(row) // 3}
    assert "rounded down" in lines[0]


def test_three_tied_parties_skip_two_bonus_levels():
    """'skip one bonus point level for each tied party'."""
    vp = vp_table({"rose": 30, "black": 20}, {"yellow": 20, "green": 20}, {"red": 10})
    b = bonus_round(vp, 3)
    assert b["bonus"]["rose"] == 7
    assert b["bonus"]["black"] == b["bonus"]["yellow"] == b["bonus"]["green"] == 6
    assert b["bonus"]["red"] == 3


def test_a_stalemate_repeats_the_same_country_with_the_same_starting_player():
    """'a new election is called immediately ... The new election follow the
    normal rules (step 2 on)': no new country card and no new starting player,
    also when the starting player is not the oldest."""
    state = dealt(3, [["yellow-2", "green-3a", "yellow-12", "yellow-10"],
                      ["red-1", "purple-2", "brown-10", "brown-7"],
                      ["black-12", "black-10", "rose-12", "rose-11"]], countries=("germany", "france"))
    act(state, "play yellow-2", "play red-1", "play black-12", "play green-3a", "play purple-2", "play black-10")
    assert state.results[0]["government"] == ["black"] and state.starter == 2
    assert state.country == "france" and state.to_act() == [2]
    act(state, "play rose-12", "play yellow-12", "play brown-10", "play rose-11", "play yellow-10", "play brown-7")
    assert state.count["majority"] == 32 and state.chairs == {"rose": 2, "yellow": 0, "brown": 1}
    act(state, "propose rose+yellow", "decline", "pass", "pass", "pass")
    assert state.ballot == 2 and state.country == "france" and state.starter == 2 and state.to_act() == [2]
    assert {"rose-12", "rose-11"} <= set(state.hands[2]) and {"brown-10", "brown-7"} <= set(state.hands[1])
    assert len(state.results) == 1
