"""The fault-injection run (issue 31): whole seeded games of every game through the real bot while
Discord misbehaves, ending with every move stored exactly once and every board and panel equal to
a fresh render of the stored state.

Faults are injected below discord.py's HTTP client (`tests.support.faults.Wire`), so discord.py's
own handling of 429s and 5xx runs as in production: about one attempt in five is answered 429, an
outage answers every attempt 503 or 502 for a few moves, one member's DMs are closed, and the
table's thread is deleted in one game and locked in another. Every interaction and every typed
message reaches the bot twice (Discord re-delivers after a gateway resume), and some presses are
clicked twice (a second interaction of the same button).

Members move as players do, in turn: a step-by-step click through the panel opened from the
board, the same on their DM panel, `/play` and `!play`; AI seats take the other turns. The
delivery retries wait on the outage, not on the clock: each wait ends when Discord is back.
"""

from __future__ import annotations

import asyncio
import copy
import datetime
import itertools
import random
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import discord.ext.test as dpytest
import discord.ext.test.factories as facts
import pytest
from discord.ext import commands
from discord.webhook.async_ import async_context

from bot.records import seat_names
from bot.tables import user_error
from cogs.ui.board import board_message
from cogs.ui.own import closed_panel, kit_of, panel_news
from cogs.ui.publish import end_message
from rules import GAMES
from rules.choices import find
from rules.core import format_event, reads_observation
from tests.e2e.steps import _move, _step
from tests.e2e.test_interactions import payload as interaction_payload
from tests.support.faults import Answers, Asked, Attempt, Wire, live

POLITE = ("already played", "out of date", "not your turn", "is waiting for", "No moves for you")
WRONG = ("went wrong", "no table in this channel", "Nothing was changed")


@dataclass(frozen=True)
class Run:
    """One game of the run: its members and AI seats, options that keep it short, and what
    happens to it."""

    game: str
    members: int = 1
    ai: int = 1
    options: str = ""
    seed: str = "faults"
    closed_dm: bool = False  # the last member's DMs refuse the bot from the start
    thread: str | None = None  # "deleted" or "locked" after a few moves
    outage: tuple[int, int] = (4, 7)  # Discord is down from this human move to that one (0: from
    # the start of the table: its board, ping and panels come once Discord is back)


RUN_OF: dict[str, dict[str, Any]] = {
    "coldest_night": {"members": 2, "closed_dm": True},
    "winter": {"options": "max_thaw_turns=6", "outage": (0, 1)},
    "cold_comfort": {"options": "turn_limit=12", "thread": "deleted"},
    "tenth_night": {"members": 2, "thread": "locked"},
    "dead_of_winter": {"options": "mode=coop objective=M09"},
}
"""Every registered game is played, by one member and one AI seat (as many as its fewest seats
need) under the generic faults; a game's entry here changes that: options that keep it short,
more members, closed DMs, a thread deleted or locked, an outage from the start."""


def runs() -> tuple[Run, ...]:
    """The run of each registered game (`rules.GAMES`), in menu order."""
    found = []
    for key, game in GAMES.items():
        ai = max(min(1, game.max_seats - 1), game.min_seats - 1)
        found.append(Run(key, **{"ai": ai, **RUN_OF.get(key, {})}))
    return tuple(found)


RUNS = runs()
MODES = ("board", "dm", "slash", "typed")


@dataclass
class Made:
    """A member's move as they made it: the seat, the action, the interaction or message."""

    seat: int
    action: dict[str, Any]
    source: int
    mode: str


@dataclass
class Game:
    bot: Any
    wire: Wire
    answers: Answers
    members: list[discord.Member]
    run: Run
    made: list[Made] = field(default_factory=list)
    firsts: list[Asked] = field(default_factory=list)  # every interaction's first delivery
    repeats: list[Asked] = field(default_factory=list)  # second deliveries and double clicks
    refused: list[Asked] = field(default_factory=list)  # moves again: each must be refused
    thread: int | None = None  # the thread the table opened
    typed: list[discord.Message] = field(default_factory=list)
    forced: int = 0  # moves with nothing to choose, made by opening the panel (`BaseGame.forced`)

    @property
    def service(self) -> Any:
        return self.bot.service

    async def table(self) -> Any:
        return await self.service.table(1)

    def place(self) -> Any:
        """Where members see the table: its thread while it has one Discord still serves."""
        table = self.service.cache.records.get(1)
        thread = table.thread_id if table is not None else None
        found = self.bot.get_channel(thread) if thread else None
        if found is not None and thread not in self.wire.deleted | self.wire.locked:
            return found
        return dpytest.get_config().channels[0]

    def member(self, user_id: int | None) -> discord.Member:
        return next(m for m in self.members if m.id == user_id)


