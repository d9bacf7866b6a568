"""One contract suite for every `Store` backend (DESIGN §4): memory, SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

import pytest

from storage import (
    ActionRecord,
    MemoryStore,
    PanelRecord,
    ResultRecord,
    SeatRecord,
    SqliteStore,
    StaleActionError,
    StorageError,
    Store,
    TableNotFoundError,
    TableRecord,
)
from storage.base import ChannelBusyError
from tests.storage.stored import Backend, a_table, an_action

# -- create / get / update ---------------------------------------------------------------------


async def test_create_assigns_an_id_and_version_one(store: Store) -> None:
    created = await store.create_table(a_table())
    assert created.id > 0
    assert created.version == 1


async def test_create_gives_each_table_its_own_id(store: Store) -> None:
    first = await store.create_table(a_table())
    second = await store.create_table(a_table())
    assert first.id != second.id


async def test_create_sets_the_timestamps(store: Store) -> None:
    created = await store.create_table(a_table())
    assert created.created_at > 0
    assert created.updated_at >= created.created_at


async def test_get_returns_the_table_as_created(store: Store) -> None:
    created = await store.create_table(a_table())
    assert await store.get_table(created.id) == created


async def test_get_of_an_unknown_table_raises_table_not_found(store: Store) -> None:
    with pytest.raises(TableNotFoundError):
        await store.get_table(999)


async def test_state_json_comes_back_as_json_would_give_it(store: Store) -> None:
    created = await store.create_table(a_table(state={"by_seat": {1: (2, 3)}, "x": None}))
    fetched = await store.get_table(created.id)
    assert fetched.state == {"by_seat": {"1": [2, 3]}, "x": None}


async def test_a_table_without_state_keeps_none(store: Store) -> None:
    created = await store.create_table(a_table(status="lobby", state=None))
    assert (await store.get_table(created.id)).state is None


async def test_mutating_a_returned_state_does_not_change_the_stored_one(store: Store) -> None:
    created = await store.create_table(a_table())
    fetched = await store.get_table(created.id)
    assert fetched.state is not None
    fetched.state["heat"] = 99
    assert (await store.get_table(created.id)).state == a_table().state


async def test_update_returns_the_table_at_the_next_version(store: Store) -> None:
    created = await store.create_table(a_table())
    updated = await store.update_table(created.model_copy(update={"status": "finished"}), 1)
    assert (updated.version, updated.status) == (2, "finished")


async def test_update_is_visible_to_get(store: Store) -> None:
    created = await store.create_table(a_table())
    updated = await store.update_table(created.model_copy(update={"deadline": 42.5}), 1)
    assert await store.get_table(created.id) == updated


async def test_update_moves_updated_at_but_keeps_created_at(store: Store) -> None:
    created = await store.create_table(a_table())
    updated = await store.update_table(created.model_copy(update={"created_at": 1.0}), 1)
    assert updated.created_at == created.created_at
    assert updated.updated_at > created.updated_at


async def test_update_with_a_stale_version_raises_and_writes_nothing(store: Store) -> None:
    created = await store.create_table(a_table())
    await store.update_table(created, 1)
    with pytest.raises(StaleActionError):
        await store.update_table(created.model_copy(update={"status": "abandoned"}), 1)
    current = await store.get_table(created.id)
    assert (current.version, current.status) == (2, "active")


async def test_update_of_an_unknown_table_raises_table_not_found(store: Store) -> None:
    with pytest.raises(TableNotFoundError):
        await store.update_table(a_table(id=999), 1)


async def test_store_refuses_use_before_connect() -> None:
    for unconnected in (MemoryStore(), SqliteStore(":memory:")):
        with pytest.raises(StorageError, match="connect"):
            await unconnected.get_table(1)


# -- commit_action ---------------------------------------------------------------------------


async def test_commit_action_returns_the_table_at_the_next_version(store: Store) -> None:
    created = await store.create_table(a_table())
    committed = await store.commit_action(
        created.model_copy(update={"ply": 1}), 1, an_action(created, 1)
    )
    assert (committed.version, committed.ply) == (2, 1)
    assert await store.get_table(created.id) == committed


async def test_commit_action_appends_the_action_to_the_log(store: Store) -> None:
    created = await store.create_table(a_table())
    await store.commit_action(created, 1, an_action(created, 1, seat=1))
    assert await store.actions(created.id) == [an_action(created, 1, seat=1)]


async def test_commit_action_with_a_stale_version_raises_and_logs_nothing(store: Store) -> None:
    created = await store.create_table(a_table())
    await store.update_table(created, 1)
    with pytest.raises(StaleActionError):
        await store.commit_action(created, 1, an_action(created, 1))
    assert await store.actions(created.id) == []
    assert (await store.get_table(created.id)).version == 2


async def test_commit_action_refuses_a_duplicate_ply_and_keeps_the_version(store: Store) -> None:
    created = await store.create_table(a_table())
    committed = await store.commit_action(created, 1, an_action(created, 1))
    with pytest.raises(StaleActionError):
        await store.commit_action(committed, committed.version, an_action(created, 1, seat=1))
    assert (await store.get_table(created.id)).version == committed.version
    assert await store.actions(created.id) == [an_action(created, 1)]


@pytest.mark.parametrize("ends", [False, True], ids=["a move", "the last move"])
async def test_a_failure_on_the_log_insert_stores_neither_the_move_nor_its_result(
    backend: Backend, monkeypatch: pytest.MonkeyPatch, ends: bool
) -> None:
    store = backend.store
    created = await store.create_table(a_table())
    await backend.fail_next_action_insert(monkeypatch)
    result = ResultRecord(table_id=created.id, game="g", outcome={}, finished_at=9)
    with pytest.raises(StorageError):
        await store.commit_action(
            created.model_copy(update={"state": {"heat": 1}}),
            1,
            an_action(created, 1),
            result=result if ends else None,
        )
    assert await store.get_table(created.id) == created
    assert await store.actions(created.id) == []
    assert await store.results() == []


async def test_the_store_still_works_after_a_failed_commit(store: Store) -> None:
    created = await store.create_table(a_table())
    with pytest.raises(StaleActionError):
        await store.commit_action(created, 7, an_action(created, 1))
    committed = await store.commit_action(created, 1, an_action(created, 1))
    assert committed.version == 2


async def test_commit_action_refuses_an_action_of_another_table(store: Store) -> None:
    created = await store.create_table(a_table())
    stray = ActionRecord(table_id=created.id + 1, ply=1, seat=0, action={}, at=0.0)
    with pytest.raises(ValueError):
        await store.commit_action(created, 1, stray)


async def test_commit_action_on_an_unknown_table_raises_table_not_found(store: Store) -> None:
    ghost = a_table(id=999)
    with pytest.raises(TableNotFoundError):
        await store.commit_action(ghost, 1, an_action(ghost, 1))


async def test_actions_come_back_in_ply_order(store: Store) -> None:
    table = await store.create_table(a_table())
    for ply in (3, 1, 2):
        table = await store.commit_action(table, table.version, an_action(table, ply))
    assert [a.ply for a in await store.actions(table.id)] == [1, 2, 3]


async def test_actions_belong_to_their_own_table(store: Store) -> None:
    one = await store.create_table(a_table())
    two = await store.create_table(a_table())
    await store.commit_action(one, 1, an_action(one, 1))
    assert await store.actions(two.id) == []


async def test_fifty_concurrent_commits_on_one_version_let_exactly_one_through(
    store: Store,
) -> None:
    created = await store.create_table(a_table())

    async def attempt(seat: int) -> bool:
        try:
            await store.commit_action(created, 1, an_action(created, 1, seat=seat))
        except StaleActionError:
            return False
        return True

    outcomes = await asyncio.gather(*(attempt(seat) for seat in range(50)))
    assert sum(outcomes) == 1
    assert (await store.get_table(created.id)).version == 2
    assert len(await store.actions(created.id)) == 1


# -- find_tables --------------------------------------------------------------------------------


async def test_find_tables_without_filters_returns_every_table_oldest_first(store: Store) -> None:
    ids = [(await store.create_table(a_table())).id for _ in range(3)]
    assert [t.id for t in await store.find_tables()] == ids


async def test_find_tables_filters_on_one_status(store: Store) -> None:
    lobby = await store.create_table(a_table(status="lobby"))
    await store.create_table(a_table(status="active"))
    assert [t.id for t in await store.find_tables(status="lobby")] == [lobby.id]


async def test_find_tables_filters_on_several_statuses(store: Store) -> None:
    lobby = await store.create_table(a_table(status="lobby"))
    active = await store.create_table(a_table(status="active"))
    await store.create_table(a_table(status="finished"))
    found = await store.find_tables(status=("lobby", "active"))
    assert [t.id for t in found] == [lobby.id, active.id]


async def test_find_tables_filters_on_channel(store: Store) -> None:
    here = await store.create_table(a_table(channel_id=1))
    await store.create_table(a_table(channel_id=2))
    assert [t.id for t in await store.find_tables(channel_id=1)] == [here.id]


async def test_find_tables_due_before_finds_tables_whose_deadline_has_passed(
    store: Store,
) -> None:
    late = await store.create_table(a_table(deadline=100.0))
    await store.create_table(a_table(deadline=300.0))
    await store.create_table(a_table())
    due = await store.find_tables(status="active", due_before=200.0)
    assert [t.id for t in due] == [late.id]


async def test_find_tables_filters_on_thread(store: Store) -> None:
    await store.create_table(a_table(thread_id=None))
    threaded = await store.create_table(a_table(thread_id=77))
    assert [t.id for t in await store.find_tables(thread_id=77)] == [threaded.id]


async def test_find_tables_filters_on_guild(store: Store) -> None:
    await store.create_table(a_table(guild_id=1))
    other = await store.create_table(a_table(guild_id=2))
    assert [t.id for t in await store.find_tables(guild_id=2)] == [other.id]


async def test_find_tables_by_user_finds_the_tables_where_they_hold_a_seat(store: Store) -> None:
    seated = await store.create_table(a_table(seats=(SeatRecord(name="Cy", user_id=555),)))
    await store.create_table(a_table(host_id=555, seats=(SeatRecord(name="Di", user_id=556),)))
    assert [t.id for t in await store.find_tables(user_id=555)] == [seated.id]


async def test_find_tables_by_user_follows_seat_changes(store: Store) -> None:
    created = await store.create_table(a_table(seats=(SeatRecord(name="Cy", user_id=555),)))
    moved = created.model_copy(update={"seats": (SeatRecord(name="Ed", user_id=777),)})
    await store.update_table(moved, 1)
    assert await store.find_tables(user_id=555) == []
    assert [t.id for t in await store.find_tables(user_id=777)] == [created.id]


async def test_find_tables_combines_every_filter(store: Store) -> None:
    match = await store.create_table(a_table(status="active", channel_id=5))
    await store.create_table(a_table(status="lobby", channel_id=5))
    await store.create_table(a_table(status="active", channel_id=6))
    found = await store.find_tables(status="active", channel_id=5, user_id=100)
    assert [t.id for t in found] == [match.id]


async def test_find_tables_with_an_empty_status_tuple_finds_nothing(store: Store) -> None:
    await store.create_table(a_table())
    assert await store.find_tables(status=()) == []


# -- panels, results, guild settings -------------------------------------------------------------


async def test_save_panel_then_panels_returns_it(store: Store) -> None:
    table = await store.create_table(a_table())
    panel = PanelRecord(table_id=table.id, seat=0, user_id=100, channel_id=9, message_id=8)
    await store.save_panel(panel)
    assert await store.panels(table.id) == [panel]


async def test_save_panel_replaces_the_panel_of_the_same_seat(store: Store) -> None:
    table = await store.create_table(a_table())
    await store.save_panel(PanelRecord(table_id=table.id, seat=0, user_id=100, digest="a"))
    newer = PanelRecord(table_id=table.id, seat=0, user_id=100, digest="b", dm_closed=True)
    await store.save_panel(newer)
    assert await store.panels(table.id) == [newer]


async def test_panels_come_back_in_seat_order_for_their_table_only(store: Store) -> None:
    table = await store.create_table(a_table())
    other = await store.create_table(a_table())
    for seat in (2, 0, 1):
        await store.save_panel(PanelRecord(table_id=table.id, seat=seat, user_id=seat))
    await store.save_panel(PanelRecord(table_id=other.id, seat=0, user_id=9))
    assert [p.seat for p in await store.panels(table.id)] == [0, 1, 2]


async def test_a_panel_for_an_unknown_table_raises_table_not_found(store: Store) -> None:
    with pytest.raises(TableNotFoundError):
        await store.save_panel(PanelRecord(table_id=999, seat=0, user_id=1))


async def test_recorded_results_come_back_newest_first(store: Store) -> None:
    first = await store.create_table(a_table())
    second = await store.create_table(a_table())
    older = ResultRecord(table_id=first.id, game="g", outcome={"w": [0]}, finished_at=1.0)
    newer = ResultRecord(table_id=second.id, game="g", outcome={"w": [1]}, finished_at=2.0)
    await store.record_result(older)
    await store.record_result(newer)
    assert await store.results() == [newer, older]


async def test_results_filter_on_game_and_limit(store: Store) -> None:
    tables = [await store.create_table(a_table()) for _ in range(4)]
    for n, table in enumerate(tables):
        game = "winter" if n % 2 else "coldest_night"
        await store.record_result(
            ResultRecord(table_id=table.id, game=game, outcome={}, finished_at=float(n))
        )
    found = await store.results(game="winter", limit=1)
    assert [(r.game, r.table_id) for r in found] == [("winter", tables[3].id)]


async def test_recording_a_result_again_replaces_it(store: Store) -> None:
    table = await store.create_table(a_table())
    await store.record_result(ResultRecord(table_id=table.id, game="g", outcome={}, finished_at=1))
    again = ResultRecord(table_id=table.id, game="g", outcome={"r": "x"}, finished_at=2)
    await store.record_result(again)
    assert await store.results() == [again]


async def test_a_result_for_an_unknown_table_raises_table_not_found(store: Store) -> None:
    with pytest.raises(TableNotFoundError):
        await store.record_result(ResultRecord(table_id=999, game="g", outcome={}, finished_at=1))


async def test_guild_settings_default_to_empty(store: Store) -> None:
    assert await store.guild_settings(1) == {}


async def test_guild_settings_are_replaced_whole(store: Store) -> None:
    await store.set_guild_settings(1, {"prefix": "?", "timeout": 3600})
    await store.set_guild_settings(1, {"prefix": "!"})
    assert await store.guild_settings(1) == {"prefix": "!"}


async def test_guild_settings_belong_to_their_guild(store: Store) -> None:
    await store.set_guild_settings(1, {"prefix": "?"})
    assert await store.guild_settings(2) == {}


# -- issue 15: the result with the final move, event lines, one lobby per channel ---------------


async def test_commit_action_writes_the_result_in_the_same_transaction(store: Store) -> None:
    created = await store.create_table(a_table())
    result = ResultRecord(table_id=created.id, game="g", outcome={"winners": [0]}, finished_at=9)
    finished = await store.commit_action(
        created.model_copy(update={"status": "finished"}), 1, an_action(created, 1), result=result
    )
    assert finished.status == "finished"
    assert await store.results() == [result]


async def test_a_stale_final_move_stores_no_result(store: Store) -> None:
    created = await store.create_table(a_table())
    result = ResultRecord(table_id=created.id, game="g", outcome={}, finished_at=9)
    with pytest.raises(StaleActionError):
        await store.commit_action(created, 5, an_action(created, 1), result=result)
    assert await store.results() == []


async def test_an_actions_event_lines_come_back_as_stored(store: Store) -> None:
    created = await store.create_table(a_table())
    events = ({"text": "{s0} drew ❄", "visible_to": [0]}, {"text": "public", "visible_to": None})
    action = an_action(created, 1).model_copy(update={"events": events})
    await store.commit_action(created, 1, action)
    (stored,) = await store.actions(created.id)
    assert stored.events == events


async def test_an_action_stored_without_events_comes_back_without_events(store: Store) -> None:
    created = await store.create_table(a_table())
    await store.commit_action(created, 1, an_action(created, 1))
    (stored,) = await store.actions(created.id)
    assert stored.events is None


async def test_create_table_refuses_a_second_open_table_in_a_channel_at_the_limit(
    store: Store,
) -> None:
    lobby = a_table(status="lobby", channel_id=77, thread_id=None, state=None)
    await store.create_table(lobby, channel_limit=1)
    with pytest.raises(ChannelBusyError):
        await store.create_table(lobby, channel_limit=1)
    assert len(await store.find_tables(channel_id=77)) == 1
    assert (await store.create_table(lobby, channel_limit=2)).id > 0
    other = await store.create_table(lobby.model_copy(update={"channel_id": 78}), channel_limit=1)
    assert other.channel_id == 78


async def test_games_in_threads_and_finished_tables_do_not_fill_a_channel(store: Store) -> None:
    await store.create_table(a_table(status="active", channel_id=79, thread_id=80))
    await store.create_table(a_table(status="finished", channel_id=79, thread_id=None))
    await store.create_table(a_table(status="abandoned", channel_id=79, thread_id=None))
    created = await store.create_table(a_table(status="lobby", channel_id=79), channel_limit=1)
    assert created.status == "lobby"


async def test_concurrent_creates_in_one_channel_leave_exactly_the_limit(store: Store) -> None:
    lobby = a_table(status="lobby", channel_id=81, thread_id=None, state=None)
    outcomes = await asyncio.gather(
        *(store.create_table(lobby, channel_limit=1) for _ in range(5)), return_exceptions=True
    )
    assert sum(isinstance(o, TableRecord) for o in outcomes) == 1
    assert all(isinstance(o, (TableRecord, ChannelBusyError)) for o in outcomes)
