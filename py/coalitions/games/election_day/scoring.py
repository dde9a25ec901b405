"""Scoring a debate and the election: pure functions over card ids.

Both return the result and the plain-language lines that explain it; the rules
put those lines in the log and the bot uses the same functions to look ahead.
"""

from typing import Container, Iterable, Mapping, Optional, Sequence

from .data import CARDS, SUIT_NAMES, SUITS, describe


def suit_counts(cards: Iterable[str]) -> dict[str, int]:
    counts = dict.fromkeys(SUITS, 0)
    for cid in cards:
        for s in CARDS[cid]["suits"]:
            counts[s] += 1
    return counts


def _best(cards: Iterable[str], suit: str, avoid: Container[str] = ()) -> Optional[str]:
    """The highest card of `suit` among `cards` (value, then a card not shared
    with a suit in `avoid`, then deck order), or None."""
    best: Optional[str] = None
    best_key: Optional[tuple[int, int, int]] = None
    for cid in cards:
        c = CARDS[cid]
        if suit not in c["suits"]:
            continue
        shared = sum(1 for s in c["suits"] if s in avoid)
        key = (-c["value"], shared, c["order"])
        if best_key is None or key < best_key:
            best, best_key = cid, key
    return best


def _ranked(cards: Sequence[str], suit: str, n: int, spare: Optional[str] = None) -> list[str]:
    """The `n` highest cards of `suit` among `cards`. Cards of equal rank (only
    rank-0 cards can be) are taken in deck order, except that a card without
    the suit `spare` comes first when the Prince of `spare` would otherwise be
    left with no card of its own (so the second place can score)."""
    mine = [cid for cid in cards if suit in CARDS[cid]["suits"]]
    mine.sort(key=lambda cid: (-CARDS[cid]["value"], CARDS[cid]["order"]))
    won = mine[:n]
    if spare is None or len(mine) <= n:
        return won
    left = [c for c in cards if c not in won and spare in CARDS[c]["suits"]]
    if left:
        return won
    mine.sort(key=lambda cid: (-CARDS[cid]["value"], spare in CARDS[cid]["suits"], CARDS[cid]["order"]))
    return mine[:n]


def _matching(princes: Sequence[str], options: Mapping[str, Sequence[str]]) -> Optional[dict[str, str]]:
    """A card for each Prince in `princes` (suits), each from its own `options`
    list and no card twice, or None if there is none. The first Prince is
    served first, each from the front of its list."""
    if not princes:
        return {}
    first, rest = princes[0], princes[1:]
    for cid in options[first]:
        sub = {s: [c for c in options[s] if c != cid] for s in rest}
        found = _matching(rest, sub)
        if found is not None:
            found[first] = cid
            return found
    return None


def _most_served(princes: Iterable[str], options: Mapping[str, Sequence[str]]) -> int:
    """How many of `princes` can each get a different card from their `options`."""
    owner: dict[str, str] = {}

    def place(s: str, seen: set[str]) -> bool:
        for cid in options[s]:
            if cid not in seen:
                seen.add(cid)
                if cid not in owner or place(owner[cid], seen):
                    owner[cid] = s
                    return True
        return False

    return sum(1 for s in princes if place(s, set()))


def _share_rank_zero(princes: Sequence[str], cards: Sequence[str],
                     tied: Sequence[str]) -> tuple[dict[str, str], list[tuple[str, list[str]]], list[str]]:
    """Tied Princes whose highest remaining cards are all of rank 0: any of
    those cards will do. A card that is the only one left to two or more of
    them is set aside, as the rules do with a shared high card (they then have
    nothing). The others take different cards so that as many Princes as
    possible get one; any choice left goes by suit order, each Prince
    preferring the card fewest other tied Princes (`tied`) share, then deck
    order. Returns ({suit: card}, [(set-aside card, [suits])], [suits without a card])."""
    options: dict[str, list[str]] = {}
    for s in princes:
        mine = [c for c in cards if s in CARDS[c]["suits"]]
        mine.sort(key=lambda c: (sum(1 for o in tied if o != s and o in CARDS[c]["suits"]), CARDS[c]["order"]))
        options[s] = mine
    aside: list[tuple[str, list[str]]] = []
    while True:
        sole: dict[str, list[str]] = {}
        for s in princes:
            if len(options[s]) == 1:
                sole.setdefault(options[s][0], []).append(s)
        shared = [(cid, who) for cid, who in sole.items() if len(who) > 1]
        if not shared:
            break
        for cid, who in shared:
            aside.append((cid, who))
            for s in princes:
                if cid in options[s]:
                    options[s].remove(cid)
    got: dict[str, str] = {}
    best = _most_served(princes, options)
    for k, s in enumerate(princes):
        rest = princes[k + 1:]
        for cid in options[s]:
            sub = {o: [c for c in options[o] if c != cid] for o in rest}
            if 1 + _most_served(rest, sub) == best:
                got[s] = cid
                options = dict(options, **sub)
                best -= 1
                break
    return got, aside, [s for s in princes if s not in got]


