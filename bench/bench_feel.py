"""How a game feels to play on Discord, counted over whole seeded dpytest games of every game.

A real `SnowboundBot` on a real SQLite file plays each game from `!game new` to the end, with
two or three members and the heuristic's choice for each of their moves. Most moves are made the
way the panel invites: the member presses "My hand & moves" on the board, then follows the
move's steps on the panel that opens — a button or a select option whose label is the next step
of the move's path (`rules/choices.py`), found by its label, as a player reads it — until the
move is played. Every fourth move is typed in the channel as `!play <label>` instead.

Counted (the goals of the "play that feels native" work, in `docs/performance.md`):

- the most move choices one panel step shows (goal ≤ 25), and whether any panel has page buttons;
- the clicks from opening the panel to the move (goal ≤ 3, 4 for placing a tile), and on average
  with the opening click (a move with nothing to choose is made by opening the panel: 0 after it);
- the full boards still standing in the channel at the end (goal 1): messages of the bot that
  carry the board (an embed with the board's title, or a picture);
- the channel's length at the end, in characters a move (goal ≤ 200);
- lines a player reads that say "seat N", "group N" or "AI 1 (heuristic)", and engine
  identifiers (`snake_case`, `key=value`, `s1#2`, a Python list) — in the channel, the DMs and
  every private answer (goal 0 each);
- requests to the table's channel a move (goal ≤ 2).

Each figure is a count, so it does not depend on the machine.
"""

from __future__ import annotations

import json
import random
import re
import tempfile
from collections import Counter
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import discord.ext.test as dpytest

from bench import Row, sized
from bench.bench_requests import (
    QUICK_MOVES,
    Extras,
    Responses,
    Setup,
    click,
    dispatch,
    game_on_discord,
    heuristic_turn,
    setups_of,
)
from rules.choices import find

# Every registered game is played (two members, seeded "feel-<key>"); these change a few, and
# Dead of Winter is played in three variants.
EXTRAS: Extras = {
    "coldest_night": ({"ai": 1, "seed": "feel-cn"},),
    "tenth_night": ({"seed": "feel-tn"},),
    "winter": ({"seed": "feel-wi"},),
    "cold_comfort": ({"ai": 1, "seed": "feel-cc"},),
    "dead_of_winter": (
        {"ai": 1, "options": "mode=coop", "seed": "feel-dw"},
        {"members": 3, "options": "secret_deal=betrayer", "seed": "feel-dwb"},
        {"ai": 1, "options": "long_night=true", "seed": "feel-dwl"},
    ),
}
CLICKS = {"winter": 4, "cold_comfort": 4}
"""The most clicks a move may take after the panel opens, where a game's goal is not 3: placing
a tile takes one more."""
TYPE_EVERY = 4
NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli")
MAX_MOVES = 400

SEAT_WORDS = re.compile(r"\b(?:seat|group) \d+\b|\bAI \d+ \((?:heuristic|random)\)", re.I)
IDENTIFIER = re.compile(
    r"\b[a-z]+(?:_[a-z0-9]+)+\b"  # snake_case
    r"|\b\w+=\w+"  # key=value
    r"|\bs\d#\d\b"  # s1#2
    r"|\[\d+(?:, \d+)+\]"  # a Python list of numbers
)
URL = re.compile(r"https?://\S+|attachment://\S+|<[@#][!&]?\d+>|<t:\d+(?::\w)?>|`[^`]*`")


def offending(lines: Iterable[str]) -> tuple[list[str], list[str]]:
    """The lines that name a seat by number, and those that show an engine identifier."""
    seats, words = [], []
    for line in lines:
        plain = URL.sub("", line)
        if SEAT_WORDS.search(plain):
            seats.append(line)
        if IDENTIFIER.search(plain):
            words.append(line)
    return seats, words


