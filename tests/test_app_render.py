"""The app's pure modules under CPython: routes, setups, rendering, saves, hot-seat logic."""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

PY = Path(__file__).resolve().parent.parent / "py"
if str(PY) not in sys.path:
    sys.path.insert(0, str(PY))

from app import render, routes, setup as setups, share, storage  # noqa: E402
from app.games import election_day as ed_renderer, generic, renderer_for  # noqa: E402
from app.builder import Builder, pick_of  # noqa: E402
from app.session import PlaySession  # noqa: E402
from coalitions.core.match import Match  # noqa: E402
from coalitions.core.errors import RecordError  # noqa: E402
from coalitions.core.records import make_players  # noqa: E402
from coalitions.registry import all_games, get_game  # noqa: E402

EVIL = '<img src=x onerror=alert(1)>'


class Elements(HTMLParser):
    """Every start tag as (tag, attrs dict), plus the page's text."""

    def __init__(self, html):
        super().__init__(convert_charrefs=True)
        self.elements = []
        self.text = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)

    def with_attr(self, name):
        return [(t, a) for t, a in self.elements if name in a]


def table_html(match, seat, interactive=True, picked=None):
    view = match.view(seat)
    builder = None
    if picked is not None:
        builder = Builder(view["legal"], match.game.parse_action, view["labels"], pick_of(picked))
        assert builder.picked is not None, picked
    ctx = render.TableContext(interactive=interactive, seat=seat, can_undo=match.can_undo(seat),
                              game_id=match.game.id, builder=builder)
    parts = renderer_for(match.game.id).parts(view, ctx)
    return view, render.table(view, parts, ctx)


def reachable_actions(match, seat):
    """Every action the table offers the seat: its data-action buttons, and
    those reached by picking each data-step (and the steps after it)."""
    view, html = table_html(match, seat)
    page = Elements(html)  # each table parsed once
    check_buttons(view, page)
    found = {a["data-action"] for _, a in page.with_attr("data-action")}
    todo = [a["data-step"] for _, a in page.with_attr("data-step")]
    seen = set()
    while todo:
        step = todo.pop()
        if step in seen:
            continue
        seen.add(step)
        view, html = table_html(match, seat, picked=step)
        page = Elements(html)
        check_buttons(view, page)
        found |= {a["data-action"] for _, a in page.with_attr("data-action")}
        todo += [a["data-step"] for _, a in page.with_attr("data-step")]
    return view, found


def check_buttons(view, html, complete=False):
    """Every data-action is a labelled button of a legal action, at most once;
    every data-step a labelled button. With `complete`, every legal action has
    its button on this very table (no step needed). `html` is the table's
    markup or its parsed Elements."""
    page = html if isinstance(html, Elements) else Elements(html)
    actions = page.with_attr("data-action")
    for tag, attrs in actions:
        assert tag == "button", attrs
        assert attrs.get("aria-label"), attrs
        # the rules' label, after what the button shows when the label lacks it
        # (what is read out contains what is seen: axe's label-content-name-mismatch)
        assert attrs["aria-label"].endswith(view["labels"][attrs["data-action"]]), attrs
    shown = [a["data-action"] for _, a in actions]
    assert len(shown) == len(set(shown)) and set(shown) <= set(view["legal"])
    for tag, attrs in page.with_attr("data-step"):
        assert tag == "button" and attrs.get("aria-label"), attrs
    if complete:
        assert sorted(shown) == sorted(view["legal"])


# -- routes --------------------------------------------------------------------------


def test_the_parts_a_route_s_first_screen_imports():
    assert routes.parts_needed(routes.parse("#/new/election-day?players=4&seed=7")) == ["election_day"]
    assert routes.parts_needed(routes.parse("#/new/coalition-chess")) == ["coalition_chess"]
    assert routes.parts_needed(routes.parse("#/walkthrough/die-macher/first-steps?embed=1")) == [
        "die_macher", "die_macher.guide", "app.reading"]
    for other in ("#/", "#/rules/koalition", "#/play/abc", "#/settings", "#/new/..%2F..", "#/new/" + "a" * 41):
        assert routes.parts_needed(routes.parse(other)) == [], other
    # a saved game's: the game its save names, where that is known
    saves = {"abc": "die-macher", "odd": "../x", "notext": None}.get
    assert routes.parts_needed(routes.parse("#/play/abc"), saves) == ["die_macher"]
    assert routes.parts_needed(routes.parse("#/review/abc"), saves) == ["die_macher", "app.extras", "app.reading"]
    for other in ("#/play/nosuch", "#/play/odd", "#/review/notext", "#/play/abc/more"):
        assert routes.parts_needed(routes.parse(other), saves) == [], other
    assert routes.parts_needed(routes.parse("#/new/koalition"), saves) == ["koalition"]


