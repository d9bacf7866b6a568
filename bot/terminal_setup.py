"""The terminal's game menu and table set-up: which game, how many seats and people at this
keyboard, its options (`choose_game`), and opening the table so set up (`open_table`)."""

from __future__ import annotations

import asyncio
import contextlib
import types
import typing
from dataclasses import dataclass, field
from typing import Any

from bot.names import ai_name
from bot.tables import Player, TableError, TableService
from bot.terminal_io import Reader, Writer
from rules import shipped
from rules.core import seat_range
from storage.base import SeatRecord, TableRecord


@dataclass(frozen=True)
class Setup:
    """A new table as the game menu set it up: the game, its seats, how many of them are people
    at this keyboard (the others are AI players), and its options."""

    game: str
    seats: int
    humans: int
    options: dict[str, Any] = field(default_factory=dict)


async def _line(read: Reader, write: Writer) -> str | None:
    """One answer at the menu; None to stop (quit, Ctrl-C, the end of input)."""
    try:
        line = await read(None)
    except (KeyboardInterrupt, asyncio.CancelledError):
        task = asyncio.current_task()
        if task is not None:
            task.uncancel()
        write("")
        return None
    if line is None or line.strip().casefold() in ("quit", "q", "exit"):
        return None
    return line.strip()


async def _number(
    read: Reader, write: Writer, question: str, low: int, high: int, default: int
) -> int | None:
    write(f"{question} {low}–{high} (Enter = {default})" if low < high else question)
    if low == high:
        return low
    while True:
        text = await _line(read, write)
        if text is None:
            return None
        if not text:
            return default
        if text.isdigit() and low <= int(text) <= high:
            return int(text)
        write(f"Type a number from {low} to {high}, Enter for {default}, or `quit`.")


def option_choices(annotation: Any) -> str:
    """What an option takes, in words: its values, yes or no, or a number."""
    values: list[str] = []
    numbers = False
    union = typing.get_origin(annotation) is typing.Union or type(annotation) is types.UnionType
    for arg in typing.get_args(annotation) if union else (annotation,):
        arg = getattr(arg, "__value__", arg)  # a `type X = …` alias
        inner = typing.get_args(arg) if typing.get_origin(arg) is typing.Annotated else ()
        arg = inner[0] if inner else arg
        if typing.get_origin(arg) is typing.Union or type(arg) is types.UnionType:
            values.append(option_choices(arg))
            continue
        if typing.get_origin(arg) is typing.Literal:
            values += [str(v).replace("_", " ") for v in typing.get_args(arg)]
        elif arg is bool:
            values += ["yes", "no"]
        elif arg is int:
            numbers = True
        elif arg is type(None):
            values.append("none")
    if numbers:
        values.insert(0, "a number")
    return " / ".join(values) or "a word"


def option_rows(game: Any) -> dict[str, tuple[str, Any]]:
    """The options a player may set: name in words → (the option's key, what it takes)."""
    model = game.options_model
    return {
        key.replace("_", " "): (key, info.annotation)
        for key, info in model.model_fields.items()
        if key not in model.test_hooks
    }


async def _options(read: Reader, write: Writer, game: Any) -> dict[str, Any] | None:
    from pydantic import ValidationError

    from bot.names import option_sentence

    rows = option_rows(game)
    if not rows:
        return {}
    chosen: dict[str, Any] = {}

    def show() -> None:
        current = game.options_model.model_validate(chosen)
        lines = [
            "Options (type the option's name and a value, e.g. "
            f"`{next(iter(rows))} …`; Enter to start):"
        ]
        for name, (key, annotation) in rows.items():
            value = getattr(current, key)
            said = "not set" if value is None else option_sentence(game.key, key, value) or "off"
            lines.append(f"  {name} ({option_choices(annotation)}) — now: {said}")
        write("\n".join(lines))

    show()
    while True:
        text = await _line(read, write)
        if text is None:
            return None
        if not text:
            return chosen
        words = text.casefold().replace("=", " ").split()
        name = next(
            (n for n in sorted(rows, key=len, reverse=True) if " ".join(words).startswith(n)), None
        )
        value_words = words[len(name.split()) :] if name is not None else []
        if name is None or not value_words:
            write(f"Type an option's name and a value, e.g. `{next(iter(rows))} …`, or Enter.")
            continue
        key, _ = rows[name]
        raw = " ".join(value_words)
        value: Any = {"yes": True, "on": True, "no": False, "off": False, "none": None}.get(
            raw, raw.replace(" ", "_")
        )
        try:
            checked = game.options_model.model_validate({**chosen, key: value})
        except ValidationError as err:
            write(f"✗ {name} cannot be {raw}: {err.errors()[0]['msg']}.")
            continue
        chosen[key] = getattr(checked, key)
        show()


