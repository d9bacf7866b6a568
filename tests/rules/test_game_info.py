"""Each game declares its facts once (`GameInfo`): the framework derives from the record what were
hooks answering "none", refuses a game whose hooks contradict it, and builds the end-of-game
sentence from the `Outcome` in the game's own words (`EndWords`). The records the shipped games
declare are checked against their play: seeded random games over the registry."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from rules import GAMES, shipped
from rules.core import (
    FREE_CHAT,
    BaseGame,
    Chance,
    ChatPolicy,
    EndWords,
    GameInfo,
    GameText,
    Information,
    Outcome,
    Play,
    SeatResult,
    Talk,
    Timer,
)
from rules.engine import Engine, TracedRandom
from rules.game_info import ending
from rules.playout import next_actor

GAMES_PER_RECORD = 4


def states(game: BaseGame[Any, Any, Any], games: int) -> list[tuple[Any, int, bool]]:
    """Every state of a few seeded random games, across the seat counts, each with its number of
    seats and whether the move made from it drew on its rng."""
    low, high = game.info.players
    engine = Engine(game)
    found = []
    for n in range(games):
        seats = low + n % (high - low + 1)
        seed = f"record/{n}"
        state = engine.setup(seats, None, seed)
        agent = game.agents["random"]()
        ply = 0
        while game.outcome(state) is None:
            seat = next_actor(game, state)
            assert seat is not None
            ply += 1
            legal = game.legal_actions(state, seat)
            action = agent.choose(None, legal, random.Random(f"{seed}/{ply}"))
            rng = TracedRandom(seed, ply)
            after = game.apply(state, seat, action, rng).state
            found.append((state, seats, rng.used))
            state = after
        found.append((state, seats, False))
    return found


@pytest.mark.parametrize("key", sorted(GAMES))
def test_each_games_record_is_true_of_its_play(key: str) -> None:
    """Perfect information: every seat sees the public view. Not simultaneous: the game awaits
    one seat at a time. Chance only at set-up (or none): no move draws from its rng."""
    game = GAMES[key]
    info = game.info
    drew = False
    for state, seats, used in states(game, GAMES_PER_RECORD):
        drew |= used
        if not info.hidden_information:
            public = game.observe(state, None)
            assert all(game.observe(state, s) == public for s in range(seats)), key
        if not info.simultaneous:
            assert len(game.awaiting(state)) <= 1, key
    if info.chance is not Chance.MOVES:
        assert not drew, f"{key} declares no chance in its moves, yet a move drew from its rng"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_games_seats_and_picture_are_its_records(key: str) -> None:
    game = GAMES[key]
    assert (game.min_seats, game.max_seats) == game.info.players
    assert game.picture == game.info.picture


@pytest.mark.parametrize("key", sorted(GAMES))
def test_what_the_record_rules_out_answers_none_without_asking_the_game(key: str) -> None:
    game = GAMES[key]
    state = Engine(game).setup(game.max_seats, None, "none")
    if not game.info.clocks:
        assert game.timer(state) is None
    if game.info.talk is Talk.FREE:
        assert all(game.chat_policy(state, s) == FREE_CHAT for s in range(game.max_seats))
    if not game.info.hidden_information:
        assert game.secrets(state, 0) == frozenset() and game.hidden(state) == frozenset()
        assert game.private_key(state, 0) == () and game.text.private_lines(state, 0) == []


class _Tiny(BaseGame[Any, Any, Any]):
    key = "test_tiny"
    title = "Tiny"
    pitch = "Nothing happens."


@pytest.mark.parametrize(
    ("info", "hook", "problem"),
    [
        (GameInfo(players=(2, 2), play=Play.COMPETITIVE), "secrets", "perfect information"),
        (GameInfo(players=(2, 2), play=Play.COMPETITIVE), "timer", "no clocks but a timer"),
        (
            GameInfo(players=(2, 2), play=Play.COMPETITIVE),
            "chat_policy",
            "free talk but a chat_policy",
        ),
        (
            GameInfo(players=(2, 2), play=Play.COMPETITIVE, information=Information.HIDDEN),
            "is_secret",
            "neither secrets nor hidden",
        ),
    ],
)
def test_a_game_whose_hooks_contradict_its_record_is_refused(
    info: GameInfo, hook: str, problem: str
) -> None:
    answers = {
        "secrets": lambda self, state, seat: frozenset({"x"}),
        "timer": lambda self, state: Timer(key="t", seconds=1, moves=()),
        "chat_policy": lambda self, state, seat: ChatPolicy(mode="silent"),
        "is_secret": lambda self, state, action: True,
    }
    with pytest.raises(TypeError, match=problem):
        type("Wrong", (_Tiny,), {"info": info, hook: answers[hook]})


def test_a_perfect_information_game_whose_text_lists_private_lines_is_refused() -> None:
    """`private_lines` is a hook of the game's text object: the record check looks there."""

    class Lines(GameText[Any, Any, Any]):
        def private_lines(self, state: Any, seat: int) -> list[str] | None:
            return ["mine"]

    info = GameInfo(players=(2, 2), play=Play.COMPETITIVE)
    with pytest.raises(TypeError, match="perfect information but defines private_lines"):
        type("Wrong", (_Tiny,), {"info": info, "text_model": Lines})


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_games_words_are_one_text_object_bound_to_it(key: str) -> None:
    game = GAMES[key]
    assert isinstance(game.text, game.text_model) and game.text is game.text
    assert game.text.game is game


