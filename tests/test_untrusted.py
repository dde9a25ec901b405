"""Untrusted records (issue 16): the size and depth of JSON are bounded before
it is parsed, nothing deep-copies or recurses through a record before its
depth is checked, a position where a seat must act with no legal action is
refused with the step, and messages never echo a huge input in full.

The checks run under a lowered recursion limit where it matters: Pyodide's
stack overflows (and takes the whole runtime with it) long before CPython's
RecursionError, so "refused before any recursion" is what is tested, not
"survives CPython's limit"."""

import copy
import json
import re
import sys
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coalitions.core import registry as core_registry
from coalitions.core.errors import MAX_ECHO, CoalitionsError, IllegalActionError, RecordError, brief, clip_message
from coalitions.core.game import Game, Outcome, State
from coalitions.core.match import Match
from coalitions.core.records import (
    MAX_DEPTH, MAX_RECORD_BYTES, check_depth, check_header, json_depth, loads, make_players, new_record, replay,
)
from coalitions.games.alliances.data import TILE_IDS
from coalitions.registry import get_game

TOO_DEEP = "nested too deeply to be a Coalitions record"


def nested_list(depth, inner=0):
    """A list `depth` levels deep, built without recursion."""
    value = inner
    for _ in range(depth):
        value = [value]
    return value


@contextmanager
def shallow_stack(frames=80):
    """Allow only `frames` more Python frames than the caller has: a stand-in
    for Pyodide's small stack. A check that recursed along a deep input would
    raise RecursionError here."""
    depth, f = 0, sys._getframe()
    while f is not None:
        depth, f = depth + 1, f.f_back
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


@pytest.fixture(scope="module")
def record():
    """A short finished-or-not Election Day record between two humans and a bot."""
    m = Match.new("election-day", make_players(["human", "human", "bot"]), seed=5)
    for _ in range(6):
        seat = m.to_act()[0]
        m.apply(seat, m.state.legal_actions(seat)[0])
    return copy.deepcopy(m.record)


# -- the text: size and depth before parsing ---------------------------------------------


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 600, 8000, 20000])
def test_deeply_nested_json_is_refused_before_it_is_parsed(depth):
    for text in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth, "[" * depth):
        with shallow_stack(), pytest.raises(RecordError, match=TOO_DEEP):
            loads(text)
        with shallow_stack(), pytest.raises(RecordError, match=TOO_DEEP):
            loads(text.encode("utf-8"))


def test_the_depth_limit_is_exact():
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) == nested_list(MAX_DEPTH - 1, [])
    ok = '{"a":' * MAX_DEPTH + "1" + "}" * MAX_DEPTH
    assert json_depth(ok) == MAX_DEPTH and loads(ok)
    with pytest.raises(RecordError, match=TOO_DEEP):
        loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))


def test_brackets_inside_strings_do_not_count():
    many = "[" * 5000 + "{" * 5000
    assert loads(json.dumps([many, "]" * 100])) == [many, "]" * 100]
    tricky = ['\\"' + many, 'a\\\\', "[{", '"quoted"' + many]  # escaped quotes and backslashes
    assert loads(json.dumps(tricky)) == tricky
    assert json_depth(json.dumps({"k[": [1, "]]]"], "v{": {"w": "}"}})) == 2


def test_a_text_over_the_size_limit_is_refused_before_parsing():
    big = '"' + "a" * (MAX_RECORD_BYTES - 1) + '"'  # one character over
    for text in (big, big.encode("ascii")):
        with pytest.raises(RecordError, match=r"too large to be a Coalitions record \(more than 5 MB\)"):
            loads(text)
    assert loads(big[:-2] + '"') == "a" * (MAX_RECORD_BYTES - 2)  # at the limit: parsed


def test_bad_json_messages_are_short():
    with pytest.raises(RecordError, match="not a Coalitions record as saved") as info:
        loads('{"a": ' + "x" * 1_000_000)
    assert len(str(info.value)) < 400


@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab,: '),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(alphabet='[]{}"\\k'), inner, max_size=3),
    max_leaves=20,
))
@settings(max_examples=150, deadline=None, derandomize=True, database=None)
def test_json_depth_is_the_depth_of_the_value(value):
    def depth(v):
        if isinstance(v, list):
            return 1 + max(map(depth, v), default=0)
        if isinstance(v, dict):
            return 1 + max(map(depth, v.values()), default=0)
        return 0
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False, indent=1)):
        assert json_depth(text) == depth(value)


# -- parsed records: checked before anything recursive sees them ---------------------------


def test_a_record_with_a_field_nested_700_deep_is_refused_with_a_message(record):
    deep = dict(record, meta={"notes": nested_list(700)})
    for load in (replay, Match, check_header):
        with pytest.raises(RecordError, match=TOO_DEEP + r" \(more than 64 levels of brackets in the field 'meta'\)"):
            load(deep)
    text = json.dumps(dict(record, meta=None)).replace('"meta": null', '"meta": ' + "[" * 700 + "]" * 700)
    with pytest.raises(RecordError, match=TOO_DEEP):
        loads(text)


