"""The 10th Night (`tenth_night`): a cooperative survival game with standard playing cards.

Spec: the rules of The 10th Night (rulings TN-1…TN-40). Decisions where the spec is silent or
where the project's architecture overrides it:

- Randomness (TN-4): setup shuffles with the set-up rng; every reshuffle (TN-8) uses the rng the
  engine passes to that `apply` (`rng_for(seed, ply)`), not one long-lived instance — the design
  stores no PRNG state, and a game still replays exactly from (seed, options, actions).
- `num_players` is the lobby's seat count, not an option. Actions carry no `seat` field: the
  engine's log stores the acting seat beside each action.
- `end_day` (the day timer) is accepted by `apply` but never listed in `legal_actions`, so no
  player or AI can end everyone's day; through `Engine.act` a timer can instead submit `ready`
  for each seat that is not ready, which has exactly the same effect.
- `to_act` in the day is every seat with any legal action (a ready seat may still act, TN-10);
  `awaiting` (and the observation's extra `awaiting` field) is every seat not ready plus every seat
  an open offer is addressed to. The observation's `to_act` is the spec's: seats not ready.
- Offers: a proposal identical to an open offer is refused; an offer for a hand card may be made
  whatever the target holds (checking would reveal its hand); all offers lapse at dusk.
- Identity `reorder` (the current order) is not a legal move. `trio.card_ids` are in hand order;
  `defend.card_ids` strongest first (hand order among equals), which is their order on the stack.
  `divine_protection` carries `person_id` (the seat's one person) so its label can name it.
- Labels follow §11; an injured person in an `Arrange row:` label gets a `*`. Typed notation is
  listed in `text.py`; `trio 4C 4D 4S` keeps the first card named unless `keep X` is added.
- When an attack is nullified its step keeps the damage and defence it was about to compare.
"""

from __future__ import annotations

from rules.tenth_night.game import GAME, TenthNightGame

__all__ = ["GAME", "TenthNightGame"]
