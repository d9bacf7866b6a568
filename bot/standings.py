"""Stats and leaderboards: `/game stats`, `/game leaderboard` (finished games per member, read
from `seat_results`; ratings and co-operative streaks, read from `bot.ratings`), and their lines."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot import rating_boards, ratings
from bot.ratings import CoopStanding
from bot.table_cache import find_game
from rules.core import Game
from storage.base import GameTally, LeaderRow, RatingRecord, Store

LEADERBOARD_SIZE = 10
OVERVIEW_SIZE = 5  # players per list when the leaderboard shows every game


class Standings:
    def __init__(self, store: Store, games: Mapping[str, Game[Any, Any, Any]]) -> None:
        self.store = store
        self.games = games

    async def stats(self, user_id: int, guild_id: int | None) -> list[GameTally]:
        """The user's finished and abandoned games per game, at one server (None: everywhere)."""
        return await self.store.player_stats(user_id, guild_id=guild_id)

    async def leaderboard(
        self, guild_id: int | None, game_key: str | None = None
    ) -> list[LeaderRow]:
        """The server's top players by wins (one game's, or all games'); an unknown game name is
        one sentence (`TableError`) listing the games."""
        key = find_game(self.games, game_key).key if game_key else None
        return await self.store.leaderboard(guild_id=guild_id, game=key, limit=LEADERBOARD_SIZE)

    async def member_stats(self, user_id: int, guild_id: int | None) -> list[GameStats]:
        """A member's games per game (`stats`), with their ratings and co-operative streaks at the
        server (none outside one: ratings belong to a server), by game title."""
        tallies = {t.game: t for t in await self.stats(user_id, guild_id)}
        standings = (
            rating_boards.member_standings(await self.store.member_ratings(user_id, guild_id))
            if guild_id is not None
            else {}
        )
        found = [
            GameStats(game, tallies.get(game), *standings.get(game, (None, None)))
            for game in set(tallies) | set(standings)
        ]
        titles = {key: game.title for key, game in self.games.items()}
        return sorted(found, key=lambda s: titles.get(s.game, s.game))

    async def leaderboards(
        self, guild_id: int, game_key: str | None = None
    ) -> list[rating_boards.Board]:
        """The server's leaderboard lists: of one game (its ratings, its co-operative wins, or
        both), or of every game with a result (`OVERVIEW_SIZE` players each), in title order. A
        game with neither (a test game) lists wins. An unknown game name is a `TableError`."""
        keys = (
            [find_game(self.games, game_key).key]
            if game_key
            else sorted(self.games, key=lambda key: self.games[key].title)
        )
        size = LEADERBOARD_SIZE if game_key else OVERVIEW_SIZE
        found: list[rating_boards.Board] = []
        for key in keys:
            lists = await rating_boards.boards(self.store, guild_id, key, size)
            if not ratings.kinds(key):
                rows = await self.store.leaderboard(guild_id=guild_id, game=key, limit=size)
                lists = [rating_boards.Board(key, "wins", tuple(wins_rows(rows)))]
            found.extend(board for board in lists if board.rows or game_key)
        return found


def stats_lines(tallies: Sequence[GameTally], titles: Mapping[str, str]) -> list[str]:
    """One line per game: "**Winter** — 5 played: 3 won, 1 lost, 1 abandoned"."""
    return [
        f"**{titles.get(t.game, t.game)}** — {t.played} played: {t.won} won, {t.lost} lost, "
        f"{t.abandoned} abandoned"
        for t in sorted(tallies, key=lambda t: titles.get(t.game, t.game))
    ]


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
            below.append(rating_boards.rating_line(entry.rating))
        if entry.unrated:
            below.append(
                f"{entry.unrated} unrated {'game' if entry.unrated == 1 else 'games'} "
                "(an AI or a substitute played)"
            )
        if entry.coop is not None:
            below.append(rating_boards.coop_line(entry.coop, entry.game))
        lines.extend(f"  {line}" for line in below)
    return lines


def wins_rows(rows: Sequence[LeaderRow]) -> list[rating_boards.BoardRow]:
    return [
        rating_boards.BoardRow(
            row.user_id,
            row.name,
            f"{row.won} {'win' if row.won == 1 else 'wins'} in {row.played} "
            f"{'game' if row.played == 1 else 'games'}",
        )
        for row in rows
    ]


BOARD_HEADINGS = {"rated": "rating", "co-op": "co-operative wins", "wins": "wins"}


def board_heading(board: rating_boards.Board, titles: Mapping[str, str]) -> str:
    """ "Winter — rating", "The Coldest Night — co-operative wins"."""
    return f"{titles.get(board.game, board.game)} — {BOARD_HEADINGS[board.kind]}"


def board_lines(board: rating_boards.Board, *, mention: bool) -> list[str]:
    """Ranked lines; `mention` writes `<@id>` (Discord shows the member's name, an embed never
    pings) instead of the stored name (the terminal)."""
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    return [
        f"{medals.get(rank, f'{rank}.')} {f'<@{row.user_id}>' if mention else row.name} — "
        f"{row.text}"
        for rank, row in enumerate(board.rows, start=1)
    ]
