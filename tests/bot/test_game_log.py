"""The game log on its own (`bot.undo.GameLog`): `/game log` and `/game undo`, built from its parts
on every store (`tests/bot/conftest.py`) with Nim tables written straight into the store."""

from __future__ import annotations

import pytest

from bot.records import TableError
from storage.base import Store
from tests.bot.parts import ANA, in_turn, nim_running


async def test_a_take_back_replays_to_the_state_before_the_move_and_the_log_says_so(
    store: Store,
) -> None:
    parts, table = await nim_running(store)
    before = await store.get_table(table.id)
    await parts.runner.act(table.id, ANA.user_id, "take 2")
    played = await parts.game_log.undo(table.id, ANA.user_id)
    assert played.table.ply == 0 and played.table.state == before.state
    assert played.lines == ["Ana takes back their move: Take 2."]
    assert await store.actions(table.id) == []
    assert await parts.game_log.log(played.table) == ["Ana takes back their move: Take 2."]


async def test_a_move_another_seat_made_since_cannot_be_taken_back(store: Store) -> None:
    parts, table = await nim_running(store)
    await in_turn(parts, table, "take 1", "take 1")
    with pytest.raises(TableError, match=r"another player \(Bo\) has moved since"):
        await parts.game_log.undo(table.id, ANA.user_id)
    with pytest.raises(TableError, match="not playing"):
        await parts.game_log.undo(table.id, 99)


async def test_the_log_shows_public_lines_to_all_and_private_ones_to_their_seat(
    store: Store,
) -> None:
    parts, table = await nim_running(store)
    played = await parts.runner.act(table.id, ANA.user_id, "shout")
    word = played.private[0][0]
    assert await parts.game_log.log(played.table) == ["Ana shouts."]
    assert await parts.game_log.log(played.table, seat=0) == ["Ana shouts.", word]
    assert await parts.game_log.log(played.table, seat=1) == ["Ana shouts."]


async def test_a_table_stored_without_events_has_its_log_replayed_from_the_seed(
    store: Store,
) -> None:
    parts, table = await nim_running(store)
    played = await in_turn(parts, table, "take 1", "take 3")
    entries = await store.actions(table.id)
    bare = [entry.model_copy(update={"events": None}) for entry in entries]
    replayed = await parts.game_log._replayed_log(played.table, bare, 15, None)
    assert replayed == await parts.game_log.log(played.table) == ["Ana takes 1.", "Bo takes 3."]
