"""Errors a player can read.

Every refusal in the rules layer is a `RuleError` whose message is written for the person who tried
the move; the bot shows it to them privately and changes nothing.
"""

from __future__ import annotations


class RuleError(Exception):
    """A move or request the rules refuse; `str(err)` is shown to the player as it is."""

    @property
    def message(self) -> str:
        return str(self)


class NotYourTurnError(RuleError):
    """The seat has no legal action right now."""


class IllegalActionError(RuleError):
    """The action is not one of the seat's legal actions."""


class GameOverError(RuleError):
    """The game has ended; nothing more can be played."""


class ParseError(RuleError):
    """Typed text that names no legal action, or more than one."""


class OptionsError(RuleError):
    """Table options the game does not accept."""