def test_match_checks_a_record_before_it_copies_it(record):
    """Match used to deep-copy the caller's record first: a record too deep for
    copy.deepcopy crashed (Pyodide's stack) before any check. A deep deal,
    deep moves and a deep extra field are all refused on a shallow stack."""
    for change in ({"meta": nested_list(100_000)}, {"deal": nested_list(100_000)},
                   {"moves": [nested_list(100_000)]}, {"players": nested_list(100_000)}):
        with shallow_stack(), pytest.raises(RecordError, match=TOO_DEEP):
            Match(dict(record, **change))
    with shallow_stack(), pytest.raises(RecordError, match=TOO_DEEP):
        replay(dict(record, deal={"hands": nested_list(100_000)}))
    cyclic = []
    cyclic.append(cyclic)
    with shallow_stack(), pytest.raises(RecordError, match=TOO_DEEP):
        Match(dict(record, meta=cyclic))


def test_a_checked_record_is_copied_so_the_caller_keeps_theirs(record):
    rec = dict(record, meta={"notes": nested_list(MAX_DEPTH - 3)})
    before = copy.deepcopy(rec)
    m = Match(rec)
    seat = m.to_act()[0]
    m.apply(seat, m.state.legal_actions(seat)[0])
    m.record["meta"]["notes"].append(1)
    assert rec == before