def test_a_games_text_says_its_own_options_and_leaves_the_rest_to_the_framework() -> None:
    dead_of_winter = GAMES["dead_of_winter"].text
    assert dead_of_winter.option_sentence("secret_deal", "betrayer") == (
        "Secret deal: a betrayer is surely among you"
    )
    assert dead_of_winter.option_sentence("hardcore", False) == ""  # nothing worth a line
    assert dead_of_winter.option_sentence("lab", False) == "Long Night module lab: off"  # §9
    assert dead_of_winter.option_sentence("objective", "M01") is None  # the framework's words
    winter = GAMES["winter"].text
    assert winter.option_sentence("max_thaw_turns", 50) == "Thaw limit: a draw after 50 thaw turns"
    assert winter.option_sentence("max_thaw_turns", 0) == "Max thaw turns: none"


def test_a_game_with_clocks_or_limited_talk_must_say_them() -> None:
    clocks = GameInfo(players=(1, 2), play=Play.COOPERATIVE, clocks=True)
    with pytest.raises(TypeError, match="clocks but no timer"):
        type("NoTimer", (_Tiny,), {"info": clocks})
    talk = GameInfo(players=(1, 2), play=Play.COOPERATIVE, talk=Talk.LIMITED)
    with pytest.raises(TypeError, match="no chat_policy"):
        type("NoPolicy", (_Tiny,), {"info": talk})


@pytest.mark.parametrize("key", shipped())
def test_a_shipped_game_takes_its_key_from_its_package(key: str) -> None:
    game = GAMES[key]
    assert type(game).__module__.split(".")[:2] == ["rules", game.key]


def test_a_game_outside_rules_has_no_key_until_it_declares_one() -> None:
    info = GameInfo(players=(2, 4), play=Play.COMPETITIVE)
    assert not hasattr(type("Nameless", (BaseGame,), {"info": info}), "key")
    named = type("Named", (BaseGame,), {"info": info, "key": "test_named"})
    assert getattr(named, "key") == "test_named"  # noqa: B009


def test_seats_declared_beside_a_record_must_agree_with_it() -> None:
    info = GameInfo(players=(2, 4), play=Play.COMPETITIVE)
    with pytest.raises(TypeError, match="max_seats"):
        type("Twice", (_Tiny,), {"info": info, "max_seats": 5})


def test_a_game_written_before_the_record_gets_one_from_its_seats_and_hooks() -> None:
    class Old(_Tiny):
        min_seats = 1
        max_seats = 3

        def secrets(self, state: Any, seat: int) -> frozenset[str]:
            return frozenset()

        def timer(self, state: Any) -> Timer | None:
            return None

    assert Old.info.players == (1, 3)
    assert Old.info.information is Information.HIDDEN and Old.info.clocks
    assert Old.info.talk is Talk.FREE and Old.info.play is Play.COMPETITIVE


