"""The Election Day bot that plays to get its own Prince elected.

It sees only its seat's view. For each legal action it asks: if the debate were
scored right after this action, how far ahead of the best rival Prince would my
Prince stand, and what strength would I keep in hand for later debates? It
switches Prince with an Ace only when the other Prince is clearly better placed.
A pass that would end the game (it ends the debate, and then nobody played a
card in it or two or fewer players hold cards) is judged by the election it
brings: taken if its Prince is elected, avoided otherwise while it can play a
card (under the variant where the closest backed Prince wins, only the first).
"""

from functools import lru_cache
from typing import Iterable, Mapping, Optional, Sequence

from ...core.bots import Bot
from ...core.game import JSON
from .data import CARDS, SUIT_NAMES, SUITS
from .notation import parse
from .scoring import debate_ends, debates_end, election, score_debate, suit_counts

HAND_WEIGHT = 0.45  # how much a card of my suit still in hand is worth, per rank point
SWITCH_MARGIN = 2.0  # how much better another Prince must look before switching
FINAL = 1000.0  # the worth of a pass that ends the game with my Prince elected (its opposite if not)


def _totals(track: Mapping[str, Iterable[str]]) -> dict[str, int]:
    return {s: sum(CARDS[c]["value"] for c in track[s]) for s in SUITS}


@lru_cache(maxsize=1 << 14)
def _awards(debate_cards: tuple[str, ...]) -> dict[str, list[str]]:
    """The awards of a debate of these cards (a sorted tuple: the order the
    cards were played in does not change the awards). The same debates come
    up again and again in the hard bot's playouts, so they are remembered.
    The result is shared: read it, never change it."""
    return score_debate(debate_cards)[0]


def _after(totals: Mapping[str, int], debate_cards: Iterable[str]) -> dict[str, int]:
    awards = _awards(tuple(sorted(debate_cards)))
    t = dict(totals)
    for s, won in awards.items():
        t[s] += sum(CARDS[c]["value"] for c in won)
    return t


def _margin(totals: Mapping[str, float], suit: str) -> float:
    return totals[suit] - max(v for s, v in totals.items() if s != suit)


def _potential(hand: Iterable[str], suit: str, weight: float = HAND_WEIGHT) -> float:
    return weight * sum(CARDS[c]["value"] for c in hand if suit in CARDS[c]["suits"])


def pass_ends_game(view: JSON) -> bool:
    """Whether the seat's pass would end the debate and, with it, the game."""
    seat = view["seat"]
    passes = list(view["passes"])
    passes[seat] += 1
    return (debate_ends(passes, seat) is not None
            and debates_end(view["hand_counts"], view["played_this_debate"]) is not None)


def elected_after(track: Mapping[str, Iterable[str]], debate_cards: Iterable[str]) -> Optional[str]:
    """The Prince the election would elect if the debate of `debate_cards`
    were scored now and the game ended (None: a tie that cannot be broken)."""
    awards = _awards(tuple(sorted(debate_cards)))
    final = {s: list(track[s]) + list(awards.get(s, ())) for s in SUITS}
    return election(final)[1]