def test_check_depth_counts_values_too():
    check_depth({"a": [[1, 2], {"b": [3]}]})
    with pytest.raises(RecordError, match="too many values"):
        check_depth([[0] * (MAX_RECORD_BYTES // 2 + 1), [0] * (MAX_RECORD_BYTES // 2 + 1)])


# -- messages echo a bad input briefly -----------------------------------------------------


def test_a_huge_action_is_echoed_briefly(record):
    for action in ("x" * 10_000_000, "play " + "y" * 10_000_000, "play " + "z " * 1_000_000):
        bad = copy.deepcopy(record)
        bad["moves"][2] = [bad["moves"][2][0], action]
        with pytest.raises(RecordError) as info:
            replay(bad)
        msg = str(info.value)
        assert msg.startswith("step 3 (") and "…" in msg and len(msg) <= 400, msg[:500]


def test_huge_values_elsewhere_are_echoed_briefly(record):
    cases = [
        dict(record, game="g" * 1_000_000),
        dict(record, options={"o" * 1_000_000: True}),
        dict(record, version=10 ** 4000),
        dict(record, players=[dict(p, kind="k" * 1_000_000) for p in record["players"]]),
        dict(record, captions={"c" * 1_000_000: "x"}),
        dict(record, moves=[["s" * 1_000_000, "pass"]]),
        dict(record, moves=[[0] * 1_000_000]),
    ]
    for bad in cases:
        with pytest.raises(RecordError) as info:
            replay(bad)
        assert len(str(info.value)) <= 400, str(info.value)[:500]


HUGE_ACTIONS = ["x" * 1_000_000, "play " + "y" * 1_000_000, "bid " + "9" * 1_000_000, "replace " + "a" * 10_000 + " b",
                "play " + "z " * 500_000, "play q" + " " * 100_000 + "w"]


@pytest.mark.parametrize("game_id", ["election-day", "koalition", "alliances", "coalition-chess", "die-macher"])
def test_an_illegal_action_is_quoted_in_at_most_about_80_characters(game_id):
    """The state's own message (not only a replayed record's): the action
    quoted once, cut to about MAX_ECHO characters, whatever its shape."""
    game = get_game(game_id)
    state = game.new(game.min_players, seed=3)
    seat = state.to_act()[0]
    for action in HUGE_ACTIONS:
        with pytest.raises(IllegalActionError) as info:
            state.apply(seat, action)
        msg = str(info.value)
        assert len(msg) <= 250, (len(msg), msg[:300])
        quoted = sum(len(run) for run in re.findall(r"[xyz9aqw ]{5,}", msg))
        assert quoted <= MAX_ECHO + MAX_ECHO // 4 + 4, msg
    for seat_, action in ((10 ** 5000, "pass"), ("s" * 1_000_000, "pass"), (seat, ["a"] * 1_000_000)):
        with pytest.raises(IllegalActionError) as info:
            state.apply(seat_, action)
        assert len(str(info.value)) <= 200, str(info.value)[:300]


ODD_NUMBERS = ["bid ² military", "bid ٣", "bid " + "9" * 5000 + " military", "move a² a3", "look ²",
               "play colorino at ²", "rally hesse " + "1" * 5000]


@pytest.mark.parametrize("game_id", ["election-day", "koalition", "alliances", "coalition-chess", "die-macher"])
def test_an_action_with_odd_digits_is_refused_as_illegal(game_id):
    """Digits that are not 0-9, or more than int() converts: an illegal
    action like any other (IllegalActionError, nothing changed), not a
    parser's own ValueError."""
    game = get_game(game_id)
    state = game.new(game.min_players, seed=5)
    seat = state.to_act()[0]
    before = json.dumps(state.to_json(), sort_keys=True)
    for action in ODD_NUMBERS:
        with pytest.raises(IllegalActionError):
            state.apply(seat, action)
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_brief_and_clip_message():
    assert brief("pass") == "'pass'"
    assert brief("x" * 1000) == repr("x" * MAX_ECHO) + "…"
    assert len(brief(list(range(10 ** 6)))) <= MAX_ECHO + 2
    assert brief(10 ** 5000) == "<a whole number of 16610 bits>"
    assert len(brief(nested_list(10_000))) < 40
    assert clip_message("no card " + "q" * 10 ** 6 + " here") == "no card " + "q" * MAX_ECHO + "… here"
    assert len(clip_message("w " * 10 ** 6)) == 400


# -- the invariant: a seat that must act has a legal action ---------------------------------


class StuckState(State):
    """A toy game of five "go"s; its deal can make it stuck: after
    `stuck_after` moves the seat to act has no legal action, after
    `nobody_after` moves nobody is to act though the game is not over."""

    def to_act(self):
        if self.moves >= 5 or self.moves == self.nobody_after:
            return []
        return [self.moves % self.players]

    def _legal(self, seat):
        if seat not in self.to_act() or self.moves == self.stuck_after:
            return []
        return ["go"]

    def _apply(self, seat, action):
        self.moves += 1
        return []

    def view(self, seat=None):
        return {"moves": self.moves}

    def outcome(self):
        return Outcome([0] * self.players, [], "done") if self.moves >= 5 else None

    def to_json(self):
        return {"moves": self.moves}

    @classmethod
    def setup(cls, players, options, seed, deal):
        st = cls()
        st.players, st.options, st.log, st.moves = players, options, [], 0
        deal = deal or {}
        st.stuck_after = deal.get("stuck_after")
        st.nobody_after = deal.get("nobody_after")
        return st


class StuckGame(Game):
    id = "test-stuck"
    title = "Stuck"
    State = StuckState


@pytest.fixture
def stuck(monkeypatch):
    get_game("election-day")  # the registry is scanned before the toy game joins it, for this test only
    monkeypatch.setitem(core_registry._GAMES, StuckGame.id, StuckGame)

    def rec(deal, n_moves):
        r = new_record(StuckGame.id, make_players(["human", "human"]), deal=deal)
        r["moves"] = [[k % 2, "go"] for k in range(n_moves)]
        return r
    return rec


def test_a_deal_that_leaves_the_seat_to_act_stuck_is_refused(stuck):
    for load in (replay, Match):
        with pytest.raises(RecordError, match=r"^the deal: seat 0 must act but has no legal action") as info:
            load(stuck({"stuck_after": 0}, 0))
        assert info.value.step == 0


def test_a_move_that_leads_to_a_stuck_position_is_refused_with_its_step(stuck):
    for load in (replay, Match):
        with pytest.raises(RecordError) as info:
            load(stuck({"stuck_after": 3}, 4))
        assert str(info.value) == ("step 3 ('go' by seat 0): seat 1 must act but has no legal action: "
                                   "this record cannot be played")
        assert info.value.step == 3
    with pytest.raises(RecordError, match=r"^step 2 \('go' by seat 1\): the game is not over, yet no seat is to act"):
        replay(stuck({"nobody_after": 2}, 2))


def test_a_record_that_stops_before_the_stuck_position_still_loads(stuck):
    _, state = replay(stuck({"stuck_after": 3}, 2))
    assert state.moves == 2
    _, state = replay(stuck({}, 5))
    assert state.is_over()


def test_the_issue_alliances_deal_with_every_tile_stacked_is_refused():
    """Issue 16, item 6: a 2-player Alliances deal stacking one gold token on
    each of the 20 tiles, then "trump military", left seat 0 to act with no
    legal action. It is refused, by the game's deal check or by the core's
    invariant, with a message and never an exception of another kind."""
    walk = get_game("alliances").walkthroughs()["two-player-drafting"]
    deal = dict(walk["deal"], stacks={t: [0] for t in TILE_IDS})
    rec = new_record("alliances", make_players(["human", "human"]), deal=deal)
    rec["moves"] = [[0, "trump military"]]
    for load in (replay, Match):
        with pytest.raises(RecordError):
            load(copy.deepcopy(rec))


def test_every_error_is_a_coalitions_error():
    assert issubclass(RecordError, CoalitionsError) and issubclass(RecordError, ValueError)
