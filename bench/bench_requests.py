"""Discord requests per human move, every game, over whole dpytest games (issue 11 §1).

A real `SnowboundBot` on a real SQLite file plays each game from `!game start` to the end. The
members move the way the panels invite them to: they click the move on their own DM panel (a
button, or a select menu for longer lists), sent to the bot as the interaction payload Discord
would send. Every request the bot makes is counted where it leaves for Discord: dpytest's fake HTTP
backend reports each one (`callbacks.dispatch_event`); a cache look-up (`get_channel`) is not a
request. Interaction responses are counted apart: the answer to a click is owed anyway and costs
the bot no request of its own, which is why the mover's panel is redrawn there.

The figure is requests per human move; `tests/e2e/test_request_budget.py` fails above 1.2.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import tempfile
from collections import Counter
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import discord.ext.test as dpytest
import discord.ext.test.factories as facts
from discord.ext.test import callbacks
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bench import Row, sized
from bot.app import SingleShardBot
from bot.config import Settings
from bot.records import label_mark
from bot.tables import TableService
from rules import GAMES
from storage import SqliteStore

QUICK_MOVES = 40  # `make bench-quick`: a game's first moves (a per-move figure), not all of it
NOT_REQUESTS = ("get_channel",)  # dpytest reports this cache look-up too
PER_SELECT = 25  # cogs.present: moves per select menu
BUTTONS_MAX = 5  # cogs.present: more moves than this come as select menus


@dataclass(frozen=True)
class Setup:
    """One measured game: members, AI seats, options, and the seed that makes it repeatable."""

    game: str
    members: int
    ai: int = 0
    options: str = ""
    seed: str = "requests"


Extras = Mapping[str, Sequence[Mapping[str, Any]]]
"""Per game key, the set-ups measured of it, each as what it changes of the generic one."""

# Short options where the game has them, so the whole set stays quick.
EXTRAS: Extras = {
    "coldest_night": ({"ai": 1},),
    "dead_of_winter": ({"options": "mode=coop"},),
}


def setups_of(extras: Extras, seed: str = "requests") -> tuple[Setup, ...]:
    """A set-up of each game in the registry (`rules.GAMES`, read now), in menu order, so a game
    registered later is measured with no edit here: two members (one for a one-seat game) and AI
    seats up to the game's fewest, seeded `seed` (`{key}` stands for the game's key), changed by
    the game's entries in `extras` (one set-up for each entry)."""
    found = []
    for key, game in GAMES.items():
        members = min(2, game.max_seats)
        generic: dict[str, Any] = {
            "members": members,
            "ai": max(0, game.min_seats - members),
            "seed": seed.format(key=key),
        }
        for extra in extras.get(key, ({},)):
            found.append(Setup(key, **{**generic, **extra}))
    return tuple(found)


def setups() -> tuple[Setup, ...]:
    """The measured games: every registered game (`EXTRAS` changes a few)."""
    return setups_of(EXTRAS)


@dataclass
class Measured:
    game: str
    human_moves: int = 0
    plies: int = 0
    requests: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)  # the same requests by `kind_of`
    responses: int = 0  # interaction responses (free: owed to the click)
    finished: bool = False

    @property
    def per_move(self) -> float:
        return sum(self.requests.values()) / max(1, self.human_moves)


def kind_of(event: str, args: tuple[Any, ...]) -> str:
    """What a request reported by dpytest is: "board post", "DM edit", "channel deletion"...

    `send_message` reports the sent message, `edit_message` and `delete_message` the channel
    first; a message in a server channel is the board (or event lines), one in a DM a panel."""
    channel = getattr(args[0], "channel", args[0]) if args else None
    where = "DM" if isinstance(channel, discord.DMChannel) else "board"
    what = {"send_message": "post", "edit_message": "edit", "delete_message": "deletion"}
    if event == "start_private_message":
        return "DM opened"
    if event in what:
        return f"{where} {what[event]}".replace("DM post", "DM send")
    return event


class Responses(AsyncWebhookAdapter):
    """Interaction responses, answered locally and counted instead of sent to Discord."""

    def __init__(self, channel: Any) -> None:
        super().__init__()
        self.channel = channel
        self.count = 0
        self.ids = itertools.count(50_000)

    async def request(self, route: Any, *args: Any, **kwargs: Any) -> Any:
        self.count += 1
        payload = kwargs.get("payload") or {}
        self.last = payload
        if route.path.endswith("/callback"):
            return {"interaction": {"id": str(next(self.ids)), "type": payload.get("type", 4)}}
        return facts.make_message_dict(self.channel, self.channel.guild.me, content="")


IDS = itertools.count(900_000)


