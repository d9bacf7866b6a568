"""The engine's finality rule behind `/game undo` (issue 12 §4), per game.

A move may be taken back only if it drew nothing random and showed nothing hidden to anyone:
`Engine.act` marks a step whose rng was used or that told another seat something privately, and
`Engine.final` adds what only a comparison of views can find (a card drawn from a deck shuffled
at set-up uses no rng, yet shows it). Each game has cases that must be refused and allowed, found
by playing seeded games with a seeded random agent, so every case is the same on every run.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules import GAMES
from rules.core import Step, rng_for
from rules.engine import (
    CARD_DRAWN,
    MADE_PUBLIC,
    RANDOM_USED,
    SHOWED_SECRET,
    TOLD_ANOTHER,
    Engine,
    TracedRandom,
)

Found = tuple[Any, int, Any, Step[Any], str | None]


def walk(key: str, seats: int, seed: str, plies: int = 400) -> Iterator[Found]:
    """Every move of a seeded game played by a seeded random agent, with its finality."""
    game = GAMES[key]
    engine = Engine(game)
    state = engine.setup(seats, {}, seed)
    chooser = random.Random(seed)
    for ply in range(1, plies + 1):
        if game.outcome(state) is not None:
            return
        seat = sorted(game.awaiting(state) or game.to_act(state))[0]
        action = chooser.choice(list(engine.legal(state, seat)))
        step = engine.act(state, seat, action, seed=seed, ply=ply, checked=True)
        why = engine.final(state, seat, action, step, seed=seed, ply=ply, seats=seats)
        yield state, seat, action, step, why
        state = step.state


def first(key: str, kind: str, *, seats: int = 3, seed: str = "undo", **want: Any) -> Found:
    """The first move of `kind` in the seeded game (optionally: whose reason is `why`)."""
    for found in walk(key, seats, seed):
        action, why = found[2], found[4]
        if getattr(action, "type", None) == kind and ("why" not in want or why == want["why"]):
            return found
    raise AssertionError(f"no {kind} move with {want} in the seeded {key} game")


def test_the_traced_rng_draws_exactly_the_numbers_rng_for_draws_so_stored_games_replay() -> None:
    plain, traced = rng_for("seed", 7), TracedRandom("seed", 7)
    deck_a, deck_b = list(range(52)), list(range(52))
    plain.shuffle(deck_a)
    traced.shuffle(deck_b)
    assert deck_a == deck_b
    assert [plain.randint(1, 6) for _ in range(20)] == [traced.randint(1, 6) for _ in range(20)]
    assert plain.choice("abcdef") == traced.choice("abcdef")
    assert plain.random() == traced.random()
    assert traced.used


def test_an_unused_traced_rng_reports_that_it_was_not_used() -> None:
    assert not TracedRandom("seed", 3).used


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_replays_a_seeded_game_the_same_through_the_traced_rng(key: str) -> None:
    game = GAMES[key]
    engine = Engine(game)
    seats = min(3, game.max_seats) if game.min_seats <= 3 else game.min_seats
    state = engine.setup(seats, {}, "same")
    plain = state
    chooser = random.Random(5)
    for ply in range(1, 60):
        if game.outcome(state) is not None:
            break
        seat = sorted(game.awaiting(state) or game.to_act(state))[0]
        action = chooser.choice(list(engine.legal(state, seat)))
        state = engine.act(state, seat, action, seed="same", ply=ply).state
        plain = game.apply(plain, seat, action, rng_for("same", ply)).state
        assert state == plain


# The Coldest Night --------------------------------------------------------------------------


def test_coldest_night_a_play_that_ends_in_a_clean_up_draw_is_final_cn_2() -> None:
    # CN-2: no randomness after set-up, so the rng is never used; the draw from the deck
    # shuffled at set-up still shows a card to the drawer.
    _, _, _, step, why = first("coldest_night", "play")
    assert step.final is None  # no rng, no private line to another seat
    assert why in (SHOWED_SECRET, CARD_DRAWN)


def test_coldest_night_a_give_that_tells_the_receiver_privately_is_final() -> None:
    _, seat, _, step, _why = first("coldest_night", "give", why=TOLD_ANOTHER)
    assert any(e.visible_to and e.visible_to - {seat} for e in step.events)
    assert step.final == TOLD_ANOTHER


def test_coldest_night_a_move_that_draws_nothing_and_shows_nothing_may_be_taken_back() -> None:
    _before, seat, _action, step, why = first("coldest_night", "give", why=None)
    assert why is None
    assert all(e.visible_to is None or e.visible_to == {seat} for e in step.events)


# The 10th Night -----------------------------------------------------------------------------


def test_tenth_night_reordering_ones_own_row_may_be_taken_back() -> None:
    _, _, _, step, why = first("tenth_night", "reorder")
    assert step.final is None and why is None


def test_tenth_night_an_exchange_offer_is_final_as_the_target_was_shown_it_tn_11() -> None:
    _, _, _, _step, why = first("tenth_night", "propose_exchange")
    assert why == TOLD_ANOTHER


def test_tenth_night_a_swap_that_shows_a_card_is_final() -> None:
    _, _, _, _, why = first("tenth_night", "swap")
    assert why in (SHOWED_SECRET, CARD_DRAWN)


# Winter -------------------------------------------------------------------------------------


def test_winter_drawing_from_the_face_down_deck_is_final_wi_23() -> None:
    # WI-23: everyone sees everything but the deck order; the deck was shuffled at set-up, so
    # the draw uses no rng and only the comparison of views finds it.
    _, _, _, step, why = first("winter", "draw", seats=2)
    assert step.final is None
    assert why == CARD_DRAWN


def test_winter_placing_the_drawn_card_may_be_taken_back() -> None:
    _, _, _, _step, why = first("winter", "place", seats=2)
    assert why is None


def test_winter_drawing_the_last_card_shows_nothing_as_it_is_known_by_elimination() -> None:
    draws = [f for f in walk("winter", 2, "undo") if getattr(f[2], "type", "") == "draw"]
    last = [f for f in draws if len(f[0].deck) == 1]
    assert last, "the seeded game draws its last card"
    assert all(f[4] is None for f in last)
    assert all(f[4] == CARD_DRAWN for f in draws if len(f[0].deck) >= 2)


# Cold Comfort -------------------------------------------------------------------------------


def test_cold_comfort_a_dice_roll_is_final() -> None:
    _, _, _, step, why = first("cold_comfort", "mine")
    assert step.final == RANDOM_USED == why


def test_cold_comfort_building_with_the_rolled_dice_may_be_taken_back() -> None:
    _, _, _, _, why = first("cold_comfort", "build")
    assert why is None


def test_cold_comfort_ending_a_turn_that_turns_up_a_tile_from_the_deck_is_final_cc_30() -> None:
    # CC-30: the deck order is hidden from everyone.
    _, _, _, step, _why = first("cold_comfort", "end", why=CARD_DRAWN)
    assert step.final is None


# Dead of Winter -----------------------------------------------------------------------------


def test_dead_of_winter_a_move_that_rolls_the_exposure_die_is_final() -> None:
    _, _, _, step, _why = first("dead_of_winter", "move", why=RANDOM_USED)
    assert step.final == RANDOM_USED


def test_dead_of_winter_a_move_paid_for_with_a_fuel_card_shows_the_card_and_is_final() -> None:
    # the fuel card leaves the hand face up: everyone has seen a card nobody else held
    before, seat, action, step, _ = first("dead_of_winter", "move", why=MADE_PUBLIC)
    assert step.final is None and action.fuel_card is not None
    assert action.fuel_card in GAMES["dead_of_winter"].secrets(before, seat)


def test_dead_of_winter_building_a_barricade_may_be_taken_back() -> None:
    _, _, _, _, why = first("dead_of_winter", "barricade")
    assert why is None


def test_dead_of_winter_asking_for_a_card_shows_nothing_hidden_and_may_be_taken_back() -> None:
    # the request is a public line; the card is shown only when the other player gives it
    _, _, _, step, why = first("dead_of_winter", "request")
    assert step.final is None and why is None


# the rule itself ------------------------------------------------------------------------------


def test_a_move_that_makes_a_secret_public_is_final() -> None:
    found = next((f for f in walk("dead_of_winter", 3, "undo") if f[4] == MADE_PUBLIC), None)
    assert found, "the seeded game shows a card from a hand to everyone"
    game = GAMES["dead_of_winter"]
    for before, _, _, step, _ in [found]:
        secret = set().union(*(game.secrets(before, s) for s in range(3)))
        public = str(game.observe(step.state, None).model_dump(mode="json"))
        said = " ".join(e.text for e in step.events if e.public)
        still = set(game.hidden(step.state)).union(*(game.secrets(step.state, s) for s in range(3)))
        # shown as it is, or gone from every hand and named in a public line (cards by name)
        assert any(value in public or value in said or value not in still for value in secret)
        assert said
