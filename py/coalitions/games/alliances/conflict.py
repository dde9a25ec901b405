"""One conflict of Alliances: the cards on the table, the special actions, the
hand powers and who wins. Pure functions on plain data, shared by the rules and
the bots (a bot calls them on what its seat sees).

The table is a list of entries, one per card that still gives someone hand
power, in the order played::

    {"seat": 2, "by": 1, "card": "bribe", "suit": "economics", "power": 7, "with": ["7p"]}

``by`` played the card; ``seat`` holds its hand power now (Spin moves it);
``with`` lists cards taken into this hand power (Bribe, Dual Allegiance).

The context ``ctx`` gives what the specials read from the board::

    {"n": players, "tile": {"military": .., "economics": .., "politics": ..} or None,
     "neigh_e": Economics of the target's neighbours, "reserve": [Reserve Forces power per seat]}

``tile`` is None in the 2-player drafting phase: there is no targeted country,
so the specials that read the board are worth 0 and do nothing.

``effects`` lists, in the order they were resolved, the specials that changed
the target's defence this conflict (Defensive Pact, Free Market). They are
resolved when played, as the text asks, so the change stays even if the card
is later discarded from the table.
"""

from typing import Any, Iterable, Optional, cast

from ...core.game import JSON, seat_ref
from .data import CARDS, IS_SPECIAL, SUIT_NAMES, SUIT_OF, VALUE_OF, card_name

SELF = "dual-allegiance"  # Dual Allegiance may add to its own player's hand power

# A table entry {"seat", "by", "card", "suit", "power", "with"} and the table
Entry = dict[str, Any]
Table = list[Entry]
# (winning seat or None, suit, power, why)
Verdict = tuple[Optional[int], str, int, str]


def _find(table: Table, cid: str) -> Entry:
    for e in table:
        if e["card"] == cid:
            return e
    raise AssertionError(f"{cid} is not on the table")  # a special's choices name only cards on it


def entry_text(e: Entry) -> str:
    return f"{seat_ref(e['seat'])}'s {card_name(e['card'])}"


def earlier_rules(options: JSON) -> bool:
    """Whether a game plays by the rules of games saved before two changes
    (option "rules"): then Monopoly stays on the table and keeps another card."""
    return options.get("rules") == "earlier"


def special_options(table: Table, card: str, stays: bool = False) -> list[str]:
    """The parameter texts a special action can be played with now ("" for
    none); `stays`: Monopoly as in games saved before it could keep itself."""
    if card == "dual-allegiance":
        takes = [e["card"] for e in table if SUIT_OF[e["card"]] == "politics" and not IS_SPECIAL[e["card"]]]
        if not takes:
            return [""]
        out = []
        for t in takes:
            for e in table:
                if e["card"] != t:
                    out.append(f"take {t} add-to {e['card']}")
            out.append(f"take {t} add-to {SELF}")
        return out
    if card == "bribe":
        takes = [e["card"] for e in table if SUIT_OF[e["card"]] == "politics" and not IS_SPECIAL[e["card"]]]
        return [f"take {t}" for t in takes] or [""]
    if card == "monopoly":  # the Monopoly is one of the Economics cards it may keep
        econ = [e["card"] for e in table if SUIT_OF[e["card"]] == "economics"]
        return [f"keep {c}" for c in econ + ([] if stays else [card])] if econ else [""]
    if card == "covert-operation":
        specials = [e["card"] for e in table if IS_SPECIAL[e["card"]]]
        return [f"discard {c}" for c in specials] or [""]
    if card == "reinforcement":
        mil = [e["card"] for e in table if SUIT_OF[e["card"]] == "military" and not IS_SPECIAL[e["card"]]]
        return [f"double {c}" for c in mil] or [""]
    return [""]