def interaction(
    member: discord.Member,
    channel: Any,
    kind: int,
    data: dict[str, Any],
    *,
    ident: int,
    token: str = "interaction-token",
    permissions: str = "0",
) -> dict[str, Any]:
    """The gateway payload of one interaction of `kind` (3 a component, 2 a command...) with
    `data`, by `member` in `channel`: what Discord sends."""
    return {
        "id": str(ident),
        "application_id": "4242",
        "type": kind,
        "token": token,
        "version": 1,
        "channel_id": str(channel.id),
        "channel": {"id": str(channel.id), "type": 0, "guild_id": str(channel.guild.id)},
        "guild_id": str(channel.guild.id),
        "member": {**facts.dict_from_member(member), "permissions": permissions},
        "data": data,
        "locale": "en-US",
        "guild_locale": "en-US",
        "app_permissions": "0",
        "entitlements": [],
        "authorizing_integration_owners": {},
        "context": 0,
        "attachment_size_limit": 8 << 20,
    }


def click(member: discord.Member, channel: Any, message_id: int, component: dict[str, Any]) -> Any:
    """The gateway payload of a member's click on `component` of the bot's message `message_id`
    (their DM panel): what Discord sends for a button press or a select choice."""
    data: dict[str, Any] = {
        "custom_id": component["custom_id"],
        "component_type": component["type"],
    }
    if component["type"] == 3:
        data["values"] = [component["options"][0]["value"]]
    message = facts.make_message_dict(channel, channel.guild.me, content="")
    message["id"] = str(message_id)
    message["components"] = [{"type": 1, "components": [component]}]
    return {**interaction(member, channel, 3, data, ident=next(IDS)), "message": message}


def component_for(table_id: int, ply: int, labels: list[str], index: int) -> dict[str, Any]:
    """The button or select option the panel shows for move `index` (as `ChoicesView` draws it)."""
    label = labels[index]
    if len(labels) <= BUTTONS_MAX:
        custom_id = f"sb:a:{table_id}:{ply}:{index}:{label_mark(label)}"
        return {"type": 2, "custom_id": custom_id, "label": label[:80], "style": 1}
    value = f"{index}:{label_mark(label)}"
    return {
        "type": 3,
        "custom_id": f"sb:s:{table_id}:{ply}:{index // PER_SELECT}",
        "options": [{"label": label[:100], "value": value}],
    }


async def dispatch(bot: Any, payload: dict[str, Any]) -> None:
    """Hand the payload to the bot as the gateway does and wait for what it starts."""
    before = asyncio.all_tasks()
    bot._connection.parse_interaction_create(payload)
    await asyncio.gather(*(asyncio.all_tasks() - before))
    await dpytest.run_all_events()


async def make_bot(tmp: Path, setup: Setup) -> SingleShardBot:
    store = SqliteStore(str(tmp / f"{setup.game}.db"))
    await store.connect()
    settings = Settings(_env_file=None, token=None, dev_guild_id=None)  # type: ignore[call-arg]
    service = TableService(store, new_seed=lambda: setup.seed)
    bot = SingleShardBot(settings, service)
    await bot._async_setup_hook()
    dpytest.configure(bot, members=setup.members)
    bot.tree._state = bot._connection
    bot._connection._command_tree = bot.tree
    await bot.setup_hook()
    return bot


async def open_table(setup: Setup, members: list[Any]) -> None:
    """The first member opens the set-up's table, the others join, AI seats are added, it
    starts: typed in the channel, as players do."""
    await dpytest.message(f"!game new {setup.game} {setup.options}".strip(), member=members[0])
    for member in members[1:]:
        await dpytest.message("!game join", member=member)
    for _ in range(setup.ai):
        await dpytest.message("!game ai heuristic", member=members[0])
    await dpytest.message("!game start", member=members[0])


@dataclass
class OnDiscord:
    """A set-up's game started on a bot: its members, the table's channel, the answers' adapter."""

    bot: SingleShardBot
    members: list[Any]
    channel: Any
    adapter: Any


