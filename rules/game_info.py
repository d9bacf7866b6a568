"""What a game declares about itself once (`GameInfo`, in the spirit of OpenSpiel's `GameType`), and
the end-of-game sentence the framework builds from an `Outcome` with the game's own words
(`EndWords`). `rules.core` re-exports every name here.

The record is the source of the answers that used to be hooks returning "none": a game with
perfect information has no `secrets`, `hidden`, `private_key` or `is_secret`, and its text object
no `private_lines`; a game without clocks has no `timer`; a game with free talk has no
`chat_policy`. `BaseGame` refuses a game whose hooks (its text's included) contradict its record
(`contradictions`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rules.values import Outcome, Seat


class Play(StrEnum):
    """Who wins: the table together, each player alone, or either by the table's mode."""

    COOPERATIVE = "cooperative"  # the whole table wins or loses together
    COMPETITIVE = "competitive"  # players win against each other
    MIXED = "mixed"  # a shared goal and personal ones (`GameInfo.coop_options` make it co-op)


class Information(StrEnum):
    """What players may not see."""

    PERFECT = "perfect"  # every seat sees the same; at most a face-down pile's order is unknown
    HIDDEN = "hidden"  # a seat holds cards or values the others may not see
    SECRET_ROLES = "secret_roles"  # hidden values and hidden goals or sides (a betrayer)


class Chance(StrEnum):
    """Where luck comes in."""

    NONE = "none"  # no randomness at all
    SETUP = "setup"  # only the set-up (a shuffled deck): no move draws from its rng
    MOVES = "moves"  # moves roll dice or shuffle too


class Talk(StrEnum):
    """What players may say in the table's channel."""

    FREE = "free"  # anything, always
    LIMITED = "limited"  # the game limits it (`BaseGame.chat_policy`): no numbers, silence…


@dataclass(frozen=True)
class GameInfo:
    """The facts of a game, declared once as its `info` class attribute.

    `players` is the (fewest, most) seats; `simultaneous` says several seats may owe a decision
    at once (a day's free actions, a vote); `clocks` that an option can time decisions
    (`BaseGame.timer`); `picture` that `cogs/games/<key>.py` draws its board; `coop_options`,
    for a `MIXED` game, the options that make a table co-operative (Dead of Winter's
    `{"mode": "coop"}`)."""

    players: tuple[int, int]
    play: Play
    information: Information = Information.PERFECT
    chance: Chance = Chance.NONE
    simultaneous: bool = False
    clocks: bool = False
    talk: Talk = Talk.FREE
    picture: bool = False
    coop_options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        low, high = self.players
        if not 1 <= low <= high:
            raise ValueError(
                f"players must be (fewest, most) with 1 ≤ fewest ≤ most: {self.players}"
            )
        if self.coop_options and self.play is not Play.MIXED:
            raise ValueError("only a mixed game has options that make it co-operative")

    @property
    def hidden_information(self) -> bool:
        return self.information is not Information.PERFECT

    def cooperative(self, options: Mapping[str, Any]) -> bool:
        """Whether a table with these options wins or loses together."""
        if self.play is Play.COOPERATIVE:
            return True
        if self.play is Play.MIXED and self.coop_options:
            return all(options.get(key) == value for key, value in self.coop_options.items())
        return False


HIDDEN_HOOKS = ("secrets", "hidden", "private_key", "private_lines", "is_secret")
"""Hooks only a game with hidden information has (`private_lines` on its text object): with
perfect information every seat's view is the public one, so there is no secret, nothing private to
key or list, and no move to hide."""
CLOCK_HOOKS = ("timer",)
"""Hooks only a game with clocks has."""
TALK_HOOKS = ("chat_policy",)
"""Hooks only a game that limits talk has."""


