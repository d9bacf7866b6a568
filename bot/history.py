"""Take-backs and stats: `/game undo`, `/game stats`, `/game leaderboard` (issue 12 §4, §6;
ratings and co-operative streaks, read from `bot.ratings`: issue 35 §4).

Kept out of `bot.tables` so the service's move path stays one file; `TableService` calls these
from three thin methods at its end. A take-back returns the table to exactly the state before
the move by replaying the stored action log up to it (the log is the source of truth; no earlier
state is stored), after the engine has ruled the move not final (`Engine.final`). The stored
`version` guards the write like any move, the action row goes and an audit entry stays, all in
one transaction (`Store.take_back`); the refreshed board and panels go out through the same
`Played` → presenter pipeline as a move.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot import ratings
from bot.ratings import CoopStanding
from bot.records import Played, TableError, seat_names
from rules.core import SYSTEM_SEAT, Game, format_event, seat_ref
from storage.base import GameTally, LeaderRow, RatingRecord, StaleActionError, UndoRecord

if TYPE_CHECKING:
    from bot.tables import TableService

log = logging.getLogger(__name__)

GAME_OVER = "You cannot take a move back: the game is over."
NO_MOVE = "You have no move to take back."
RACED = "The table changed at the same moment; please try again."
CHALLENGE = "A challenge table takes no moves back: every group plays it under the same rules."
LEADERBOARD_SIZE = 10


async def undo(service: TableService, table_id: int, user_id: int) -> Played:
    """Take back the user's own last move if it is the table's last move, the engine rules it
    not final and the game is not over; otherwise one sentence says why (`TableError`)."""
    async with service.lock(table_id):
        table = await service.store.get_table(table_id)
        if table.status == "finished":
            raise TableError(GAME_OVER)
        if table.challenge:
            raise TableError(CHALLENGE)
        seat = service._seat(table, user_id)  # a lobby, a closed table, someone not seated
        entries = await service.store.actions(table_id)
        if not any(entry.seat == seat for entry in entries):
            raise TableError(NO_MOVE)
        last = entries[-1]
        if last.seat != seat:
            who = (
                "the game's clock has"
                if last.seat == SYSTEM_SEAT
                else f"another player ({table.seats[last.seat].name}) has"
            )
            raise TableError(f"You cannot take your move back: {who} moved since.")
        game = service.games[table.game]
        engine = service.engines[table.game]
        seats = len(table.seats)
        before = engine.replay(
            seats, table.options, table.seed, [(e.seat, e.action) for e in entries[:-1]]
        )
        action = engine.parse_action(last.action)
        step = engine.act(before, seat, action, seed=table.seed, ply=last.ply, checked=True)
        now_state = service.state(table)
        if step.state != now_state:
            log.warning(
                "table %s does not replay to its stored state at ply %s", table.id, last.ply
            )
            raise TableError("That move cannot be taken back: the table's log does not replay.")
        reason = engine.final(
            before, seat, action, step, seed=table.seed, ply=last.ply, seats=seats
        )
        if reason is not None:
            raise TableError(f"That move cannot be taken back: {reason}.")
        text = audit_line(game, before, seat, action)
        waited = service._waiting_set(table, now_state) | {seat}
        new = table.model_copy(
            update={
                "state": before.model_dump(mode="json"),
                "ply": last.ply - 1,
                "status": "active",
                "updated_at": service.clock(),
                "deadline": service._deadline(game, now_state, before, table.deadline),
                # a paced table's seat clocks follow the state taken back to, as after a move
                **service._pace_fields(Played(table=table), table, before, None, service.clock()),
            }
        )
        record = UndoRecord(
            table_id=table.id,
            ply=last.ply,
            seat=seat,
            action=last.action,
            text=text,
            at=service.clock(),
        )
        try:
            table = await service.store.take_back(new, table.version, record)
        except StaleActionError:
            service._forget_copy(table.id)
            raise TableError(RACED) from None
        service._keep(table, before)
        played = Played(table=table, waited_before=waited)
        played.lines.append(format_event(text, seat_names(table)))
        return await service.report(played)


def audit_line(game: Game[Any, Any, Any], before: Any, seat: int, action: Any) -> str:
    """The log's line for a take-back, seats as placeholders. A secret move (a ballot) is not
    named: the line is public, and the move was seen by its maker alone."""
    if game.is_secret(before, action):
        return f"{seat_ref(seat)} took back a secret move."
    return f"{seat_ref(seat)} took back: {game.label(before, action)}"


async def stats(service: TableService, user_id: int, guild_id: int | None) -> list[GameTally]:
    """The user's finished and abandoned games per game, at one server (None: everywhere)."""
    return await service.store.player_stats(user_id, guild_id=guild_id)


async def leaderboard(
    service: TableService, guild_id: int | None, game_key: str | None = None
) -> list[LeaderRow]:
    """The server's top players by wins (one game's, or all games'); an unknown game name is
    one sentence (`TableError`) listing the games."""
    key = service.game(game_key).key if game_key else None
    return await service.store.leaderboard(guild_id=guild_id, game=key, limit=LEADERBOARD_SIZE)


