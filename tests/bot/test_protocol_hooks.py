"""The service honours the protocol hooks a hidden-information game needs: private set-up events,
secret moves refused in public, one clock moving for several seats, the game's own summary and
per-seat results (exercised with the small secret-ballot game in `tests/support/ballot.py`); and
what a game's record (`GameInfo`) rules out, the service answers without the game."""

from __future__ import annotations

import pytest

from bot.tables import Player, SecretMoveError, TableService
from rules import GAMES
from rules.core import BaseGame, GameText
from storage import SqliteStore
from tests.bot.parts import Now
from tests.support.ballot import BALLOT

ANA, BO, CY = Player(1, "Ana"), Player(2, "Bo"), Player(3, "Cy")


async def ballot(store: SqliteStore, clock: Now, **options: object) -> tuple[TableService, int]:
    service = TableService(store, {"test_ballot": BALLOT}, clock=clock, new_seed=lambda: "vote")
    table = await service.open("test_ballot", ANA, options=options)
    await service.join(table.id, BO)
    await service.join(table.id, CY)
    return service, table.id


async def test_set_up_events_reach_only_their_seat(store: SqliteStore) -> None:
    service, table_id = await ballot(store, Now())
    played = await service.start(table_id, ANA.user_id)
    roles = service.state(played.table).roles
    assert "The ballot opens." in played.lines
    assert not any("Your role" in line for line in played.lines)
    for seat, role in enumerate(roles):
        assert played.private[seat] == [f"Your role: {role}"]


async def test_a_secret_move_typed_in_public_is_refused_and_nothing_is_played(
    store: SqliteStore,
) -> None:
    service, table_id = await ballot(store, Now())
    await service.start(table_id, ANA.user_id)
    with pytest.raises(SecretMoveError, match="secret"):
        await service.act(table_id, ANA.user_id, "vote yes", in_public=True)
    assert (await service.table(table_id)).ply == 0
    played = await service.act(table_id, ANA.user_id, "vote yes")  # privately: fine
    assert played.lines == ["Ana has voted."]


async def test_one_clock_casts_the_missing_ballots_of_several_seats(store: SqliteStore) -> None:
    clock = Now()
    service, table_id = await ballot(store, clock, vote_seconds=60)
    await service.start(table_id, ANA.user_id)
    assert (await service.table(table_id)).deadline == 1_060.0
    await service.act(table_id, ANA.user_id, "vote yes")
    assert (await service.table(table_id)).deadline == 1_060.0  # the same vote: the same clock
    assert await service.tick(1_059.0) == []
    (played,) = await service.tick(1_061.0)
    assert "⏰ Time ran out for Bo." in played.lines
    assert "⏰ Time ran out for Cy." in played.lines
    assert "Ballots: Ana yes, Bo no, Cy no. The vote fails." in played.lines
    table = await service.table(table_id)
    assert table.status == "finished" and table.ply == 3 and table.deadline is None
    log = await store.actions(table_id)
    assert [(a.seat, a.action["choice"]) for a in log] == [(0, "yes"), (1, "no"), (2, "no")]


async def test_a_ballot_cast_before_the_clock_is_not_cast_again(store: SqliteStore) -> None:
    clock = Now()
    service, table_id = await ballot(store, clock, vote_seconds=60)
    await service.start(table_id, ANA.user_id)
    await service.act(table_id, BO.user_id, "vote yes")
    (played,) = await service.tick(1_061.0)
    assert "⏰ Time ran out for Bo." not in played.lines
    log = await store.actions(table_id)
    assert [a.seat for a in log] == [1, 0, 2]


async def test_the_game_writes_its_own_summary_and_per_seat_results_are_stored(
    store: SqliteStore,
) -> None:
    service, table_id = await ballot(store, Now())
    played = await service.start(table_id, ANA.user_id)
    roles = service.state(played.table).roles
    for player in (ANA, BO, CY):
        played = await service.act(table_id, player.user_id, "vote yes")
    pleased = [p.name for p, role in zip((ANA, BO, CY), roles, strict=True) if role == "for"]
    assert played.lines[-1] == (
        f"The vote passed. Pleased: {', '.join(pleased) or 'nobody'}. "
        "Seed: `vote` (every shuffle and roll can be replayed from it)."
    )
    (result,) = await store.results(game="test_ballot")
    stored = result.outcome["results"]
    assert [(r["seat"], r["kind"], r["met"]) for r in stored] == [
        (seat, role, role == "for") for seat, role in enumerate(roles)
    ]
    assert result.outcome["details"] == {"yes": 3}


async def test_a_perfect_information_game_shows_each_player_that_nothing_is_secret(
    store: SqliteStore,
) -> None:
    """Winter declares perfect information and says nothing about private text: the record's
    derived answers (no private lines, a key that never changes) reach every seat's panel."""
    game = GAMES["winter"]
    assert not game.info.hidden_information
    assert type(game).private_key is BaseGame.private_key
    assert type(game.text).private_lines is GameText.private_lines
    service = TableService(store, {"winter": game}, clock=Now(), new_seed=lambda: "lake")
    table = await service.open("winter", ANA)
    await service.join(table.id, BO)
    played = await service.start(table.id, ANA.user_id)
    for _ in range(2):
        for seat, record in enumerate(played.table.seats):
            assert service.private_only_text(played.table, seat) == (
                f"You play as {record.name}. Nothing here is secret: the board shows everything."
            )
        (waited,) = service.waiting_for(played.table)
        mover = played.table.seats[waited].user_id
        played = await service.act(table.id, mover, service.labels(played.table, waited)[0])
