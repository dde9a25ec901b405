"""The hint's one-line reason (py/app/hint.py, each game's hints.py) in
Koalition, Alliances and Die Macher: at the decisions of seeded games, the
line of every legal action is one plain line, the same for two states that
differ only in what the seat cannot see, never names the seat's own party
where that would tell it to an onlooker, and says what the move does, as
the rules then count it."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter

import pytest

from app import hint
from coalitions.core.match import Match
from coalitions.core.records import make_players
from coalitions.core.rng import Rng
from coalitions.registry import get_game


def decisions(game_id, players, seed, options=None, limit=500, levels=None):
    """(state, seat) at every decision of a seeded game of random bots (or
    `levels`), the state a clone the caller may change."""
    kinds = ["bot"] * players
    m = Match.new(game_id, make_players(kinds, levels=levels or ["random"] * players), options or {}, seed=seed)
    rng = Rng(seed)
    state = m.state
    for _ in range(limit):
        if state.is_over():
            return
        auto = state.auto_action()
        if auto is not None:
            state.apply(*auto)
            continue
        seat = state.to_act()[0]
        yield state.clone(), seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def scrambled(state, seat):
    """The same game seen from `seat` with its hidden information changed:
    two other seats' hands (or one and the face-down reserve, with 2
    players) trade a card and the next random draws differ; None if no such
    trade keeps the seat's view."""
    data = state.to_json()
    piles = [("hands", s) for s in range(data["players"]) if s != seat and data["hands"][s]]
    if isinstance(data.get("reserve"), list) and data["reserve"]:
        piles.append(("reserve", None))

    def pile(d, where):
        return d[where[0]] if where[1] is None else d[where[0]][where[1]]

    for i, a in enumerate(piles):
        for b in piles[i + 1:]:
            for ca in pile(data, a):
                for cb in pile(data, b):
                    if ca == cb:
                        continue
                    trial = json.loads(json.dumps(data))
                    ha, hb = pile(trial, a), pile(trial, b)
                    ha[ha.index(ca)], hb[hb.index(cb)] = cb, ca
                    trial["rng"] = Rng(int(data["rng"], 16) ^ 0x5A5A).to_json()
                    other = type(state).from_json(trial)
                    if other.view(seat) == state.view(seat):
                        return other
    return None


def check_lines(state, seat, kinds, hidden):
    """Every legal action's line at this decision: one line, the same with
    the hidden information changed (every few decisions). Returns the view."""
    view = state.view(seat)
    lines = {a: hint.reason(view, a) for a in view["legal"]}
    for action, line in lines.items():
        kind = action.split(" ")[0]
        kinds[kind] += 1
        assert isinstance(line, str) and line.strip() and "\n" not in line and len(line) < 320, (action, line)
        assert "{p" not in line  # no log placeholder of a seat
    if hidden is not None:
        other = scrambled(state, seat)
        if other is not None:
            assert json.dumps(other.to_json()) != json.dumps(state.to_json())
            assert {a: hint.reason(other.view(seat), a) for a in view["legal"]} == lines
            hidden["compared"] += 1
    return view, lines


def test_the_app_finds_a_games_reason_by_its_package(monkeypatch):
    from coalitions.games.alliances import hints as alliances_hints
    state, seat = next(iter(decisions("alliances", 4, 1)))
    view = state.view(seat)
    action = view["legal"][0]
    assert hint.reason(view, action) == alliances_hints.reason(view, action) is not None
    assert hint.reason(dict(view, game="no-such-game"), action) is None
    assert hint.reason(view, "not an action of this seat") is None
    # a game whose package has no hints module gives no reason: the line says whose choice it is
    monkeypatch.setitem(sys.modules, "coalitions.games.alliances.hints", None)
    assert hint.reason(view, action) is None
    assert hint.GENERIC.replace("'", "&#x27;") in hint.line(view, action)


# -- Koalition --------------------------------------------------------------------------------

