"""AI players for The Coldest Night. Both read only their own seat's observation.

`random` picks uniformly among the legal actions. `heuristic` looks one turn ahead: it tries every
sequence of plays from its hand (and the solo display), simulates this turn's Fire Dies Down from
the public pit and pending effects, and keeps the sequence that leaves the pit with three or more
cards and the most heat for the next players, while getting rid of cards that will be hard to play
later.
It uses tokens to avoid frostbite (Emergency Supplies, fuels that make a play possible), to heal its
own frostbite, and hands scavenged cards to the seats holding the fewest.

Win rates over 1,000 games per seat count (seeds 0–999, every seat the same agent; measured with
`python -m bot simulate coldest_night --seats N --agent random|heuristic --games 1000`):

| seats | random | heuristic |
|---|---|---|
| 1 | 0.3 % | 63.7 % |
| 2 | 0.0 % | 25.8 % |
| 3 | 0.0 % | 19.5 % |
| 4 | 0.0 % | 10.8 % |
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.agents import RandomAgent
from rules.core import Agent

W = {"heat": 4.0, "keep": 8.0, "frost": 60.0, "cap": 9, "base": 3}
# Frostbite the heuristic most wants gone (Blanket), worst first.
_FROST_PAIN = {
    "Violent Shivering": 9,
    "Stiff Fingers": 8,
    "Advanced Frostbite": 7,
    "Loss of Circulation": 6,
    "Memory Loss": 5,
    "Numbing": 4,
    "Chilblains": 3,
    "Paranoia": 2,
    "Blue Lips": 0,
}

Pit = list[tuple[str, int]]
"""The fire pit as (card id, effective heat), left to right."""
Pending = dict[str, int]
"""This turn's pending effects: how many of each (`target`, `greatest`, `burn_one`)."""


def _fire_dies_down(pit: Pit, pending: Pending, target: bool) -> Pit:
    """The pit after this turn's Fire Dies Down; `pit` is (id, effective heat) left to right."""
    pit = list(pit)
    if not pit:
        return pit
    if target and pending["target"]:
        best = max(range(len(pit)), key=lambda i: _after_score(pit, i, pending["burn_one"]))
        pit.pop(best)
    elif pending["greatest"]:
        top = max(h for _, h in pit)
        pit.pop(max(i for i, (_, h) in enumerate(pit) if h == top))
    else:
        pit.pop()
    for _ in range(pending["burn_one"]):
        if not pit:
            break
        pit.pop()
    return pit


def _after_score(pit: Pit, index: int, burn: int) -> tuple[int, int]:
    rest = pit[:index] + pit[index + 1 :]
    for _ in range(burn):
        if rest:
            rest.pop()
    return (len(rest), sum(h for _, h in rest))