def test_routes_parse():
    r = routes.parse("#/new/election-day?players=4&seats=human,bot,bot,bot&seed=7")
    assert (r.name, r.args) == ("new", ["election-day"])
    assert r.param("players") == "4"
    assert r.param_list("seats") == ["human", "bot", "bot", "bot"]
    assert routes.parse("").name == "home"
    assert routes.parse("#/").name == "home"
    assert routes.parse("#/play/abc123").args == ["abc123"]
    assert routes.parse("#/nowhere/x/y/z").name == "notfound"
    # the rules opened from a table name it, so that the way back survives a reload
    r = routes.parse(routes.rules("koalition", "ab&c 1"))
    assert (r.name, r.args, r.param("from")) == ("rules", ["koalition"], "ab&c 1")
    assert routes.rules("koalition") == "#/rules/koalition"


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=30) | st.lists(st.sampled_from(
    ["&", "&amp;", "&lt;", "&gt;", "&quot;", "&#x27;", "&shy;", "&nbsp;", "&lt", "amp;", "lt;", "g", "t;", ";", "#", "x"]),
    max_size=8).map("".join))
def test_escaping_is_the_html_modules(text):
    """The page's own escaping (which spares it importing the html module at
    start) gives what html.escape and html.unescape give."""
    import html

    assert render.esc(text) == html.escape(text, quote=True)
    assert render.unescape(text) == html.unescape(text)
    assert render.unescape(render.esc(text)) == text
    assert render.unescape(render.card_words(text)) == html.unescape(render.card_words(text))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=30)
       | st.from_regex(r"[a-z%+0-9A-F\u00e9]{0,20}", fullmatch=True))
def test_percent_coding_is_urllibs(text):
    """The page's own percent-coding (which spares it importing urllib.parse
    at start) gives what urllib.parse gives, for any text and any damaged escape."""
    from urllib import parse

    assert routes.quote(text) == parse.quote(text, safe="-_.~")
    assert routes.unquote(text) == parse.unquote(text)
    assert routes.unquote_plus(text) == parse.unquote_plus(text)
    assert routes.unquote(routes.quote(text)) == text


@pytest.mark.parametrize("text", [
    "#/walkthrough/election-day/debate-scoring&embed=1",
    "#/walkthrough/election-day/debate-scoring?embed=1",
    "#/walkthrough/election-day/debate-scoring?step=2&embed=1",
])
def test_routes_embed_with_or_without_question_mark(text):
    r = routes.parse(text)
    assert r.name == "walkthrough"
    assert r.args == ["election-day", "debate-scoring"]
    assert r.embed


def test_names_split_before_decoding():
    r = routes.parse("#/new/election-day?names=Ann%2C%20the%20Bold,Bob")
    assert r.param_list("names") == ["Ann, the Bold", "Bob"]


# -- setups --------------------------------------------------------------------------------


GAME = get_game("election-day")


def setup_of(query):
    return setups.from_route(GAME, routes.parse("#/new/election-day?" + query))


def test_setup_from_url():
    s = setup_of("players=4&seats=human,bot,bot,bot&seed=7&names=Ann&levels=,good,random&pawns=1")
    assert s.players == 4 and s.seed == 7
    assert s.kinds == ["human", "bot", "bot", "bot"]
    assert s.names == ["Ann", "", "", ""]
    # "good" is the old name of the normal level; a seat without a level gets the default
    assert s.levels == [None, "normal", "random", "normal"]
    assert s.options["pawns"] is True and s.options["courts"] is False
    players = s.make_players()
    assert players[0] == {"name": "Ann", "kind": "human"}
    assert players[2]["level"] == "random"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_the_new_game_form_offers_easy_normal_and_hard_at_each_bot_seat(game):
    meta = game.metadata()
    n = meta["min_players"]
    setup = setups.from_route(game, routes.parse(f"#/new/{game.id}?players={n}&seats=human" + ",bot" * (n - 1)))
    form = Elements(render.new_game_form(meta, setup, "x"))
    selects = [a for t, a in form.elements if t == "select" and a.get("name", "").startswith("level")]
    assert len(selects) == n and all(a["aria-describedby"] == "level-help" for a in selects)
    values = [a.get("value") for t, a in form.elements if t == "option"]
    assert values.count("easy") == values.count("normal") == values.count("hard") == n
    assert "random" not in values and "capture" not in values
    help_text = " ".join(form.text)
    assert all(f"{label}: {text}" in help_text.replace(" : ", ": ")
               for label, text in [(lv["label"], lv["description"]) for lv in meta["levels"]])
    assert [lv["name"] for lv in meta["levels"]] == ["easy", "normal", "hard"]