def test_koalition_lines_say_what_a_card_or_a_coalition_gives_the_seat():
    from coalitions.games.koalition.data import CARDS, PARTY_NAMES, card_name
    kinds, hidden = Counter(), Counter()
    plays = scored = proposals = 0
    for players in (3, 5, 7):
        for n, (state, seat) in enumerate(decisions("koalition", players, seed=players, limit=700)):
            view, lines = check_lines(state, seat, kinds, hidden if n % 7 == 0 else None)
            for action, line in lines.items():
                words = action.split(" ")
                if words[0] == "play" and CARDS[words[1]]["kind"] == "number":
                    card = CARDS[words[1]]
                    name = PARTY_NAMES[card["party"]]
                    before = view["votes"].get(card["party"], 0)
                    doubler = any(t["card"] == card["party"] + "-x2" and not t["out"] for t in view["table"])
                    gain = card["value"] * (2 if doubler else 1)
                    assert (f"It adds {gain} votes to {name}{', doubled by its Doubler' if doubler else ''} "
                            f"(now {before + gain})" in line
                            if before else line.startswith(f"It brings {name} into play with {gain} vote")), line
                    plays += 1
                elif words[0] == "play" and len(words) == 3 and CARDS[words[1]]["kind"] == "resign":
                    target = next(t for t in view["table"] if t["card"] == words[2] and not t["out"])
                    assert line.startswith("It removes ") and card_name(words[2], target["party"]) in line
                elif words[0] == "propose":
                    # the proposer's own party is in it: the seat is on the winning side
                    assert "you would be on the winning side" in line
                    proposals += 1
                elif words[0] == "score":
                    vp, exact = state.score_preview(seat, words[1])
                    if exact:
                        assert f"With {PARTY_NAMES[words[1]]} you rank " in line
                        assert f": {vp} victory point" in line
                        scored += 1
    assert {"play", "propose", "accept", "decline", "pass", "score"} <= set(kinds)
    assert plays > 500 and proposals > 20 and scored > 3 and hidden["compared"] > 30


# -- Alliances --------------------------------------------------------------------------------

def _clear_win(view, card):
    """A power card of the leading suit above every hand power on the table,
    with no dominant-suit card there or in it: it wins as the table stands."""
    from coalitions.games.alliances.data import IS_SPECIAL, SUIT_OF, VALUE_OF
    if IS_SPECIAL[card] or not view["table"] or view["phase"] != "play":
        return False
    dom, lead = view["dominant"], view["leading"]
    if SUIT_OF[card] != lead or lead == dom or any(e["suit"] == dom for e in view["table"]):
        return False
    return all(VALUE_OF[card] > e["power"] for e in view["table"])


@pytest.mark.parametrize("players,options", [
    (4, {"drafting": True, "secret_meeting": True}), (3, {}), (2, {}), (2, {"exact_bid": True}),
])
def test_alliances_lines_say_when_a_card_wins_the_conflict(players, options):
    from coalitions.games.alliances.data import SUIT_OF, TILES, VALUE_OF, card_name
    kinds, hidden = Counter(), Counter()
    wins = targets = 0
    for n, (state, seat) in enumerate(decisions("alliances", players, seed=players, options=options, limit=450)):
        view, lines = check_lines(state, seat, kinds, hidden if n % 9 == 0 else None)
        for action, line in lines.items():
            words = action.split(" ")
            if words[0] == "play" and _clear_win(view, words[1]):
                assert line.startswith("It wins the conflict as it stands with "
                                       f"{VALUE_OF[words[1]]} "), (action, line)
                wins += 1
            elif words[0] == "target" and line.startswith("Your "):
                said = re.match(r"Your (.+?) beats .+?'s (\w+) defence of (\d+)", line)
                card = next(c for c in view["hand"] if card_name(c) == said.group(1))
                suit = said.group(2).lower()
                assert SUIT_OF[card] == suit and int(said.group(3)) == TILES[words[1]][suit]
                targets += 1
            if view["side"] is not None:
                assert "gold" not in line.lower() and "silver" not in line.lower()
    assert wins > 5 and targets > 5 and hidden["compared"] > 5
    expected = {4: {"draft", "show", "bid", "target", "play"}, 3: {"give", "put", "trump", "target", "play"},
                2: {"play", "target"}}[players]
    assert expected <= set(kinds)


def test_alliances_the_trick_winner_says_so():
    from coalitions.games.alliances.data import IS_SPECIAL, VALUE_OF
    kinds = Counter()
    said = 0
    for state, seat in decisions("alliances", 2, seed=8, limit=120):
        view, lines = check_lines(state, seat, kinds, None)
        if view["phase"] != "trick" or len(view["table"]) != 1:
            continue
        led = view["table"][0]["power"]
        for action, line in lines.items():
            card = action.split(" ")[1]
            if not IS_SPECIAL[card] and len(action.split(" ")) == 2:
                assert line.startswith(f"Your {VALUE_OF[card]} ") or not line.startswith("Your ")
                assert ("wins the trick" in line) == (VALUE_OF[card] > led), (action, line, led)
                said += 1
    assert said > 10


