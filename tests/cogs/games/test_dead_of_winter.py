"""Dead of Winter's colony map: it draws late in 2- and 5-seat games, reads on a phone (text at
Discord's size when shown 400 px wide), names the players in its legend and alt text, marks
reachable locations for `/game hint`, and reads nothing secret."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image

from cogs.games import ALT_TEXT, PICTURES
from cogs.games.dead_of_winter import WIDTH, _Map, alt_text, picture, reachable
from cogs.games.layers import PHONE_TEXT, PHONE_WIDTH
from rules.dead_of_winter import GAME
from rules.engine import Engine
from rules.playout import next_actor


def _late(
    seats: int, seed: int, plies: int, options: dict[str, Any] | None = None, *, live: bool = False
) -> Any:
    """A seeded all-heuristic game played `plies` moves, or to its end (`live`: the move that
    would end it is not played, so it is late but still running)."""
    engine = Engine(GAME)
    state = engine.setup(seats, options, seed)
    agents = [GAME.agents["heuristic"]() for _ in range(seats)]
    for ply in range(1, plies + 1):
        seat = next_actor(GAME, state)
        if GAME.outcome(state) is not None or seat is None:
            break
        legal = GAME.legal_actions(state, seat)
        action = agents[seat].choose(
            GAME.observe(state, seat), legal, engine.agent_rng(seed, ply, seat)
        )
        after = engine.act(state, seat, action, seed=seed, ply=ply).state
        if live and GAME.outcome(after) is not None:
            break
        state = after
    return state


def _png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(k) | _strings(v) for k, v in value.items()), set())
    if isinstance(value, list | tuple):
        return set().union(*(_strings(v) for v in value), set())
    return set()


def test_the_map_is_registered_for_the_game_that_declares_a_picture() -> None:
    assert GAME.picture is True
    assert PICTURES["dead_of_winter"] is picture


@pytest.mark.parametrize(("seats", "seed"), [(2, 3), (5, 7)])
def test_the_map_draws_late_in_a_game_at_a_size_discord_shows_well(seats: int, seed: int) -> None:
    state = _late(seats, seed, 120)
    assert state.round_number >= 2  # late: past the first round's crisis and colony phase
    data = picture(GAME.observe(state, None))
    image = _png(data)
    assert len(data) < 1_000_000
    assert image.width == WIDTH  # narrow: shown 400 px wide, its type stays Discord's size
    assert 900 <= image.height <= 2000  # a tall phone-friendly card, not a scroll
    _png(picture(GAME.observe(state, None).model_dump(mode="json")))  # a plain dict works too


def test_hints_mark_the_active_groups_reachable_locations_and_nothing_otherwise() -> None:
    for plies in (100, 120, 125, 130):  # free to move, mid-search, mid-vote, free again
        state = _late(5, 1, plies)
        seat = next_actor(GAME, state)
        assert seat is not None and state.phase == "turn"
        mine = GAME.observe(state, seat)
        legal_moves = {a.to for a in GAME.legal_actions(state, seat) if a.type == "move"}
        assert reachable(mine) == legal_moves  # the picture agrees with the rules
    state = _late(5, 1, 100)
    mine = GAME.observe(state, next_actor(GAME, state))
    assert reachable(mine)  # this seeded position has survivors free to move
    assert picture(mine, hints=True) != picture(mine)
    ended = _late(2, 3, 400)
    assert GAME.outcome(ended) is not None
    assert reachable(GAME.observe(ended, 0)) == set()


@pytest.mark.parametrize(("seats", "seed"), [(2, 3), (4, 11), (5, 7)])
def test_the_picture_reads_no_secret_value(seats: int, seed: int) -> None:
    """§10.1: the public observation carries no hand, objective, held twist card, contributed
    card or deck order, and a seat's private observation draws the very same picture, so the
    private fields are never read."""
    state = _late(seats, seed, 90)
    public = GAME.observe(state, None)
    secret = set(GAME.hidden(state))
    for seat in range(seats):
        secret |= GAME.secrets(state, seat)
    assert secret  # hands and objectives exist, so the check can fail
    assert not _strings(public.model_dump(mode="json")) & secret
    for seat in range(seats):
        private = GAME.observe(state, seat)
        assert picture(private) == picture(public)
        assert picture(private, hints=True) == picture(
            public.model_copy(update={"seat": seat}), hints=True
        )


NAMES = ("Ana", "Bo", "Frost 🤖", "Di", "Ed")


def _positions(seats: int, seed: int, options: dict[str, Any], every: int) -> list[Any]:
    """Every `every`-th position of a seeded heuristic game, and its end."""
    engine = Engine(GAME)
    state = engine.setup(seats, options, seed)
    seen = []
    for ply in range(1, 2000):
        seat = next_actor(GAME, state)
        if seat is None or GAME.outcome(state) is not None:
            break
        if ply % every == 1:
            seen.append(state)
        legal = GAME.legal_actions(state, seat)
        agent = GAME.agents["heuristic"]()
        action = agent.choose(GAME.observe(state, seat), legal, engine.agent_rng(seed, ply, seat))
        state = engine.act(state, seat, action, seed=seed, ply=ply).state
    return [*seen, state]


def _public_views(seats: int, seed: int, options: dict[str, Any], every: int) -> list[Any]:
    """What everyone sees of each of those positions (`_positions`)."""
    return [GAME.observe(state, None) for state in _positions(seats, seed, options, every)]


CASES = [(3, 4, {}), (4, 6, {"long_night": True}), (1, 2, {}), (5, 9, {"mode": "coop"})]


@pytest.mark.parametrize(("seats", "seed", "options"), CASES)
def test_text_shown_400_px_wide_is_at_least_discords_own_size(
    seats: int, seed: int, options: dict[str, Any]
) -> None:
    for obs in _public_views(seats, seed, options, every=40):
        drawn = _Map(obs, True, NAMES[:seats])
        image = _png(drawn.render())
        assert image.width == WIDTH
        assert drawn.smallest * PHONE_WIDTH / image.width >= PHONE_TEXT
        assert image.height <= 2.6 * image.width  # one phone screen or two, not a scroll


@pytest.mark.parametrize(("seats", "seed", "options"), CASES)
def test_the_legend_and_alt_text_name_the_players_never_their_seat_numbers(
    seats: int, seed: int, options: dict[str, Any]
) -> None:
    for state in _positions(seats, seed, options, every=60):
        obs = GAME.observe(state, None)
        alt = ALT_TEXT["dead_of_winter"](obs, NAMES[:seats])
        assert alt == alt_text(obs, NAMES[:seats]) and len(alt) <= 1000
        assert "seat" not in alt.lower() and "_" not in alt
        for name in ("Ana", "Bo", "Frost", "Di", "Ed")[:seats]:
            assert name in alt
        if seats == 1:  # one player, two groups: told apart in words
            assert "Ana (first group)" in alt and "Ana (second group)" in alt
        assert not re.search(r"\bgroups? \d", alt, re.IGNORECASE)
        assert f"Morale {obs.morale} of" in alt
        if obs.crisis is not None:
            assert obs.crisis.name in alt and obs.crisis.prevent in alt
        drawn = picture(obs, names=NAMES[:seats])
        assert drawn != picture(obs, names=("Cy", "Xu", "Lo", "Mo", "Pi")[:seats])
    assert GAME.outcome(state) is not None
    assert "Game over" in ALT_TEXT["dead_of_winter"](GAME.observe(state, None), NAMES)
