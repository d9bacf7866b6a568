"""The private panel's steps clicked through real interaction payloads (`cogs/ui/panel.py`): a
move of every game reached from the opened panel in at most the game's `max_choice_depth` choices,
and a step that picks a place answered first, then given the hint picture with its spots lettered.
"""

from __future__ import annotations

import random
from typing import Any

import discord.ext.test as dpytest
import pytest

from bot.guard import problems
from rules import GAMES
from rules.choices import Node
from rules.engine import Engine
from tests.e2e.conftest import said, say
from tests.e2e.steps import click_move, open_panel
from tests.e2e.test_interactions import Responses, answering


class WithFiles(Responses):
    """`Responses` that also keeps the names and descriptions of the files each request sends."""

    def __init__(self) -> None:
        super().__init__()
        self.files: list[tuple[str, list[tuple[str, str]]]] = []

    async def request(self, route: Any, *args: Any, **kwargs: Any) -> Any:
        files = kwargs.get("files") or []
        self.files.append(
            (route.path, [(f.filename, f.description or "") for f in files])  # type: ignore[misc]
        )
        return await super().request(route, *args, **kwargs)


@pytest.fixture
def answers() -> Any:
    with answering(WithFiles()) as adapter:
        yield adapter


async def table_of(bot_factory: Any, key: str, seed: str) -> tuple[Any, list[Any]]:
    bot = await bot_factory(new_seed=lambda: seed)
    members = list(dpytest.get_config().members)
    ana, bo = members
    await say(f"!game new {key}", ana)
    await say("!game join", bo)
    await said("!game start", ana)
    return bot, members


def leaves(node: Node, depth: int = 0) -> list[tuple[Node, int]]:
    if node.index is not None:
        return [(node, depth)]
    return [found for child in node.children for found in leaves(child, depth + 1)]


SPOTS_SEED = "steps/spots"


def opens_with_a_spot(key: str, seed: str = SPOTS_SEED) -> bool:
    """Whether the first turn of a two-seat table of the game, seeded `seed`, has a step that
    picks a spot on the board's picture."""
    game = GAMES[key]
    if not game.min_seats <= 2 <= game.max_seats:
        return False
    engine = Engine(game)
    state = engine.setup(2, None, seed)
    seat = sorted(game.to_act(state))[0]
    paths = game.choice_paths(state, seat, engine.legal(state, seat))
    return any(step.at is not None for path in paths if path for step in path)


SPOT_GAMES = [key for key in GAMES if opens_with_a_spot(key)]
"""The registered games whose opening turn picks a spot (the spot tests' games)."""


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_the_deepest_move_of_a_turn_is_played_within_the_games_choices_from_the_panel(
    bot_factory: Any, answers: WithFiles, key: str
) -> None:
    bot, members = await table_of(bot_factory, key, f"steps/{key}")
    service = bot.service
    table = await service.table(1)
    seat = sorted(service.waiting_for(table))[0]
    tree = service.panel_update(table, seat).tree
    node, _ = max(leaves(tree), key=lambda found: found[1])
    assert node.index is not None
    clicks = await click_move(bot, answers, members[seat], seat, node.index)
    assert clicks <= GAMES[key].max_choice_depth
    for sent in answers.sent:  # every answer and edit within Discord's limits
        assert not problems(sent["payload"].get("data", sent["payload"])), sent
    after = await service.table(1)
    assert after.ply > table.ply
    (logged,) = [entry for entry in await service.store.actions(1) if entry.ply == table.ply + 1]
    engine = service.engine(table)
    legal = engine.legal(service.state(table), seat)
    assert engine.parse_action(logged.action) == legal[node.index]


@pytest.mark.parametrize("key", SPOT_GAMES)
async def test_a_step_that_picks_a_spot_is_answered_first_then_shows_the_lettered_picture(
    bot_factory: Any, answers: WithFiles, key: str
) -> None:
    bot, members = await table_of(bot_factory, key, SPOTS_SEED)
    service = bot.service
    table = await service.table(1)
    seat = sorted(service.waiting_for(table))[0]
    tree = service.panel_update(table, seat).tree
    spots = [(n, d) for n, d in leaves(tree) if n.choice is not None and n.choice.at is not None]
    assert spots, "placing a tile picks a spot on the town"
    node, _ = random.Random(3).choice(spots)
    assert node.index is not None
    panel = await open_panel(bot, answers, members[seat])
    await click_move(bot, answers, members[seat], seat, node.index, panel)
    paths = [path for path, _ in answers.files]
    pictures = [
        (n, files) for n, (path, files) in enumerate(answers.files) if files and "@original" in path
    ]
    assert pictures, paths
    first, files = pictures[0]
    assert files[0][0] == "spots.png" and "places you can choose" in files[0][1]
    # the click was answered (an edit of the panel) before the picture was sent
    assert any(path.endswith("/callback") for path in paths[:first])
    assert (await service.table(1)).ply > table.ply


@pytest.mark.parametrize("key", SPOT_GAMES)
async def test_a_spots_picture_drawn_after_another_click_on_the_panel_does_not_cover_its_answer(
    bot_factory: Any, answers: WithFiles, monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    """A member opens a spot step and, while its picture is still being drawn, clicks "◀ Back":
    the picture is dropped, so the panel keeps the answer to the newer click."""
    import asyncio
    import threading

    import discord.ext.test as dpytest

    from cogs.ui import panel as ui_panel
    from cogs.ui.steps import trail_mark
    from rules.choices import find
    from tests.e2e.test_interactions import button

    bot, members = await table_of(bot_factory, key, SPOTS_SEED)
    service = bot.service
    table = await service.table(1)
    seat = sorted(service.waiting_for(table))[0]
    tree = service.panel_update(table, seat).tree
    spot = next(n for n, _ in leaves(tree) if n.choice is not None and n.choice.at is not None)
    assert spot.index is not None
    address = tuple(find(tree, spot.index) or ())[:-1]  # the step that offers the spot
    entered, go_on = threading.Event(), threading.Event()
    draw = ui_panel.hint_picture

    def slow(*args: Any) -> bytes | None:
        entered.set()
        go_on.wait(30)
        return draw(*args)

    monkeypatch.setattr(ui_panel, "hint_picture", slow)
    step = button(
        members[seat],
        f"sb:n:1:{table.ply}:{'.'.join(map(str, address))}:{trail_mark(tree, address)}",
    )
    back = button(members[seat], f"sb:n:1:{table.ply}::{trail_mark(tree, ())}")
    back["message"]["id"] = step["message"]["id"]  # the same panel message
    before = asyncio.all_tasks()
    bot._connection.parse_interaction_create(step)
    first = asyncio.all_tasks() - before
    while not entered.is_set():  # the step is answered and its picture is being drawn
        await asyncio.sleep(0.01)
    answered = len(answers.files)
    before = asyncio.all_tasks()
    bot._connection.parse_interaction_create(back)
    await asyncio.gather(*(asyncio.all_tasks() - before - first))
    go_on.set()
    await asyncio.gather(*first)
    await dpytest.run_all_events()
    later = answers.files[answered:]
    assert any(path.endswith("/callback") for path, _ in later)  # "◀ Back" was answered
    assert not [files for path, files in later if files], "no picture over the newer answer"