def test_a_link_naming_a_test_level_still_shows_it():
    s = setup_of("players=3&seats=human,bot,bot&levels=,random,search")
    assert s.levels == [None, "random", "hard"]
    form = Elements(render.new_game_form(GAME.metadata(), s, "x"))
    values = [a.get("value") for t, a in form.elements if t == "option"]
    assert "random" in values


def test_setup_share_query_round_trips():
    s = setup_of("players=5&seats=human,human,bot,bot,human&seed=123&names=A%2CB,%3Cb%3E&no_winner=closest")
    again = setups.from_route(GAME, routes.parse(s.share_hash()))
    assert again == s
    assert again.names[:2] == ["A,B", "<b>"]


@pytest.mark.parametrize("query, words", [
    ("players=9&seats=human", "3 to 5 players"),
    ("players=3&seats=human,bot", "seats lists 2 seats"),
    ("seats=human,robot,bot", "human or bot"),
    ("seats=human,bot,bot&levels=,genius", "no bot level"),
    ("seats=human,bot,bot&pawn=1", "no option 'pawn'"),
    ("seats=human,bot,bot&pawns=maybe", "1 or 0"),
    ("seats=human,bot,bot&no_winner=everyone", "must be one of"),
    ("seats=human,bot,bot&seed=seven", "whole number"),
    ("seats=human,bot,bot&seed=-1", "seed must be"),
])
def test_setup_errors_name_the_problem(query, words):
    with pytest.raises(setups.SetupError) as info:
        setup_of(query)
    assert words in str(info.value)


def test_wants_start():
    assert setups.wants_start(routes.parse("#/new/election-day?seats=human,bot,bot"))
    assert not setups.wants_start(routes.parse("#/new/election-day?players=4"))
    assert not setups.wants_start(routes.parse("#/new/election-day?seats=human,bot,bot&edit=1"))
    # a link that names the players shows them on the form: nothing is saved before Start
    assert not setups.wants_start(routes.parse("#/new/election-day?seats=human,bot,bot&names=Ann"))


def test_a_shared_payload_that_gained_a_slash_or_a_plus_is_a_damaged_link():
    for text in ("#/shared/abc/def", "#/shared/abc+def?seat=1", "#/shared/abc/"):
        route = routes.parse(text)
        assert route.name == "shared", text
        with pytest.raises(RecordError, match="damaged"):
            share.decode(route.args[0])


def test_form_fields_make_the_same_setup():
    fields = {"players": "3", "seat0": "human", "name0": "Ann", "seat1": "bot", "level1": "random",
              "seat2": "human", "name2": "Cy", "seed": "42", "pawns": "1", "no_winner": "closest"}
    s = setups.from_form(GAME, fields)
    assert s.kinds == ["human", "bot", "human"]
    assert s.levels == [None, "random", None]
    assert s.names == ["Ann", "", "Cy"]
    assert s.seed == 42 and s.options["pawns"] and s.options["no_winner"] == "closest"
    redraw = setups.form_setup(GAME, dict(fields, players="5", seed="4x"))
    assert redraw.players == 5 and redraw.names[:3] == ["Ann", "", "Cy"] and redraw.seed == "4x"


# -- rendering ------------------------------------------------------------------------------