@asynccontextmanager
async def game_on_discord(
    setup: Setup,
    tmp: Path,
    adapter_of: Callable[[Any], Responses],
    count: Callable[[str, tuple[Any, ...]], None],
    names: Sequence[str] = (),
) -> AsyncIterator[OnDiscord]:
    """A bot on a SQLite file in `tmp` with the set-up's table opened and started by its members
    (named `names`, where given), interaction responses answered by `adapter_of(channel)`. From the
    start on, every request the bot sends (dpytest's report of it; a cache look-up is none) is
    passed to `count`. dpytest and the adapter are put back afterwards and the store closed."""
    bot = await make_bot(tmp, setup)
    config = dpytest.get_config()
    members = list(config.members)
    for member, name in zip(members, names, strict=False):  # players' names, not test names
        member.nick = None
        member._user.name = name
    channel = config.channels[0]
    adapter = adapter_of(channel)
    token = async_context.set(adapter)
    original = callbacks.dispatch_event

    async def counting(event: str, *args: Any, **kwargs: Any) -> None:
        if event not in NOT_REQUESTS:
            count(event, args)
        await original(event, *args, **kwargs)

    try:
        await open_table(setup, members)
        callbacks.dispatch_event = counting  # type: ignore[assignment]
        yield OnDiscord(bot, members, channel, adapter)
    finally:
        callbacks.dispatch_event = original  # type: ignore[assignment]
        async_context.reset(token)
        await dpytest.empty_queue()
        await bot.service.store.close()


@dataclass(frozen=True)
class Turn:
    """A member's move to make: their seat and member, the state, the legal moves, the pick."""

    seat: int
    member: Any
    state: Any
    legal: list[Any]
    action: Any


def heuristic_turn(service: TableService, table: Any, members: list[Any], rng: Any) -> Turn | None:
    """The move of the first member the table waits for, the heuristic's pick (None when no
    member is to move)."""
    state = service.state(table)
    waiting = [s for s in service.waiting_for(table) if table.seats[s].user_id]
    if not waiting:
        return None
    seat = waiting[0]
    game = service.games[table.game]
    legal = list(service.engine(table).legal(state, seat))
    agent = game.agents["heuristic"]()
    action = agent.choose(game.observe(state, seat), legal, rng)
    member = next(m for m in members if m.id == table.seats[seat].user_id)
    return Turn(seat, member, state, legal, action)


async def play_game(
    setup: Setup, tmp: Path, *, max_moves: int = 3000, on_move: Callable[..., Any] | None = None
) -> Measured:
    """Play one whole game by clicks on the members' DM panels; count what the bot sends."""
    measured = Measured(setup.game)

    def count(event: str, args: tuple[Any, ...]) -> None:
        measured.requests[event] += 1
        measured.kinds[kind_of(event, args)] += 1

    async with game_on_discord(setup, tmp, Responses, count) as on:
        bot, service, channel = on.bot, on.bot.service, on.channel
        table = await service.table(1)
        rng = random.Random(setup.seed)
        last_mover = None
        while table.status == "active" and measured.human_moves < max_moves:
            turn = heuristic_turn(service, table, on.members, rng)
            if turn is None:
                break
            labels = service.labels(table, turn.seat)
            panel = next(p for p in await service.store.panels(table.id) if p.seat == turn.seat)
            component: dict[str, Any] = {}  # stays empty when opening the panel made the move
            if turn.seat != last_mover:  # the game came back to them: "My hand & moves" first
                refresh = {"type": 2, "custom_id": f"sb:b:{table.id}:hand", "style": 2}
                await dispatch(bot, click(turn.member, channel, panel.message_id or 0, refresh))
            last_mover = turn.seat
            if (await service.table(1)).ply == table.ply:  # else opening made a forced move
                index = turn.legal.index(turn.action)
                component = component_for(table.id, table.ply, labels, index)
                await dispatch(bot, click(turn.member, channel, panel.message_id or 0, component))
            after = await service.table(1)
            if after.ply == table.ply:
                said = getattr(on.adapter, "last", None)
                raise RuntimeError(
                    f"{setup.game}: the click on {component} changed nothing: {said}"
                )
            measured.human_moves += 1
            table = after
            if on_move is not None:
                on_move(measured)
        measured.plies = table.ply
        measured.finished = table.status == "finished"
        measured.responses = on.adapter.count
        return measured


async def measure_all(chosen: tuple[Setup, ...] | None = None) -> AsyncIterator[Measured]:
    """Each set-up's game (every registered game's by default), measured as soon as it is
    played."""
    with tempfile.TemporaryDirectory() as tmp:
        for setup in setups() if chosen is None else chosen:
            yield await play_game(setup, Path(tmp), max_moves=sized(3000, QUICK_MOVES))


async def rows() -> AsyncIterator[Row]:
    async for m in measure_all():
        seats = f"{m.human_moves} human moves / {m.plies} plies"
        yield (f"discord requests per human move, {m.game}", m.per_move, f"req ({seats})")
        for kind, n in sorted(m.kinds.items()):
            yield (f"  {m.game}: {kind}", n / max(1, m.human_moves), "per human move")
        yield (f"  {m.game}: interaction responses (free)", m.responses / m.human_moves, "")
