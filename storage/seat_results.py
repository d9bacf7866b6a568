"""The per-seat result rows behind `/game stats` and `/game leaderboard`, in each store's words.

A finished game's per-seat rows (`seat_results`) are derived from two stored rows — the table's
seats and the result's `outcome.winners` — so SQLite and PostgreSQL write them with one
`INSERT … SELECT` in the transaction that writes the result (and the migrations backfill older
results with the same statement), and the memory store computes the same rows here. A seat an AI
finished the game in still counts for its member: a resigned seat as a loss, a seat taken over
after missed deadlines with the seat's result.
"""

from __future__ import annotations

import json
from typing import Any

from storage.models import AI_SUFFIX, GameTally, SeatRecord

# Whose result a seat is (`SeatRecord.result_owner`): who sits there, else who resigned it (a loss
# for them, whatever the AI that took over did, under their name without the AI suffix), else who
# timed out of it.
_SQLITE_OWNER = (
    "coalesce(json_extract(s.value, '$.user_id'), json_extract(s.value, '$.resigned_by'), "
    "json_extract(s.value, '$.zombie_of'))"
)
_SQLITE_RESIGNED = "json_extract(s.value, '$.resigned_by') IS NOT NULL"
_SQLITE_NAME = "coalesce(json_extract(s.value, '$.name'), '')"
_CUT = len(AI_SUFFIX)

SQLITE_SEAT_RESULTS = f"""
INSERT OR REPLACE INTO seat_results
    (table_id, seat, user_id, guild_id, game, won, name, finished_at)
SELECT t.id, CAST(s.key AS INTEGER), {_SQLITE_OWNER}, t.guild_id, r.game,
       NOT {_SQLITE_RESIGNED} AND EXISTS (SELECT 1 FROM json_each(r.outcome, '$.winners') AS w
                                          WHERE w.value = CAST(s.key AS INTEGER)),
       CASE WHEN {_SQLITE_RESIGNED} AND substr({_SQLITE_NAME}, -{_CUT}) = '{AI_SUFFIX}'
            THEN substr({_SQLITE_NAME}, 1, length({_SQLITE_NAME}) - {_CUT})
            ELSE {_SQLITE_NAME} END,
       r.finished_at
FROM results AS r JOIN tables AS t ON t.id = r.table_id, json_each(t.seats) AS s
WHERE r.table_id = ? AND {_SQLITE_OWNER} IS NOT NULL
"""

_PG_OWNER = "coalesce(s.value ->> 'user_id', s.value ->> 'resigned_by', s.value ->> 'zombie_of')"
_PG_RESIGNED = "s.value ->> 'resigned_by' IS NOT NULL"
_PG_NAME = "coalesce(s.value ->> 'name', '')"

POSTGRES_SEAT_RESULTS = f"""
INSERT INTO seat_results (table_id, seat, user_id, guild_id, game, won, name, finished_at)
SELECT t.id, (s.ord - 1)::int, ({_PG_OWNER})::bigint, t.guild_id, r.game,
       CASE WHEN NOT {_PG_RESIGNED}
                 AND coalesce(r.outcome -> 'winners', '[]'::jsonb) @> to_jsonb((s.ord - 1)::int)
            THEN 1 ELSE 0 END,
       CASE WHEN {_PG_RESIGNED} AND right({_PG_NAME}, {_CUT}) = '{AI_SUFFIX}'
            THEN left({_PG_NAME}, -{_CUT})
            ELSE {_PG_NAME} END,
       r.finished_at
FROM results AS r JOIN tables AS t ON t.id = r.table_id,
     jsonb_array_elements(t.seats) WITH ORDINALITY AS s (value, ord)
WHERE r.table_id = $1 AND {_PG_OWNER} IS NOT NULL
ON CONFLICT (table_id, seat) DO UPDATE SET
    user_id = excluded.user_id, guild_id = excluded.guild_id, game = excluded.game,
    won = excluded.won, name = excluded.name, finished_at = excluded.finished_at
"""


def seat_result_rows(table: dict[str, Any], result: dict[str, Any]) -> list[dict[str, Any]]:
    """The memory store's `seat_results` rows for a stored table row and result row, exactly
    what the SQL above writes."""
    seats = [SeatRecord.model_validate(seat) for seat in json.loads(table["seats"])]
    winners = set(json.loads(result["outcome"]).get("winners") or ())
    return [
        {
            "table_id": table["id"],
            "seat": index,
            "user_id": seat.result_owner,
            "guild_id": table["guild_id"],
            "game": result["game"],
            "won": int(index in winners and seat.resigned_by is None),
            "name": seat.name.removesuffix(AI_SUFFIX)
            if seat.resigned_by is not None
            else seat.name,
            "finished_at": result["finished_at"],
        }
        for index, seat in enumerate(seats)
        if seat.result_owner is not None
    ]


def leader_order(rows: list[tuple[int, str, int, int]]) -> list[tuple[int, str, int, int]]:
    """(user id, name, wins, games) rows with most wins first, then fewer games played, then the
    lower user id (the SQL's order)."""
    return sorted(rows, key=lambda r: (-r[2], r[3], r[0]))


def tallies(rows: Any) -> list[GameTally]:
    """(game, won, lost, abandoned) rows, several per game, summed into one tally per game."""
    counts: dict[str, list[int]] = {}
    for game, won, lost, abandoned in rows:
        entry = counts.setdefault(game, [0, 0, 0])
        entry[0] += int(won)
        entry[1] += int(lost)
        entry[2] += int(abandoned)
    return [
        GameTally(game=game, won=won, lost=lost, abandoned=abandoned)
        for game, (won, lost, abandoned) in sorted(counts.items())
    ]
