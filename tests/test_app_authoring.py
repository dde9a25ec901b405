"""Writing a walkthrough under CPython (app.authoring): the walkthrough made
from a record, captions and learner steps, what a reader sees of the hands,
the link that carries all of it, damaged and tampered links, and the draft
kept in storage (full or unavailable storage loses nothing)."""

from __future__ import annotations

import base64
import copy
import json
import random
import sys
import zlib
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parent.parent / "py"
if str(PY) not in sys.path:
    sys.path.insert(0, str(PY))

from app import authoring, routes, share, storage  # noqa: E402
from app.flow import WalkthroughFlow, review_flow  # noqa: E402
from coalitions.core.errors import RecordError  # noqa: E402
from coalitions.core.match import Match  # noqa: E402
from coalitions.core.records import MAX_CAPTION, make_players  # noqa: E402
from coalitions.registry import get_game  # noqa: E402

GAME = get_game("election-day")
EVIL = '<img src=x onerror=alert(1)> & "quotes"'
BASE = "https://example.org/coalitions/"


@pytest.fixture(scope="module")
def finished():
    m = Match.new("election-day", make_players(["bot", "bot", "bot"], names=["Ann", "Bo", "Cy"]), seed=7,
                  meta={"created": 1.0, "imported": "secret-name.json"})
    m.advance()
    assert m.is_over()
    return m


def unfinished(moves=6):
    m = Match.new("election-day", make_players(["human", "bot", "bot"]), seed=11)
    for _ in range(moves):
        seat = m.to_act()[0]
        m.apply(seat, m.view(seat)["legal"][0])
    assert not m.is_over()
    return m


def payload_of(data):
    text = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(text, 9)).decode().rstrip("=")


def test_a_walkthrough_from_a_finished_game_is_a_record_that_replays(finished):
    rec = review_flow(finished).record
    draft = authoring.Draft("d1", authoring.walkthrough_of(rec, None, True))
    assert draft.total == len(finished.record["moves"])
    assert "meta" not in draft.record  # file names and dates stay at home
    assert draft.record["walkthrough"] == authoring.WALKTHROUGH_VERSION
    assert draft.title.startswith("Election Day: Ann, Bo, Cy")
    assert draft.shows() == "Readers see every hand, at every step."
    assert draft.finished()
    assert Match(copy.deepcopy(draft.record)).record["moves"] == finished.record["moves"]


def test_captions_and_learner_steps_round_trip_through_the_link(finished):
    draft = authoring.Draft("d1", authoring.walkthrough_of(finished.record))
    draft.go(4)
    assert draft.set_caption("  Watch the Battle.\nThen the Darkness.") == "  Watch the Battle.\nThen the Darkness."
    draft.go(0)
    draft.set_caption(EVIL)
    draft.go(6)
    draft.set_learner(True)
    assert draft.is_learner() and draft.learn == {7}
    draft.set_title("How a debate ends")
    link = draft.link(BASE)
    assert link["url"].startswith(BASE + "#/shared/") and link["url"].endswith("?step=0")
    route = routes.parse(link["url"].split("#", 1)[1])
    assert route.name == "shared" and route.param("step") == "0"
    back = authoring.open_link(route.args[0])
    assert back["captions"] == {"0": EVIL, "4": "  Watch the Battle.\nThen the Darkness."}
    assert back["learn"] == [7] and back["title"] == "How a debate ends"
    # the reader's player: the learner step asks for move 7 from the seat that made it
    flow = WalkthroughFlow(GAME, "shared", back, 6, set(back["learn"]), payload=route.args[0])
    n, seat, action = flow.learning()
    assert (n, seat, action) == (7, *finished.record["moves"][6])
    assert flow.go("next") is False  # Next waits for the learner's move
    assert flow.act(action) and flow.step == 7
    flow.go("restart")
    assert flow.caption({}) == EVIL  # the caption is the text as written; the page escapes it


def test_the_embed_snippet_carries_the_whole_walkthrough(finished):
    draft = authoring.Draft("d1", authoring.walkthrough_of(finished.record, title=EVIL))
    draft.set_caption("First step")
    snippet = draft.embed_snippet(BASE)
    assert "<img" not in snippet and "&lt;img src=x" in snippet  # the title is escaped in the snippet
    src = draft.embed_src(BASE)
    assert src.startswith(BASE + "#/shared/") and src.endswith("?step=0&embed=1")
    payload = routes.parse(src.split("#", 1)[1]).args[0]
    assert authoring.open_link(payload)["captions"] == {"0": "First step"}
    assert f'src="{src.replace("&", "&amp;")}"' in snippet