def _symbols(count: int) -> str:
    return "1 symbol" if count == 1 else f"{count} symbols"


def _capitalized(text: str) -> str:
    """A card description at the start of a sentence: 'The Pact (9: ...)'."""
    return text[:1].upper() + text[1:]


def _counts_text(counts: Mapping[str, int]) -> str:
    parts = [f"{SUIT_NAMES[s]} {counts[s]}" for s in sorted(SUITS, key=lambda s: -counts[s]) if counts[s]]
    return ", ".join(parts) if parts else "no suit symbols at all"


def score_debate(cards: Iterable[str]) -> tuple[dict[str, list[str]], list[str]]:
    """Decide the awards of a debate.

    Returns ``(awards, lines)``: ``awards`` maps a suit to the list of card ids
    placed beside its Crown; ``lines`` explains every step in words.
    """
    cards = list(cards)
    counts = suit_counts(cards)
    lines = ["Suit symbols in the debate: " + _counts_text(counts) + "."]
    awards: dict[str, list[str]] = {}
    top = max(counts.values())
    if top == 0:
        lines.append("No suit symbol was shown: no Prince wins this debate.")
        return awards, lines
    firsts = [s for s in SUITS if counts[s] == top]
    if len(firsts) == 1:
        winner = firsts[0]
        rest = [s for s in SUITS if s != winner and counts[s] > 0]
        second_top = max((counts[s] for s in rest), default=0)
        seconds = [s for s in rest if counts[s] == second_top]
        won = _ranked(cards, winner, 2, spare=seconds[0] if len(seconds) == 1 else None)
        awards[winner] = won
        lines.append(
            f"The Prince of {SUIT_NAMES[winner]} wins the debate with {_symbols(top)} and takes "
            + " and ".join(describe(c) for c in won)
            + ("." if len(won) == 2 else " (the only card of that suit).")
        )
        if not rest:
            lines.append("No other suit was shown: nobody scores second.")
            return awards, lines
        if len(seconds) > 1:
            lines.append(
                "Tie for second between "
                + " and ".join(SUIT_NAMES[s] for s in seconds)
                + f" ({second_top} each): no second-place card is placed."
            )
            return awards, lines
        second = seconds[0]
        remaining = [c for c in cards if c not in won]
        card = _best(remaining, second)
        if card is None:
            lines.append(
                f"The Prince of {SUIT_NAMES[second]} is second with {_symbols(second_top)}, but every card of "
                "that suit was already placed: no second-place card."
            )
        else:
            awards[second] = [card]
            lines.append(
                f"The Prince of {SUIT_NAMES[second]} is second with {_symbols(second_top)} and takes {describe(card)}."
            )
        return awards, lines

    lines.append(
        "Tie for first between "
        + ", ".join(SUIT_NAMES[s] for s in firsts)
        + f" ({top} each): each of them takes one card and nobody scores second."
    )
    available = list(cards)
    pending = list(firsts)
    while pending:
        claims: dict[str, list[str]] = {}
        waiting: list[str] = []  # Princes whose highest card left is of rank 0
        for s in pending:
            best = _best(available, s)
            if best is None:
                lines.append(f"The Prince of {SUIT_NAMES[s]} has no card left to take and does not score.")
            elif CARDS[best]["value"] == 0:
                waiting.append(s)
            else:
                claims.setdefault(best, []).append(s)
        if not claims:
            if waiting:
                _award_rank_zero(waiting, available, awards, lines, firsts)
            break
        for cid, who in claims.items():
            if len(who) == 1:
                awards[who[0]] = [cid]
                lines.append(f"The Prince of {SUIT_NAMES[who[0]]} takes {describe(cid)}.")
            else:
                lines.append(
                    f"{_capitalized(describe(cid))} is the highest card of both "
                    + " and ".join(SUIT_NAMES[s] for s in who)
                    + ": it is set aside and they look at their next highest card."
                )
            available.remove(cid)
        # Princes waiting at rank 0 wait for those still looking at higher cards.
        pending = [s for who in claims.values() if len(who) > 1 for s in who] + waiting
        pending.sort(key=SUITS.index)
    return awards, lines


