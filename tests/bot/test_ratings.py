"""Ratings (issue 35 §4): OpenSkill ratings of competitive games applied once when a game ends,
unrated tables, co-operative streaks, the recompute, the provisional mark and the leaderboard.

Service tests play real games of the real rules to the end on every store (members' moves chosen
by a seeded random pick among the legal ones, sent through `TableService.act` like any move).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot import rating_boards, ratings, standings
from bot.cli import main
from bot.ratings import CoopStanding, estimate
from bot.tables import Player, TableService
from rules import GAMES
from rules.core import Outcome, SeatResult
from storage import SqliteStore
from storage.base import RatingRecord, SeatRecord, Store, TableRecord

ANA, BO, CY, DI = Player(11, "Ana"), Player(22, "Bo"), Player(33, "Cy"), Player(44, "Di")
GUILD = 7


@pytest.fixture
def rated(store: Store) -> TableService:
    seeds = iter(f"rating-seed-{n}" for n in range(1000))
    return TableService(store, GAMES, new_seed=lambda: next(seeds), clock=lambda: 1000.0)


async def play(
    service: TableService,
    game: str,
    players: list[Player],
    *,
    agents: int = 0,
    seed: int = 1,
    guild: int | None = GUILD,
    options: dict[str, Any] | None = None,
) -> TableRecord:
    """A whole game: the members' moves picked at random (seeded) among their legal moves."""
    table = await service.open(game, players[0], guild_id=guild, options=options)
    for player in players[1:]:
        await service.join(table.id, player)
    for _ in range(agents):
        await service.add_agent(table.id, players[0].user_id, "random")
    await service.start(table.id, players[0].user_id)
    return await finish(service, table.id, seed)


async def finish(service: TableService, table_id: int, seed: int = 1) -> TableRecord:
    rng = random.Random(seed)
    while True:
        table = await service.table(table_id)
        if table.status != "active":
            return table
        engine = service.engines[table.game]
        state = service.state(table)
        seat = min(s for s in engine.to_act(state) if table.seats[s].user_id is not None)
        action = rng.choice(engine.legal(state, seat))
        user = table.seats[seat].user_id
        assert user is not None
        await service.act(table_id, user, action)


async def by_user(store: Store, game: str, guild: int = GUILD) -> dict[int, RatingRecord]:
    return {r.user_id: r for r in await store.ratings(guild, game)}


async def test_a_winter_game_between_two_members_changes_both_ratings_once(
    rated: TableService, store: Store
) -> None:
    table = await play(rated, "winter", [ANA, BO], seed=4)  # Bo wins this one
    result = (await store.results(game="winter"))[0]
    assert result.outcome["winners"] == [1]
    after = await by_user(store, "winter")
    assert set(after) == {ANA.user_id, BO.user_id}
    assert all(r.rated == 1 and len(r.trend) == 1 for r in after.values())
    assert {r.name for r in after.values()} == {"Ana", "Bo"}
    bo, ana = after[BO.user_id], after[ANA.user_id]  # from the same start, up and down
    assert estimate(bo.mu, bo.sigma) > ratings.START > estimate(ana.mu, ana.sigma)
    assert bo.trend == (estimate(bo.mu, bo.sigma),) and rating_boards.changes(bo)[0] > 0
    # the same table again changes nothing: the store marked it rated with the ratings
    outcome = Outcome.model_validate(result.outcome)
    assert not await ratings.rate_finished(store, table, outcome, now=2000.0)
    assert await by_user(store, "winter") == after


async def test_a_table_with_an_ai_seat_is_unrated_and_stats_say_so(
    rated: TableService, store: Store
) -> None:
    table = await play(rated, "winter", [ANA], agents=1)
    assert table.status == "finished"
    assert await store.ratings(GUILD, "winter") == []
    [stats] = await rated.member_stats(ANA.user_id, GUILD)
    assert stats.rating is None and stats.unrated == 1
    lines = standings.member_lines([stats], {"winter": "Winter"})
    assert any("1 unrated game" in line for line in lines)


async def test_a_game_a_substitute_finished_is_unrated(rated: TableService, store: Store) -> None:
    table = await rated.open("winter", ANA, guild_id=GUILD)
    await rated.join(table.id, BO)
    await rated.start(table.id, ANA.user_id)
    await rated.resign(table.id, BO.user_id)  # an AI takes Bo's seat …
    await rated.substitute(table.id, ANA.user_id, 1, CY)  # … and Cy takes it over
    assert (await rated.table(table.id)).seats[1].handed_over
    finished = await finish(rated, table.id)
    assert finished.status == "finished"
    assert ratings.unrated_reason(finished) == "a seat changed hands during the game"
    assert await store.ratings(GUILD, "winter") == []


