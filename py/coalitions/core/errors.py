"""The exceptions of the package. Every one is a ValueError: bad input, not a bug."""


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
