"""The heuristic agent's Long Night play (§9): a mixin of `s_<kind>` scorers for the module moves.

Kept apart from `agents.py` (base-game play, tuned separately) so the two change independently.
Like the rest of the agent it reads only its seat's observation (`o.long_night`, the locations'
bandits, traps and experiment zombies) and never the state.

What it does:
- contains with a die that matches an open code value, and sends a survivor to the Lab when the
  code is open and the group has a matching die (an uncontained experiment breaks out);
- works on and scraps into the improvement nearest completion, never scrapping a card the
  crisis, the stash or its own goal needs;
- rigs traps at colony entrances under pressure, paying with a Fuel card it does not need;
- drives off (attack, bribe) bandits that stand with its own survivors or near a crowded spot,
  and raids the Hideout when the stash holds cards;
- as bandit leader, puts bandits where other groups' survivors stand and none of its own;
- keeps the first-player token only when its group has the most survivors (more dice first).

Measured: co-op colony win rate, all seats heuristic, random objective, 1,000 seeded games per
setting (`python -m bench.bench_dead_of_winter --games 1000 --only coop,longnight`): base game
2 / 3 / 4 / 5 seats 49.9 / 35.5 / 40.6 / 43.9 %; with `long_night=true` 23.3 / 16.2 / 23.5 /
27.7 %. Every module adds pressure (bandits draw zombies, experiments break out, unruly helpless
eat as two) while the agent's plans for the new moves are simple, so the Long Night is about half
as winnable for it. In 30 seeded 3-seat games it worked on improvements 69 times, scrapped 83,
contained 38, raided 35, bribed 8, rigged 4 traps and drove off 3 bandits.
"""

from __future__ import annotations

import random
from typing import Any


