"""The 10th Night's text object (`TenthNightText`): the words of `text.py` (labels, typed notation,
the rules summary) and `board_text.py` (the board), bound to the game, with its refusals."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import EndWords, GameText, Outcome, Rules, Seat
from rules.errors import IllegalActionError, ParseError
from rules.game_text import everyone_won, plural
from rules.parsing import match_label
from rules.state_cache import StateCache
from rules.tenth_night import actions as act
from rules.tenth_night.board_text import describe
from rules.tenth_night.observation import defence_options
from rules.tenth_night.observation_models import TenthNightObservation
from rules.tenth_night.rules_day import problem
from rules.tenth_night.state import TenthNightState
from rules.tenth_night.text import END_WORDS, NOTATION, RULES_TEXT, label, parse_notation

Labels = dict[str, act.Action]  # a state's moves by label


class TenthNightText(GameText[TenthNightState, act.Action, TenthNightObservation]):
    """The 10th Night's text object. The labels of a (state, seat) are cached by the (immutable)
    state's identity: a few recent states, held so that identities are not reused."""

    rules_summary = RULES_TEXT
    notation_guide = NOTATION
    end_words = EndWords(  # TN-31 / TN-33: nights survived, and each row's score
        reasons=END_WORDS, group_score="Nights survived", scores="Row scores"
    )
    option_words = {
        "record_mode": {True: "Record run: play on after the 10th night", False: ""},
        "attack_schedule": {
            "standard": "Attacks: the standard schedule",
            "harsh": "Attacks: the harsh schedule",
        },
    }
    number_words = {  # §7's clocks
        "day_seconds": "Day clock: {} seconds",
        "defence_seconds": "Defence clock: {} seconds for each defence",
    }

    def __init__(self, game: Rules[TenthNightState, act.Action]) -> None:
        super().__init__(game)
        self._labels: StateCache[Labels] = StateCache(16)  # per state object and seat

    def label(self, state: TenthNightState, action: act.Action) -> str:
        return label(state, action)

    def parse_among(
        self, state: TenthNightState, seat: Seat, text: str, legal: Sequence[act.Action]
    ) -> act.Action:
        by_label = self._label_index(state, seat, legal)
        exact = by_label.get(text.strip())
        if exact is not None:
            return exact
        action = parse_notation(state, seat, text)
        if action is not None:
            if action in legal:
                return action
            reason = self.why_illegal(state, seat, action)
            raise IllegalActionError(reason or "That move is not allowed right now.")
        if not legal:
            raise ParseError("You have nothing to do right now.")
        return match_label(legal, lambda a: label(state, a), text)

    def _label_index(
        self, state: TenthNightState, seat: Seat, actions: Sequence[act.Action]
    ) -> Labels:
        def index() -> Labels:
            found: Labels = {}
            for a in actions:
                found.setdefault(label(state, a), a)
            return found

        return self._labels.get(state, seat, index)

    def why_illegal(self, state: TenthNightState, seat: Seat, action: act.Action) -> str | None:
        if state.phase == "game_over":
            return "The game is over."
        if isinstance(action, act.Defend):
            if state.phase != "night" or state.cursor is None or state.cursor.seat != seat:
                return "There is no attack on your people waiting for a defence decision."
            opts = defence_options(state, seat)
            if action.mode == "modifiers" and opts is not None and opts.deadly:
                return "J, Q and K cannot stop a deadly attack: only a Joker nullifies it."
            if action.mode == "nullify":
                return "To nullify, play one Joker from your hand."
            return "Defend with J, Q or K cards from your hand (each at most once)."
        return problem(state, seat, action)

    def challenge_score(
        self, outcome: Outcome, public: TenthNightObservation, seats: int
    ) -> tuple[bool, float, str]:
        """The nights survived, then the rows' scores."""
        nights = outcome.group_score or 0
        rows = sum((outcome.scores or {}).values())
        words = f"survived {plural(nights, 'night')}, rows worth {rows}"
        return everyone_won(outcome, seats), nights * 1000.0 + rows, words

    def describe(self, observation: TenthNightObservation) -> str:
        return describe(observation)
