"""A challenge's leaderboard (`/game challenge`): each group's entry, best first, practice rounds
apart, the seed once the challenge has closed, and the names of the servers that show theirs.
The challenges themselves (codes, seeds, scores, entries) are `bot.challenges`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.challenges import (
    _CODE,
    KINDS,
    PRACTICE,
    SERVER_NAME,
    SHOW_SERVER,
    Challenge,
    current,
    parse,
    secret,
    seed_of,
)
from bot.records import TableError
from bot.table_cache import find_game
from rules.core import Game
from rules.game_text import plural
from storage.base import ChallengeEntry, Store


# the leaderboard -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Standings:
    """One challenge and how the groups did: `entries` best first, `practice` apart."""

    challenge: Challenge
    entries: Sequence[ChallengeEntry]
    practice: Sequence[ChallengeEntry]
    seed: str | None  # shown once the challenge has closed


async def standings(
    store: Store, chosen: Challenge, clock: Callable[[], float], limit: int = 10
) -> Standings:
    entries = await store.challenge_entries(chosen.code, limit)
    practice = await store.challenge_entries(chosen.code + PRACTICE, limit)
    seed = None
    if chosen.closed(clock()):
        seed = seed_of(await secret(store), chosen.code)
    return Standings(chosen, entries, practice, seed)


async def servers_shown(store: Store, guild_ids: set[int]) -> dict[int, str]:
    """The names of the servers among `guild_ids` that allow other servers to see them."""
    shown: dict[int, str] = {}
    for guild_id in sorted(guild_ids):
        settings = await store.guild_settings(guild_id)
        name = settings.get(SERVER_NAME)
        if settings.get(SHOW_SERVER) and isinstance(name, str) and name:
            shown[guild_id] = name
    return shown


async def show_server(store: Store, guild_id: int, name: str | None) -> None:
    """Switch the server's name on challenge leaderboards on (with `name`) or off (None)."""
    settings = dict(await store.guild_settings(guild_id))
    if name is None:
        settings.pop(SHOW_SERVER, None)
        settings.pop(SERVER_NAME, None)
    else:
        settings[SHOW_SERVER] = True
        settings[SERVER_NAME] = name
    await store.set_guild_settings(guild_id, settings)


def entry_line(
    rank: int, entry: ChallengeEntry, viewer_guild: int | None, servers: Mapping[int, str]
) -> str:
    """One group's line. Its names only to members of its own server; its server's name only if
    that server allows it."""
    result = "✅ won" if entry.won else "❌ lost"
    parts = [f"{rank}. {result}, {entry.score_text}", plural(entry.players, "player")]
    if entry.assisted:
        parts.append("assisted")
    if viewer_guild is not None and entry.guild_id == viewer_guild:
        parts.append(", ".join(entry.names) + " (this server)")
    elif entry.guild_id is not None and entry.guild_id in servers:
        parts.append(f"at {servers[entry.guild_id]}")
    else:
        parts.append("another group")
    return " · ".join(parts)


def board_lines(
    found: Standings, viewer_guild: int | None, servers: Mapping[int, str], most: int
) -> list[str]:
    """The challenge's close (or its seed, once closed) and its best groups, then practice."""
    chosen = found.challenge
    lines = []
    if found.seed is None:
        lines.append(f"Closes <t:{int(chosen.closes)}:R>.")
    else:
        lines.append(f"Closed <t:{int(chosen.closes)}:R>. Seed `{found.seed}`.")
    for rank, entry in enumerate(found.entries[:most], 1):
        lines.append(entry_line(rank, entry, viewer_guild, servers))
    if not found.entries:
        lines.append("No group has finished it yet.")
    elif len(found.entries) > most:
        lines.append(f"… and {len(found.entries) - most} more.")
    if found.practice:
        lines.append(
            f"Practice after the close: {plural(len(found.practice), 'game')}, "
            f"best: {found.practice[0].score_text}."
        )
    return lines


async def overview(
    store: Store,
    games: Mapping[str, Game[Any, Any, Any]],
    clock: Callable[[], float],
    asked: str,
    viewer_guild: int | None,
) -> list[tuple[str, list[str]]]:
    """`/game challenge [game]`: (heading, lines) per challenge — today's and this week's of every
    game (the best 3 groups each), of one game (the best 10), or of one code (the best 20, and its
    seed once it has closed)."""
    now = clock()
    asked = asked.strip()
    found = _CODE.match(asked.casefold())
    if found is not None:
        if not found["game"]:
            raise TableError("Name the game in the code, e.g. `coldest_night-2026-11-29`.")
        chosen, most = [parse(asked, find_game(games, found["game"]).key)], 20
    else:
        keys = [find_game(games, asked).key] if asked else list(games)
        chosen = [current(key, kind, now) for key in keys for kind in KINDS]
        most = 10 if asked else 3
    found_all = [await standings(store, one, clock, max(most, 10) + 1) for one in chosen]
    guilds = {
        e.guild_id
        for one in found_all
        for e in (*one.entries, *one.practice)
        if e.guild_id is not None and e.guild_id != viewer_guild
    }
    servers = await servers_shown(store, guilds)
    shown = []
    for one in found_all:
        title = games[one.challenge.game].title
        heading = f"{title} — {one.challenge.kind}, {one.challenge.period} · {one.challenge.code}"
        shown.append((heading, board_lines(one, viewer_guild, servers, most)))
    return shown