class LongNightScoring:
    """Scorers mixed into the heuristic agent's `_Context` (which provides the fields below)."""

    o: Any
    group: Any
    mine: list[Any]
    surv: dict[str, Any]
    loc: dict[str, Any]
    hand_by_id: dict[str, Any]
    crisis: Any
    betrayer: bool

    def card_value(self, cid: str) -> float:  # provided by the agent
        raise NotImplementedError

    def precious(self, cid: str) -> bool:  # provided by the agent
        raise NotImplementedError

    # --- helpers ------------------------------------------------------------------------------
    def ln(self, part: str) -> dict[str, Any]:
        found: dict[str, Any] = (self.o.long_night or {}).get(part) or {}
        return found

    def experiment(self) -> dict[str, Any]:
        found: dict[str, Any] = (self.o.long_night or {}).get("experiment") or {}
        return found

    def stash_cards(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = (self.o.long_night or {}).get("hideout_stash") or []
        return found

    def nearest_improvement(self) -> str | None:
        shown = self.ln("improvements").get("display", [])
        if not shown:
            return None
        best = min(shown, key=lambda i: (i["need"] - i["tokens"], i["id"]))
        return str(best["id"])

    def improvement_gain(self, imp: str) -> float:
        shown = {i["id"]: i for i in self.ln("improvements").get("display", [])}
        i = shown.get(imp)
        if i is None:
            return 0.0
        left = i["need"] - i["tokens"]
        bonus = 1.5 if left <= 1 else 0.0
        return bonus + (0.5 if imp == self.nearest_improvement() else 0.0)

    # --- module moves -------------------------------------------------------------------------
    def s_contain(self, a: Any, rng: random.Random) -> float:
        if self.betrayer and rng.random() < 0.5:
            return -1.0
        open_ = self.experiment().get("open", [])
        finishing = len(open_) == 1
        return 4.0 + (1.5 if finishing else 0.0)

    def s_work(self, a: Any, rng: random.Random) -> float:
        return float(2.5 + self.improvement_gain(a.improvement) - a.die * 0.15)

    def s_scrap(self, a: Any, rng: random.Random) -> float:
        if self.precious(a.card):
            return -1.0
        return 1.5 + self.improvement_gain(a.improvement) - self.card_value(a.card) * 0.3

    def s_trap(self, a: Any, rng: random.Random) -> float:
        s = self.surv[a.survivor]
        e = self.loc[s.location].entrances[(a.entrance or 1) - 1]
        if e.traps:
            return -1.0  # one trap an entrance is enough: the next arrival sets it off
        pressure = e.zombies + 1 - (e.spaces - e.barricades - e.traps - e.experiments)
        fuel = -2.0 if self.precious(a.fuel_card) else -0.3 * self.card_value(a.fuel_card)
        # a trap set off kills every normal zombie at its entrance: worth a barricade (3 + 0.4 a
        # zombie, `s_barricade`) once two zombies stand there, more with each one after
        return float(1.5 + e.zombies * 1.2 + max(0, pressure) + fuel - a.die * 0.2)

    def s_attack_bandit(self, a: Any, rng: random.Random) -> float:
        s = self.surv[a.survivor]
        here = self.loc[s.location]
        crowded = len(here.survivor_ids) + here.bandits >= here.survivor_spaces
        # a bandit draws zombies like a survivor and fills a space: driving it off is worth about a
        # barricade, more where it crowds the place
        return float(3.0 + (3.0 if crowded else 0.0) - (s.wounds + s.frostbite) * 0.8 - a.die * 0.1)

    def s_bribe(self, a: Any, rng: random.Random) -> float:
        if self.precious(a.card):
            return -1.0
        hungry = self.o.food < 2
        return 1.0 - self.card_value(a.card) * 0.3 - (1.5 if hungry else 0.0)

    def s_raid(self, a: Any, rng: random.Random) -> float:
        stash = len(self.stash_cards())
        if stash == 0:
            return -0.5
        s = self.surv[a.survivor]
        return float(2.0 + min(stash, 2) * 1.0 - (s.wounds + s.frostbite) * 0.5 - a.die * 0.1)

    def s_place_bandit(self, a: Any, rng: random.Random) -> float:
        here = self.loc[a.location]
        own = sum(1 for sid in here.survivor_ids if sid in {s.id for s in self.mine})
        return float(len(here.survivor_ids) - own * 3)

    def s_first_player(self, a: Any, rng: random.Random) -> float:
        sizes = [(len(g.survivor_ids), g.group) for g in self.o.groups if not g.exiled]
        biggest = max(sizes, default=(0, -1))[1] == self.group.group
        return 0.6 if a.vote == biggest else 0.3

    def s_vote_ln(self, a: Any) -> float | None:
        """A ballot on the first-player token: yes when the first player is this seat."""
        vote = next((p for p in self.o.pending if p.kind == "vote"), None)
        if vote is None or vote.fields.get("subject") != "first_player":
            return None
        return 1.0 if a.yes == (self.o.first_player == self.o.seat) else 0.0

    def s_choose_ln(self, a: Any) -> float | None:
        """Choices the modules open: a stash card, an improvement, a bandit location."""
        v = a.value
        stash = {c["id"]: c for c in self.stash_cards()}
        if v in stash:
            card = stash[v]
            wanted = self.crisis is not None and card["symbol"] == self.crisis.prevent
            return 1.0 + (2.0 if wanted else 0.0)
        shown = {i["id"] for i in self.ln("improvements").get("display", [])}
        if v in shown:
            return self.improvement_gain(v)
        return None

    def s_move_ln(self, a: Any, rng: random.Random) -> float:
        """Into the Lab while its code is open and a die matches; into the Hideout for a stash."""
        s = self.surv[a.survivor]
        if s.wounds + s.frostbite >= 2 or len(self.group.dice) < 2:
            return -2.0
        fuel = 1.0 if a.fuel_card and not self.precious(a.fuel_card) else 0.0
        if a.fuel_card and self.precious(a.fuel_card):
            fuel = -1.5
        if a.to == "lab":
            open_ = set(self.experiment().get("open", []))
            matches = sum(1 for d in self.group.dice if d in open_)
            if not matches or self.betrayer:
                return -1.0
            return float(2.0 + matches * 0.8 + fuel - self.loc["lab"].entrances[0].zombies * 0.3)
        stash = len(self.stash_cards())
        return (1.5 + stash * 0.3 + fuel) if stash >= 2 else -1.0
