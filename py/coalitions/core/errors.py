"""The exceptions of the package. Every one is a ValueError: bad input, not a bug."""

from __future__ import annotations

import re
import reprlib


class CoalitionsError(ValueError):
    """Base class of every error the rules raise on bad input."""


class UnknownGameError(CoalitionsError):
    """A game id that is not in the registry."""


class OptionError(CoalitionsError):
    """An option or a player count the game does not accept."""


class IllegalActionError(CoalitionsError):
    """An action that is not legal for that seat now. The state is unchanged."""


class RecordError(CoalitionsError):
    """A record (save, export, shared link, walkthrough) that cannot be loaded."""

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message)
        self.step = step


# How much of a bad input a message may echo: a 10 MB action must not become a
# 10 MB line. `brief` is for one echoed value, `shorten` for a whole message.
MAX_ECHO = 80
MAX_MESSAGE = 400
_LONG_RUN = re.compile(r"[^ \n'\"]{%d,}" % (MAX_ECHO + 1))


def shorten(text: str, limit: int = MAX_MESSAGE) -> str:
    """`text`, cut to at most `limit` characters with "…" where it was cut."""
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def clip_message(text: str, limit: int = MAX_MESSAGE) -> str:
    """A message that may echo untrusted input, made short: every run of more
    than MAX_ECHO characters with no space, newline or quote (a huge action,
    a card id of a megabyte) is cut to MAX_ECHO with "…", then the whole is
    cut to `limit` characters."""
    text = _LONG_RUN.sub(lambda m: m.group()[:MAX_ECHO] + "…", text)
    return shorten(text, limit)


def brief(value: object, limit: int = MAX_ECHO) -> str:
    """A short repr of a value taken from untrusted input, for a message: at
    most about `limit` characters, "…" where it was cut. A long text is cut
    before its repr is taken, and containers are summarized (reprlib), so a
    huge value costs no more than a small one."""
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(value[:limit]) + "…"
    return shorten(_BRIEF.repr(value), limit + 2)


def quote_briefly(message: str, value: str) -> str:
    """`message`, which may quote the text `value` (an untrusted action) in
    full, more than once, and its words (the card it names): the first quote
    of the whole is cut to `brief(value)`, any other quote of it or of a long
    word to a quarter of that, then the whole is made short with
    `clip_message`. It quotes little more than MAX_ECHO characters of
    `value`."""
    quote, short = repr(value), MAX_ECHO // 4
    if len(value) > MAX_ECHO and quote in message:
        head, rest = message.split(quote, 1)
        message = head + brief(value) + rest.replace(quote, brief(value, short))
    if len(message) > MAX_ECHO:
        for word in set(value.split(" ")) - {value}:
            if len(word) > short and repr(word) in message:
                message = message.replace(repr(word), brief(word, short))
    return clip_message(message)


class _BriefRepr(reprlib.Repr):
    """reprlib's bounded repr; a huge whole number is described, not written."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxlist = self.maxtuple = self.maxdict = 6
        self.maxstring = self.maxother = self.maxlong = 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"<a whole number of {x.bit_length()} bits>"
        return repr(x)


_BRIEF = _BriefRepr()