FRESH = itertools.count(1)


def snowflake() -> int:
    """A fresh id: Discord's interaction and message ids are times."""
    now = datetime.datetime.now(datetime.UTC)
    return discord.utils.time_snowflake(now) + next(FRESH)


def interaction(
    game: Game, member: discord.Member, kind: int, data: dict[str, Any], message_id: int | None
) -> dict[str, Any]:
    """The gateway payload of one interaction (fresh id and token)."""
    channel = game.place()
    payload = interaction_payload(member, kind, data, channel=channel, ident=snowflake())
    if message_id is not None:
        message = facts.make_message_dict(channel, channel.guild.me, content="")
        message["id"] = str(message_id)
        payload["message"] = message
    return payload


def again(payload: dict[str, Any]) -> dict[str, Any]:
    """Another interaction of the same click (a double click): a new id and token."""
    copied = copy.deepcopy(payload)
    ident = snowflake()
    copied["id"], copied["token"] = str(ident), f"token-{ident}"
    return copied


def click(
    game: Game, member: discord.Member, how: tuple[str, str, str], message_id: int
) -> dict[str, Any]:
    """A click on a button, or a choice in a menu, of the bot's message `message_id`."""
    custom_id, text, form = how
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2 if form == "button" else 3}
    component: dict[str, Any] = {"type": 2, "custom_id": custom_id, "label": text[:80], "style": 1}
    if form == "select":
        data["values"] = [text]
        component = {"type": 3, "custom_id": custom_id, "options": [{"label": "x", "value": text}]}
    payload = interaction(game, member, 3, data, message_id)
    payload["message"]["components"] = [{"type": 1, "components": [component]}]
    return payload


def lasting(task: asyncio.Task[Any]) -> bool:
    """A task that lives as long as what made it: a view's time-out, a timer's loop."""
    name = getattr(task.get_coro(), "__qualname__", "")
    return "timeout_task_impl" in name or name.startswith("Loop.")


async def settle(bot: Any, before: set[asyncio.Task[Any]]) -> None:
    """Wait for the tasks an event started (and theirs), except deliveries waiting to be sent
    again (they wait for Discord to come back); a command error other than a refusal a player
    should get fails the run."""
    for _ in range(100):
        retries = set(bot.delivery._retries.values())
        pending = [
            t
            for t in asyncio.all_tasks() - before
            if not t.done()
            and t is not asyncio.current_task()
            and t not in retries
            and not lasting(t)
        ]
        if not pending:
            break
        done, _ = await asyncio.wait(pending, timeout=10)
        assert done, f"tasks never finished: {pending}"
    await dpytest.run_all_events()
    from discord.ext.test.runner import error_queue

    while not error_queue.empty():
        _, err = await error_queue.get()
        original = err
        while getattr(original, "original", None) is not None:
            original = original.original
        if user_error(original) is None and not isinstance(original, commands.UserInputError):
            raise err


async def deliver(
    game: Game, payload: dict[str, Any], *, twice: bool = True, plays: bool = False
) -> Asked:
    """Hand an interaction to the bot, then the same one again (Discord re-delivers it).
    `plays`: it makes a move, so its second delivery must be refused."""
    asked = game.answers.expect(payload)
    before = asyncio.all_tasks()
    game.bot._connection.parse_interaction_create(copy.deepcopy(payload))
    await settle(game.bot, before)
    if twice:
        game.firsts.append(asked)
        repeat = await deliver(game, payload, twice=False)
        game.repeats.append(repeat)
        if plays:
            game.refused.append(repeat)
    return asked


def drawn(asked: Asked) -> dict[str, Any]:
    """The panel an answer drew (a new panel only the member sees, or the clicked one)."""
    for answer in reversed(asked.answers):
        data = answer.get("data") if isinstance(answer.get("data"), dict) else answer
        if data.get("components"):
            return dict(data)
    raise AssertionError(f"no panel in the answers: {asked.texts()}")


