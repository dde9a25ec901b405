"""Loading records (docs/records.md): every kind of bad input is a RecordError
with a message of its own; names and captions are cleaned; a finished game
replays to the same outcome."""

import copy
import json

import pytest

from coalitions.core.errors import RecordError
from coalitions.core.match import Match
from coalitions.core.records import (
    FORMAT, MAX_CAPTION, MAX_MOVES, MAX_NAME, VERSION, check_header, dumps, loads, make_players, new_record, replay,
)

GAME = "election-day"


@pytest.fixture(scope="module")
def finished():
    """A finished 4-player game between bots (seed 7) and its final state."""
    m = Match.new(GAME, make_players(["bot"] * 4, levels=["good", "random", "good", "random"]), seed=7)
    m.advance()
    assert m.is_over()
    return m


@pytest.fixture
def rec(finished):
    return copy.deepcopy(finished.record)


def refused(record, *fragments):
    """replay(record) must raise a RecordError whose message holds every fragment."""
    with pytest.raises(RecordError) as info:
        replay(record)
    msg = str(info.value)
    for f in fragments:
        assert f in msg, msg
    return info.value


def with_(rec, **changes):
    rec = copy.deepcopy(rec)
    rec.update(changes)
    return rec


# -- the text ------------------------------------------------------------------


def test_bad_json_is_refused_with_a_clear_message():
    # in words, without the parser's own text ("Expecting value: line 1 column 1")
    for text, words in (("{not json", "goes wrong at line 1, column 2"), ("", "the file is empty"),
                        ("   ", "the file is empty"), ("{'format': 1}", "goes wrong at line 1, column 2"),
                        ("[1, 2,]", "goes wrong at line 1, column 7"), ("NaN]", "does not start as a record does"),
                        ("hello", "does not start as a record does"), ('{"format": "coal', "stops before")):
        with pytest.raises(RecordError, match=words) as info:
            loads(text)
        assert "Expecting" not in str(info.value) and "char" not in str(info.value)


def test_truncated_json_is_refused(rec):
    text = dumps(rec)
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 1):
        with pytest.raises(RecordError, match="truncated"):
            loads(text[:cut])


def test_bytes_must_be_utf8(rec):
    assert loads(dumps(rec).encode("utf-8")) == rec
    with pytest.raises(RecordError, match="not text"):
        loads(b"\xff\xfe\x00garbage")


def test_a_byte_order_mark_before_the_record_is_accepted(rec):
    """Windows editors save UTF-8 with a byte-order mark: the command line
    (tests/test_cli.py) and the app's import read such a file as any other."""
    from app.session import match_from_text  # what the home page's import does with the file's bytes

    text = dumps(rec)
    for data in ("\ufeff" + text, b"\xef\xbb\xbf" + text.encode("utf-8"), text.encode("utf-8-sig")):
        assert loads(data) == rec
        match = match_from_text(data)
        assert match.record["moves"] == rec["moves"] and match.is_over()
    with pytest.raises(RecordError, match="the file is empty"):
        loads("\ufeff  ")
    with pytest.raises(RecordError, match="does not start as a record does"):
        loads("\ufeff\ufeff" + text)  # one mark only, at the very start


def test_deeply_nested_json_is_a_record_error_not_a_crash():
    with pytest.raises(RecordError):
        loads("[" * 100000 + "]" * 100000)


def test_dumps_loads_round_trip(rec):
    rec["players"][0]["name"] = "Zoë «ünïcode» 選手"
    rec["captions"] = {"0": "Début", "3": "<b>not html</b>"}
    text = dumps(rec)
    assert "Zoë" in text  # written as UTF-8, not \\u escapes
    assert loads(text) == rec
    assert loads(dumps(loads(text))) == rec


# -- the header ------------------------------------------------------------------


def test_non_objects_are_refused():
    for data in ([], [1, 2], "record", 7, None, True):
        refused(data, "a record is a JSON object")


