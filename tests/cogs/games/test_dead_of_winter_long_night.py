"""Dead of Winter's map with every Long Night module on, 5 players, late in a game: it draws the
Hideout with bandits and stash, the Lab with the experiment and the dice on its code, traps and
experiment zombies at entrances, despair, unruly helpless and the improvements — and no secret."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from cogs.games.dead_of_winter import BANDIT, EXPERIMENT, TRAP, WIDTH, picture
from rules.dead_of_winter import GAME
from rules.dead_of_winter.state import State
from tests.cogs.games.test_dead_of_winter import _late as late_game


def _late(seats: int, seed: int, plies: int, options: dict[str, Any]) -> State:
    """A seeded all-heuristic game late but still running (`test_dead_of_winter._late`)."""
    state: State = late_game(seats, seed, plies, options, live=True)
    return state


def _with_every_piece(state: State) -> State:
    """The played position plus one of each module piece, so each has to be drawn."""
    w = state.model_dump(mode="json")
    w["locations"]["colony"]["experiments"][1] = 1
    w["locations"]["colony"]["traps"][2] = 1
    w["locations"]["colony"]["unruly"] = 1
    w["locations"]["police"]["bandits"] = 1
    w["ln"]["stash"] = [w["locations"]["grocery"]["deck"].pop()]
    w["ln"]["code_dice"] = []
    first = next(iter(w["survivors"].values()))
    first["despair"] = 1
    first["wounds"] = first["frostbite"] = 0
    if not w["ln"]["built"]:
        w["ln"]["built"] = [w["ln"]["improvement_deck"].pop(0)]
    return State.model_validate(w)


def _colours(data: bytes) -> set[tuple[int, int, int]]:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data)).convert("RGB")
    assert image.width == WIDTH
    assert 900 <= image.height <= 2400
    return {c for _, c in image.getcolors(maxcolors=1 << 20) or []}


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def test_the_map_draws_every_module_late_in_a_five_player_long_night() -> None:
    state = _late(5, 7, 110, {"long_night": True})
    assert state.round_number >= 2 and GAME.outcome(state) is None
    state = _with_every_piece(state)
    public = GAME.observe(state, None)
    drawn = _colours(picture(public))
    for colour in (EXPERIMENT, TRAP, BANDIT):
        assert _rgb(colour) in drawn, colour
    base = _colours(picture(GAME.observe(_late(5, 7, 110, {}), None)))
    assert not {_rgb(EXPERIMENT), _rgb(TRAP), _rgb(BANDIT)} & base


def test_the_long_night_map_reads_no_secret() -> None:
    state = _with_every_piece(_late(5, 7, 110, {"long_night": True}))
    public = GAME.observe(state, None)
    assert not set(GAME.hidden(state)) & set(public.model_dump_json().split('"'))
    for seat in range(5):
        assert picture(GAME.observe(state, seat)) == picture(public)