def test_captions_and_titles_are_cleaned_and_bounded(finished):
    draft = authoring.Draft("d1", authoring.walkthrough_of(finished.record))
    assert draft.set_caption("a\x00b\x1bc\r\nd\te") == "abc\nd e"
    assert len(draft.set_caption("x" * (MAX_CAPTION + 50))) == MAX_CAPTION
    assert draft.set_caption("   \n ") == "" and "0" not in draft.record["captions"]
    assert draft.set_title("one\ntwo\x07") == "one two"
    assert len(draft.set_title("t" * 500)) == authoring.MAX_TITLE
    draft.go(10_000)
    assert draft.step == draft.total
    assert draft.go(-3) and draft.step == 0
    assert not draft.go("nonsense")


def test_learner_steps_can_be_unmarked_and_are_checked(finished):
    draft = authoring.Draft("d1", authoring.walkthrough_of(finished.record))
    draft.go(2)
    draft.set_learner(True)
    draft.go(5)
    draft.set_learner(True)
    assert draft.learn == {3, 6}
    draft.set_learner(False)
    assert draft.learn == {3}
    draft.go(draft.total)
    with pytest.raises(RecordError, match="there is no move"):
        draft.set_learner(True)
    draft.start_over()
    assert draft.learn == set() and draft.record["captions"] == {} and draft.step == 0


def test_a_hidden_view_allows_only_the_shown_seats_moves_as_learner_steps():
    m = unfinished(8)
    rec = authoring.walkthrough_of(m.record, view_seat=1, open_hands=False)
    draft = authoring.Draft("d2", rec)
    name = m.names[1]
    assert draft.shows() == f"Readers see the table as {name} saw it, with {name}'s hand only."
    mine = [k for k, (seat, _) in enumerate(m.record["moves"], 1) if seat == 1]
    other = [k for k, (seat, _) in enumerate(m.record["moves"], 1) if seat != 1]
    assert mine and other
    draft.go(mine[0] - 1)
    draft.set_learner(True)
    draft.go(other[0] - 1)
    assert "only" in draft.learner_problem()
    with pytest.raises(RecordError, match="can be learner steps"):
        draft.set_learner(True)
    assert draft.learn == {mine[0]}
    # every hand hidden: no learner step, since it would show the mover's hand
    spectator = authoring.Draft("d3", authoring.walkthrough_of(m.record, view_seat=None, open_hands=False))
    assert spectator.shows() == "Readers see the table with every hand hidden."
    with pytest.raises(RecordError, match="hides every hand"):
        spectator.set_learner(True)
    assert not spectator.finished()


def test_a_hand_edited_link_cannot_add_a_learner_step_that_shows_a_hidden_hand():
    m = unfinished(8)
    rec = authoring.walkthrough_of(m.record, view_seat=1, open_hands=False)
    other = [k for k, (seat, _) in enumerate(m.record["moves"], 1) if seat != 1]
    rec["learn"] = other[:2]
    reader = authoring.for_reader(share.open_payload(payload_of(rec)))
    assert reader["learn"] == []
    assert authoring.open_link(payload_of(rec))["learn"] == []


def test_a_tampered_walkthrough_fails_at_its_first_illegal_step(finished):
    rec = authoring.walkthrough_of(finished.record)
    rec["captions"] = {"1": EVIL}
    seat, _action = rec["moves"][4]
    rec["moves"][4] = [seat, "play no-such-card"]
    with pytest.raises(RecordError) as err:
        authoring.open_link(payload_of(rec))
    assert "step 5" in str(err.value) and "no-such-card" in str(err.value)
    with pytest.raises(RecordError) as err:
        share.open_payload(payload_of(rec))  # what the reader's page shows
    assert "step 5" in str(err.value)


def test_links_from_a_newer_version_or_of_the_wrong_shape_are_refused(finished):
    rec = authoring.walkthrough_of(finished.record)
    rec["walkthrough"] = 2
    with pytest.raises(RecordError, match="newer version"):
        authoring.open_link(payload_of(rec))
    rec["walkthrough"] = "1"
    with pytest.raises(RecordError, match="version"):
        authoring.open_link(payload_of(rec))
    rec["walkthrough"] = 1
    rec["open_hands"] = "no"
    with pytest.raises(RecordError, match="open_hands"):
        authoring.open_link(payload_of(rec))
    with pytest.raises(RecordError):
        authoring.open_link(payload_of([1, 2, 3]))
    with pytest.raises(RecordError, match="damaged"):
        authoring.open_link(share.encode(rec)[:-9])


def test_a_link_too_deep_is_refused_before_it_is_parsed():
    deep = "[" * 5000 + "]" * 5000
    payload = base64.urlsafe_b64encode(zlib.compress(deep.encode(), 9)).decode().rstrip("=")
    with pytest.raises(RecordError, match="nested too deeply|not a record"):
        authoring.open_link(payload)
    # a value handed over already parsed is bounded before it is copied
    nested: list = []
    cur = nested
    for _ in range(200):
        cur.append([])
        cur = cur[0]
    record = {"format": "coalitions-record", "version": 1, "game": "election-day", "extra": nested}
    with pytest.raises(RecordError, match="nested too deeply"):
        authoring.walkthrough_of(record)


