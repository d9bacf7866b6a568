"""The contract every game honours, as a suite run for every registered game with no per-game file.

`tests/rules/test_contract.py` makes one `ContractSuite` per game in `rules.GAMES` (`suite_for`),
over the default options and every variant the game's options model lists (`Options.variants`);
a game registered at run time gets the same checks from `suite_for(game)` (`check_contract` runs
them all). Like OpenSpiel's random-simulation test: seeded random games to the end, the log
replays, states round-trip through JSON, turn checks, labels parse back to their moves, every view
describes, and leak checks by value: a seat's `secrets` and the game's `hidden` values are never
seen by anyone else — in observations, events, or the board text.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

import pytest

from rules.core import Game, reads_observation
from rules.engine import Engine
from rules.errors import GameOverError, NotYourTurnError
from rules.playout import next_actor, play_out


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


def _words(text: str) -> set[str]:
    return set(text.replace(",", " ").replace(".", " ").split()) | {text}


def option_sets(game: Game[Any, Any, Any]) -> tuple[dict[str, Any], ...]:
    """The default options and every variant the game declares (`Options.variants`)."""
    return ({}, *(dict(v) for v in game.options_model.variants))


def suite_for(game: Game[Any, Any, Any]) -> type[ContractSuite]:
    """The contract suite of `game`, as a class pytest collects (`Test<Title>Contract`)."""
    name = "Test" + "".join(w.capitalize() for w in game.key.split("_")) + "Contract"
    return type(name, (ContractSuite,), {"game": game, "option_sets": option_sets(game)})


def check_contract(game: Game[Any, Any, Any]) -> list[str]:
    """Run every check of the contract on `game` outside pytest's collection (a game registered
    at run time); returns the names of the checks run. A failed check raises."""
    suite = suite_for(game)()
    ran = []
    for name in sorted(vars(ContractSuite)):
        if name.startswith("test_"):
            getattr(suite, name)()
            ran.append(name)
    return ran


class ContractSuite:
    """Subclass with `game` set (and optionally the rest), or `suite_for(game)`; pytest collects
    the subclass."""

    game: ClassVar[Game[Any, Any, Any]]
    option_sets: ClassVar[Sequence[Mapping[str, Any]]] = ({},)
    seeds: ClassVar[Sequence[int]] = range(6)
    leak_seeds: ClassVar[Sequence[int]] = (13,)

    # helpers ------------------------------------------------------------------------------------
    def seat_counts(self) -> list[int]:
        return list(range(self.game.min_seats, self.game.max_seats + 1))

    def agents(self, seats: int) -> list[Any]:
        return [self.game.agents["random"]() for _ in range(seats)]

    def walk(
        self, seats: int, seed: int, every: int = 1, options: Mapping[str, Any] | None = None
    ) -> Iterator[tuple[Any, int | None, Any, int]]:
        """Yield (state, seat, action, ply) along a random playout, every `every`-th ply."""
        game = self.game
        engine = Engine(game)
        state = engine.setup(seats, options, seed)
        agents = self.agents(seats)
        ply = 0
        while game.outcome(state) is None:
            seat = next_actor(game, state)
            assert seat is not None, "no seat may act but the game has no outcome"
            legal = engine.legal(state, seat)
            ply += 1
            agent = agents[seat]
            view = game.observe(state, seat) if reads_observation(agent) else None
            action = agent.choose(view, legal, engine.agent_rng(seed, ply, seat))
            if ply % every == 0:
                yield state, seat, action, ply
            # taken from this state's legal list: no second check (issue 11 §3)
            state = engine.act(state, seat, action, seed=seed, ply=ply, checked=True).state
            assert ply < 50_000
        yield state, None, None, ply

    def seatings(
        self, *, every_variant_fully: bool = True
    ) -> Iterator[tuple[int, Mapping[str, Any]]]:
        """Every seat count with every declared option set the game accepts for it. With
        `every_variant_fully` off, the first option set (the default game) gets every seat count
        and each other set only its extreme seat counts: the costly checks stay affordable."""
        engine = Engine(self.game)
        counts = self.seat_counts()
        for number, options in enumerate(self.option_sets):
            wanted = (
                counts if every_variant_fully or number == 0 else sorted({counts[0], counts[-1]})
            )
            for seats in wanted:
                try:
                    engine.setup(seats, options, 0)
                except Exception:  # an option set for other seat counts (a 2-player variant)
                    continue
                yield seats, options

    # the contract -------------------------------------------------------------------------------
    def test_every_declared_option_set_is_accepted_for_some_seat_count(self) -> None:
        accepted = {json.dumps(dict(o), sort_keys=True) for _, o in self.seatings()}
        assert len(accepted) == len(self.option_sets)

    def test_random_playouts_always_terminate(self) -> None:
        for seats, options in self.seatings(every_variant_fully=False):
            for seed in self.seeds if not options else self.seeds[:2]:
                result = play_out(self.game, seats, seed, self.agents(seats), options=options)
                assert result.outcome is not None

    def test_same_seed_gives_the_same_game_whatever_the_global_random_state(self) -> None:
        for seats, options in self.seatings(every_variant_fully=False):
            random.seed(1)
            first = play_out(self.game, seats, "same", self.agents(seats), options=options)
            random.seed(2)
            random.random()
            second = play_out(self.game, seats, "same", self.agents(seats), options=options)
            assert first.log == second.log
            assert first.state == second.state

    def test_the_action_log_replays_to_the_same_state(self) -> None:
        engine = Engine(self.game)
        for seats, options in self.seatings():
            result = play_out(self.game, seats, 11, self.agents(seats), options=options)
            stored = [
                (seat, json.loads(json.dumps(engine.dump_action(a)))) for seat, a in result.log
            ]
            assert engine.replay(seats, options, 11, stored) == result.state

    def test_state_json_round_trips(self) -> None:
        for seats, options in self.seatings():
            for state, _, _, _ in self.walk(seats, 3, every=7, options=options):
                again = self.game.state_model.model_validate_json(state.model_dump_json())
                assert again == state

    def test_to_act_is_empty_exactly_when_the_game_is_over(self) -> None:
        game = self.game
        for seats, options in self.seatings():
            for state, _, _, _ in self.walk(seats, 5, options=options):
                assert (game.outcome(state) is None) == bool(game.to_act(state))
                assert game.awaiting(state) <= game.to_act(state)

    def test_every_seat_in_to_act_has_a_legal_action(self) -> None:
        game = self.game
        for seats, options in self.seatings():
            for state, _, _, _ in self.walk(seats, 7, options=options):
                for seat in game.to_act(state):
                    assert game.legal_actions(state, seat), f"seat {seat} in to_act, no actions"

    def test_acting_out_of_turn_or_after_the_end_is_refused(self) -> None:
        game = self.game
        engine = Engine(game)
        seats = game.max_seats
        last = None
        some_action = None
        for state, seat, action, ply in self.walk(seats, 9, every=3):
            last = state
            some_action = action or some_action
            if seat is None:
                break
            idle = [s for s in range(seats) if s not in game.to_act(state)]
            for other in idle:
                with pytest.raises(NotYourTurnError):
                    engine.act(state, other, action, seed=9, ply=ply)
        assert last is not None and game.outcome(last) is not None
        with pytest.raises(GameOverError):
            engine.act(last, 0, some_action, seed=9, ply=10**6)

    def test_no_observation_event_or_board_shows_a_secret_to_anyone_else(self) -> None:
        game = self.game
        engine = Engine(game)
        for seats, options in self.seatings(every_variant_fully=False):
            for seed in self.leak_seeds:
                opening = engine.start(seats, options, seed)
                self._check_events(opening.state, opening.state, opening.events, seats)
                for state, seat, action, ply in self.walk(seats, seed, options=options):
                    if ply % 2 or seat is None:  # views every other move and at the end
                        self._check_views(state, seats)
                    if seat is not None:
                        step = engine.act(state, seat, action, seed=seed, ply=ply)
                        self._check_events(state, step.state, step.events, seats)

    def _check_views(self, state: Any, seats: int) -> None:
        game = self.game
        public_view = game.observe(state, None)
        public = _strings(public_view.model_dump(mode="json"))
        board = _words(game.text.describe(public_view))
        hidden = game.hidden(state)
        assert not (hidden & (public | board)), f"public view shows hidden {hidden & public}"
        for owner in range(seats):
            secret = game.secrets(state, owner)
            assert not (secret & (public | board)), f"public shows seat {owner}'s {secret}"
            for viewer in range(seats):
                seen = _strings(game.observe(state, viewer).model_dump(mode="json"))
                assert not (hidden & seen), f"seat {viewer} sees hidden {hidden & seen}"
                if viewer == owner:
                    continue
                leaked = secret & seen - game.secrets(state, viewer)
                assert not leaked, f"seat {viewer} sees seat {owner}'s {leaked}"

    def _check_events(self, before: Any, after: Any, events: Sequence[Any], seats: int) -> None:
        game = self.game
        hidden = game.hidden(before) & game.hidden(after)  # a reveal may show what was hidden
        for event in events:
            words = _words(event.text)
            assert not (hidden & words), f"event {event.text!r} shows hidden {hidden & words}"
            audience = range(seats) if event.visible_to is None else event.visible_to
            for owner in range(seats):
                secret = game.secrets(after, owner) | game.secrets(before, owner)
                if any(v != owner for v in audience):
                    assert not (secret & words), f"event {event.text!r} leaks {secret & words}"

    def test_parsing_a_label_gives_back_its_action(self) -> None:
        game = self.game
        engine = Engine(game)
        for state, seat, _, _ in self.walk(game.max_seats, 17, every=5):
            if seat is None:
                continue
            legal = list(engine.legal(state, seat))
            labels = [game.text.label(state, a) for a in legal]
            for action, text in list(zip(legal, labels, strict=True))[:80]:
                parsed = engine.parse(state, seat, text)
                if labels.count(text) == 1:
                    assert parsed == action, f"{text!r} parsed to {parsed!r}"
                else:  # identical copies of a card share a label: any of them is the same move
                    assert game.text.label(state, parsed) == text

    def test_every_view_is_json_and_reads_back_as_itself(self) -> None:
        """Views travel as JSON (the replay file, a stored panel): each one dumps and validates
        back to the same record, for the public and every seat."""
        game = self.game
        seats = game.max_seats
        for sampled, (state, _, _, _) in enumerate(self.walk(seats, 23, every=5)):
            if sampled == 12:  # a long game's views are large: a dozen states are enough
                break
            for viewer in (None, *range(seats)):
                view = game.observe(state, viewer)
                dumped = view.model_dump(mode="json")
                again = type(view).model_validate_json(view.model_dump_json())
                assert again.model_dump(mode="json") == dumped, (viewer, dumped)

    def test_every_seat_observation_has_public_fields_and_describes(self) -> None:
        game = self.game
        for state, _, _, _ in self.walk(game.max_seats, 19, every=11):
            public = game.observe(state, None)
            assert game.text.describe(public)
            for seat in range(game.max_seats):
                private = game.observe(state, seat)
                assert set(type(public).model_fields) <= set(type(private).model_fields) or (
                    type(public) is type(private)
                )
                assert game.text.describe(private)

    def test_the_game_ships_agents_rules_text_and_an_end_summary(self) -> None:
        game = self.game
        assert {"random", "heuristic"} <= set(game.agents)
        assert game.text.rules_text().strip()
        assert game.pitch.strip()
        result = play_out(game, game.min_seats, 1, self.agents(game.min_seats))
        assert result.outcome is not None
        names = [f"Player{n}" for n in range(game.min_seats)]
        assert game.text.summary(result.outcome, names).strip()
