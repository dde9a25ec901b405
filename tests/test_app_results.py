"""Results that stay on screen, the settings, a pass that ends the debate, and
the review of a finished game: the plain-Python parts (app/results.py,
app/storage.py Settings, app/flow.py review_flow), under CPython."""

from __future__ import annotations

import json

import pytest

from app import render, routes, storage
from app.flow import review_flow
from app.frame import staged_bar
from app.pace import BOT_DELAYS, bot_delay, move_summary, wait_left
from app.pages import countdown_note, staged_here
from app.results import Results, kinds_of, last_of_each, moments, pass_warning, pause_seconds, public_log
from app.settings_page import settings_page
from coalitions.core.errors import CoalitionsError
from coalitions.core.match import Match
from coalitions.core.records import make_players
from coalitions.registry import get_game

EVIL = "<img src=x onerror=alert(1)>"


def bots_game(game_id, players, seed=3, names=None):
    m = Match.new(game_id, make_players(["bot"] * players, names=names), seed=seed)
    return m


def closing_count(m, kind):
    return sum(1 for ev in public_log(m) if ev["kind"] == kind)


# -- moments -------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id, players, close, name", [
    ("election-day", 4, "debate-end", "debate"),
    ("koalition", 3, "vp", "election"),
    ("alliances", 2, "trick", "trick"),
    ("alliances", 4, "campaign-end", "campaign"),
])
def test_every_debate_election_trick_and_campaign_is_a_moment(game_id, players, close, name):
    m = bots_game(game_id, players)
    m.advance()
    found = [x for x in moments(m) if x.kind.close == close]
    assert len(found) == closing_count(m, close) > 0
    assert all(x.kind.name == name and x.lines for x in found)
    assert name in last_of_each(m)
    # names are filled in: no {p0} left
    assert not any("{p" in line for x in found for line in x.lines)


def test_a_debate_shows_why_it_ended_and_how_it_was_scored():
    m = bots_game("election-day", 4)
    m.advance()
    last = last_of_each(m)["debate"]
    assert last.lines[0].startswith("The debate ends:")
    log = public_log(m)
    scores = [ev for ev in log[last.at + 1:] if ev["kind"] == "score"]
    assert len(last.lines) >= 2 and all(m.text(ev["text"]) in last.lines for ev in scores[:1])


def test_a_trick_and_a_conflict_show_their_cards():
    m = bots_game("alliances", 2)
    m.advance()
    trick = last_of_each(m)["trick"]
    assert sum("plays" in line for line in trick.lines) == 2 and "wins the trick" in trick.lines[-1]
    conflict = last_of_each(m)["conflict"]
    assert "targets" in conflict.lines[0] and sum(" plays " in line for line in conflict.lines) == 2
    # a token added after a conflict is not a conflict of its own
    assert all(any(" plays " in line for line in x.lines) for x in moments(m) if x.kind.name == "conflict")


def test_results_wait_until_dismissed_then_only_new_ones_show():
    m = bots_game("election-day", 4)
    results = Results(m)
    assert results.pending(m) == []  # a game opened shows no old result
    while not any(ev["kind"] == "debate-end" for ev in public_log(m)[results.seen:]):
        m.step()
    pending = results.pending(m)
    assert [p.kind.name for p in pending] == ["debate"]
    key = results.key(m)
    assert results.pending(m) == pending and results.key(m) == key  # still there until dismissed
    results.dismiss(m)
    assert results.pending(m) == [] and results.key(m) != key
    # asked for again: the last debate, as a review
    results.review = "debate"
    shown, review = results.shown(m)
    assert review and shown[0].at == pending[0].at
    m.step()
    while not results.pending(m) and not m.is_over():
        m.step()
    assert m.is_over() or results.pending(m)[0].at > pending[0].at


def test_a_finished_game_leaves_results_to_its_end_screen():
    m = bots_game("election-day", 3)
    results = Results(m)
    m.advance()
    assert m.is_over() and results.pending(m) == []


def test_undo_takes_back_what_was_seen():
    m = Match.new("election-day", make_players(["human", "bot", "bot"]), seed=4)
    results = Results(m)
    results.seen = 10_000  # more than the log holds (as after an undo)
    assert results.pending(m) == [] and results.seen == len(public_log(m))


def test_games_without_moments_show_none():
    for game_id in ("coalition-chess", "die-macher"):
        if kinds_of(game_id):
            continue
        m = bots_game(game_id, get_game(game_id).min_players, seed=1)
        for _ in range(30):
            if m.step() is None:
                break
        assert moments(m) == [] and last_of_each(m) == {}


