"""The hint's one line (app/hint.py, "Suggest a move"): why an action is
good for a seat, from that seat's view alone.

It reads the seat's own hand (and what its partner showed it), the board,
the cards on the table and the bids, all of which the seat sees, and never
the cards of another hand: a card play is judged on the table as it stands
right after it (conflict.py, the rules' own code), with the players still
to play named only by how many there are. "Your hand", "your side", "your
partner": the line may be read over a shoulder. Every decision has a line:
bids and declarations, the dominant suit, targets, cards in a conflict or
a drafting trick, drafting, the secret meeting, the Rise to Power and
reinforcing.
"""

from __future__ import annotations

from typing import Optional

from ...core.game import JSON
from . import conflict as cf
from .data import BID_MIN, IS_SPECIAL, NEIGHBOURS, SUIT_NAMES, SUIT_OF, SUITS, TILES, VALUE_OF, card_name, tile_name
from .notation import parse, special_params


def _power(hand: list[str], suit: str) -> list[int]:
    """The values of the hand's power cards of `suit`, highest first."""
    return sorted((VALUE_OF[c] for c in hand if not IS_SPECIAL[c] and SUIT_OF[c] == suit), reverse=True)


def _suit_text(hand: list[str], suit: str, named: bool = True) -> str:
    """'5 Politics cards (the highest 12)' or 'no Politics power card'
    ('5 cards (the highest 12)' when not `named`)."""
    values = _power(hand, suit)
    name = SUIT_NAMES[suit] + " " if named else ""
    if not values:
        return f"no {name}power card"
    return f"{len(values)} {name}card" + ("" if len(values) == 1 else "s") + f" (the highest {values[0]})"


def _weight(hand: list[str], suit: str) -> int:
    """How strong a hand is with `suit` dominant: its power in that suit,
    its high cards counting most, and its specials of that suit."""
    return sum(v + max(0, v - 8) for v in _power(hand, suit)) + 4 * sum(
        1 for c in hand if IS_SPECIAL[c] and SUIT_OF[c] == suit)


def _best_suit(hand: list[str]) -> str:
    return max(SUITS, key=lambda s: (_weight(hand, s), s))


def _names_suit(view: JSON, suit: str, verb: str) -> str:
    """'Your hand holds 5 Politics cards (the highest 12), its strongest
    suit: VERB', with a card of that suit the partner showed."""
    best = _best_suit(view["hand"])
    line = f"Your hand holds {_suit_text(view['hand'], suit)}"
    line += ", its strongest suit" if suit == best else f", though {SUIT_NAMES[best]} is its strongest suit"
    line += f": {verb}"
    shown = [c for c in view.get("partner_shown") or [] if SUIT_OF[c] == suit and not IS_SPECIAL[c]]
    if shown:
        line += f" (your partner showed you {card_name(shown[0])})"
    return line


# -- bidding, declaring, the dominant suit ------------------------------------------------


def _bid(view: JSON, number: int, suit: str, declare: bool) -> str:
    kind = "declare" if declare else "bid"
    lowest = min(int(parse(x)["number"]) for x in view["legal"]
                 if x.startswith(kind + " ") and parse(x)["suit"] == suit)
    name = SUIT_NAMES[suit]
    if declare:
        what = f"declare {number} countries with {name} dominant"
    elif number == lowest:
        what = (f"{number} is the lowest bid in {name} that the table allows" if view.get("high")
                else f"open at the lowest bid, {number} {name}")
    else:
        what = f"bid {number} {name}, above the lowest allowed ({lowest}), to say your side can take that many"
    return _names_suit(view, suit, what) + "."


def _pass_bid(view: JSON) -> str:
    partner = view.get("partner")
    high = view.get("high")
    if high and partner is not None and high[0] == partner:
        return "Your partner holds the highest bid: passing leaves it to them."
    best = _best_suit(view["hand"])
    if high:
        return (f"Your strongest suit, {SUIT_NAMES[best]}, holds {_suit_text(view['hand'], best, False)}: "
                f"not enough to outbid {high[0]} {SUIT_NAMES[high[1]]} and take that many countries.")
    return (f"Your strongest suit, {SUIT_NAMES[best]}, holds only {_suit_text(view['hand'], best, False)}: "
            f"too few to promise {BID_MIN} countries.")


# -- targets ------------------------------------------------------------------------------


def _reserve(view: JSON) -> int:
    """Reserve Forces' hand power for the seat: the Military of its side's
    four strongest countries."""
    return sum(sorted((t["military"] for t in view["board"] if t["top"] == view["side"]), reverse=True)[:4])


def _my_best(view: JSON, suit: str, pos: int) -> tuple[int, str]:
    """The most hand power the seat's own hand can bring in `suit` against the
    country at `pos`, and the card."""
    best, card = 0, ""
    board = view["board"]
    for c in view["hand"]:
        if SUIT_OF[c] != suit:
            continue
        if not IS_SPECIAL[c]:
            power = VALUE_OF[c]
        elif c == "global-trading":
            power = sum(board[p]["economics"] for p in NEIGHBOURS[pos])
        elif c == "reserve-forces":
            power = _reserve(view)
        else:
            continue
        if power > best:
            best, card = power, c
    return best, card


