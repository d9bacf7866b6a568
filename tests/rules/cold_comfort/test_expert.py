"""Cold Comfort's worlds for a search agent (`determinize`) and its `expert` level.

CC-30: the City Deck's order (and dice not yet rolled, which no state holds) is the only secret.
A world dealt from an observation must show that very observation, hold the unseen tiles in its
deck, and be read from the observation alone: two states that differ only in their deck order
give the same worlds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from rules.cold_comfort import GAME
from rules.cold_comfort.agents import HotelierAgent
from rules.cold_comfort.determinize import unseen_tiles
from rules.cold_comfort.expert import ColdComfortExpert
from rules.cold_comfort.state import ColdComfortState
from rules.engine import Engine
from tests.support import hidden_deck, seeded_games

ENGINE = Engine(GAME)


def seeded_states(seed: int, seats: int) -> Iterator[ColdComfortState]:
    """Every state of a seeded game of heuristic and random players."""
    agents = [
        HotelierAgent() if (s + seed) % 2 == 0 else GAME.agents["random"]() for s in range(seats)
    ]
    return seeded_games.seeded_states(GAME, seed, agents)


def test_cc_30_a_world_shows_the_same_observation_and_deals_only_unseen_tiles() -> None:
    checked = 0
    phases: Counter[str] = Counter()
    for seed in range(8):
        for state in seeded_states(seed, 2 + seed % 4):
            seat = state.active_seat
            rng = random.Random(f"{seed}/{checked}")
            world = hidden_deck.dealt_world(GAME, state, seat, rng, unseen_tiles)
            assert world.extras_left == state.extras_left
            assert world.origin == state.origin
            assert sorted(world.hotels, key=lambda h: (h.x, h.y)) == sorted(
                state.hotels, key=lambda h: (h.x, h.y)
            )
            if ENGINE.outcome(state) is None:
                for actor in GAME.to_act(state):
                    assert list(GAME.legal_actions(world, actor)) == list(
                        GAME.legal_actions(state, actor)
                    )
            phases[state.phase] += 1
            checked += 1
    assert checked > 1000
    assert {"manage", "grow", "land_tie", "fire_spread", "over"} <= set(phases)


def test_cc_30_a_world_reads_only_the_observation_not_the_real_deck_order() -> None:
    decks_seen: set[tuple[str, ...]] = set()
    for seed in range(4):
        for state in seeded_states(seed, 3):
            if len(state.deck) < 2:
                continue
            decks_seen.add(hidden_deck.world_whatever_the_deck_order(GAME, state, 1, seed).deck)
    assert len(decks_seen) > 20


def test_cc_30_the_expert_chooses_the_same_whatever_the_hidden_deck_order() -> None:
    assert isinstance(GAME.agents["expert"](), ColdComfortExpert)
    expert = ColdComfortExpert(GAME, iterations=4)
    compared = 0
    for ply, state, seat, legal in hidden_deck.choices_along(GAME, seeded_states(5, 3), 7):
        if len(state.deck) < 2:
            continue
        hidden_deck.assert_expert_ignores_the_deck_order(GAME, expert, state, seat, legal, ply)
        compared += 1
        if compared >= 8:
            break
    assert compared >= 8


def test_the_expert_explains_its_pick_in_plain_words_with_a_chance_of_winning() -> None:
    expert = ColdComfortExpert(GAME, iterations=4)
    kinds: set[str] = set()
    choices = hidden_deck.choices_along(GAME, seeded_states(6, 4), 5)
    for said, (ply, state, seat, legal) in enumerate(choices, start=1):
        s = hidden_deck.plain_suggestion(expert, GAME.observe(state, seat), legal, ply)
        kinds.add(type(s.action).__name__)
        if len(kinds) >= 3 and said >= 6:
            break
    assert len(kinds) >= 3