def test_pauses_and_bot_speeds():
    assert pause_seconds("continue") is None and pause_seconds("8") == 8 and pause_seconds("0") == 0
    assert pause_seconds("junk") == 4  # the default
    assert pause_seconds("continue", fast=True) == 0
    # the default pace shows each bot move for at least 0.8 s; reduced motion does not change it
    assert bot_delay("normal") >= 0.8 and bot_delay("junk") == bot_delay("normal")
    assert bot_delay("slow") > bot_delay("normal") > bot_delay("fast") > bot_delay("instant") == 0
    assert bot_delay("slow", fast=True) == 0 and bot_delay("slow", override=0) == 0  # the route flag, the tests' pace
    assert bot_delay("normal", override=None) == BOT_DELAYS["normal"]
    assert set(BOT_DELAYS) == set(storage.CHOICES["bot_speed"]) and storage.CHOICES["bot_speed"][0] == "normal"


def test_the_pace_counts_from_the_last_move_shown_and_thinking_counts_towards_it():
    assert wait_left(0.9, shown_at=10.0, now=10.2) == pytest.approx(0.7)
    assert wait_left(0.9, shown_at=10.0, now=11.5) == 0  # the bot thought longer than the pace
    assert wait_left(0.0, shown_at=10.0, now=10.0) == 0 and wait_left(0.9, None, 3.0) == 0


def test_a_move_that_writes_many_lines_is_one_step_with_its_summary():
    # Die Macher's cabinet phase: one bot action reveals every cabinet card at once
    m = bots_game("die-macher", 4)
    for _ in range(400):
        before = len(public_log(m))
        seat_action = m.state.auto_action()
        seat = seat_action[0] if seat_action else m.state.to_act()[0]
        m.step()
        added = len(public_log(m)) - before
        if added >= 10:
            break
    else:
        raise AssertionError("no move wrote ten lines")
    line = move_summary(m, seat, before)
    first = m.text(public_log(m)[before]["text"])
    assert line.startswith(" ".join(first.split())) and f"and {added - 1} more lines in the log" in line
    # a move of one line is that line
    m2 = bots_game("koalition", 3)
    before = len(public_log(m2))
    while len(public_log(m2)) == before or public_log(m2)[-1]["kind"] != "play":
        before = len(public_log(m2))
        m2.step()
    assert move_summary(m2, 0, len(public_log(m2)) - 1) == m2.text(public_log(m2)[-1]["text"])


# -- a pass that ends the debate ---------------------------------------------------------


def test_a_pass_that_ends_the_debate_or_the_game_says_so_and_changes_nothing():
    m = bots_game("election-day", 4, seed=5)
    warned = {"debate": 0, "game": 0, "none": 0}
    while not m.is_over():
        seat = m.to_act()[0]
        if "pass" in m.state.legal_actions(seat):
            before = json.dumps(m.state.to_json(), sort_keys=True)
            moves = len(m.record["moves"])
            warning = pass_warning(m, seat, "pass")
            assert json.dumps(m.state.to_json(), sort_keys=True) == before and len(m.record["moves"]) == moves
            trial = m.state.clone()
            n = len(trial.log_for(None))
            trial.apply(seat, "pass")
            new = [ev["kind"] for ev in trial.log_for(None)[n:]]
            if trial.is_over():
                assert warning.startswith("Passing now ends the debate and the game.")
                assert "The debates are over" in warning and "elected" not in warning  # no hidden Ace told
                warned["game"] += 1
            elif "debate-end" in new:
                assert warning.startswith("Passing now ends the debate. The debate ends:")
                warned["debate"] += 1
            else:
                assert warning is None
                warned["none"] += 1
        m.step()
    assert warned["debate"] and warned["none"]


def test_only_a_pass_is_warned_about():
    m = Match.new("election-day", make_players(["human"] * 3), seed=4)
    seat = m.to_act()[0]
    play = next(a for a in m.state.legal_actions(seat) if a.startswith("play "))
    assert pass_warning(m, seat, play) is None
    assert pass_warning(m, seat, "not an action") is None


# -- settings -------------------------------------------------------------------------------


def test_settings_default_and_round_trip():
    store = storage.Store(storage.MemoryBackend())
    s = storage.Settings(store)
    assert s.all() == {"theme": "system", "bot_speed": "normal", "pause": "4", "motion": "system",
                       "orientation": "turn", "hints": "auto"}
    assert s.set("theme", "dark") and s.set("pause", "continue") and s.set("orientation", "fixed")
    s.set_confirm_moves("Ann", True)
    again = storage.Settings(store)
    assert again.get("theme") == "dark" and again.get("pause") == "continue" and again.get("orientation") == "fixed"
    assert again.confirm_moves("Ann")  # the older setting is kept beside them