def play(table: Table, seat: int, card: str, params: dict[str, str], ctx: JSON, position: int,
         discards: list[str], effects: Optional[list[str]] = None, stays: bool = False) -> list[str]:
    """Put `card` played by `seat` on the table and resolve it at once (`stays`:
    Monopoly as in games saved before it could keep itself). `position`
    is how many cards were played before it in this conflict. Cards leaving the
    table go to `discards`; a change of the defence goes to `effects`. Returns
    plain-language lines for the log."""
    if effects is None:
        effects = []
    n = ctx["n"]
    tile = ctx["tile"]
    suit = SUIT_OF[card]
    name = card_name(card)
    entry: Entry = {"seat": seat, "by": seat, "card": card, "suit": suit, "power": VALUE_OF[card], "with": []}
    lines = []
    if not IS_SPECIAL[card]:
        table.append(entry)
        lines.append(f"{seat_ref(seat)} plays {name}: hand power {entry['power']} {SUIT_NAMES[suit]}.")
        return lines
    lines.append(f"{seat_ref(seat)} plays the special action {name}.")

    def discard(e: Entry, why: str) -> None:
        table.remove(e)
        discards.append(e["card"])
        discards.extend(e["with"])
        lines.append(f"{why}: {entry_text(e)} is discarded.")

    if card in ("peace-treaty", "embargo"):
        victim = "military" if card == "peace-treaty" else "economics"
        hit = [e for e in table if SUIT_OF[e["card"]] == victim and not IS_SPECIAL[e["card"]]]
        for e in hit:
            discard(e, name)
        if not hit:
            lines.append(f"There is no {SUIT_NAMES[victim]} power card on the table: {name} does nothing.")
    elif card == "dual-allegiance":
        take = params.get("take")
        if take:
            taken = _find(table, take)
            table.remove(taken)
            add_to = params["add-to"]
            target = entry if add_to == SELF else _find(table, add_to)
            target["power"] += taken["power"]
            target["with"] += [taken["card"]] + taken["with"]
            who = "their own" if target is entry else f"{seat_ref(target['seat'])}'s"
            lines.append(
                f"{name} takes {entry_text(taken)} ({taken['power']}) and adds it to {who} hand power: "
                f"now {target['power']} {SUIT_NAMES[target['suit']]}."
            )
        else:
            lines.append(f"There is no Politics power card on the table: {name} does nothing.")
    elif card == "spin":
        if position == n - 1:
            lines.append(f"{name} is played last: every hand power moves to the player on the left.")
        else:
            lines.append(f"{name} has an effect only when played last: it does nothing here.")
    elif card == "bribe":
        take = params.get("take")
        if take:
            taken = _find(table, take)
            table.remove(taken)
            entry["power"] = taken["power"]
            entry["with"] = [taken["card"]] + taken["with"]
            lines.append(f"{name} takes {entry_text(taken)}: {seat_ref(seat)}'s hand power is {entry['power']} Economics.")
        else:
            lines.append(f"There is no Politics power card on the table: {name} is worth 0.")
    elif card == "global-trading":
        if tile is None:
            lines.append(f"There is no targeted country: {name} is worth 0.")
        else:
            entry["power"] = ctx["neigh_e"]
            lines.append(f"{name}: the Economics of the target's neighbours add up to {entry['power']}.")
    elif card == "free-market":
        if tile is None:
            lines.append(f"There is no targeted country: {name} does nothing.")
        else:
            effects.append(card)
            lines.append(f"{name}: the target's Military defence is added to its Economics defence, for the rest "
                         "of this conflict.")
    elif card == "monopoly":
        keep = params.get("keep")
        hit = [e for e in table if SUIT_OF[e["card"]] == "economics" and e["card"] != keep]
        for e in hit:
            discard(e, name)
        if keep == card:
            lines.append(f"{name} keeps itself, the only Economics card left: hand power 0 Economics.")
        elif keep and stays:
            lines.append(f"{name} keeps {entry_text(_find(table, keep))}.")
        elif keep:
            # kept another card: the Monopoly, an Economics card too, is discarded with the rest
            discards.append(card)
            lines.append(f"{name} keeps {entry_text(_find(table, keep))}; the {name} itself is discarded too, "
                         f"so {seat_ref(seat)} has no hand power.")
            return lines
        elif not hit:
            lines.append(f"There is no Economics card on the table: {name} does nothing.")
    elif card == "reserve-forces":
        if tile is None:
            lines.append(f"There is no campaign map in this phase: {name} is worth 0.")
        else:
            entry["power"] = ctx["reserve"][seat]
            lines.append(
                f"{name}: the Military of {seat_ref(seat)}'s alliance's strongest four countries adds up to {entry['power']}."
            )
    elif card == "covert-operation":
        discarded = params.get("discard")
        if discarded:
            discard(_find(table, discarded), name)
        else:
            lines.append(f"There is no special action on the table: {name} does nothing.")
    elif card == "reinforcement":
        doubled = params.get("double")
        if doubled:
            e = _find(table, doubled)
            e["power"] *= 2
            lines.append(f"{name} doubles {entry_text(e)}: now {e['power']} Military.")
        else:
            lines.append(f"There is no Military power card on the table: {name} does nothing.")
    elif card == "defensive-pact":
        if tile is None:
            lines.append(f"There is no targeted country: {name} does nothing.")
        else:
            effects.append(card)
            lines.append(f"{name}: the target's Military defence is tripled, for the rest of this conflict.")
    table.append(entry)
    if card == "spin" and position == n - 1:
        for e in table:
            e["seat"] = (e["seat"] + 1) % n
        lines.append("Hand powers now: " + "; ".join(
            f"{seat_ref(e['seat'])} {e['power']} {SUIT_NAMES[e['suit']]}" for e in table) + ".")
    return lines


