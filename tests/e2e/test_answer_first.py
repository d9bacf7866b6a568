"""Every interaction is answered (or deferred) before the bot makes any request or draws any
picture: Discord gives an interaction 3 seconds for its first answer, and with slow requests a
command that edits the lobby, sends a DM or publishes a board first is shown as "This interaction
failed" although it worked.

Each slash command of the app command tree and each persistent button or select is dispatched
as Discord would send it, on its working path (a seat taken, a move played, a board drawn). A
request is counted where it leaves for Discord (dpytest's fake HTTP backend reports each one
through `callbacks.dispatch_event`), a picture where the renderer is called; the first response
is the first interaction callback. The enumeration test makes sure no command or item is
missing from the table of scenarios, so a new command must come with its own.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import discord
import discord.ext.test as dpytest
import discord.ext.test.factories as facts
import pytest
from discord import app_commands
from discord.ext.test import callbacks
from discord.webhook.async_ import async_context

from bot.tables import label_mark
from cogs.me import PACE_ITEMS
from cogs.present import DYNAMIC_ITEMS
from cogs.ui import pictures
from cogs.ui.steps import trail_mark
from tests.e2e.conftest import drain, said, say, started_nim
from tests.e2e.test_hostile import slash, string
from tests.e2e.test_interactions import Responses, button, dispatch, select
from tests.support.advisor import expert_nim
from tests.support.nim import NIM

NOT_REQUESTS = ("get_channel",)  # dpytest reports this cache look-up too
IDS = itertools.count(1)


class FirstAnswer(Responses):
    """Records, besides every response, what the bot did before the first one."""

    def __init__(self) -> None:
        super().__init__()
        self.done: list[str] = []  # requests and pictures, in order
        self.before_first: list[str] | None = None

    async def request(self, route: Any, *args: Any, **kwargs: Any) -> Any:
        if self.before_first is None and route.path.endswith("/callback"):
            self.before_first = list(self.done)
        return await super().request(route, *args, **kwargs)


@contextlib.contextmanager
def counting(adapter: FirstAnswer) -> Iterator[None]:
    original_event, original_draw = callbacks.dispatch_event, pictures._draw

    async def event(name: str, *args: Any, **kwargs: Any) -> None:
        if name not in NOT_REQUESTS:
            adapter.done.append(name)
        await original_event(name, *args, **kwargs)

    def draw(*args: Any, **kwargs: Any) -> bytes | None:
        adapter.done.append("picture")
        return original_draw(*args, **kwargs)

    callbacks.dispatch_event = event  # type: ignore[assignment]
    pictures._draw = draw
    try:
        yield
    finally:
        callbacks.dispatch_event = original_event  # type: ignore[assignment]
        pictures._draw = original_draw


async def answered(bot: Any, data: dict[str, Any]) -> FirstAnswer:
    """Dispatch the interaction `data`, recording what the bot did before its first answer."""
    adapter = FirstAnswer()
    token = async_context.set(adapter)
    try:
        with counting(adapter):
            await dispatch(bot, adapter, data)
    finally:
        async_context.reset(token)
    return adapter


def members() -> list[discord.Member]:
    return list(dpytest.get_config().members)


def member_option(name: str, member: discord.Member) -> tuple[dict[str, Any], dict[str, Any]]:
    """A user option and the `resolved` block Discord sends with it."""
    resolved = {
        "users": {str(member.id): facts.dict_from_user(member._user)},
        "members": {
            str(member.id): {k: v for k, v in facts.dict_from_member(member).items() if k != "user"}
        },
    }
    return {"name": name, "type": 6, "value": str(member.id)}, resolved


def command(member: discord.Member, name: str, *options: dict[str, Any]) -> dict[str, Any]:
    """`/game <name>`, or a top-level command (`play`, `me`) with its options."""
    data = slash(member, "play" if name == "play" else name, list(options))
    if name == "me":
        data["data"] = {"id": "3", "name": "me", "type": 1, "options": list(options)}
    return data


Factory = Callable[..., Awaitable[Any]]
Scenario = Callable[[Factory], Awaitable[tuple[Any, dict[str, Any]]]]
Setup = Callable[[Factory], Awaitable[Any]]


async def nim_lobby(factory: Factory, *, seated: bool = True, **kwargs: Any) -> Any:
    bot = await factory(games={"test_nim": NIM}, new_seed=lambda: "seed", **kwargs)
    ana, bo, *_ = members()
    await say("!game new test_nim", ana)
    if seated:
        await say("!game join", bo)
    drain()
    return bot


async def nim_game(factory: Factory, stones: int = 9, **kwargs: Any) -> Any:
    bot, _, _ = await started_nim(factory, stones, **kwargs)
    return bot


async def table_of(factory: Factory, game: str, seed: str = "select") -> Any:
    bot = await factory(new_seed=lambda: seed)
    ana, bo, *_ = members()
    await say(f"!game new {game}", ana)
    await say("!game join", bo)
    await said("!game start", ana)
    return bot


async def no_table(factory: Factory) -> Any:
    return await factory(games={"test_nim": NIM})


async def unseated_lobby(factory: Factory) -> Any:
    return await nim_lobby(factory, seated=False)


async def nim_game_watched(factory: Factory) -> Any:
    """A running Nim table of Ana and Bo, and Cy free to watch it."""
    return await nim_game(factory, members=3)


async def winter_table(factory: Factory) -> Any:
    return await table_of(factory, "winter")


def typed(setup: Setup, who: int, name: str, *options: dict[str, Any]) -> Scenario:
    """After `setup`, the member `who` (0: Ana) uses the command `name` with `options`."""

    async def scenario(factory: Factory) -> tuple[Any, dict[str, Any]]:
        bot = await setup(factory)
        return bot, command(members()[who], name, *options)

    return scenario


def clicked(setup: Setup, who: int, custom_id: str) -> Scenario:
    """After `setup`, the member `who` (0: Ana) clicks the button `custom_id`."""

    async def scenario(factory: Factory) -> tuple[Any, dict[str, Any]]:
        bot = await setup(factory)
        return bot, button(members()[who], custom_id)

    return scenario


def waiting_member(bot: Any, table: Any) -> discord.Member:
    seat = bot.service.waiting_for(table)[0]
    return next(m for m in members() if m.id == table.seats[seat].user_id)


async def s_kick(f: Factory) -> tuple[Any, dict[str, Any]]:
    bot = await nim_lobby(f)
    ana, bo = members()
    option, resolved = member_option("member", bo)
    data = command(ana, "kick", option)
    data["data"]["resolved"] = resolved
    return bot, data


async def s_hint(f: Factory) -> tuple[Any, dict[str, Any]]:
    bot = await table_of(f, "winter")  # a game with a board picture
    return bot, command(waiting_member(bot, await bot.service.table(1)), "hint")


async def s_rejoin(f: Factory) -> tuple[Any, dict[str, Any]]:
    bot = await nim_game(f)
    bo = members()[1]
    table = await bot.service.store.get_table(1)  # Bo's seat went to an AI after 3 timeouts
    seats = list(table.seats)
    seats[1] = seats[1].model_copy(update={"agent": "random", "user_id": None, "zombie_of": bo.id})
    await bot.service.store.update_table(
        table.model_copy(update={"seats": tuple(seats)}), table.version
    )
    return bot, command(bo, "rejoin")


async def s_sub(f: Factory) -> tuple[Any, dict[str, Any]]:
    bot = await nim_game(f, members=3)
    await said("!game resign", members()[1])
    return bot, command(members()[2], "sub")


async def s_undo(f: Factory) -> tuple[Any, dict[str, Any]]:
    bot = await nim_game(f)
    await said("!play take 1", members()[0])
    return bot, command(members()[0], "undo")


async def s_unwatch(f: Factory) -> tuple[Any, dict[str, Any]]:
    bot = await nim_game(f, members=3)
    await say("!game watch", members()[2])  # watching first: stopping closes the DM panel
    drain()
    return bot, command(members()[2], "unwatch")


async def s_replay(f: Factory) -> tuple[Any, dict[str, Any]]:
    bot = await nim_game(f, stones=3)
    await say("!play take 3", members()[0])  # a finished table: its replay is posted
    drain()
    return bot, command(members()[0], "replay", {"name": "table", "type": 4, "value": 1})


async def suggesting_game(f: Factory) -> Any:
    """A running Nim table with an expert to ask and suggestions on, Ana to move."""
    bot = await f(games={"test_nim": expert_nim()}, new_seed=lambda: "seed")
    ana, bo, *_ = members()
    await say("!game new test_nim stones=9 suggestions=on", ana)
    await say("!game join", bo)
    await said("!game start", ana)
    return bot


async def s_suggest(f: Factory) -> tuple[Any, dict[str, Any]]:
    bot = await suggesting_game(f)
    data = command(members()[0], "suggest")
    data["data"] = {"id": "4", "name": "suggest", "type": 1, "options": []}  # top level
    return bot, data


async def s_suggest_button(f: Factory) -> tuple[Any, dict[str, Any]]:
    return await suggesting_game(f), button(members()[0], "sb:g:1")


async def s_choice_button(f: Factory) -> tuple[Any, dict[str, Any]]:
    bot = await nim_game(f)
    return bot, button(members()[0], f"sb:a:1:0:1:{label_mark('Take 2')}")


async def s_step_button(f: Factory) -> tuple[Any, dict[str, Any]]:
    bot = await table_of(f, "tenth_night")
    table = await bot.service.table(1)
    tree = bot.service.panel_update(table, 0).tree
    number = next(n for n, child in enumerate(tree.children) if not child.leaf)
    mark = trail_mark(tree, (number,))
    return bot, button(members()[0], f"sb:n:1:{table.ply}:{number}:{mark}")


async def s_choice_select(f: Factory) -> tuple[Any, dict[str, Any]]:
    bot = await table_of(f, "tenth_night")
    table = await bot.service.table(1)
    labels = bot.service.labels(table, 0)
    index = len(labels) - 1
    custom_id = f"sb:s:1:{table.ply}:{index // 25}"
    return bot, select(members()[0], custom_id, f"{index}:{label_mark(labels[index])}")


async def s_confirm_abandon(f: Factory) -> tuple[Any, dict[str, Any]]:
    bot = await nim_game(f)
    ana = members()[0]
    return bot, button(ana, f"sb:x:1:{ana.id}")


async def s_rematch(f: Factory) -> tuple[Any, dict[str, Any]]:
    bot = await nim_game(f, stones=1)
    await said("!play take 1", members()[0])
    assert (await bot.service.table(1)).status == "finished"
    return bot, button(members()[1], "sb:r:1")


async def s_confirm_sub(f: Factory) -> tuple[Any, dict[str, Any]]:
    bot = await nim_game(f, members=3)
    ana, bo, cy = members()
    await said("!game resign", bo)
    return bot, button(ana, f"sb:sub:1:1:{cy.id}")


SCENARIOS: dict[str, Scenario] = {
    "/game help": typed(no_table, 0, "help"),
    "/game list": typed(no_table, 0, "list"),
    "/game new": typed(no_table, 0, "new", string("game", "test_nim")),
    "/game join": typed(unseated_lobby, 1, "join"),
    "/game leave": typed(nim_lobby, 1, "leave"),
    "/game ai": typed(nim_lobby, 0, "ai"),
    "/game kick": s_kick,
    "/game start": typed(nim_lobby, 0, "start"),
    "/game hand": typed(nim_game, 0, "hand"),
    "/game hint": s_hint,
    "/game status": typed(winter_table, 1, "status"),
    "/game log": typed(nim_game, 0, "log"),
    "/game rules": typed(no_table, 0, "rules", string("game", "test_nim")),
    "/game resign": typed(nim_game, 1, "resign"),
    "/game abandon": typed(nim_game, 0, "abandon"),
    "/game rejoin": s_rejoin,
    "/game sub": s_sub,
    "/game undo": s_undo,
    "/game stats": typed(nim_game, 0, "stats"),
    "/game leaderboard": typed(nim_game, 0, "leaderboard"),
    "/game watch": typed(nim_game_watched, 2, "watch"),
    "/game unwatch": s_unwatch,
    "/game replay": s_replay,
    "/suggest": s_suggest,
    "/game challenge": typed(nim_game, 0, "challenge"),
    "/game challenge-server": typed(nim_game, 0, "challenge-server", string("name", "show")),
    "/play": typed(nim_game, 0, "play", string("move", "take 1")),
    "/me": typed(no_table, 0, "me", string("settings", "reminders=off")),
    "LobbyButton": clicked(unseated_lobby, 1, "sb:l:1:join"),
    "BoardButton": clicked(nim_game, 0, "sb:b:1:hand"),
    "ChoiceButton": s_choice_button,
    "StepButton": s_step_button,
    "ChoiceSelect": s_choice_select,
    "ConfirmAbandon": s_confirm_abandon,
    "RematchButton": s_rematch,
    "ConfirmSub": s_confirm_sub,
    "WatchButton": clicked(nim_game_watched, 2, "sb:w:1:watch"),
    "SuggestButton": s_suggest_button,
}


def app_command_names(tree: app_commands.CommandTree[Any]) -> set[str]:
    return {
        f"/{c.qualified_name}" for c in tree.walk_commands() if isinstance(c, app_commands.Command)
    }


async def test_every_command_button_and_select_has_an_answer_first_scenario(
    bot_factory: Any,
) -> None:
    bot = await bot_factory(games={"test_nim": NIM})
    wanted = app_command_names(bot.tree) | {i.__name__ for i in (*DYNAMIC_ITEMS, *PACE_ITEMS)}
    assert wanted == set(SCENARIOS)


@pytest.mark.parametrize("name", list(SCENARIOS))
async def test_an_interaction_is_answered_before_any_request_or_picture(
    bot_factory: Any, name: str
) -> None:
    bot, data = await SCENARIOS[name](bot_factory)
    adapter = await answered(bot, data)
    assert adapter.before_first is not None, f"{name} was never answered"
    assert adapter.before_first == [], f"{name} made {adapter.before_first} before answering"
    assert adapter.done or name in QUIET, f"{name} did nothing after its answer either"


# the commands whose whole work is their answer: nothing is sent apart from it
QUIET = {
    "/game help",
    "/game list",
    "/game hand",
    "/game log",
    "/game rules",
    "/game abandon",
    "/game sub",
    "/game stats",
    "/game leaderboard",
    "/game replay",  # its file is its answer (a follow-up of the deferral)
    "/game challenge",
    "/game challenge-server",
    "/suggest",  # the suggestion is its answer (a follow-up of the deferral)
    "SuggestButton",
    "/me",
    "BoardButton",
    "StepButton",
    "RematchButton",
}
