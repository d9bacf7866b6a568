"""Seeded challenges in the service (`bot.challenges`): every table of a code, on every server,
plays the same deal; the seed stays hidden until the challenge closes; a challenge table refuses
undo; each finished table leaves one entry, and the leaderboard shows a group's names only to its
own server and a server's name only when that server allows it."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from bot import challenge_standings, challenges
from bot.console import Console
from bot.tables import Player, TableError, TableService
from rules import GAMES
from storage import MemoryStore
from storage.base import ChallengeEntry
from tests.bot.parts import Now
from tests.support.nim import NIM

ANA, BO, CY, DI = Player(11, "Ana"), Player(22, "Bo"), Player(33, "Cy"), Player(44, "Di")
NOON = dt.datetime(2026, 11, 29, 12, tzinfo=dt.UTC).timestamp()  # a Sunday
MIDNIGHT = dt.datetime(2026, 11, 30, tzinfo=dt.UTC).timestamp()  # the daily's close
MONDAY = MIDNIGHT  # the weekly's close too: the ISO week 48 ends on Sunday the 29th


def make(store: Any, games: Any = None, clock: Now | None = None) -> TableService:
    seeds = iter(f"seed{n}" for n in range(1000))
    return TableService(
        store, games or {"test_nim": NIM}, new_seed=lambda: next(seeds), clock=clock or Now(NOON)
    )


async def challenge_table(
    service: TableService,
    game: str,
    guild: int,
    players: tuple[Player, ...],
    value: str = "daily",
) -> int:
    table = await service.open(
        game, players[0], guild_id=guild, channel_id=guild * 10, options={"challenge": value}
    )
    for player in players[1:]:
        await service.join(table.id, player)
    return (await service.start(table.id, players[0].user_id)).table.id


async def finish_nim(service: TableService, table_id: int) -> Any:
    """Play Nim's 10 stones out, 3 at a time where possible; the last move's result."""
    while True:
        table = await service.table(table_id)
        seat = service.waiting_for(table)[0]
        stones = service.observation(table, None).stones
        played = await service.act(
            table_id, table.seats[seat].user_id or 0, f"take {min(3, stones)}"
        )
        if played.table.status == "finished":
            return played


# codes and their close ----------------------------------------------------------------------------
def test_a_daily_code_names_the_game_and_the_utc_day_and_closes_at_the_next_midnight() -> None:
    daily = challenges.current("coldest_night", "daily", NOON)
    assert daily.code == "coldest_night-2026-11-29"
    assert (daily.opens, daily.closes) == (MIDNIGHT - 86_400, MIDNIGHT)
    assert challenges.parse("2026-11-29", "coldest_night") == daily
    assert challenges.parse(" Coldest_Night-2026-11-29 ", "coldest_night") == daily


def test_a_weekly_code_names_the_iso_week_and_closes_on_monday_at_midnight_utc() -> None:
    weekly = challenges.current("tenth_night", "weekly", NOON)
    assert weekly.code == "tenth_night-2026-W48"
    assert weekly.closes == MONDAY
    assert dt.datetime.fromtimestamp(weekly.opens, dt.UTC).strftime("%A %H:%M") == "Monday 00:00"
    assert challenges.parse("tenth_night-2026-w48", "tenth_night") == weekly


def test_codes_of_another_game_of_no_real_day_or_of_nothing_are_refused_in_one_sentence() -> None:
    for code, words in (
        ("winter-2026-11-29", "another game"),
        ("coldest_night-2026-02-30", "does not exist"),
        ("coldest_night-2026-W60", "does not exist"),
        ("tomorrow", "not a challenge code"),
    ):
        with pytest.raises(TableError, match=words):
            challenges.parse(code, "coldest_night")


def test_the_seed_of_a_code_depends_on_the_secret_so_the_public_code_alone_does_not_give_it() -> (
    None
):
    code = "coldest_night-2026-11-29"
    one, other = bytes(32), bytes([1]) + bytes(31)
    assert challenges.seed_of(one, code) == challenges.seed_of(one, code)
    assert challenges.seed_of(one, code) != challenges.seed_of(other, code)
    assert challenges.seed_of(one, code) != challenges.seed_of(one, "coldest_night-2026-11-30")
    assert len(challenges.seed_of(one, code)) == 16


# the same deal everywhere -------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["coldest_night", "tenth_night", "dead_of_winter"])
async def test_two_tables_on_two_servers_playing_the_daily_get_the_same_deal_and_seed(
    store: Any, game: str
) -> None:
    service = make(store, GAMES)
    first = await challenge_table(service, game, 1, (ANA, BO))
    second = await challenge_table(service, game, 2, (CY, DI))
    ordinary = await service.open(game, ANA, guild_id=3, channel_id=30)
    await service.join(ordinary.id, BO)
    other = (await service.start(ordinary.id, ANA.user_id)).table
    a, b = await service.table(first), await service.table(second)
    assert a.challenge == b.challenge == f"{game}-2026-11-29"
    assert a.seed == b.seed and a.seed not in ("", "seed0") and other.seed == "seed0"
    assert a.state == b.state  # the same deal, dealt to the same seats
    assert other.state != a.state


async def test_a_second_process_on_the_same_database_derives_the_same_seed(store: Any) -> None:
    first, second = make(store, GAMES), make(store, GAMES)
    one = await first.open("tenth_night", ANA, guild_id=1, options={"challenge": "weekly"})
    two = await second.open("tenth_night", CY, guild_id=2, options={"challenge": "weekly"})
    assert one.seed == two.seed
    settings = await store.guild_settings(challenges.SECRET_GUILD)
    key = bytes.fromhex(settings[challenges.SECRET_KEY])
    assert one.seed == challenges.seed_of(key, "tenth_night-2026-W48")


async def test_a_challenge_takes_no_game_options_but_a_pace(store: Any) -> None:
    service = make(store, GAMES)
    with pytest.raises(TableError, match="standard rules: leave out `record_mode`"):
        await service.open(
            "tenth_night", ANA, guild_id=1, options={"challenge": "daily", "record_mode": True}
        )
    paced = await service.open(
        "tenth_night", ANA, guild_id=1, options={"challenge": "daily", "pace": "daily"}
    )
    assert paced.challenge == "tenth_night-2026-11-29" and paced.pace is not None


async def test_a_challenge_not_begun_yet_is_refused(store: Any) -> None:
    service = make(store, GAMES)
    with pytest.raises(TableError, match="has not begun yet"):
        await service.open(
            "tenth_night", ANA, guild_id=1, options={"challenge": "tenth_night-2026-11-30"}
        )


# the seed hidden until the close ------------------------------------------------------------------
async def test_the_seed_of_a_finished_challenge_table_is_revealed_only_when_the_challenge_closes(
    store: Any,
) -> None:
    clock = Now(NOON)
    service = make(store, clock=clock)
    table_id = await challenge_table(service, "test_nim", 1, (ANA, BO))
    played = await finish_nim(service, table_id)
    seed = played.table.seed
    assert played.ending is not None and played.summary is not None
    assert played.ending.seed == "" and played.ending.seed_hidden_until == MIDNIGHT
    assert seed not in played.summary
    assert f"come when the challenge closes <t:{int(MIDNIGHT)}:R>" in played.summary
    assert all(seed not in line for line in played.lines)
    clock.now = MIDNIGHT  # the challenge has closed: the seed may be shown
    ending = service.ending(played.table, played.outcome)
    assert ending.seed == seed and ending.seed_hidden_until is None
    assert seed in service.summary(played.table, played.outcome)


async def test_an_ordinary_table_still_shows_its_seed_at_the_end(store: Any) -> None:
    service = make(store)
    table = await service.open("test_nim", ANA, guild_id=1, channel_id=10)
    await service.join(table.id, BO)
    await service.start(table.id, ANA.user_id)
    played = await finish_nim(service, table.id)
    assert played.ending is not None and played.ending.seed == "seed0"
    assert played.ending.seed_hidden_until is None
    assert "Seed: `seed0`" in (played.summary or "")


# no take-backs ------------------------------------------------------------------------------------
async def test_a_challenge_table_refuses_undo_in_one_sentence(store: Any) -> None:
    service = make(store)
    table_id = await challenge_table(service, "test_nim", 1, (ANA, BO))
    await service.act(table_id, ANA.user_id, "take 1")
    with pytest.raises(TableError, match="A challenge table takes no moves back"):
        await service.undo(table_id, ANA.user_id)
    assert (await service.table(table_id)).ply == 1


# entries and the leaderboard ----------------------------------------------------------------------
async def test_a_finished_challenge_table_leaves_one_entry_with_its_players_and_result(
    store: Any,
) -> None:
    service = make(store)
    table_id = await challenge_table(service, "test_nim", 7, (ANA, BO))
    played = await finish_nim(service, table_id)
    [entry] = await store.challenge_entries("test_nim-2026-11-29")
    assert entry.table_id == table_id and entry.guild_id == 7
    assert entry.names == ("Ana", "Bo") and entry.players == 2 and not entry.assisted
    assert entry.score_text == "top score 1" and entry.finished_at == NOON
    assert played.table.status == "finished"


async def test_a_code_played_after_its_close_is_practice_and_shown_apart(store: Any) -> None:
    clock = Now(MIDNIGHT + 3600)  # the next day: yesterday's code is closed
    service = make(store, clock=clock)
    table_id = await challenge_table(service, "test_nim", 1, (ANA, BO), value="test_nim-2026-11-29")
    played = await finish_nim(service, table_id)
    assert played.ending is not None and played.ending.seed == played.table.seed  # public now
    assert await store.challenge_entries("test_nim-2026-11-29") == []
    [entry] = await store.challenge_entries("test_nim-2026-11-29" + challenges.PRACTICE)
    assert entry.table_id == table_id
    [(heading, lines)] = await challenge_standings.overview(
        service.store, service.games, service.clock, "test_nim-2026-11-29", 1
    )
    assert "test_nim-2026-11-29" in heading
    assert f"Seed `{played.table.seed}`" in lines[0]
    assert "No group has finished it yet." in lines
    assert lines[-1].startswith("Practice after the close: 1 game")


def entry(table_id: int, guild: int, won: bool, score: float, names: tuple[str, ...]) -> Any:
    return ChallengeEntry(
        code="test_nim-2026-11-29",
        game="test_nim",
        table_id=table_id,
        guild_id=guild,
        names=names,
        players=len(names),
        won=won,
        score=score,
        score_text=f"score {score:g}",
        finished_at=NOON + table_id,
    )


async def test_the_leaderboard_puts_wins_first_then_score_and_shows_names_only_to_their_server(
    store: Any,
) -> None:
    service = make(store)
    for guild in (100, 200, 300):  # an entry belongs to a table
        await service.open("test_nim", ANA, guild_id=guild)
    await store.record_challenge(entry(1, 100, False, 9, ("Ana", "Bo")))
    await store.record_challenge(entry(2, 200, True, 3, ("Cy", "Di", "Ed")))
    await store.record_challenge(entry(3, 300, True, 5, ("Fay",)))
    await challenge_standings.show_server(store, 300, "Frost Hollow")
    board = dict(
        await challenge_standings.overview(
            service.store, service.games, service.clock, "test_nim", 100
        )
    )
    [daily] = [lines for heading, lines in board.items() if "daily" in heading]
    assert daily[0] == f"Closes <t:{int(MIDNIGHT)}:R>."
    assert daily[1:] == [
        "1. ✅ won, score 5 · 1 player · at Frost Hollow",
        "2. ✅ won, score 3 · 3 players · another group",
        "3. ❌ lost, score 9 · 2 players · Ana, Bo (this server)",
    ]
    seen_by_200 = dict(
        await challenge_standings.overview(
            service.store, service.games, service.clock, "test_nim", 200
        )
    )
    text = "\n".join(line for lines in seen_by_200.values() for line in lines)
    assert "Cy, Di, Ed (this server)" in text and "Ana" not in text and "Fay" not in text
    seen_in_dm = dict(
        await challenge_standings.overview(
            service.store, service.games, service.clock, "test_nim", None
        )
    )
    text = "\n".join(line for lines in seen_in_dm.values() for line in lines)
    assert not any(name in text for name in ("Ana", "Bo", "Cy", "Di", "Fay"))
    await challenge_standings.show_server(store, 300, None)  # the server switches it off again
    again = dict(
        await challenge_standings.overview(
            service.store, service.games, service.clock, "test_nim", 100
        )
    )
    assert "Frost Hollow" not in "\n".join(line for lines in again.values() for line in lines)


async def test_every_game_has_a_daily_and_a_weekly_challenge_listed(store: Any) -> None:
    service = make(store, GAMES)
    shown = await challenge_standings.overview(service.store, service.games, service.clock, "", 1)
    assert len(shown) == 2 * len(GAMES)
    assert all("No group has finished it yet." in lines for _, lines in shown)
    with pytest.raises(TableError, match="Name the game"):
        await challenge_standings.overview(
            service.store, service.games, service.clock, "2026-11-29", 1
        )


# the terminal table -------------------------------------------------------------------------------
async def test_the_terminal_table_takes_challenge_daily_in_its_options_and_refuses_a_seed() -> None:
    store = MemoryStore()
    await store.connect()
    service = make(store, GAMES)
    out: list[str] = []
    console = Console(service, read=no_input, write=out.append, ansi=False)
    with pytest.raises(TableError, match="leave out --seed"):
        await console.new_table("coldest_night", seats=2, seed="9", options={"challenge": "daily"})
    table = await console.new_table(
        "coldest_night", seats=2, humans=0, options={"challenge": "daily"}
    )
    assert table.challenge == "coldest_night-2026-11-29" and table.seed not in ("", "9")
    table = await console.play(table)
    shown = "\n".join(out)
    assert table.status == "finished"
    assert (
        "The seed and the replay (`/game replay`) come when the challenge closes in 12 h." in shown
    )
    assert table.seed not in shown
    [entry] = await store.challenge_entries("coldest_night-2026-11-29")
    assert entry.table_id == table.id and entry.guild_id is None and entry.assisted
    await store.close()


async def no_input(timeout: float | None = None) -> str | None:
    return None


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("coldest_night", r"\d+ kindling cards? burnt in \d+ turns?"),
        ("tenth_night", r"survived \d+ nights?, rows worth \d+"),
        (
            "dead_of_winter",
            r"main objective (complete|missed), \d of \d personal objectives met, [1-9]\d* rounds?",
        ),
        ("winter", r"top score -?\d+"),
    ],
)
async def test_each_game_scores_its_challenge_in_its_own_words_with_ai_seats_marked_assisted(
    game: str, words: str
) -> None:
    store = MemoryStore()
    await store.connect()
    service = make(store, GAMES)
    console = Console(service, read=no_input, write=lambda line: None, ansi=False)
    table = await console.new_table(game, seats=2, humans=0, options={"challenge": "weekly"})
    table = await console.play(table)
    outcome = GAMES[game].outcome(service.state(table))
    assert table.status == "finished" and outcome is not None
    [entry] = await store.challenge_entries(f"{game}-2026-W48")
    assert re.fullmatch(words, entry.score_text), entry.score_text
    assert (
        entry.assisted
        and entry.players == 2
        and entry.names == tuple(seat.name for seat in table.seats)
    )
    if game == "dead_of_winter":  # the group's result is the colony's main objective
        assert entry.won == outcome.details["main_objective_complete"]
    elif game == "winter":  # competitive: no group result, the top score ranks
        assert not entry.won and entry.score == max((outcome.scores or {}).values())
    else:  # co-operative: everyone wins or nobody does
        assert entry.won == (len(outcome.winners) == 2)
    await store.close()