def contradictions(info: GameInfo, defines: Iterable[str]) -> list[str]:
    """What a game's hooks (`defines`: the optional hooks it overrides) say against its record."""
    defined = set(defines)
    found = []
    if not info.hidden_information:
        found += [
            f"it has perfect information but defines {h}" for h in HIDDEN_HOOKS if h in defined
        ]
    elif not defined & {"secrets", "hidden"}:
        found.append("it has hidden information but defines neither secrets nor hidden")
    if info.clocks != ("timer" in defined):
        found.append(
            "it has clocks but no timer" if info.clocks else "it has no clocks but a timer"
        )
    limited = info.talk is Talk.LIMITED
    if limited != ("chat_policy" in defined):
        found.append(
            "it limits talk but has no chat_policy"
            if limited
            else "it has free talk but a chat_policy"
        )
    return found


@dataclass(frozen=True)
class EndWords:
    """A game's own words for its end; the framework builds the sentence around them (`ending`).

    `reasons` says each `Outcome.reason` ("the fire went out, and everyone froze"), with
    `{winners}` and `{losers}` standing for the players; `scores` and `group_score` lead the
    lines of `Outcome.scores` and `.group_score` ("Row scores: Ana 12, Bo 9."), `scores` None
    when they are not worth a line; `kinds` and `goals` name a `SeatResult`'s kind and its `ref`
    (when it has no `detail`)."""

    reasons: Mapping[str, str] = field(default_factory=dict)
    scores: str | None = "Scores"
    group_score: str = "Group score"
    kinds: Mapping[str, str] = field(default_factory=dict)
    goals: Mapping[str, str] = field(default_factory=dict)


def listed(names: Sequence[str], last: str = "and") -> str:
    """ "Ana", "Ana and Bo", "Ana, Bo and Cy" (or, with `last="or"`, "Ana, Bo or Cy")."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {last} {names[-1]}"


def result_words(play: Play, winners: Sequence[str]) -> str:
    """Who won, after the reason: the table's shared result, or each winner; "" for a mixed game,
    whose per-seat lines and a "Winners:" line say it."""
    if play is Play.COOPERATIVE:
        return "everyone wins!" if winners else "everyone loses."
    if play is Play.COMPETITIVE:
        if not winners:
            return "a draw."
        return f"{listed(winners)} {'wins' if len(winners) == 1 else 'share the win'}."
    return ""


def ending(play: Play, words: EndWords, outcome: Outcome, names: Sequence[str]) -> str:
    """The end-of-game announcement: "**Game over — <why>: <who won>**", then the scores, then
    each seat's own goals, in the game's words (`EndWords`); the service adds the seed."""

    def name(seat: Seat) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"

    won = [name(s) for s in sorted(outcome.winners)]
    lost = [name(s) for s in range(len(names)) if s not in outcome.winners]
    why = words.reasons.get(outcome.reason)
    if why is None:
        why = outcome.reason.replace("_", " ").strip()
    why = why.replace("{winners}", listed(won)).replace("{losers}", listed(lost))
    result = result_words(play, won)
    if not why:
        head = f"**Game over — {result}**" if result else "**Game over.**"
    else:
        head = f"**Game over — {why}: {result}**" if result else f"**Game over — {why}.**"
    parts = [head]
    if outcome.group_score is not None:
        parts.append(f"{words.group_score}: {outcome.group_score}.")
    if outcome.scores and words.scores:
        scores = ", ".join(f"{name(s)} {v}" for s, v in sorted(outcome.scores.items()))
        parts.append(f"{words.scores}: {scores}.")
    if not outcome.results:
        return " ".join(parts)
    lines = [" ".join(parts)]
    for r in outcome.results:
        led = sorted({x.group for x in outcome.results if x.seat == r.seat and x.group is not None})
        group = ""  # one player leading several groups: told apart by their order
        if len(led) > 1 and r.group in led:
            group = f" ({('first', 'second', 'third')[led.index(r.group) % 3]} group)"
        kind = words.kinds.get(r.kind, r.kind.replace("_", " "))
        what = r.detail or (words.goals.get(r.ref, r.ref) if r.ref else "") or "their goal"
        lines.append(
            f"{name(r.seat)}{group}: {kind} objective {what} — {'met' if r.met else 'not met'}."
        )
    if not result:
        lines.append(f"Winners: {', '.join(won)}." if won else "Nobody won.")
    return "\n".join(lines)