def _award_rank_zero(princes: Sequence[str], available: Sequence[str], awards: dict[str, list[str]],
                     lines: list[str], tied: Sequence[str]) -> None:
    zero = [c for c in available if CARDS[c]["value"] == 0]
    got, aside, without = _share_rank_zero(princes, zero, tied)
    if len(princes) > 1:
        lines.append(
            "The highest cards left to "
            + " and ".join(SUIT_NAMES[s] for s in princes)
            + " are of rank 0, so any of them will do: they take different cards, as many of them as can."
        )
    for cid, who in aside:
        lines.append(
            f"{_capitalized(describe(cid))} is the only card left to both "
            + " and ".join(SUIT_NAMES[s] for s in who)
            + ": it is set aside."
        )
    for s in princes:
        if s in got:
            awards[s] = [got[s]]
            lines.append(f"The Prince of {SUIT_NAMES[s]} takes {describe(got[s])}.")
        else:
            lines.append(f"The Prince of {SUIT_NAMES[s]} has no card left to take and does not score.")


def election(track: Mapping[str, Sequence[str]]) -> tuple[list[tuple[str, int, int]], Optional[str], list[str]]:
    """Rank the Princes by the total rank of the cards beside their Crowns, then
    by the number of cards. Returns ``(ranking, elected, lines)`` where ranking is
    a list of ``(suit, total, count)`` best first and ``elected`` a suit or None
    when the tie cannot be broken."""
    ranking: list[tuple[str, int, int]] = []
    for s in SUITS:
        cards = track[s]
        total = sum(CARDS[c]["value"] for c in cards)
        ranking.append((s, total, len(cards)))
    ranking.sort(key=lambda r: (-r[1], -r[2], SUITS.index(r[0])))
    lines: list[str] = []
    for s, total, count in ranking:
        cards = track[s]
        if cards:
            detail = " + ".join(f"{CARDS[c]['value']} ({CARDS[c]['name']})" for c in cards)
            lines.append(f"Prince of {SUIT_NAMES[s]}: {detail} = {total}, {count} card{'s' if count != 1 else ''}.")
        else:
            lines.append(f"Prince of {SUIT_NAMES[s]}: no cards, 0.")
    best = ranking[0]
    tied_total = [r for r in ranking if r[1] == best[1]]
    tied = [r for r in tied_total if r[2] == best[2]]
    if len(tied) > 1:
        lines.append(
            "Tie between "
            + " and ".join(SUIT_NAMES[r[0]] for r in tied)
            + f" at {best[1]} with {best[2]} card{'s' if best[2] != 1 else ''} each: no Prince is elected."
        )
        return ranking, None, lines
    if len(tied_total) > 1:
        lines.append(
            f"Tie at {best[1]} between "
            + " and ".join(SUIT_NAMES[r[0]] for r in tied_total)
            + f"; the Prince of {SUIT_NAMES[best[0]]} has the most cards ({best[2]}) and is elected."
        )
    else:
        lines.append(f"The Prince of {SUIT_NAMES[best[0]]} is elected with {best[1]}.")
    return ranking, best[0], lines


def debate_ends(passes: Sequence[int], seat: int) -> Optional[str]:
    """Why the debate ends after `seat` passed, or None. `passes` holds each
    seat's passes in a row, that pass included, so: the last n turns were all
    passes; or the last 2n - 1 were n - 1 passes, one player's action, n - 1
    passes. That one player is then the next to act: every other player
    passed both before and after his latest action."""
    n = len(passes)
    if all(p >= 1 for p in passes):
        return "every player passed in a row"
    one = (seat + 1) % n
    if all(passes[s] >= 2 for s in range(n) if s != one):
        return "every player but one passed twice in a row"
    return None


def debates_end(hand_counts: Iterable[int], played: bool) -> Optional[str]:
    """Why the debates are over once a debate has been scored, or None: two or
    fewer players hold cards, or nobody played a card during that debate."""
    with_cards = sum(1 for count in hand_counts if count)
    if with_cards <= 2:
        return ("no player has cards left" if with_cards == 0
                else f"only {with_cards} player{'s have' if with_cards != 1 else ' has'} cards left")
    if not played:
        return "nobody played a card during this debate"
    return None