# -- the draft in storage ------------------------------------------------------------------


def test_the_draft_survives_a_reload(finished):
    backend = storage.MemoryBackend()
    drafts = authoring.Drafts(storage.Store(backend, "coalitions:/site/:"))
    draft, problem = drafts.begin(finished.record, back="#/review/abcd2345")
    assert problem is None
    draft.go(3)
    draft.set_caption(EVIL)
    draft.go(5)
    draft.set_learner(True)
    assert drafts.save(draft) is None
    assert any(k.startswith("coalitions:/site/:author:") for k in backend.data)
    # a reload: a new store over the same backend
    again = authoring.Drafts(storage.Store(backend, "coalitions:/site/:")).load(draft.id)
    assert again.step == 5 and again.caption(3) == EVIL and again.learn == {6}
    assert again.back == "#/review/abcd2345"
    # making a walkthrough of the same game again reopens the draft in progress
    same, _ = authoring.Drafts(storage.Store(backend, "coalitions:/site/:")).begin(finished.record)
    assert same.id == draft.id and same.caption(3) == EVIL and same.step == 5


def test_a_full_storage_says_so_and_loses_nothing(finished):
    class Filling(storage.MemoryBackend):
        full = False

        def set(self, key, value):
            if self.full:
                raise storage.StorageError("QuotaExceededError", full=True)
            super().set(key, value)

    backend = Filling()
    store = storage.Store(backend)
    store.save("game1", "{}", {"title": "a game"})
    drafts = authoring.Drafts(store)
    draft, _ = drafts.begin(finished.record)
    draft.set_caption("saved before")
    assert drafts.save(draft) is None
    backend.full = True
    draft.set_caption("typed while full")
    message = drafts.save(draft)
    assert message == authoring.NOT_SAVED_FULL and "Share" in message
    assert store.problem is None  # the games' own notice is not about this
    # the page keeps the edit; what was saved before is untouched
    assert drafts.load(draft.id).caption() == "typed while full"
    assert "saved before" in backend.data[drafts.key(draft.id)]
    assert backend.data[store.save_prefix + "game1"] == "{}"
    assert drafts.unsaved(draft.id) == authoring.NOT_SAVED_FULL
    backend.full = False
    assert drafts.save(draft) is None
    assert drafts.unsaved(draft.id) is None
    assert "typed while full" in backend.data[drafts.key(draft.id)]


def test_unavailable_storage_keeps_the_draft_in_the_page(finished):
    store = storage.Store(None)
    drafts = authoring.Drafts(store)
    draft, problem = drafts.begin(finished.record)
    assert problem == authoring.NOT_SAVED_UNAVAILABLE
    draft.set_caption("only here")
    assert drafts.save(draft) == authoring.NOT_SAVED_UNAVAILABLE
    assert drafts.load(draft.id).caption() == "only here"
    # opened again in the same page: still said to be unsaved
    again, problem = drafts.begin(finished.record)
    assert again.caption() == "only here" and problem == authoring.NOT_SAVED_UNAVAILABLE
    assert drafts.unsaved(draft.id) == authoring.NOT_SAVED_UNAVAILABLE


def test_a_damaged_draft_is_refused_with_a_message_and_left_alone(finished):
    backend = storage.MemoryBackend()
    drafts = authoring.Drafts(storage.Store(backend))
    draft, _ = drafts.begin(finished.record)
    key = drafts.key(draft.id)
    good = backend.data[key]
    for damaged in ("{", "[]", json.dumps({"format": "other"}), good.replace('"version": 1', '"version": 9', 1),
                    "[" * 100 + "]" * 100):
        backend.data[key] = damaged
        with pytest.raises(RecordError):
            drafts.load(draft.id)
        assert backend.data[key] == damaged
    tampered = json.loads(good)
    tampered["record"]["moves"][2][1] = "play nothing-at-all"
    backend.data[key] = json.dumps(tampered)
    with pytest.raises(RecordError, match="step 3"):
        drafts.load(draft.id)
    assert drafts.load("no-such-draft") is None
    drafts.delete(draft.id)
    assert key not in backend.data


def test_the_author_route():
    route = routes.parse(routes.author("4d7c492cb114"))
    assert route.name == "author" and route.args == ["4d7c492cb114"]
    assert routes.parse("#/author").name == "notfound"
    assert routes.parse("#/author/a/b").name == "notfound"


def test_a_link_is_bounded_in_length_before_it_is_decoded():
    with pytest.raises(RecordError, match="too large"):
        authoring.open_link("A" * (share.MAX_PAYLOAD + 1))
    # the largest record a link may hold still fits under the bound, even incompressible
    noise = random.Random(1).randbytes(share.MAX_JSON_BYTES)
    packed = base64.urlsafe_b64encode(zlib.compress(noise, 9)).decode().rstrip("=")
    assert len(packed) <= share.MAX_PAYLOAD
