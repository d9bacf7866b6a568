"""`/game undo` in the service (issue 12 §4): a player takes back their own last move only if no
other seat has moved since, the engine rules the move not final, and the game is not over.

The generic cases run on the test game (Nim) on every store; each real game then has a move that
must be refused and one that must be allowed, played through the service on real states.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.tables import Player, TableError, TableService
from rules import GAMES
from rules.engine import CARD_DRAWN, MADE_PUBLIC, RANDOM_USED, TOLD_ANOTHER
from storage import MemoryStore, SqliteStore
from tests.support.nim import NIM

ANA, BO, CY = Player(11, "Ana"), Player(22, "Bo"), Player(33, "Cy")


async def nim_table(service: TableService, stones: int = 10) -> int:
    table = await service.open("test_nim", ANA, channel_id=5, options={"stones": stones})
    await service.join(table.id, BO)
    return (await service.start(table.id, ANA.user_id)).table.id


async def test_a_player_takes_back_their_own_last_move_and_the_table_is_as_before(
    service: TableService,
) -> None:
    table_id = await nim_table(service)
    await service.act(table_id, ANA.user_id, "take 1")
    before = await service.table(table_id)
    await service.act(table_id, BO.user_id, "take 2")
    played = await service.undo(table_id, BO.user_id)
    after = played.table
    assert after.state == before.state and after.ply == before.ply == 1
    assert after.version == before.version + 2  # the move and its take-back both wrote the row
    assert played.lines == ["Bo takes back their move: Take 2."]
    assert played.board is not None and "Stones left: 9" in played.board.text
    assert [a.ply for a in await service.store.actions(table_id)] == [1]
    assert await service.log(after) == ["Ana takes 1.", "Bo takes back their move: Take 2."]
    again = await service.act(table_id, BO.user_id, "take 3")  # Bo moves again, differently
    assert again.table.ply == 2
    assert await service.log(again.table) == [
        "Ana takes 1.",
        "Bo takes back their move: Take 2.",
        "Bo takes 3.",
    ]


async def test_the_taken_back_move_no_longer_counts_and_the_log_replays_to_the_stored_state(
    service: TableService,
) -> None:
    table_id = await nim_table(service)
    await service.act(table_id, ANA.user_id, "take 3")
    await service.undo(table_id, ANA.user_id)
    await service.act(table_id, ANA.user_id, "take 1")
    table = await service.table(table_id)
    log = await service.store.actions(table_id)
    engine = service.engines["test_nim"]
    replayed = engine.replay(2, table.options, table.seed, [(a.seat, a.action) for a in log])
    assert replayed.model_dump(mode="json") == table.state
    assert table.state is not None and table.state["stones"] == 9


async def test_a_take_back_is_refused_once_another_player_has_moved(service: TableService) -> None:
    table_id = await nim_table(service)
    await service.act(table_id, ANA.user_id, "take 1")
    await service.act(table_id, BO.user_id, "take 1")
    before = await service.table(table_id)
    with pytest.raises(TableError, match=r"another player \(Bo\) has moved since"):
        await service.undo(table_id, ANA.user_id)
    assert await service.table(table_id) == before


async def test_a_take_back_is_refused_when_the_ai_seat_has_moved_since(
    service: TableService,
) -> None:
    table = await service.open("test_nim", ANA, options={"stones": 9})
    await service.add_agent(table.id, ANA.user_id, "heuristic")
    await service.start(table.id, ANA.user_id)
    await service.act(table.id, ANA.user_id, "take 1")  # the AI answers at once
    with pytest.raises(TableError, match=r"another player .* has moved since"):
        await service.undo(table.id, ANA.user_id)


async def test_a_player_with_no_move_has_none_to_take_back(service: TableService) -> None:
    table_id = await nim_table(service)
    with pytest.raises(TableError, match=r"You have no move to take back\."):
        await service.undo(table_id, ANA.user_id)
    await service.act(table_id, ANA.user_id, "take 1")
    with pytest.raises(TableError, match=r"You have no move to take back\."):
        await service.undo(table_id, BO.user_id)


async def test_a_take_back_is_refused_once_the_game_is_over(service: TableService) -> None:
    table_id = await nim_table(service, stones=2)
    await service.act(table_id, ANA.user_id, "take 2")
    with pytest.raises(TableError, match="the game is over"):
        await service.undo(table_id, ANA.user_id)
    assert (await service.table(table_id)).status == "finished"


async def test_a_take_back_is_refused_in_a_lobby_and_to_someone_not_seated(
    service: TableService,
) -> None:
    lobby = await service.open("test_nim", ANA, channel_id=6)
    with pytest.raises(TableError, match="has not started"):
        await service.undo(lobby.id, ANA.user_id)
    table_id = await nim_table(service)
    await service.act(table_id, ANA.user_id, "take 1")
    with pytest.raises(TableError, match="not playing at this table"):
        await service.undo(table_id, CY.user_id)


async def test_a_secret_move_taken_back_is_not_named_in_the_public_line(
    service: TableService,
) -> None:
    table_id = await nim_table(service)
    await service.act(table_id, ANA.user_id, "shout")
    played = await service.undo(table_id, ANA.user_id)
    assert played.lines == ["Ana takes back a secret move."]


async def test_a_take_back_is_kept_by_a_new_service_on_the_same_database(tmp_path: Any) -> None:
    store = SqliteStore(tmp_path / "t.db")
    await store.connect()
    first = TableService(store, {"test_nim": NIM}, new_seed=lambda: "s")
    table_id = await nim_table(first)
    await first.act(table_id, ANA.user_id, "take 2")
    await first.undo(table_id, ANA.user_id)
    await store.close()
    again = SqliteStore(tmp_path / "t.db")
    await again.connect()
    try:
        second = TableService(again, {"test_nim": NIM})
        table = await second.table(table_id)
        assert table.ply == 0 and table.state is not None and table.state["stones"] == 10
        assert await second.log(table) == ["Ana takes back their move: Take 2."]
        await second.act(table_id, ANA.user_id, "take 1")
    finally:
        await again.close()


async def test_a_take_back_racing_a_move_of_another_process_changes_nothing(
    service: TableService,
) -> None:
    table_id = await nim_table(service)
    await service.act(table_id, ANA.user_id, "take 1")
    other = TableService(service.store, {"test_nim": NIM})  # a second process on the same store
    await other.act(table_id, BO.user_id, "take 1")
    with pytest.raises(TableError, match="another player"):
        await service.undo(table_id, ANA.user_id)
    assert (await service.table(table_id)).ply == 2


# the five games ---------------------------------------------------------------------------------

PLAYERS = (ANA, BO, CY, Player(44, "Di"))


async def real_table(key: str, seats: int, seed: str) -> tuple[TableService, int]:
    service = TableService(MemoryStore(), GAMES, new_seed=lambda: seed)
    await service.store.connect()
    table = await service.open(key, PLAYERS[0])
    for player in PLAYERS[1:seats]:
        await service.join(table.id, player)
    return service, (await service.start(table.id, PLAYERS[0].user_id)).table.id


async def reach(
    service: TableService, table_id: int, kind: str, why: str | None, *, plies: int = 300
) -> tuple[Any, Player]:
    """Play seeded random moves through the service until the seat to act may play a move of
    `kind` that the engine rules `why` (None: not final); play it and return the state before
    it and its player."""
    chooser = random.Random(kind)
    for _ in range(plies):
        table = await service.table(table_id)
        assert table.status == "active", f"the game ended before a {kind} move ruled {why}"
        state = service.state(table)
        engine = service.engine(table)
        seat = service.waiting_for(table, state)[0]
        legal = list(engine.legal(state, seat))
        player = PLAYERS[seat]
        for action in [a for a in legal if getattr(a, "type", "") == kind][:4]:
            step = engine.act(state, seat, action, seed=table.seed, ply=table.ply + 1)
            ruled = engine.final(
                state,
                seat,
                action,
                step,
                seed=table.seed,
                ply=table.ply + 1,
                seats=len(table.seats),
            )
            if ruled == why:
                await service.act(table_id, player.user_id, action)
                return state, player
        await service.act(table_id, player.user_id, chooser.choice(legal))
    raise AssertionError(f"no {kind} move ruled {why} within {plies} plies")


async def allowed(key: str, kind: str, seats: int = 3, seed: str = "undo") -> None:
    service, table_id = await real_table(key, seats, seed)
    before, player = await reach(service, table_id, kind, None)
    played = await service.undo(table_id, player.user_id)
    assert service.state(played.table) == before
    assert played.lines[0].startswith(f"{player.name} takes back")
    restarted = TableService(service.store, GAMES)  # nothing cached: the stored state
    assert restarted.state(await restarted.table(table_id)) == before


async def refused(key: str, kind: str, why: str, seats: int = 3, seed: str = "undo") -> None:
    service, table_id = await real_table(key, seats, seed)
    _, player = await reach(service, table_id, kind, why)
    table = await service.table(table_id)
    with pytest.raises(TableError, match=re.escape(f"cannot be taken back: {why}.")):
        await service.undo(table_id, player.user_id)
    assert await service.table(table_id) == table


async def test_coldest_night_passing_a_card_that_tells_nobody_else_can_be_taken_back() -> None:
    await allowed("coldest_night", "give")


async def test_coldest_night_a_give_shown_to_the_receiver_privately_is_refused() -> None:
    await refused("coldest_night", "give", TOLD_ANOTHER)


async def test_tenth_night_reordering_ones_row_can_be_taken_back() -> None:
    await allowed("tenth_night", "reorder", seats=4)


async def test_tenth_night_an_exchange_offer_is_refused_as_the_target_saw_it_tn_11() -> None:
    await refused("tenth_night", "propose_exchange", TOLD_ANOTHER, seats=4)


async def test_winter_placing_a_card_can_be_taken_back() -> None:
    await allowed("winter", "place", seats=2)


async def test_winter_a_draw_from_the_face_down_deck_is_refused_wi_23() -> None:
    await refused("winter", "draw", CARD_DRAWN, seats=2)


async def test_cold_comfort_building_can_be_taken_back() -> None:
    await allowed("cold_comfort", "build")


async def test_cold_comfort_a_dice_roll_is_refused() -> None:
    await refused("cold_comfort", "mine", RANDOM_USED)


async def test_dead_of_winter_building_a_barricade_can_be_taken_back() -> None:
    await allowed("dead_of_winter", "barricade")


async def test_dead_of_winter_a_move_that_rolls_the_exposure_die_is_refused() -> None:
    await refused("dead_of_winter", "move", RANDOM_USED)


# issue 30 §2: a decision whose result is public is never re-opened -----------------------------


def voting(state: Any) -> bool:
    return bool(state.tasks) and state.tasks[0].t == "vote"


async def twist_ballot(service: TableService, table_id: int) -> int:
    """Every seat plays the heuristic's move, chosen as the bot chooses an AI seat's, through the
    service, until a seat has cast a ballot in a twist vote; returns that seat."""
    game = GAMES["dead_of_winter"]
    agent = game.agents["heuristic"]()
    for _ in range(400):
        table = await service.table(table_id)
        assert table.status == "active", "the game ended before a twist vote"
        state = service.state(table)
        engine = service.engine(table)
        seat = min(game.awaiting(state) or game.to_act(state))
        rng = engine.agent_rng(table.seed, table.ply + 1, seat)
        action = agent.choose(game.observe(state, seat), engine.legal(state, seat), rng)
        await service.act(table_id, PLAYERS[seat].user_id, action)
        if action.type == "vote" and state.tasks[0].data.get("subject") == "twist":
            return seat
    raise AssertionError("no twist vote within 400 moves")


SEED = "undo-16"  # four seats playing the heuristic's moves vote on a twist, and say yes


async def betrayer_table() -> tuple[TableService, int]:
    service = TableService(MemoryStore(), GAMES, new_seed=lambda: SEED)
    await service.store.connect()
    table = await service.open("dead_of_winter", PLAYERS[0], options={"secret_deal": "betrayer"})
    for player in PLAYERS[1:]:
        await service.join(table.id, player)
    return service, (await service.start(table.id, PLAYERS[0].user_id)).table.id


async def test_dw_the_last_ballot_of_a_revealed_twist_vote_cannot_be_taken_back_seed_undo_16() -> (
    None
):
    # §6.15: the ballots are revealed with the result when the last is cast; the last voter has
    # seen every ballot and the outcome, so the vote must not open again
    service, table_id = await betrayer_table()
    seat = await twist_ballot(service, table_id)
    while voting(service.state(await service.table(table_id))):
        seat = await twist_ballot(service, table_id)
    table = await service.table(table_id)
    log = await service.log(table)
    cast = max(i for i, line in enumerate(log) if line == f"{PLAYERS[seat].name} has voted.")
    assert log[cast + 1].startswith("Vote revealed:") and "Result: yes" in log[cast + 1]
    with pytest.raises(TableError, match=re.escape(f"cannot be taken back: {MADE_PUBLIC}.")):
        await service.undo(table_id, PLAYERS[seat].user_id)
    assert await service.table(table_id) == table


async def test_dw_a_ballot_before_the_last_can_be_taken_back_and_the_vote_stays_secret() -> None:
    service, table_id = await betrayer_table()
    first = await twist_ballot(service, table_id)
    before = service.state(await service.table(table_id))
    seat = await twist_ballot(service, table_id)  # the second ballot, not the last
    assert voting(service.state(await service.table(table_id)))
    played = await service.undo(table_id, PLAYERS[seat].user_id)
    assert played.lines == [f"{PLAYERS[seat].name} takes back a secret move."]
    assert service.state(played.table) == before
    assert before.tasks[0].t == "vote" and list(before.tasks[0].data["ballots"]) == [str(first)]
