"""Dead of Winter's heuristic agent: the scorers of the base game's moves (`s_<kind>`).

One method per kind of move, each a rough worth of the move for the seat from what `Reads` holds
(the crisis, the colony's food, the stash, the town decks' public mix); the Long Night's scorers
are in `agents_ln`, what the seat's own objective adds in `agents_own`. The agent plays the move
that scores best (`agents.HeuristicAgent`).
"""

from __future__ import annotations

import random
from typing import Any

from rules.dead_of_winter.agents_reads import DECK_COUNTS, Reads


class MoveScoring(Reads):
    """The base game's scorers, one `s_<kind>` per kind of move."""

    def s_draft(self, a: Any, rng: random.Random) -> float:
        quality = -sum(self.surv_card(s) for s in a.keep)
        return quality + rng.random()

    def s_pass(self, a: Any, rng: random.Random) -> float:
        return 0.0

    def s_contribute(self, a: Any, rng: random.Random) -> float:
        c = self.hand_by_id[a.card]
        matches = self.crisis is not None and c.symbol == self.crisis.prevent
        if self.betrayer:
            # One wrong card into each crisis, so its count looks like everyone's (the public
            # rule the table exiles by is a seat that adds nothing); never a matching one.
            if matches or self.o.my_contributions:
                return -1.0
            return 4.0 - 0.5 * self.card_value(a.card)
        if matches and self.crisis_need > 0:
            return 8.0 - (2.0 if c.symbol in self.goal_symbols else 0.0)
        if matches and self.crisis_bonus > 0 and c.symbol not in self.goal_symbols:
            # The bonus (T + 2) is +1 morale, and morale is how most games are lost; food
            # cards stay for the colony's meals unless the colony has plenty.
            if c.symbol == "Food" and self.o.food < self.food_need + self.food_goal + 2:
                return -1.0
            return 2.5
        return -1.0

    def s_play(self, a: Any, rng: random.Random) -> float:
        c = self.hand_by_id.get(a.card)
        if c is None:
            return 0.0
        eff = c.effect
        if c.symbol == "Food":
            want = self.food_need + self.food_goal - self.o.food
            if self.betrayer:
                want -= 2
            return 6.0 if want > 0 else -1.0
        if eff.startswith("heal"):
            return 5.0
        if c.symbol == "Outsider":
            return 3.0 if "helpless" in self.goal or "colony_survivors" in self.goal else -0.5
        if "kill_zombies" in eff:
            return 4.0 if self.zombies.get(self.where(a.survivor), 0) > 0 else -1.0
        if "barricade" in eff:
            return 2.0
        if "extra_die" in eff:
            return 2.0
        return -0.5

    def s_commit(self, a: Any, rng: random.Random) -> float:
        if self.disloyal:  # not committing looks like nothing at all
            return -1.0
        c = self.hand_by_id[a.card]
        need = any(p.have < p.need for p in self.o.main_objective.progress if c.symbol in p.label)
        return (7.0 if need else 3.0) - (2.5 if c.symbol in self.goal_symbols else 0.0)

    def s_equip(self, a: Any, rng: random.Random) -> float:
        c = self.hand_by_id.get(a.card)
        if c is None:
            return 0.0
        s = self.surv.get(a.survivor)
        bonus = 0.5 if s is not None and s.is_leader else 0.0
        return (2.0 if c.symbol in ("Weapon", "Book", "Tool") else 1.0) + bonus

    def s_attack(self, a: Any, rng: random.Random) -> float:
        if a.bandit:
            return self.s_attack_bandit(a, rng)
        s = self.surv[a.survivor]
        safe = "attack_safe" in s.ability or any("attack_safe" in c.effect for c in s.equipped)
        risky = 0.0 if safe else 1.0 + s.wounds + s.frostbite
        loc = self.loc[s.location]
        entrance = loc.entrances[(a.entrance or 1) - 1]
        unguarded = entrance.barricades == 0
        pressure = entrance.zombies - entrance.spaces + 2 if unguarded else 0
        base = -0.5 + 3.0 * max(0, pressure)
        if self.hold_hospital and s.location == "hospital":
            base += 6.5  # M09 needs the Hospital empty of zombies before step 6 (14.27)
        elif s.location == "colony" and self.unmet("colony_kills"):
            base += 6.5  # the objective is the kills themselves: worth more than a search
        elif "kills" in self.goal:
            base += 3.0
        if self.unmet(f"zombies {s.location}") or (
            s.location == "hospital" and self.unmet("zombies 5")
        ):
            base += 5.0
        if s.location != "colony" and loc.noise + len(loc.survivor_ids) >= self.free[s.location]:
            base += 2.0
        return float(base - risky * 0.8 - a.die * 0.1)

    def s_search(self, a: Any, rng: random.Random) -> float:
        s = self.surv[a.survivor]
        if self.hold_hospital and s.location == "hospital":
            return float(2.0 - a.die * 0.15)  # its dice clear and barricade the Hospital first
        return float(4.5 - a.die * 0.15 + 2.0 * self.location_value(s.location))

    def s_barricade(self, a: Any, rng: random.Random) -> float:
        s = self.surv[a.survivor]
        if s.location == "colony":
            base = 3.0 + (1.5 if "barricades colony" in self.goal else 0.0)
            e = self.loc["colony"].entrances[(a.entrance or 1) - 1]
            base += e.zombies * 0.4 - e.barricades * 0.6 + (6 - (a.entrance or 1)) * 0.1
            return float(base - a.die * 0.2)
        if self.hold_hospital and s.location == "hospital":
            return float(4.5 - a.die * 0.05)  # 14.27: a full Hospital of barricades absorbs
        wanted = self.unmet("barricades 5") and s.location == "hospital"
        return float((3.5 if wanted else 1.0) - a.die * 0.2)

    def s_clean(self, a: Any, rng: random.Random) -> float:
        if self.betrayer:
            return -1.0
        return float((4.0 if self.o.waste >= 8 else 1.0) - a.die * 0.2)

    def s_move(self, a: Any, rng: random.Random) -> float:
        if a.to in ("lab", "hideout"):
            return self.s_move_ln(a, rng)
        s = self.surv[a.survivor]
        if s.wounds + s.frostbite >= 2:
            return 1.5 if a.to == "colony" else -2.0
        if self.hold_hospital:
            # M09: the Hospital held by survivors, barricaded, cleared; walking away undoes it.
            if a.to == "hospital" and self.unmet("survivors_at 5"):
                return 6.0 + (1.5 if a.fuel_card and not self.precious(a.fuel_card) else 0.0)
            if s.location == "hospital":
                return -3.0
        dice = self.group.dice
        if s.location == "colony" and a.to in DECK_COUNTS and len(dice) >= 2:
            # Out to the town deck that best holds what the colony needs, if a die can search.
            if not any(d >= s.search for d in dice):
                return -1.0
            crowd = self.zombies.get(a.to, 0)
            fuel = 1.5 if a.fuel_card else 0.0
            if a.fuel_card and self.precious(a.fuel_card):
                fuel = -1.5
            value = self.location_value(a.to)
            if value < 0.45 or self.free.get(a.to, 0) < 1:
                return -1.0
            return float(0.5 + 2.5 * value - crowd * 0.5 + fuel + (0.5 if s.search <= 3 else 0.0))
        if a.to == "hospital" and self.unmet("survivors_at 5"):
            return 4.0
        if a.to == "colony" and s.location != "colony":
            here = self.loc[s.location]
            danger = here.noise + len(here.survivor_ids) - self.free[s.location]
            if danger >= 0 or here.deck_count == 0:
                fuel = 0.0 if not a.fuel_card else (-1.5 if self.precious(a.fuel_card) else 1.0)
                return (3.0 if danger >= 0 else 0.5) + fuel
        return -1.0

    def s_spend_food(self, a: Any, rng: random.Random) -> float:
        return -1.0

    def s_discard(self, a: Any, rng: random.Random) -> float:
        return -2.0

    def s_request(self, a: Any, rng: random.Random) -> float:
        return -1.0

    def s_hand_off(self, a: Any, rng: random.Random) -> float:
        return -1.0

    def s_attract(self, a: Any, rng: random.Random) -> float:
        return 1.0 if "kills" in self.goal else -1.0

    def s_attract_from(self, a: Any, rng: random.Random) -> float:
        return 1.0 if "kills" in self.goal else -1.0

    def s_lure_to(self, a: Any, rng: random.Random) -> float:
        """DW-13: a lured zombie goes where a space is free (most room first); a trap that
        fires kills the zombies there; a full entrance costs a barricade, an overrun a life."""
        spot = self.loc["colony"].entrances[a.entrance - 1]
        if spot.traps:
            return 2.0
        free = spot.spaces - spot.zombies - spot.experiments - spot.barricades - spot.traps
        if free > 0:
            return float(1.0 + free * 0.1)
        return -1.0 if spot.barricades else -2.0

    def s_kill_at(self, a: Any, rng: random.Random) -> float:
        """§6.7: an extra kill where the zombies stand thickest (the next to arrive there would
        break a barricade or overrun soonest)."""
        spot = self.loc["colony"].entrances[a.entrance - 1]
        filled = spot.zombies + spot.experiments + spot.barricades + spot.traps
        return float(filled + (spot.zombies + spot.experiments) * 0.5)

    def s_stop(self, a: Any, rng: random.Random) -> float:
        return 0.0

    def s_ability(self, a: Any, rng: random.Random) -> float:
        s = self.surv[a.survivor]
        ab = s.ability
        if "heal" in ab:
            return 4.0 if a.target is not None else -1.0
        if "gain_food" in ab or "morale" in ab:
            return 4.5 if not self.betrayer else 1.0
        if "kill_zombies" in ab:
            return 4.0
        if "peek" in ab or "reroll" in ab or "die_plus" in ab:
            return -0.5
        return 1.0

    def s_item(self, a: Any, rng: random.Random) -> float:
        return 2.0

    def s_call_exile(self, a: Any, rng: random.Random) -> float:
        target = next((g for g in self.o.groups if g.seat == a.target), None)
        if target is None or self.o.round_number < 3 or self.group.contributed < 1:
            return -5.0
        return 3.0 if target.contributed == 0 and not target.exiled else -5.0

    def s_vote(self, a: Any, rng: random.Random) -> float:
        if (ln := self.s_vote_ln(a)) is not None:
            return ln
        vote = next((p for p in self.o.pending if p.kind == "vote"), None)
        if vote is None:
            return 0.0
        if vote.fields.get("subject") == "exile":
            target = next((g for g in self.o.groups if g.seat == vote.fields.get("target")), None)
            suspicious = target is not None and target.contributed == 0
            return 1.0 if a.yes == suspicious else 0.0
        fired = self.o.twist.fired
        if fired is None:
            return 0.0
        good = option_value(fired.options[0]) >= option_value(fired.options[1])
        return 1.0 if a.yes == good else 0.0

    def s_option(self, a: Any, rng: random.Random) -> float:
        fired = self.o.twist.fired
        if fired is None:
            return 0.0
        return option_value(fired.options[a.n - 1])

    def s_bite(self, a: Any, rng: random.Random) -> float:
        return 1.0 if a.roll else 0.0

    def s_keep(self, a: Any, rng: random.Random) -> float:
        search = self.o.search
        card = next((c for c in (search.looked if search else []) if c.id == a.card), None)
        if card is None:
            return 0.0
        v = 1.0
        if self.crisis is not None and card.symbol == self.crisis.prevent:
            v += 2.0
        if card.symbol in self.goal_symbols:
            v += 2.0
        if card.symbol in self.stash:
            v += 2.5
        if card.symbol == "Food" and self.o.food < self.food_need + self.food_goal:
            v += 2.0 + (card.value or 0) * 0.5
        return v

    def s_noise(self, a: Any, rng: random.Random) -> float:
        search = self.o.search
        if search is None:
            return -1.0
        best = max((self.s_keep(_Keep(c.id), rng) for c in search.looked), default=0.0)
        here = next((p.fields.get("location") for p in self.o.pending if p.kind == "search"), None)
        if here is None:
            return -1.0
        loc = self.loc[here]
        risk = loc.noise + len(loc.survivor_ids) + 1 - self.free[here]
        return 2.0 if best < 2.0 and risk < -1 else -1.0

    def s_give(self, a: Any, rng: random.Random) -> float:
        if a.card is None:
            return 0.5 if not self.betrayer else 1.0
        return 1.0 - self.card_value(a.card) * 0.3

    def s_accept(self, a: Any, rng: random.Random) -> float:
        return 1.0 if a.yes else 0.0

    def s_choose(self, a: Any, rng: random.Random) -> float:
        if (ln := self.s_choose_ln(a)) is not None:
            return ln
        v = a.value
        if v == "stop":
            return 0.5
        if v in self.hand_by_id:
            return -self.card_value(v)
        if v.startswith("die:"):
            return -int(v[4:]) * 0.1
        return 0.0

    def s_place(self, a: Any, rng: random.Random) -> float:
        return float((1.0 if a.fuel_card else 0.0) - self.zombies.get(a.location, 0) * 0.2)

    def s_new_leader(self, a: Any, rng: random.Random) -> float:
        return self.surv[a.survivor].influence / 100 if a.survivor in self.surv else 0.0


