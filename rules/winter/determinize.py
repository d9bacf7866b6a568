"""Worlds a search agent plays out (`BaseGame.determinize`): a whole Winter state consistent with
an observation.

WI-23: the only secret is the order of the deck, the same for both seats. Everything else is
rebuilt from the observation as it stands; the deck is the cards nobody has seen (neither on the
table nor drawn nor lifted), in an order drawn from `rng`. The observation's log lines are kept
as they read (the world's own observation then equals the one given).
"""

from __future__ import annotations

import random

from rules.winter.observation import WinterObservation, state_from, unseen_cards
from rules.winter.state import WinterState


def determinize(obs: WinterObservation, rng: random.Random) -> WinterState:
    """A state whose observation is `obs`, its deck dealt from the unseen cards by `rng`."""
    unseen = unseen_cards(obs)
    deck = rng.sample(unseen, obs.deck_count) if obs.deck_count else []
    return state_from(obs, deck, with_log=True)
