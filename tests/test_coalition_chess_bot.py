"""The Coalition Chess search bot and the neutral lesser powers: in round 3,
the last before the game stops while a lesser power stays neutral, a neutral
power is searched as a third party (the mean over its moves), not as an
enemy, so the bot still tells a move that leaves a neutral power a man to
take (and so a way to join the other side before the game stops) from one
that does not."""

from __future__ import annotations

from coalitions.core.bots import decide
from coalitions.core.match import Match
from coalitions.games.coalition_chess import bots
from coalitions.games.coalition_chess.engine import PLACE
from coalitions.games.coalition_chess.walkthroughs import _record
from coalitions.registry import get_game

GAME = get_game("coalition-chess")
Y, B, G, R = 0, 1, 2, 3


def set_position(pieces, turn, rnd):
    return Match(_record("t", {"pieces": pieces, "turn": turn, "round": rnd}, [], {}))


def black_men_green_may_take(match):
    pos = match.state.pos
    assert pos.actor == G and pos.team[G] < 0
    return sorted(a for a in pos.legal() if 0 <= a < PLACE and pos.board[(a >> 7) & 127] >> 4 & 3 == B)


# Round 3, Black to move, Green and Red neutral. Red's Guard on a6 can take
# Black's Guard on b7 whatever Black does (b6 is blocked); Green's Guard on j4
# can take Black's Artillery on h5 unless it moves. A capture commits the
# neutral power against Black, and when round 3 ends with the other lesser
# power still neutral the game stops with Black out of the coalition: lost.
# Searched as an enemy, each neutral power takes what it can, every line is
# lost and the moves cannot be told apart; as a third party, a move that
# leaves it fewer men to take is worth more.
LAST_ROUND = {
    "yellow": {"e1": "king", "c5": "tank", "b6": "guard", "e2": "guard", "d1": "guard", "f1": "guard"},
    "black": {"e10": "king", "h5": "artillery", "f8": "motorcyclist", "b7": "guard"},
    "green": {"j4": "guard", "k7": "machine-gun"},
    "red": {"a6": "guard", "a2": "machine-gun"},
}


def test_the_position_offers_the_neutral_powers_two_of_blacks_men():
    m = set_position(LAST_ROUND, "black", 3)
    pos = m.state.pos
    assert pos.rnd == 3 and pos.team[G] < 0 and pos.team[R] < 0
    m.apply(B, "move f8 e7")  # a move that saves neither man
    assert len(black_men_green_may_take(m)) == 1  # Green's Guard takes the Artillery


def test_in_round_three_the_search_bot_leaves_no_man_to_a_neutral_power_that_it_can_save():
    m = set_position(LAST_ROUND, "black", 3)
    choice = decide(GAME, "search", m.state, B, 1, 0)
    assert choice.startswith("move h5 ")  # the Artillery leaves Green's reach
    m.apply(B, choice)
    assert black_men_green_may_take(m) == []


def test_a_neutral_lesser_power_is_searched_as_the_mean_of_its_moves():
    m = set_position(LAST_ROUND, "black", 3)
    m.apply(B, "move f8 e7")
    pos = m.state.pos
    bot = bots.SearchBot(None)
    bot.root, bot.root_team, bot.nodes, bot.budget, bot.tt, bot.killers, bot.history = B, pos.team[B], 0, 10 ** 6, {}, {}, {}
    acts = bot._filtered(pos)
    forcing = bot._commits(pos, acts)
    assert forcing and len(forcing) < len(acts)
    value = bot._neutral(pos, acts, 2, 1)
    # the capture of the Artillery alone would lose (Green joins Yellow, Red
    # stays neutral, the game stops), but it is one move in many: the mean is
    # a loss weighted by its share, far from a lost game
    assert -bots.WIN < value < 0


# A draw offered by Yellow's side to Black, the bot: it is accepted only when
# playing on is searched as lost, not whenever Black is a piece behind.
def draw_offer_position(black):
    m = Match(_record("t", {"pieces": {
        "yellow": {"e1": "king", "d1": "tank", "b1": "artillery", "d2": "guard", "e2": "guard", "f2": "guard"},
        "black": black,
        "green": {"k5": "machine-gun"},
        "red": {"a5": "machine-gun"}},
        "turn": "yellow", "round": 5, "coalitions": {"green": "yellow", "red": "black"}}, [], {}))
    m.apply(Y, "offer")
    m.apply(Y, "move d2 d3")
    assert "accept" in m.state._legal(B)
    return m


def test_the_search_bot_plays_on_a_piece_down_and_accepts_a_draw_when_lost():
    behind = draw_offer_position({"e10": "king", "d10": "tank", "d9": "guard", "e9": "guard", "f9": "guard"})
    pos = behind.state.pos
    assert bots.evaluate(pos, pos.team[B]) < -400  # an Artillery down: the old rule accepted here
    assert decide(GAME, "search", behind.state, B, 1, 0) != "accept"
    lost = draw_offer_position({"e10": "king", "e9": "guard"})
    assert decide(GAME, "search", lost.state, B, 1, 0) == "accept"


# On the first reconstruction's squares (option start=first) Black's King on
# e10 has no flight square: after b10-a10 a neutral Red Plane lands on e6 (a4
# over c5) and mates it. At the horizon the hard level looks for such a quiet
# mate (a check that ends the game); normal sees captures only there.
def plane_mate_position():
    st = GAME.new(4, {"start": "first"}, seed=0)
    st.apply(Y, "default")
    st.apply(Y, "move c2 c3")
    st.apply(B, "move b10 a10")
    legal = st.legal_actions(G)
    st.apply(G, "move j5 h5" if "move j5 h5" in legal else legal[0])
    assert st.to_act() == [R]
    return st


def horizon_value(cls, st, root):
    pos = st.pos
    bot = cls(None)
    bot.root, bot.root_team, bot.nodes, bot.budget, bot.tt, bot.killers, bot.history = (
        root, pos.team[root], 0, 10 ** 6, {}, {}, {})
    return bot._quiet(pos, -10 ** 9, 10 ** 9, 1, 0)


def test_the_hard_level_sees_a_quiet_mate_at_the_horizon_and_normal_does_not():
    st = plane_mate_position()
    assert horizon_value(bots.SearchBot, st, B) <= -bots.DECISIVE  # hard: Red's Plane mates Black
    assert horizon_value(bots.NormalBot, st, B) > -bots.DECISIVE  # normal: only captures at the horizon
    # for Yellow, whom the mate would serve, Red (an opponent while neutral) is not counted on to give it
    assert horizon_value(bots.SearchBot, st, Y) < bots.DECISIVE
