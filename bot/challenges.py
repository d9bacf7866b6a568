"""Seeded challenges: the same deal and dice for every group that plays a code.

A challenge is a game and a period: a day (`coldest_night-2026-11-29`, closing at the next 00:00
UTC) or an ISO week (`coldest_night-2026-W48`, closing on the Monday after it at 00:00 UTC). A
table opened with `challenge=daily`, `weekly` or a code plays the game's standard options with a
seed made from the code and a bot-wide secret (`HMAC-SHA256(secret, code)`): every table of that
code, on every server and every process sharing the database, gets the same deal, and the AI
seats' rngs follow from the seed as at any table. The secret is made once and kept in the store
(the settings row of guild 0), so nobody can compute a seed from the public code; the seed is
shown only once the challenge has closed.

Decisions where the issue is silent:
- A challenge takes no game options (only `pace`): groups that played other rules would not be
  comparable. The number of seats is free; the leaderboard shows it.
- A code of a challenge that has not begun yet is refused. A code whose challenge has closed can
  still be played: its seed is public by then, so it is practice — its result is recorded under
  `<code>/practice` and shown apart. A result counts on the leaderboard only when the game ended
  before the close (a table started at 23:50 and finished at 00:10 is practice).
- A challenge table refuses `/game undo` (`bot.undo`); there are no move suggestions yet. A
  result with a seat played by an AI (from the start, after a resignation or timeouts) is marked
  "assisted".
- The score is the game's own measure, higher is better (`score_of`, asking the game's text
  object): The Coldest Night the kindling cards burnt, The 10th Night the nights survived (then
  the rows' scores), Dead of Winter the objectives met (then fewer rounds to a win, or more
  rounds held before a loss), competitive games the top score.

The leaderboard (`/game challenge`) is `bot.challenge_standings`.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import logging
import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from bot.records import TableError
from rules.core import Game, Outcome, Seat
from storage.base import ChallengeEntry, Store, TableRecord

log = logging.getLogger(__name__)

Kind = Literal["daily", "weekly"]
KINDS: tuple[Kind, ...] = ("daily", "weekly")
PRACTICE = "/practice"  # the suffix of the code a practice result is recorded under
SECRET_GUILD = 0  # the settings row that holds the bot-wide secret (no server has id 0)
SECRET_KEY = "challenge_secret"
SHOW_SERVER = "challenge_show_server"  # a server's setting: its name is shown to other servers
SERVER_NAME = "challenge_server_name"  # the name to show, kept when the setting is switched on
DAY = 86_400.0
_CODE = re.compile(
    r"^(?:(?P<game>[a-z][a-z0-9_]*)-)?(?:(?P<day>\d{4}-\d{2}-\d{2})|(?P<year>\d{4})-w(?P<week>\d{1,2}))$"
)


@dataclass(frozen=True)
class Challenge:
    """One game's challenge of one day or week."""

    code: str
    game: str
    kind: Kind
    opens: float  # UTC seconds
    closes: float

    def closed(self, now: float) -> bool:
        return now >= self.closes

    @property
    def period(self) -> str:
        """ "29 November 2026", "the week of 23 November 2026"."""
        start = dt.datetime.fromtimestamp(self.opens, dt.UTC)
        day = f"{start.day} {start:%B %Y}"
        return day if self.kind == "daily" else f"the week of {day}"


def _at(day: dt.date) -> float:
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp()


def current(game: str, kind: Kind, now: float) -> Challenge:
    """The challenge of `game` running at `now`: today's (UTC) or this ISO week's."""
    today = dt.datetime.fromtimestamp(now, dt.UTC).date()
    if kind == "daily":
        return Challenge(f"{game}-{today:%Y-%m-%d}", game, "daily", _at(today), _at(today) + DAY)
    year, week, weekday = today.isocalendar()
    monday = today - dt.timedelta(days=weekday - 1)
    opens = _at(monday)
    return Challenge(f"{game}-{year}-W{week:02d}", game, "weekly", opens, opens + 7 * DAY)


def parse(code: str, game: str) -> Challenge:
    """A shared code of `game` ("coldest_night-2026-11-29", "coldest_night-2026-W48", or the
    same without the game) as its challenge; a code of another game or of no date is refused."""
    found = _CODE.match(code.strip().casefold())
    if found is None:
        raise TableError(
            f"“{code.strip()[:60]}” is not a challenge code: use `challenge=daily`, "
            f"`challenge=weekly` or a code such as `{game}-2026-11-29` or `{game}-2026-W48`."
        )
    if found["game"] and found["game"] != game:
        raise TableError(f"That code is a challenge of another game (`{found['game']}`).")
    try:
        if found["day"]:
            day = dt.date.fromisoformat(found["day"])
            return Challenge(f"{game}-{day:%Y-%m-%d}", game, "daily", _at(day), _at(day) + DAY)
        year, week = int(found["year"]), int(found["week"])
        monday = dt.date.fromisocalendar(year, week, 1)
    except ValueError:
        raise TableError("That code names a day or week that does not exist.") from None
    opens = _at(monday)
    return Challenge(f"{game}-{year}-W{week:02d}", game, "weekly", opens, opens + 7 * DAY)


def of_table(table: TableRecord) -> Challenge | None:
    """The challenge a table plays, or None."""
    if not table.challenge:
        return None
    try:
        return parse(table.challenge, table.game)
    except TableError:
        return None