class _Keep:
    type = "keep"

    def __init__(self, card: str) -> None:
        self.card = card


def option_value(text: str) -> float:
    """A rough worth of a twist option from its effect words."""
    body = text.partition(": ")[2]
    v = 0.0
    for part in body.split("; "):
        words = part.split()
        if not words:
            continue
        op, args = words[0], words[1:]
        n = int(args[-1]) if args and args[-1].lstrip("+-").isdigit() else 1
        v += {
            "morale": 3.0 * n,
            "gain_food": 1.0 * n,
            "lose_food": -1.0 * n,
            "heal": 0.7 * n,
            "wound": -1.0 * n,
            "frostbite": -1.0 * n,
            "despair": -1.0 * n,
            "exposure": -0.8,
            "draw_item": 0.8 * n,
            "add_survivor": 1.0,
            "add_helpless": -0.3 * n,
            "add_unruly": -0.6 * n,
            "lose_helpless": -0.2 * n,
            "add_zombies": -0.8 * n,
            "kill_zombies": 0.8 * n,
            "barricade": 0.6 * n,
            "lose_die": -0.6 * n,
            "extra_die": 0.6 * n,
            "noise": -0.3 * n,
            "pay_card": -0.8 * n,
            "pay_food": -1.0 * n,
            "discard": -0.8 * n,
            "clean_waste": 0.2 * n,
        }.get(op, 0.0)
    return v
