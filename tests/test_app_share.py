"""Share links, embed code and learner steps under CPython: the payload round
trip, damaged links, the "learn" field of records, the embed snippet."""

from __future__ import annotations

import base64
import copy
import json
import random
import string
import sys
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parent.parent / "py"
if str(PY) not in sys.path:
    sys.path.insert(0, str(PY))

from app import render, routes, share  # noqa: E402
from coalitions.core.errors import RecordError  # noqa: E402
from coalitions.core.match import Match  # noqa: E402
from coalitions.core.records import check_header, make_players, replay  # noqa: E402
from coalitions.registry import get_game  # noqa: E402

GAME = get_game("election-day")
WALKTHROUGHS = GAME.walkthroughs()
EVIL = '<img src=x onerror=alert(1)> & "quotes"'


class Elements(HTMLParser):
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


def played(seed=7, moves=12, kinds=("human", "bot", "bot", "bot")):
    m = Match.new("election-day", make_players(list(kinds), names=["Ann " + EVIL]), seed=seed,
                  meta={"created": 123.0, "imported": "secret-file-name.json"})
    for _ in range(moves):
        if m.is_over():
            break
        seat = m.to_act()[0]
        m.apply(seat, m.view(seat)["legal"][0])
    return m


def b64(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


# -- the payload ----------------------------------------------------------------------------


def test_payload_round_trip():
    m = played()
    payload = share.encode(m.record)
    assert set(payload) <= set(string.ascii_letters + string.digits + "-_")
    data = share.decode(payload)
    assert "meta" not in data  # save dates and file names stay at home
    assert data == json.loads(json.dumps(share.shared_record(m.record)))
    # the payload is zlib (level 9) of the canonical JSON
    canon = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    assert zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))) == canon
    assert payload == b64(zlib.compress(canon, 9))
    rec = share.open_payload(payload)
    again = Match(rec)
    assert again.record["moves"] == m.record["moves"]
    assert again.view(0)["hand"] == m.view(0)["hand"]
    assert again.names[0] == m.names[0]


def test_payload_is_canonical():
    m = played()
    shuffled = dict(reversed(list(m.record.items())))
    assert share.encode(shuffled) == share.encode(m.record)


def test_walkthrough_payload_keeps_captions_and_learner_steps():
    rec = WALKTHROUGHS["debate-scoring"]
    back = share.open_payload(share.encode(rec))
    assert back["captions"] == rec["captions"] and back["learn"] == rec["learn"]
    assert back["title"] == rec["title"]


def test_share_link_and_its_route():
    m = played()
    link = share.share_link("https://example.org/coalitions/index.html", m.record, seat=0)
    assert link["url"].startswith("https://example.org/coalitions/index.html#/shared/")
    assert not link["too_long"] and link["length"] == len(link["url"])
    route = routes.parse(link["url"].split("#", 1)[1])
    assert route.name == "shared" and route.args == [link["payload"]]
    assert route.param("seat") == "0" and "step" not in route.params
    wt = routes.parse(share.share_hash("abc", step=3, embed=True))
    assert wt.name == "shared" and wt.param("step") == "3" and wt.embed


def test_a_too_long_record_says_so():
    m = played()
    noise = random.Random(1)
    m.record["description"] = "".join(noise.choice(string.ascii_letters) for _ in range(12000))
    link = share.share_link("http://127.0.0.1:8000/", m.record)
    assert link["too_long"] and link["length"] > share.MAX_URL
    html = render.share_panel(link, "this game", step=3, in_progress=True)
    page = Elements(html)
    assert page.with_attr("data-share-too-long") and not page.with_attr("data-share-url")
    assert any(a.get("data-ui") == "export" for _, a in page.elements)
    assert "8,000" in "".join(page.text)


def test_share_panel_shows_the_link_and_the_warning():
    m = played()
    link = share.share_link("http://127.0.0.1:8000/", m.record, seat=0)
    html = render.share_panel(link, "this game", step=12, in_progress=True)
    page = Elements(html)
    (tag, field), = page.with_attr("data-share-url")
    assert tag == "input" and "readonly" in field and field["value"] == link["url"]
    assert render.WHOLE_DEAL in "".join(page.text)
    assert page.with_attr("data-share-step")[0][1]["data-share-step"] == "12"
    assert "data-share-warning" not in render.share_panel(link, "this game", in_progress=False)