def test_wrong_or_missing_format_marker(rec):
    refused(with_(rec, format="coalitions"), "not a Coalitions record")
    refused(with_(rec, format=None), "not a Coalitions record")
    del rec["format"]
    refused(rec, "not a Coalitions record")


def test_versions(rec):
    refused(with_(rec, version=0), "format version 0")
    refused(with_(rec, version=-3), "format version -3")
    e = refused(with_(rec, version=VERSION + 1), "newer version", f"format {VERSION + 1}")
    assert e.step is None
    for v in (None, "1", 1.0, True):
        refused(with_(rec, version=v), "no format version")
    assert replay(with_(rec, version=VERSION))[1].is_over()


def test_unknown_game(rec):
    refused(with_(rec, game="chess"), "unknown game 'chess'", GAME)
    refused(with_(rec, game=None), "unknown game")
    refused(with_(rec, game=["election-day"]), "unknown game")
    refused(with_(rec, game={"id": GAME}), "unknown game")


def test_bad_players(rec):
    refused(with_(rec, players=None), "no list of players")
    refused(with_(rec, players="Ann,Bob,Cy"), "no list of players")
    players = rec["players"]
    refused(with_(rec, players=players[:2]), "3 to 5 players, not 2")
    refused(with_(rec, players=players + players[:2]), "3 to 5 players, not 6")
    refused(with_(rec, players=[]), "not 0")
    refused(with_(rec, players=players[:3] + ["Dan"]), "player 4 is not an object")
    refused(with_(rec, players=[dict(p, kind="alien") if i == 1 else p for i, p in enumerate(players)]),
            "player 2 must be", "alien")
    refused(with_(rec, players=[{"name": "A"}] + players[1:]), "player 1 must be")
    refused(with_(rec, players=players[:3] + [dict(players[3], level="genius")]), "player 4", "genius")
    refused(with_(rec, players=players[:3] + [dict(players[3], level=["good"])]), "player 4", "bot level")
    refused(with_(rec, players=players[:3] + [dict(players[3], name=42)]), "player 4's name must be text")


def test_a_bot_without_a_level_gets_the_default(rec):
    for p in rec["players"]:
        p.pop("level", None)
    _, norm = check_header(rec)
    assert [p["level"] for p in norm["players"]] == ["normal"] * 4  # the game's default


def test_bad_options(rec):
    refused(with_(rec, options={"jokers": True}), "no option 'jokers'")
    refused(with_(rec, options={"pawns": "maybe"}), "pawns", "true or false")
    refused(with_(rec, options={"no_winner": "everyone"}), "no_winner", "everyone")
    for bad in (["pawns"], "pawns", 3, [["pawns", True]]):
        refused(with_(rec, options=bad), "options")
    _, norm = check_header(with_(rec, options=None, moves=[]))
    assert norm["options"]["no_winner"] == "none"


def test_neither_seed_nor_deal(rec):
    refused(with_(rec, seed=None, deal=None), "neither a seed nor an explicit deal")
    del rec["seed"]
    refused(rec, "neither a seed nor an explicit deal")


def test_bad_seeds(rec):
    for seed in (-1, 2**63, "7", True, 7.0, 1e30, [7]):
        refused(with_(rec, seed=seed), "seed must be a whole number")
    game, norm = check_header(with_(rec, seed=2**63 - 1, moves=[]))
    assert norm["seed"] == 2**63 - 1


def test_bad_deal_is_a_record_error(rec):
    refused(with_(rec, seed=None, deal="abc"), "cannot be set up")
    refused(with_(rec, seed=None, deal={"aces": ["moons"], "hands": [[]]}), "cannot be set up")


