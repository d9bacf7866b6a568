"""`/game stats` and `/game leaderboard` (issue 12 §6): counts from stored results, by index.

Service tests play real (tiny) games on every store; the 10,000-result tests fill a real SQLite
file in bulk (`bench.bench_stats.fill`) and check the counts and, as counts rather than timings,
that `EXPLAIN QUERY PLAN` reads the indexes and scans no table. The time is in `bench/`.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bench.bench_stats import GAMES, GUILDS, USERS, Stored, fill
from bot.tables import Player, TableError, TableService
from storage import SqliteStore
from storage.base import GameTally, LeaderRow
from storage.sql import SQLITE
from tests.support.stores import sqlite_store

ANA, BO = Player(11, "Ana"), Player(22, "Bo")


async def nim_game(service: TableService, guild: int, winner: Player, channel: int = 5) -> int:
    loser = BO if winner is ANA else ANA
    table = await service.open("test_nim", winner, guild_id=guild, channel_id=channel)
    await service.join(table.id, loser)
    await service.start(table.id, winner.user_id)
    await service.act(table.id, winner.user_id, "take 3")  # 10 stones: 7 left
    await service.act(table.id, loser.user_id, "take 3")  # 4 left
    await service.act(table.id, winner.user_id, "take 1")  # 3 left
    await service.act(table.id, loser.user_id, "take 1")  # 2 left
    await service.act(table.id, winner.user_id, "take 2")  # the last stones
    return table.id


async def nim_games(service: TableService, guild: int, *winners: Player) -> None:
    """One finished game on `guild` for each of `winners`, in order."""
    for winner in winners:
        await nim_game(service, guild, winner)


async def test_a_players_stats_count_won_lost_and_abandoned_games_per_game(
    service: TableService,
) -> None:
    await nim_games(service, 7, ANA, ANA, BO)
    abandoned = await service.open("test_nim", ANA, guild_id=7, channel_id=6)
    await service.join(abandoned.id, BO)
    await service.start(abandoned.id, ANA.user_id)
    await service.end(abandoned.id, ANA.user_id)
    lobby = await service.open("test_nim", ANA, guild_id=7, channel_id=8)  # never started
    await service.end(lobby.id, ANA.user_id)
    assert await service.stats(ANA.user_id, 7) == [
        GameTally(game="test_nim", won=2, lost=1, abandoned=1)
    ]
    assert await service.stats(BO.user_id, 7) == [
        GameTally(game="test_nim", won=1, lost=2, abandoned=1)
    ]
    assert await service.stats(ANA.user_id, 8) == []  # another server's games are not counted


async def test_a_member_who_resigned_has_the_game_counted_as_lost_under_their_own_name(
    service: TableService,
) -> None:
    table = await service.open("test_nim", ANA, guild_id=7, channel_id=5)
    await service.join(table.id, BO)
    await service.start(table.id, ANA.user_id)
    await service.resign(table.id, BO.user_id)  # an AI plays Bo's seat to the end
    while (await service.table(table.id)).status == "active":
        await service.act(table.id, ANA.user_id, "take 1")
    ana = await service.stats(ANA.user_id, 7)
    assert await service.stats(BO.user_id, 7) == [GameTally(game="test_nim", lost=1)]
    assert ana in ([GameTally(game="test_nim", won=1)], [GameTally(game="test_nim", lost=1)])
    board = await service.leaderboard(7)
    assert {(row.user_id, row.name, row.won) for row in board} == {
        (ANA.user_id, "Ana", ana[0].won),
        (BO.user_id, "Bo", 0),
    }


async def test_the_leaderboard_ranks_by_wins_and_names_games_as_players_type_them(
    service: TableService,
) -> None:
    await nim_games(service, 7, BO, BO, ANA)
    expected = [
        LeaderRow(user_id=BO.user_id, name="Bo", won=2, played=3),
        LeaderRow(user_id=ANA.user_id, name="Ana", won=1, played=3),
    ]
    assert await service.leaderboard(7) == expected
    assert await service.leaderboard(7, "Nim") == expected  # the title works as the key does
    with pytest.raises(TableError, match="no game called"):
        await service.leaderboard(7, "chess")


# 10,000 results -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Stored]:
    path = tmp_path_factory.mktemp("stats") / "stats.db"
    import asyncio

    async def migrate() -> None:
        store = SqliteStore(path)
        await store.connect()
        await store.close()

    asyncio.run(migrate())
    return path, fill(path, 10_000)


async def test_ten_thousand_results_give_every_players_counts_exactly(
    filled: tuple[Path, Stored],
) -> None:
    path, stored = filled
    async with sqlite_store(path) as store:
        for user in USERS[:40]:
            for guild in (None, GUILDS[0]):
                want: dict[str, list[int]] = {}
                for kind, counts in enumerate((stored.won, stored.lost, stored.abandoned)):
                    for (u, g, game), n in counts.items():
                        if u == user and (guild is None or g == guild):
                            want.setdefault(game, [0, 0, 0])[kind] += n
                assert await store.player_stats(user, guild_id=guild) == [
                    GameTally(game=game, won=w, lost=lo, abandoned=a)
                    for game, (w, lo, a) in sorted(want.items())
                ]


async def test_ten_thousand_results_give_each_servers_top_ten(filled: tuple[Path, Stored]) -> None:
    path, stored = filled
    async with sqlite_store(path) as store:
        for guild in GUILDS:
            for game in (None, GAMES[2]):
                wins: Counter[int] = Counter()
                played: Counter[int] = Counter()
                for counts, won in ((stored.won, True), (stored.lost, False)):
                    for (u, g, k), n in counts.items():
                        if g == guild and (game is None or k == game):
                            played[u] += n
                            wins[u] += n if won else 0
                ranked = sorted(played, key=lambda u: (-wins[u], played[u], u))[:10]
                rows = await store.leaderboard(guild_id=guild, game=game)
                assert [(r.user_id, r.won, r.played) for r in rows] == [
                    (u, wins[u], played[u]) for u in ranked
                ]


async def test_the_stats_and_leaderboard_queries_read_indexes_and_scan_no_table(
    filled: tuple[Path, Stored],
) -> None:
    path, _ = filled
    async with sqlite_store(path) as store:
        plans = {
            "stats": await store.query_plan(*SQLITE.stats(USERS[0], GUILDS[0])),
            "stats everywhere": await store.query_plan(*SQLITE.stats(USERS[0], None)),
            "leaderboard": await store.query_plan(*SQLITE.leaderboard(GUILDS[0], None, 10)),
            "game leaderboard": await store.query_plan(
                *SQLITE.leaderboard(GUILDS[0], GAMES[0], 10)
            ),
        }
    for name, plan in plans.items():
        scans = [line for line in plan if line.startswith("SCAN") and "INDEX" not in line]
        assert scans == [], f"{name} scans a table: {plan}"
    assert sum("seat_results_user" in line for line in plans["stats"]) == 1
    assert sum("table_seats_user" in line for line in plans["stats"]) == 1
    assert sum("seat_results_user" in line for line in plans["stats everywhere"]) == 1
    assert sum("seat_results_guild" in line for line in plans["leaderboard"]) == 1
    assert sum("seat_results_guild" in line for line in plans["game leaderboard"]) == 1