async def type_message(game: Game, member: discord.Member, text: str) -> discord.Message:
    """A member types in the table's place; the gateway delivers the message twice."""
    try:
        message = await dpytest.message(text, channel=game.place(), member=member)
    except commands.CommandError as err:
        raise AssertionError(f"{text!r} failed: {err}") from err
    before, known = asyncio.all_tasks(), set(game.wire.shown)
    game.bot.dispatch("message", message)  # re-delivered after a gateway resume
    await settle(game.bot, before)
    answers = [
        shown.content or ""
        for ident, shown in game.wire.shown.items()
        if ident not in known and not shown.deleted
    ]
    if not game.wire.down:  # told privately (by DM, or in the channel if DMs are closed)
        assert any("already played" in a or "could not DM you" in a for a in answers), answers
    return message


async def through_panel(
    game: Game,
    member: discord.Member,
    seat: int,
    index: int,
    data: dict[str, Any],
    message_id: int,
    double: bool,
) -> int:
    """Follow the panel's steps down to legal move `index` and press it; returns the press's
    interaction id. Every click is delivered twice; `double`: the press is clicked twice."""
    table = await game.table()
    target = find(game.service.panel_update(table, seat).tree, index)
    assert target is not None, f"move {index} is not offered on the panel"
    for _ in range(8):
        move = _move(data["components"], index)
        if move is not None:
            press = click(game, member, move, message_id)
            await deliver(game, press, plays=True)
            if double:  # a second interaction of the same button
                game.refused.append(await deliver(game, again(press), twice=False))
            return int(press["id"])
        step = _step(data["components"], tuple(target))
        assert step is not None, f"no step leads to move {index}"
        data = drawn(await deliver(game, click(game, member, step, message_id)))
    raise AssertionError(f"move {index} is more than 8 clicks deep")


async def move(game: Game, seat: int, mode: str, rng: random.Random, double: bool) -> str:
    """The member in `seat` makes the move their heuristic agent picks, the way `mode` says;
    returns the way it was made."""
    service = game.service
    table = await game.table()
    rules = service.games[table.game]
    state = service.state(table)
    engine = service.engine(table)
    legal = list(engine.legal(state, seat))
    agent = rules.agents["heuristic"]()
    seen = rules.observe(state, seat) if reads_observation(agent) else None
    action = agent.choose(seen, legal, rng)
    index = legal.index(action)
    labels = service.labels(table, seat)
    member = game.member(table.seats[seat].user_id)
    unique = labels.count(labels[index]) == 1
    if mode == "typed" and (not unique or rules.is_secret(state, action)):
        mode = "slash"
    if mode == "slash" and not unique:
        mode = "board"
    if mode == "dm" and member.id in game.wire.closed_dms:
        mode = "board"
    if mode == "board":  # "My hand & moves" on the board: a panel only the member sees
        how = (f"sb:b:{table.id}:hand", "My hand & moves", "button")
        opened = click(game, member, how, table.board_message_id or snowflake())
        panel = drawn(await deliver(game, opened))
        source = await forced_or(game, table, opened) or await through_panel(
            game, member, seat, index, panel, snowflake(), double
        )
    elif mode == "dm":  # the same button on their DM panel redraws it there, with fresh moves
        (stored,) = [p for p in await service.store.panels(table.id) if p.seat == seat]
        assert stored.message_id, "the member's DM panel was delivered"
        how = (f"sb:b:{table.id}:hand", "My hand & moves", "button")
        opened = click(game, member, how, stored.message_id)
        panel = drawn(await deliver(game, opened))
        source = await forced_or(game, table, opened) or await through_panel(
            game, member, seat, index, panel, stored.message_id, double
        )
    elif mode == "slash":
        option = {"name": "move", "type": 3, "value": labels[index]}
        data = {"id": "1", "name": "play", "type": 1, "options": [option]}
        command = interaction(game, member, 2, data, None)
        await deliver(game, command, plays=True)
        source = int(command["id"])
    else:
        typed = await type_message(game, member, f"!play {labels[index]}")
        game.typed.append(typed)
        source = typed.id
    after = await service.store.actions(table.id)
    entry = next((a for a in after if a.ply == table.ply + 1), None)
    assert entry is not None, f"{mode}: {labels[index]!r} was not played"
    assert (entry.seat, entry.action) == (seat, engine.dump_action(action)), (mode, labels[index])
    game.made.append(Made(seat, entry.action, source, mode))
    return mode


