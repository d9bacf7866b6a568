"""A game's words (`GameText`): move labels and typed moves, the board and rules in text, the
refusals' sentences, its options, challenge scores and hidden facts in words, and its words for
the end. The game object keeps the rules; it declares its text class as `text_model` and reads it
as `game.text`, one text object bound to the game (it asks the rules, e.g. for the legal list
`parse` reads when it is not given). `rules.core` re-exports `GameText`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from rules.game_info import EndWords, GameInfo, ending
from rules.parsing import match_label
from rules.values import A, O, Outcome, S, Seat

_S = TypeVar("_S", contravariant=True)
_A = TypeVar("_A", covariant=True)


class Rules(Protocol[_S, _A]):
    """What a text object may ask its game (`BaseGame` is one): its key, its record and its legal
    lists."""

    @property
    def key(self) -> str: ...

    @property
    def info(self) -> GameInfo: ...

    def legal_actions(self, state: _S, seat: Seat) -> Sequence[_A]: ...


class GameText(Generic[S, A, O]):
    """A game's words, bound to its game (`game`). A game subclasses it, implements the required
    methods and overrides only the optional ones it needs (their defaults are here).

    Declared: `rules_summary` (its rules in short, for `rules_text`); optional `notation_guide`
    (how to type moves, for `notation`), `end_words` (its words for the end, `summary`),
    `panel_common` (the kinds of move a private panel shows first), `option_words` and
    `number_words` (its table options in sentences). Required: `label`, `describe`, and
    `rules_text` unless the default serves (the summary and where the full rules are).
    Optional: `parse_among` (typed notation; labels only by default), `notation`, `why_waiting`,
    `why_illegal`, `move_kind`, `option_sentence`, `challenge_score`, `reveal_lines`; with hidden
    information `private_lines`. Built by the framework: `parse` (around `parse_among`),
    `summary`.
    """

    rules_summary: ClassVar[str] = ""  # the rules in short (`rules_text`)
    notation_guide: ClassVar[str] = ""  # a short guide to typing moves (`notation`)
    end_words: ClassVar[EndWords] = EndWords()  # the game's words for its end (`summary`)
    panel_common: ClassVar[tuple[str, ...]] = ()  # kinds (`move_kind`) a panel shows first
    option_words: ClassVar[Mapping[str, Mapping[Any, str]]] = {}
    """The game's table options in sentences: option → value → sentence ("" for a value that says
    nothing worth a line, such as a variant set off); `option_sentence` reads it."""
    number_words: ClassVar[Mapping[str, str]] = {}
    """Its number options in sentences, `{}` standing for the number ("Turn limit: {} turns")."""

    def __init__(self, game: Rules[S, A]) -> None:
        self.game = game

    # required -------------------------------------------------------------------------------
    def label(self, state: S, action: A) -> str:
        """The move as players read it, in lists, buttons and the log; each legal move's is
        unique, and typing it plays the move."""
        raise NotImplementedError

    def parse(self, state: S, seat: Seat, text: str, legal: Sequence[A] | None = None) -> A:
        """Typed notation or a label → one of `legal` (the seat's legal actions; the game's list
        when not given), or a `ParseError`/`IllegalActionError` a player can read. Built by the
        framework: the legal list in hand, the game's `parse_among` reads the text."""
        if legal is None:
            legal = self.game.legal_actions(state, seat)
        return self.parse_among(state, seat, text, legal)

    def parse_among(self, state: S, seat: Seat, text: str, legal: Sequence[A]) -> A:
        """`parse` with the seat's legal list in hand. The default reads a label, or any unique
        part of one (`rules.parsing.match_label`); a game with a typed notation reads it first."""
        return match_label(legal, lambda action: self.label(state, action), text)

    def describe(self, observation: O) -> str:
        """Plain text (light Markdown) of an observation, for the board, DMs and the terminal."""
        raise NotImplementedError

    def rules_text(self) -> str:
        """A short rules summary for `/game rules` and the terminal's `help`: by default the
        declared `rules_summary`, then where the player doc with the full rules is."""
        return f"{self.rules_summary.rstrip()}\nFull rules: `docs/games/{self.game.key}.md`."

    # optional -------------------------------------------------------------------------------
    def notation(self) -> str:
        """A short guide to typing moves (shown with refusals of typed text and in help): the
        declared `notation_guide`."""
        return self.notation_guide

    def why_waiting(self, state: S, seat: Seat) -> str | None:
        """Why a seat outside `to_act` has nothing to do now, when the game can say more than
        "not your turn" ("You have already voted."); the bot adds whom the game waits for."""
        return None

    def why_illegal(self, state: S, seat: Seat, action: A) -> str | None:
        """Why a well-formed action is refused now, in a sentence; None for a generic refusal."""
        return None

    def move_kind(self, label: str) -> str | None:
        """The kind of the move labelled `label` ("Move", "Clean waste"), for private panels: a game
        whose turn offers dozens of moves gets one button or select menu per kind instead of pages
        of moves in label order. None (the default) keeps the plain panel; a game opts in by
        naming a kind for every label (and its common kinds in `panel_common`)."""
        return None

    def option_sentence(self, key: str, value: Any) -> str | None:
        """One table option in the game's own words ("Secret deal: a betrayer is surely among
        you", "" for nothing worth a line), or None when the game has no words for it and the
        framework's serve ("Max turns: 40"). The default reads `option_words` and
        `number_words`."""
        known = self.option_words.get(key, {})
        if isinstance(value, str | int | bool) and value in known:
            return known[value]
        number = self.number_words.get(key)
        if number is not None and isinstance(value, int) and not isinstance(value, bool):
            return number.format(value) if value else f"{key.replace('_', ' ').capitalize()}: none"
        return None

    def challenge_score(self, outcome: Outcome, public: O, seats: int) -> tuple[bool, float, str]:
        """A finished challenge's result (`bot.challenges`): whether the group won, its score
        (higher is better) and the score in words naming no player, read from the `Outcome` and
        the public view of the last state. The default: the group score, else the top score, else
        won or lost."""
        everyone = everyone_won(outcome, seats)
        if outcome.group_score is not None:
            return everyone, float(outcome.group_score), f"group score {outcome.group_score}"
        if outcome.scores:
            top = max(outcome.scores.values())
            return False, float(top), f"top score {top}"
        return everyone, 0.0, "won" if everyone else "lost"

    def reveal_lines(self, state: S) -> list[str]:
        """What the game hid at this position that its end reveals, beyond what each seat's own
        view shows (who held which objective, face-down contributions, open ballots), for the
        replay's view of everything; seats as `{sN}`. None (`[]`) by default."""
        return []

    def private_lines(self, state: S, seat: Seat) -> list[str] | None:
        """The seat's private-only lines — those of `describe(observe(state, seat))` that
        `describe(observe(state, None))` does not show, in order, blank ones left out — when
        the game can list them without building both views. None (the default for hidden
        information): the bot computes them from the two views. With perfect information there
        are none."""
        return None if self.game.info.hidden_information else []

    # built by the framework -----------------------------------------------------------------
    def summary(self, outcome: Outcome, names: Sequence[str]) -> str:
        """The end-of-game announcement: built by the framework from the `Outcome` and the
        record's `play`, in the game's own words (`end_words`); not a hook."""
        return ending(self.game.info.play, self.end_words, outcome, names)


def everyone_won(outcome: Outcome, seats: int) -> bool:
    """Whether every one of `seats` players won (a co-operative table's win)."""
    return seats > 0 and len(outcome.winners) == seats


def plural(count: int, word: str) -> str:
    """ "1 night", "3 nights"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def times_words(times: int) -> str:
    """How often, in words: "once", "twice", "3 times"."""
    return {1: "once", 2: "twice"}.get(times, f"{times} times")
