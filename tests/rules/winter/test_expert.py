"""Winter's worlds for a search agent (`determinize`) and its `expert` level.

WI-23: the deck order is the only secret. A world dealt from an observation must show that very
observation, hold the unseen cards in its deck, and be read from the observation alone: two
states that differ only in their deck order give the same worlds.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from rules.engine import Engine
from rules.playout import next_actor
from rules.winter import GAME
from rules.winter.agents import HeuristicAgent
from rules.winter.determinize import unseen_cards
from rules.winter.state import WinterState

ENGINE = Engine(GAME)


def seeded_states(seed: int) -> Iterator[WinterState]:
    """Every state of a seeded game between a heuristic and a random player."""
    agents = [HeuristicAgent(), GAME.agents["random"]()]
    state = ENGINE.setup(2, None, seed)
    ply = 0
    while True:
        yield state
        seat = next_actor(GAME, state)
        if seat is None:
            return
        legal = ENGINE.legal(state, seat)
        action = agents[(seat + seed) % 2].choose(
            GAME.observe(state, seat), legal, ENGINE.agent_rng(seed, ply + 1, seat)
        )
        ply += 1
        state = ENGINE.act(state, seat, action, seed=seed, ply=ply, checked=True).state


def test_wi_23_a_world_shows_the_same_observation_and_deals_only_unseen_cards() -> None:
    checked = 0
    for seed in range(12):
        for state in seeded_states(seed):
            for seat in (0, 1):
                obs = GAME.observe(state, seat)
                world = GAME.determinize(obs, seat, random.Random(f"{seed}/{checked}"))
                assert world is not None
                assert GAME.observe(world, seat) == obs
                assert sorted(world.deck) == sorted(state.deck)
                assert set(world.deck) <= set(unseen_cards(obs))
                if ENGINE.outcome(state) is None:
                    assert GAME.to_act(world) == GAME.to_act(state)
                    active = min(GAME.to_act(state))
                    assert list(GAME.legal_actions(world, active)) == list(
                        GAME.legal_actions(state, active)
                    )
                checked += 1
    assert checked > 500


def test_wi_23_a_world_reads_only_the_observation_not_the_real_deck_order() -> None:
    decks_seen: set[tuple[int, ...]] = set()
    for seed in range(6):
        for state in seeded_states(seed):
            if len(state.deck) < 2:
                continue
            swapped = state.model_copy(update={"deck": tuple(reversed(state.deck))})
            obs, obs_swapped = GAME.observe(state, 0), GAME.observe(swapped, 0)
            assert obs == obs_swapped
            one = GAME.determinize(obs, 0, random.Random(seed))
            two = GAME.determinize(obs_swapped, 0, random.Random(seed))
            assert one == two
            assert one is not None
            decks_seen.add(one.deck)
    # the deal really is random: many different deck orders came out
    assert len(decks_seen) > 20
