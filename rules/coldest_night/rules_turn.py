"""The §4.2 turn flow on a mutable working copy of the state.

`Table` is `rules_pit.PitTable` (a `rules.draft.Draft` of the state) with the turn's steps: `apply`
thaws the state, applies one action with every automatic sub-step that follows it, and freezes the
result. Each procedure returns True when the game now waits at a pause, so callers stop there; the
end checks of CN-7 run after every sub-step and raise `Ended`, which unwinds whatever procedure was
running (CN-42: a win in mid-turn skips the rest of the turn).
"""

from __future__ import annotations

from rules.coldest_night import event_lines as lines
from rules.coldest_night.actions import UseToken
from rules.coldest_night.data import CARDS, FROST, TOKENS
from rules.coldest_night.rules_legal import legal as legal
from rules.coldest_night.rules_pit import DWINDLES as DWINDLES
from rules.coldest_night.rules_pit import Ended as Ended
from rules.coldest_night.rules_pit import PitTable, ScavengeDraft
from rules.coldest_night.rules_tokens import FUEL_HEAT, KEY_DRAWS
from rules.coldest_night.state import MemoryPending, Resume, ScavengePool
from rules.core import seat_ref
from rules.draft import construct

_new_pool = construct(ScavengePool)  # an empty pool, built without validation