async def forced_or(game: Game, table: Any, opened: dict[str, Any]) -> int | None:
    """The opening click's id when opening the panel made the move (Winter's draw with no
    counter to put, `BaseGame.forced`), else None: the move is still to be clicked."""
    if (await game.table()).ply == table.ply:
        return None
    game.forced += 1
    return int(opened["id"])


async def open_table(game: Game) -> None:
    """The first member opens the table, the others join, AI seats are added, it starts."""
    run, first = game.run, game.members[0]
    await type_once(game, first, f"!game new {run.game} {run.options}".strip())
    for member in game.members[1:]:
        await type_once(game, member, "!game join")
    for _ in range(run.ai):
        await type_once(game, first, "!game ai heuristic")
    if run.outage[0] == 0:  # Discord is down as the table starts
        game.wire.outage(True)
    await type_once(game, first, "!game start")


async def type_once(game: Game, member: discord.Member, text: str) -> None:
    channel = dpytest.get_config().channels[0]
    try:
        await dpytest.message(text, channel=channel, member=member)
    except commands.CommandError as err:
        raise AssertionError(f"{text!r} failed: {err}") from err
    await settle(game.bot, set(asyncio.all_tasks()))


async def back(game: Game) -> None:
    """Discord is back: every delivery waiting for it goes out."""
    game.wire.outage(False)
    await game.bot.delivery.settled()
    await dpytest.run_all_events()


async def play(game: Game) -> None:
    """The whole game: members in turn (by every way there is), AI seats between them; the
    outage and the thread's fate come at their moves."""
    run, wire = game.run, game.wire
    rng = random.Random(run.seed)
    table = await game.table()
    assert table.status == "active", "the table started"
    assert table.thread_id or run.outage[0] == 0, "in a thread of its own (none in an outage)"
    game.thread = table.thread_id
    made = 0
    while table.status == "active":
        if made == run.outage[0]:
            wire.outage(True)
        if made == run.outage[1]:
            await back(game)
            await check_live_panels(game)
        if made == 3 and run.thread and table.thread_id:
            (wire.delete_thread if run.thread == "deleted" else wire.lock_thread)(table.thread_id)
        waiting = [s for s in game.service.waiting_for(table) if table.seats[s].user_id]
        assert waiting, "the game waits for an AI seat that does not move"
        await move(game, waiting[0], MODES[made % len(MODES)], rng, double=made % 3 == 1)
        made += 1
        assert made < 500, "the game does not end"
        if made % 4 == 0 and not wire.down:
            await game.bot.delivery.settled()
            await check_live_panels(game)
            await check_live_board(game)
        table = await game.table()
    await back(game)


# -- the checks -----------------------------------------------------------------------------


def payload_of(message: dict[str, Any]) -> dict[str, Any]:
    """Message fields as the bot hands them to discord.py → the JSON Discord would be sent."""
    embeds = message.get("embeds") or ([message["embed"]] if message.get("embed") else [])
    view = message.get("view")
    return {
        "embeds": [e.to_dict() for e in embeds],
        "components": view.to_components() if view is not None else [],
    }


def shown_of(game: Game, message_id: int | None) -> dict[str, Any]:
    assert message_id is not None
    shown = game.wire.shown.get(message_id)
    assert shown is not None and not shown.deleted, f"message {message_id} is not on Discord"
    return {"embeds": shown.embeds, "components": shown.components}


def is_board(shown: Any) -> bool:
    return any(
        any(f.get("name") == "Players" for f in embed.get("fields") or []) for embed in shown.embeds
    )


