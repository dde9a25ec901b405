"""Scoring a debate and the election: pure functions over card ids.

Both return the result and the plain-language lines that explain it; the rules
put those lines in the log and the bot uses the same functions to look ahead.
"""

from .data import CARDS, SUIT_NAMES, SUITS, describe


def suit_counts(cards):
    counts = dict.fromkeys(SUITS, 0)
    for cid in cards:
        for s in CARDS[cid]["suits"]:
            counts[s] += 1
    return counts


def _best(cards, suit, avoid=()):
    """The highest card of `suit` among `cards` (value, then a card not shared
    with a suit in `avoid`, then deck order), or None."""
    best = None
    best_key = None
    for cid in cards:
        c = CARDS[cid]
        if suit not in c["suits"]:
            continue
        shared = sum(1 for s in c["suits"] if s in avoid)
        key = (-c["value"], shared, c["order"])
        if best_key is None or key < best_key:
            best, best_key = cid, key
    return best


def _ranked(cards, suit, n):
    mine = [cid for cid in cards if suit in CARDS[cid]["suits"]]
    mine.sort(key=lambda cid: (-CARDS[cid]["value"], CARDS[cid]["order"]))
    return mine[:n]


def _capitalized(text):
    """A card description at the start of a sentence: 'The Pact (9: ...)'."""
    return text[:1].upper() + text[1:]


def _counts_text(counts):
    parts = [f"{SUIT_NAMES[s]} {counts[s]}" for s in sorted(SUITS, key=lambda s: -counts[s]) if counts[s]]
    return ", ".join(parts) if parts else "no suit symbols at all"


def score_debate(cards):
    """Decide the awards of a debate.

    Returns ``(awards, lines)``: ``awards`` maps a suit to the list of card ids
    placed beside its Crown; ``lines`` explains every step in words.
    """
    cards = list(cards)
    counts = suit_counts(cards)
    lines = ["Suit symbols in the debate: " + _counts_text(counts) + "."]
    awards = {}
    top = max(counts.values())
    if top == 0:
        lines.append("No suit symbol was shown: no Prince wins this debate.")
        return awards, lines
    firsts = [s for s in SUITS if counts[s] == top]
    if len(firsts) == 1:
        winner = firsts[0]
        won = _ranked(cards, winner, 2)
        awards[winner] = won
        lines.append(
            f"The Prince of {SUIT_NAMES[winner]} wins the debate with {top} symbols and takes "
            + " and ".join(describe(c) for c in won)
            + ("." if len(won) == 2 else " (the only card of that suit).")
        )
        rest = [s for s in SUITS if s != winner and counts[s] > 0]
        if not rest:
            lines.append("No other suit was shown: nobody scores second.")
            return awards, lines
        second_top = max(counts[s] for s in rest)
        seconds = [s for s in rest if counts[s] == second_top]
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
                f"The Prince of {SUIT_NAMES[second]} is second with {second_top} symbols, but every card of "
                "that suit was already placed: no second-place card."
            )
        else:
            awards[second] = [card]
            lines.append(
                f"The Prince of {SUIT_NAMES[second]} is second with {second_top} symbols and takes {describe(card)}."
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
        claims = {}
        for s in pending:
            others = [o for o in pending if o != s]
            best = _best(available, s, avoid=others)
            if best is None:
                lines.append(f"The Prince of {SUIT_NAMES[s]} has no card left to take and does not score.")
            else:
                claims.setdefault(best, []).append(s)
        settled = [cid for cid, who in claims.items() if len(who) == 1]
        shared = [cid for cid, who in claims.items() if len(who) > 1]
        for cid in settled:
            s = claims[cid][0]
            awards[s] = [cid]
            lines.append(f"The Prince of {SUIT_NAMES[s]} takes {describe(cid)}.")
            available.remove(cid)
        for cid in shared:
            lines.append(
                f"{_capitalized(describe(cid))} is the highest card of both "
                + " and ".join(SUIT_NAMES[s] for s in claims[cid])
                + ": it is set aside and they look at their next highest card."
            )
            available.remove(cid)
        pending = [s for who in claims.values() if len(who) > 1 for s in who]
    return awards, lines


def election(track):
    """Rank the Princes by the total rank of the cards beside their Crowns, then
    by the number of cards. Returns ``(ranking, elected, lines)`` where ranking is
    a list of ``(suit, total, count)`` best first and ``elected`` a suit or None
    when the tie cannot be broken."""
    ranking = []
    for s in SUITS:
        cards = track[s]
        total = sum(CARDS[c]["value"] for c in cards)
        ranking.append((s, total, len(cards)))
    ranking.sort(key=lambda r: (-r[1], -r[2], SUITS.index(r[0])))
    lines = []
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
