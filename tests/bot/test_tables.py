"""TableService: lobby, play, AI turns, persistence and every refusal (with a tiny test game)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.tables import Player, TableError, TableService
from rules.core import format_event
from rules.engine import Engine
from rules.errors import IllegalActionError, NotYourTurnError, OptionsError, ParseError, RuleError
from storage import SqliteStore
from tests.support.nim import NIM

ANA, BO, CY = Player(11, "Ana"), Player(22, "Bo"), Player(33, "Cy")


async def two_player_table(service: TableService, **options: object) -> int:
    table = await service.open("test_nim", ANA, channel_id=5, options=options or None)
    await service.join(table.id, BO)
    played = await service.start(table.id, ANA.user_id)
    return played.table.id


async def test_opening_an_unknown_game_names_the_games_that_exist(service: TableService) -> None:
    with pytest.raises(TableError, match=r"no game called “chess”.*`test_nim`"):
        await service.open("chess", ANA)


async def test_bad_options_are_refused_with_the_field_named(service: TableService) -> None:
    with pytest.raises(OptionsError, match="stones"):
        await service.open("test_nim", ANA, options={"stones": 0})


async def test_a_second_lobby_in_the_same_channel_is_refused(service: TableService) -> None:
    await service.open("test_nim", ANA, channel_id=5)
    with pytest.raises(TableError, match="already open in this channel"):
        await service.open("test_nim", BO, channel_id=5)


async def test_joining_twice_is_refused_and_changes_nothing(service: TableService) -> None:
    table = await service.open("test_nim", ANA, channel_id=5)
    with pytest.raises(TableError, match="already seated"):
        await service.join(table.id, ANA)
    assert (await service.table(table.id)).version == table.version


async def test_a_full_table_refuses_another_player(service: TableService) -> None:
    table = await service.open("test_nim", ANA)
    for n in range(3):
        await service.join(table.id, Player(100 + n, f"P{n}"))
    with pytest.raises(TableError, match="full"):
        await service.join(table.id, BO)


async def test_only_the_host_starts_and_needs_enough_players(store: SqliteStore) -> None:
    service = TableService(store, {"test_nim": NIM.__class__()})
    service.games["test_nim"].min_seats = 2  # type: ignore[misc]
    table = await service.open("test_nim", ANA)
    with pytest.raises(TableError, match="at least 2 players: 1 more"):
        await service.start(table.id, ANA.user_id)
    await service.join(table.id, BO)
    with pytest.raises(TableError, match="Only the host"):
        await service.start(table.id, BO.user_id)
    assert (await service.start(table.id, ANA.user_id)).table.status == "active"


async def test_leaving_hands_the_host_to_the_next_player(service: TableService) -> None:
    table = await service.open("test_nim", ANA)
    await service.join(table.id, BO)
    table = await service.leave(table.id, ANA.user_id)
    assert table.host_id == BO.user_id and [s.name for s in table.seats] == ["Bo"]


async def test_kick_is_for_the_host_only(service: TableService) -> None:
    table = await service.open("test_nim", ANA)
    await service.join(table.id, BO)
    await service.join(table.id, CY)
    with pytest.raises(TableError, match="Only the host"):
        await service.kick(table.id, BO.user_id, CY.user_id)
    table = await service.kick(table.id, ANA.user_id, CY.user_id)
    assert [s.name for s in table.seats] == ["Ana", "Bo"]


async def test_a_move_out_of_turn_is_refused_naming_who_is_awaited(service: TableService) -> None:
    table_id = await two_player_table(service)
    with pytest.raises(NotYourTurnError, match="waiting for Ana"):
        await service.act(table_id, BO.user_id, "take 1")


async def test_someone_not_seated_cannot_act(service: TableService) -> None:
    table_id = await two_player_table(service)
    with pytest.raises(TableError, match="not playing"):
        await service.act(table_id, CY.user_id, "take 1")


async def test_unknown_text_lists_the_legal_moves_and_changes_nothing(
    service: TableService,
) -> None:
    table_id = await two_player_table(service)
    before = await service.table(table_id)
    with pytest.raises(ParseError, match=r"not a move you can make now.*Take 1"):
        await service.act(table_id, ANA.user_id, "jump")
    assert await service.table(table_id) == before


async def test_an_ambiguous_text_asks_to_be_more_specific(service: TableService) -> None:
    table_id = await two_player_table(service)
    with pytest.raises(ParseError, match="could mean several moves"):
        await service.act(table_id, ANA.user_id, "take")


async def test_an_illegal_action_record_is_refused(service: TableService) -> None:
    from tests.support.nim import Take

    table_id = await two_player_table(service, stones=2)
    with pytest.raises(IllegalActionError):
        await service.act(table_id, ANA.user_id, Take(count=3))


async def test_moves_are_logged_with_consecutive_plies_and_replay(service: TableService) -> None:
    table_id = await two_player_table(service)
    for user in (ANA, BO, ANA):
        await service.act(table_id, user.user_id, "take 1")
    table = await service.table(table_id)
    log = await service.store.actions(table_id)
    assert [a.ply for a in log] == [1, 2, 3] and table.ply == 3
    replayed = Engine(NIM).replay(2, table.options, table.seed, [(a.seat, a.action) for a in log])
    assert replayed.model_dump(mode="json") == table.state


async def test_ai_seats_take_their_turns_right_after_a_human_move(service: TableService) -> None:
    table = await service.open("test_nim", ANA, options={"stones": 9})
    await service.add_agent(table.id, ANA.user_id, "heuristic")
    await service.start(table.id, ANA.user_id)
    played = await service.act(table.id, ANA.user_id, "take 1")
    # the greedy AI leaves a multiple of four: 9 - 1 = 8 → it takes 3?  No: 8 % 4 == 0 already,
    # so it takes 1 (its first option); two moves were made in one call.
    assert played.moves == 2
    assert played.table.ply == 2 and played.lines[-1] == "Frost 🤖 takes 1."


async def test_a_finished_game_records_its_result_and_reveals_the_seed(
    service: TableService,
) -> None:
    table_id = await two_player_table(service, stones=2)
    played = await service.act(table_id, ANA.user_id, "take 2")
    assert played.table.status == "finished"
    assert "Ana wins" in played.lines[-1] and "seed0" in played.lines[-1]
    results = await service.store.results(game="test_nim")
    assert [r.table_id for r in results] == [table_id]


async def test_a_stale_button_is_refused_politely(service: TableService) -> None:
    table_id = await two_player_table(service)
    await service.act(table_id, ANA.user_id, "take 1")
    with pytest.raises(TableError, match="out of date"):
        await service.act_choice(table_id, BO.user_id, ply=0, index=0, mark="000000")


async def test_a_button_for_a_move_still_offered_works_after_other_moves(
    service: TableService,
) -> None:
    from bot.tables import label_mark

    table_id = await two_player_table(service)
    await service.act(table_id, ANA.user_id, "take 1")
    played = await service.act_choice(
        table_id, BO.user_id, ply=0, index=1, mark=label_mark("Take 2")
    )
    assert played.lines == ["Bo takes 2."]


async def test_only_the_host_or_a_manager_abandons(service: TableService) -> None:
    table_id = await two_player_table(service)
    with pytest.raises(TableError, match="Only the host"):
        await service.abandon(table_id, BO.user_id)
    assert (await service.abandon(table_id, BO.user_id, can_manage=True)).status == "abandoned"


async def test_resigning_gives_the_seat_to_an_ai_that_plays_on(service: TableService) -> None:
    table_id = await two_player_table(service)
    played = await service.resign(table_id, BO.user_id)
    assert played.table.seats[1].agent == "heuristic" and played.table.seats[1].user_id is None
    played = await service.act(table_id, ANA.user_id, "take 1")
    assert played.moves == 2


async def test_private_panels_are_sent_only_when_a_seats_view_changed(
    service: TableService,
) -> None:
    table_id = await two_player_table(service)
    table = await service.table(table_id)
    first = await service.private_updates(table)
    assert {u.seat for u in first} == {0, 1}
    assert all(table.seats[u.seat].user_id == u.user_id for u in first)
    assert "secret" in first[0].text
    for update in first:
        await service.panel_sent(update, channel_id=1, message_id=2)
    assert await service.private_updates(table) == []
    played = await service.act(table_id, ANA.user_id, "take 1")
    # the stones and the turn are public: the board shows them, the panels are not edited (#11)
    assert await service.private_updates(played.table) == []
    played = await service.act(table_id, BO.user_id, "shout")
    changed = await service.private_updates(played.table, notes=played.private)
    assert {u.seat for u in changed} == {1}  # Bo's private news: only Bo's panel


async def test_private_events_reach_only_their_seat(service: TableService) -> None:
    table_id = await two_player_table(service)
    played = await service.act(table_id, ANA.user_id, "shout")
    assert played.lines == ["Ana shouts."]
    assert list(played.private) == [0] and "secret" in played.private[0][0]


async def test_a_restart_loses_nothing(tmp_path: Path) -> None:
    path = str(tmp_path / "restart.db")
    store = SqliteStore(path)
    await store.connect()
    service = TableService(store, {"test_nim": NIM})
    table_id = await two_player_table(service)
    await service.act(table_id, ANA.user_id, "take 1")
    await store.close()

    again = SqliteStore(path)
    await again.connect()
    service = TableService(again, {"test_nim": NIM})
    played = await service.act(table_id, BO.user_id, "take 3")
    assert played.table.ply == 2 and played.table.state and played.table.state["stones"] == 6
    await again.close()


async def test_fifty_concurrent_moves_apply_exactly_the_legal_ones(service: TableService) -> None:
    table_id = await two_player_table(service, stones=60)
    users = [ANA, BO] * 25

    async def attempt(user: Player) -> bool:
        try:
            await service.act(table_id, user.user_id, "take 1")
            return True
        except (NotYourTurnError, TableError):
            return False

    results = await asyncio.gather(*(attempt(u) for u in users))
    table = await service.table(table_id)
    log = await service.store.actions(table_id)
    assert sum(results) == table.ply == len(log)
    assert [a.ply for a in log] == list(range(1, table.ply + 1))
    assert [a.seat for a in log] == [n % 2 for n in range(table.ply)]  # strictly alternating
    replayed = Engine(NIM).replay(2, table.options, table.seed, [(a.seat, a.action) for a in log])
    assert replayed.model_dump(mode="json") == table.state


async def test_the_chat_policy_of_the_authors_seat_is_applied(service: TableService) -> None:
    table_id = await two_player_table(service, no_numbers=True)
    verdict = await service.check_chat(5, ANA.user_id, "take 3 please")
    assert verdict is not None and not verdict.allowed and verdict.reason == "number"
    allowed = await service.check_chat(5, ANA.user_id, "there are 10 left")
    assert allowed is not None and allowed.allowed
    assert await service.check_chat(5, CY.user_id, "3") is None  # not seated: not checked
    assert await service.check_chat(6, ANA.user_id, "3") is None  # another channel
    assert table_id


async def test_starting_reports_the_public_set_up_draws(store: SqliteStore) -> None:
    from rules.cold_comfort import GAME as COLD_COMFORT

    service = TableService(store, {"cold_comfort": COLD_COMFORT}, new_seed=lambda: "s33d")
    table = await service.open("cold_comfort", ANA)
    await service.join(table.id, BO)
    played = await service.start(table.id, ANA.user_id)
    opening = [format_event(line, ["Ana", "Bo"]) for line in service.state(played.table).log]
    assert played.lines == ["Cold Comfort begins with Ana, Bo.", *opening]
    assert "Ana starts." in played.lines  # set-up events name the players
    assert any("Heart of the City" in line and "rolled " in line for line in played.lines)


async def test_a_set_up_test_hook_cannot_be_set_at_a_table(service: TableService) -> None:
    from rules import GAMES

    service.games["coldest_night"] = GAMES["coldest_night"]
    service.engines["coldest_night"] = Engine(GAMES["coldest_night"])
    with pytest.raises(TableError, match="`kindling_order` only fix a game for testing"):
        await service.open("coldest_night", ANA, options={"kindling_order": ["K01"]})
    table = await service.open(
        "coldest_night", ANA, options={"start_seat": 1}, allow_test_hooks=True
    )
    assert table.options == {"start_seat": 1}


async def test_fifty_concurrent_plays_on_a_coldest_night_table_apply_only_legal_moves(
    store: SqliteStore,
) -> None:
    from rules import GAMES

    game = GAMES["coldest_night"]
    service = TableService(store, {"coldest_night": game}, new_seed=lambda: "race")
    players = [ANA, BO, CY]
    table = await service.open("coldest_night", ANA)
    for player in players[1:]:
        await service.join(table.id, player)
    table = (await service.start(table.id, ANA.user_id)).table
    # every seat fires every move it could make at the start, all at once
    attempts = [
        (player, label)
        for seat, player in enumerate(players)
        for label in service.labels(table, seat) or ["scavenge"]
    ]
    attempts = (attempts * 50)[:50]

    async def attempt(player: Player, text: str) -> bool:
        try:
            await service.act(table.id, player.user_id, text)
            return True
        except (RuleError, TableError):
            return False

    results = await asyncio.gather(*(attempt(p, t) for p, t in attempts))
    table = await service.table(table.id)
    log = await store.actions(table.id)
    assert sum(results) == table.ply == len(log) >= 2, results
    assert [a.ply for a in log] == list(range(1, table.ply + 1))
    replayed = Engine(game).replay(3, table.options, table.seed, [(a.seat, a.action) for a in log])
    assert replayed.model_dump(mode="json") == table.state  # every applied move was legal


async def test_newly_waiting_names_the_humans_whose_turn_just_came(service: TableService) -> None:
    table_id = await two_player_table(service)
    played = await service.act(table_id, ANA.user_id, "take 1")
    assert service.newly_waiting(played) == [1]
    played = await service.act(table_id, BO.user_id, "shout")  # still Bo's turn: no new ping
    assert service.newly_waiting(played) == []


async def test_a_move_returns_one_record_with_pings_board_and_only_the_panels_that_changed(
    service: TableService,
) -> None:
    table_id = await two_player_table(service)
    played = await service.act(table_id, ANA.user_id, "take 1")
    assert played.ping == (BO.user_id,)
    assert played.board is not None and played.board.turn == "Waiting for Bo."
    assert played.board.text == service.board_text(played.table)
    assert {p.seat for p in played.panels} == {0, 1}  # nothing delivered yet: both are new
    for update in played.panels:
        await service.panel_sent(update, channel_id=1, message_id=update.seat + 100)
    again = await service.act(table_id, BO.user_id, "shout")  # still Bo's turn
    assert again.ping == ()
    assert all(p.panel is not None for p in again.panels)  # delivered before: edited in place


async def test_ending_a_table_returns_the_record_to_show_with_the_board_closed(
    service: TableService,
) -> None:
    table_id = await two_player_table(service)
    played = await service.end(table_id, ANA.user_id)
    assert played.table.status == "abandoned" and played.ping == ()
    assert played.lines == ["The table was ended by its host."]
    assert played.board is not None and played.board.turn == "Table abandoned."