async def check_live_panels(game: Game) -> None:
    """Each member with open DMs has exactly one live panel of the table there (the stored one),
    and it shows what only they see now."""
    service, wire = game.service, game.wire
    table = await game.table()
    if table.status != "active":
        return
    stored = {p.seat: p for p in await service.store.panels(table.id)}
    for seat, record in enumerate(table.seats):
        if record.user_id is None or record.user_id in wire.closed_dms:
            continue
        panel = stored[seat]
        fresh = service.panel_update(table, seat)
        assert panel.digest == fresh.digest, f"seat {seat}'s panel is out of date"
        channels = {c for c, u in wire.dm_channels.items() if u == record.user_id}
        panels = [
            i
            for i, s in wire.shown.items()
            if s.channel_id in channels
            and not s.deleted
            and live(s)
            and any(f"table #{table.id}" in (e.get("title") or "") for e in s.embeds)
        ]
        assert panels == [panel.message_id], f"seat {seat}: live panels {panels}"
        shown = wire.shown[panels[0]].embeds[0].get("description") or ""
        assert fresh.text in shown, f"seat {seat}'s panel does not show its hand now"


async def check_live_board(game: Game) -> None:
    """The table's live board equals a fresh render of the stored table (its embed and buttons;
    the feed lines above it are history), and it is the only full board where the table plays."""
    table = await game.table()
    if table.status != "active":
        return
    fresh = await board_message(table, game.service.board(table), with_picture=False)
    assert shown_of(game, table.board_message_id) == payload_of(fresh)
    place = table.thread_id or table.channel_id
    boards = [i for i, s in game.wire.in_channel(place) if is_board(s)]
    assert boards == [table.board_message_id], "one live board"


async def check_log(game: Game, db: Path) -> None:
    """Every move stored exactly once: consecutive plies, the members' entries are the moves
    they made (in order, none twice), each kept with the one interaction or message it came
    from, and the log replays to the stored state."""
    service = game.service
    table = await game.table()
    actions = await service.store.actions(table.id)
    assert [a.ply for a in actions] == list(range(1, table.ply + 1))
    humans = [a for a in actions if table.seats[a.seat].user_id is not None]
    assert [(a.seat, a.action) for a in humans] == [(m.seat, m.action) for m in game.made]
    with sqlite3.connect(db) as conn:
        sources = conn.execute(
            "SELECT source, ply FROM move_sources WHERE table_id = ?", (table.id,)
        ).fetchall()
    assert sorted(sources) == sorted(
        (m.source, a.ply) for m, a in zip(game.made, humans, strict=True)
    )
    engine = service.engine(table)
    replayed = engine.replay(
        len(table.seats), table.options, table.seed, [(a.seat, a.action) for a in actions]
    )
    assert replayed == service.state(table)


async def last_notes(game: Game) -> dict[int, list[str]]:
    """What each seat was told privately by the last call (the last member's move and the AI
    moves after it), read from the stored log: the end panels carry it."""
    table = await game.table()
    names = seat_names(table)
    actions = await game.service.store.actions(table.id)
    last = max(a.ply for a in actions if table.seats[a.seat].user_id is not None)
    notes: dict[int, list[str]] = {}
    for entry in actions:
        for event in entry.events or () if entry.ply >= last else ():
            for seat in event["visible_to"] or ():
                notes.setdefault(seat, []).append(format_event(event["text"], names))
    return notes


async def check_end(game: Game) -> None:
    """The end message and every member's panel equal a fresh render of the stored table, drawn
    by the presenter's own functions; nothing live is left; one full board in the table's place."""
    service, bot, wire = game.service, game.bot, game.wire
    table = await game.table()
    assert table.status == "finished"
    kit = kit_of(bot)
    board = service.board(table)
    outcome = service.games[table.game].outcome(service.state(table))
    ending = service.ending(table, outcome)
    fresh = end_message(
        await board_message(table, board, with_picture=False), table, board, ending, kit
    )
    assert shown_of(game, table.board_message_id) == payload_of(fresh)
    place = table.thread_id or table.channel_id
    boards = [i for i, s in wire.in_channel(place) if is_board(s)]
    assert boards == [table.board_message_id], [
        (i, (wire.shown[i].content or "")[:300], wire.shown[i].embeds[0].get("footer"))
        for i in boards
    ]
    notes = await last_notes(game)
    for seat, record in enumerate(table.seats):
        if record.user_id is None:
            continue
        (panel,) = [p for p in await service.store.panels(table.id) if p.seat == seat]
        if record.user_id in wire.closed_dms:
            assert panel.dm_closed and not panel.message_id
            continue
        update = panel_news(service.panel_update(table, seat, notes=notes), None, ending)
        fresh = closed_panel(kit.panel(service, table, update, dm=True), table)
        shown, drawn_now = shown_of(game, panel.message_id), payload_of(fresh)
        assert shown["components"] == drawn_now["components"], f"seat {seat}"
        assert shown["embeds"] == drawn_now["embeds"], (
            f"seat {seat}: {shown['embeds'][0].get('description')!r} != "
            f"{drawn_now['embeds'][0].get('description')!r}"
        )
    dms = set(wire.dm_channels)
    assert not [i for i, s in wire.shown.items() if s.channel_id in dms and live(s)]


