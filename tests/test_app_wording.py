"""The wording of the table (issue 15, section 2): whose turn it is in hot
seat and on a read-only table, the Ace hand-off naming who receives the Ace,
long card words broken at a syllable."""

from __future__ import annotations

import re
import sys
from html import unescape
from pathlib import Path

PY = Path(__file__).resolve().parent.parent / "py"
if str(PY) not in sys.path:
    sys.path.insert(0, str(PY))

from app import render  # noqa: E402
from app.games import renderer_for  # noqa: E402
from coalitions.core.match import Match  # noqa: E402
from coalitions.core.records import make_players  # noqa: E402

TAG = re.compile(r"<[^>]*>")


def text_of(html: str) -> str:
    return " ".join(unescape(TAG.sub(" ", html)).split())


def table(match, seat, interactive=True):
    view = match.view(seat)
    ctx = render.TableContext(interactive=interactive, seat=seat, can_undo=False, game_id=match.game.id)
    return view, render.table(view, renderer_for(match.game.id).parts(view, ctx), ctx)


def new(kinds, names, seed=1, game="election-day"):
    return Match.new(game, make_players(kinds, names=names), {}, seed=seed)


def test_hot_seat_names_the_player_and_a_read_only_table_never_says_your_turn():
    match = new(["human", "human", "human"], ["Ann", "Ben", "Cy"])
    seat = match.view(None)["to_act"][0]
    name = ["Ann", "Ben", "Cy"][seat]
    view, html = table(match, seat)
    assert render.turn_status(view, render.TableContext(interactive=True, seat=seat)) == f"Your turn, {name}."
    assert f"Your turn, {name}." in text_of(html)
    # a shared game, read-only, shown as that seat saw it
    view, html = table(match, seat, interactive=False)
    assert "Your turn" not in text_of(html) and f"{name} to play." in text_of(html)
    # one human against bots: "Your turn." is enough
    solo = new(["human", "bot", "bot"], ["Ann", "", ""])
    solo.advance()
    seat = solo.view(None)["to_act"][0]
    assert seat == 0
    view, _html = table(solo, 0)
    assert render.turn_status(view, render.TableContext(interactive=True, seat=0)) == "Your turn."


def test_the_ace_hand_off_button_names_who_receives_the_ace():
    for seed in range(1, 200):
        match = new(["human"] * 4, ["Ann", "Ben", "Cy", "Dee"], seed=seed)
        seat = match.view(None)["to_act"][0]
        if any(a.startswith("ace") for a in match.view(seat)["legal"]):
            break
    else:
        raise AssertionError("no deal gives the first player an Ace")
    right = ["Ann", "Ben", "Cy", "Dee"][(seat - 1) % 4]
    _view, html = table(match, seat)
    gives = re.findall(r'<span class="ace-give">(.*?)</span>\s*</button>', html)
    assert gives, html
    for give in gives:
        assert text_of(give).endswith(f"to {right}"), give
    # the button's name says it too, as the rules label it
    labels = re.findall(r'data-action="ace [^"]*" aria-label="([^"]*)"', html)
    assert labels and all(f"to {right}" in unescape(label) for label in labels), labels


def test_long_card_words_break_at_a_syllable():
    assert render.card_words("Reinforcement") == "Reinforce&shy;ment"
    assert render.card_words("Lighthouse keeper") == "Lighthouse keeper"
    assert render.card_words("Peacekeeper <b>") == "Peace&shy;keeper &lt;b&gt;"
    assert "Reinforceme&shy;nt" not in render.card_words("Reinforcement")