async def setup_table(read: Reader, write: Writer, game: Any) -> Setup | None:
    """The menu's table set-up: seats, people at this keyboard, options (None: stopped)."""
    low, high = game.min_seats, game.max_seats
    seats = await _number(
        read, write, f"{game.title}: how many seats?", low, high, max(low, min(3, high))
    )
    if seats is None:
        return None
    humans = await _number(
        read,
        write,
        "How many of them are people at this keyboard (the rest are AI players)?",
        0,
        seats,
        1,
    )
    if humans is None:
        return None
    options = await _options(read, write, game)
    if options is None:
        return None
    return Setup(game.key, seats, humans, options)


async def choose_game(
    read: Reader, write: Writer, games: dict[str, Any]
) -> str | int | Setup | None:
    """The game menu of `make run` without a token: a game key (played with the usual seats), a
    game set up here (`N setup`: seats, people at this keyboard, options), a saved table's id to
    resume (`resume N`), or None to quit."""
    keys = sorted(games, key=lambda k: games[k].title)
    default = next((key for key in shipped() if key in games), keys[0])  # the first shipped game
    menu = [f"Which game? (Enter = {games[default].title})"]
    for n, key in enumerate(keys, start=1):
        game = games[key]
        menu.append(f"  {n}. {game.title} ({seat_range(game)} players) — {game.pitch}")
    menu.append(
        "Add `setup` to choose seats, people at this keyboard and options first (`2 setup`)."
    )
    menu.append("Or `resume N` to continue saved table N, `help`, or `quit`.")
    write("\n".join(menu))
    while True:
        text = await _line(read, write)  # None: quit, Ctrl-C or the end of input
        if text is None:
            return None
        word = text.casefold()
        if not text:
            return default
        if word in ("help", "?"):
            write("\n".join(menu))
            continue
        if word.startswith("resume"):
            number = word.removeprefix("resume").strip().lstrip("#")
            if number.isdigit():
                return int(number)
            write("Write `resume` and the table's number, e.g. `resume 3`.")
            continue
        head, _, rest = word.partition(" ")
        if rest.strip() in ("setup", "set up", "+") or word.endswith("+") or word == "setup":
            head = word.rstrip("+").strip() if word.endswith("+") else head
            head = "" if head == "setup" else head
            picked: str | None = None
            if not head:
                picked = default
            elif head.isdigit() and 1 <= int(head) <= len(keys):
                picked = keys[int(head) - 1]
            elif head in games:
                picked = head
            if picked is not None:
                setup = await setup_table(read, write, games[picked])
                if setup is None:
                    return None
                return setup
        if text.isdigit() and 1 <= int(text) <= len(keys):
            return keys[int(text) - 1]
        if word in games:
            return word
        write(f"Type a number from 1 to {len(keys)}, `resume N`, `help` or `quit`.")


async def open_table(
    service: TableService,
    game_key: str,
    *,
    seats: int | None = None,
    humans: int = 1,
    agent: str = "heuristic",
    seed: str | None = None,
    options: dict[str, Any] | None = None,
) -> TableRecord:
    """A lobby of `game_key` opened and seated, not yet started: `humans` seats for people at this
    keyboard (Player 1, 2, …), the others AI players of level `agent`, with the given seed and
    options. A refused set-up leaves no half-set lobby behind."""
    game = service.game(game_key)
    seats = seats or max(game.min_seats, min(3, game.max_seats))
    if not 0 <= humans <= seats:
        raise TableError(f"--humans must be between 0 and the number of seats ({seats}).")
    if not game.min_seats <= seats <= game.max_seats:
        raise TableError(f"{game.title} seats {game.min_seats}–{game.max_seats} players.")
    level = agent.strip().casefold()
    if level not in game.agents:
        known = ", ".join(f"`{k}`" for k in sorted(game.agents))
        raise TableError(f"There is no AI level “{agent}”. Levels: {known}.")
    host = Player(1, "Player 1") if humans else Player(1, "Host")
    table = await service.open(game.key, host, options=options, allow_test_hooks=True)
    if seed is not None and table.challenge:
        await service.end(table.id, host.user_id)
        raise TableError("A challenge plays its own seed: leave out --seed.")
    try:
        for n in range(2, humans + 1):
            table = await service.join(table.id, Player(n, f"Player {n}"))
        for _ in range(seats - max(humans, 1)):
            table = await service.add_agent(table.id, 1, level)
        changes: dict[str, Any] = {} if seed is None else {"seed": seed}
        if humans == 0:  # the host only opened the table: an AI takes its seat
            ai = SeatRecord(name=ai_name(s.name for s in table.seats[1:]), agent=level)
            changes["seats"] = (*table.seats[1:], ai)
        if changes:
            table = await service.store.update_table(
                table.model_copy(update=changes), table.version
            )
    except BaseException:
        with contextlib.suppress(Exception):  # no half-set lobby is left behind
            await service.end(table.id, host.user_id)
        raise
    return table
