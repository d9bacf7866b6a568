"""Who may have a finished table's replay, and when: `/game replay`'s check (`replayable`,
`held_until`), and the terminal's `python -m bot replay ID --out FILE` (`write_replay`, with the
games' own board pictures loaded by module name, `terminal_drawer`). The file itself is built by
`bot.replays`."""

from __future__ import annotations

import importlib
import logging
import time
from collections.abc import Sequence
from typing import Any

from bot.replays import Draw, ReplayError, file_name, table_replay
from rules.core import Game
from storage.base import Store, TableRecord

log = logging.getLogger(__name__)


async def replayable(
    store: Store, table_id: int, guild_id: int | None, now: float | None = None
) -> TableRecord:
    """The finished table of this server that `/game replay` may post, or a `ReplayError` in one
    polite sentence: an unknown table and another server's read the same (nothing says that a
    table exists elsewhere), a running one says its replay comes at the end, and a challenge
    table's waits for its challenge to close (`held_until`)."""
    from storage.base import TableNotFoundError

    unknown = f"There is no finished table #{table_id} on this server to replay."
    if guild_id is None:
        raise ReplayError("Replays are posted in the server the game was played on: ask there.")
    try:
        table = await store.get_table(table_id)
    except (TableNotFoundError, OverflowError):
        raise ReplayError(unknown) from None
    if table.guild_id != guild_id:
        raise ReplayError(unknown)
    if table.status != "finished":
        still = "is still being played" if table.status in ("lobby", "active") else "never finished"
        raise ReplayError(f"Table #{table_id} {still}: its replay comes when it ends.")
    until = held_until(table, time.time() if now is None else now)
    if until is not None:
        raise ReplayError(
            f"Table #{table_id} played a challenge that other groups may still be playing: its "
            f"replay can be posted once the challenge closes <t:{int(until)}:R>."
        )
    return table


def held_until(table: TableRecord, now: float) -> float | None:
    """When a challenge table's replay may be posted: the close of its challenge while that is
    still to come (the replay shows the deal every group of the challenge plays); None when it
    may be posted now."""
    from bot.challenges import hidden_until

    return hidden_until(table, now)


def terminal_drawer(game: Game[Any, Any, Any], names: Sequence[str]) -> Draw | None:
    """The board pictures for the terminal's `replay`: `bot/` never imports `cogs/`, so the
    renderers are loaded by module name, as `bot/app.py` loads the Discord extensions. None when
    the game draws no picture (or the renderers cannot be loaded: the file is still written)."""
    if not getattr(game, "picture", False):
        return None
    try:
        renderers = importlib.import_module("cogs.games")
    except ImportError:
        log.warning("board pictures left out: cogs.games cannot be loaded")
        return None
    render = renderers.PICTURES.get(game.key)
    if render is None:
        return None
    shown = tuple(names)

    def draw(observation: Any) -> bytes | None:
        result: bytes | None = render(observation, names=shown)
        return result

    return draw


async def write_replay(args: Any, url: str, setting: str) -> int:
    """`python -m bot replay ID --out FILE`: 0 when the file was written."""
    import sys
    from pathlib import Path

    from bot.startup import StartupError, fail, open_database
    from rules import GAMES
    from storage.base import TableNotFoundError

    try:
        store = await open_database(url, setting=setting)
    except StartupError as err:
        return fail(err)
    try:
        try:
            table = await store.get_table(args.table)
        except TableNotFoundError:
            print(f"✗ There is no table {args.table} (see play --list).", file=sys.stderr)
            return 2
        game = GAMES.get(table.game)
        if game is None:
            print(f"✗ Table {table.id} is a game this version does not have.", file=sys.stderr)
            return 2
        if table.status != "finished":
            print(
                f"✗ Table {table.id} ({game.title}) is {table.status}: a replay shows every "
                "player's secrets, so it is written only once the game has ended.",
                file=sys.stderr,
            )
            return 2
        draw = terminal_drawer(game, [seat.name for seat in table.seats])
        _, content = await table_replay(store, table, game, draw)
        target = Path(args.out or file_name(table))
        try:
            target.write_bytes(content)
        except OSError as err:
            print(f"✗ Cannot write {target}: {err.strerror or err}.", file=sys.stderr)
            return 1
        size = len(content) / 1024 / 1024
        print(f"Wrote the replay of table {table.id} ({game.title}) to {target} ({size:.1f} MB).")
        return 0
    finally:
        await store.close()
