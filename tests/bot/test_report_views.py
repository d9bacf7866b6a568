"""A move's report builds the public view once and a seat's private text only when the game's
`private_key` says it may have changed: what it shows stays exactly what a fresh computation
shows, and the labels of a panel's moves are listed only when a presenter reads them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.tables import Player, TableService
from rules import GAMES
from rules.core import format_event
from storage import MemoryStore

PLAYERS = [Player(100 + n, f"P{n}") for n in range(4)]


def fresh_private_only(service: TableService, table: Any, seat: int) -> str:
    """`private_only_text` as it was computed before any caching: from scratch."""
    game = service.games[table.game]
    state = game.state_model.model_validate(table.state)
    public = set(game.text.describe(game.observe(state, None)).splitlines())
    own = [
        line
        for line in game.text.describe(game.observe(state, seat)).splitlines()
        if line.strip() and line not in public
    ]
    head = f"You play as {table.seats[seat].name}."
    if not own:
        head += " Nothing here is secret: the board shows everything."
    return format_event("\n".join([head, *own]), [s.name for s in table.seats])


async def service_with(**settings: Any) -> TableService:
    store = MemoryStore()
    await store.connect()
    return TableService(store, **settings)


async def started(service: TableService, key: str, seats: int) -> Any:
    table = await service.open(key, PLAYERS[0])
    for player in PLAYERS[1:seats]:
        await service.join(table.id, player)
    return await service.start(table.id, PLAYERS[0].user_id)


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_reports_show_what_a_fresh_computation_shows(key: str) -> None:
    game = GAMES[key]
    seats = max(game.min_seats, min(3, game.max_seats))
    service = await service_with(new_seed=lambda: f"views/{key}")
    played = await started(service, key, seats)
    rng = random.Random(key)
    keyed = 0
    for _ in range(60 if key != "tenth_night" else 15):
        table = played.table
        if table.status != "active":
            break
        state = game.state_model.model_validate(table.state)
        board = played.board
        assert board is not None
        assert board.text == format_event(
            game.text.describe(game.observe(state, None)), [s.name for s in table.seats]
        )
        assert board.observation == game.observe(state, None)
        for seat in range(seats):
            assert service.private_only_text(table, seat) == fresh_private_only(
                service, table, seat
            )
            keyed += game.private_key(state, seat) is not None
        for update in played.panels:
            assert update.text.endswith(fresh_private_only(service, table, update.seat))
            assert update.choices == tuple(service.labels(table, update.seat))
        seat = service.waiting_for(table)[0]
        user = table.seats[seat].user_id
        assert user is not None
        played = await service.act(table.id, user, rng.choice(service.labels(table, seat)))
    if key == "coldest_night":
        assert keyed  # the cache is exercised, not bypassed


async def test_a_report_lists_no_moves_until_a_presenter_reads_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    service = await service_with(new_seed=lambda: "lazy")
    game = service.games["coldest_night"]
    labelled: list[Any] = []
    label = game.text.label

    def counted(state: Any, action: Any) -> str:
        labelled.append(action)
        return label(state, action)

    monkeypatch.setattr(game.text, "label", counted)
    played = await started(service, "coldest_night", 3)
    assert played.panels  # every seat's first panel
    assert labelled == []
    update = next(u for u in played.panels if u.choices)
    assert labelled  # read: listed now, for the state of the report
    assert update.choices == tuple(service.labels(played.table, update.seat))


async def test_an_ended_game_leaves_no_views_behind() -> None:
    service = await service_with(new_seed=lambda: "ends")
    played = await started(service, "coldest_night", 3)
    table_id = played.table.id
    assert table_id in service.texts.publics and table_id in service.texts.privates
    await service.end(table_id, PLAYERS[0].user_id)
    assert table_id not in service.texts.publics
    assert table_id not in service.texts.privates


async def test_view_caches_hold_at_most_the_table_cache_size() -> None:
    service = await service_with(new_seed=lambda: "many", table_cache_size=2)
    ids = [(await started(service, "coldest_night", 3)).table.id for _ in range(4)]
    assert list(service.texts.publics) == ids[-2:]
    assert list(service.texts.privates) == ids[-2:]


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_a_report_shows_what_the_public_methods_show(key: str) -> None:
    """`report` looks up the state, whom the game waits for and the seats' names once and hands
    them to each part: its board, pings and panels stay what `board`, `newly_waiting` and
    `private_updates` say of the same table, move after move and at the end."""
    game = GAMES[key]
    seats = max(game.min_seats, min(3, game.max_seats))
    service = await service_with(new_seed=lambda: f"same/{key}")
    played = await started(service, key, seats)
    rng = random.Random(f"same/{key}")
    for _ in range(40 if key != "tenth_night" else 10):
        table = played.table
        assert played.board == service.board(table)
        pinged = tuple(u for s in service.newly_waiting(played) if (u := table.seats[s].user_id))
        assert played.ping == (pinged if table.status == "active" else ())
        again = await service.private_updates(table, notes=played.private)
        assert [(u.seat, u.user_id, u.text, u.ply, u.digest) for u in played.panels] == [
            (u.seat, u.user_id, u.text, u.ply, u.digest) for u in again
        ]
        assert [u.choices for u in played.panels] == [u.choices for u in again]
        if table.status != "active":
            break
        seat = service.waiting_for(table)[0]
        user = table.seats[seat].user_id
        assert user is not None
        played = await service.act(table.id, user, rng.choice(service.labels(table, seat)))
    if played.table.status == "active":
        ended = await service.end(played.table.id, PLAYERS[0].user_id, can_manage=True)
        assert ended.board == service.board(ended.table)
        assert ended.board is not None and ended.board.turn == "Table abandoned."
        assert ended.ping == ()