def _target(view: JSON, tid: str) -> str:
    pos = next(t["pos"] for t in view["board"] if t["tile"] == tid)
    tile = TILES[tid]
    name = tile_name(tid)
    dom = view.get("dominant")
    suits = ([dom] if dom else []) + [s for s in SUITS if s != dom]
    margins = []
    for s in suits:
        power, card = _my_best(view, str(s), pos)
        if card and power > tile[s]:
            margins.append((s == dom, power - tile[s], str(s), card))
    top = view["board"][pos]["top"]
    tail = ""
    if top is not None and top != view["side"]:
        tail = ", and taking it costs the other side a country"
    else:
        free = sum(1 for p in NEIGHBOURS[pos] if view["board"][p]["top"] is None)
        if free:
            tail = f", and it opens the way to {free} more neutral countr" + ("y" if free == 1 else "ies")
    if margins:
        _, _, s, card = max(margins)
        return (f"Your {card_name(card)} beats {name}'s {SUIT_NAMES[s]} defence of {tile[s]}" + tail + ".")
    weakest = min(SUITS, key=lambda s: (tile[s], s))
    return f"{name}'s weakest defence is {SUIT_NAMES[weakest]} ({tile[weakest]})" + tail + "."


# -- playing a card -----------------------------------------------------------------------


def _after(view: JSON, action: str) -> tuple[cf.Verdict, Optional[dict[str, int]]]:
    """The verdict on the table right after `action` (and the defence then,
    None in a drafting trick)."""
    a = parse(action)
    card = str(a["card"])
    seat = view["seat"]
    board = view["board"]
    table = [dict(e, **{"with": list(e["with"])}) for e in view["table"]]
    effects = list(view.get("effects") or [])
    lead = view["leading"] if view["played"] else SUIT_OF[card]
    stays = cf.earlier_rules(view["options"])
    if view["phase"] == "trick":
        cf.play(table, seat, card, special_params(a), {"n": 2, "tile": None, "neigh_e": 0, "reserve": [0, 0]},
                view["played"], [], effects, stays)
        return cf.judge_trick(table, lead, bool(view["options"].get("trick_leading_suit", False))), None
    pos = next(t["pos"] for t in board if t["tile"] == view["target"])
    tile = TILES[view["target"]]
    # what the specials read from the board; Reserve Forces only for this seat (another's is not played now)
    reserve = [_reserve(view) if s == seat else 0 for s in range(view["players"])]
    neighbours = sum(board[p]["economics"] for p in NEIGHBOURS[pos])
    ctx = {"n": view["players"], "tile": tile, "neigh_e": neighbours, "reserve": reserve}
    cf.play(table, seat, card, special_params(a), ctx, view["played"], [], effects, stays)
    return cf.judge(table, lead, view["dominant"]), cf.defence(tile, effects)


def _still(view: JSON) -> str:
    left = view["players"] - view["played"] - 1
    if left <= 0:
        return "it is the last card of the conflict"
    return f"{left} player" + (" is" if left == 1 else "s are") + " still to play"


def _play(view: JSON, action: str) -> Optional[str]:
    card = str(parse(action)["card"])
    name = card_name(card)
    me, sides = view["seat"], view["sides"]
    (winner, suit, power, _), defence = _after(view, action)
    before = (cf.judge_trick(view["table"], view["leading"], bool(view["options"].get("trick_leading_suit", False)))
              if defence is None else cf.judge(view["table"], view["leading"], view["dominant"])) \
        if view["played"] else (None, "", 0, "")
    dom = view.get("dominant")
    breaks = (dom is not None and SUIT_OF[card] == dom and view["played"] and view["leading"] != dom
              and not any(e["suit"] == dom for e in view["table"]))
    if defence is None:  # a trick of the 2-player drafting phase
        if not view["played"]:  # nothing to beat yet
            return (f"It leads the trick with {name} (hand power {power}): the other player must beat it "
                    "to win the trick and draw first.")
        if winner == me:
            return f"Your {name} wins the trick as it stands ({power}), so you draw first."
        return f"Your {name} cannot win this trick: it keeps your stronger cards for tricks you can win."
    if winner is not None and sides[winner] == view["side"] and winner != me:
        if before[0] == winner:
            return (f"Your partner is winning this conflict already ({power} {SUIT_NAMES[suit]}): "
                    f"playing {name} saves your strong cards.")
        return f"It puts your partner ahead in this conflict ({power} {SUIT_NAMES[suit]})."
    if winner == me and not view["played"]:
        line = f"It leads {SUIT_NAMES[suit]} with {power}"
        if power > defence[suit]:
            return line + f", above {tile_name(view['target'])}'s defence of {defence[suit]}; {_still(view)}."
        return line + f", a card you can spare: {tile_name(view['target'])}'s defence of {defence[suit]} would hold."
    if winner == me:
        what = "It breaks the round with the dominant suit and wins" if breaks else "It wins"
        line = f"{what} the conflict as it stands with {power} {SUIT_NAMES[suit]}"
        if power > defence[suit]:
            return line + f", above {tile_name(view['target'])}'s defence of {defence[suit]}; {_still(view)}."
        return line + f", though {tile_name(view['target'])}'s defence of {defence[suit]} holds."
    if IS_SPECIAL[card] and before[0] is not None and sides[before[0]] != view["side"] and (
            winner is None or sides[winner] == view["side"] or power < before[2]):
        return f"{name} weakens the other side's lead in this conflict."
    winners = [_after(view, x)[0][0] for x in view["legal"] if x != action]
    winning = [w for w in winners if w is not None and sides[w] == view["side"]]
    if winning:
        return "It lets this conflict go and keeps your stronger cards for the conflicts to come."
    least = all(IS_SPECIAL[str(parse(x)["card"])] or VALUE_OF[str(parse(x)["card"])] >= VALUE_OF[card]
                for x in view["legal"]) and not IS_SPECIAL[card]
    tail = f": {name} is the least you can spend." if least else "."
    return "No card of yours wins this conflict as it stands" + tail