@pytest.mark.parametrize("stored", [
    None, "", "not json", "[1, 2]", "null", '{"theme": 3}', '{"theme": "purple", "pause": 4}',
    '{"theme": ["dark"]}', "{" * 5000, "[" * 10000 + "]" * 10000, json.dumps({"theme": "dark", "x": "y" * 20000}),
])
def test_tampered_or_missing_settings_read_as_the_defaults(stored):
    backend = storage.MemoryBackend()
    store = storage.Store(backend)
    if stored is not None:
        backend.set(store.prefix + "settings", stored)
    s = storage.Settings(store)
    assert s.get("theme") == "system" and s.get("pause") == "4" and s.get("bot_speed") == "normal"
    assert s.confirm_names() == []


def test_one_damaged_setting_keeps_the_others():
    backend = storage.MemoryBackend()
    store = storage.Store(backend)
    backend.set(store.prefix + "settings", json.dumps({"theme": "dark", "pause": "forever", "confirm": ["A", 3]}))
    s = storage.Settings(store)
    assert s.get("theme") == "dark" and s.get("pause") == "4" and s.confirm_names() == ["A"]


def test_a_setting_outside_its_choices_is_not_stored():
    store = storage.Store(storage.MemoryBackend())
    s = storage.Settings(store)
    assert not s.set("theme", "purple") and not s.set("nonsense", "x") and not s.set("pause", 4)
    assert store._get(s.key) is None


def test_settings_follow_the_sites_prefix():
    backend = storage.MemoryBackend()
    a = storage.Settings(storage.Store(backend, storage.prefix_for("/a/")))
    b = storage.Settings(storage.Store(backend, storage.prefix_for("/b/")))
    a.set("theme", "dark")
    assert b.get("theme") == "system" and a.key == "coalitions:/a/:settings"


def test_the_settings_page_escapes_names_and_marks_choices():
    html = settings_page({"theme": "dark", "pause": "continue"}, [EVIL, "Ann"], {EVIL})
    assert EVIL not in html and "&lt;img src=x" in html
    assert 'id="set-theme-dark" name="theme" value="dark" data-setting="theme" checked' in html
    assert 'value="continue" data-setting="pause" checked' in html
    assert html.count("checked") == 3  # dark, until Continue, and the evil name's box


# -- panels -------------------------------------------------------------------------------------


def test_the_result_panel_is_text_and_says_how_long_the_bots_wait():
    m = bots_game("alliances", 2, names=[EVIL, "Bob"])
    m.advance()
    shown = [last_of_each(m)["trick"]]
    html = render.moment_panel(shown, pause=4.0)
    assert EVIL not in html and "&lt;img" in html
    assert 'data-moment-panel="trick"' in html and 'data-ui="moment-continue"' in html and "<b data-countdown>4</b> s" in html
    assert "until you press Continue" in render.moment_panel(shown, pause=None)
    review = render.moment_panel(shown, review=True)
    assert 'data-ui="moment-close"' in review and "moment-continue" not in review
    assert render.moment_panel([]) == ""
    buttons = render.recap_buttons(["trick", "conflict"], "trick")
    assert "Last trick" in buttons and 'aria-expanded="true"' in buttons and "Last conflict" in buttons


def test_every_panel_leads_with_a_one_line_outcome_and_keeps_its_details():
    expected = {"election-day": ("debate", (" takes ", " wins ", "The debate ends")),
                "koalition": ("election", ("govern", "Recorded:", "stalemate", "Stalemate")),
                "alliances": ("conflict", ("wins the conflict", "defence")),
                "die-macher": ("election", ("Election in",))}
    for game_id, (name, words) in expected.items():
        m = bots_game(game_id, 4 if game_id != "alliances" else 3)
        for _ in range(3000):
            if m.is_over() or any(x.kind.name == name for x in moments(m)):
                break
            m.step()
        found = [x for x in moments(m) if x.kind.name == name]
        assert found, game_id
        x = found[0]
        assert x.outcome and "\n" not in x.outcome and any(w in x.outcome for w in words), (game_id, x.outcome)
        assert len(x.outcome) < sum(len(line) for line in x.lines) or len(x.lines) == 1, game_id  # shorter than all
        html = render.moment_panel([x], pause=4.0)
        assert html.index("data-moment-outcome") < html.index("moment-lines")  # the outcome first, details below
        assert all(render.esc(line) in html for line in x.lines)


