"""Ratings: OpenSkill ratings of competitive games, wins and streaks of co-operative
ones, per game and per server.

**Rated games.** Winter (two players), Cold Comfort (two to six, ranked by the outcome: the winners
first, then the others by score, equal scores tied) and Dead of Winter's competitive modes (the
standard game and the prisoner's dilemma: the seats whose personal objective won first, all tied,
then everyone else, tied). Each member's rating is an OpenSkill Plackett–Luce rating (`openskill`,
the maintained library; no formula of ours). What players read as their "rating" is its
conservative estimate (`ordinal`: mu − 3σ), which starts at 0 and rises as the bot grows sure of a
good player; leaderboards sort by it. Fewer than `PROVISIONAL` rated games is "provisional".

**Unrated games.** A competitive game counts as unrated — its result is in the stats, it never
changes a rating — when any seat was not played from start to end by the one member holding it at
the end: an AI seat, a seat an AI finished after its member resigned or timed out, a seat a
substitute took over or whose member came back after an AI played it (`SeatRecord.handed_over`),
or one member holding two seats.

**Co-operative games** (The Coldest Night, The 10th Night, Dead of Winter's co-op mode) are not
rated: each member keeps wins and streaks (the current and the best run of won games), whoever
else sat at the table. A seat's result belongs to the member `/game stats` gives it to
(`SeatRecord.result_owner`; a resigned member lost). They are stored as rating records under the
key `<game>:co-op` (see `CoopStanding` for which field holds what), so both kinds are applied, at
most once per table, by the same `Store.apply_ratings` and rebuilt by the same recompute.

A table is applied once when its game ends (`MoveRunner.commit` calls `rate_finished`), inside
one store transaction that also marks it rated; `python -m bot ratings --recompute` forgets every
rating and applies every stored result again in finish order with the same functions, so it gives
the ratings the live updates gave. Games not named here (the test games) are neither. What
`/game stats` and `/game leaderboard` show of them is `bot/rating_boards.py`.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from openskill.models import PlackettLuce

from rules import GAMES
from rules.core import Outcome, Play
from rules.game_text import plural
from storage.base import AI_SUFFIX, RatingRecord, Store, TableNotFoundError, TableRecord

log = logging.getLogger(__name__)

MODEL = PlackettLuce()  # OpenSkill's defaults: mu 25, sigma 25/3, so a new rating's estimate is 0
PROVISIONAL = 5  # rated games before a rating stops being provisional
TREND = 10  # estimates kept after the last rated games
COOP = ":co-op"  # the key suffix of co-operative standings

Kind = Literal["rated", "co-op"]


def play_of(game: str) -> Play | None:
    """Who wins in a registered game, by its record (`GameInfo.play`); None for a game outside
    the registry (a test's), which is neither rated nor co-operative."""
    found = GAMES.get(game)
    return None if found is None else found.info.play


def kind_of(game: str, outcome: Outcome) -> Kind | None:
    """Whether a finished game is rated or co-operative; None for a game that is neither. A mixed
    game (Dead of Winter) is rated unless its outcome says the table played co-operatively."""
    play = play_of(game)
    if play is Play.COMPETITIVE:
        return "rated"
    if play is Play.COOPERATIVE:
        return "co-op"
    if play is Play.MIXED:
        return "co-op" if any(r.kind == "coop" for r in outcome.results) else "rated"
    return None


def kinds(game: str) -> tuple[Kind, ...]:
    """The lists a game can have on a leaderboard, rated first."""
    play = play_of(game)
    if play is Play.COMPETITIVE:
        return ("rated",)
    if play is Play.COOPERATIVE:
        return ("co-op",)
    if play is Play.MIXED:
        return ("rated", "co-op")
    return ()


def coop_key(game: str) -> str:
    """The stored key of a game's co-operative standings."""
    return game + COOP


def estimate(mu: float, sigma: float) -> float:
    """The conservative estimate players read as the rating (OpenSkill's ordinal)."""
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


START = estimate(MODEL.mu, MODEL.sigma)


def unrated_reason(table: TableRecord) -> str | None:
    """Why a finished competitive table changes no rating, in a sentence's words; None if rated."""
    for seat in table.seats:
        if seat.user_id is None:
            if seat.resigned_by is not None:
                return "a player resigned and an AI finished their seat"
            if seat.zombie_of is not None:
                return "an AI finished the seat of a player who timed out"
            return "an AI played"
        if seat.handed_over:
            return "a seat changed hands during the game"
    members = [seat.user_id for seat in table.seats]
    if len(set(members)) < len(members):
        return "one member held two seats"
    return None


def ranks(outcome: Outcome, seats: int) -> list[int]:
    """Each seat's place, 0 the best and equal places tied: the winners first, then the higher
    score (a seat without a score has 0)."""
    scores = outcome.scores or {}
    keys = [(seat not in outcome.winners, -scores.get(seat, 0)) for seat in range(seats)]
    order = sorted(set(keys))
    return [order.index(key) for key in keys]


def rated_records(
    table: TableRecord, outcome: Outcome, current: Mapping[int, RatingRecord], now: float
) -> list[RatingRecord]:
    """The new ratings of a rated table's members from `current` (their ratings at this game and
    server, by user id; a member without one starts fresh). Pure: the live update and the
    recompute both call it."""
    guild = table.guild_id or 0
    members = [seat.user_id for seat in table.seats if seat.user_id is not None]
    before = [current.get(user) for user in members]
    teams = [
        [MODEL.rating()] if old is None else [MODEL.rating(mu=old.mu, sigma=old.sigma)]
        for old in before
    ]
    after = MODEL.rate(teams, ranks=[float(r) for r in ranks(outcome, len(table.seats))])
    records = []
    for seat, old, [new] in zip(table.seats, before, after, strict=True):
        assert seat.user_id is not None
        trend = (*(old.trend if old else ()), estimate(new.mu, new.sigma))[-TREND:]
        records.append(
            RatingRecord(
                guild_id=guild,
                game=table.game,
                user_id=seat.user_id,
                name=seat.name,
                mu=new.mu,
                sigma=new.sigma,
                rated=(old.rated if old else 0) + 1,
                trend=trend,
                updated_at=now,
            )
        )
    return records


@dataclass(frozen=True)
class CoopStanding:
    """A member's co-operative games of one game at one server: games counted, wins, the current
    run of won games and the best. Stored as a `RatingRecord` under `coop_key(game)` with no
    rating (`mu`, `sigma` 0): `rated` counts the games, `wins`, `streak` and `best_streak` the
    rest."""

    played: int = 0
    wins: int = 0
    streak: int = 0
    best: int = 0

    @classmethod
    def of(cls, record: RatingRecord | None) -> CoopStanding:
        if record is None:
            return cls()
        return cls(record.rated, record.wins, record.streak, record.best_streak)

    def after(self, won: bool) -> CoopStanding:
        streak = self.streak + 1 if won else 0
        return CoopStanding(self.played + 1, self.wins + int(won), streak, max(self.best, streak))

    def record(self, guild_id: int, game: str, user_id: int, name: str, now: float) -> RatingRecord:
        return RatingRecord(
            guild_id=guild_id,
            game=coop_key(game),
            user_id=user_id,
            name=name,
            mu=0.0,
            sigma=0.0,
            rated=self.played,
            wins=self.wins,
            streak=self.streak,
            best_streak=self.best,
            updated_at=now,
        )


def coop_results(table: TableRecord, outcome: Outcome) -> dict[int, tuple[str, bool]]:
    """Each member's (name, won) at a finished co-operative table, as `/game stats` counts it: a
    seat's result belongs to `result_owner`, a resigned member lost (named without the AI mark);
    a member holding two seats is counted once, won if either seat won."""
    found: dict[int, tuple[str, bool]] = {}
    for index, seat in enumerate(table.seats):
        owner = seat.result_owner
        if owner is None:
            continue
        won = seat.resigned_by is None and index in outcome.winners
        name = seat.name.removesuffix(AI_SUFFIX) if seat.resigned_by is not None else seat.name
        previous = found.get(owner)
        found[owner] = (name, won) if previous is None else (previous[0], previous[1] or won)
    return found


def coop_records(
    table: TableRecord, outcome: Outcome, current: Mapping[int, RatingRecord], now: float
) -> list[RatingRecord]:
    """The co-operative standings after a finished co-op table, from `current` (by user id)."""
    guild = table.guild_id or 0
    return [
        CoopStanding.of(current.get(user)).after(won).record(guild, table.game, user, name, now)
        for user, (name, won) in sorted(coop_results(table, outcome).items())
    ]


def members_of(table: TableRecord, kind: Kind) -> list[int]:
    if kind == "rated":
        return [seat.user_id for seat in table.seats if seat.user_id is not None]
    return sorted({owner for seat in table.seats if (owner := seat.result_owner) is not None})


def updates(
    table: TableRecord, outcome: Outcome, current: Mapping[int, RatingRecord], now: float
) -> list[RatingRecord] | None:
    """What a finished table changes (`current`: the members' records at the key it changes);
    None when it changes nothing (an unrated table, a game that is neither)."""
    kind = kind_of(table.game, outcome)
    if kind == "co-op":
        return coop_records(table, outcome, current, now)
    if kind == "rated" and unrated_reason(table) is None:
        return rated_records(table, outcome, current, now)
    return None


def key_of(table: TableRecord, outcome: Outcome) -> str:
    return coop_key(table.game) if kind_of(table.game, outcome) == "co-op" else table.game


# Applying: one finished table, then all of them -------------------------------------------------

# One lock per store: two tables ending at once must not both read a member's rating before either
# writes it (a server's tables are played in one process).
_LOCKS: weakref.WeakKeyDictionary[object, asyncio.Lock] = weakref.WeakKeyDictionary()


def _lock(store: Store) -> asyncio.Lock:
    found = _LOCKS.get(store)
    if found is None:
        found = _LOCKS[store] = asyncio.Lock()
    return found


async def rate_finished(
    store: Store, table: TableRecord, outcome: Outcome, *, now: float | None = None
) -> bool:
    """Apply a table's finished game to the ratings or co-operative standings, once (the store
    marks the table in the same transaction). True if anything changed. Never raises: a rating
    that fails is logged, and the game's end goes on (`ratings --recompute` repairs it)."""
    try:
        kind = kind_of(table.game, outcome)
        if kind is None or (kind == "rated" and unrated_reason(table) is not None):
            return False
        key = key_of(table, outcome)
        guild = table.guild_id or 0
        async with _lock(store):
            current: dict[int, RatingRecord] = {}
            for user in members_of(table, kind):
                for record in await store.member_ratings(user, guild):
                    if record.game == key:
                        current[user] = record
            changes = updates(table, outcome, current, time.time() if now is None else now)
            return bool(changes) and await store.apply_ratings(table.id, changes or ())
    except Exception:
        log.exception("rating table %s failed; `ratings --recompute` rebuilds it", table.id)
        return False


@dataclass(frozen=True)
class Recomputed:
    results: int = 0
    rated: int = 0
    coop: int = 0
    unrated: int = 0
    members: int = 0

    def summary(self) -> str:
        """One line: "Rebuilt the ratings from 12 finished games: 8 rated, 2 co-operative, 2
        unrated; 9 members' records stored." (games without ratings are said when there are)."""
        other = self.results - self.rated - self.coop - self.unrated
        others = f", {plural(other, 'other game')}" if other else ""
        return (
            f"Rebuilt the ratings from {plural(self.results, 'finished game')}: {self.rated} "
            f"rated, {self.coop} co-operative, {self.unrated} unrated{others}; "
            f"{plural(self.members, 'record')} stored."
        )


async def recompute(
    store: Store,
    games: Iterable[str],
    *,
    progress: Callable[[str], None] = lambda line: None,
    every: int = 500,
    limit: int = 10_000_000,
) -> Recomputed:
    """Forget every rating and apply every stored result again in finish order (then table id),
    with the same functions as the live update; `progress` hears a line every `every` games."""
    known = set(games)
    stored = [r for r in await store.results(limit=limit) if r.game in known]
    stored.sort(key=lambda r: (r.finished_at, r.table_id))
    progress(f"{plural(len(stored), 'finished game')} to read")
    async with _lock(store):
        await store.clear_ratings()
        current: dict[tuple[int, str, int], RatingRecord] = {}
        counts = {"rated": 0, "co-op": 0, "unrated": 0}
        for done, result in enumerate(stored, start=1):
            try:
                table = await store.get_table(result.table_id)
            except TableNotFoundError:
                continue
            outcome = Outcome.model_validate(result.outcome)
            kind = kind_of(table.game, outcome)
            if kind is not None:
                guild, key = table.guild_id or 0, key_of(table, outcome)
                mine = {
                    user: current[(guild, key, user)]
                    for user in members_of(table, kind)
                    if (guild, key, user) in current
                }
                changes = updates(table, outcome, mine, result.finished_at)
                if changes is None:
                    counts["unrated"] += 1
                else:
                    await store.apply_ratings(table.id, changes)
                    counts[kind] += 1
                    for record in changes:
                        current[(record.guild_id, record.game, record.user_id)] = record
            if done % every == 0:
                progress(f"{done} of {len(stored)} games read")
    return Recomputed(
        results=len(stored),
        rated=counts["rated"],
        coop=counts["co-op"],
        unrated=counts["unrated"],
        members=len(current),
    )
