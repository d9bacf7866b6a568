"""What `/game stats` and `/game leaderboard` show of ratings and co-operative standings: a
rating in words, its trend, and the leaderboard lists (`bot/ratings.py` computes and stores them).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from bot.ratings import (
    COOP,
    PROVISIONAL,
    START,
    CoopStanding,
    coop_key,
    estimate,
    kinds,
    play_of,
)
from rules.core import Play
from storage.base import RatingRecord, Store


def provisional(record: RatingRecord) -> bool:
    return record.rated < PROVISIONAL


def changes(record: RatingRecord) -> list[float]:
    """How the rating moved in each of the last rated games, oldest first (at most `TREND`, the
    first from the starting estimate when every game is still in the trend)."""
    values = list(record.trend)
    if record.rated <= len(values):
        values.insert(0, START)
    return [after - before for before, after in pairwise(values)]


def number(value: float) -> str:
    """A rating as players read it: one decimal, a true minus sign, never "-0.0"."""
    shown = round(value, 1)
    if shown == 0 or math.isnan(shown):
        return "0.0"
    return f"{shown:.1f}".replace("-", "−")


def trend_text(record: RatingRecord, games: int = 5) -> str:
    """The last few rated games as arrows and amounts: "▲1.2 ▼0.4 ▲3.0"."""
    moves = changes(record)[-games:]
    return " ".join(
        f"▲{number(m)}" if m > 0.05 else f"▼{number(-m)}" if m < -0.05 else "＝" for m in moves
    )


def rating_line(record: RatingRecord) -> str:
    """ "Rating 12.3 (14 rated games), last games ▲1.2 ▼0.4" or, under 5 games, provisional."""
    games = f"{record.rated} rated {'game' if record.rated == 1 else 'games'}"
    mark = f"provisional, {games} of {PROVISIONAL}" if provisional(record) else games
    trend = trend_text(record)
    return f"Rating {number(estimate(record.mu, record.sigma))} ({mark})" + (
        f", last games {trend}" if trend else ""
    )


def coop_line(standing: CoopStanding, game: str = "") -> str:
    """ "Wins in a row: 2 now, best 3" (the wins themselves are in the game's tally line); a game
    with a competitive mode too says these are its co-operative games'."""
    lead = "Co-operative games' wins in a row" if play_of(game) is Play.MIXED else "Wins in a row"
    return f"{lead}: {standing.streak} now, best {standing.best}"


@dataclass(frozen=True)
class BoardRow:
    user_id: int
    name: str
    text: str  # what follows the name: "rating 12.3 · 14 rated games"


@dataclass(frozen=True)
class Board:
    """One list of a leaderboard: a game's ratings, its co-operative wins, or its wins."""

    game: str
    kind: str  # "rated", "co-op", or "wins" (a game with neither)
    rows: tuple[BoardRow, ...]


def rating_board(game: str, records: Sequence[RatingRecord], limit: int) -> Board:
    """Rated members by their estimate (then more rated games, then user id)."""
    ordered = sorted(records, key=lambda r: (-estimate(r.mu, r.sigma), -r.rated, r.user_id))[:limit]
    rows = tuple(
        BoardRow(
            r.user_id,
            r.name,
            f"rating {number(estimate(r.mu, r.sigma))} · {r.rated} rated "
            f"{'game' if r.rated == 1 else 'games'}" + (" (provisional)" if provisional(r) else ""),
        )
        for r in ordered
    )
    return Board(game, "rated", rows)


def coop_board(game: str, records: Sequence[RatingRecord], limit: int) -> Board:
    """Co-operative members by wins (then fewer games, the best run, user id), with streaks."""
    standings = [(r, CoopStanding.of(r)) for r in records]
    standings.sort(key=lambda p: (-p[1].wins, p[1].played, -p[1].best, p[0].user_id))
    rows = tuple(
        BoardRow(
            r.user_id,
            r.name,
            f"{s.wins} {'win' if s.wins == 1 else 'wins'} in {s.played} "
            f"{'game' if s.played == 1 else 'games'} · {s.streak} in a row, best {s.best}",
        )
        for r, s in standings[:limit]
    )
    return Board(game, "co-op", rows)


async def boards(store: Store, guild_id: int, game: str, limit: int = 10) -> list[Board]:
    """A game's leaderboard lists at a server: its ratings, its co-operative standings or both
    (Dead of Winter); none for a game that has neither."""
    found = []
    for kind in kinds(game):
        if kind == "rated":
            found.append(rating_board(game, await store.ratings(guild_id, game), limit))
        else:
            found.append(coop_board(game, await store.ratings(guild_id, coop_key(game)), limit))
    return found


def member_standings(
    records: Sequence[RatingRecord],
) -> dict[str, tuple[RatingRecord | None, CoopStanding | None]]:
    """A member's records at a server by game key: (rating, co-operative standing)."""
    found: dict[str, tuple[RatingRecord | None, CoopStanding | None]] = {}
    for record in records:
        if record.game.endswith(COOP):
            game = record.game.removesuffix(COOP)
            rating = found.get(game, (None, None))[0]
            found[game] = (rating, CoopStanding.of(record))
        else:
            found[record.game] = (record, found.get(record.game, (None, None))[1])
    return found