def message_lines(payload: dict[str, Any]) -> list[str]:
    """Every line of text a message payload shows: content, embeds, component labels, select
    options and their descriptions, attachments' alt text."""
    texts: list[str] = [payload.get("content") or ""]
    for embed in payload.get("embeds") or []:
        texts += [embed.get("title") or "", embed.get("description") or ""]
        texts += [(embed.get("footer") or {}).get("text") or ""]
        for f in embed.get("fields") or []:
            texts += [f.get("name") or "", f.get("value") or ""]
    for comp in components(payload):
        texts += [comp.get("label") or "", comp.get("placeholder") or "", comp.get("content") or ""]
        for option in comp.get("options") or []:
            texts += [option.get("label") or "", option.get("description") or ""]
    for attachment in payload.get("attachments") or []:
        texts.append(attachment.get("description") or "")
    return [line for text in texts for line in text.splitlines() if line.strip()]


def components(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """Every leaf component of a payload (buttons, selects, text displays), in any layout."""
    found: list[dict[str, Any]] = []

    def walk(items: Iterable[dict[str, Any]]) -> None:
        for item in items:
            if item.get("components"):
                walk(item["components"])
            if item.get("accessory"):
                walk([item["accessory"]])
            if item.get("type") in (2, 3, 10):
                found.append(item)

    walk(payload.get("components") or [])
    return found


def is_board(message: discord.Message) -> bool:
    """A full board: a message of the bot that carries the board — an embed with the players
    listed or a picture — as opposed to a line of the feed, the lobby or the end message."""
    return any(e.image or any(f.name == "Players" for f in e.fields) for e in message.embeds)


def message_chars(message: discord.Message) -> int:
    size = len(message.content or "")
    for e in message.embeds:
        size += len(e.title or "") + len(e.description or "")
        size += sum(len(f.name or "") + len(f.value or "") for f in e.fields)
        size += len(e.footer.text or "") if e.footer else 0
    return size


@dataclass
class Feel:
    setup: Setup
    moves: int = 0  # member moves
    plies: int = 0
    clicked: int = 0  # moves made by clicks
    typed: int = 0
    clicks: Counter[int] = field(default_factory=Counter)  # clicks after opening → moves
    widest: int = 0  # most choices one panel step showed
    paged: int = 0  # panels with page buttons
    boards: int = 0  # full boards standing at the end
    chars: int = 0  # characters in the channel at the end
    channel_requests: int = 0
    seat_lines: list[str] = field(default_factory=list)
    engine_lines: list[str] = field(default_factory=list)
    finished: bool = False
    failed_clicks: int = 0
    misses: list[str] = field(default_factory=list)  # moves the panel did not lead to, in words

    @property
    def name(self) -> str:
        extra = f" ({self.setup.options})" if self.setup.options else ""
        return self.setup.game + extra


class Capture(Responses):
    """Interaction answers, kept whole: the private panels a member sees."""

    def __init__(self, channel: Any) -> None:
        super().__init__(channel)
        self.payloads: list[dict[str, Any]] = []

    async def request(self, route: Any, *args: Any, **kwargs: Any) -> Any:
        payload = kwargs.get("payload")
        if payload is None and kwargs.get("multipart"):  # with a picture: JSON in the form
            form = kwargs["multipart"][0]
            payload = json.loads(form["value"]) if form.get("name") == "payload_json" else {}
        payload = payload or {}
        data = payload.get("data") if "data" in payload else payload
        if isinstance(data, dict):
            self.payloads.append(data)
        return await super().request(route, *args, **kwargs)


def panel_width(payload: dict[str, Any]) -> tuple[int, bool]:
    """The choices a panel step shows (the largest select menu, or its move buttons), and
    whether it has page buttons."""
    comps = components(payload)
    widest = max((len(c.get("options") or []) for c in comps if c.get("type") == 3), default=0)
    buttons = sum(
        1 for c in comps if c.get("type") == 2 and c.get("custom_id", "").startswith("sb:")
    )
    paged = any(
        c.get("type") == 2
        and ("More moves" in (c.get("label") or "") or "▶" in (c.get("label") or ""))
        for c in comps
    )
    return max(widest, buttons), paged


def plain(label: str | None) -> str:
    """A step's label as the path names it: a panel marks a step with more below it with "…"."""
    return (label or "").removesuffix("…").strip()


def next_component(
    payload: dict[str, Any], labels: list[str], index: int
) -> tuple[dict[str, Any], str | None] | None:
    """The component that takes the member furthest along the move's path (`labels`, the steps'
    labels as shown): a button with a step's label, or a select option with one (an option whose
    value starts with the move's index is the move itself). A menu shown under a step's name
    (its placeholder) lists that step's options: it counts only on that step's way."""
    best: tuple[int, dict[str, Any], str | None] | None = None
    for comp in components(payload):
        if comp.get("type") == 2 and plain(comp.get("label")) in labels:
            depth = labels.index(plain(comp.get("label")))
            if best is None or depth > best[0]:
                best = (depth, comp, None)
        if comp.get("type") == 3:
            under = plain(comp.get("placeholder"))
            for option in comp.get("options") or []:
                value = str(option.get("value"))
                depth = len(labels) if value.split(":")[0] == str(index) else -1
                name = plain(option.get("label"))
                if name in labels:
                    at = labels.index(name)
                    if under not in labels or (at > 0 and labels[at - 1] == under):
                        depth = max(depth, at)
                if depth >= 0 and (best is None or depth > best[0]):
                    best = (depth, comp, value)
    if best is None:
        return None
    return best[1], best[2]


def choose(component: dict[str, Any], value: str | None) -> dict[str, Any]:
    """The component as a click sends it (a select with the chosen option only)."""
    if value is None:
        return component
    chosen = [o for o in component.get("options") or [] if str(o.get("value")) == value]
    return {**component, "options": chosen}


async def play(setup: Setup, tmp: Path) -> Feel:
    feel = Feel(setup)
    requests = Counter[Any]()  # by the channel each went to

    def count(event: str, args: tuple[Any, ...]) -> None:
        if args:
            requests[getattr(getattr(args[0], "channel", args[0]), "id", None)] += 1

    async with game_on_discord(setup, tmp, Capture, count, NAMES) as on:
        bot, service, channel, adapter = on.bot, on.bot.service, on.channel, on.adapter
        game = service.games[setup.game]
        table = await service.table(1)
        rng = random.Random(setup.seed)
        most = sized(MAX_MOVES, QUICK_MOVES)  # `make bench-quick`: a game's first moves
        while table.status == "active" and feel.moves < most:
            turn = heuristic_turn(service, table, on.members, rng)
            if turn is None:
                break
            member, index = turn.member, turn.legal.index(turn.action)
            update = service.panel_update(table, turn.seat)
            label = update.choices[index]
            secret = game.is_secret(turn.state, turn.action)
            if not secret and feel.moves % TYPE_EVERY == TYPE_EVERY - 1:
                await dpytest.message(f"!play {label}", member=member, channel=channel)
                feel.typed += 1
            else:
                clicks = await click_through(
                    bot, feel, adapter, member, channel, table, update, index
                )
                if clicks is None:
                    feel.failed_clicks += 1
                    played = await service.act(table.id, member.id, label, in_public=False)
                    from cogs.present import publish

                    await publish(bot, played)
                else:
                    feel.clicks[clicks] += 1
                    feel.clicked += 1
            after = await service.table(1)
            if after.ply == table.ply:
                raise RuntimeError(f"{setup.game}: move {label!r} changed nothing")
            feel.moves += 1
            table = after
        feel.plies = table.ply
        feel.finished = table.status == "finished"
        feel.channel_requests = requests[channel.id]
        history = [m async for m in channel.history(limit=10_000)]
        bots = [m for m in history if m.author.id == bot.user.id]
        feel.boards = sum(1 for m in bots if is_board(m))
        feel.chars = sum(message_chars(m) for m in history)
        lines: list[str] = []
        for m in bots:  # what the bot wrote; the members' own messages are theirs
            lines += message_lines(
                {"content": m.content, "embeds": [e.to_dict() for e in m.embeds]}
            )
        for dm in bot.private_channels:
            async for m in dm.history(limit=10_000):
                lines += message_lines(
                    {"content": m.content, "embeds": [e.to_dict() for e in m.embeds]}
                )
        for payload in adapter.payloads:
            lines += message_lines(payload)
        feel.seat_lines, feel.engine_lines = offending(dict.fromkeys(lines))
        return feel


async def click_through(
    bot: Any,
    feel: Feel,
    adapter: Capture,
    member: discord.Member,
    channel: Any,
    table: Any,
    update: Any,
    index: int,
) -> int | None:
    """Open the member's panel with "My hand & moves" and follow the move's path; the clicks
    after opening it (0: opening it made the move, one with nothing to choose), or None when the
    move could not be found on the panel."""
    tree = update.tree
    address = find(tree, index)
    if address is None:
        return None
    labels, node = [], tree
    for number in address:
        node = node.children[number]
        labels.append(node.label)
    hand = {"type": 2, "custom_id": f"sb:b:{table.id}:hand", "style": 2, "label": "x"}
    before = len(adapter.payloads)
    await dispatch(bot, click(member, channel, table.board_message_id or 0, hand))
    if (await bot.service.table(table.id)).ply != table.ply:
        return 0
    for clicks in range(1, 9):
        if len(adapter.payloads) == before:
            return None
        payload = adapter.payloads[-1]
        width, paged = panel_width(payload)
        feel.widest = max(feel.widest, width)
        feel.paged += paged
        found = next_component(payload, labels, index)
        if found is None:
            shown = [
                (
                    c.get("label") or c.get("placeholder"),
                    [o.get("label") for o in c.get("options") or []][:8],
                )
                for c in components(payload)
            ]
            feel.misses.append(f"{' › '.join(labels)}: panel shows {shown}")
            return None
        component, value = found
        ply = table.ply
        before = len(adapter.payloads)
        await dispatch(
            bot, click(member, channel, table.board_message_id or 0, choose(component, value))
        )
        if (await bot.service.table(table.id)).ply != ply:
            return clicks
    return None


def like_discord(patch: Any, tmp: Path) -> None:
    """dpytest as the end-to-end tests set it up (`tests/e2e/conftest.py`): payloads with files
    read back, edited pictures kept."""
    from tests.e2e import conftest

    conftest.keep_payload_with_files.__wrapped__(patch)
    conftest.keep_files_on_edit.__wrapped__(patch, tmp)


def setups() -> tuple[Setup, ...]:
    """The set-ups played: every registered game's (`EXTRAS` changes a few)."""
    return setups_of(EXTRAS, seed="feel-{key}")


def most_clicks(game: str) -> int:
    """The goal for the clicks from the opened panel to a move of `game`."""
    return CLICKS.get(game, 3)


async def measure(chosen: tuple[Setup, ...]) -> AsyncIterator[Feel]:
    """Each set-up's game, measured, as soon as it is played."""
    import pytest

    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp)  # dpytest writes attached files to the working directory
        like_discord(patch, Path(tmp))
        for number, setup in enumerate(chosen):
            folder = Path(tmp) / str(number)  # a database of its own
            folder.mkdir()
            yield await play(setup, folder)


