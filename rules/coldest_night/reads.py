"""Rule values read straight from a table's fields (CN-5, CN-6, the scavenger), so the working
copy and the frozen state answer them alike.

`rules_pit.PitTable` takes these as its methods; labels, typed moves, the public view and whom a
token window waits for ask them of the frozen `ColdestNightState` itself, which has the same
fields, instead of thawing a working copy for each question.
"""

from __future__ import annotations

from rules.coldest_night.data import CARDS, FROST
from rules.coldest_night.state import ColdestNightState
from rules.draft import Draft

Seen = Draft[ColdestNightState] | ColdestNightState
"""A working copy (`rules_pit.PitTable`, a draft of the state) or the frozen state: both hold the
fields read here."""

HEAT: dict[str, int] = {card_id: card.heat for card_id, card in CARDS.items()}
FROST_KIND: dict[str, str] = {f: card.kind for f, card in FROST.items()}
"""Frostbite id → its kind (`holds` asks hundreds of times a game)."""


def effective_heat(t: Seen, card_id: str) -> int:
    """A pit card's heat, +1 with the Alcohol on it."""
    return HEAT[card_id] + (1 if card_id == t.alcohol_on else 0)


def heat_total(t: Seen) -> int:
    """CN-5: the pit's heat (each card once: the Alcohol's +1 counts if its card is there) and
    this turn's boost."""
    pit = t.pit
    return sum([HEAT[c] for c in pit]) + (t.alcohol_on in pit) + t.turn_boost


def holds(t: Seen, seat: int, kind: str) -> bool:
    held = t.frostbite[seat]
    if not held:  # most seats hold none
        return False
    return kind in [FROST_KIND[f] for f in held]


def may_gain(t: Seen, seat: int) -> bool:
    """CN-6: Loss of Circulation stops a seat with three cards in hand gaining one."""
    return not (
        t.frostbite[seat] and len(t.hands[seat]) >= 3 and holds(t, seat, "loss_of_circulation")
    )


def may_receive(t: Seen, seat: int) -> bool:
    """CN-6: a card from another player, or a draw a token makes: `may_gain`, and not while
    holding Paranoia."""
    if not t.frostbite[seat]:
        return True
    return may_gain(t, seat) and not holds(t, seat, "paranoia")


def scavenger(t: Seen) -> int | None:
    return t.scavenge.scavenger if t.scavenge is not None else None


def awaited(t: Seen) -> int | None:
    """The seat whose decision the game waits for (None once it is over)."""
    phase = t.phase
    if phase == "game_over":
        return None
    if phase == "memory_choice" and t.memory is not None:
        return t.memory.seat
    if phase == "distribute" and t.scavenge is not None:
        return t.scavenge.scavenger
    return t.active_seat


def playable(t: Seen) -> list[tuple[str, str]]:
    """The (card, source) pairs the active seat may play now, in hand then display order:
    `Table.play_problem`'s checks (CN-9), made once for the whole hand."""
    if t.phase != "main" or t.main_action == "scavenge" or len(t.pit) >= 4:
        return []
    seat = t.active_seat
    if t.cards_played >= 1 and holds(t, seat, "stiff_fingers"):
        return []
    heat = heat_total(t)
    odd_only = holds(t, seat, "violent_shivering")
    found = [
        (c, "hand")
        for c in t.hands[seat]
        if CARDS[c].ash <= heat and not (odd_only and CARDS[c].heat % 2 == 0)
    ]
    if t.variant == "solo":
        found += [
            (c, "display")
            for c in t.display
            if CARDS[c].ash <= heat and not (odd_only and CARDS[c].heat % 2 == 0)
        ]
    return found


def eligible(t: Seen) -> list[int]:
    """CN-13: seats a scavenged card may go to (`may_gain` for the scavenger, `may_receive`
    for the others, read straight from the frostbite each seat holds)."""
    frostbite = t.frostbite
    if not any(frostbite):  # nobody holds frostbite: everyone may take a card
        return list(range(t.num_players))
    scav = t.scavenge.scavenger if t.scavenge is not None else t.active_seat
    hands = t.hands
    found = []
    for s, held in enumerate(frostbite):
        if held:
            kinds = [FROST_KIND[f] for f in held]
            if "loss_of_circulation" in kinds and len(hands[s]) >= 3:
                continue
            if s != scav and "paranoia" in kinds:
                continue
        found.append(s)
    return found


def draw_targets(t: Seen) -> list[int]:
    """Seats a token's draw may go to: `may_receive`, while the pile has cards."""
    if not t.deck:
        return []
    return [s for s in range(t.num_players) if may_receive(t, s)]
