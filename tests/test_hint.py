""""Suggest a move" (py/app/hint.py): when it is offered, what the worker is
asked (the hard bot, from the person's seat view only), and how the
suggestion is shown."""

from __future__ import annotations

from collections import Counter

import pytest

from app import hint
from app.botworker import request
from coalitions.core.bots import choose
from coalitions.core.match import Match
from coalitions.core.records import make_players
from coalitions.registry import get_game


def match_of(kinds, game="election-day", seed=3):
    return Match.new(game, make_players(kinds), seed=seed)


def first_turn_of(m, seat):
    m.advance()
    while seat not in m.to_act():
        m.apply(m.to_act()[0], m.state.legal_actions(m.to_act()[0])[0])
        m.advance()
    return m


def test_offered_against_bots_by_default_not_in_hot_seat():
    alone = first_turn_of(match_of(["human", "bot", "bot"]), 0)
    assert hint.offered(alone, 0, "auto")
    assert not hint.offered(alone, 0, "off")
    assert not hint.offered(alone, 0, "auto", learner_step=True)  # a walkthrough's learner step
    hot = match_of(["human", "human", "human"])
    seat = hot.to_act()[0]
    assert not hint.offered(hot, seat, "auto") and hint.offered(hot, seat, "on")
    assert not hint.offered(alone, 1, "on")  # a bot's seat
    other = [s for s in range(3) if s not in alone.to_act()][0]
    assert not hint.offered(alone, other, "on")  # not this seat's turn


@pytest.mark.parametrize("game_id", ["election-day", "alliances"])
def test_the_job_is_the_hard_bot_from_the_seat_view(game_id):
    players = get_game(game_id).min_players if game_id != "alliances" else 4
    m = first_turn_of(match_of(["human"] + ["bot"] * (players - 1), game_id), 0)
    job = hint.job(m, 0)
    assert job.level == "hard" and job.seat == 0 and job.view == m.state.view(0)
    sent = request(1, *job.args())
    assert "hands" not in sent["view"]
    action = choose(get_game(game_id), job.level, job.view, 0, job.step, job.seed)
    assert action in m.state.legal_actions(0)


def test_the_line_names_the_suggestion_and_the_control_is_lit():
    m = first_turn_of(match_of(["human", "bot", "bot"]), 0)
    view = m.view(0)
    action = view["legal"][0]
    assert 'data-ui="suggest"' in hint.line(view, None)
    assert "Looking for a move" in hint.line(view, None, thinking=True)
    text = hint.line(view, action)
    assert view["labels"][action].replace("'", "&#x27;") in text and 'data-ui="suggest"' not in text
    assert 'data-ui="suggest"' in hint.line(view, "not a legal action")
    table = f'<div><button class="btn" data-action="{action}">x</button><button data-action="pass">p</button></div>'
    out = hint.lit(table, action)
    assert 'class="hinted btn" data-action' in out and out.count("data-hinted") == 1
    assert hint.lit(table, "nothing here") == table
    twice = table + table
    assert hint.lit(twice, action) == twice  # no single control plays it: nothing is lit


# -- the reason, one line, from the seat's view alone ---------------------------

def election_view(hand, debate, track=None, ace="moons", passes=(0, 0, 0), played=True, counts=None):
    """An Election Day seat's view, as much of it as the bot's reason reads
    (seat 0 of 3; `passes`: each seat's passes in a row)."""
    from coalitions.games.election_day.data import SUITS
    from coalitions.games.election_day.notation import PASS, ace as ace_action, play

    legal = [play(c) for c in hand if not c.startswith("ace-")]
    for c in hand:
        if c.startswith("ace-"):
            legal += [ace_action(c[4:], ace), ace_action(c[4:], c[4:])]
    return {"game": "election-day", "seat": 0, "ace": ace, "hand": list(hand), "legal": legal + [PASS],
            "debate": [list(d) for d in debate], "track": {s: list((track or {}).get(s, [])) for s in SUITS},
            "labels": {}, "passes": list(passes), "hand_counts": list(counts or (len(hand), 5, 5)), "played_this_debate": played,
            "options": {}}


def test_election_day_reasons_say_what_the_move_does_for_the_seats_prince():
    view = election_view(["pact", "savage"], [["author", None]])  # Moons and Knots tied in the debate
    assert hint.reason(view, "play pact") == "It puts your Prince ahead in this debate."
    led = election_view(["pact", "savage"], [["mountain", None], ["journey", 1]])  # Moons leads already
    assert hint.reason(led, "play pact") == "It strengthens your Prince's lead in this debate."
    assert hint.reason(led, "pass").startswith("Your Prince wins this debate as it stands")
    hopeless = election_view(["savage"], [["pact", None], ["mountain", 1], ["diplomat", 2]])
    assert hint.reason(hopeless, "pass").startswith("No card of yours would help your Prince")
    switch = election_view(["ace-suns", "savage"], [], track={"suns": ["pact"]})
    assert hint.reason(switch, "ace suns keep suns") == (
        "The Prince of Suns stands better on the track (9 points) than your Prince.")
    # a play or a pass never names the seat's own Prince (a line may be read over a shoulder)
    for v in (view, led, hopeless, switch):
        for action in v["legal"]:
            if not action.startswith("ace"):
                assert "Moons" not in (hint.reason(v, action) or "")
    assert hint.reason(view, "play darkness") is None  # not a legal action of this view


