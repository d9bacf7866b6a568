"""AI players for The 10th Night. Both see only their seat's observation and the legal actions.

`random` picks an action *kind* uniformly (ready, swap, reorder, propose…) and then one action of
that kind uniformly. A plain uniform pick would almost never say `ready` among the ~100–300 swaps,
reorders and offers of a day, so days would last thousands of moves.

`heuristic` plays a careful solo game in every seat: it heals every injured person (a same-rank ♥
replaces, else the least useful ♥ is discarded), plays trios while it has fewer than 5 people, takes
divine protection when one person is left, swaps in hand cards that are harder to harm than a
healthy person (an Ace ranks between 8 and 9: only its own suit can touch it), arranges its row so
the people most often counted to are the hardest to harm, declines trades, and then says ready. At
night it nullifies deadly attacks with a Joker, and spends the cheapest J/Q/K set that stops a hit
that would kill (or hurt its last person); a hit that only injures is blocked only by one card.

Measured with `rules.playout.play_out` (seeds 0…n−1, default options: standard schedule):

| seats | agent     | games | win rate | nights survived (mean) |
|-------|-----------|-------|----------|------------------------|
| 1     | random    | 1,000 | 4.6 %    | 6.18                   |
| 1     | heuristic | 1,000 | 27.4 %   | 8.11                   |
| 2     | random    | 1,000 | 4.6 %    | 7.02                   |
| 2     | heuristic | 1,000 | 64.3 %   | 9.33                   |
| 3     | random    | 1,000 | 12.9 %   | 7.93                   |
| 3     | heuristic | 1,000 | 85.2 %   | 9.75                   |
| 4     | random    | 1,000 | 26.2 %   | 8.52                   |
| 4     | heuristic | 1,000 | 94.1 %   | 9.90                   |

(Random 3–4 seat rows: `python -m bot simulate tenth_night --games 1000 --seats N --agent random`.)

("nights survived" is the group score: n − 1 on a loss, 10 on a win.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations
from typing import Any

from rules.cards import card
from rules.core import ByKind
from rules.tenth_night import actions as act
from rules.tenth_night.observation import PersonView, TenthNightPrivateObservation
from rules.tenth_night.state import row_index, zigzag


class TenthNightRandomAgent:
    name = "random"
    reads_observation = False  # picks among the legal actions only: a playout skips observing

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """A kind of move first, uniformly, then a move of that kind: given the moves by kind
        (`ByKind`, in a playout) it lists only the kind it picked."""
        if isinstance(legal_actions, ByKind):
            names = legal_actions.kinds()
            group = legal_actions.of_kind(names[rng.randrange(len(names))])
            return group[rng.randrange(len(group))]
        kinds: dict[str, list[Any]] = {}
        for a in legal_actions:
            kinds.setdefault(a.type, []).append(a)
        names = sorted(kinds)
        group = kinds[names[rng.randrange(len(names))]]
        return group[rng.randrange(len(group))]


_SUITS = ("S", "H", "D", "C")
_RED = {"H", "D"}


def _bonus(attack_suit: str, victim_suit: str) -> int:
    if attack_suit == victim_suit:
        return 2
    return 1 if (attack_suit in _RED) == (victim_suit in _RED) else 0


@lru_cache(maxsize=1024)
def harm(value: int, suit: str, attack: int, attack_suit: str, extra: int = 0) -> bool:
    """Whether a bare attack card (no modifiers; `extra` damage, the raid's bonus, TN-29) harms
    this person."""
    if value == 1:
        return attack_suit == suit  # TN-24
    if attack == 1 and attack_suit == suit:
        return True  # an Ace of its suit is deadly
    return attack + _bonus(attack_suit, suit) + extra > value


def harm_costs(people: Sequence[tuple[int, str, bool]], extra: int = 0) -> list[list[float]]:
    """`cost[i][j]`: the harm the 40 bare attack cards do to person `i` (value, suit, injured)
    standing at index `j` of the row, an injury counting 1 and a death (an injured person
    harmed) 2."""
    n = len(people)
    cost = [[0.0] * n for _ in people]
    for k in range(1, 11):
        pos = zigzag(k, n)
        for s in _SUITS:
            idx = row_index(pos, n, s in _RED)
            for i, (value, suit, injured) in enumerate(people):
                if harm(value, suit, k, s, extra):
                    cost[i][idx] += 2.0 if injured else 1.0
    return cost


@lru_cache(maxsize=64)
def risk(value: int, suit: str) -> float:
    """Chance that a random bare attack card harms this person if it reaches it."""
    hits = sum(harm(value, suit, k, s) for k in range(1, 11) for s in _SUITS)
    return hits / 40


def person_risk(card_id: str) -> float:
    c = card(card_id)
    return risk(c.number, c.suit or "S")


def _best_order(row: list[PersonView]) -> tuple[str, ...]:
    """The arrangement that minimises expected harm (deaths of injured people count double)."""
    n = len(row)
    cost = harm_costs([(p.value, p.suit or "S", p.injured) for p in row])
    best = tuple(range(n))
    best_cost = sum(cost[i][i] for i in range(n))
    for perm in permutations(range(n)):
        # perm[j] = which person stands at index j
        c = sum(cost[perm[j]][j] for j in range(n))
        if c < best_cost - 1e-9:
            best, best_cost = perm, c
    return tuple(row[j].id for j in best)


class HeuristicAgent:
    name = "heuristic"

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        obs: TenthNightPrivateObservation = observation
        if obs.phase == "night":
            return self._defend(obs, legal_actions)
        return self._day(obs, legal_actions)

    # night -------------------------------------------------------------------------------------
    def _defend(self, obs: TenthNightPrivateObservation, legal: Sequence[Any]) -> Any:
        d = obs.defence_options
        passing = next(a for a in legal if isinstance(a, act.Defend) and a.mode == "pass")
        nullify = next(
            (a for a in legal if isinstance(a, act.Defend) and a.mode == "nullify"), None
        )
        if d is None:
            return passing
        me = obs.players[obs.seat]
        if d.deadly:
            return nullify or passing
        need = d.damage - d.defence  # defence must exceed damage to stop the attack
        would_kill = d.victim.injured and need > 0
        critical = would_kill or (me.people == 1 and need > 0)
        sets = [
            (sum(_mod(c) for c in a.card_ids), len(a.card_ids), a)
            for a in legal
            if isinstance(a, act.Defend) and a.mode == "modifiers"
        ]
        stopping = sorted((s for s in sets if s[0] > need), key=lambda s: (s[0], s[1]))
        if critical:
            if stopping:
                return stopping[0][2]
            tying = sorted((s for s in sets if s[0] == need), key=lambda s: s[1])
            if tying:
                return tying[0][2]
            return nullify or passing
        if need > 0:
            single = [s for s in stopping if s[1] == 1]
            if single:
                return single[0][2]
        return passing

    # day ---------------------------------------------------------------------------------------
    def _day(self, obs: TenthNightPrivateObservation, legal: Sequence[Any]) -> Any:
        me = obs.players[obs.seat]
        by_type: dict[type, list[Any]] = {}
        for a in legal:
            by_type.setdefault(type(a), []).append(a)
        for kind in (act.DeclineExchange, act.WithdrawExchange):
            if by_type.get(kind):
                return by_type[kind][0]
        if by_type.get(act.HealReplace):
            return by_type[act.HealReplace][0]
        if by_type.get(act.HealHeart):
            return min(by_type[act.HealHeart], key=lambda a: _heart_cost(a.hand_card_id))
        if by_type.get(act.Trio):
            return max(by_type[act.Trio], key=lambda a: -person_risk(a.keep_id))
        if by_type.get(act.DivineProtection):
            return by_type[act.DivineProtection][0]
        swap = self._swap(obs, by_type.get(act.Swap, []))
        if swap is not None:
            return swap
        if me.people > 1:
            order = _best_order(me.row)
            if order != tuple(p.id for p in me.row):
                wanted = act.Reorder(order=order)
                if wanted in by_type.get(act.Reorder, []):
                    return wanted
        if by_type.get(act.Ready):
            return by_type[act.Ready][0]
        if by_type.get(act.AcceptExchange):  # only reached when waited on and nothing else helps
            return by_type[act.AcceptExchange][0]
        return legal[0]

    def _swap(self, obs: TenthNightPrivateObservation, swaps: list[act.Swap]) -> act.Swap | None:
        hearts = sum(1 for c in obs.hand if c.suit == "H")
        best: tuple[float, act.Swap] | None = None
        for a in swaps:
            if card(a.hand_card_id).suit == "H" and hearts < 2:
                continue  # keep a ♥ in hand for healing
            gain = person_risk(a.person_id) - person_risk(a.hand_card_id)
            if gain > 0.04 and (best is None or gain > best[0]):
                best = (gain, a)
        return best[1] if best else None


def _mod(card_id: str) -> int:
    return {"J": 1, "Q": 2, "K": 3}.get(card(card_id).rank, 0)


def _heart_cost(card_id: str) -> float:
    """Which ♥ to spend on healing: low people first, modifiers (defence) last."""
    c = card(card_id)
    if c.is_face:
        return 2.0 + _mod(card_id)
    return 1.0 - person_risk(card_id)