# -- drafting, the meeting, the Rise to Power, reinforcing -----------------------------------


def _keep(view: JSON, card: str, verb: str) -> str:
    hand = view["hand"]
    if IS_SPECIAL[card]:
        return f"{verb} {card_name(card)}, a special action of {SUIT_NAMES[SUIT_OF[card]]}."
    same = len(_power(hand, SUIT_OF[card]))
    return (f"{verb} {card_name(card)}, a strong card" if VALUE_OF[card] >= 9 else f"{verb} {card_name(card)}") + (
        f", to go with the {same} {SUIT_NAMES[SUIT_OF[card]]} card" + ("" if same == 1 else "s") + " in your hand."
        if same else ".")


def _give(view: JSON, action: str, cards: list[str]) -> str:
    plan = _best_suit([c for c in view["hand"] if c not in cards] + list(view.get("rise_given") or []))

    def cost(option: str) -> float:
        picked = [str(v) for _, v in parse(option).parts]
        return sum(6.0 if IS_SPECIAL[c] else VALUE_OF[c] * (1.6 if SUIT_OF[c] == plan else 1.0) for c in picked)

    mine = cost(action)
    # the Empire sets aside before it calls the dominant suit; a Rebel puts down after
    keep = (f"your {SUIT_NAMES[plan]} cards, your best suit to make dominant" if view.get("dominant") is None
            else f"your {SUIT_NAMES[plan]} cards for the campaign")
    if mine <= min(cost(x) for x in view["legal"]):
        return f"{'They are' if len(cards) > 1 else 'It is'} the least you can give away, keeping {keep}."
    return f"Giving {'them' if len(cards) > 1 else 'it'} away keeps {keep}."


def _reinforce(view: JSON, add: bool) -> str:
    left = view["conflicts"] - view["conflict"]
    tokens = view["supply"][view["side"]]
    if add:
        return (f"Your side has {tokens} tokens for the {left} conflicts still to play: one to spare counts "
                "for your side if the campaign is decided on tokens.")
    return (f"Your side has only {tokens} tokens left for the {left} conflicts still to play: "
            "keep them to take countries.")


def reason(view: JSON, action: str) -> Optional[str]:
    """One line on why `action` is good for the seat of `view`, from that
    view alone; None for an action not legal there."""
    if view.get("seat") is None or view.get("hand") is None or action not in view.get("legal", ()):
        return None
    a = parse(action)
    ph = view["phase"]
    if a.kind in ("bid", "declare"):
        return _bid(view, int(a["number"]), str(a["suit"]), a.kind == "declare")
    if a.kind == "trump":
        return _names_suit(view, str(a["suit"]), f"make {SUIT_NAMES[str(a['suit'])]} dominant") + "."
    if a.kind == "target":
        return _target(view, str(a["tile"]))
    if a.kind == "play":
        return _play(view, action)
    if a.kind == "draft":
        return _keep(view, str(a["card"]), "It keeps")
    if a.kind == "show":
        return _keep(view, str(a["card"]), "It shows your partner")
    if a.kind == "give":
        return _give(view, action, [str(a["card"])])
    if a.kind == "put":
        return _give(view, action, [str(a["card"]), str(a["card2"])])
    if a.kind == "reinforce":
        return _reinforce(view, True)
    if a.kind == "pass" and ph == "reinforce":
        return _reinforce(view, False)
    if a.kind == "pass" and ph == "bid":
        return _pass_bid(view)
    if a.kind == "pass" and ph == "meeting":
        return "Not meeting keeps your hand to yourself; your partner then shows you nothing either."
    return None