def test_election_day_reasons_when_a_pass_would_end_the_game():
    # Seats 1 and 2 passed since the last card: seat 0's pass ends the debate,
    # and the game with it, since seat 1 holds no card. Moons leads the
    # debate: a pass wins.
    won = election_view(["savage"], [["mountain", None], ["journey", 1]], passes=(0, 1, 1), counts=(1, 0, 5))
    assert hint.reason(won, "pass") == "Passing ends the game now, and your Prince would be elected."
    # Nothing played, the turned-up Penitent elects nobody: the pass would
    # end the game (nobody played) and lose; a card keeps the debate going.
    lost = election_view(["pact"], [["penitent", None]], passes=(0, 1, 1), played=False)
    assert hint.reason(lost, "play pact") == (
        "Passing now would end the game with your Prince beaten: a card keeps the debate going.")
    # the same debate with a card played in it: the pass ends the debate only
    later = election_view(["pact"], [["penitent", 1]], passes=(0, 1, 1), played=True)
    assert hint.reason(later, "play pact") != hint.reason(lost, "play pact")


def test_the_line_gives_the_reason_or_says_whose_choice_it_is():
    view = election_view(["pact", "savage"], [["author", None]])
    view["labels"] = {"play pact": "Play the Pact"}
    text = hint.line(view, "play pact")
    assert "Play the Pact" in text and "data-hint-reason" in text and "puts your Prince ahead" in text
    assert hint.GENERIC not in text
    # a reason may be long: the line is a <details> whose summary (the part
    # kept short on the table) holds the label and the whole reason
    assert text.startswith("<details") and "<summary>Suggested: <b>Play the Pact</b>. <span data-hint-reason>" in text
    other = dict(view, game="no-such-game")  # a game without a hints module: no reason
    assert "data-hint-reason" not in hint.line(other, "play pact")
    assert hint.GENERIC.replace("'", "&#x27;") in hint.line(other, "play pact")


def coalition_chess_moves(seed=5, plies=60):
    """Views of a Coalition Chess game played by random bots, with a seat to move."""
    from coalitions.core.rng import Rng
    m = match_of(["bot"] * 4, "coalition-chess", seed=seed)
    rng = Rng(seed)
    state = m.state
    for _ in range(plies):
        if state.is_over():
            break
        forced = state.auto_action()
        if forced is not None:
            state.apply(*forced)
            continue
        seat = state.to_act()[0]
        yield state.view(seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_coalition_chess_reasons_name_the_piece_taken_and_the_check():
    from coalitions.games.coalition_chess.data import PIECES, POWER_NAMES, square_of
    from coalitions.games.coalition_chess.position import from_json
    took = quiet = 0
    for view in coalition_chess_moves():
        pos = from_json(view["position"])
        for action in view["legal"]:
            words = action.split(" ")
            if words[0] not in ("move", "answer"):
                assert hint.reason(view, action) is None
                continue
            victim = pos.board[square_of(words[2])]
            why = hint.reason(view, action)
            if victim:
                took += 1
                assert why is not None and why.startswith(
                    f"It takes {POWER_NAMES[victim >> 4 & 3]}'s {PIECES[victim & 15][1]}")
            elif why is None:
                quiet += 1
            else:
                assert "takes" not in why and ("check" in why or "promotes" in why or "wins" in why
                                                or "mates" in why)
    assert took and quiet  # both kinds were seen


# -- lighting a move of several picks ---------------------------------------------

def test_a_move_of_two_picks_lights_the_piece_then_the_square():
    from app.builder import Builder
    game = get_game("coalition-chess")
    view = next(v for v in coalition_chess_moves() if sum(a.startswith("move ") for a in v["legal"]) > 3)
    moves = [a for a in view["legal"] if a.startswith("move ")]
    origins = Counter(a.split(" ")[1] for a in moves)
    action = next(a for a in moves if origins[a.split(" ")[1]] > 1)  # a piece with several squares to go to
    origin = action.split(" ")[1]
    builder = Builder(view["legal"], game.parse_action)
    pieces = "".join("<button " + " ".join(f'{k}="{v}"' for k, v in builder.control("move", sq).attrs.items())
                     + f">{sq}</button>" for sq in origins)
    first = hint.lit(pieces, action, game.parse_action)
    assert first.count("data-hinted") == 1
    assert f'data-step="move from={origin}" class="hinted" data-hinted>' in first  # the piece to pick first
    assert hint.lit(pieces, action) == pieces  # without the game's notation only a whole action is lit
    picked = Builder(view["legal"], game.parse_action, picked=builder.control("move", origin).step)
    targets = pieces + "".join(
        f'<button data-action="{c.control.action}">{c.value}</button>' for c in picked.choices()
        if c.control.action is not None)
    second = hint.lit(targets, action, game.parse_action)
    assert second.count("data-hinted") == 1
    assert f'data-action="{action}" class="hinted" data-hinted>' in second  # then the square
