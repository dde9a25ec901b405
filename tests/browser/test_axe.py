"""axe-core (pinned in package.json) on every screen, in the light and the
dark theme, on a desktop (1280×800) and a phone (390×844): the home page, the
settings, each game's setup form, its table with the player to move (and
with "Suggest a move" pressed, its suggestion shown), its end
screen, its rules page and its first walkthrough. One page load per viewport:
the screens are reached through the address, and each is checked in both
themes by switching the theme in place (index.html's coalitionsLook, which
the Settings page uses). A move being built is checked in test_builder.py.
On the desktop, no screen speaks of tapping."""

from __future__ import annotations

import json
import re

import pytest

from coalitions.core.match import Match
from coalitions.core.records import dumps, make_players
from coalitions.registry import all_games

from .pages import settled, wait_ready
from .test_builder import axe_violations

GAMES = all_games()


def players_for(game) -> int:
    n = game.min_players if game.min_players >= 3 or game.max_players == game.min_players else 3
    return min(max(n, game.min_players), game.max_players)


def table_hash(game) -> str:
    n = players_for(game)
    seats = ",".join(["human"] + ["bot"] * (n - 1))
    levels = "," + ",".join(["random"] * (n - 1))
    return f"#/new/{game.id}?players={n}&seats={seats}&seed=3&levels={levels}"


def finished_saves() -> dict[str, str]:
    """{save id: record text} of a finished game of each kind, played by random bots."""
    saves = {}
    for i, game in enumerate(GAMES):
        n = players_for(game)
        match = Match.new(game.id, make_players(["bot"] * n, levels=["random"] * n), {}, seed=3)
        match.advance()
        assert match.state.is_over(), game.id
        saves["axeend" + "abcdefghjk"[i]] = dumps(match.record)
    return saves


def both_themes(page) -> list:
    """axe's violations in the light theme, then in the dark one, tagged."""
    found = []
    for theme in ("light", "dark"):
        page.evaluate("t => window.coalitionsLook(t, 'system')", theme)
        # colours change with a short transition: measure them once it is over
        settled(page)
        found += [(theme, *v) for v in axe_violations(page)]
    page.evaluate("() => window.coalitionsLook('system', 'system')")
    return found


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_axe_finds_nothing_on_any_screen_in_either_theme(open_page, dist_url, viewport):
    # axe is injected as an inline script, which the page's CSP refuses: this
    # test is about accessibility, so the context lets it in.
    page = open_page(dist_url + "#/", bypass_csp=True, viewport=viewport)
    saves = finished_saves()
    page.evaluate("saves => { for (const [id, text] of Object.entries(saves))"
                  " localStorage.setItem('coalitions:save:' + id, text); }", saves)
    screens = [("#/settings", "settings"), ("#/", "home")]  # home last-but-one: it lists the saves
    for game, sid in zip(GAMES, saves):
        screens += [(f"#/new/{game.id}", "new"), (table_hash(game), "play"), (f"#/play/{sid}", "play"),
                    (f"#/rules/{game.id}", "rules")]
        walkthroughs = list(game.walkthroughs() or {})
        if walkthroughs:
            screens.append((f"#/walkthrough/{game.id}/{walkthroughs[0]}", "walkthrough"))
    found = {}
    for hash_text, route in screens:
        page.evaluate("h => { location.hash = h; }", hash_text)
        wait_ready(page, route)
        if hash_text.startswith("#/new/") and route == "play":  # the human's turn, as the player sees it
            page.wait_for_function("() => document.querySelector('[data-action], [data-step]') !== null")
            wait_ready(page, route)
        if hash_text.startswith("#/play/"):  # the end screen
            page.wait_for_selector("html[data-game-over]", state="attached")
        found[hash_text] = both_themes(page)
        if route == "play" and page.locator('[data-ui="suggest"]').count():  # and with a suggestion shown
            page.locator('[data-ui="suggest"]').click()
            page.wait_for_selector("[data-hint-action]", state="attached")
            found[hash_text + " suggested"] = both_themes(page)
        if viewport["width"] > 1000:  # a mouse, not a finger: no screen says "Tap"
            text = page.locator("body").inner_text()
            assert not re.search(r"\btap\b", text, re.IGNORECASE), (hash_text, text)
    assert sum(k.endswith(" suggested") for k in found) == len(GAMES)  # each game's table with its suggestion
    assert not any(found.values()), json.dumps({k: v for k, v in found.items() if v}, indent=1)
