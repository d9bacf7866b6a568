"""Worlds a search agent plays out (`BaseGame.determinize`): a whole Winter state consistent with
an observation.

WI-23: the only secret is the order of the deck, the same for both seats. Everything else is
rebuilt from the observation as it stands; the deck is the cards nobody has seen (neither on the
table nor drawn nor lifted), in an order drawn from `rng`. The observation's log lines are kept
as they read (the world's own observation then equals the one given).
"""

from __future__ import annotations

import random

from rules.winter.observation import WinterObservation
from rules.winter.state import PlacedCard, PlacedCounter, Result, WinterState

CARD_COUNT = 18


def unseen_cards(obs: WinterObservation) -> list[int]:
    """The card ids the observation does not show, in id order: the deck's cards (in the
    Freezing) or the discarded ones (in the Thawing), which a seat cannot tell apart."""
    seen = {c.card_id for c in obs.cards}
    for card in (obs.drawn_card, obs.lifted_card):
        if card is not None:
            seen.add(card.card_id)
    return [i for i in range(CARD_COUNT) if i not in seen]


def determinize(obs: WinterObservation, rng: random.Random) -> WinterState:
    """A state whose observation is `obs`, its deck dealt from the unseen cards by `rng`."""
    unseen = unseen_cards(obs)
    deck = rng.sample(unseen, obs.deck_count) if obs.deck_count else []
    result = None
    if obs.outcome is not None:
        o = obs.outcome
        result = Result(
            winners=tuple(o.winners), reason=o.reason, scores=(o.scores[0], o.scores[1])
        )
    return WinterState(
        first_player=obs.first_player,
        active=obs.to_act[0] if obs.to_act else 0,
        phase=obs.phase,
        deck=tuple(deck),
        cards=tuple(
            PlacedCard(card_id=c.card_id, row=c.row, col=c.col, orientation=c.orientation)
            for c in obs.cards
        ),
        colours=(obs.colours[0], obs.colours[1]),
        drawn_card=obs.drawn_card.card_id if obs.drawn_card else None,
        counters=tuple(PlacedCounter(row=k.row, col=k.col, colour=k.colour) for k in obs.counters),
        supply=(obs.supply[0], obs.supply[1]),
        discarded_cards=obs.discarded_cards,
        lifted_card=obs.lifted_card.card_id if obs.lifted_card else None,
        pending_move=obs.pending_move,
        lake_options=tuple((g.keep_row, g.keep_col) for g in obs.lake_options),
        counter_options=tuple((q.row, q.col) for q in obs.counter_options),
        thaw_turns=obs.thaw_turns,
        max_thaw_turns=obs.max_thaw_turns,
        result=result,
        log=tuple(obs.log),
    )
