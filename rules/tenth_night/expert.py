"""The 10th Night's settings for the `expert` search agent (`rules.search`).

- Candidates: at night every defence; by day the heuristic's move, `ready` (stop improving the
  row now), the heals, trios and divine protection, and answers to offers — not the hundreds of
  exchange proposals, and no swap or arrangement but the heuristic's own (each of its swaps and
  arrangements makes the row better by its measure, so a day cannot go round in circles).
- Defences that differ only in the suit of equal modifiers are one candidate (a ♥ is told apart:
  it can heal).
- Rollouts are short: each plays on with the heuristic only to the next dawn (`HORIZON`), where
  `lookahead.chance` — a model fitted on heuristic games, a seat count and a night each — scores
  the position by its chance of a win (a game lost before that dawn scores 0, one won 1). A whole
  game played out is almost all chance (nights 6–10 decide it), so a move's worth drowned in the
  noise of 48 full rollouts and the search could only follow the heuristic (it then left the
  heuristic's move only on 2.5 standard errors of evidence: 24/60 deals won solo and 24/33 at two
  seats, where the heuristic won 24/60 and 23/33). Every candidate meets the same night (the
  same world and seed), so the scores at dawn tell the moves apart; a rollout is 5–10 times
  cheaper, and more rollouts did not do better (192 a decision: 82/200 solo against 88/200).
- The best mean is played, with no margin and no confidence test: on solo deals 100–299 it won
  88/200 so, 72/200 at one standard error, where the heuristic won 47/200; it now leaves the
  heuristic's move where the night ahead shows why — it skips an arrangement or a heal whose
  person the night will not reach (keeping the ♥ for later), keeps a trio for Day 6 so the Fifth
  Night Raid does not begin (TN-29), spends or keeps a defence card or a Joker by what the
  rest of the night holds.
- Stopping two dawns on did no better (81/200); searching every swap too did about as well
  (93/200) but can go round in circles within a day, so swaps stay the heuristic's.
- Measured (`python -m bench.bench_expert --game tenth_night --seats 1,2 --games 500`, 48
  rollouts a decision, seeds from 0): solo 219/500 deals won (43.8 %, 95 % interval
  39.5–48.2) where the heuristic won 150/500 (30.0 %, 26.1–34.2), 113 deals only the expert
  won and 44 only the heuristic; two seats 374/500 (74.8 %, 70.8–78.4) against 321/500
  (64.2 %, 59.9–68.3), 95 against 42; three seats 38/40 against 37/40. About 0.02–0.03 s a
  move (0.10–0.25 s before).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from functools import lru_cache
from typing import Any

from rules.cards import card
from rules.core import ByKind, Outcome, Seat, Working
from rules.search import Searched, Tuning, next_best, percent, plain_reason
from rules.tenth_night.actions import Reorder
from rules.tenth_night.agents import HeuristicAgent, _best_order, _heart_cost, person_risk
from rules.tenth_night.determinize import determinize
from rules.tenth_night.lookahead import COEFFICIENTS, chance
from rules.tenth_night.observation import (
    TenthNightPrivateObservation,
    card_view,
    defence_options,
    offer_view,
    person_view,
    public_fields,
)
from rules.tenth_night.state import MODIFIER_VALUE, Person

__all__ = ["TUNING", "determinize"]

SEARCHED_KINDS = (
    "heal_replace",
    "heal_heart",
    "trio",
    "divine_protection",
    "accept_exchange",
    "decline_exchange",
    "ready",
    "end_record",
    "defend",
)


def candidates(o: Any, legal: Sequence[Any], pick: Any) -> list[Any]:
    if isinstance(legal, ByKind):  # a playout's day moves: list only the kinds searched
        present = set(legal.kinds())
        found = [a for kind in SEARCHED_KINDS if kind in present for a in legal.of_kind(kind)]
    else:
        found = [a for a in legal if a.type in SEARCHED_KINDS]
    seen: set[Hashable] = {_defence_kind(pick)} if pick.type == "defend" else set()
    out = []
    for a in found:
        if a.type == "defend":  # J♠ or J♣: the same defence; a ♥ is worth keeping to heal
            kind = _defence_kind(a)
            if kind in seen:
                continue
            seen.add(kind)
        out.append(a)
    return out


def _defence_kind(a: Any) -> Hashable:
    values = tuple(sorted(MODIFIER_VALUE.get(card(c).rank, 0) for c in a.card_ids))
    return (a.mode, values, sum(card(c).suit == "H" for c in a.card_ids))


MARGIN = 0.0
CONFIDENCE = 0.0
HORIZON = 1
"""Nights a rollout plays before `lookahead.chance` scores its dawn (where a model is fitted)."""


def horizon(work: Working[Any, Any], o: Any) -> bool:
    """Stop a rollout at the dawn `HORIZON` nights on from the decision, where a model scores it."""
    t = getattr(work, "table", None)
    if t is None or t.result is not None or t.round < o.round + HORIZON:
        return False
    return (t.num_players, t.round) in COEFFICIENTS


def value(outcome: Outcome | None, work: Working[Any, Any], seat: Seat) -> float:
    if outcome is None:  # stopped at a dawn (`horizon`), else by the no-progress rule: a loss
        t = getattr(work, "table", None)
        dawn = t is not None and t.phase == "day" and not any(p.ready for p in t.players)
        found = chance(t) if dawn else None
        return 0.0 if found is None else found
    if seat in outcome.winners:
        return 1.0
    return 0.0


def note(work: Working[Any, Any], seat: Seat, o: Any) -> Hashable | None:
    """After tonight (or at the end): how many people the seat still has."""
    t = getattr(work, "table", None)
    if t is None:
        return None
    if t.result is not None:
        return ("over", t.result.reason)
    if t.round > o.round:
        return ("dawn", len(t.players[seat].row))
    return None


_WHAT = {
    "swap": "Puts a card that is harder to harm into your row",
    "heal_replace": "Heals your injured person before the night",
    "heal_heart": "Heals your injured person before the night",
    "trio": "Adds a person to your row",
    "divine_protection": "Takes divine protection for your last person",
    "accept_exchange": "Takes the exchange",
    "decline_exchange": "Turns the exchange down",
    "ready": "Your row is ready for the night",
    "end_record": "Ends the record run now",
    "reorder": "Arranges your row so the people attacks reach most are the hardest to harm",
}


def _what(action: Any) -> str:
    if action.type == "defend":
        if action.mode == "nullify":
            return "Your Joker stops the attack"
        if action.mode == "pass":
            return "Keeps your cards for a worse attack"
        return "Spends these cards to hold the attack off"
    return _WHAT.get(action.type, "The best of the moves tried")


def explain(o: Any, s: Searched) -> str:
    c = s.chosen
    if c is None or not s.searched:
        return plain_reason(o, s)
    lead = _what(c.action)
    n = c.note
    if isinstance(n, tuple) and n[0] == "dawn" and o.phase == "night":
        people = n[1]
        lead += f", and you usually still have {people} {'person' if people == 1 else 'people'}"
        lead += " at dawn"
    odds = (
        f"the chance that everyone survives the 10th night is about {percent(c.mean)}, "
        f"judged from {c.rollouts} games played on from here with the unseen cards dealt at "
        "random" + next_best(s, by_mean=True)
    )
    return f"{lead}: {odds}."


@lru_cache(maxsize=8_192)
def _order_of(row: tuple[tuple[str, bool], ...]) -> tuple[str, ...]:
    return _best_order([person_view(Person(id=i, injured=hurt)) for i, hurt in row])


class RolloutHeuristic(HeuristicAgent):
    """The heuristic, move for move, made for rollouts: it asks a day's moves for the kinds it
    plays only (never listing the hundreds of exchange proposals), and remembers the best
    arrangement of each row it has met. `tests/rules/test_search.py` checks it plays the
    heuristic's games."""

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if observation.phase == "night":
            return self._defend(observation, legal_actions)
        return self._day_by_kind(observation, legal_actions)

    def _day_by_kind(self, obs: Any, legal: Sequence[Any]) -> Any:
        if isinstance(legal, ByKind):
            present = set(legal.kinds())

            def of(kind: str) -> Sequence[Any]:
                return legal.of_kind(kind) if kind in present else ()

        else:
            by_type: dict[str, list[Any]] = {}
            for a in legal:
                by_type.setdefault(a.type, []).append(a)

            def of(kind: str) -> Sequence[Any]:
                return by_type.get(kind, ())

        for kind in ("decline_exchange", "withdraw_exchange", "heal_replace"):
            if found := of(kind):
                return found[0]
        if found := of("heal_heart"):
            return min(found, key=lambda a: _heart_cost(a.hand_card_id))
        if found := of("trio"):
            return max(found, key=lambda a: -person_risk(a.keep_id))
        if found := of("divine_protection"):
            return found[0]
        swap = self._swap(obs, list(of("swap")))
        if swap is not None:
            return swap
        me = obs.players[obs.seat]
        if me.people > 1:
            current = tuple(p.id for p in me.row)
            order = _order_of(tuple((p.id, p.injured) for p in me.row))
            if order != current:  # every other arrangement of the row is a legal move
                return Reorder(order=order)
        for kind in ("ready", "accept_exchange"):
            if found := of(kind):
                return found[0]
        return legal[0]


def observe(work: Working[Any, Any], seat: Seat) -> Any:
    """A rollout's view for the heuristic: the seat's observation without its legal list (the
    heuristic is handed the moves, and never reads them from its view)."""
    game: Any = work.game
    state = work.freeze()
    fields = public_fields(state, sorted(game._spec_to_act(state)), sorted(game.awaiting(state)))
    return TenthNightPrivateObservation.model_construct(
        **fields,
        seat=seat,
        hand=[card_view(c) for c in state.players[seat].hand],
        my_offers=[offer_view(o, seat) for o in state.offers if seat in (o.from_seat, o.to_seat)],
        defence_options=defence_options(state, seat),
        legal_actions=[],
    )


TUNING = Tuning(
    candidates,
    value,
    note,
    explain,
    rollout=RolloutHeuristic,
    observe=observe,
    max_candidates=10,
    margin=MARGIN,
    confidence=CONFIDENCE,
    horizon=horizon,
    chance_is_value=True,
)