class HeuristicAgent:
    name = "heuristic"

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        o = observation
        legal = list(legal_actions)
        pick = getattr(self, f"_{o.phase}", None)
        chosen = pick(o, legal) if pick is not None else None
        return chosen if chosen is not None else legal[0]

    # --- helpers -------------------------------------------------------------------------------
    @staticmethod
    def _of(legal: list[Any], kind: str, **fields: Any) -> list[Any]:
        return [
            a
            for a in legal
            if a.type == kind and all(getattr(a, k, None) == v for k, v in fields.items())
        ]

    @staticmethod
    def _my_frost(o: Any) -> list[Any]:
        return list(o.players[o.seat].frostbite)

    def _evaluate(
        self, o: Any, pit: Pit, pending: Pending, hand: list[Any], boost: int, played: list[Any]
    ) -> float:
        after = _fire_dies_down(pit, pending, target=True)
        if not after:
            return -1e6
        heat = sum(h for _, h in after)
        score = 0.0
        if len(after) < 3:
            score -= 1e5 if o.frostbite_deck_count == 0 else W["frost"] + 10 * (3 - len(after))
        score += W["heat"] * min(heat, W["cap"]) + 0.5 * heat
        for c in hand:
            score -= W["keep"] * max(0, c.ash - W["base"]) ** 2
            if c.ash > heat:
                score -= 2.0 * (c.ash - heat)
            if c.effect_kind == "burn_one":
                score -= 2
        for c in played:
            score += 3
            if c.effect_kind in ("gain", "if") and c.token and self._boon_fires(c, pit, boost):
                score += 4
        return score

    @staticmethod
    def _boon_fires(c: Any, pit: Pit, boost: int) -> bool:
        # `pit` is the final pit; good enough as a tie-breaker.
        heat = sum(h for _, h in pit) + boost
        if c.effect_kind == "gain":
            return True
        v = c.if_value or 0
        return {"at_least": heat >= v, "at_most": heat <= v, "exactly": heat == v}.get(
            c.if_op or "", False
        )

    def _can_play(self, o: Any, c: Any, pit: Pit, boost: int, n_played: int) -> bool:
        frost = {f.name for f in self._my_frost(o)}
        if len(pit) >= 4 or c.ash > sum(h for _, h in pit) + boost:
            return False
        if "Violent Shivering" in frost and c.heat % 2 == 0:
            return False
        return not ("Stiff Fingers" in frost and n_played >= 1)

    def _best_line(
        self,
        o: Any,
        pit: Pit,
        pending: Pending,
        cards: list[Any],
        boost: int,
        played: list[Any],
        depth: int,
    ) -> float:
        best = self._evaluate(
            o, pit, pending, [c for c in cards if c.id in self._hand_ids(o)], boost, played
        )
        if depth == 0:
            return best
        for c in cards:
            if not self._can_play(o, c, pit, boost, len(played) + o.cards_played_this_turn):
                continue
            after = self._played(c, pit, pending, cards)
            value = self._best_line(o, *after, boost, [*played, c], depth - 1)
            best = max(best, value)
        return best

    @staticmethod
    def _played(
        c: Any, pit: Pit, pending: Pending, cards: list[Any]
    ) -> tuple[Pit, Pending, list[Any]]:
        """The pit, the pending effects and the cards left once `c` is played."""
        new_pending = dict(pending)
        if c.effect_kind in ("target", "greatest", "burn_one"):
            new_pending[c.effect_kind] += 1
        return [(c.id, c.heat), *pit], new_pending, [x for x in cards if x.id != c.id]

    @staticmethod
    def _hand_ids(o: Any) -> set[str]:
        return {c.id for c in o.hand}

    # --- phases --------------------------------------------------------------------------------
    def _main(self, o: Any, legal: list[Any]) -> Any:
        blanket = self._blanket(o, legal)
        if blanket is not None:
            return blanket
        pit = [(p.id, p.effective_heat) for p in o.pit]
        pending = {
            "target": o.pending_effects.target,
            "greatest": o.pending_effects.greatest,
            "burn_one": o.pending_effects.burn_one,
        }
        cards = list(o.hand) + list(o.display)
        boost = o.turn_boost
        options: list[tuple[float, Any]] = []
        for a in self._of(legal, "play"):
            c = next(x for x in cards if x.id == a.card_id)
            value = self._best_line(o, *self._played(c, pit, pending, cards), boost, [c], 3)
            options.append((value + 0.01 * c.ash, a))
        for a in self._of(legal, "done"):
            options.append((self._evaluate(o, pit, pending, list(o.hand), boost, []), a))
        for a in self._of(legal, "scavenge"):
            value = self._evaluate(o, pit, pending, list(o.hand), boost, []) + 2
            options.append((value, a))
        _, best = max(options, key=lambda x: x[0])
        if best.type == "scavenge" and len(pit) <= 3:
            helper = self._rescue(o, legal, pit)
            if helper is not None:
                return helper
        if best.type in ("done", "scavenge"):
            alcohol = self._of(legal, "use_token", token="alcohol")
            if alcohol and len(pit) >= 2:
                return alcohol[0]
        return best

    def _rescue(self, o: Any, legal: list[Any], pit: Pit) -> Any:
        """A token that spares this turn a frostbite card."""
        heat = o.heat_total
        for tok, boost in (("axe", 1), ("lighter_fluid", 2), ("kerosene", 3)):
            uses = [a for a in self._of(legal, "use_token", token=tok) if a.mode != "draw"]
            if uses and any(
                self._can_play(o, c, pit, o.turn_boost + boost, o.cards_played_this_turn)
                for c in [*o.hand, *o.display]
            ):
                return uses[0]
        if len(pit) == 3:
            supplies = self._of(legal, "use_token", token="emergency_supplies")
            if supplies:
                return supplies[0]
        for tok in ("axe", "cabinet_key", "cellar_key"):
            uses = [a for a in self._of(legal, "use_token", token=tok) if a.target_seat == o.seat]
            if uses and heat >= 3:
                return uses[0]
        return None

    def _blanket(self, o: Any, legal: list[Any]) -> Any:
        uses = self._of(legal, "use_token", token="blanket")
        mine = {f.id: _FROST_PAIN.get(f.name, 1) for f in self._my_frost(o)}
        uses = [a for a in uses if mine.get(a.frostbite_id, 0) > 0]
        if not uses:
            return None
        return max(uses, key=lambda a: mine[a.frostbite_id])

    def _frostbite_removal(self, o: Any, legal: list[Any]) -> Any:
        frosts = {f.frost for f in self._my_frost(o)}
        heat = o.heat_total
        if heat in frosts:
            return self._of(legal, "check_frostbite")[0]
        for tok, boost in (("axe", 1), ("lighter_fluid", 2), ("kerosene", 3)):
            uses = [a for a in self._of(legal, "use_token", token=tok) if a.mode != "draw"]
            if uses and heat + boost in frosts:
                return uses[0]
        if heat + 1 in frosts:
            alcohol = self._of(legal, "use_token", token="alcohol")
            if alcohol:
                return alcohol[0]
        blanket = self._blanket(o, legal)
        return blanket if blanket is not None else self._of(legal, "check_frostbite")[0]

    def _frostbite_check(self, o: Any, legal: list[Any]) -> Any:
        if len(o.pit) < 3:
            supplies = self._of(legal, "use_token", token="emergency_supplies")
            if supplies:
                return supplies[0]
        return self._of(legal, "check_for_frostbite")[0]

    def _target_choice(self, o: Any, legal: list[Any]) -> Any:
        pit = [(p.id, p.effective_heat) for p in o.pit]
        burn = o.pending_effects.burn_one
        index = max(range(len(pit)), key=lambda i: (_after_score(pit, i, burn), i))
        return self._of(legal, "target_remove", card_id=pit[index][0])[0]

    def _memory_choice(self, o: Any, legal: list[Any]) -> Any:
        options = {c.id: c for c in o.memory_options or []}
        return min(legal, key=lambda a: (options[a.card_id].heat, a.card_id))

    def _chilblains(self, o: Any, legal: list[Any]) -> Any:
        hand = {c.id: c for c in o.hand}
        return max(
            legal,
            key=lambda a: (hand[a.card_id].effect_kind == "burn_one", hand[a.card_id].ash),
        )

    def _distribute(self, o: Any, legal: list[Any]) -> Any:
        gives = self._of(legal, "give")
        if not gives:
            return None
        pool = {c.id: c for c in o.scavenge_pool or []}
        counts = {p.seat: p.hand_count for p in o.players}
        n = o.num_players
        # Lowest hand first; among equals, whoever plays soonest after the scavenger.
        card = min(pool.values(), key=lambda c: (c.ash, c.id))
        for_card = [a for a in gives if a.card_id == card.id]
        return min(
            for_card,
            key=lambda a: (counts[a.to_seat], (a.to_seat - o.seat - 1) % n),
        )


AGENTS: Mapping[str, Callable[[], Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent}