class GoodBot(Bot):
    level = "good"
    label = "Good"
    hand_weight = HAND_WEIGHT
    switch_margin = SWITCH_MARGIN
    sees_the_end = True  # judges a pass that ends the game by the election it brings

    def choose(self, view: JSON, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        mine = view["ace"]
        hand = view["hand"]
        debate = [c for c, _ in view["debate"]]
        totals = _totals(view["track"])
        scored_now = _after(totals, debate)
        weight = self.hand_weight
        scored: list[tuple[float, str]] = []
        # A pass that would end the game: won if my Prince is elected then.
        # Lost otherwise, and avoided if a card can be played: only a card
        # changes the debate (an exchange of Aces just puts the same pass off,
        # and bots could go on exchanging for ever) unless the exchange backs
        # the Prince who would be elected. Under the closest-Prince variant an
        # unelected Prince may still win, so there only a won end counts.
        ending = self.sees_the_end and pass_ends_game(view)
        elected = elected_after(view["track"], debate) if ending else None
        losing = (ending and elected != mine and view["options"].get("no_winner") != "closest"
                  and any(parse(action).kind == "play" for action in legal))
        for action in legal:
            a = parse(action)
            if a.kind == "pass":
                value = _margin(scored_now, mine) + _potential(hand, mine, weight)
                if ending and elected == mine:
                    value = FINAL
                elif losing:
                    value = -FINAL + _margin(scored_now, mine)
            elif a.kind == "play":
                cid = str(a["card"])
                rest = [c for c in hand if c != cid]
                value = _margin(_after(totals, debate + [cid]), mine) + _potential(rest, mine, weight)
            else:
                hand_suit, keep = str(a["ace"]), str(a["keep"])
                rest = [c for c in hand if c != "ace-" + hand_suit]
                value = _margin(scored_now, keep) + _potential(rest, keep, weight)
                if keep == mine:
                    value -= 0.5  # keeping the same Prince only gives an Ace away
                else:
                    value -= self.switch_margin
                if losing and keep != elected:
                    value -= FINAL
            scored.append((value, action))
        best = max(v for v, _ in scored)
        top = [a for v, a in scored if v >= best - 1e-9]
        return top[0] if len(top) == 1 else self.rng.choice(top)


class EasyBot(GoodBot):
    """The easy level: the normal bot's judgement of the debate as it stands,
    without its foresight. It counts no card kept in hand for a later debate
    (so it spends strong cards on a debate it could have let go), never
    switches Prince with an Ace, and does not look at whether a pass ends the
    game. Every move it makes helps its Prince now or keeps its cards; none
    is a random one."""

    level = "easy"
    label = "Easy"
    hand_weight = 0.0
    switch_margin = float("inf")
    sees_the_end = False


def _leader(cards: Sequence[str]) -> Optional[str]:
    """The suit that would win a debate of `cards` as it stands (the most
    symbols, alone), or None."""
    counts = suit_counts(cards)
    top = max(counts.values())
    leaders = [s for s, n in counts.items() if n == top]
    return leaders[0] if top and len(leaders) == 1 else None


def reason(view: JSON, action: str) -> Optional[str]:
    """One line on why `action` is good for the seat of `view`, from that
    view alone (its own hand and face-down Ace, the debate, the track), or
    None. It names no suit of the seat's own Prince ("your Prince"): the
    line may be read over a shoulder."""
    mine, hand = view.get("ace"), view.get("hand")
    if not mine or hand is None or action not in view.get("legal", ()):
        return None
    a = parse(action)
    debate = [c for c, _ in view["debate"]]
    totals = _totals(view["track"])
    now = _margin(_after(totals, debate), mine)
    ending = "pass" in view["legal"] and pass_ends_game(view)
    elected = elected_after(view["track"], debate) if ending else None
    if a.kind == "pass" and ending and elected == mine:
        return "Passing ends the game now, and your Prince would be elected."
    if a.kind == "play" and ending and elected != mine:
        return "Passing now would end the game with your Prince beaten: a card keeps the debate going."
    if a.kind == "play":
        cards = debate + [str(a["card"])]
        after = _margin(_after(totals, cards), mine)
        if _leader(cards) == mine and _leader(debate) != mine:
            return "It puts your Prince ahead in this debate."
        if _leader(cards) == mine:
            return "It strengthens your Prince's lead in this debate."
        if after > now:
            return (f"Were the debate scored now, your Prince would stand {after - now} "
                    "point" + ("" if after - now == 1 else "s") + " better against the best rival.")
        return None
    if a.kind == "pass":
        if _leader(debate) == mine:
            return "Your Prince wins this debate as it stands: passing keeps your cards for later."
        plays = [c for c in hand if not c.startswith("ace-")]
        if all(_margin(_after(totals, debate + [c]), mine) <= now for c in plays):
            return "No card of yours would help your Prince in this debate: passing keeps them for later."
        return "Passing keeps your cards for a later debate."
    keep = str(a["keep"])
    if keep == mine:
        return None
    if totals[keep] > totals[mine]:
        return (f"The Prince of {SUIT_NAMES[keep]} stands better on the track ({totals[keep]} points) "
                "than your Prince.")
    rest = [c for c in hand if c != "ace-" + str(a["ace"])]
    if _potential(rest, keep) > _potential(rest, mine):
        return f"Your hand holds more strength for the Prince of {SUIT_NAMES[keep]} than for your Prince."
    return None