async def test_a_member_who_resigned_is_not_rated_and_the_game_counts_as_unrated(
    rated: TableService, store: Store
) -> None:
    table = await rated.open("winter", ANA, guild_id=GUILD)
    await rated.join(table.id, BO)
    await rated.start(table.id, ANA.user_id)
    await rated.resign(table.id, BO.user_id)
    await finish(rated, table.id)
    assert await store.ratings(GUILD, "winter") == []
    [bo] = await rated.member_stats(BO.user_id, GUILD)
    assert bo.tally is not None and bo.tally.lost == 1 and bo.unrated == 1


async def test_recompute_gives_the_same_ratings_and_streaks_as_the_live_updates(
    rated: TableService, store: Store
) -> None:
    for seed in range(3):
        await play(rated, "winter", [ANA, BO], seed=seed)
    await play(rated, "winter", [BO, CY], seed=5)
    await play(rated, "winter", [ANA, CY], seed=6, guild=8)  # another server's ratings
    await play(rated, "cold_comfort", [ANA, BO, CY], seed=7)
    await play(rated, "coldest_night", [ANA, BO], seed=8)  # co-operative: a streak record
    await play(rated, "winter", [ANA], agents=1, seed=9)  # unrated
    await play(rated, "dead_of_winter", [ANA, BO, CY], seed=1, options={"mode": "standard"})
    live = {
        (guild, key): await store.ratings(guild, key)
        for guild in (GUILD, 8)
        for key in ("winter", "cold_comfort", "dead_of_winter", ratings.coop_key("coldest_night"))
    }
    assert [r.rated for r in live[(GUILD, "dead_of_winter")]] == [1, 1, 1]
    assert [r.rated for r in live[(GUILD, "winter")]] == [3, 4, 1]  # Ana, Bo, Cy
    lines: list[str] = []
    done = await ratings.recompute(store, GAMES, progress=lines.append, every=3)
    assert (done.results, done.rated, done.coop, done.unrated) == (9, 7, 1, 1)
    assert lines[0] == "9 finished games to read" and "6 of 9 games read" in lines
    again = {key: await store.ratings(*key) for key in live}
    assert again == live
    # and still at most once per table: nothing ended is rated a second time
    table = await store.get_table(1)
    result = next(r for r in await store.results() if r.table_id == 1)
    outcome = Outcome.model_validate(result.outcome)
    assert not await ratings.rate_finished(store, table, outcome)


async def test_a_rating_is_provisional_for_the_first_five_rated_games(
    rated: TableService, store: Store
) -> None:
    for seed in range(4):
        await play(rated, "winter", [ANA, BO], seed=seed)
    ana = (await by_user(store, "winter"))[ANA.user_id]
    assert rating_boards.provisional(ana)
    assert "provisional, 4 rated games of 5" in rating_boards.rating_line(ana)
    await play(rated, "winter", [ANA, BO], seed=4)
    ana = (await by_user(store, "winter"))[ANA.user_id]
    assert not rating_boards.provisional(ana)
    line = rating_boards.rating_line(ana)
    assert "provisional" not in line and "(5 rated games)" in line
    # the trend: one arrow a game, the last five, each the change of the estimate
    moves = rating_boards.changes(ana)
    assert len(moves) == 5
    assert sum(moves) == pytest.approx(estimate(ana.mu, ana.sigma) - ratings.START)
    assert line.count("▲") + line.count("▼") + line.count("＝") == 5


async def test_the_leaderboard_lists_ratings_by_the_cautious_estimate_and_co_op_by_wins(
    rated: TableService, store: Store
) -> None:
    for seed in range(3):
        await play(rated, "winter", [ANA, BO], seed=seed)
        await play(rated, "winter", [CY, DI], seed=seed + 10)
    await play(rated, "coldest_night", [ANA, BO], seed=3)
    [board] = await rated.leaderboards(GUILD, "winter")
    records = await by_user(store, "winter")
    shown = [row.user_id for row in board.rows]
    assert sorted(shown) == sorted(records)
    scores = [estimate(records[u].mu, records[u].sigma) for u in shown]
    assert scores == sorted(scores, reverse=True)
    lines = standings.board_lines(board, mention=False)
    assert lines[0].startswith("🥇 ") and "rating" in lines[0] and "(provisional)" in lines[0]
    [coop] = await rated.leaderboards(GUILD, "The Coldest Night")
    assert coop.kind == "co-op" and {r.name for r in coop.rows} == {"Ana", "Bo"}
    overview = await rated.leaderboards(GUILD)
    assert [(b.game, b.kind) for b in overview] == [("coldest_night", "co-op"), ("winter", "rated")]
    assert all(len(b.rows) <= standings.OVERVIEW_SIZE for b in overview)


# the rules of rating, from outcomes ---------------------------------------------------------------


def table_of(game: str, *seats: SeatRecord, guild: int | None = GUILD) -> TableRecord:
    return TableRecord(id=1, game=game, guild_id=guild, seats=seats, status="finished")