def quick_setups() -> tuple[Setup, ...]:
    """`make bench-quick`: the first set-up of each game (Dead of Winter's variants left out)."""
    firsts: dict[str, Setup] = {}
    for setup in setups():
        firsts.setdefault(setup.game, setup)
    return tuple(firsts.values())


async def rows() -> AsyncIterator[Row]:
    async for f in measure(sized(setups(), quick_setups())):
        most = max(f.clicks, default=0)
        yield (
            f"feel {f.name}: most choices on one panel step",
            f.widest,
            f"(paged panels {f.paged})",
        )
        yield (
            f"feel {f.name}: most clicks from the panel to a move",
            most,
            f"({f.clicked} clicked)",
        )
        yield (
            f"feel {f.name}: clicks a clicked move, opening the panel included",
            (f.clicked + sum(n * k for n, k in f.clicks.items())) / max(1, f.clicked),
            f"({f.clicks[0]} made by opening the panel)",
        )
        yield (f"feel {f.name}: full boards standing at the end", f.boards, "")
        yield (f"feel {f.name}: channel characters per move", f.chars / max(1, f.plies), "chars")
        yield (f"feel {f.name}: 'seat N' lines read", len(f.seat_lines), "lines")
        yield (f"feel {f.name}: engine identifiers read", len(f.engine_lines), "lines")
        yield (
            f"feel {f.name}: channel requests per move",
            f.channel_requests / max(1, f.moves),
            f"({f.moves} member moves, {f.plies} plies, finished {f.finished})",
        )
