"""The Freezing's lake kept up to date card by card (`LakeIndex`) against the whole lake
recomputed, and a playout's working copy (`Resolving`) against the game's own legal lists."""

from __future__ import annotations

import random

import pytest

from rules.engine import Engine
from rules.playout import play_out
from rules.winter import GAME
from rules.winter.game import Resolving
from rules.winter.rules_cards import sections_of
from rules.winter.rules_geometry import all_squares, grid_of, legal_spots
from rules.winter.rules_index import LakeIndex
from rules.winter.rules_lake import ORIENTATIONS
from rules.winter.state import PlacedCard


def test_a_lake_grown_card_by_card_has_the_squares_and_spots_of_the_whole_lake() -> None:
    grown = 0
    for seed in range(200):
        rng = random.Random(seed)
        ids = rng.sample(range(18), 18)
        cards = [PlacedCard(card_id=ids[0], row=0, col=0, orientation=rng.choice(ORIENTATIONS))]
        index = LakeIndex(cards)
        for card_id in ids[1 : rng.randrange(2, 19)]:
            r, c = rng.choice(index.spots)
            o = rng.choice(ORIENTATIONS)
            had = len(index.squares)
            index.add((r, c), card_id, o)
            cards.append(PlacedCard(card_id=card_id, row=r, col=c, orientation=o))
            lake = {(k.row, k.col): sections_of(k.card_id, k.orientation) for k in cards}
            assert index.squares == all_squares(grid_of(lake)), seed
            assert index.spots == legal_spots(set(lake)), seed
            assert index.grid == grid_of(lake)
            again = LakeIndex(reversed(cards))  # built whole, in any order
            assert (again.squares, again.spots) == (index.squares, index.spots)
            grown += len(index.squares) > had
    assert grown > 50  # many cards made new squares


def test_the_working_copy_lists_the_games_legal_actions_in_every_state() -> None:
    checked = 0
    for n in range(30):
        seed = f"index/{n}"
        game = play_out(GAME, 2, seed, GAME.agents["random"](), fast=False)
        engine = Engine(GAME)
        state = engine.setup(2, None, seed)
        work = Resolving(GAME, state)
        for ply, (seat, action) in enumerate(game.log, start=1):
            assert work.state == state
            legal, plain = work.legal(seat), list(GAME.legal_actions(state, seat))
            assert list(legal) == plain, (seed, ply)
            assert [legal[i] for i in range(len(legal))] == plain and len(legal) == len(plain)
            if plain:
                assert legal[-1] == plain[-1] and list(legal[1:5]) == plain[1:5]
            with pytest.raises(IndexError):
                legal[len(plain)]
            if n % 3 == 0:  # a fresh working copy from a mid-game state answers the same
                fresh = Resolving(GAME, state)
                assert list(fresh.legal(seat)) == list(GAME.legal_actions(state, seat))
            work.apply(seat, action, seed, ply)
            state = engine.act(state, seat, action, seed=seed, ply=ply).state
            checked += 1
        assert work.freeze() == state
    assert checked > 1000
