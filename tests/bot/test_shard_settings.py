"""Shard settings: which shards a process connects, and which guilds' clocks it owns."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.app import build_bot
from bot.config import Settings, load_settings
from bot.tables import Player, TableService
from rules import GAMES
from storage.base import Store

ANA, BO = Player(1, "Ana"), Player(2, "Bo")


def settings(**values: object) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


def test_shard_ids_are_read_from_a_comma_separated_list(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SNOWBOUND_SHARD_COUNT", "4")
    monkeypatch.setenv("SNOWBOUND_SHARD_IDS", "2, 3")
    loaded = settings()
    assert (loaded.shard_count, loaded.shard_ids) == (4, (2, 3))


def test_a_guild_belongs_to_the_process_holding_its_shard() -> None:
    mine = settings(shard_count=4, shard_ids="1,3")
    guilds = {shard: (123_456 << 22) | (shard << 22) for shard in range(4)}
    shards = {shard: (guild >> 22) % 4 for shard, guild in guilds.items()}
    assert [mine.owns_guild(guilds[s]) for s in range(4)] == [shards[s] in (1, 3) for s in range(4)]
    assert mine.owns_guild(None) is False  # no guild: shard 0's process, as for DMs


def test_without_shard_ids_one_process_owns_every_guild() -> None:
    assert settings().owns_guild(1 << 40) and settings(shard_count=8).owns_guild(5 << 22)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"shard_ids": "0,1"}, "needs SNOWBOUND_SHARD_COUNT"),
        ({"shard_count": 2, "shard_ids": "0,2"}, r"\[2\] are outside 0…1"),
        ({"shard_count": 2, "shard_ids": "1,1"}, "names a shard twice"),
        ({"shard_count": 2, "shard_ids": "one"}, "separated by commas"),
        ({"shard_count": 0}, "greater than or equal to 1"),
        ({"database_pool_size": 0}, "greater than or equal to 1"),
    ],
)
def test_bad_shard_or_pool_settings_are_refused_with_a_sentence(
    values: dict[str, object], message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        settings(**values)


def test_a_bad_shard_setting_stops_start_up_with_one_readable_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SNOWBOUND_SHARD_COUNT", "2")
    monkeypatch.setenv("SNOWBOUND_SHARD_IDS", "5")
    monkeypatch.chdir("/")
    with pytest.raises(SystemExit, match=r"SNOWBOUND_SHARD_IDS \[5\] are outside 0…1"):
        load_settings()


async def test_each_shard_process_plays_only_the_clocks_of_its_own_guilds(store: Store) -> None:
    now = [1_000.0]
    service = TableService(store, {"tenth_night": GAMES["tenth_night"]}, clock=lambda: now[0])
    guilds = [(6 + shard) << 22 for shard in (0, 1)]  # on shards 0 and 1 of 2
    tables = []
    for guild in guilds:
        table = await service.open("tenth_night", ANA, guild_id=guild, options={"day_seconds": 60})
        await service.join(table.id, BO)
        tables.append((await service.start(table.id, ANA.user_id)).table.id)
    processes = [settings(shard_count=2, shard_ids=str(shard)) for shard in (0, 1)]
    now[0] = 1_061.0
    first = await service.tick(owns=processes[0].owns_guild)
    assert [p.table.id for p in first] == [tables[0]]
    assert await service.tick(owns=processes[0].owns_guild) == []  # shard 1's clock waits
    second = await service.tick(owns=processes[1].owns_guild)
    assert [p.table.id for p in second] == [tables[1]]


async def test_the_bot_connects_only_the_shards_it_is_given(store: Store) -> None:
    service = TableService(store)
    bot = build_bot(settings(shard_count=4, shard_ids="2,3", token="x"), store)
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])
    whole = build_bot(settings(token="x"), store)
    assert (whole.shard_count, whole.shard_ids) == (None, None)
    assert service.store is store
