"""Dead of Winter's renderer in words: modes, results and reasons, the groups' names, the
crisis, the objectives and the outcome in a line, the places the active group may move to
(`reachable`, for `/game hint`), and the picture's description (`alt_text`). From the PUBLIC
observation only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cogs.games.layers import clip_alt, observation_of, player_name
from rules.core import plural
from rules.dead_of_winter.labels import progress_words
from rules.dead_of_winter.observation_models import Observation

MODES = {"standard": "standard", "coop": "co-op", "prisoners_dilemma": "prisoner's dilemma"}
RESULTS = {
    "prevented": "prevented",
    "prevented_bonus": "prevented, morale +1",
    "failed": "failed",
}
REASONS = {
    "morale": "morale ran out",
    "round_track": "the rounds ran out",
    "exile": "a second innocent was exiled",
    "eliminated": "every group was eliminated",
    "main_objective": "the main objective was met",
}


def as_observation(observation: Any) -> Observation:
    return observation_of(observation, Observation)


def reachable(obs: Observation) -> set[str]:
    """Places an unmoved survivor of the active group may move to (public fields only)."""
    if obs.active_group is None or obs.phase != "turn" or obs.pending:
        return set()
    group = next((g for g in obs.groups if g.group == obs.active_group), None)
    if group is None:
        return set()
    movers = [s for s in obs.survivors if s.group == group.group and not s.moved_this_turn]
    out: set[str] = set()
    for loc in obs.locations:
        if loc.occupied >= loc.survivor_spaces:
            continue
        if loc.key == "colony" and group.exiled:
            continue
        if any(s.location != loc.key for s in movers):
            out.add(loc.key)
    return out


def _shared_seats(obs: Observation) -> set[int]:
    seats = [g.seat for g in obs.groups]
    return {s for s in seats if seats.count(s) > 1}


ORDINALS = ("first", "second", "third", "fourth", "fifth")


def group_name(obs: Observation, names: Sequence[str], group: int, drawn: bool = True) -> str:
    """The player of a group ("Ana"), with the group's number when a player has two (solo);
    `drawn`: without the emoji the picture's fonts cannot draw (alt text keeps them)."""
    g = next(x for x in obs.groups if x.group == group)
    named = 0 <= g.seat < len(names) and names[g.seat]
    who = player_name(names, g.seat) if drawn or not named else names[g.seat]
    if g.seat not in _shared_seats(obs):
        return who
    nth = [x.group for x in obs.groups if x.seat == g.seat].index(group)
    return f"{who} ({ORDINALS[nth] if nth < len(ORDINALS) else 'another'} group)"


def improvement_name(imp: str, names: dict[str, str]) -> str:
    """A built improvement's name from the rules' public card list (the view lists ids)."""
    from rules.dead_of_winter.content import IMPROVEMENTS

    return IMPROVEMENTS[imp].name if imp in IMPROVEMENTS else names.get(imp, imp)


def outcome_line(obs: Observation) -> str:
    out = obs.outcome or {}
    verdict = "the colony won" if out.get("main_objective_complete") else "the colony fell"
    reason = str(out.get("reason", ""))
    why = REASONS.get(reason, reason.replace("_", " "))
    return f"Game over: {verdict}" + (f" ({why})." if why else ".")


def crisis_lines(obs: Observation) -> list[str]:
    if obs.crisis is not None:
        c = obs.crisis
        cards = f"{c.card_count} card{'s' if c.card_count != 1 else ''}"
        return [f"Crisis: {c.name} — needs {c.prevent}; {cards} in so far"]
    if obs.last_crisis is not None:
        lc = obs.last_crisis
        result = RESULTS.get(lc.result, lc.result.replace("_", " "))
        return [f"Last crisis: {lc.name} — {result} ({lc.score} of {lc.threshold})"]
    return []


def objective_line(obs: Observation) -> str:
    main = obs.main_objective
    progress = ", ".join(f"{progress_words(p.label)} {p.have}/{p.need}" for p in main.progress)
    return f"Objective: {main.name}" + (f" — {progress}" if progress else "")


def alt_text(observation: Any, names: Sequence[str] = ()) -> str:
    """The picture in words (at most 1,000 characters): the tracks, objective and crisis, who
    stands where with what zombies, and each player's group."""
    obs = as_observation(observation)
    shorts = {s.id: s.short for s in obs.survivors}
    parts = [
        f"Dead of Winter, round {obs.round_number}, {obs.round_track} "
        f"round{'s' if obs.round_track != 1 else ''} left. "
        f"Morale {obs.morale} of {obs.morale_max}, food {obs.food}, waste {obs.waste}"
        + (f", starvation {obs.starvation}" if obs.starvation else "")
        + ".",
        objective_line(obs) + ".",
        *(line + "." for line in crisis_lines(obs)),
    ]
    for loc in obs.locations:
        people = ", ".join(shorts.get(s, s) for s in loc.survivor_ids) or "nobody"
        zombies = sum(e.zombies + e.experiments for e in loc.entrances)
        barricades = sum(e.barricades for e in loc.entrances)
        bits = [people, f"{zombies} zombie{'s' if zombies != 1 else ''}"]
        if barricades:
            bits.append(f"{barricades} barricade{'s' if barricades != 1 else ''}")
        if loc.noise:
            bits.append(f"noise {loc.noise}")
        if loc.bandits:
            bits.append(f"{loc.bandits} bandit{'s' if loc.bandits != 1 else ''}")
        if loc.key == "colony" and loc.helpless:
            bits.append(plural(loc.helpless, "helpless survivor"))
        parts.append(f"{loc.name}: {'; '.join(bits)}.")
    for g in obs.groups:
        leader = shorts.get(g.leader or "", "no leader")
        state = " (exiled)" if g.exiled else " (out)" if g.eliminated else ""
        cards = f"{g.hand_count} card{'s' if g.hand_count != 1 else ''}"
        who = group_name(obs, names, g.group, drawn=False)
        parts.append(f"{who}{state}: leader {leader}, {cards}.")
    if obs.outcome:
        parts.append(outcome_line(obs))
    return clip_alt(" ".join(parts))