def test_every_legal_action_has_a_labelled_button_through_a_whole_game():
    """At every decision of a full game (bots deciding for each seat), the table
    drawn for that seat has exactly one button per legal action."""
    seen_ace = False
    for seed in range(1, 7):
        m = Match.new("election-day", make_players(["bot"] * 4, levels=["random"] * 4), seed=seed)
        while not m.is_over():
            seat = m.to_act()[0]
            view, html = table_html(m, seat)
            check_buttons(view, html, complete=True)
            seen_ace = seen_ace or any(a.startswith("ace ") for a in view["legal"])
            m.step()
        view, html = table_html(m, 0)
        assert "data-result" in html
        assert Elements(html).with_attr("data-action") == []
    assert seen_ace, "no seed gave a seat an Ace in hand"


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_every_game_draws_a_button_per_legal_action_for_every_player_count(game_id):
    """Each registered game, through its own renderer, at every decision of a
    whole game between random bots: one labelled button per legal action, names
    as text, and the result drawn at the end with no action left."""
    game = get_game(game_id)
    for players in range(game.min_players, game.max_players + 1):
        names = [EVIL] + [f"P{i}" for i in range(1, players)]
        m = Match.new(game_id, make_players(["bot"] * players, names=names, levels=["random"] * players),
                      seed=players)
        decisions = 0
        phases = set()
        while not m.is_over():
            seat = m.to_act()[0]
            phase = m.state.view(seat).get("phase")
            # every kind of decision once, then a sample (parsing the whole page each time is slow)
            if phase not in phases or decisions % 11 == 0:
                phases.add(phase)
                view, found = reachable_actions(m, seat)
                assert found == set(view["legal"])
                assert "<img" not in table_html(m, seat)[1]
            decisions += 1
            m.step()
        for seat in (0, None):
            view, html = table_html(m, seat)
            assert "data-result" in html and "<img" not in html
            assert Elements(html).with_attr("data-action") == []


@pytest.mark.parametrize("game_id, players", [("koalition", 3), ("alliances", 2)])
def test_the_table_says_when_the_shown_seat_decides(game_id, players):
    """data-deciding (the hand held in view by the stylesheet) only while the
    shown seat may act at an interactive table; the hand asks to be held
    while a card is to be played (Alliances for 2: a drafting trick)."""
    m = Match.new(game_id, make_players(["human"] + ["bot"] * (players - 1)), seed=2)
    seat = m.to_act()[0]
    other = (seat + 1) % players
    assert 'data-deciding="true"' in table_html(m, seat)[1]
    assert "data-sticky" in table_html(m, seat)[1]
    assert "data-deciding" not in table_html(m, other)[1]
    assert "data-deciding" not in table_html(m, seat, interactive=False)[1]
    assert "data-deciding" not in table_html(m, None)[1]


def test_read_only_table_has_no_action_buttons():
    m = Match.new("election-day", make_players(["human", "bot", "bot"]), seed=3)
    seat = m.to_act()[0]
    _, html = table_html(m, seat, interactive=False)
    assert Elements(html).with_attr("data-action") == []
    assert "data-hand" in html or seat != 0


def test_names_are_escaped_everywhere():
    m = Match.new("election-day", make_players(["human", "human", "bot"], names=[EVIL, 'Bo "B" & co']), seed=5)
    for seat in (0, 1, None):
        _, html = table_html(m, seat)
        assert "<img" not in html
        assert "&lt;img src=x onerror=alert(1)&gt;" in html
    cover = render.pass_cover(EVIL, 0)
    assert "<img" not in cover and EVIL in "".join(Elements(cover).text)
    summary = PlaySession(m, "abc").summary(m.game, 0)
    home = render.home([(GAME.metadata(), [])], [dict(summary, id="abc", when="today")])
    assert "<img" not in home
    assert EVIL in "".join(Elements(home).text)
    form = render.new_game_form(GAME.metadata(), setup_of("seats=human,bot,bot&names=" + routes.enc(EVIL)), "x")
    assert "<img" not in form
    assert any(a.get("value") == EVIL for t, a in Elements(form).elements if t == "input")


def test_log_is_text_and_private_events_marked():
    m = Match.new("election-day", make_players(["human", "bot", "bot"], names=[EVIL]), seed=2)
    view, html = table_html(m, 0)
    page = Elements(html)
    log_texts = "".join(page.text)
    for ev in view["log"]:
        assert ev["text"] in log_texts
    assert 'class="log-private' in html


def test_suits_have_symbol_and_letter():
    html = ed_renderer.card("battle")
    assert 'href="#suit-wyrms"' in html and 'href="#suit-knots"' in html
    assert ">Y<" in html and ">K<" in html
    assert 'aria-label="the Battle (4: Wyrms, Knots)"' in html


def test_generic_renderer_covers_every_action():
    m = Match.new("election-day", make_players(["human", "bot", "bot"]), seed=4)
    seat = m.to_act()[0]
    view = m.view(seat)
    ctx = render.TableContext(interactive=True, seat=seat)
    html = render.table(view, generic.parts(view, ctx), ctx)
    check_buttons(view, html, complete=True)


