"""Cold Comfort's renderer in words: whose turn and what for, the players' lines, the town's status,
and the picture's description for screen readers (`alt_text`), from the observation only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cogs.games.layers import (
    clip_alt,
    observation_of,
    player_name,
)
from rules.cold_comfort import ColdComfortObservation
from rules.cold_comfort.rules_scoring import scoring_words
from rules.cold_comfort.text import to_build
from rules.core import plural

PHASE_WORDS = {
    "manage": "to manage hotels",
    "fire_spread": "to pass the fire on",
    "grow": "to place the drawn tile",
    "land_tie": "to break a landing tie",
}
END_WORDS = {
    "nine_scoring_rounds": "after nine scoring rounds",
    "turn_limit": "at the turn limit",
}


def as_observation(observation: Any) -> ColdComfortObservation:
    return observation_of(observation, ColdComfortObservation)


def _fmt(square: Sequence[int]) -> str:
    return f"({square[0]},{square[1]})"


# -- words shared by the picture and its alt text --------------------------------------------


def title(obs: ColdComfortObservation, names: Sequence[str]) -> str:
    if obs.outcome is not None:
        o = obs.outcome
        who = " and ".join(player_name(names, s) for s in o.winners) or "nobody"
        top = max(o.scores, default=0)
        won = "wins" if len(o.winners) == 1 else "share the win"
        when = END_WORDS.get(o.reason, o.reason.replace("_", " "))
        return f"Cold Comfort is over {when}: {who} {won} with {plural(top, 'point')}"
    actor = obs.to_act[0] if obs.to_act else obs.active_seat
    doing = PHASE_WORDS.get(obs.phase, "")
    if obs.phase == "grow" and obs.drawn_tile is not None:
        doing = f"to place tile {obs.drawn_tile.tile_id}"
    return f"Cold Comfort, turn {obs.turn_number}: {player_name(names, actor)} {doing}"


def player_lines(obs: ColdComfortObservation, names: Sequence[str]) -> list[str]:
    lines = []
    for p in obs.players:
        lines.append(
            f"{player_name(names, p.seat)} · ${p.gold} · {plural(p.points, 'point')} · "
            f"{plural(p.hotels, 'hotel')} built · to build {to_build(p.supply)}"
        )
    return lines


def status_lines(obs: ColdComfortObservation, names: Sequence[str]) -> list[str]:
    lines = [
        f"Pool {obs.pool} of {obs.trigger} dice to score · deck {obs.deck_count} · "
        f"scoring round {obs.scoring_rounds} of {obs.scoring_rounds_total}"
    ]
    if obs.fire_pending:
        fp = obs.fire_pending
        where = ", ".join(_fmt(o) for o in fp.options)
        lines.append(
            f"Fire at {_fmt(fp.at)}: {player_name(names, fp.chooser)} passes it to {where} (red)"
        )
    if obs.landing_pending:
        lp = obs.landing_pending
        where = ", ".join(_fmt(o) for o in lp.options)
        lines.append(
            f"A rolled {lp.value} ties: {player_name(names, lp.chooser)} picks {where} (green)"
        )
    if obs.last_roll is not None:
        lines.append("Last roll: " + " ".join(str(d) for d in obs.last_roll))
    if obs.last_scoring:
        lines.append(last_scoring(obs, names))
    return lines


def last_scoring(obs: ColdComfortObservation, names: Sequence[str]) -> str:
    """The last scoring round in one line: the neighbourhoods someone scored, and how many
    nobody did (street gangs or no hotels), not each of those again."""
    scored = obs.last_scoring or []
    won = [scoring_words(n, lambda s: player_name(names, s)) for n in scored if n.winners]
    if not won:
        return "Last scoring: nobody scored"
    rest = len(scored) - len(won)
    other = "the other neighbourhood" if rest == 1 else f"the other {rest}"
    tail = f"; nobody scored in {other}" if rest else ""
    return "Last scoring: " + "; ".join(won) + tail


def alt_text(observation: Any, names: Sequence[str] = ()) -> str:
    """The picture in words (at most 1,000 characters): whose turn, the players, the pool,
    hotels and campers by square, the drawn tile and the last scoring."""
    obs = as_observation(observation)
    parts = [title(obs, names) + "."]
    parts += [line + "." for line in player_lines(obs, names)]
    parts += [line + "." for line in status_lines(obs, names)]
    if obs.drawn_tile is not None:
        rows = " / ".join(" ".join(str(c) for c in row) for row in obs.drawn_tile.rows)
        parts.append(f"Drawn tile {obs.drawn_tile.tile_id}: {rows}.")
    hotels = [s for s in obs.squares if s.hotel_seat is not None]
    if hotels:
        parts.append(
            "Hotels: "
            + ", ".join(
                f"{player_name(names, s.hotel_seat or 0)}'s {s.hotel_value} at {_fmt((s.x, s.y))}"
                + (" with a guest" if s.die else "")
                for s in hotels
            )
            + "."
        )
    campers = [s for s in obs.squares if s.hotel_seat is None and s.die]
    if campers:
        parts.append(
            "Campers: " + ", ".join(f"{s.die} at {_fmt((s.x, s.y))}" for s in campers) + "."
        )
    parts.append(f"{len(obs.tiles)} tiles: " + ", ".join(t.tile_id for t in obs.tiles) + ".")
    return clip_alt(" ".join(parts))