def defence(tile: dict[str, Any], effects: Iterable[str] = ()) -> dict[str, int]:
    """The targeted country's defence per suit after the `effects` resolved so
    far, in their order: Defensive Pact triples the Military defence, Free Market
    adds the Military defence of that moment to the Economics defence."""
    m, e = tile["military"], tile["economics"]
    for card in effects:
        if card == "defensive-pact":
            m *= 3
        elif card == "free-market":
            e += m
    return {"military": m, "economics": e, "politics": tile["politics"]}


def judge(table: Table, leading: str, dominant: Optional[str]) -> Verdict:
    """(winning seat or None, suit, power, why). A card of the dominant suit
    lying on the table (a special action too, whatever its hand power) breaks
    the round: the highest dominant-suit hand power wins. Otherwise the highest
    hand power of the leading suit wins. A hand power of 0 counts (it can win,
    but never beats a defence); an equal highest is a draw."""
    trumps = [e for e in table if e["suit"] == dominant] if dominant is not None else []
    pool = trumps or [e for e in table if e["suit"] == leading]
    suit = cast(str, dominant) if trumps else leading  # trumps only when there is a dominant suit
    if not pool:
        return None, suit, 0, "nobody has hand power in " + SUIT_NAMES[suit]
    best = max(e["power"] for e in pool)
    top = [e for e in pool if e["power"] == best]
    if len(top) > 1:
        return None, suit, best, f"{len(top)} players tie with {best} {SUIT_NAMES[suit]}"
    return top[0]["seat"], suit, best, ""


def judge_trick(table: Table, leading: str, leading_only: bool = False) -> Verdict:
    """A trick of the 2-player drafting phase: "the winner of this conflict is
    the higher valued hand power", whatever its suit; with `leading_only` (the
    option) only hand power of the leading suit counts, as in a conflict."""
    if leading_only:
        return judge(table, leading, None)
    if not table:
        return None, leading, 0, "nobody has hand power left"
    best = max(e["power"] for e in table)
    top = [e for e in table if e["power"] == best]
    if len(top) > 1:
        return None, leading, best, f"both hand powers are {best}"
    return top[0]["seat"], top[0]["suit"], best, ""