def test_rules_page_lists_every_interpretation():
    guide = GAME.guide()
    html = render.rules_page(GAME.metadata(), guide, [("x", "A walkthrough")])
    assert "Rules as implemented" in html
    text = "".join(Elements(html).text)
    for item in guide["interpretations"]:
        assert item["title"] in text


def test_walkthrough_controls():
    html = render.walkthrough(GAME.metadata(), "w", "Title", 0, 3, "Caption <b>", "<p>table</p>")
    page = Elements(html)
    ui = {a["data-ui"]: a for _, a in page.with_attr("data-ui")}
    assert "disabled" in ui["prev"] and "disabled" in ui["restart"] and "disabled" not in ui["next"]
    assert "Step 0 of 3" in "".join(page.text)
    assert "Caption &lt;b&gt;" in html


# -- saves ------------------------------------------------------------------------------------


class BrokenBackend(storage.MemoryBackend):
    def __init__(self, full=True, fail_after=0):
        super().__init__()
        self.full = full
        self.writes = 0
        self.fail_after = fail_after

    def set(self, key, value):
        self.writes += 1
        if self.writes > self.fail_after:
            raise storage.StorageError("QuotaExceededError", full=self.full)
        super().set(key, value)


def test_store_round_trip_and_index():
    store = storage.Store(storage.MemoryBackend())
    sid = store.new_id()
    assert store.save(sid, '{"a":1}', {"title": "T", "updated": 5})
    assert store.load(sid) == '{"a":1}'
    assert store.index()[sid]["title"] == "T"
    assert [e[0] for e in store.entries()] == [sid]
    assert all(k.startswith("coalitions:") for k in store.backend.keys())
    store.delete(sid)
    assert store.load(sid) is None and store.entries() == []


def test_store_keeps_playing_in_memory_when_full():
    backend = BrokenBackend(fail_after=2)
    store = storage.Store(backend)
    assert store.save("one", "1", {"updated": 1})
    assert store.problem is None
    assert not store.save("two", "2", {"updated": 2})
    assert store.problem == storage.FULL
    assert store.load("two") == "2" and store.load("one") == "1"
    assert {e[0] for e in store.entries()} == {"one", "two"}


def test_store_without_backend():
    store = storage.Store(None)
    assert store.problem == storage.UNAVAILABLE
    store.save("x", "{}", {})
    assert store.load("x") == "{}"


def test_damaged_index_and_entries_do_not_break_the_list():
    backend = storage.MemoryBackend({
        storage.INDEX_KEY: "{not json",
        storage.SAVE_PREFIX + "good": "{}",
        storage.SAVE_PREFIX + "bad": "garbage",
    })
    store = storage.Store(backend)
    assert store.index() == {}
    assert {e[0] for e in store.entries()} == {"good", "bad"}


# -- hot seat -------------------------------------------------------------------------------------


def test_hot_seat_cover_logic():
    m = Match.new("election-day", make_players(["human"] * 3), seed=9)
    s = PlaySession(m, "id")
    first = m.human_to_act()
    assert s.cover_for() == first  # nobody has confirmed yet
    s.confirm(first)
    assert s.cover_for() is None and s.shown_seat() == first
    m.apply(first, "pass")
    nxt = m.human_to_act()
    assert nxt != first and s.cover_for() == nxt
    assert s.undo_for_cover() == first
    s.confirm(nxt)
    assert s.cover_for() is None and s.shown_seat() == nxt


def test_one_human_never_covered():
    m = Match.new("election-day", make_players(["human", "bot", "bot"]), seed=9)
    s = PlaySession(m, "id")
    m.advance()
    assert s.cover_for() is None and s.shown_seat() == 0


def test_spectator_shows_no_seat():
    m = Match.new("election-day", make_players(["bot"] * 3), seed=9)
    assert PlaySession(m, "id").shown_seat() is None


def test_summary_is_json():
    m = Match.new("election-day", make_players(["human", "bot", "bot"], names=["Ann"]), seed=9)
    summary = PlaySession(m, "id").summary(m.game, 123)
    assert json.loads(json.dumps(summary))["names"][0] == "Ann"
    assert summary["status"].endswith("to play")