class Table(PitTable):
    """The working copy with the turn flow as methods (`rules_pit.PitTable` holds the fields)."""

    def memory_return(self, card_id: str) -> None:
        mem = self.memory
        assert mem is not None
        self.memory = None
        self.deck.insert(0, card_id)
        self.say(f"{seat_ref(mem.seat)} puts a card back on top of the pile (Memory Loss).")
        if mem.context == "scavenge":
            assert self.scavenge is not None
            self.scavenge.pool.remove(card_id)
            self.say(
                f"You put {CARDS[card_id].name} back on top.", frozenset({mem.seat}), "private"
            )
            self.resume("distribute")
            return
        keep = next(c for c in mem.collected if c != card_id)
        self.to_hand(mem.seat, keep)
        if self.draw_n(mem.seat, mem.draws_left, mem.then):
            return
        self.resume(mem.then)

    def resume(self, where: Resume) -> None:
        """Carry on after a token use or a finished draw procedure."""
        if where == "main":
            self.phase = "main"
            self.settle_main()
        elif where == "distribute":
            self.phase = "distribute"
            self.settle_distribute()
        elif where == "chilblains":
            self.chilblains_step()
        else:
            self.phase = where

    # --- 1 frostbite removal --------------------------------------------------------------------
    def start_turn(self) -> None:
        self.cards_played = 0
        self.main_action = None
        self.pending_target = self.pending_greatest = self.pending_burn_one = 0
        self.fire_died_down = False
        self.display_only = True
        if self.turn > 1 and self.frostbite[self.active_seat]:
            if self.token_usable():
                self.phase = "frostbite_removal"
                return
            self.frostbite_removal()
        self.phase = "main"
        self.settle_main()

    def frostbite_removal(self) -> None:
        """CN-8."""
        heat = self.heat_total()
        held = self.frostbite[self.active_seat]
        gone = [f for f in held if FROST[f].frost == heat]
        for f in gone:
            held.remove(f)
            self.frostbite_discard.append(f)
            self.say(
                f"The fire's warmth (heat {heat}) heals {seat_ref(self.active_seat)}'s "
                f"{FROST[f].name}."
            )

    # --- 2 main -------------------------------------------------------------------------------
    def settle_main(self) -> None:
        """CN-11: feeding ends by itself; then the turn goes on to Clean Up."""
        if self.main_action != "feed":
            return
        ends = (
            len(self.pit) >= 4
            or (self.holds(self.active_seat, "stiff_fingers") and self.cards_played >= 1)
            or (
                not self.hands[self.active_seat]
                and not (self.solo and self.display)
                and not self.token_usable()
            )
        )
        if ends:
            self.fire_dies_down()

    def play(self, card_id: str, source: str) -> None:
        """CN-10."""
        if source == "display":
            self.display.remove(card_id)
        else:
            self.hands[self.active_seat].remove(card_id)
            self.display_only = False
        self.cards_played += 1
        self.main_action = "feed"
        if not self.quiet:
            self.tell(lines.played(self.active_seat, card_id, source))
        self.enter_pit(card_id, self.active_seat)
        self.settle_main()

    def scavenge_step(self) -> None:
        """CN-12."""
        self.main_action = "scavenge"
        memory = self.holds(self.active_seat, "memory_loss")
        pool = ScavengeDraft(_new_pool({"scavenger": self.active_seat, "pool": ()}))
        self.scavenge = pool
        self.tell(lines.scavenges(self.active_seat))
        got = self.collect(4 if memory else 3)
        pool.pool.extend(got)
        if not self.quiet:
            names = ", ".join(CARDS[c].name for c in got) or "nothing"
            self.say(f"You find {names}.", frozenset({self.active_seat}), "private")
        if memory and len(got) == 4:
            low = min(CARDS[c].ash for c in got)
            tied = tuple(c for c in got if CARDS[c].ash == low)
            if len(tied) > 1:
                self.memory = MemoryPending(
                    seat=self.active_seat, context="scavenge", options=tied, then="distribute"
                )
                self.phase = "memory_choice"
                return
            pool.pool.remove(tied[0])
            self.deck.insert(0, tied[0])
            self.say(
                f"Memory Loss: {CARDS[tied[0]].name} goes back on top.",
                frozenset({self.active_seat}),
                "private",
            )
            self.say(
                f"{seat_ref(self.active_seat)} puts a card back on top of the pile (Memory Loss)."
            )
        self.phase = "distribute"
        self.settle_distribute()

    def settle_distribute(self) -> None:
        """CN-13 (i) and (ii), then on to Clean Up once the pool is empty."""
        assert self.scavenge is not None
        scav = self.scavenge.scavenger
        pool = self.scavenge.pool
        while pool:
            eligible = self.eligible()
            if not eligible:
                for card in pool:
                    self.discard.append(card)
                    self.say(f"Nobody can take {CARDS[card].name}: it is discarded.")
                pool.clear()
                self.check_end()
                break
            if eligible != [scav]:
                return
            card = pool.pop(0)
            self.hands[scav].append(card)
            if not self.quiet:
                self.tell(lines.kept(scav, card))
        self.scavenge = None
        self.fire_dies_down()

    def give(self, card_id: str, to_seat: int) -> None:
        assert self.scavenge is not None
        scav = self.scavenge.scavenger
        self.scavenge.pool.remove(card_id)
        self.hands[to_seat].append(card_id)
        if not self.quiet:
            self.tell(
                lines.kept(scav, card_id) if to_seat == scav else lines.gave(scav, to_seat, card_id)
            )
        self.settle_distribute()

    # --- 3 the fire dies down -------------------------------------------------------------------
    def fire_dies_down(self) -> None:
        """CN-14, CN-25…27."""
        if self.pending_target >= 1:
            self.phase = "target_choice"
            return
        if self.pending_greatest >= 1:
            best = max(self.effective_heat(c) for c in self.pit)
            index = max(i for i, c in enumerate(self.pit) if self.effective_heat(c) == best)
        else:
            index = len(self.pit) - 1
        self.remove_from_pit(index, burns=True)
        self.after_first_removal()

    def target_remove(self, card_id: str) -> None:
        self.remove_from_pit(self.pit.index(card_id), self.active_seat, burns=True)
        self.after_first_removal()

    def after_first_removal(self) -> None:
        for _ in range(self.pending_burn_one):
            self.remove_from_pit(len(self.pit) - 1)
        self.fire_died_down = True
        if len(self.pit) < 3 and self.token_usable():
            self.phase = "frostbite_check"
            return
        self.check_for_frostbite()

    # --- 4 check for frostbite --------------------------------------------------------------------
    def check_for_frostbite(self) -> None:
        """CN-15."""
        if len(self.pit) < 3:
            if not self.frost_deck:
                self.end((), "frostbite")
            card = self.frost_deck.pop(0)
            self.frostbite[self.active_seat].append(card)
            self.tell(lines.frostbitten(len(self.pit), self.active_seat, card))
        self.draw_step()

    # --- 5 draw, 6 chilblains, 7 end of turn -----------------------------------------------------
    def draw_step(self) -> None:
        """CN-16."""
        seat = self.active_seat
        skip = (
            self.holds(seat, "advanced_frostbite")
            or not self.may_gain(seat)
            or (self.solo and self.cards_played >= 1 and self.display_only)
            or not self.deck
        )
        if not skip and self.draw_n(seat, 1, "chilblains"):
            return
        self.chilblains_step()

    def chilblains_step(self) -> None:
        """CN-36."""
        if self.holds(self.active_seat, "chilblains") and len(self.hands[self.active_seat]) > 3:
            self.phase = "chilblains"
            return
        self.end_turn()

    def chilblains_discard(self, card_id: str) -> None:
        self.hands[self.active_seat].remove(card_id)
        self.discard.append(card_id)
        self.say(f"Chilblains: {seat_ref(self.active_seat)} discards {CARDS[card_id].name}.")
        self.check_end()
        self.end_turn()

    def end_turn(self) -> None:
        self.turn_boost = 0
        self.active_seat = (self.active_seat + 1) % self.num_players
        self.turn += 1
        if not self.quiet:
            self.tell(lines.turn_begins(self.turn, self.active_seat))
        self.start_turn()

    # --- tokens -------------------------------------------------------------------------------
    def use_token(self, use: UseToken) -> None:
        """CN-28…35; then the same pause goes on with legality re-evaluated."""
        tok = use.token
        back: Resume = self.phase  # type: ignore[assignment]  # a token window phase
        who = seat_ref(use.seat)
        name = TOKENS[tok].name
        self.tokens[tok] = "attached" if tok == "alcohol" else "spent"
        if tok == "alcohol" and use.card_id is not None:
            self.alcohol_on = use.card_id
            self.say(f"{who} pours Alcohol on {CARDS[use.card_id].name} (+1 heat).")
        elif tok in FUEL_HEAT or (tok == "axe" and use.mode == "heat"):
            boost = FUEL_HEAT.get(tok, 1)
            self.turn_boost += boost
            self.say(f"{who} uses {name}: +{boost} heat this turn.")
        elif tok == "axe" or tok in KEY_DRAWS or (tok == "backpack" and self.solo):
            target = use.seat if use.target_seat is None else use.target_seat
            n = KEY_DRAWS.get(tok, 1)
            self.say(f"{who} uses {name}: {seat_ref(target)} draws {n}.")
            if self.draw_n(target, n, back):
                return
        elif tok == "backpack" and use.card_id is not None and use.to_seat is not None:
            self.hands[use.seat].remove(use.card_id)
            self.hands[use.to_seat].append(use.card_id)
            self.say(f"{who} gives a card to {seat_ref(use.to_seat)} (Backpack).")
            self.say(
                f"{who} gives {CARDS[use.card_id].name} to {seat_ref(use.to_seat)} (Backpack).",
                frozenset({use.seat, use.to_seat}),
                "private",
            )
        elif tok == "blanket" and use.frostbite_id is not None:
            owner = next(
                s for s in range(self.num_players) if use.frostbite_id in self.frostbite[s]
            )
            self.frostbite[owner].remove(use.frostbite_id)
            self.frostbite_discard.append(use.frostbite_id)
            self.say(
                f"{who} uses the Blanket: {seat_ref(owner)}'s "
                f"{FROST[use.frostbite_id].name} is discarded."
            )
        elif tok == "emergency_supplies":
            self.say(f"{who} uses Emergency Supplies: the top card goes into the fire.")
            got = self.collect(1)
            if got:
                self.say(f"{lines.card_text(got[0])} enters the pit.")
                self.enter_pit(got[0], use.seat)
        self.resume(back)