def test_moves_must_be_a_list_of_pairs(rec):
    for moves in ("pass", {"0": [0, "pass"]}, 7, None):
        refused(with_(rec, moves=moves), "moves must be a list")
    moves = rec["moves"]
    for k, bad in ((1, [0]), (3, [0, "pass", 1]), (5, "pass"), (2, {"seat": 0, "action": "pass"}), (4, None)):
        broken = copy.deepcopy(moves)
        broken[k - 1] = bad
        e = refused(with_(rec, moves=broken), f"step {k}:", "[seat, action] pair")
        assert e.step == k


def test_too_many_moves(rec):
    refused(with_(rec, moves=[[0, "pass"]] * (MAX_MOVES + 1)), f"more than {MAX_MOVES} moves")


@pytest.mark.parametrize("k", [1, 2, 7, "last"])
def test_an_illegal_action_names_its_step_and_reason(rec, k):
    moves = rec["moves"]
    k = len(moves) if k == "last" else k
    seat, action = moves[k - 1]
    _, before = replay(with_(rec, moves=moves[:k - 1]))
    # a card the mover does not hold: in another hand, in the debate, or already out
    elsewhere = ([c for s, h in enumerate(before.hands) if s != seat for c in h]
                 + [c for c, _ in before.debate] + list(before.out))
    other_hand = next(c for c in elsewhere if not c.startswith("ace-") and c not in before.hands[seat])
    cases = [
        ([seat, "play nonsense"], "there is no card 'nonsense'"),
        ([(seat + 1) % 4, action], f"it is not seat {(seat + 1) % 4}'s turn"),
        ([seat, "play " + other_hand], "is not in your hand"),
        ([seat, "ace moons"], "write it as 'ace SUIT keep SUIT'"),
        ([seat, "fold"], "'fold' is not a legal action for seat"),
        ([7, action], "there is no seat 7"),
        ([seat, 12], "an action is a text"),
    ]
    for bad, reason in cases:
        broken = copy.deepcopy(moves)
        broken[k - 1] = bad
        e = refused(with_(rec, moves=broken), f"step {k} (", f"by seat {bad[0]}", reason)
        assert e.step == k


def test_moves_after_the_end_are_refused(rec):
    n = len(rec["moves"])
    e = refused(with_(rec, moves=rec["moves"] + [[0, "pass"]]), f"step {n + 1}", "the game is over")
    assert e.step == n + 1


# -- captions and names -------------------------------------------------------------


def test_captions_validation(rec):
    n = len(rec["moves"])
    refused(with_(rec, captions=["first"]), "captions must map")
    refused(with_(rec, captions="first"), "captions must map")
    refused(with_(rec, captions={"one": "x"}), "caption key 'one' is not a step number")
    refused(with_(rec, captions={"1.5": "x"}), "not a step number")
    refused(with_(rec, captions={str(n + 1): "x"}), f"from 0 to {n}")
    refused(with_(rec, captions={"-1": "x"}), f"from 0 to {n}")
    refused(with_(rec, captions={"2": 5}), "must be a text")
    refused(with_(rec, captions={"2": None}), "must be a text")
    norm, _ = replay(with_(rec, captions={"0": "start", str(n): "end", "03": "x" * (MAX_CAPTION + 50)}))
    assert norm["captions"] == {"0": "start", str(n): "end", "3": "x" * MAX_CAPTION}
    norm, _ = replay(with_(rec, captions=None))
    assert norm["captions"] == {}


def test_names_are_plain_text_cleaned_and_capped(rec):
    names = [
        "<script>alert('x')</script>",
        "Ann\x00\x07 \x1b[31mRed\r\n\t",
        "L" * 100,
        " \x00\x01 ",
    ]
    for p, name in zip(rec["players"], names):
        p["name"] = name
    norm, _ = replay(rec)
    got = [p["name"] for p in norm["players"]]
    assert got[0] == "<script>alert('x')</script>"  # kept as text; the app never reads it as HTML
    assert got[1] == "Ann [31mRed"
    assert got[2] == "L" * MAX_NAME
    assert got[3] == "Player 4"
    for name in got:
        assert len(name) <= MAX_NAME and all(ch.isprintable() for ch in name)
    assert Match(norm).names == got