def choose(game: str, value: str, now: float) -> Challenge:
    """`challenge=daily`, `weekly` or a code, at `now`: a challenge not begun yet is refused."""
    word = value.strip().casefold()
    if word in KINDS:
        return current(game, "daily" if word == "daily" else "weekly", now)
    chosen = parse(value, game)
    if now < chosen.opens:
        raise TableError(
            f"That challenge has not begun yet: it opens <t:{int(chosen.opens)}:R>. "
            "Today's is `challenge=daily`."
        )
    return chosen


# the seed ------------------------------------------------------------------------------------
async def secret(store: Store) -> bytes:
    """The bot-wide secret, made on first use and kept in the store, so every process sharing the
    database derives the same seeds. Read each time (one indexed row): two processes that made one
    at the very same first moment agree on the stored one from then on."""
    settings = await store.guild_settings(SECRET_GUILD)
    found = settings.get(SECRET_KEY)
    if not isinstance(found, str) or not found:
        await store.set_guild_settings(
            SECRET_GUILD, {**settings, SECRET_KEY: secrets.token_hex(32)}
        )
        found = (await store.guild_settings(SECRET_GUILD))[SECRET_KEY]
    return bytes.fromhex(str(found))


def seed_of(key: bytes, code: str) -> str:
    """The seed of a code: 16 hex digits, like every table's seed."""
    return hmac.new(key, code.encode(), hashlib.sha256).hexdigest()[:16]


async def prepare(
    store: Store, game: str, value: str, options: Mapping[str, Any] | None, now: float
) -> tuple[Challenge, str]:
    """`TableService.open`'s `challenge=` option: the challenge and the table's seed. A challenge
    is played with the game's standard options, so any other option is refused."""
    if options:
        names = "`, `".join(sorted(options))
        raise TableError(
            f"A challenge is played with the standard rules: leave out `{names}` "
            "(only `pace` may be set)."
        )
    chosen = choose(game, value, now)
    return chosen, seed_of(await secret(store), chosen.code)


def hidden_until(table: TableRecord, now: float) -> float | None:
    """When a challenge table's seed may be shown: the close of its challenge, while it is still
    to come; None when the seed may be shown now (no challenge, or closed)."""
    chosen = of_table(table)
    if chosen is None or chosen.closed(now):
        return None
    return chosen.closes


def seed_words(table: TableRecord, now: float) -> str:
    """The end-of-game words about the seed: the seed, or when it will be shown."""
    until = hidden_until(table, now)
    if until is not None:
        return (
            "The seed and the replay (`/game replay`) come when the challenge closes "
            f"<t:{int(until)}:R>."
        )
    return f"Seed: `{table.seed}` (every shuffle and roll can be replayed from it)."


def lobby_line(table: TableRecord) -> str | None:
    """The lobby's line about a challenge table: which challenge, and what that means."""
    chosen = of_table(table)
    if chosen is None:
        return None
    return (
        f"Challenge: the {chosen.kind} challenge of {chosen.period} (`{chosen.code}`): every "
        "group plays the same deal, with the standard rules and no take-backs."
    )


# results -------------------------------------------------------------------------------------
def score_of(
    game: Game[Any, Any, Any], outcome: Outcome, public: Any, seats: int
) -> tuple[bool, float, str]:
    """(won, score, the score in words) of a finished game, from its `Outcome` and the public
    view of its last state: the game's own measure (`GameText.challenge_score`). Higher is
    better; the words name no player."""
    return game.text.challenge_score(outcome, public, seats)


def entry_of(
    game: Game[Any, Any, Any],
    table: TableRecord,
    chosen: Challenge,
    outcome: Outcome,
    public: Any,
    finished_at: float,
) -> ChallengeEntry:
    """The group's result at `chosen` (a practice one when the game ended after the close)."""
    won, score, words = score_of(game, outcome, public, len(table.seats))
    return ChallengeEntry(
        code=chosen.code + (PRACTICE if chosen.closed(finished_at) else ""),
        game=table.game,
        table_id=table.id,
        guild_id=table.guild_id,
        names=tuple(seat.name for seat in table.seats),
        players=len(table.seats),
        won=won,
        score=score,
        score_text=words,
        assisted=any(seat.user_id is None for seat in table.seats),
        finished_at=finished_at,
    )


async def record(
    store: Store,
    table: TableRecord,
    outcome: Outcome,
    *,
    game: Game[Any, Any, Any],
    observation: Callable[[TableRecord, Seat | None], Any],
    clock: Callable[[], float],
) -> None:
    """Record a finished challenge table's entry (a retry replaces it: one per table), scored by
    its `game` from its public view (`observation(table, None)`). Called by the service right
    after the commit that ended the game; a failure is logged, never shown to the player whose
    move already stands."""
    chosen = of_table(table)
    if chosen is None or table.state is None:
        return
    try:
        public = observation(table, None)
        entry = entry_of(game, table, chosen, outcome, public, clock())
        await store.record_challenge(entry)
    except Exception:  # the move is committed; the entry is worth a log line, not an error
        log.exception("table %s: its challenge entry was not recorded", table.id)


__all__ = [
    "KINDS",
    "PRACTICE",
    "SERVER_NAME",
    "SHOW_SERVER",
    "Challenge",
    "choose",
    "current",
    "entry_of",
    "hidden_until",
    "lobby_line",
    "of_table",
    "parse",
    "prepare",
    "record",
    "score_of",
    "secret",
    "seed_of",
    "seed_words",
]