def test_a_mixed_game_is_cooperative_only_with_its_cooperative_options() -> None:
    info = GameInfo(players=(1, 5), play=Play.MIXED, coop_options={"mode": "coop"})
    assert info.cooperative({"mode": "coop", "hardcore": True})
    assert not info.cooperative({"mode": "standard"}) and not info.cooperative({})
    assert GameInfo(players=(1, 4), play=Play.COOPERATIVE).cooperative({})
    assert not GameInfo(players=(2, 2), play=Play.COMPETITIVE).cooperative({})
    with pytest.raises(ValueError, match="mixed"):
        GameInfo(players=(2, 2), play=Play.COMPETITIVE, coop_options={"mode": "coop"})


NAMES: Sequence[str] = ("Ana", "Bo", "Cy")
WORDS = EndWords(reasons={"fell": "{losers} fell through the ice", "dawn": "dawn came"})


def test_the_end_sentence_of_a_competitive_game_names_its_winners_or_a_draw() -> None:
    one = Outcome(winners=frozenset({0}), reason="fell", scores={0: 3, 1: 1, 2: 0})
    assert ending(Play.COMPETITIVE, WORDS, one, NAMES) == (
        "**Game over — Bo and Cy fell through the ice: Ana wins.** Scores: Ana 3, Bo 1, Cy 0."
    )
    two = Outcome(winners=frozenset({0, 2}), reason="dawn")
    assert ending(Play.COMPETITIVE, WORDS, two, NAMES) == (
        "**Game over — dawn came: Ana and Cy share the win.**"
    )
    none = Outcome(winners=frozenset(), reason="dawn")
    assert ending(Play.COMPETITIVE, WORDS, none, NAMES) == "**Game over — dawn came: a draw.**"


def test_the_end_sentence_of_a_cooperative_game_says_the_tables_result_and_its_scores() -> None:
    words = EndWords(reasons=WORDS.reasons, group_score="Nights survived", scores="Row scores")
    won = Outcome(winners=frozenset({0, 1}), reason="dawn", group_score=10, scores={0: 4, 1: 2})
    assert ending(Play.COOPERATIVE, words, won, NAMES[:2]) == (
        "**Game over — dawn came: everyone wins!** Nights survived: 10. Row scores: Ana 4, Bo 2."
    )
    lost = Outcome(winners=frozenset(), reason="code_without_words")
    assert ending(Play.COOPERATIVE, words, lost, NAMES[:2]) == (
        "**Game over — code without words: everyone loses.**"
    )


def test_the_end_sentence_of_a_mixed_game_lists_each_seats_goals_and_the_winners() -> None:
    words = EndWords(reasons={"won": "the colony held"}, scores=None, kinds={"coop": "shared main"})
    results = (
        SeatResult(seat=0, kind="secret", met=True, group=0, detail="Hoarder"),
        SeatResult(seat=0, kind="secret", met=False, group=2, detail="Loner"),
        SeatResult(seat=1, kind="coop", met=True, group=1, ref="M01"),
    )
    outcome = Outcome(winners=frozenset({0}), reason="won", scores={0: 1, 1: 0}, results=results)
    words_with_goal = EndWords(
        reasons=words.reasons, scores=None, kinds=words.kinds, goals={"M01": "Stock up"}
    )
    assert ending(Play.MIXED, words_with_goal, outcome, NAMES[:2]).splitlines() == [
        "**Game over — the colony held.**",
        "Ana (first group): secret objective Hoarder — met.",
        "Ana (second group): secret objective Loner — not met.",
        "Bo: shared main objective Stock up — met.",
        "Winners: Ana.",
    ]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_move_is_named_off_the_game_as_its_text_names_it_for_tools_outside_the_code(
    key: str,
) -> None:
    """The text object holds the words; `game.label` and `game.move_kind` stay as its readings for
    tools outside this code base (a transcript renderer names each move off the game)."""
    game = GAMES[key]
    engine = Engine(game)
    state = engine.setup(game.min_seats, game.options_model(), "names")
    seat = next(iter(sorted(game.to_act(state))))
    for action in list(game.legal_actions(state, seat))[:20]:
        label = game.text.label(state, action)
        assert game.label(state, action) == label
        assert game.move_kind(label) == game.text.move_kind(label)