def member(n: int) -> SeatRecord:
    return SeatRecord(name=f"P{n}", user_id=n)


def test_cold_comfort_ranks_the_winners_first_then_by_score_with_equal_scores_tied() -> None:
    # seat 2 won on gold among the two top scores; seats 0 and 3 share a lower score
    outcome = Outcome(winners=frozenset({2}), reason="end", scores={0: 5, 1: 9, 2: 9, 3: 5})
    assert ratings.ranks(outcome, 4) == [2, 1, 0, 2]
    table = table_of("cold_comfort", *(member(n) for n in range(1, 5)))
    after = {r.user_id: r for r in ratings.rated_records(table, outcome, {}, 1.0)}
    assert after[3].mu > after[2].mu > after[1].mu
    assert after[1].mu == pytest.approx(after[4].mu)


def test_dead_of_winter_standard_rates_met_objectives_tied_and_co_op_keeps_streaks() -> None:
    standard = Outcome(
        winners=frozenset({0, 2}),
        reason="main",
        scores={0: 1, 1: 0, 2: 1},
        results=tuple(SeatResult(seat=s, kind="secret", met=s != 1) for s in range(3)),
    )
    assert ratings.kind_of("dead_of_winter", standard) == "rated"
    assert ratings.ranks(standard, 3) == [0, 1, 0]
    coop = Outcome(
        winners=frozenset({0, 1}),
        reason="main",
        results=(
            SeatResult(seat=0, kind="coop", met=True),
            SeatResult(seat=1, kind="coop", met=True),
        ),
    )
    assert ratings.kind_of("dead_of_winter", coop) == "co-op"
    table = table_of("dead_of_winter", member(1), member(2))
    [one, _two] = ratings.updates(table, coop, {}, 1.0) or []
    assert one.game == "dead_of_winter:co-op"
    assert CoopStanding.of(one) == CoopStanding(played=1, wins=1, streak=1, best=1)


def test_a_co_operative_run_of_wins_breaks_on_a_loss_and_keeps_the_best() -> None:
    standing = CoopStanding()
    for won in (True, True, True, False, True):
        standing = standing.after(won)
    assert standing == CoopStanding(played=5, wins=4, streak=1, best=3)
    record = standing.record(GUILD, "tenth_night", 1, "P1", 1.0)
    assert CoopStanding.of(record) == standing
    assert rating_boards.coop_line(standing) == "Wins in a row: 1 now, best 3"


def test_a_co_operative_seat_an_ai_finished_belongs_to_its_member_and_a_resigned_one_lost() -> None:
    table = table_of(
        "coldest_night",
        member(1),
        SeatRecord(name="P2 (AI)", agent="random", resigned=True, resigned_by=2),
        SeatRecord(name="P3", agent="random", zombie_of=3),
        SeatRecord(name="Frost", agent="random"),
    )
    won = Outcome(winners=frozenset({0, 1, 2, 3}), reason="dawn")
    assert ratings.coop_results(table, won) == {1: ("P1", True), 2: ("P2", False), 3: ("P3", True)}


def test_unrated_tables_name_why() -> None:
    assert ratings.unrated_reason(table_of("winter", member(1), member(2))) is None
    ai = SeatRecord(name="Frost", agent="random")
    assert ratings.unrated_reason(table_of("winter", member(1), ai)) == "an AI played"
    zombie = SeatRecord(name="P2", agent="random", zombie_of=2)
    assert "timed out" in (ratings.unrated_reason(table_of("winter", member(1), zombie)) or "")
    twice = table_of("winter", member(1), member(1))
    assert ratings.unrated_reason(twice) == "one member held two seats"


def test_a_rating_reads_as_one_decimal_with_a_true_minus_sign() -> None:
    assert rating_boards.number(-1.83) == "−1.8"
    assert rating_boards.number(-0.04) == "0.0"
    assert rating_boards.number(12.345) == "12.3"


# the terminal: `python -m bot ratings --recompute` ------------------------------------------------


async def test_the_recompute_command_rebuilds_the_ratings_and_prints_one_summary_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ratings.db"
    store = SqliteStore(path)
    await store.connect()
    service = TableService(store, GAMES, new_seed=lambda: "cli-seed", clock=lambda: 1000.0)
    await play(service, "winter", [ANA, BO])
    live = await store.ratings(GUILD, "winter")
    await store.close()
    import asyncio

    code = await asyncio.to_thread(main, ["ratings", "--recompute", "--db", str(path)])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[0] == "1 finished game to read"
    assert out[-1] == (
        "Rebuilt the ratings from 1 finished game: 1 rated, 0 co-operative, 0 unrated; "
        "2 records stored."
    )
    store = SqliteStore(path)
    await store.connect()
    assert await store.ratings(GUILD, "winter") == live
    await store.close()