def test_a_declined_coalition_proposal_is_part_of_the_election_result():
    for seed in range(1, 30):
        m = bots_game("koalition", 4, seed=seed)
        m.advance()
        log = public_log(m)
        declined = [i for i, ev in enumerate(log) if ev["kind"] == "answer" and "declines" in ev["text"]]
        if declined:
            break
    else:
        raise AssertionError("no declined proposal in 29 games")
    i = declined[0]
    closing = next(x for x in moments(m) if x.at > i)
    assert m.text(log[i]["text"]) in closing.lines
    proposal = next(ev for ev in reversed(log[:i]) if ev["kind"] == "proposal")
    assert m.text(proposal["text"]) in closing.lines


def test_the_countdown_says_the_seconds_left_or_that_it_is_paused():
    assert '<b data-countdown>4</b>' in countdown_note(3.95) and '<b data-countdown>1</b>' in countdown_note(0.2)
    assert "Paused" in countdown_note(2.0, paused=True) and "data-countdown>" not in countdown_note(2.0, True)
    m = bots_game("alliances", 2)
    m.advance()
    panel = render.moment_panel([last_of_each(m)["trick"]], pause=4.0, paused=True)
    assert "Paused" in panel and "moment-continue" in panel
    assert "until you press Continue" in render.moment_panel([last_of_each(m)["trick"]], pause=None)


def test_a_staged_move_asks_beside_its_own_control():
    html = ('<div><button type="button" class="btn" data-action="play a">A</button>'
            '<button type="button" class="btn pass-btn" data-action="pass" aria-label="Pass">Pass</button></div>')
    out, found = staged_here(html, "pass", "Pass", EVIL)
    assert found
    # the same control, marked as the confirm, and the question right after it
    assert '<button data-staged-control aria-describedby="staged-ask" type="button" class="is-staged btn pass-btn" data-action="pass"' in out
    assert out.index("data-staged-control") < out.index("data-staged-ask") and out.count("<button") == 3
    assert 'data-ui="confirm-move"' not in out  # no second button that could confirm
    assert EVIL not in out and "&lt;img" in out and 'data-ui="cancel-move"' in out
    assert out.replace(out[out.index('<span class="staged-ask"'):out.index("</span></div>") + 7], "") \
        .replace(' data-staged-control aria-describedby="staged-ask"', "").replace("is-staged ", "") == html
    assert staged_here(html, "play b", "B") == (html, False)  # not on screen: the bar above the table asks


def test_a_staged_pass_carries_its_warning_as_text():
    m = Match.new("election-day", make_players(["human", "bot", "bot"]), seed=4)
    view = m.view(0)
    ctx = render.TableContext(interactive=True, seat=0, game_id="election-day", staged="pass", warning=EVIL)
    html = staged_bar(view, ctx)
    assert "data-staged-warning" in html and EVIL not in html and "&lt;img" in html


# -- review ---------------------------------------------------------------------------------------


def test_a_finished_game_is_reviewed_move_by_move_with_every_hand_open():
    m = bots_game("election-day", 3)
    m.advance()
    wt = review_flow(m)
    assert wt.step == 0 and wt.total == len(m.record["moves"]) and wt.learn == set()
    assert wt.seat() is None and len(wt.open_hands(None)) == 3
    assert wt.go("next") and wt.step == 1 and wt.match().record["moves"] == m.record["moves"][:1]
    while wt.go("next"):
        pass
    assert wt.step == wt.total and wt.match().is_over()
    assert wt.match().view(None)["outcome"]["winners"] == m.view(None)["outcome"]["winners"]
    assert "open_hands" not in m.record and "title" not in m.record  # the saved record is untouched


def test_an_unfinished_game_is_not_reviewed():
    m = Match.new("election-day", make_players(["human", "bot", "bot"]), seed=4)
    with pytest.raises(CoalitionsError, match="not finished"):
        review_flow(m)


def test_review_and_settings_routes():
    assert routes.parse(routes.review("ab12cd34")).name == "review"
    assert routes.parse(routes.review("ab12cd34")).args == ["ab12cd34"]
    assert routes.parse("#/review/ab12cd34?step=3").param("step") == "3"
    assert routes.parse(routes.settings()).name == "settings"
    assert routes.parse("#/settings/x").name == "notfound"


def test_finished_saves_offer_a_review_and_unfinished_ones_do_not():
    done = render.save_item({"id": "aaaa2222", "title": EVIL, "finished": True, "names": ["A"]})
    assert 'href="#/review/aaaa2222"' in done and EVIL not in done
    going = render.save_item({"id": "bbbb3333", "title": "Koalition", "finished": False})
    assert "#/review/" not in going
    end = render.result_actions("election-day", "#/new/election-day", routes.review("aaaa2222"))
    assert "Review move by move" in end and "#/review/aaaa2222" in end