def test_summaries_with_wrong_types_are_rebuilt():
    assert storage.clean_summary({"id": "a", "names": ["A"], "moves": 3, "updated": 1.5}) is not None
    assert storage.clean_summary({"id": "a", "names": 5}) is None
    assert storage.clean_summary({"id": "a", "moves": "3"}) is None
    assert storage.clean_summary(["x"]) is None


def test_error_banner_escapes():
    html = render.error_banner("boom <b>", "Traceback <script>")
    assert "<script>" not in html and "&lt;script&gt;" in html and "data-error" in html


def test_malformed_records_are_record_errors():
    from app.session import match_from_text
    from coalitions.core.errors import RecordError

    m = Match.new("election-day", make_players(["human", "bot", "bot"]), seed=3)
    for options in (1, "x", [None]):
        rec = dict(m.record, options=options)
        with pytest.raises(RecordError):
            match_from_text(json.dumps(rec))
    with pytest.raises(RecordError):
        match_from_text("{oops")


def test_the_ace_note_speaks_of_a_turn_only_while_one_can_come():
    """An Ace held by a seat that cannot use it now says it can on that seat's
    turn; once the game is over the Ace is still shown, without that note."""
    note = "can swap with your face-down Ace on your turn"
    seen_waiting = seen_over = False
    for seed in range(1, 30):
        m = Match.new("election-day", make_players(["bot"] * 3, levels=["random"] * 3), seed=seed)
        while not m.is_over():
            acting = m.to_act()[0]
            for seat in range(3):
                view, html = table_html(m, seat)
                aces = [c for c in view.get("hand") or [] if c.startswith("ace-")]
                if seat != acting and aces:
                    assert note in html
                    seen_waiting = True
            m.step()
        for seat in range(3):
            view, html = table_html(m, seat)
            if any(c.startswith("ace-") for c in view.get("hand") or []):
                assert 'data-ace-choice' in html and note not in html
                seen_over = True
        if seen_waiting and seen_over:
            break
    assert seen_waiting and seen_over, "no seed left an Ace in a hand, waiting and at the end"


# -- issue 24: the current play and the per-game points --------------------------------------------


def _played_until(game_id, players, seed, stop, max_moves=4000):
    """A random seeded game of `game_id`, played until stop(state) or its end."""
    import random

    state = get_game(game_id).new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(max_moves):
        if stop(state) or state.is_over():
            return state
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _table_of(game_id, state, seat=0):
    view = state.view(seat)
    view["names"] = [f"P{i + 1}" for i in range(state.players)]
    view["kinds"] = ["human"] * state.players
    ctx = render.TableContext(interactive=True, seat=seat, game_id=game_id)
    return renderer_for(game_id).parts(view, ctx), view


@pytest.mark.parametrize("game_id,players", [("election-day", 3), ("koalition", 4), ("alliances", 4),
                                             ("alliances", 2), ("die-macher", 3)])
def test_one_current_play_is_marked_on_every_table(game_id, players):
    for seed in (1, 2):
        state = _played_until(game_id, players, seed, lambda s: False, max_moves=40)
        parts, _ = _table_of(game_id, state, state.to_act()[0] if state.to_act() else 0)
        assert (parts.board + parts.side + parts.hand).count("data-current-play") == 1


def test_election_day_last_scoring_starts_closed():
    state = _played_until("election-day", 3, 1, lambda s: bool(s.view(0).get("last_scoring")))
    parts, _ = _table_of("election-day", state)
    assert "data-last-scoring>" in parts.board and "data-last-scoring open" not in parts.board


def test_koalition_twins_show_every_face_and_no_doubler_mark():
    def twins_in_hand(s):
        from coalitions.games.koalition.data import TWIN
        hand = s.view(0).get("hand") or []
        return len({TWIN.get(c, c) for c in hand}) < len(hand)

    for seed in range(1, 40):
        state = get_game("koalition").new(4, seed=seed)
        if twins_in_hand(state):
            break
    else:
        pytest.skip("no deal of these seeds holds identical cards")
    parts, view = _table_of("koalition", state)
    hand = parts.hand
    assert "twin-count" not in hand and "×2 <span" not in hand
    assert hand.count('class="card kcard') == len(view["hand"])


def test_koalition_end_shows_each_players_last_election():
    state = _played_until("koalition", 4, 3, lambda s: False)
    assert state.is_over()
    parts, view = _table_of("koalition", state)
    last = view["results"][-1]["vp"]
    assert "no card yet" not in parts.board and "—" not in parts.board.split("vote-bars")[0]
    for s, vp in enumerate(last):
        assert f'data-plays="{s}"' in parts.board and f'data-last-vp="{vp}"' in parts.board


