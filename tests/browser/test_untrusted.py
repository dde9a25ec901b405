"""Nothing lost, nothing stuck, in the browser: the same game in two tabs,
hostile imports, links and storage, links that name players, and pages framed
by another site. Each test reproduces a case that once lost data or stopped
the app. A case that needs no start-up of its own is opened in the module's
running page (`booted`), its storage emptied first."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from .pages import check_action_buttons, goto_hash, save_id_of, save_keys, wait_ready

GAME = "#/new/election-day?players=3&seats=human,bot,bot&seed=7&levels=,random,random"


def moves_saved(page, sid):
    text = page.evaluate("k => localStorage.getItem(k)", f"coalitions:save:{sid}")
    return len(json.loads(text)["moves"])


def play_one(page):
    wait_ready(page, "play")
    actions = check_action_buttons(page)
    plays = [a for a in actions if a.startswith("play ")] or actions
    page.locator(f'[data-action="{plays[0]}"]').first.click()
    wait_ready(page, "play")


def test_a_tab_left_behind_never_overwrites_the_game(open_page, dist_url):
    a = open_page(dist_url + GAME)
    wait_ready(a, "play")
    sid = save_id_of(a)
    b = a.context.new_page()
    b.goto(a.url)
    wait_ready(b, "play")
    # the tab played in is brought to the front, as a player's is (a tab behind
    # another runs its timers slowly)
    a.bring_to_front()
    for _ in range(3):
        play_one(a)
    longer = moves_saved(a, sid)
    # tab B heard of it (a storage event) and caught up: its next move extends A's game
    wait_ready(b, "play")
    assert b.locator("[data-log] li").count() == a.locator("[data-log] li").count()
    b.bring_to_front()
    play_one(b)
    assert moves_saved(b, sid) > longer
    # a tab that missed the news (its listener silenced) refuses to move and offers to catch up
    c = a.context.new_page()
    c.add_init_script("window.addEventListener = ((add) => function (type, ...rest) {"
                      " if (type !== 'storage') return add.call(this, type, ...rest); })(window.addEventListener);")
    c.goto(a.url)
    wait_ready(c, "play")
    b.bring_to_front()
    play_one(b)
    now = moves_saved(b, sid)
    c.bring_to_front()
    actions = check_action_buttons(c)
    c.locator(f'[data-action="{actions[0]}"]').first.click()
    notice = c.locator('[data-notice="moved-on"]')
    notice.wait_for()
    assert "moved on in another tab" in notice.inner_text()
    assert moves_saved(c, sid) == now, "the stale tab wrote nothing"
    notice.locator("[data-ui=catch-up]").click()
    wait_ready(c, "play")
    assert c.locator('[data-notice="moved-on"]').count() == 0
    assert c.locator("[data-log] li").count() == b.locator("[data-log] li").count()


def nested(depth):
    return "[" * depth + "]" * depth


def test_a_deeply_nested_import_is_refused_and_the_app_goes_on(booted, tmp_path):
    page = booted("#/", "home")
    deep = tmp_path / "deep.json"
    deep.write_text(nested(20000))
    page.locator("[data-ui=import]").set_input_files(str(deep))
    message = page.locator("[data-import-message], .notice-error, [role=alert]").filter(has_text="deep.json")
    message.first.wait_for()
    assert "nested" in message.first.inner_text() or "cannot be imported" in message.first.inner_text()
    # the app still works: a game starts and its bots move
    goto_hash(page, GAME, "play")
    play_one(page)
    assert page.locator("[data-log] li").count() > 2


def payload_of(text):
    return base64.urlsafe_b64encode(zlib.compress(text.encode())).decode().rstrip("=")


@pytest.mark.parametrize("inner", [nested(8000), '{"format":"coalitions-record","x":' + nested(700) + "}"])
def test_a_nested_share_link_says_what_is_wrong(booted, inner):
    page = booted("#/shared/" + payload_of(inner), "shared")
    assert "cannot be opened" in page.locator("h1").inner_text()
    goto_hash(page, "#/", "home")  # and the app goes on
    page.reload()
    wait_ready(page, "home")


@pytest.mark.parametrize("tail", ["/x", "+x"])
def test_a_share_link_that_gained_a_slash_or_plus_is_called_damaged(booted, tail):
    page = booted("#/shared/" + payload_of('{"a":1}') + tail, "shared")
    assert "damaged" in page.locator("[data-problem]").inner_text()
    assert "Page not found" not in page.locator("h1").inner_text()


BAD_STORAGE = """
localStorage.setItem('coalitions:index', '[{"id":"aaaa1111","updated":"x"}]');
localStorage.setItem('coalitions:save:aaaa1111', '%s');
localStorage.setItem('coalitions:settings', '%s');
""" % (nested(5000), nested(5000))


def test_bad_values_in_storage_show_as_damaged_saves(open_page, dist_url):
    page = open_page(dist_url + "#/", init_script="if (!sessionStorage.getItem('x')) {" + BAD_STORAGE
                     + "sessionStorage.setItem('x', '1'); }")
    wait_ready(page, "home")
    item = page.locator("[data-save]")
    assert item.count() == 1
    assert "aaaa1111" in item.inner_html() or item.locator("[data-ui=delete]").count() == 1
    item.locator("[data-ui=delete]").click()
    page.locator("[data-ui=delete-yes]").click()
    wait_ready(page, "home")
    assert page.locator("[data-save]").count() == 0
    assert "coalitions:save:aaaa1111" not in save_keys(page)


def test_a_link_naming_players_saves_nothing_until_start(booted):
    page = booted("#/new/election-day?players=3&seats=human,bot,bot&names=Mallory&seed=2", "new")
    assert page.locator("input[name=name0]").input_value() == "Mallory"
    assert not [k for k in save_keys(page) if ":save:" in k]
    page.locator("[data-ui=start]").click()
    wait_ready(page, "play")
    assert [k for k in save_keys(page) if ":save:" in k]


def test_only_embeds_run_inside_another_sites_frame(open_page, dist_url, tmp_path):
    import build

    (tmp_path / "host.html").write_text(
        "<!doctype html><html lang=en data-ready><head><meta charset=utf-8><title>host</title>"
        '<link rel="icon" href="data:,"></head><body>'
        f'<iframe title="app" src="{dist_url}#/" width="800" height="600"></iframe>'
        f'<iframe title="embed" src="{dist_url}#/walkthrough/election-day/debate-scoring?embed=1" '
        'width="800" height="600"></iframe></body></html>', encoding="utf-8")
    with build.serving(tmp_path) as host:
        page = open_page(host + "host.html")
        app = page.frame_locator('iframe[title="app"]')
        app.locator("[data-framed]").wait_for()
        link = app.locator("[data-framed] a")
        assert link.get_attribute("target") == "_blank" and link.get_attribute("href").startswith(dist_url)
        embed = page.frame_locator('iframe[title="embed"]')
        embed.locator('html[data-ready][data-route="walkthrough"]').wait_for(state="attached")
        assert embed.locator("[data-framed]").count() == 0