def stats_lines(tallies: Sequence[GameTally], titles: Mapping[str, str]) -> list[str]:
    """One line per game: "**Winter** — 5 played: 3 won, 1 lost, 1 abandoned"."""
    return [
        f"**{titles.get(t.game, t.game)}** — {t.played} played: {t.won} won, {t.lost} lost, "
        f"{t.abandoned} abandoned"
        for t in sorted(tallies, key=lambda t: titles.get(t.game, t.game))
    ]


# ratings and streaks (`bot.ratings`, issue 35 §4) -------------------------------------------------

OVERVIEW_SIZE = 5  # players per list when the leaderboard shows every game


@dataclass(frozen=True)
class GameStats:
    """A member's standing at one game at one server: finished games, rating, co-op streaks."""

    game: str
    tally: GameTally | None = None
    rating: RatingRecord | None = None
    coop: CoopStanding | None = None

    @property
    def unrated(self) -> int:
        """Finished games of a rated game that changed no rating (AI seats, substitutes…)."""
        if "rated" not in ratings.kinds(self.game) or self.tally is None:
            return 0
        counted = (self.rating.rated if self.rating else 0) + (self.coop.played if self.coop else 0)
        return max(0, self.tally.won + self.tally.lost - counted)


async def member_stats(
    service: TableService, user_id: int, guild_id: int | None
) -> list[GameStats]:
    """A member's games per game (`stats`), with their ratings and co-operative streaks at the
    server (none outside one: ratings belong to a server), by game title."""
    tallies = {t.game: t for t in await stats(service, user_id, guild_id)}
    standings = (
        ratings.member_standings(await service.store.member_ratings(user_id, guild_id))
        if guild_id is not None
        else {}
    )
    found = [
        GameStats(game, tallies.get(game), *standings.get(game, (None, None)))
        for game in set(tallies) | set(standings)
    ]
    titles = {key: game.title for key, game in service.games.items()}
    return sorted(found, key=lambda s: titles.get(s.game, s.game))


def member_lines(found: Sequence[GameStats], titles: Mapping[str, str]) -> list[str]:
    """Per game: the tally line (`stats_lines`), then the rating and its trend, how many games
    were unrated, and the co-operative run of wins."""
    lines = []
    for entry in found:
        if entry.tally is not None:
            lines.extend(stats_lines([entry.tally], titles))
        else:
            lines.append(f"**{titles.get(entry.game, entry.game)}**")
        below = []
        if entry.rating is not None:
            below.append(ratings.rating_line(entry.rating))
        if entry.unrated:
            below.append(
                f"{entry.unrated} unrated {'game' if entry.unrated == 1 else 'games'} "
                "(an AI or a substitute played)"
            )
        if entry.coop is not None:
            below.append(ratings.coop_line(entry.coop, entry.game))
        lines.extend(f"  {line}" for line in below)
    return lines


async def leaderboards(
    service: TableService, guild_id: int, game_key: str | None = None
) -> list[ratings.Board]:
    """The server's leaderboard lists: of one game (its ratings, its co-operative wins, or both),
    or of every game with a result (`OVERVIEW_SIZE` players each), in title order. A game with
    neither (a test game) lists wins. An unknown game name is a `TableError`."""
    keys = (
        [service.game(game_key).key]
        if game_key
        else sorted(service.games, key=lambda key: service.games[key].title)
    )
    size = LEADERBOARD_SIZE if game_key else OVERVIEW_SIZE
    found: list[ratings.Board] = []
    for key in keys:
        lists = await ratings.boards(service.store, guild_id, key, size)
        if not ratings.kinds(key):
            rows = await service.store.leaderboard(guild_id=guild_id, game=key, limit=size)
            lists = [ratings.Board(key, "wins", tuple(wins_rows(rows)))]
        found.extend(board for board in lists if board.rows or game_key)
    return found


def wins_rows(rows: Sequence[LeaderRow]) -> list[ratings.BoardRow]:
    return [
        ratings.BoardRow(
            row.user_id,
            row.name,
            f"{row.won} {'win' if row.won == 1 else 'wins'} in {row.played} "
            f"{'game' if row.played == 1 else 'games'}",
        )
        for row in rows
    ]


BOARD_HEADINGS = {"rated": "rating", "co-op": "co-operative wins", "wins": "wins"}


def board_heading(board: ratings.Board, titles: Mapping[str, str]) -> str:
    """ "Winter — rating", "The Coldest Night — co-operative wins"."""
    return f"{titles.get(board.game, board.game)} — {BOARD_HEADINGS[board.kind]}"


def board_lines(board: ratings.Board, *, mention: bool) -> list[str]:
    """Ranked lines; `mention` writes `<@id>` (Discord shows the member's name, an embed never
    pings) instead of the stored name (the terminal)."""
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    return [
        f"{medals.get(rank, f'{rank}.')} {f'<@{row.user_id}>' if mention else row.name} — "
        f"{row.text}"
        for rank, row in enumerate(board.rows, start=1)
    ]