def test_alliances_a_number_with_one_suit_left_says_its_suit():
    from app.builder import Builder
    from app.games import alliances as al

    game = get_game("alliances")
    state = game.new(4, seed=1)
    seat = state.to_act()[0]
    state.apply(seat, "bid 10 economics")
    seat = state.to_act()[0]
    view = state.view(seat)
    view["names"] = ["A", "B", "C", "D"]
    ctx = render.TableContext(interactive=True, seat=seat, game_id="alliances")
    ctx.builder = Builder(view["legal"], game.parse_action, view.get("labels"))
    html = al.bidding(view, ctx, set())
    ten = html.split('data-action="bid 10 politics"')[1].split("</button>")[0]
    assert "Politics" in ten  # the button that places 10 Politics at once says so


def test_alliances_rise_to_power_the_held_cards_set_aside():
    """3 players: the Empire sets a card aside by pressing it in the hand (no
    list of "Set aside" buttons below the hand), told for whom."""
    state = get_game("alliances").new(3, seed=3)
    seat = state.to_act()[0]
    assert state.phase == "give"
    parts, view = _table_of("alliances", state, seat)
    cards = parts.hand.split("data-hand-cards>")[1].split("</div>")[0]
    for cid in view["hand"]:
        assert f'data-action="give {cid}"' in cards
    assert parts.hand.count('data-action="give ') == len(view["hand"]) and 'class="actions"' not in parts.hand
    assert f"Set aside a card for P{(seat + 1) % 3 + 1} (1 of the pair)" in parts.hand
    state.apply(seat, "give " + view["hand"][0])
    state.apply(seat, "give " + view["hand"][1])
    parts, _ = _table_of("alliances", state, seat)
    assert f"Set aside a card for P{(seat + 2) % 3 + 1} (1 of the pair)" in parts.hand


def test_alliances_end_says_which_side_has_which_countries():
    state = _played_until("alliances", 4, 2, lambda s: False)
    assert state.is_over()
    parts, _ = _table_of("alliances", state)
    assert "Gold</span> " in parts.result and "Silver</span> " in parts.result
    for result in state.results:  # and why each campaign went to its side
        assert result["why"] and f"{result['why']}</td></tr>" in parts.result


def test_alliances_3p_campaigns_name_their_empire():
    """With 3 players no side wins a campaign: each campaign's line and the
    end's table name the player who was the Empire (not an empty "won by")."""
    state = _played_until("alliances", 3, 2, lambda s: False)
    assert state.is_over()
    parts, _ = _table_of("alliances", state)
    names = [f"P{s + 1}" for s in range(3)]
    for result in state.results:
        empire = names[result["empire"]]
        assert f"<li>Campaign {result['campaign']}: {empire} the Empire (" in parts.side
        assert f"<td>{empire}</td></tr>" in parts.result
    assert "won by" not in parts.result and "<th scope=col>the Empire</th>" in parts.result


def test_alliances_a_campaign_s_line_says_why_its_side_won():
    """The table's campaign list gives each result its reason: a side with
    fewer countries wins when the Aggressor falls short of its bid."""
    fewer = 0
    for seed in range(1, 6):
        state = _played_until("alliances", 4, seed, lambda s: bool(s.results))
        result = state.results[0]
        parts, _ = _table_of("alliances", state)
        line = parts.side.split("<li>Campaign 1: ")[1].split("</li>")[0]
        assert line.endswith(": " + result["why"]) and "bid" in result["why"], line
        fewer += result["tiles"][result["winner_side"]] < result["tiles"][1 - result["winner_side"]]
    assert fewer, "no seed had a side win with fewer countries"
    # 2 players: the plain count is the reason, said once
    state = _played_until("alliances", 2, 1, lambda s: bool(s.results))
    parts, _ = _table_of("alliances", state)
    assert "why" not in state.results[0] and "countries to" not in parts.side


@pytest.mark.parametrize("game_id,players", [("election-day", 3), ("koalition", 4), ("alliances", 4),
                                             ("alliances", 2), ("die-macher", 3), ("coalition-chess", 4)])