def check_answers(game: Game) -> None:
    """No interaction was answered with an error it should not have; every move delivered
    again (or clicked twice) was refused in a polite sentence."""
    wrong = []
    for asked in game.firsts + game.repeats + game.refused:
        said = " ".join(asked.texts())
        if not asked.answers:
            wrong.append(f"interaction {asked.id} ({asked.what}) was never answered")
        elif any(w in said for w in WRONG):
            wrong.append(f"{asked.what}: {said}")
    for asked in game.refused:
        said = " ".join(asked.texts())
        if not any(p in said for p in POLITE):
            wrong.append(f"{asked.what} again: {said}")
    for shown in game.wire.shown.values():
        text = " ".join([shown.content or ""] + [e.get("description") or "" for e in shown.embeds])
        if any(w in text for w in WRONG):
            wrong.append(f"shown: {text}")
    assert not wrong, "\n".join(wrong)


def check_dms(game: Game) -> None:
    """A member whose DMs are closed is sent nothing after a refusal (no panel, no private
    answer) until they open a panel again: between two refused attempts there is an opening."""
    for user in game.wire.closed_dms:
        refused = 0
        opened = True
        for attempt in game.wire.attempts:
            if attempt.method == "OPEN" and attempt.path == str(user):
                opened = True
            elif game.wire.refused(attempt, user):
                refused += 1
                seen = [
                    (a.method, a.path, a.status)
                    for a in game.wire.attempts
                    if a.method == "OPEN" or game.wire.refused(a, user)
                ]
                assert opened, f"a refused DM was tried again: {seen}"
                opened = False
        assert refused, "the closed DMs were tried"


@pytest.mark.parametrize("run", RUNS, ids=[r.game for r in RUNS])
async def test_a_whole_game_under_faults_stores_every_move_once_and_shows_the_stored_table(
    run: Run, bot_factory: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    wire = Wire(f"{run.seed}/{run.game}")
    wire.install(monkeypatch)
    bot = await bot_factory(members=run.members, new_seed=lambda: f"{run.seed}/{run.game}")
    members = list(dpytest.get_config().members)
    if run.closed_dm:
        wire.closed_dms.add(members[-1].id)
    answers = Answers(wire)
    token = async_context.set(answers)

    retried: list[float] = []

    async def sleep(seconds: float) -> None:  # the delivery's back-off ends when Discord is back
        retried.append(seconds)
        await wire.up.wait()

    bot.delivery.sleep = sleep
    reopen = bot.delivery.reopen

    async def reopened(table_id: int, seat: int) -> None:  # the player opened a panel
        table = await bot.service.table(table_id)
        wire.attempts.append(Attempt("OPEN", str(table.seats[seat].user_id), 0))
        await reopen(table_id, seat)

    bot.delivery.reopen = reopened
    game = Game(bot, wire, answers, members, run)
    try:
        await open_table(game)
        await play(game)
        assert {m.mode for m in game.made} == set(MODES), "members moved every way there is"
        if run.thread:  # the table left its thread for its channel, and ended there
            assert game.thread in (wire.deleted if run.thread == "deleted" else wire.locked)
            assert (await game.table()).thread_id is None
        await check_log(game, tmp_path / "e2e.db")
        await check_end(game)
        check_answers(game)
        check_dms(game)
        counts = wire.counts()
        tried = sum(counts.values())
        assert counts[429] >= 3 and counts[429] / tried < 0.35, counts  # one attempt in five
        assert counts[503] and counts[502], counts  # the outage
        assert wire.waits, "discord.py waited and tried again itself"
        assert retried, "the bot sent again on its own what Discord had failed to take"
        again = len(game.refused) + len(game.typed) + game.forced
        assert again >= len(game.made), "every move came again"
    finally:
        wire.outage(False)
        bot.delivery.stop()  # a failed run leaves no retry waiting
        async_context.reset(token)