def test_alliances_a_led_trick_card_says_it_leads_and_a_rebels_pair_is_not_a_trump_plan():
    # a card led to an empty drafting trick beats nothing yet: it leads; a
    # Rebel puts down its pair after the Empire called the dominant suit
    led = put = 0
    for state, seat in decisions("alliances", 2, seed=4, limit=60):
        view = state.view(seat)
        if view["phase"] == "trick" and not view["played"]:
            for action in view["legal"]:
                line = hint.reason(view, action)
                assert line.startswith("It leads the trick with ") and "as it stands" not in line, line
                led += 1
    for seed in (3, 4):
        for state, seat in decisions("alliances", 3, seed=seed, limit=200):
            view = state.view(seat)
            for action in view["legal"]:
                if action.startswith(("put ", "give ")):
                    line = hint.reason(view, action)
                    assert ("to make dominant" in line) == action.startswith("give "), (action, line)
                    assert line.startswith(("It is the least", "They are the least", "Giving it", "Giving them")), line
                    put += action.startswith("put ")
    assert led > 5 and put > 2


def test_koalition_a_majority_counts_votes_and_colorino_brings_a_party_in():
    from coalitions.games.koalition.data import PARTY_NAMES
    majorities = colorino = 0
    for players in (3, 5):
        for state, seat in decisions("koalition", players, seed=players, limit=500):
            view = state.view(seat)
            for action in view["legal"]:
                line = hint.reason(view, action) or ""
                said = re.search(r"has a majority \((\d+) of (\d+) votes\)", line)
                if said:
                    assert int(said.group(1)) < int(said.group(2)), line
                    majorities += 1
                words = action.split(" ")
                if words[0] == "play" and words[1] == "colorino" and len(words) == 3:
                    party = words[2]
                    if not view["votes"].get(party):
                        assert line.startswith(f"Gaudino Colorino brings {PARTY_NAMES[party]} into play"), line
                        colorino += 1
                assert not re.search(r"\((\d+) of \1\)", line), line
    assert majorities > 5 and colorino


# -- Die Macher -------------------------------------------------------------------------------

def test_die_macher_lines_count_as_the_rules_do_and_never_name_the_seats_party():
    from coalitions.games.die_macher.data import DONATIONS, PARTIES, PARTY_NAMES
    kinds, hidden = Counter(), Counter()
    rallies = 0
    for players in (3, 4, 5):
        for n, (state, seat) in enumerate(decisions("die-macher", players, seed=players, limit=900)):
            view, lines = check_lines(state, seat, kinds, hidden if n % 11 == 0 else None)
            own = PARTY_NAMES[PARTIES[seat]]
            for action, line in lines.items():
                assert own not in line, (action, line)  # "your party", never its colour
                words = action.split(" ")
                if words[0] == "rally":
                    after = state.clone()
                    after.apply(seat, action)
                    board = next(b for b in after.view(seat)["states"] if b["id"] == words[1])
                    assert int(re.search(r" = (\d+), ", line).group(1)) == board["votes"][seat], (action, line)
                    rallies += 1
                elif words[0] == "refuse":
                    assert f"party base +{DONATIONS[view['donation']][2]}" in line
                elif words[0] == "coalition":
                    assert line.startswith(PARTY_NAMES[words[1]] + " shares ") and "both take 7 VP" in line
                elif words[0] == "bid" and view.get("auction"):
                    assert " by 0" not in line, (action, line)  # an unmoved trend is said in words
                elif words[0] == "accept" and view["step"] == "donation":
                    money, lose, _ = DONATIONS[view["donation"]]
                    assert f"{money},000 €" in line and f"for {lose} point" in line
    assert {"bid", "draw", "take", "media", "rally", "place", "done", "accept", "refuse"} <= set(kinds)
    assert rallies > 50 and hidden["compared"] > 20


def test_die_macher_the_coalition_partner_line_names_the_partner_and_its_points():
    from coalitions.games.die_macher.data import PARTIES, PARTY_NAMES
    seen = 0
    for seed in range(12):
        m = Match.new("die-macher", make_players(["bot"] * 3, levels=["normal"] * 3), {}, seed=seed)
        while not m.is_over() and not seen:
            if m.state.auto_action() is None:
                seat = m.to_act()[0]
                view = m.state.view(seat)
                if view["step"] == "coalition" and len(view["legal"]) > 1:
                    fewest = min(view["vp"][PARTIES.index(a.split(" ")[1])] for a in view["legal"])
                    for action in view["legal"]:
                        party = action.split(" ")[1]
                        vp = view["vp"][PARTIES.index(party)]
                        line = hint.reason(view, action)
                        assert line.startswith(PARTY_NAMES[party] + " shares ") and "both take 7 VP" in line
                        assert f"it has {vp} VP" in line
                        assert ("the fewest of your possible partners" in line) == (vp == fewest)
                    seen += 1
            m.step()
        if seen:
            break
    assert seen