def test_names_keep_no_break_spaces_and_emoji_but_lose_bidi_overrides(rec):
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    names = ["Ann\u00a0Lee", family + " Team", "\u202eevil\u202c twin"]
    for p, name in zip(rec["players"], names):
        p["name"] = name
    norm, _ = replay(rec)
    assert [p["name"] for p in norm["players"][:3]] == ["Ann\u00a0Lee", family + " Team", "evil twin"]


def test_a_name_cut_to_the_limit_does_not_end_in_a_space(rec):
    rec["players"][0]["name"] = "x" * (MAX_NAME - 1) + " yz"
    norm, _ = replay(rec)
    assert norm["players"][0]["name"] == "x" * (MAX_NAME - 1)


def test_a_match_plays_on_its_own_copy_of_the_record(rec):
    rec["moves"] = rec["moves"][:3]
    before = copy.deepcopy(rec)
    m = Match(rec)
    seat = m.to_act()[0]
    m.apply(seat, m.state.legal_actions(seat)[0])
    assert rec == before and len(m.record["moves"]) == len(before["moves"]) + 1


def test_make_players_cleans_names_too():
    players = make_players(["human", "bot", "bot"], names=["Ann\x00", "", "B" * 99], levels=[None, "random", None])
    assert players == [
        {"name": "Ann", "kind": "human"},
        {"name": "Bot 2", "kind": "bot", "level": "random"},
        {"name": "B" * MAX_NAME, "kind": "bot", "level": None},
    ]
    _, norm = check_header(new_record(GAME, players, seed=1))
    assert norm["players"][2]["level"] == "normal"


# -- whole records ------------------------------------------------------------------


def test_a_finished_bot_game_replays_to_the_same_outcome(finished):
    text = dumps(finished.record)
    norm, state = replay(loads(text))
    assert state.is_over()
    assert state.outcome().to_json() == finished.state.outcome().to_json()
    assert json.dumps(state.to_json()) == json.dumps(finished.state.to_json())
    assert norm["moves"] == finished.record["moves"]
    assert Match(loads(text)).state.outcome().winners == finished.state.outcome().winners


def test_replay_upto_and_extra_fields(rec):
    rec["title"] = "A title"
    rec["meta"] = {"app": "x"}
    norm, state = replay(copy.deepcopy(rec), upto=5)
    assert norm["title"] == "A title" and norm["meta"] == {"app": "x"}
    assert sum(1 for ev in state.log if ev.get("kind") in ("play", "pass", "ace")) == 5
    assert not state.is_over()


def test_replay_does_not_change_its_input(rec):
    before = copy.deepcopy(rec)
    replay(rec)
    assert rec == before


def test_a_new_record_has_the_documented_shape():
    r = new_record(GAME, make_players(["human"] * 3), {"pawns": True}, seed=3, title="t")
    assert r["format"] == FORMAT and r["version"] == VERSION == 1
    assert r["moves"] == [] and r["captions"] == {} and r["deal"] is None and r["title"] == "t"
    norm, state = replay(r)
    assert norm["options"]["pawns"] is True and not state.is_over()


@pytest.mark.parametrize("game_id, option, value", [("coalition-chess", "start", "safe"),
                                                    ("alliances", "rules", "current")])
def test_a_new_game_writes_the_option_that_older_records_lack(game_id, option, value):
    """A record without the option replays by the rules it was played with
    (Game.record_options); a new game writes it, so it replays by today's."""
    m = Match.new(game_id, make_players(["bot"] * 4), seed=3)
    assert m.record["options"][option] == value
    rec, _ = replay(loads(dumps(m.record)))
    assert rec["options"][option] == value
    old = dict(m.record, options={k: v for k, v in m.record["options"].items() if k != option})
    rec, _ = replay(loads(dumps(old)))
    assert rec["options"][option] != value