# -- damaged links -----------------------------------------------------------------------------


def refused(payload, words):
    with pytest.raises(RecordError) as info:
        share.open_payload(payload)
    message = str(info.value)
    assert words in message, message
    return message


def test_a_changed_character_is_a_clear_message():
    payload = share.encode(played().record)
    i = len(payload) // 2
    tampered = payload[:i] + ("A" if payload[i] != "A" else "B") + payload[i + 1:]
    refused(tampered, "damaged")


def test_damaged_payloads():
    payload = share.encode(played().record)
    refused("", "holds no record")
    refused(payload[: len(payload) // 2], "damaged or incomplete")
    refused(payload + "%3Cscript%3E", "characters")
    refused(payload[:-1] + "=", "characters")
    refused(b64(b"not compressed at all"), "does not unpack")
    refused(b64(zlib.compress(b"{not json")), "not a record")
    refused(b64(zlib.compress(b"[1, 2, 3]")), "not a record")
    refused(b64(zlib.compress(b"\xff\xfe")), "not a record")
    refused(b64(zlib.compress(b'{"hello": "world"}')), "not a Coalitions record")
    refused(b64(zlib.compress(b"{}") + b"extra"), "added at its end")


def test_an_illegal_move_names_its_step():
    rec = json.loads(json.dumps(share.shared_record(played(moves=5).record)))
    rec["moves"].append([rec["moves"][-1][0], "play nothing"])
    raw = json.dumps(rec).encode()
    message = refused(b64(zlib.compress(raw, 9)), f"step {len(rec['moves'])}")
    assert "not valid" in message


def test_a_decompression_bomb_is_refused():
    bomb = zlib.compress(b"{" + b" " * (share.MAX_JSON_BYTES + 10) + b"}", 9)
    refused(b64(bomb), "too large")


# -- the learn field -----------------------------------------------------------------------------


def with_learn(value):
    rec = copy.deepcopy(WALKTHROUGHS["debate-scoring"])
    rec["learn"] = value
    return rec


@pytest.mark.parametrize("value, words", [
    ("2", "learn must be a list"),
    ({"2": True}, "learn must be a list"),
    ([True], "True is not a step number"),
    (["2"], "'2' is not a step number"),
    ([2.0], "2.0 is not a step number"),
    ([0], "step 0 does not exist (the steps are 1 to 6)"),
    ([7], "step 7 does not exist (the steps are 1 to 6)"),
    ([-1], "step -1 does not exist"),
    ([2, 3, 2], "step 2 is listed twice"),
])
def test_learn_field_is_checked(value, words):
    with pytest.raises(RecordError) as info:
        check_header(with_learn(value))
    assert words in str(info.value)


def test_learn_field_is_normalized_and_optional():
    _, rec = check_header(with_learn([5, 2]))
    assert rec["learn"] == [2, 5]
    _, rec = check_header(with_learn(None))
    assert rec["learn"] == []
    plain = copy.deepcopy(WALKTHROUGHS["debate-scoring"])
    del plain["learn"]
    _, rec = check_header(plain)
    assert "learn" not in rec
    empty = dict(plain, moves=[], captions={}, learn=[1])
    with pytest.raises(RecordError, match="the record has no moves"):
        check_header(empty)


@pytest.mark.parametrize("name", sorted(WALKTHROUGHS))
def test_every_walkthrough_has_a_learner_step_to_make(name):
    rec = WALKTHROUGHS[name]
    norm, _ = replay(copy.deepcopy(rec))
    assert norm["learn"], f"{name} asks the learner for no move"
    for k in norm["learn"]:
        assert "Your turn" in norm["captions"][str(k - 1)], "the caption before the step asks for the move"
        partial = copy.deepcopy(rec)
        seat, action = partial["moves"][k - 1]
        partial["moves"] = partial["moves"][: k - 1]
        partial["captions"] = {}
        partial.pop("learn")
        view = Match(partial).view(seat)
        assert action in view["legal"]
        assert len(view["legal"]) > 1, "a wrong move must be possible, or the step teaches nothing"


# -- the walkthrough page -------------------------------------------------------------------------


META = GAME.metadata()


def test_learner_step_controls():
    html = render.walkthrough(META, "w", "Title", 1, 6, "Your turn.", "<p>table</p>",
                              learner={"hint": "Not <b>this</b>"})
    page = Elements(html)
    ui = {a["data-ui"]: a for _, a in page.with_attr("data-ui")}
    assert "disabled" in ui["next"] and "show-me" in ui
    assert "Not &lt;b&gt;this&lt;/b&gt;" in html
    assert page.with_attr("data-learn") and page.with_attr("data-learn-hint")
    plain = render.walkthrough(META, "w", "Title", 1, 6, "Caption", "<p>table</p>")
    assert "show-me" not in plain and "data-learn" not in plain


def test_embedded_walkthrough_has_only_the_board_caption_controls_and_play_link():
    tools = render.walkthrough_tools(render.embed_panel("x"), "embed")
    html = render.walkthrough(META, "w", "Title", 0, 6, "Caption", "<p>table</p>", embed=True, tools=tools)
    page = Elements(html)
    assert not page.with_attr("data-embed-code") and "Copy embed code" not in html
    assert "crumbs" not in html
    (tag, link), = page.with_attr("data-play-link")
    assert tag == "a" and link["target"] == "_blank" and "noopener" in link["rel"].split()
    assert link["href"] == "#/new/election-day"
    normal = Elements(render.walkthrough(META, "w", "Title", 0, 6, "Caption", "<p>t</p>", tools=tools))
    assert normal.with_attr("data-embed-code") and not normal.with_attr("data-play-link")


def snippet_attrs(snippet):
    """The iframe's attributes; the snippet is the iframe, then the include
    that sizes it, from the frame's own site."""
    page = Elements(snippet)
    assert [t for t, _ in page.elements] == ["iframe", "script"]
    frame, script = page.elements[0][1], page.elements[1][1]
    assert script["src"] == frame["src"].split("#", 1)[0] + "static/embed.js"
    assert "async" in script
    return frame


def test_embed_snippet_under_a_sub_path():
    src = share.walkthrough_embed_url("https://example.org/coalitions/", "election-day", "debate-scoring")
    assert src == "https://example.org/coalitions/#/walkthrough/election-day/debate-scoring?embed=1"
    title = WALKTHROUGHS["debate-scoring"]["title"]
    snippet = share.embed_snippet(src, title)
    a = snippet_attrs(snippet)
    assert a["src"] == src
    assert a["title"] == f"{title} — Coalitions"
    assert "width" not in a and "height" not in a and a["loading"] == "lazy"
    # it fills its column, up to 800 px, and is 600 px tall until told its height
    assert a["style"] == "display:block;border:0;width:100%;max-width:800px;height:600px"
    assert snippet.startswith("<iframe ") and snippet.endswith("></script>")
    assert share.embed_snippet(src, title, 640, 480).count("max-width:640px;height:480px") == 1


def test_embed_snippet_escapes_the_title_and_the_url():
    src = "https://example.org/a b/#/shared/xyz?step=0&embed=1"
    snippet = share.embed_snippet(src, EVIL)
    assert "<img" not in snippet and '"quotes"' not in snippet
    assert "&amp;embed=1" in snippet
    a = snippet_attrs(snippet)
    assert a["title"] == f"{EVIL} — Coalitions" and a["src"] == src
    # shown in a textarea, the snippet is text: the page gets no iframe of its own
    panel = render.embed_panel(snippet)
    page = Elements(panel)
    assert [t for t, _ in page.elements].count("iframe") == 0
    assert "".join(page.text).count(snippet) == 1


def test_shared_game_page():
    m = played()
    view = m.view(0)
    html = render.shared_game(META, 12, False, "<p>table</p>", seat_name=EVIL)
    page = Elements(html)
    assert "<img" not in html and EVIL in "".join(page.text)
    assert page.with_attr("data-at-step")[0][1]["data-at-step"] == "12"
    assert any(a.get("data-ui") == "continue-shared" for _, a in page.elements)
    assert view["hand"]
