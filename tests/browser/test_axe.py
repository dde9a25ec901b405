"""axe-core (pinned in package.json) on every game's screens: its table with
the player to move, its rules page and a walkthrough, on a desktop in the
light theme and on a phone in the dark one. The app's own screens (home, setup, a move being built) are checked in
test_builder.py."""

from __future__ import annotations

import pytest

from coalitions.registry import all_games

from .pages import wait_ready
from .test_builder import axe_violations

GAMES = all_games()


def table_hash(game) -> str:
    n = game.min_players if game.min_players >= 3 or game.max_players == game.min_players else 3
    n = min(max(n, game.min_players), game.max_players)
    seats = ",".join(["human"] + ["bot"] * (n - 1))
    levels = "," + ",".join(["random"] * (n - 1))
    return f"#/new/{game.id}?players={n}&seats={seats}&seed=3&levels={levels}"


@pytest.mark.parametrize("viewport,scheme", [({"width": 1280, "height": 800}, "light"),
                                             ({"width": 390, "height": 844}, "dark")],
                         ids=["desktop-light", "phone-dark"])
def test_axe_finds_nothing_on_any_game_screen(open_page, dist_url, viewport, scheme):
    # axe is injected as an inline script, which the page's CSP refuses: this
    # test is about accessibility, so the context lets it in. The theme follows
    # the system's by default.
    page = open_page(dist_url + "#/", bypass_csp=True, viewport=viewport, color_scheme=scheme)
    found = {}
    for game in GAMES:
        screens = [(table_hash(game), "play"), (f"#/rules/{game.id}", "rules")]
        walkthroughs = list(game.walkthroughs())
        if walkthroughs:
            screens.append((f"#/walkthrough/{game.id}/{walkthroughs[0]}", "walkthrough"))
        for hash_text, route in screens:
            page.evaluate("h => { location.hash = h; }", hash_text)
            wait_ready(page, route)
            if route == "play":  # the human's turn: the table as the player sees it to decide
                page.wait_for_function("() => document.querySelector('[data-action], [data-step]') !== null")
                wait_ready(page, route)
            found[hash_text] = axe_violations(page)
    assert not any(found.values()), {k: v for k, v in found.items() if v}