def test_no_region_of_a_table_is_named_like_a_result_panel(game_id, players):
    """A result panel is a region named by its title ("The conflict"): no
    region of the table under it may have the same name (axe's
    landmark-unique), at any point of a game."""
    titles = {kind.title for kind in getattr(renderer_for(game_id), "RESULTS", ())}
    region = re.compile(r'<section[^>]*\baria-label="([^"]+)"|role="region"[^>]*\baria-label="([^"]+)"')
    names = set()
    for stop in (10, 40, 120):
        state = _played_until(game_id, players, 1, lambda s: False, max_moves=stop)
        parts, _ = _table_of(game_id, state, state.to_act()[0] if state.to_act() else 0)
        html = "".join(str(getattr(parts, f) or "") for f in ("status", "seats", "board", "side", "hand"))
        names |= {a or b for a, b in region.findall(html)}
    assert not names & titles, names & titles
    if game_id == "alliances":
        assert "The conflict under way" in names  # the test sees the table's regions


def test_die_macher_no_start_player_before_the_bid_and_the_phases_named():
    state = get_game("die-macher").new(3, seed=1)
    parts, _ = _table_of("die-macher", state)
    assert "start player</span>" not in parts.seats
    assert "Party programmes" in parts.board and "Media influence" in parts.board


def test_die_macher_the_card_drawn_from_the_stack_is_shown():
    from app.games.die_macher import decide

    def drew(s):
        seat = s.to_act()[0] if s.to_act() else 0
        return s.view(seat).get("step") == "take" and "You draw" in str(s.view(seat).get("log"))

    state = None
    for seed in range(1, 12):
        state = _played_until("die-macher", 3, seed, drew)
        if not state.is_over():
            break
    seat = state.to_act()[0]
    view = state.view(seat)
    shown = decide.just_drawn(view, seat)
    assert "data-drawn" in shown and any(f'data-opinion="{op}"' in shown for op in view["hand"])


def test_die_macher_an_opinion_picked_to_replace_shows_its_replacements_and_skip_only():
    """The media majority's opinion picked: the display's cards, Cancel and
    "Replace nothing", not the other opinions again (they come back after
    Cancel), so that the phase panel holds the decision."""
    def replacing(s):
        return any(a.startswith("replace ") for seat in s.to_act() for a in s.legal_actions(seat))

    state = _played_until("die-macher", 3, 3, replacing)
    assert replacing(state)
    seat = next(p for p in state.to_act() if any(a.startswith("replace ") for a in state.legal_actions(p)))
    parts, view = _table_of("die-macher", state, seat)
    steps = [a["data-step"] for _, a in Elements(parts.board).with_attr("data-step") if a["data-step"].startswith("replace")]
    assert len(steps) >= 2 and "Opinion display:" in parts.board
    ctx = render.TableContext(interactive=True, seat=seat, game_id="die-macher",
                              builder=Builder(view["legal"], get_game("die-macher").parse_action, view.get("labels"),
                                              pick_of(steps[0])))
    board = renderer_for("die-macher").parts(view, ctx).board
    page = Elements(board)
    assert [a["data-step"] for _, a in page.with_attr("data-step")] == []  # no other opinion to pick
    actions = [a["data-action"] for _, a in page.with_attr("data-action")]
    assert "skip" in actions and all(a == "skip" or a.startswith("replace ") for a in actions), actions
    assert "Opinion display:" not in board and "data-choices" in board


_URL_PART = st.sampled_from(["a", "b.html", "coalitions", "index.html", "x.whl", ".", "..", "", "static", "q?x", "h#y"])


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(["http://h:1", "https://x.io", "HTTP://H", "file://", "http://u@h:8"]),
       st.lists(_URL_PART, max_size=4), st.sampled_from(["", "?q=1", "#/play/x", "?a/b#c/d"]),
       st.lists(_URL_PART | st.sampled_from(["static/embed.js", "./", "./x.whl", "x:y", "/abs"]), min_size=1, max_size=3))
def test_joining_a_url_is_urllibs(origin, folders, rest, parts):
    """The page's own joining of a relative path to its URL (which spares the
    bot worker's start and a walkthrough importing urllib.parse and ipaddress)
    gives what urllib.parse.urljoin gives."""
    from urllib import parse

    base = origin + "/" + "/".join(folders) + rest
    path = "/".join(parts)
    assert routes.join_url(base, path) == parse.urljoin(base, path)
    assert routes.join_url("http://h:1/coalitions/index.html#/play/x", "./x.whl") == "http://h:1/coalitions/x.whl"
