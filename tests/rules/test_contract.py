"""The contract every game in `rules.GAMES` honours (DESIGN §7), checked on random playouts."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rules import GAMES
from rules.core import Game
from rules.engine import Engine
from rules.errors import GameOverError, NotYourTurnError
from rules.playout import next_actor, play_out

GAME_KEYS = sorted(GAMES)
SEEDS = range(6)


def seat_counts(game: Game[Any, Any, Any]) -> list[int]:
    return list(range(game.min_seats, game.max_seats + 1))


def random_agents(game: Game[Any, Any, Any], seats: int) -> list[Any]:
    return [game.agents["random"]() for _ in range(seats)]


def walk(game: Game[Any, Any, Any], seats: int, seed: int, every: int = 1):
    """Yield (state, seat, action, ply) along a random playout, every `every`-th ply."""
    engine = Engine(game)
    state = engine.setup(seats, None, seed)
    agents = random_agents(game, seats)
    ply = 0
    while game.outcome(state) is None:
        seat = next_actor(game, state)
        assert seat is not None, "no seat may act but the game has no outcome"
        legal = game.legal_actions(state, seat)
        ply += 1
        action = agents[seat].choose(
            game.observe(state, seat), legal, engine.agent_rng(seed, ply, seat)
        )
        if ply % every == 0:
            yield state, seat, action, ply
        state = engine.act(state, seat, action, seed=seed, ply=ply).state
        assert ply < 50_000
    yield state, None, None, ply


@pytest.mark.parametrize("key", GAME_KEYS)
def test_random_playouts_always_terminate(key: str) -> None:
    game = GAMES[key]
    for seats in seat_counts(game):
        for seed in SEEDS:
            result = play_out(game, seats, seed, random_agents(game, seats))
            assert result.outcome is not None


@pytest.mark.parametrize("key", GAME_KEYS)
def test_same_seed_gives_the_same_game_whatever_the_global_random_state(key: str) -> None:
    game = GAMES[key]
    seats = game.max_seats
    random.seed(1)
    first = play_out(game, seats, "same", random_agents(game, seats))
    random.seed(2)
    random.random()
    second = play_out(game, seats, "same", random_agents(game, seats))
    assert first.log == second.log
    assert first.state == second.state


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_action_log_replays_to_the_same_state(key: str) -> None:
    game = GAMES[key]
    engine = Engine(game)
    seats = game.min_seats
    result = play_out(game, seats, 11, random_agents(game, seats))
    stored = [(seat, json.loads(json.dumps(engine.dump_action(a)))) for seat, a in result.log]
    assert engine.replay(seats, None, 11, stored) == result.state


@pytest.mark.parametrize("key", GAME_KEYS)
def test_state_json_round_trips(key: str) -> None:
    game = GAMES[key]
    for state, _, _, _ in walk(game, game.max_seats, 3, every=7):
        again = game.state_model.model_validate_json(state.model_dump_json())
        assert again == state


@pytest.mark.parametrize("key", GAME_KEYS)
def test_to_act_is_empty_exactly_when_the_game_is_over(key: str) -> None:
    game = GAMES[key]
    for seats in seat_counts(game):
        for state, _, _, _ in walk(game, seats, 5):
            assert (game.outcome(state) is None) == bool(game.to_act(state))
            assert game.awaiting(state) <= game.to_act(state)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_seat_in_to_act_has_a_legal_action(key: str) -> None:
    game = GAMES[key]
    for state, _, _, _ in walk(game, game.max_seats, 7):
        for seat in game.to_act(state):
            assert game.legal_actions(state, seat), f"seat {seat} in to_act without actions"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_acting_out_of_turn_or_after_the_end_is_refused(key: str) -> None:
    game = GAMES[key]
    engine = Engine(game)
    seats = game.max_seats
    last = None
    for state, seat, action, ply in walk(game, seats, 9, every=3):
        last = state
        if seat is None:
            break
        idle = [s for s in range(seats) if s not in game.to_act(state)]
        for other in idle:
            with pytest.raises(NotYourTurnError):
                engine.act(state, other, action, seed=9, ply=ply)
    assert last is not None and game.outcome(last) is not None
    some_action = None
    for _, _, action, _ in walk(game, seats, 9):
        some_action = action or some_action
    with pytest.raises(GameOverError):
        engine.act(last, 0, some_action, seed=9, ply=10**6)


def _strings(value: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= _strings(k) | _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            found |= _strings(v)
    return found


@pytest.mark.parametrize("key", GAME_KEYS)
def test_no_observation_or_public_event_shows_another_seats_secret(key: str) -> None:
    game = GAMES[key]
    engine = Engine(game)
    for seats in seat_counts(game):
        for state, seat, action, ply in walk(game, seats, 13, every=2):
            public = _strings(game.observe(state, None).model_dump(mode="json"))
            for owner in range(seats):
                secret = game.secrets(state, owner)
                assert not (secret & public), (
                    f"public observation shows seat {owner}'s {secret & public}"
                )
                for viewer in range(seats):
                    if viewer == owner:
                        continue
                    seen = _strings(game.observe(state, viewer).model_dump(mode="json"))
                    leaked = secret & seen - game.secrets(state, viewer)
                    assert not leaked, f"seat {viewer} sees seat {owner}'s {leaked}"
            if seat is not None:
                step = engine.act(state, seat, action, seed=13, ply=ply)
                for event in step.events:
                    for owner in range(seats):
                        hidden = game.secrets(step.state, owner) | game.secrets(state, owner)
                        audience = range(seats) if event.visible_to is None else event.visible_to
                        if any(v != owner for v in audience):
                            words = set(event.text.replace(",", " ").replace(".", " ").split())
                            assert not (hidden & words), (
                                f"event {event.text!r} leaks {hidden & words}"
                            )


@pytest.mark.parametrize("key", GAME_KEYS)
def test_parsing_a_label_gives_back_its_action(key: str) -> None:
    game = GAMES[key]
    for state, seat, _, _ in walk(game, game.max_seats, 17, every=5):
        if seat is None:
            continue
        legal = list(game.legal_actions(state, seat))
        labels = [game.label(state, a) for a in legal]
        for action, text in list(zip(legal, labels, strict=True))[:80]:
            parsed = game.parse(state, seat, text)
            if labels.count(text) == 1:
                assert parsed == action, f"{text!r} parsed to {parsed!r}"
            else:  # identical copies of a card share a label: any of them is the same move
                assert game.label(state, parsed) == text


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_seat_observation_has_public_fields_and_describes(key: str) -> None:
    game = GAMES[key]
    for state, _, _, _ in walk(game, game.max_seats, 19, every=11):
        public = game.observe(state, None)
        assert game.describe(public)
        for seat in range(game.max_seats):
            private = game.observe(state, seat)
            assert set(type(public).model_fields) <= set(type(private).model_fields) or (
                type(public) is type(private)
            )
            assert game.describe(private)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_game_ships_random_and_heuristic_agents_and_rules_text(key: str) -> None:
    game = GAMES[key]
    assert {"random", "heuristic"} <= set(game.agents)
    assert game.rules_text().strip()
    assert game.pitch.strip()
